"""`rulekeeper consistency`: generate situations for a pack, solve each with the real rule
base (with and without the pack, and under each reading), and collect the findings."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable

import yaml

from ...core.base.errors import ImpossibleSituation, RulekeeperError, ScenarioError
from ...core.rules.packs import Pack
from ...core.rules.rulebase import RuleBase
from ...core.solve.answer import Answer
from ...games.mtg.validate import parse_scenario
from ...core.base.safeio import prepare_folder, write_file
from . import references
from .board import Board, board_scenario, cr_alone, generate
from .checks import SituationChecks
from .dead import dead_findings
from .interpret import Interpretations
from .prove import prove
from .report import Finding, Report, Settings
from .space import Bounds
from .statements import constants, exception_pairs, fired_in, own_outcome_names, readings
from .text import check_text, read_text
from .vocabulary import (
    Vocabulary,
    Want,
    pack_vocabulary,
    positions,
    wants,
)

SEARCH_SHARE = 0.4       # of --timeout for the situations of the generator
PROVE_SHARE = 0.85       # ... up to this share for the bounded search of what is still open
ACTION_ORDER = ("damage", None, "cast", "upkeep", "set_state", "destroy", "remove_counter")


class Checker(SituationChecks, Interpretations):
    """One run over one pack: the situations, the bounded search, the checks on each solved
    situation (checks.py), the interpretations (interpret.py), dead statements (dead.py)."""

    def __init__(self, engine, pack: Pack, settings: Settings,
                 progress: Callable[[str, int, int], None] | None = None):
        self.engine, self.pack, self.s = engine, pack, settings
        self.progress = progress or (lambda *_: None)
        if settings.write is not None:    # witnesses name a plug-in pack relative to it
            prepare_folder(settings.write, "--write")      # before any work (exit 2)
        self.base = [p for p in pack.requires] or ["mtg"]
        self.full: RuleBase = engine.rules(self.base + [pack if not pack.bundled else pack.name])
        self.cr: RuleBase = engine.rules(self.base)
        self.voc: Vocabulary = pack_vocabulary(self.full, pack.name)
        self.kw_pos, self.st_pos = positions(self.full, pack.name)
        from ....rules_asp import RULES_DIR
        self.program = (RULES_DIR / "tools" / "situations.lp").read_text(encoding="utf-8")
        self.start = time.monotonic()
        self.report = Report(pack.name, self.base)
        self.fired: set[int] = set()
        self.tried: set[str] = set()
        self.solved: list[tuple[Board, dict, Answer]] = []
        self.divergence_keys: set[tuple] = set()
        self.diverging: set[str] = set()
        self.compared: set[frozenset] = set()
        self.background: set[int] = set()
        self.exceptions = exception_pairs(self.full, pack.name)
        self.own_outcomes = own_outcome_names(self.full, pack.name)

    # -- the run -----------------------------------------------------------------------------
    def run(self) -> Report:
        if self.s.text is not None:
            self.report.text = self._text()
        self._background()
        targets = self._targets()
        for n, (want, indices) in enumerate(targets):
            self.progress("situations", n, len(targets))
            if self._out_of_time(SEARCH_SHARE):
                break
            if indices and all(i in self.fired for i in indices):
                continue
            self._search(want, indices)
        self.progress("search", 0, 1)
        bounds = Bounds(self.s.max_objects, self.s.max_actions)
        self.report.bounds = bounds.words()
        open_ = prove(self, bounds, self.s.per_target, self.start + self.s.timeout * PROVE_SHARE,
                      self.s.workers)
        self.progress("interpretations", 0, 1)
        self._interpretations()
        dead_findings(self.report, self.full, self.pack.name, self.fired, open_)
        self.report.seconds = time.monotonic() - self.start
        if self.s.write is not None:
            self._write()
        return self.report

    def _text(self) -> list[Finding]:
        """The findings on the pack's rules document (consistency/text.py)."""
        from ..coverage import read_out_of_scope
        rules = read_text(self.s.text)
        encoded = {i.rule for i in self.full.rules if i.pack == self.pack.name}
        scope_file = Path(self.pack.root) / "out-of-scope.yaml"
        scope = [e.prefix for e in read_out_of_scope(scope_file)] if scope_file.is_file() else []
        found = [Finding(t.kind, t.rules, t.summary, details={**t.details, "fix": t.fix})
                 for t in check_text(rules, encoded, scope, self._recorded(), self.s.cr)]
        references.attach(found, rules, self.s.text, references.scenario_root(self.pack, self.s.scenarios))
        return found

    def _recorded(self) -> dict[str, list[str]]:
        """Rule number -> the reading topics its statements record or consult (also under the
        section its file is named after: 1000.5 for almos/1000.5-statebound.lp)."""
        topics = {t for t, _, _ in readings(self.full, self.pack.name)}
        out: dict[str, list[str]] = {}
        for info in self.full.rules:
            if info.pack != self.pack.name or not (("reading", 2) in info.bodies
                                                   or ("reading_option", 2) in info.heads):
                continue
            for number in (info.rule, _file_section(info.file)):
                found = out.setdefault(number, [])
                found += sorted(t for t in constants(info) & topics if t not in found)
        return out

    def _background(self) -> None:
        """The statements that fire on an empty board (the state is empty, ...): they say
        nothing about what a situation changes, so divergences are not keyed on them."""
        boards = generate(self.program, self.voc, Want(), self.s.max_objects, 1)
        for board in boards:
            self.tried.add(board.key)
            self._solve(board)
            self.background = set(self.fired)

    def _out_of_time(self, share: float = 1.0) -> bool:
        if time.monotonic() - self.start > self.s.timeout * share:
            self.report.timed_out = True
            return True
        return False

    def _targets(self) -> list[tuple[Want, list[int]]]:
        """(features, statements wanting them): per pack statement, and one per pair of a
        pack keyword with a CR keyword whose rules except the same default (mark, infect)."""
        grouped: dict[Want, list[int]] = {}
        for info in self.full.rules:
            if info.pack != self.pack.name or not info.node.body:
                continue        # facts hold in every situation
            w = wants(info, self.full, self.pack.name, self.voc, self.kw_pos, self.st_pos)
            grouped.setdefault(w, []).append(info.index)
        pairs = [(Want(all=frozenset({("kw_pair",) + tuple(sorted((k, c))), ("action", "damage")})), [])
                 for k, c in sorted(self.voc.related)]
        # the statements that name what they need first (each alone, so that what it changes
        # is seen alone), then the keyword pairs, then those that need nothing named
        ordered = sorted(grouped.items(), key=lambda kv: (not kv[0].all, not kv[0].any,
                                                           sorted(map(str, kv[0].all))))
        named = [t for t in ordered if t[0].all]
        return named + pairs + [t for t in ordered if not t[0].all]

    def _search(self, want: Want, indices: list[int]) -> None:
        tries = 0
        kws = {f[1] for f in want.all if f[0] == "kw"}
        pairs = {k for f in want.all if f[0] == "kw_pair" for k in f[1:]}
        variants: list = []
        for action in ACTION_ORDER:
            if action == "damage" and pairs:   # the two keywords on the source
                variants.append({("action", "damage")} | {("kw_on", "source", k) for k in pairs})
            elif action == "damage" and kws:     # the keyword on the source, or on the target
                variants += [{("action", "damage")} | {("kw_on", side, k) for k in kws}
                             for side in ("source", "target")]
            else:
                variants.append(set() if action is None else {("action", action)})
        for extra in variants:
            if tries >= self.s.boards_per_target or self._out_of_time(SEARCH_SHARE):
                return
            w = Want(all=want.all | extra, any=want.any)
            boards = generate(self.program, self.voc, w, self.s.max_objects, 1, self.tried)
            for board in boards:
                self.tried.add(board.key)
                tries += 1
                self._solve(board)
            if indices and all(i in self.fired for i in indices):
                return

    # -- one situation ---------------------------------------------------------------------------
    def _scenario(self, data: dict, name: str):
        text = yaml.safe_dump(data, sort_keys=False)
        return parse_scenario(text, str((self.s.write or Path.cwd()) / f"{name}.yaml"),
                              self.engine_library())

    def engine_library(self):
        from ...games.mtg.cards import default_library
        return default_library().with_cards([self.pack.cards] if self.pack.cards else [])

    def _rules_entry(self) -> list[str]:
        if self.pack.bundled:
            return self.base + [self.pack.name]
        where = self.s.write or Path.cwd()
        rel = os.path.relpath(self.pack.root, where)
        return self.base + [rel if "/" in rel else f"./{rel}"]

    def _solve(self, board: Board) -> None:
        n = self.report.situations + 1
        data = board_scenario(board, f"situation {n}", self._rules_entry(), self.voc)
        if not data:
            return
        try:
            scen = self._scenario(data, f"situation-{n}")
        except ScenarioError:
            self.report.skipped += 1
            return
        self.report.situations += 1
        try:
            answer = self.engine.answer(scen, explain=True, timeout=self.s.solve_timeout)
        except ImpossibleSituation as err:
            self._conflict(data, scen, err)
            return
        except RulekeeperError:
            self.report.skipped += 1
            return
        self.take(data, answer)

    def take(self, data: dict, answer: Answer) -> None:
        """The checks on one solved situation."""
        self.fired |= fired_in(answer)
        self.solved.append((data, answer))
        self._gaps(data, answer)
        self._overlaps(data, answer)
        self._divergence(data, answer)

    def _cr_answer(self, data: dict) -> Answer | None:
        data = cr_alone(data, self.base)
        if not data:
            return None
        try:
            scen = self._scenario(data, "cr")
            return self.engine.answer(scen, timeout=self.s.solve_timeout)
        except RulekeeperError:
            return None

    # -- witnesses ------------------------------------------------------------------------------
    def _write(self) -> None:
        out = self.s.write
        for kind in ("conflicts", "gaps", "divergences", "interpretations"):
            for n, finding in enumerate(getattr(self.report, kind), start=1):
                for k, witness in enumerate(finding.witnesses):
                    slug = "-".join(finding.rules[:3]) or "none"
                    name = f"{kind[:-1]}-{n}-{slug}{'' if k == 0 else f'-{k + 1}'}.yaml"
                    path = write_file(out, name, yaml.safe_dump(witness, sort_keys=False,
                                                                width=100), field="--write")
                    finding.paths.append(str(path))


def _file_section(file: str) -> str:
    """`1000.5` for `almos/1000.5-statebound.lp`: the section a rule file is named after."""
    name = Path(file).name
    return name.split("-", 1)[0] if name[:1].isdigit() else ""

