"""The time layout of a solve (any game): the described state, check steps, each action's
event slots, and the names every time point keeps in every layout."""
from __future__ import annotations

from dataclasses import dataclass, field

from clingo import Symbol

from ..base.record import Record
from ..base.terms import atom

__all__ = ["Timeline", "timeline"]


@dataclass(init=False, repr=False, eq=False)
class Timeline(Record):
    """Which time point does what.

    `walk_checks` (the lean layout, solve.py): the check steps after each slot of an action
    but its last (the steps an `advance` walks through), where the game is expected to be at
    rest after fewer check steps than `checks`. The slot after such check steps is then a
    `rest_point/1`, where the rules raise `unsettled` if the game is not at rest (the bridge
    then solves the full layout). Every time point keeps the name it has in the full layout
    (`time_name/2`, and the action starts of `segment/2`), so the names of stack items, which
    carry a time point, are the same in both layouts."""

    checks: int
    event_times: list[int] = field(default_factory=list)     # first slot of each action
    slot_times: list[list[int]] = field(default_factory=list)  # every slot of each action
    final: int = 0
    exact_trigger_names: bool = False
    walk_checks: int | None = None
    tight_passes: bool = False      # the tight plan of passes (games/mtg/slots.py, solve.py)
    rest_points: list[int] = field(default_factory=list)
    names: list[int] = field(default_factory=list)          # each time point's full-layout number

    @classmethod
    def layout(cls, n_actions: int, checks: int, slots: list[int] | None = None,
               exact_trigger_names: bool = False, walk_checks: int | None = None,
               tight_passes: bool = False) -> "Timeline":
        line = cls(checks, exact_trigger_names=exact_trigger_names, walk_checks=walk_checks,
                   tight_passes=tight_passes)
        line.names = list(range(checks))
        t, full = checks, checks          # this layout's time point, and the full layout's
        for i in range(n_actions):
            n = slots[i] if slots else 1
            line.event_times.append(t)
            times, gap_before = [], checks
            for k in range(n):
                gap = checks if walk_checks is None or k == n - 1 else walk_checks
                if k and gap_before < checks:
                    line.rest_points.append(t)
                times.append(t)
                line.names += [full + j for j in range(1 + gap)]
                t, full, gap_before = t + 1 + gap, full + 1 + checks, gap
            line.slot_times.append(times)
        line.final = t
        line.names.append(full)
        return line

    def facts(self) -> list[Symbol]:
        out = [atom("time", t) for t in range(self.final + 1)]
        out += [atom("step", t) for t in range(self.final)]
        events = {t for slots in self.slot_times for t in slots}
        out += [atom("check", t) for t in range(self.final) if t not in events]
        out += [atom("settle_point", t) for t in self.event_times + [self.final]]
        out += [atom("rest_point", t) for t in self.rest_points]
        out += [atom("action_start", t) for t in self.event_times]
        out += [atom("final", self.final)]
        out += [atom("time_name", t, n) for t, n in enumerate(self.names)]
        if self.exact_trigger_names:
            out.append(atom("exact_trigger_names"))
        return out + [atom("segment", t, s) for t, s in self.segments()]

    def segments(self) -> list[tuple[int, int]]:
        """Each time point with the first time point of the action it belongs to (0 before the
        first action), by its full-layout name: a triggered ability is named by it
        (603-triggered-abilities.lp). With exact trigger names each time point is its own
        segment."""
        starts = [0] + self.event_times
        out, k = [], 0
        for t in range(self.final + 1):
            while k + 1 < len(starts) and starts[k + 1] <= t:
                k += 1
            out.append((t, t if self.exact_trigger_names else self.names[starts[k]]))
        return out


def timeline(n_actions: int, checks: int, slots: list[int] | None = None,
             exact_names: bool = False):
    """The core's time layout for `n_actions` actions (one event slot each unless `slots`
    says more): `.event_times`, `.slot_times`, `.final`, and `.facts()` (time/1, step/1,
    check/1, settle_point/1, action_start/1, final/1, segment/2, time_name/2)."""
    return Timeline.layout(n_actions, checks, slots, exact_trigger_names=exact_names)
