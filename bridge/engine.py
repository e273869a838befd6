"""The bridge's entry points: one per command, composed from the modules that do the work."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clingo import Function, Symbol

from .deadline import solve_within
from .check import CheckResult, check_expectations, check_impossible
from .errors import ImpossibleSituation
from .explain import candidate_rules, derivation, render_tree, rules_behind
from .notencoded import not_encoded
from .cards import default_library
from .packs import BUNDLED, Pack, resolve
from .rulebase import RuleBase
from .ruling import ruling
from .scenario import Scenario
from .solve import DEFAULT_TIMEOUT, prepare_explanations, Answer, solve
from .validate import load_scenario, parse_atom


class Engine:
    """Holds the rule bases (parsed once per pack set) for a run of commands. `plugins` are
    plug-in packs (`--pack-dir`) loaded with every scenario's own packs."""

    def __init__(self, root: Path | None = None, plugins: list[Pack] | tuple = ()):
        if root is None:
            from ..rules_asp import RULES_DIR
            root = RULES_DIR
        self.root = root
        self.plugins = list(plugins)
        self._bases: dict[tuple, RuleBase] = {}

    def rules(self, packs: list[str | Pack]) -> RuleBase:
        """The rule base of these packs (names of bundled packs, or Pack objects), the engine's
        plug-in packs and every pack they require."""
        resolved = resolve([p for p in packs if isinstance(p, Pack) or p in BUNDLED]
                           + self.plugins, self.root)
        key = tuple((p.name, str(p.root)) for p in resolved)
        if key not in self._bases:
            self._bases[key] = RuleBase(self.root, resolved)
        return self._bases[key]

    def scenario_rules(self, scen: Scenario) -> RuleBase:
        return self.rules(list(scen.rules) + list(scen.plugins))

    def load(self, path: str | Path) -> Scenario:
        library = default_library().with_cards([p.cards for p in self.plugins if p.cards])
        return load_scenario(path, library)

    def answer(self, scen: Scenario, explain: bool = False,
               timeout: float = DEFAULT_TIMEOUT) -> Answer:
        rules = self.scenario_rules(scen)
        _check_readings(scen, rules)
        if explain:
            prepare_explanations(rules)
        return solve_within(timeout, scen.file, solve, scen, rules, explain=explain, timeout=timeout)

    # -- commands ------------------------------------------------------------------------------
    def ask(self, path: str | Path, timeout: float = DEFAULT_TIMEOUT) -> "AskResult":
        scen = self.load(path)
        answer = self.answer(scen, explain=True, timeout=timeout)
        return AskResult(scen, answer, self.scenario_rules(scen))

    def check(self, path: str | Path, timeout: float = DEFAULT_TIMEOUT) -> CheckResult:
        """A scenario's expect against its answer (an expected impossibility included)."""
        scen = self.load(path)
        try:
            answer = self.answer(scen, timeout=timeout)
        except ImpossibleSituation as err:
            return check_impossible(scen, err)
        return check_expectations(scen, answer)

    def why(self, path: str | Path, atom_text: str, timeout: float = DEFAULT_TIMEOUT) -> str:
        scen = self.load(path)
        atom = parse_atom(atom_text, lambda m: _bad_atom(path, m))
        answer = self.answer(scen, explain=True, timeout=timeout)
        rules = self.scenario_rules(scen)
        return why_text(atom, answer, rules)


def _check_readings(scen: Scenario, rules: RuleBase) -> None:
    """`readings:` must name readings the packs record, at most one per topic."""
    from .errors import ScenarioError
    topics = rules.reading_options()
    chosen: dict[str, str] = {}
    for name in scen.readings:
        topic = next((t for t, options in topics.items() if name in options), None)
        if topic is None:
            known = sorted(o for options in topics.values() for o in options)
            raise ScenarioError(scen.file, None, "readings", f"unknown reading {name!r}; the "
                                f"packs record: {', '.join(known) or 'none'}")
        if topic in chosen and chosen[topic] != name:
            raise ScenarioError(scen.file, None, "readings", f"{chosen[topic]!r} and {name!r} "
                                f"are two readings of {topic!r}: select one")
        chosen[topic] = name


def _bad_atom(path, message):
    from .errors import ScenarioError
    return ScenarioError(str(path), None, "ATOM", message)


def why_text(atom: Symbol, answer: Answer, rules: RuleBase) -> str:
    holding = [i for i, m in enumerate(answer.models) if atom in m]
    n = len(answer.models)
    if holding:
        support = answer.supports[holding[0]]
        tree = derivation(Function("outcome", [atom]), support, rules)
        head = f"{atom} holds in {len(holding)} of {n} outcome{'s' if n != 1 else ''}."
        lines = [head, "Derivation (in the first outcome where it holds):"]
        lines += render_tree(tree, rules, "  ")
        return "\n".join(lines)
    lines = [f"{atom} does not hold in any of the {n} outcome{'s' if n != 1 else ''}."]
    candidates = candidate_rules(atom, rules)
    if candidates:
        lines.append("Rules that could have brought it about (none applied here):")
        seen = set()
        for info in candidates:
            if info.rule not in seen:
                seen.add(info.rule)
                lines.append(f"  {info.rule} {info.summary}  [{info.file}:{info.line}]")
    else:
        lines.append("No encoded rule can bring it about: the rule that would be needed is not "
                     "encoded yet (see `rulekeeper coverage`).")
    return "\n".join(lines)


@dataclass
class AskResult:
    scenario: Scenario
    answer: Answer
    rules: RuleBase

    def notes(self) -> list[str]:
        return not_encoded(self.scenario, self.rules) + self.warnings()

    def warnings(self) -> list[str]:
        if not self.answer.unsettled:
            return []
        return [f"the game did not come to rest within {self.answer.checks} check steps after an "
                "action (state-based actions or triggered abilities kept happening, 704.3, "
                "603.3b): the outcome is where the last check step left it"]

    def text(self) -> str:
        return ruling(self.scenario.title, self.answer, self.rules, self.notes(), self.scenario)

    def as_json(self) -> dict[str, Any]:
        answer, rules = self.answer, self.rules
        atoms = sorted(answer.union, key=str)
        support_for = {}
        for atom in atoms:
            index = next(i for i, m in enumerate(answer.models) if atom in m)
            support_for[str(atom)] = rules_behind(atom, answer.supports[index], rules)
        return {
            "title": self.scenario.title,
            "file": self.scenario.file,
            "models": len(answer.models),
            "truncated": answer.truncated,
            "outcomes": {"always": sorted(map(str, answer.always)),
                         "sometimes": sorted(map(str, answer.sometimes))},
            "illegal": sorted(str(a) for a in answer.union if a.name == "illegal"),
            "rules": support_for,
            "summaries": {r: rules.summary(r) for rs in support_for.values() for r in rs},
            "not_encoded": not_encoded(self.scenario, self.rules),
            "warnings": self.warnings(),
            "seconds": round(answer.seconds, 4),
        }
