"""The bounded search applied to what the situations left open: each pack statement that
never fired is searched for (fires, or "cannot fire within the bounds", or "not reached"), and
each constraint and each choice that must choose is searched for a board where it leaves the
game with no outcome. A board the search finds is solved by the engine before anything is
reported: the engine's answer, not the search's, is the finding."""
from __future__ import annotations

import time
from dataclasses import dataclass

from ...core.base.errors import ImpossibleSituation, RulekeeperError, ScenarioError
from .checks import statement_words
from .isolate import forks, run_targets
from .search import Result, Search, Target
from .space import Bounds, Space, build_space


@dataclass
class Outcome:
    """What the search concluded about one statement."""

    index: int
    status: str            # none (exhausted) / gave_up / found (but the engine disagreed)
    seconds: float = 0.0
    bounds: str = ""
    kind: str = "fires"    # the target: fires / forbids / nothing_to_choose


def levels(bounds: Bounds) -> list[Bounds]:
    """Iterative deepening: one object and one action first (most statements fire on the
    smallest boards, which the solver finds in a second), then the full bounds, grounded only
    when the first level left a target open. Only the last level's exhausted search proves a
    statement dead. (A middle level, all the objects with one action, cost Almos 22 s of CPU
    to ground and 40 s to search, and settled 2 of its 35 open targets: the full bounds find
    those too.)"""
    out: list[Bounds] = []
    for b in (Bounds(1, min(1, bounds.actions), bounds.turn_boundary), bounds):
        if b not in out:
            out.append(b)
    return out


def prove(checker, bounds: Bounds, per_target: float, budget_end: float,
          workers: int | None = None) -> dict[tuple, Outcome]:
    """Search every open target of the checker's pack, level by level (`levels`); the
    statements that fire on a found board join `checker.fired`, conflicts found are reported by
    the checker. Returns, per target still open, why (a statement never fired; a constraint or
    a choice not shown to leave the game without an outcome)."""
    packs = checker.base + [checker.pack.name if checker.pack.bundled else str(checker.pack.root)]
    done: set[tuple[str, int]] = set()
    outcomes: dict[tuple, Outcome] = {}
    steps = levels(bounds)
    ground = 0.0            # the last level's grounding: the next is not started without 3 times it
    left_open = True
    for depth, level in enumerate(steps):
        last = depth == len(steps) - 1
        if budget_end - time.monotonic() <= max(1.0, 3 * ground):
            break
        if not left_open:
            break           # nothing left for the full bounds: they are not even grounded
        began = time.monotonic()
        space = build_space(checker.voc, level, packs)
        search = Search(checker.full, checker.pack.name, space, checker.engine_library())
        search.deadline = budget_end
        ground = time.monotonic() - began
        share = per_target if last else per_target / 4

        def items(among: list[Target] | None = None, search: Search = search, share: float = share):
            for target in _ordered(search.targets if among is None else among):
                if not _open(target, done, checker):     # settled by a result given back since
                    continue
                left = budget_end - time.monotonic()
                if left <= 1:
                    return
                yield target, min(share * (2 if target.kind != "fires" else 1), left)

        def take(target: Target, res: Result, space: Space = space, last: bool = last,
                 level: Bounds = level) -> None:
            key = target.key
            if res.status == "found":
                if _confirm(checker, space, target, res):
                    done.add(key)
            elif res.status == "none" and target.kind != "fires" and last:
                done.add(key)          # no board of the bounds breaks it: nothing to report
            if last or res.status != "none":
                outcomes[key] = Outcome(target.info.index, res.status, res.seconds,
                                        level.words(), target.kind)

        # a target's box is CPU time, and none runs past the run's end (search.py)
        stale: list[Target] = []
        for target, res in run_targets(search, items(), workers):
            take(target, res)
            if res.status == "gave_up" and not res.fresh:
                stale.append(target)
        # one more try on a fresh solver (a child per target, forked from a process whose
        # solver has searched nothing) for what gave up on a solver that had searched others:
        # what is left "not reached" is what a fresh solver does not reach (isolate.py)
        if stale and forks():
            for target, res in run_targets(search, items(stale), workers, fresh=True,
                                           longest=budget_end - time.monotonic()):
                take(target, res)
        left_open = any(_open(t, done, checker) for t in search.targets)
        del search, items, take
        release_memory()
    return {k: o for k, o in outcomes.items()
            if k not in done and not (o.kind == "fires" and o.index in checker.fired)}


def release_memory() -> None:
    """Free a level's ground program now and give the heap back to the system: glibc keeps
    the freed blocks of clasp's many small allocations in its arenas, so the process stayed at
    the 3 GB of the full bounds, and every solving child forked from it afterwards (the
    interpretations, each an engine solve) copied that much page table and more: 32 s of
    system time on Almos (docs/performance.md)."""
    import ctypes
    import gc
    gc.collect()
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):    # not glibc: nothing to give back this way
        pass


def _open(target: Target, done: set, checker) -> bool:
    """Whether the target is still to settle: not found, (fires) its statement never fired, and
    (a constraint, a choice) no conflict of its own is reported yet (`_shown`: it is then
    settled, `done`)."""
    if target.key in done or (target.kind == "fires" and target.info.index in checker.fired):
        return False
    if _shown(target, checker):
        done.add(target.key)
        return False
    return True


def _shown(target: Target, checker) -> bool:
    """A constraint or a choice that a reported conflict already has as its only pack statement
    (a situation's board, or an earlier level's): another board would report the same rules,
    which the report keeps once (checks.py), so it is not searched again (clockwork's 3101.2
    needs two objects: the situations show it, and the full bounds searched it once more)."""
    if target.kind not in ("forbids", "nothing_to_choose"):
        return False
    mine = [statement_words(target.info)]
    return any(f.details.get("statements") == mine for f in checker.report.conflicts)


def _ordered(targets: list[Target]) -> list[Target]:
    """Conflicts first (what the designer must fix), then the statements to reach."""
    rank = {"forbids": 0, "nothing_to_choose": 1, "two_at_once": 1, "fires": 2}
    return sorted(targets, key=lambda t: (rank[t.kind], t.info.index))


def _confirm(checker, space: Space, target: Target, res: Result) -> bool:
    """Solve the found board with the engine: the statements that fire there are reached, and
    a board the pack leaves without an outcome is a conflict (checker._conflict checks the CR
    alone has one)."""
    n = checker.report.situations + 1
    data = space.scenario(res.board, checker._rules_entry(), f"situation {n} (search)")
    try:
        scen = checker._scenario(data, f"situation-{n}")
    except ScenarioError:
        checker.report.skipped += 1
        return False
    checker.report.situations += 1
    try:
        answer = checker.engine.answer(scen, explain=True, timeout=checker.s.solve_timeout)
    except ImpossibleSituation as err:
        before = len(checker.report.conflicts)
        checker._conflict(data, scen, err)
        return target.kind != "fires" and len(checker.report.conflicts) >= before
    except RulekeeperError:
        checker.report.skipped += 1
        return False
    checker.take(data, answer)
    if target.kind == "two_at_once":      # the engine's answer (a gap, or none) is the finding
        return True
    return target.kind == "fires" and target.info.index in checker.fired
