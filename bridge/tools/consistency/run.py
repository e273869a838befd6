"""`rulekeeper consistency`: generate situations for a pack, solve each with the real rule
base (with and without the pack, and under each reading), and collect the findings."""
from __future__ import annotations

import copy
import os
import time
from pathlib import Path
from typing import Callable

import yaml
from clingo import ast

from ...core.base.errors import ImpossibleSituation, RulekeeperError, ScenarioError
from ...core.rules.packs import Pack
from ...core.rules.rulebase import RuleBase
from ...core.solve.answer import Answer
from ...games.mtg.validate import parse_scenario
from ...core.base.safeio import prepare_folder, write_file
from . import findings as fx
from .board import Board, board_scenario, cr_alone, describe, generate
from .core import minimal_conflict
from .prove import prove
from .report import Finding, Report, Settings
from .space import Bounds
from .statements import (
    constants,
    exception_pairs,
    fired_in,
    is_constraint,
    own_outcome_names,
    parse_ok,
    readings,
)
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


class Checker:
    """One run over one pack."""

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
        open_ = prove(self, bounds, self.s.per_target, self.start + self.s.timeout * PROVE_SHARE)
        self.progress("interpretations", 0, 1)
        self._interpretations()
        self._dead(open_)
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
        return [Finding(t.kind, t.rules, t.summary, details={**t.details, "fix": t.fix})
                for t in check_text(rules, encoded, scope, self._recorded(), self.s.cr)]

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

    # -- the checks ------------------------------------------------------------------------------
    def _conflict(self, data: dict, scen, err: ImpossibleSituation) -> None:
        if self._cr_answer(data) is None:      # impossible without the pack too: a bad board
            self.report.situations -= 1
            self.report.skipped += 1
            return
        core = minimal_conflict(scen, self.full, self.pack.name)
        numbers = sorted({self.full.rules[i].rule for i in core} |
                         {c.split()[0] for c in err.conflicts if not c.startswith("choose")})
        if any(set(numbers) == set(f.rules) for f in self.report.conflicts):
            return
        statements = [f"{self.full.rules[i].rule} {self.full.rules[i].summary} "
                      f"[{self.full.rules[i].file}:{self.full.rules[i].line}]" for i in core]
        impossible = sorted({c.split()[0] for c in err.conflicts if not c.startswith("choose")})
        witness = dict(copy.deepcopy(data), title=f"consistency: {', '.join(numbers)} admit no outcome here",
                       description="Found by rulekeeper consistency: with the pack the rules admit "
                       "no outcome, the CR alone do. Conflicting statements: "
                       + "; ".join(statements + err.conflicts),
                       expect={"impossible": impossible or True})
        infos = [self.full.rules[i] for i in core]
        self.report.conflicts.append(Finding(
            "no_outcome", numbers, f"{', '.join(numbers)} {'leaves' if len(numbers) == 1 else 'leave'} the game with no way to go on "
            f"when {describe(data)}; the CR alone lets it go on",
            [witness], details={"statements": statements, "constraints": err.conflicts,
                                "fix": fix_conflict(infos)}))

    def _gaps(self, data: dict, answer: Answer) -> None:
        pairs = fx.several_values(answer)
        if pairs:
            a, b = pairs[0]
            model = next(i for i, m in enumerate(answer.models) if a in m and b in m)
            numbers = sorted(set(fx.rule_numbers(a, answer, model, self.full)[:3] +
                                 fx.rule_numbers(b, answer, model, self.full)[:3]))
            self._add_gap(numbers, f"two values at once: {a} and {b}", data,
                          {"sometimes": [str(a), str(b)]}, {"atoms": [str(a), str(b)]})
            return
        alt = fx.unexplained_alternatives(answer)
        if alt:
            one, two = alt
            diff = sorted(map(str, one ^ two))[:4]
            model = answer.models.index(two)
            numbers = sorted({r for atom in (one ^ two)
                              for r in fx.rule_numbers(atom, answer,
                                                       model if atom in two else answer.models.index(one),
                                                       self.full)[:2]})
            self._add_gap(numbers, "outcomes differ with the same player choices: "
                          + ", ".join(diff), data, {"sometimes": diff}, {"atoms": diff})

    def _add_gap(self, numbers, summary, data, expect, details) -> None:
        pack_numbers = [n for n in numbers if self._is_pack_rule(n)] or numbers
        if any(set(pack_numbers) == set(g.rules) for g in self.report.gaps):
            return
        witness = dict(copy.deepcopy(data), title=f"consistency: {', '.join(pack_numbers)} leave a value undecided",
                       description=f"Found by rulekeeper consistency: {summary}.", expect=expect)
        self.report.gaps.append(Finding("gap", pack_numbers, summary, [witness], details=details))

    def _overlaps(self, data: dict, answer: Answer) -> None:
        for a, b, m in fx.overlaps(answer, self.full, self.pack.name, self.exceptions):
            support = answer.supports[m]
            numbers = sorted({self.full.rules[i].rule for atom in (a, b)
                              for i in fx.statements_behind(atom, support, self.full)})
            if self._decided_by_reading(answer, m, numbers):
                continue
            if any(set(numbers) == set(f.rules) for f in self.report.conflicts):
                continue
            outcome = sorted(str(x) for x in answer.models[m]
                             if x.name in ("counters", "damage", "poison", "zone"))
            witness = dict(copy.deepcopy(data), title=f"consistency: {' and '.join(numbers)} both apply to one event",
                           description=f"Found by rulekeeper consistency: {a} and {b} hold for the "
                           "same event: two exceptions to one default apply at once and the pack "
                           "does not say which wins. The outcome the rules give now is stated.",
                           expect={"always": outcome[:6]})
            self.report.conflicts.append(Finding(
                "overlap", numbers, f"two exceptions apply at once: {a} and {b}", [witness],
                details={"atoms": [str(a), str(b)], "outcome": outcome}))
            return

    def _decided_by_reading(self, answer: Answer, m: int, numbers: list[str]) -> bool:
        support = answer.supports[m]
        for entries in support.raw.values():
            for idx, _ in entries:
                info = self.full.rules[idx if isinstance(idx, int) else idx.number]
                if info.pack == self.pack.name and info.rule in numbers and \
                        ("reading", 2) in info.bodies:
                    return True
        return False

    def _divergence(self, data: dict, answer: Answer) -> None:
        acting = {self.full.rules[i].rule for i in fired_in(answer) - self.background
                  if self.full.rules[i].pack == self.pack.name and self.full.rules[i].node.body
                  and not self.full.rules[i].is_model}
        statements = frozenset(i for i in fired_in(answer) - self.background
                               if self.full.rules[i].pack == self.pack.name)
        if not acting or acting <= self.diverging or statements in self.compared:
            return      # the pack did nothing here, or only what was compared already
        self.compared.add(statements)
        cr = self._cr_answer(data)
        if cr is None:
            return
        mine = {a for a in answer.union if _compared(a, data, self.own_outcomes)}
        theirs = {a for a in cr.union if _compared(a, data, self.own_outcomes)}
        only_pack = sorted(mine - theirs, key=str)
        only_cr = sorted(theirs - mine, key=str)
        if not only_pack and not only_cr:
            return
        numbers: set[str] = set()
        for atom in only_pack:
            model = next(i for i, mm in enumerate(answer.models) if atom in mm)
            numbers |= {r for r in fx.rule_numbers(atom, answer, model, self.full)
                        if self._is_pack_rule(r)}
        if not numbers:
            numbers = {self.full.rules[i].rule for i in fired_in(answer)
                       if self.full.rules[i].pack == self.pack.name
                       and not self.full.rules[i].is_model}
        key = tuple(sorted(numbers))
        if key in self.divergence_keys or not key:
            return
        self.divergence_keys.add(key)
        self.diverging |= acting
        always_p = [str(a) for a in only_pack if a in answer.always][:5]
        never_p = [str(a) for a in only_cr if a in cr.always and a not in answer.union][:5]
        cr_data = cr_alone(data, self.base)
        w_pack = dict(data, title=f"consistency: {', '.join(key)} change the CR's outcome",
                      description="Found by rulekeeper consistency: with the pack. CR alone: "
                      + ", ".join(str(a) for a in only_cr[:5]) + ".",
                      expect={k: v for k, v in (("always", always_p), ("never", never_p)) if v})
        w_cr = dict(cr_data, title=f"consistency: the same situation under the CR alone ({', '.join(key)})",
                    description="Found by rulekeeper consistency: the CR side of a divergence "
                    "(the pack's own fields left out).",
                    expect={k: v for k, v in (
                        ("always", [str(a) for a in only_cr if a in cr.always][:5]),
                        ("never", [a for a in always_p if parse_ok(a) and
                                   all(str(x) != a for x in cr.union)][:5])) if v})
        if not w_pack["expect"]:        # nothing the witness could assert: no finding
            return
        witnesses = [copy.deepcopy(w) for w in (w_pack, w_cr) if w["expect"]]
        self.report.divergences.append(Finding(
            "divergence", list(key), f"when {describe(data)}: with the pack "
            + (", ".join(map(str, only_pack[:4])) or "none of these") + "; CR alone: "
            + (", ".join(map(str, only_cr[:4])) or "none of these"),
            witnesses, details={"with_pack": [str(a) for a in only_pack],
                                "cr_alone": [str(a) for a in only_cr],
                                "fix": f"what {', '.join(key)} change from the CR: if it is meant, "
                                "nothing to do (the witnesses pin it); if not, narrow the rule"}))

    def _dead(self, open_: dict) -> None:
        """Statements that never fired: dead when the bounded search was exhausted, not reached
        when it gave up (or had no time left)."""
        by_rule: dict[tuple[str, str], list] = {}
        for info in self.full.rules:
            if info.pack == self.pack.name and not is_constraint(info.node) and \
                    info.index not in self.fired and info.node.body:
                why = open_.get(("fires", info.index))
                key = "none" if why is not None and why.status == "none" else "open"
                by_rule.setdefault((info.rule, key), []).append((info, why))
        for (number, key), items in by_rule.items():
            infos = [i for i, _ in items]
            statements = [f"{i.file}:{i.line}: {i.text[:120]}" for i in infos]
            if key == "none":
                self.report.dead.append(Finding(
                    "dead", [number], f"{len(infos)} statement(s) cannot fire within "
                    f"{self.report.bounds}", details={"statements": statements,
                                                     "fix": fix_dead(infos)}))
                continue
            spent = max((w.seconds for _, w in items if w is not None), default=0.0)
            why = (f"gave up after {spent:.0f} s" if any(w is not None for _, w in items)
                   else "no time left for its search")
            self.report.not_reached.append(Finding(
                "not_reached", [number], f"{len(infos)} statement(s) not reached ({why} within "
                f"{self.report.bounds})", details={
                    "statements": statements, "fix": "raise --per-target or --timeout, or "
                    "write a scenario that makes it fire"}))
        for (kind, index), why in sorted(open_.items()):
            if kind == "fires" or why.status == "none":
                continue
            info = self.full.rules[index]
            what = ("forbids something the CR makes happen" if kind == "forbids"
                    else "must choose where there is nothing to choose")
            self.report.not_reached.append(Finding(
                "not_checked", [info.rule], f"not checked whether it {what} (gave up after "
                f"{why.seconds:.0f} s within {why.bounds})", details={
                    "statements": [f"{info.file}:{info.line}: {info.text[:120]}"],
                    "fix": "raise --per-target or --timeout"}))

    # -- interpretations ------------------------------------------------------------------------
    def _interpretations(self) -> None:
        for topic, options, default in readings(self.full, self.pack.name):
            numbers = sorted({i.rule for i in self.full.rules if i.pack == self.pack.name
                              and ("reading", 2) in i.bodies and topic in constants(i)})
            finding = Finding("interpretation", numbers, f"reading '{topic}': "
                               f"{', '.join(options)} (default {default})",
                               details={"topic": topic, "readings": options, "default": default})
            statements = {i.index for i in self.full.rules if i.rule in numbers}
            for data in self._reading_candidates(topic, statements):
                outcomes = self._underreadings(data, options)
                if outcomes and len({frozenset(o.union) for o in outcomes.values()}) > 1:
                    self._reading_witnesses(finding, data, outcomes)
                    break
            self.report.interpretations.append(finding)

    def _reading_candidates(self, topic: str, statements: set[int]):
        """Situations where the topic's rules fired, then new boards made for the statements
        that consult the reading (with either player active: "each upkeep")."""
        for data, answer in list(self.solved):
            if self._out_of_time():
                return
            if fired_in(answer) & statements:
                yield data
        readers = [i for i in self.full.rules if i.index in statements and
                   ("reading", 2) in i.bodies]
        for info in readers:
            w = wants(info, self.full, self.pack.name, self.voc, self.kw_pos, self.st_pos)
            for extra in ({("action", "upkeep"), ("active", "bob")}, {("action", "damage")},
                          {("action", "cast")}, set()):
                if self._out_of_time():
                    return
                for board in generate(self.program, self.voc, Want(all=w.all | extra, any=w.any),
                                      self.s.max_objects, 1, self.tried):
                    self.tried.add(board.key)
                    data = board_scenario(board, "reading", self._rules_entry(), self.voc)
                    if data:
                        yield data

    def _underreadings(self, data: dict, options: list[str]) -> dict[str, Answer]:
        out = {}
        for option in options:
            try:
                scen = self._scenario(dict(data, readings=[option]), "reading")
                out[option] = self.engine.answer(scen, timeout=self.s.solve_timeout)
            except RulekeeperError:
                return {}
        return out

    def _reading_witnesses(self, finding: Finding, data: dict, outcomes: dict) -> None:
        unions = {k: v.union for k, v in outcomes.items()}
        witnesses = []
        for option, answer in outcomes.items():
            others = set().union(*(u for k, u in unions.items() if k != option))
            own = sorted(str(a) for a in answer.always - others)[:5]
            never = sorted(str(a) for a in others - answer.union)[:5]
            expect = {k: v for k, v in (("always", own), ("never", never)) if v}
            if not expect:          # a witness asserts what the finding says, or is not written
                return
            witnesses.append(copy.deepcopy(dict(
                data, title=f"consistency: {', '.join(finding.rules)} under the reading {option}",
                description=f"Found by rulekeeper consistency: the readings of "
                f"'{finding.details['topic']}' give different outcomes here.",
                readings=[option], expect=expect)))
        finding.witnesses += witnesses
        finding.details["differs"] = True

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

    def _is_pack_rule(self, number: str) -> bool:
        return any(i.rule == number and i.pack == self.pack.name for i in self.full.rules)

def _compared(atom, data: dict, own: set[str]) -> bool:
    """Whether a divergence compares this outcome atom: not the pack's own atoms, and not the
    steps the game moved on to after a last `resolve` (with an empty stack the CR-alone game
    moves on where the pack's trigger was resolved: the witness's own doing)."""
    if atom.name in own:
        return False
    acts = data.get("actions") or []
    if acts and acts[-1] == "resolve" and atom.name == "happened" and atom.arguments and \
            atom.arguments[0].name == "step":
        return False
    return True


def _file_section(file: str) -> str:
    """`1000.5` for `almos/1000.5-statebound.lp`: the section a rule file is named after."""
    name = Path(file).name
    return name.split("-", 1)[0] if name[:1].isdigit() else ""


def fix_conflict(infos) -> str:
    """A suggested fix, by the form of the conflicting statements."""
    fixes = []
    for info in infos:
        if is_constraint(info.node):
            fixes.append(f"{info.rule} is a constraint (`:-`): it forbids what the CR makes happen "
                         "here; write it as a replacement (a hook of docs/writing-rules.md section 3: "
                         "destruction_replaced, move_instead, ...) or narrow it")
        elif info.node.head.ast_type == ast.ASTType.Aggregate:
            fixes.append(f"{info.rule} must choose and there is nothing to choose: make the "
                         "choice optional (0 { ... } 1) or say what happens when there is none")
    return "; ".join(fixes) or "decide which rule applies here, and encode that decision"


def fix_dead(infos) -> str:
    return ("no board of the bounds makes its conditions hold together: check that they can "
            "(types, zones, steps), or raise --max-objects / --max-actions if it needs more")
