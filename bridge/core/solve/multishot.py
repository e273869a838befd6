"""Solving a scenario action by action (issue 11): each action's segment of time points is
ground and solved on its own, from every distinct state the previous segment can end in.

The whole-program solve grounds every time point at once; here segment k holds only the time
points of action k (from the settle point before it to the next one), the scenario's static
facts, and what carry.py says crosses a settle point: fluents (and the other forward
predicates) at the settle point, history predicates before it (stack keys, timestamps, trigger
orders) and the timeless atoms the run made (happened/1, outcome/1, chose/1, ...). Time points
keep their whole-program numbers, so trigger names and stack keys are the same. A segment is
solved once per distinct carried state (models projected on the carried atoms); equal states
from different branches are merged. The last segment's models are the answer.

Used by solve.py where `applies` says so: RULEKEEPER_MULTISHOT=1 forces it on (where sound),
=0 off; by default on for long timelines only when LONG_TIMELINE is set (it is not: since the
step plan by turn offset no measured timeline gains; docs/performance.md, "Action by action
(issue 11, session 5)" and "Explaining after a plain solve (session 6)").
"""
from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import clingo
from clingo import Function, Number, Symbol

from ..base.errors import SolverTimeout
from ..registry import GameScenario as Scenario
from ..registry import game_of
from ..rules import relevance
from ..rules.program import rules_text
from ..rules.rulebase import RuleBase
from ..source.atoms import parse_atom
from .carry import TIME_FACTS, CarryPlan, carry_plan
from .witness import PROJECT, Witnesses

ENV = "RULEKEEPER_MULTISHOT"
_STEP_FACTS = {"step", "check", "event", "event_arg", "action_index", "slot_plan", "slot_player",
               "slot_turn", "action_start"}
_FLAGS = ("unsettled", "trigger_name_clash")
Models = list[list[Symbol]]
# a segment's grounding has a fixed cost (every rule of the base is visited, the scenario's
# static part is ground again) that a few time points do not repay: measured in
# docs/performance.md, "Action by action"
MIN_POINTS = 100
# distinct states at one settle point beyond which branching costs more than it saves (states
# are finer than outcomes: two runs to one outcome may differ in history); then the whole
# program is solved instead
MAX_STATES = 64
# actions x time points from which the default is action by action (None: only when asked).
# The whole program's faster-than-linear part grows with both (an action's slots plan for every
# state the game may be in). Before the step plan by turn offset (bridge/games/mtg/slots.py) 4 turns with
# a trigger each (24 actions x 508 points) gained; since it, the whole program is cheaper and no
# measured timeline gains (8 such turns, 24 x 580: test 4.9 s whole, 6.0 s action by action;
# 8 empty turns: ask 3.3 s whole, 3.8 s): docs/performance.md, "Explaining after a plain solve"
# and the session 6 table at its top
LONG_TIMELINE: int | None = None


def enabled() -> bool:
    """Whether action-by-action solving may be used in this process: when asked for
    (RULEKEEPER_MULTISHOT=1), or by default when LONG_TIMELINE is set; never with =0. (Callers
    prepare the carry plan only then: it is read from the rule cache for nothing otherwise.)"""
    forced = os.environ.get(ENV, "")
    return forced == "1" or (forced != "0" and LONG_TIMELINE is not None)


def applies(scen: Scenario, rules: RuleBase, explain: bool, layout: Any = None) -> bool:
    """Whether to solve `scen` action by action: an mtg scenario of two or more actions, no
    explanations asked (`ask` explains after the solve, explain_focus.py), a rule base whose
    carried state is fixed by its past (carry.CarryPlan.sound), and either asked for
    (RULEKEEPER_MULTISHOT=1) or, when LONG_TIMELINE is set, a long timeline: actions x time
    points of `layout` at least LONG_TIMELINE."""
    forced = os.environ.get(ENV, "")
    if forced == "0" or explain or len(scen.actions) < 2 or game_of(scen).name != "mtg":
        return False
    if forced != "1" and (LONG_TIMELINE is None or layout is None or
                          len(scen.actions) * _points(scen, layout) < LONG_TIMELINE):
        return False
    return carry_plan(rules).sound


def _points(scen: Scenario, layout: Any) -> int:
    return sum(1 for f in game_of(scen).facts(scen, layout) if f.match("time", 1))


@dataclass
class _Run:
    """What every segment of one solve shares."""

    scen: Scenario
    rules: RuleBase
    plan: CarryPlan
    remaining: Callable[[], float]      # seconds left (raises SolverTimeout when none)
    timeout: float
    shows: str
    max_models: int
    flags: set[str] = field(default_factory=set)
    stats: list[int] | None = None
    atoms: dict[int, list[Symbol]] | None = None        # see solve_once
    outcome_key: Callable[[list[Symbol]], Any] | None = None
    # per carried state, the atoms of the runs that led to it (one witness model per segment)
    chains: dict[frozenset, tuple] = field(default_factory=lambda: {frozenset(): ()})


def solve_once(scen: Scenario, rules: RuleBase, layout, remaining: Callable[[], float],
               timeout: float, max_models: int, shows: str, whole: Callable[[], Any],
               stats: list[int] | None = None, atoms: dict[int, list[Symbol]] | None = None,
               outcome_key: Callable[[list[Symbol]], Any] | None = None) -> Any:
    """Like solve._solve_once: the shown symbols of every final model and the flags raised in
    any segment, or None when no run gets to the end. Where the branches would outgrow
    MAX_STATES distinct states at a settle point, `whole()` (the single solve) answers instead.
    `stats` (for the benches) gets the ground rules of each segment solved. With `atoms` (a
    dict), the first final model of each distinct `outcome_key` also gets, by its number, every
    atom of its run: its own and those of the first model of each earlier segment that led to
    its state (explain_focus explains them as one model of the whole program)."""
    run = _Run(scen, rules, carry_plan(rules), remaining, timeout, shows, max_models,
               stats=stats, atoms=atoms, outcome_key=outcome_key)
    facts = game_of(scen).facts(scen, layout)
    bounds = segment_bounds(facts, min_points())
    sorted_facts = _Facts(facts)
    states: list[frozenset[Symbol]] = [frozenset()]
    for k in range(len(bounds) - 2):
        window = sorted_facts.window(bounds[k], bounds[k + 1], first=k == 0, last=False)
        found: dict[frozenset[Symbol], None] = {}     # distinct end states, in order
        for state in states:
            found.update(dict.fromkeys(_solve_segment(run, window, state, bounds[k + 1], False)))
        if not found:
            return None
        if len(found) > MAX_STATES:
            return whole()
        states = list(found)
    window = sorted_facts.window(bounds[-2], bounds[-1], first=len(bounds) == 2, last=True)
    finals: Models = []
    for state in states:
        finals += _solve_segment(run, window, state, bounds[-1], True, finals)
    return (finals, run.flags) if finals else None


def segment_bounds(facts: list[Symbol], min_points: int) -> list[int]:
    """The first time point of each segment, then the final one: a segment ends at the first
    settle point (an action's start) at least `min_points` time points after its start, so
    each grounding's fixed cost is paid for a good stretch of time points."""
    starts = sorted(f.arguments[0].number for f in facts if f.name == "action_start")
    final = next(f.arguments[0].number for f in facts if f.name == "final")
    bounds = [0]
    for t in starts[1:]:
        if t - bounds[-1] >= min_points and final - t >= min_points // 2:
            bounds.append(t)
    return bounds + [final]


def min_points() -> int:
    """Time points a segment spans at least (RULEKEEPER_MULTISHOT_POINTS; see MIN_POINTS)."""
    value = os.environ.get(ENV + "_POINTS", "")
    return int(value) if value.isdigit() else MIN_POINTS


class _Facts:
    """A scenario's facts sorted once: static ones, the initial state, and time facts with
    their name and time point (read from clingo once, not once per segment)."""

    def __init__(self, facts: list[Symbol]):
        self.static: list[Symbol] = []
        self.init: list[Symbol] = []
        self.timed: list[tuple[Symbol, str, int]] = []
        for f in facts:
            name = f.name
            if name == "init":
                self.init.append(f)
            elif (name, len(f.arguments)) in TIME_FACTS:
                self.timed.append((f, name, f.arguments[0].number))
            else:
                self.static.append(f)

    def window(self, lo: int, hi: int, first: bool, last: bool) -> list[Symbol]:
        """The facts of the segment from `lo` to `hi`: static facts, the initial state in the
        first segment only, and the time facts of its own time points."""
        out = self.static + (self.init if first else [])
        for f, name, t in self.timed:
            if name == "final":
                keep = last
            elif name in _STEP_FACTS:
                keep = lo <= t < hi
            else:
                keep = lo <= t <= hi
            if keep:
                out.append(f)
        return out


def _keep_run(run: _Run, shown: list[Symbol], index: int) -> bool:
    """Whether a final model is the first of its outcome (its run's atoms are kept)."""
    if run.atoms is None or index >= run.max_models:
        return False
    key = run.outcome_key(shown)
    seen = vars(run).setdefault("_outcomes", set())
    if key in seen:
        return False
    seen.add(key)
    return True


def _solve_segment(run: _Run, window: list[Symbol], state: frozenset[Symbol], hi: int,
                   last: bool, finals: list | tuple = ()) -> list:
    """The last segment: the shown symbols of each model (`finals`: those of the states solved
    before); another: the distinct carried states its models end in at `hi`."""
    facts = list(window) + list(state)
    if not last:
        facts.append(Function("rk_segment_end", [Number(hi)]))
    chosen = [parse_atom(text, ValueError) for text in run.scen.choose]
    facts += [Function("choice_given", [term]) for term in chosen]
    ctl = clingo.Control(["--models=0", "--project=auto"], logger=_quiet, message_limit=1_000_000)
    # only the rules that can fire on this segment's facts (relevance.py), as a whole solve does
    ctl.add("base", [], rules_text(run.rules, live=relevance.live_rules(run.rules, facts)))
    ctl.add("base", [], run.shows)
    if not last:
        ctl.add("base", [], _projection(run.plan))
    with ctl.backend() as backend:
        for fact in facts:
            backend.add_rule([backend.add_atom(fact)])
        if last:
            for term in chosen:
                backend.add_rule([], [-backend.add_atom(Function("chose", [term]))])
    t0 = time.perf_counter()
    ctl.ground([("base", [])])
    t1 = time.perf_counter()
    out: list = []

    chain = run.chains.get(state, ()) if run.atoms is not None else ()

    kept: dict[int, list[Symbol]] = {}     # the last segment's atoms of each model kept
    witnesses = Witnesses(ctl, PROJECT) if last else None

    def on_model(model: clingo.Model) -> bool:
        run.flags.update(f for f in _FLAGS if model.contains(Function(f)))
        if last:
            shown = model.symbols(shown=True)
            if _keep_run(run, shown, len(finals) + len(out)):
                kept[len(out)] = model.symbols(atoms=True)
            witnesses.note(len(out), model)
            out.append(shown)
            return len(out) <= run.max_models
        end = frozenset(_carried(model.symbols(shown=True), run.plan, hi))
        if run.atoms is not None and end not in run.chains:
            run.chains[end] = chain + (model.symbols(atoms=True),)
        out.append(end)
        return True

    with ctl.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(run.remaining()):
            handle.cancel()
            raise SolverTimeout(run.scen.file, run.timeout)
        handle.get()
    size = int(ctl.statistics["problem"]["lpStep"]["rules"])
    if last:        # the least witness of each outcome of this segment, as a whole solve shows
        out = witnesses.canonical(ctl, out, run.remaining, kept)
        for index, atoms in kept.items():
            run.atoms[len(finals) + index] = list(dict.fromkeys(
                a for part in chain + (atoms,) for a in part))
    if run.stats is not None:
        run.stats.append(size)
    if os.environ.get(ENV + "_DEBUG"):
        print(f"multishot: segment to {hi}: {len(state)} carried atoms in, {len(out)} models, "
              f"{size} ground rules, ground {t1 - t0:.2f}s solve {time.perf_counter() - t1:.2f}s",
              file=sys.stderr)
    return out


def _carried(shown: list[Symbol], plan: CarryPlan, hi: int) -> list[Symbol]:
    """The atoms of a model that cross the settle point `hi` (carry.py), from its shown atoms:
    rk_carried(F(Args)) is the forward atom F(hi,Args); history and timeless atoms as such."""
    out = []
    for a in shown:
        name, args = a.name, a.arguments
        if name == "rk_carried":
            inner = args[0]
            out.append(Function(inner.name, [Number(hi)] + list(inner.arguments)))
        elif (name, len(args)) in plan.timeless:
            out.append(a)
        elif (name, len(args)) in plan.history and args[0].type == clingo.SymbolType.Number \
                and args[0].number < hi:
            out.append(a)
    return out


def _projection(plan: CarryPlan) -> str:
    """Project a segment's models on what it carries, and show it: forward predicates at its
    end (rk_segment_end), history predicates and timeless ones whole. Predicate names come
    from the rule files, never from a scenario."""
    lines = []
    for name, arity in sorted(plan.forward):
        args = ",".join(f"X{i}" for i in range(1, arity))
        term, atom = (f"{name}({args})", f"{name}(S,{args})") if args else (name, f"{name}(S)")
        lines.append(f"rk_carried({term}) :- {atom}, rk_segment_end(S).")
    lines.append("#project rk_carried/1. #show rk_carried/1.")
    for name, arity in sorted(plan.history | plan.timeless):
        lines.append(f"#project {name}/{arity}. #show {name}/{arity}.")
    return "\n".join(lines)


def _quiet(code: clingo.MessageCode, message: str) -> None:
    return None
