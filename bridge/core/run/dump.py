"""`rulekeeper ground`: the exact program the bridge solves for a scenario, as clingo text (the
rules after the explanation transform, the bridge's #show statements, and the scenario's facts
rendered from clingo Symbols), so bare clingo can be timed on the same work.

The bridge may solve a scenario more than once (more check steps when the game did not come to
rest, exact trigger names on a clash): the program written is the one of the layout whose
answer the bridge gives."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from clingo import Function

from ..base.errors import ImpossibleSituation
from ..registry import GameScenario as Scenario
from ..rules import relevance
from ..rules.program import rules_text
from ..solve.solve import BRIDGE_READS, FIRST_CHECKS, _Layout, scenario_facts, shows
from ..source.atoms import parse_atom
from .deadline import Deadline

CLINGO_OPTIONS = ("--models=0", "--project=auto")   # the options the bridge solves with


@dataclass
class Dump:
    """A scenario's program and the layout it was written for."""

    file: str
    program: str
    checks: int
    exact_trigger_names: bool
    explain: bool
    impossible: bool
    walk_checks: int | None = None      # the lean layout's check steps inside walks (solve.py)

    def as_json(self) -> dict:
        return {"file": self.file, "checks": self.checks, "explain": self.explain,
                "exact_trigger_names": self.exact_trigger_names, "impossible": self.impossible,
                "walk_checks": self.walk_checks,
                "clingo_options": list(CLINGO_OPTIONS), "program": self.program}


def ground_program(engine, path: str | Path, explain: bool = True, timeout: float = 20.0,
                   deadline: Deadline | None = None) -> Dump:
    """The program `ask` (explain) or `check` (not) solves for the scenario at `path` (with
    the same rules: those that can fire and whose atoms are read, relevance.needed_rules)."""
    deadline = deadline or Deadline(timeout, str(path))
    scen = engine.load(path, deadline)
    checks, exact, impossible, walk, tight = FIRST_CHECKS, False, False, None, False
    try:
        answer = engine.answer(scen, explain=False, deadline=deadline, needed=True)
        checks, exact, walk = answer.checks, answer.exact_trigger_names, answer.walk_checks
        tight = answer.tight_passes
    except ImpossibleSituation:
        impossible = True       # every layout is unsatisfiable: the full one shows it
    rules = engine.scenario_rules(scen)
    text = program_text(scen, rules, checks, exact, explain, walk, tight)
    return Dump(str(path), text, checks, exact, explain, impossible, walk)


def program_text(scen: Scenario, rules, checks: int, exact_names: bool, explain: bool,
                 walk_checks: int | None = None, tight_passes: bool = False) -> str:
    """Rules, #show statements and facts, in the order the bridge gives them to clingo
    (`walk_checks`: in the lean layout the answer was taken from, solve.lean_walk_checks)."""
    # no user text here (a file name may hold a newline): only numbers and fixed words
    walk = "" if walk_checks is None else f" ({walk_checks} inside walks)"
    walk += ", the tight plan of passes" if tight_passes else ""
    header = (f"% rulekeeper ground: {checks} check steps{walk}, exact trigger names "
              f"{'on' if exact_names else 'off'}, explanations {'on' if explain else 'off'}\n"
              f"% solve as the bridge does: clingo {' '.join(CLINGO_OPTIONS)} FILE")
    facts = scenario_facts(scen, _Layout(checks, exact_names, walk_checks=walk_checks,
                                         tight_passes=tight_passes))
    # only the rules that can fire and whose atoms are read, as `ask` and `check` solve
    live = relevance.needed_rules(rules, relevance.live_rules(rules, facts), facts, BRIDGE_READS)
    return "\n".join([header, rules_text(rules, explain, live), shows(explain),
                      "% the scenario's facts", *fact_lines(scen, facts)]) + "\n"


def fact_lines(scen: Scenario, facts: list) -> list[str]:
    """The scenario's facts and choice constraints, each rendered from a Symbol with str()."""
    # the facts solve.scenario_facts gives (the game's and choice_given), as _add_facts adds them
    out = [f"{fact}." for fact in facts]
    for text in scen.choose:
        chose = Function("chose", [parse_atom(text, ValueError)])
        out.append(f":- not {chose}.")
    return out
