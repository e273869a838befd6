"""The bridge's entry points: one per command, composed from the modules that do the work."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clingo import Function, Symbol

from ..base.errors import ImpossibleSituation, SolverOutOfMemory
from ..base.record import Record
from ..explain.cite import cite_in_answer
from ..explain.explain import (
    Node,
    derivation,
    domain_tree,
    render_tree,
    rules_behind,
    tree_json,
)
from ..registry import GameScenario as Scenario
from ..registry import Source, game_of, select_game
from ..rules.packs import BUNDLED, Pack, resolve
from ..rules.rulebase import RuleBase
from ..solve.solve import (
    DEFAULT_TIMEOUT,
    Answer,
    prepare_control,
    prepare_explanations,
    probe,
    solve,
)
from ..source.atoms import parse_atom
from ..source.source import read_source
from ..source.yamlsrc import load_yaml
from .deadline import (
    KEEP_ALL,
    KEEP_DERIVATIONS,
    KEEP_FIRST,
    Deadline,
    solve_within,
    within,
)

if TYPE_CHECKING:
    from ..explain.whynot import Failure
    from .check import CheckResult


DEFAULT_DEPTH = 12         # levels of a derivation `why` shows


class Engine:
    """Holds the rule bases (parsed once per pack set) for a run of commands. `plugins` are
    plug-in packs (`--pack-dir`) loaded with every scenario's own packs."""

    def __init__(self, root: Path | None = None, plugins: list[Pack] | tuple = (),
                 cards: list[Path] | tuple = ()):
        if root is None:
            from ....rules_asp import RULES_DIR
            root = RULES_DIR
        self.root = root
        self.plugins = list(plugins)
        self.cards = list(cards)        # user card sources (--cards), before the library
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

    def load(self, path: str | Path, deadline: Deadline | None = None) -> Scenario:
        """The validated scenario: the one input path of every command (bounded read, any YAML
        fault as exit 2 with its line, the deadline checked while validating). The game named
        by its `rules:` validates it (bridge/games); card names may come from `--cards`."""
        tick = deadline.check if deadline is not None else (lambda: None)
        text = read_source(path)
        tick()
        source = Source(str(path), text, load_yaml(text, str(path), tick), tuple(self.cards))
        return select_game(source).load(source, self.plugins, deadline)

    def answer(self, scen: Scenario, explain: bool = False, timeout: float = DEFAULT_TIMEOUT,
               deadline: Deadline | None = None, keep: str = KEEP_ALL,
               needed: bool = False) -> Answer:
        """Every outcome, solved in a child process given the time left on `deadline`; `keep`:
        which explanation supports come back from it (deadline.KEEP_*). `needed`: the caller
        reads only the shown atoms and the derivations of outcome atoms (`ask`, `check`), so
        the rules whose atoms nothing reads are not solved (relevance.needed_rules)."""
        deadline = deadline or Deadline(timeout, scen.file)
        with deadline.paused():
            rules = self.scenario_rules(scen)
            _check_readings(scen, rules)
            if explain:
                prepare_explanations(rules, forking=deadline.expire is None)
            prepare_control(rules, explain, process_ends=deadline.expire is not None)
        with deadline.whole():
            left = deadline.left()
            try:
                return solve_within(left, scen.file, solve, scen, rules, explain=explain,
                                    timeout=left, keep=keep, focus=keep == KEEP_DERIVATIONS,
                                    needed=needed, watch=deadline.watch())
            except SolverOutOfMemory as err:
                err.board = game_of(scen).board_size(scen)
                raise

    # -- commands ------------------------------------------------------------------------------
    def ask(self, path: str | Path, timeout: float = DEFAULT_TIMEOUT,
            deadline: Deadline | None = None) -> "AskResult":
        deadline = deadline or Deadline(timeout, str(path))
        scen = self.load(path, deadline)
        answer = self.answer(scen, explain=True, deadline=deadline, keep=KEEP_DERIVATIONS,
                             needed=True)
        return AskResult(scen, answer, self.scenario_rules(scen))

    def check(self, path: str | Path, timeout: float = DEFAULT_TIMEOUT,
              deadline: Deadline | None = None) -> "CheckResult":
        """A scenario's expect against its answer (an expected impossibility included).
        `deadline`: one with an `expire` hook solves in this process (tools/runner.py's worker)."""
        from .check import check_expectations, check_impossible  # not needed by `ask`
        deadline = deadline or Deadline(timeout, str(path))
        scen = self.load(path, deadline)
        try:
            answer = self.answer(scen, deadline=deadline, needed=True)
        except ImpossibleSituation as err:
            return check_impossible(scen, err)
        return check_expectations(scen, answer)

    def why(self, path: str | Path, atom_text: str, timeout: float = DEFAULT_TIMEOUT,
            depth: int = DEFAULT_DEPTH, deadline: Deadline | None = None) -> str:
        """The text of `why_result`."""
        return self.why_result(path, atom_text, timeout, depth, deadline).text()

    def why_result(self, path: str | Path, atom_text: str, timeout: float = DEFAULT_TIMEOUT,
                   depth: int = DEFAULT_DEPTH, deadline: Deadline | None = None) -> "WhyResult":
        """Why ATOM holds (its derivation), or why not (the condition each rule missed).
        The search for the missed conditions draws on the same time budget as the answer."""
        deadline = deadline or Deadline(timeout, str(path))
        scen = self.load(path, deadline)
        atom = parse_atom(atom_text, lambda m: _bad_atom(path, m))
        rules = self.scenario_rules(scen)
        answer = self.answer(scen, explain=True, deadline=deadline, keep=KEEP_FIRST)
        result = WhyResult(atom, answer, rules, depth)
        if not result.holding:
            from ..explain.whynot import (  # only `why` needs them
                unknown_predicate,
                why_not,
            )
            result.unknown = unknown_predicate(atom, rules, game_of(scen).outcome_names())
            if result.unknown is None:
                support = answer.supports[0] if answer.supports else None
                result.failures = why_not(
                    atom, support, rules,
                    lambda extra: self._probe(scen, answer, extra, deadline))
        return result

    def _probe(self, scen: Scenario, answer: Answer, extra: list, deadline: Deadline) -> list[str]:
        from ..explain.whynot import PROBE, WITNESS
        rules, timeout = self.scenario_rules(scen), deadline.left()
        return within(timeout, scen.file, probe, scen, rules, extra, answer.checks,
                      answer.exact_trigger_names, (PROBE, WITNESS), timeout,
                      watch=deadline.watch())


def board_size(scen: Scenario) -> str:
    """How big a board is, for the out-of-memory message."""
    return game_of(scen).board_size(scen)


def _check_readings(scen: Scenario, rules: RuleBase) -> None:
    """`readings:` must name readings the packs record, at most one per topic."""
    if not scen.readings:
        return          # (reading_options walks every rule: not for each scenario of `test`)
    from ..base.errors import ScenarioError
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
    from ..base.errors import ScenarioError
    return ScenarioError(str(path), None, "ATOM", message)



@dataclass(init=False, repr=False, eq=False)
class WhyResult(Record):
    """The answer to `why`: the atom, the solve it was read from, and why it holds or not."""

    atom: Symbol
    answer: Answer
    rules: RuleBase
    depth: int = DEFAULT_DEPTH
    failures: list[Failure] = field(default_factory=list)
    unknown: str | None = None

    @property
    def holding(self) -> list[int]:
        return [i for i, m in enumerate(self.answer.models) if self.atom in m]

    def tree(self) -> list[Node]:
        support = self.answer.supports[self.holding[0]]
        roots = domain_tree(derivation(Function("outcome", [self.atom]), support, self.rules))
        return [c for r in roots for c in ([r] if r.rule or not r.children else r.children)]

    def text(self) -> str:
        n, holding = len(self.answer.models), self.holding
        plural = "s" if n != 1 else ""
        if holding:
            lines = [f"{self.atom} holds in {len(holding)} of {n} outcome{plural}.",
                     "Derivation (in the first outcome where it holds):"]
            for node in self.tree():
                lines += render_tree(node, self.rules, "  ", max_depth=self.depth)
            return "\n".join(lines)
        lines = [f"{self.atom} does not hold in any of the {n} outcome{plural}."]
        if self.unknown:
            return "\n".join(lines + [self.unknown])
        if not self.failures:
            return "\n".join(lines + ["No encoded rule can bring it about: the rule that would be "
                                       "needed is not encoded yet (see `rulekeeper coverage`)."])
        lines.append("The rules that could have brought it about, and the condition each missed "
                     "(in the first outcome):")
        for failure in self.failures:
            lines += failure.lines("  ")
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"atom": str(self.atom), "models": len(self.answer.models),
                                "holds_in": len(self.holding)}
        if self.holding:
            data["derivation"] = [tree_json(n, self.depth) for n in self.tree()]
        else:
            data["unknown"] = self.unknown
            data["why_not"] = [f.as_json() for f in self.failures]
        return data


@dataclass(init=False, repr=False, eq=False)
class AskResult(Record):
    """The answer to `ask`: the scenario's outcomes and the rule base that explains them."""

    scenario: Scenario
    answer: Answer
    rules: RuleBase

    def notes(self) -> list[str]:
        """Said before the answer: rules it relies on that are missing, values set aside, and
        a game that did not come to rest."""
        return self.game.not_encoded(self.scenario, self.rules) \
            + self.game.not_understood(self.scenario) + self.warnings()

    @property
    def game(self):
        return game_of(self.scenario)

    def ignored(self) -> list[str]:
        return self.game.ignored(self.scenario, self.rules)

    def warnings(self) -> list[str]:
        unknown = self.game.outcome_warnings(self.answer)
        if not self.answer.unsettled:
            return unknown
        return [self.game.unsettled_warning(self.answer.checks)] + unknown

    def text(self, full: bool = False) -> str:
        return self.game.ruling(self.scenario, self.answer, self.rules, self.notes(),
                                self.ignored(), full)

    def as_json(self, full: bool = False) -> dict[str, Any]:
        """`ask --json`: the contract's fields, the focused ruling, and (full) every rule met."""
        answer, rules = self.answer, self.rules
        always, sometimes = answer.contract_lists()
        support_for, summaries, met = {}, {}, {}
        for atom, seen in _witnessed(always | sometimes, answer):
            found = cite_in_answer(seen, answer, rules)
            support_for[str(atom)] = [c.rule for c in found]
            for c in found:
                summaries.setdefault(c.rule, c.summary)
            if full:
                index = next(i for i, m in enumerate(answer.models) if seen in m)
                met[str(atom)] = rules_behind(seen, answer.supports[index], rules)
        changes, listed = self.game.outcomes_json(self.scenario, answer, rules)
        notes = self.game.not_encoded(self.scenario, self.rules)
        missed = self.game.not_understood(self.scenario)
        data = {
            "title": self.scenario.title,
            "file": self.scenario.file,
            "not_encoded": notes,
            "not_understood": missed,
            "reliable": not notes and not missed and not self.game.contradictions(answer),
            "models": len(answer.models),
            "truncated": answer.truncated,
            "outcomes": {"always": sorted(map(str, always)),
                         "sometimes": sorted(map(str, sometimes)),
                         "list": listed},
            "symmetric": [[str(name) for name in cls] for cls in answer.symmetric],
            "changes": changes,
            "illegal": sorted(str(a) for a in answer.union if a.name == "illegal"),
            "rules": support_for,
            "summaries": summaries,
            "ignored": self.ignored(),
            "warnings": self.warnings(),
            "seconds": round(answer.seconds, 4),
        }
        if full:
            data["rules_met"] = met
        return data


def _witnessed(atoms: frozenset[Symbol], answer: Answer) -> list[tuple[Symbol, Symbol]]:
    """Each atom with the atom of a canonical outcome that stands for it (itself, or the image
    a permutation of interchangeable names makes of it: core/solve/symmetry.py), sorted by text."""
    union = answer.union
    out = []
    for atom in sorted(atoms, key=str):
        seen = atom
        if atom not in union:
            from ..solve.symmetry import orbit
            seen = next(iter(sorted(orbit(atom, answer.symmetric) & union, key=str)), atom)
        out.append((atom, seen))
    return out
