"""Running clingo on a scenario: facts in through the backend, every outcome out."""
from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Any

import clingo
from clingo import Function, Number, Symbol

from ..base.errors import ImpossibleSituation, SolverTimeout
from ..registry import GameScenario as Scenario
from ..registry import game_of
from ..rules import relevance
from ..rules.program import ALLOW, VIOLATED, WHY, rules_text, why_texts
from ..rules.rulebase import RuleBase
from ..source.atoms import parse_atom
from .answer import FIRST_CHECKS, Answer, ModelSupport  # noqa: F401 (ModelSupport: re-exported)
# re-exported: callers read these from solve (the layout and the model reading are their own
# modules: layout.py, collect.py)
from .collect import collect, outcome_key, stack_orders, stack_positions  # noqa: F401
from .layout import (  # noqa: F401
    WALK_CHECKS,
    _Layout,
    lean_walk_checks,
    multishot_enabled,
    tight_passes,
)
from .witness import PROJECT, Witnesses

if TYPE_CHECKING:
    from clingo import ast

DEFAULT_TIMEOUT = 20.0
MAX_MODELS = 2000
MAX_CHECKS = 48
_FLAGS = ("unsettled", "trigger_name_clash", "plan_short")   # shown atoms: another layout
# objects x time points from which explaining after a plain solve pays (focus_pays)
FOCUS_MIN_SIZE = 500

def solve(scen: Scenario, rules: RuleBase, *, explain: bool = False,
          timeout: float = DEFAULT_TIMEOUT, max_models: int = MAX_MODELS,
          focus: bool = False, needed: bool = False) -> Answer:
    """All outcomes of a scenario; raises ImpossibleSituation or SolverTimeout. With `explain`
    and `focus`, each outcome's supports hold only what derivations of its outcome atoms reach
    (all `ask` reads): solved without the explanation rules, then explained outcome by outcome
    (explain_focus.py). With `needed` (for a caller that reads only the shown atoms and the
    supports of derivations of outcome atoms: `ask`, `test`, `check`), the rules whose atoms
    nothing reads are left out too (relevance.needed_rules); the answer is the same."""
    start = time.monotonic()
    tight = tight_passes(scen)
    full = _Layout(FIRST_CHECKS, exact_names=False, needed=needed, tight_passes=tight)
    lean = lean_walk_checks(scen) if needed else None
    line = full._replace(walk_checks=lean)
    focused = explain and focus and focus_pays(scen, full)
    while True:
        atoms: dict[int, list[Symbol]] | None = {} if focused else None
        answer = _solve_once(scen, rules, line, explain and not focused, start, timeout,
                             max_models, atoms)
        if line.tight_passes and (answer is None or "plan_short" in answer[1]):
            full = full._replace(tight_passes=False)    # a pass went further than the plan
            line = line._replace(tight_passes=False)
            continue
        if line.walk_checks is not None and (answer is None or answer[1]):
            line = full     # the lean layout's answer is taken only where it settles everywhere
            continue
        if answer is None and not line.exact_names:     # shared names must not hide an answer
            line = line._replace(exact_names=True)
            atoms = {} if focused else None
            answer = _solve_once(scen, rules, line, explain and not focused, start, timeout,
                                 max_models, atoms)
        if answer is None:
            raise ImpossibleSituation(scen.file, diagnose(scen, rules, line, start, timeout))
        models, flags = answer
        if "trigger_name_clash" in flags and not line.exact_names:
            line = line._replace(exact_names=True)
        elif "unsettled" in flags and line.checks < MAX_CHECKS:
            line = line._replace(checks=line.checks * 2)
        else:
            break
    explained = _explain_kept(scen, rules, line, atoms, start, timeout) if atoms else {}
    result = collect(models, max_models, explained)
    result.symmetric = _symmetric(scenario_facts(scen, line), result.choices)
    result.checks = line.checks
    result.exact_trigger_names = line.exact_names
    result.walk_checks = line.walk_checks
    result.tight_passes = line.tight_passes
    result.unsettled = "unsettled" in flags
    result.seconds = time.monotonic() - start
    return result


def _symmetric(facts: list[Symbol], choices: list[frozenset[Symbol]]) -> tuple:
    """The answer's classes of names a permutation changes nothing but: interchangeable objects
    (interchangeable/2 facts) and identical triggers in the canonical order (any_order choices)."""
    from .symmetry import merged, trigger_classes
    objects = [(f.arguments[0], f.arguments[1]) for f in facts if f.match("interchangeable", 2)]
    triggers = trigger_classes(choices)
    return merged(objects + triggers) if objects or triggers else ()


def focus_pays(scen: Scenario, layout: "_Layout") -> bool:
    """Whether to explain after a plain solve (explain_focus.py) rather than solve with the
    explanation rules: it pays where objects x time points are many (the explanation rules
    double the grounding of every per-object, per-time-point rule, and the model carries an
    `rk_why` atom for each), not on a small scenario, where its fixed cost (a second control
    and program) is more than it saves (docs/performance.md, "Explaining after a plain
    solve"). RULEKEEPER_EXPLAIN_FOCUS=1 always, =0 never."""
    forced = os.environ.get("RULEKEEPER_EXPLAIN_FOCUS", "")
    if forced in ("0", "1"):
        return forced == "1"
    points = sum(1 for f in scenario_facts(scen, layout) if f.match("time", 1))
    return points * max(1, len(getattr(scen, "objects", ()))) >= FOCUS_MIN_SIZE


def _explain_kept(scen: Scenario, rules: RuleBase, layout: "_Layout",
                  atoms: dict[int, list[Symbol]], start: float,
                  timeout: float) -> dict[int, Any]:
    """The supports of the needed atoms of each kept model (the first of its outcome), by
    model number (explain_focus.FocusSupport)."""
    from . import explain_focus
    program = explain_focus.program_text(rules, _live(scen, rules, layout))
    in_child = vars(rules).get("_prepared_in", os.getpid()) != os.getpid()
    keep = vars(rules).setdefault("_spent_explaining", []) if in_child else None
    explained = {}
    for index, model_atoms in atoms.items():
        _remaining(start, timeout, scen)
        explained[index] = explain_focus.explain_model(program, model_atoms, _quiet, keep)
    return explained


def _control(rules: RuleBase, extra: list[ast.AST], explain: bool = False,
             live: set[int] | None = None) -> clingo.Control:
    """The rules (as text: program.rules_text, no syntax trees needed; with `live`, only the
    rules that can fire, relevance.py) and `extra` statements."""
    ctl = clingo.Control(["--models=0", "--project=auto"], logger=_quiet, message_limit=1_000_000)
    ctl.add("base", [], rules_text(rules, explain, live))
    if extra:
        from clingo import ast
        with ast.ProgramBuilder(ctl) as builder:
            for stm in extra:
                builder.add(stm)
    return ctl


def grounded_control(scen: Scenario, rules: RuleBase, checks: int = FIRST_CHECKS, *,
                     explain: bool = False, exact_names: bool = False,
                     needed: bool = False, walk_checks: int | None = None,
                     tight_passes: bool = False) -> clingo.Control:
    """The control `solve` would solve first, grounded (for the benches and diagnosis);
    `walk_checks`, `tight_passes`: in the lean layout, the tight plan (an answer's)."""
    return _grounded(scen, rules, _Layout(checks, exact_names, needed, walk_checks,
                                          tight_passes), explain)


def _grounded(scen: Scenario, rules: RuleBase, layout: _Layout, explain: bool) -> clingo.Control:
    vars(rules).pop("_spent", None)         # a previous solve's control (_keep_until_exit)
    vars(rules).pop("_spent_explaining", None)
    live = _live(scen, rules, layout)
    ctl = _control(rules, [], explain, live)
    facts = scenario_facts(scen, layout)
    ctl.add("base", [], shows(explain))
    _add_facts(ctl, scen, facts, relax_choices=False)
    ctl.ground([("base", [])])
    return ctl


def _live(scen: Scenario, rules: RuleBase, layout: _Layout) -> set[int] | None:
    """relevance.live_rules of the scenario's facts (with layout.needed, only those of
    relevance.needed_rules), kept for the last layout asked (the explanations after a plain
    solve ask again)."""
    key = (layout, relevance.pruning_on())
    memo = vars(rules).get("_live")
    if memo is not None and memo[0] is scen and memo[1] == key:
        return memo[2]
    facts = scenario_facts(scen, layout)
    live = relevance.live_rules(rules, facts)
    if layout.needed:
        live = relevance.needed_rules(rules, live, facts, BRIDGE_READS)
    vars(rules)["_live"] = (scen, key, live)
    return live


def prepare_control(rules: RuleBase, explain: bool, process_ends: bool = False) -> None:
    """Read the rules' relevance patterns (relevance.py) once in this process, before the
    forked solving children that use them. `process_ends`: this process ends with the answer
    (the CLI's own process), so, like a forked child, it need not free its solved controls."""
    relevance.prepare(rules)
    # with explanations the whole timeline is solved at once (multishot.py)
    if not explain and multishot_enabled():
        from . import multishot
        multishot.carry_plan(rules)     # what crosses a settle point (kept by the rule cache)
    vars(rules)["_prepared_in"] = -1 if process_ends else os.getpid()


def _keep_until_exit(rules: RuleBase, ctl: clingo.Control) -> None:
    """In a forked solving child (or a process that ends with its answer, prepare_control), the
    solved control is not freed: freeing a ground program costs tens of ms (0.16 s on a large
    board) and the process's memory goes with it on exit. A second solve in the same process
    (a retry) frees it first (`_grounded`)."""
    if vars(rules).get("_prepared_in", os.getpid()) != os.getpid():
        vars(rules)["_spent"] = ctl


# the predicates the bridge reads beyond the rule base's #show statements: the choices players
# made in each outcome (one witness per outcome: models are projected on outcome/1), so several
# outcomes can be told apart by what led to each; `chose` atoms are also what a scenario's
# `choose` constrains (_add_facts)
BRIDGE_READS = ("chose/1",)




def shows(explain: bool) -> str:
    """The #show and #project statements the bridge adds to the rules (the explanation atoms
    `rk_why` and `rk_allow` come from the explanation rules of the rules solved)."""
    return " ".join(f"#show {p}." for p in BRIDGE_READS) + \
        (f" #show {WHY}/3. #show {ALLOW}/3." if explain else "") + \
        "".join(f" #project {p}." for p in PROJECT)


def prepare_explanations(rules: RuleBase, forking: bool = True) -> None:
    """Transform the explanation rules now, in this process: solving may run in a forked
    child, whose cache would be lost with it (each `ask` would pay the transformation again);
    likewise their demand form (explain_focus), which a process that solves in itself
    (`forking` False) reads only if a scenario needs it."""
    why_texts(rules)
    if forking:
        from . import explain_focus
        explain_focus.demand_by_rule(rules)


def _quiet(code: clingo.MessageCode, message: str) -> None:
    """Grounder notes about atoms no rule defines are expected (hooks); keep them quiet.
    Errors go to stderr: stdout carries the answer (JSON with --json)."""
    if code == clingo.MessageCode.RuntimeError or "error" in message[:80]:
        print(message, file=sys.stderr)


def scenario_facts(scen: Scenario, layout: _Layout) -> list[Symbol]:
    """The facts the bridge adds for a scenario: its game's (bridge/games) and, for each
    choice the scenario fixes, choice_given (603.3b-commuting-triggers.lp keeps such orders).
    Kept on the scenario per layout (a solve asks three times: the focus test, the relevance
    analysis, the grounding), keyed also by the identity of every field's value, so a scenario
    given other actions or choices (legal.py sets them) gets its own."""
    memo = vars(scen).setdefault("_facts", {})
    values = tuple(v for k, v in vars(scen).items() if k != "_facts")
    key = (layout.facts_key, tuple(map(id, values)))
    held = memo.get(key)
    if held is None:
        facts = list(game_of(scen).facts(scen, layout))
        facts += [Function("choice_given", [parse_atom(text, ValueError)]) for text in scen.choose]
        facts += interchangeable_facts(scen, facts)
        held = memo[key] = (values, tuple(facts))   # the values held: their ids stay theirs
    return list(held[1])


def interchangeable_facts(scen: Scenario, facts: list[Symbol]) -> list[Symbol]:
    """interchangeable(O1,O2) for neighbours of each class of objects the facts cannot tell
    apart (bridge/core/solve/symmetry.py): the rules keep one of the divisions that only swap them."""
    candidates = game_of(scen).interchangeable_candidates(scen)
    cards: dict[str, list[str]] = {}
    by_id = {o.id: o for o in getattr(scen, "objects", ())}
    for oid in candidates:
        cards.setdefault(by_id[oid].card.key, []).append(oid)
    ids = [Function(oid) for group in cards.values() if len(group) > 1 for oid in group]
    if not ids:
        return []
    from .symmetry import interchangeable
    return [Function("interchangeable", [a, b])
            for cls in interchangeable(facts, ids) for a, b in zip(cls, cls[1:])]


def _add_facts(ctl: clingo.Control, scen: Scenario, facts: list[Symbol],
               relax_choices: bool) -> None:
    with ctl.backend() as backend:
        for fact in facts:
            backend.add_rule([backend.add_atom(fact)])
        for i, text in enumerate(scen.choose):
            chose = backend.add_atom(Function("chose", [parse_atom(text, ValueError)]))
            if relax_choices:
                viol = backend.add_atom(Function(VIOLATED, [Function("choose", [Number(i)]),
                                                            Function("", [])]))
                backend.add_rule([viol], [-chose])
            else:
                backend.add_rule([], [-chose])


def _remaining(start: float, timeout: float, scen: Scenario) -> float:
    left = timeout - (time.monotonic() - start)
    if left <= 0:
        raise SolverTimeout(scen.file, timeout)
    return left


def _solve_once(scen, rules, layout, explain, start, timeout, max_models, atoms=None):
    multishot = _multishot(scen, explain)
    if multishot and multishot.applies(scen, rules, explain, layout):   # action by action
        def whole():
            if atoms is not None:
                atoms.clear()
            return _solve_whole(scen, rules, layout, explain, start, timeout, max_models, atoms)
        return multishot.solve_once(
            scen, rules, layout, lambda: _remaining(start, timeout, scen), timeout, max_models,
            shows(explain), whole=whole, atoms=atoms, outcome_key=outcome_key)
    return _solve_whole(scen, rules, layout, explain, start, timeout, max_models, atoms)


def _multishot(scen: Scenario, explain: bool):
    """The multishot module where it may apply (no explanations, two actions or more: see
    multishot.applies), else None: a small `ask` does not load it."""
    if explain or len(scen.actions) < 2 or not multishot_enabled():
        return None
    from . import multishot
    return multishot


def _solve_whole(scen, rules, layout, explain, start, timeout, max_models, atoms=None):
    """The models' shown symbols and the layout flags raised; with `atoms` (a dict), also every
    atom of the first model of each distinct outcome, by model number (explain_focus)."""
    ctl = _grounded(scen, rules, layout, explain)
    _remaining(start, timeout, scen)
    witnesses = Witnesses(ctl, PROJECT)     # one witness per outcome, whatever the mode
    models: list[list[Symbol]] = []
    flags: set[str] = set()
    outcomes: set[frozenset[Symbol]] = set()

    def on_model(model: clingo.Model) -> bool:
        symbols = model.symbols(shown=True)
        flags.update(f for f in _FLAGS if model.contains(Function(f)))   # 0-ary, shown
        if atoms is not None and len(models) < max_models:
            key = outcome_key(symbols)
            if key not in outcomes:
                outcomes.add(key)
                atoms[len(models)] = model.symbols(atoms=True)
        witnesses.note(len(models), model)
        models.append(symbols)
        return len(models) <= max_models

    with ctl.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(_remaining(start, timeout, scen)):
            handle.cancel()
            raise SolverTimeout(scen.file, timeout)
        result = handle.get()
    if result.unsatisfiable:
        _keep_until_exit(rules, ctl)
        return None
    models = witnesses.canonical(ctl, models, lambda: _remaining(start, timeout, scen), atoms)
    _keep_until_exit(rules, ctl)
    return models, flags


def diagnose(scen: Scenario, rules: RuleBase, layout: _Layout, start: float,
             timeout: float) -> list[str]:
    """Which annotated constraints (and `choose` entries) have to be broken for an answer."""
    from clingo import ast

    from ..rules.transform import relaxed_constraint
    facts = scenario_facts(scen, layout)
    if scen.choose:         # choices that may be broken bind no place (603-triggered-abilities.lp)
        facts.append(Function("choices_relaxed", []))
    live = relevance.live_rules(rules, facts)
    relaxed, kept = [], []
    for info in rules.rules:
        if live is not None and info.index not in live:
            continue                    # its body can't hold: relaxed or not, it never fires
        new = relaxed_constraint(info)
        (relaxed if new is not None else kept).append(new if new is not None else info.node)
    ctl = clingo.Control(["--opt-mode=optN", "--models=1"], logger=_quiet, message_limit=1_000_000)
    with ast.ProgramBuilder(ctl) as builder:
        for stm in rules.statements + kept + relaxed:
            builder.add(stm)
    ctl.add("base", [], f"#minimize {{ 1,I,V : {VIOLATED}(I,V) }}. #show {VIOLATED}/2.")
    _add_facts(ctl, scen, facts, relax_choices=True)
    ctl.ground([("base", [])])
    found: list[Symbol] = []

    def on_model(model: clingo.Model) -> None:
        found[:] = [s for s in model.symbols(shown=True) if s.name == VIOLATED]

    with ctl.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(max(1.0, timeout - (time.monotonic() - start))):
            handle.cancel()
    return _describe_violations(found, rules, scen)


def _describe_violations(found: list[Symbol], rules: RuleBase, scen: Scenario) -> list[str]:
    out = []
    for sym in found:
        key, args = sym.arguments
        bound = ", ".join(str(a) for a in args.arguments)
        if key.type == clingo.SymbolType.Function and key.name == "choose":
            out.append(f"choose: {scen.choose[key.arguments[0].number]} is not a possible choice")
            continue
        info = rules.rules[key.number]
        out.append(f"{info.rule} {info.summary} ({bound}) [{info.file}:{info.line}]")
    return sorted(set(out))


def probe(scen: Scenario, rules: RuleBase, extra: list[ast.AST], checks: int, exact_names: bool,
          shown: tuple[str, ...], timeout: float = DEFAULT_TIMEOUT) -> list[str]:
    """The `shown` atoms of extra rules (probes) in the first answer of the scenario, as text
    (so they can cross from a solving child process). For `why` of an atom that does not hold."""
    facts = scenario_facts(scen, _Layout(checks, exact_names))
    ctl = _control(rules, extra, live=relevance.live_rules(rules, facts, extra))
    ctl.add("base", [], " ".join(f"#show {name}/3." for name in shown))
    _add_facts(ctl, scen, facts, relax_choices=False)
    ctl.ground([("base", [])])
    found: list[str] = []

    def on_model(model: clingo.Model) -> bool:
        found[:] = [str(s) for s in model.symbols(shown=True) if s.name in shown]
        return False

    with ctl.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(timeout):
            handle.cancel()
        handle.get()
    return found
