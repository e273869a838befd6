"""The checks on one solved situation (issue 34): a conflict (no outcome with the pack where the
CR alone has one), a gap (a single-valued thing with two values, outcomes no player choice
explains), an overlap (two exceptions to one default at once) and a divergence (other outcomes
than under the CR alone). Each finding is said in game words (words.py), with its witness."""
from __future__ import annotations

import copy

from clingo import Function, ast

from ...core.base.errors import ImpossibleSituation
from ...core.solve.answer import Answer
from . import findings as fx
from . import words
from .board import cr_alone, describe
from .core import minimal_conflict
from .report import Finding
from .statements import fired_in, is_constraint, on_described_state, parse_ok


class SituationChecks:
    """The checks of a Checker (run.py) on each situation it solves."""

    def _conflict(self, data: dict, scen, err: ImpossibleSituation) -> None:
        if self._cr_answer(data) is None:      # impossible without the pack too: a bad board
            self.report.situations -= 1
            self.report.skipped += 1
            return
        core = minimal_conflict(scen, self.full, self.pack.name)
        if core and all(on_described_state(self.full.rules[i].node) for i in core):
            self.report.situations -= 1       # the pack says the board is none of the game's
            self.report.skipped += 1
            return
        numbers = sorted({self.full.rules[i].rule for i in core} |
                         {c.split()[0] for c in err.conflicts if not c.startswith("choose")})
        if any(set(numbers) == set(f.rules) for f in self.report.conflicts):
            return
        statements = [statement_words(self.full.rules[i]) for i in core]
        impossible = sorted({c.split()[0] for c in err.conflicts if not c.startswith("choose")})
        witness = dict(copy.deepcopy(data), title=f"consistency: {', '.join(numbers)} admit no outcome here",
                       description="Found by rulekeeper consistency: with the pack the rules admit "
                       "no outcome, the CR alone do. Conflicting statements: "
                       + "; ".join(statements + err.conflicts),
                       expect={"impossible": impossible or True})
        infos = [self.full.rules[i] for i in core]
        self.report.conflicts.append(Finding(
            "no_outcome", numbers, f"{self._rules_words(numbers)} {'leaves' if len(numbers) == 1 else 'leave'} the game with no way to go on "
            f"when {describe(data)}; the CR alone lets it go on",
            [witness], details={"statements": statements, "constraints": err.conflicts,
                                "fix": fix_conflict(infos)}))

    def _gaps(self, data: dict, answer: Answer) -> None:
        pairs = fx.several_values(answer)
        if pairs:
            a, b = pairs[0]
            model = next(i for i, m in enumerate(answer.models) if a in m and b in m)
            numbers = self._pack_first(set(self._giving(a, answer, model) +
                                           self._giving(b, answer, model)))
            said = (f"{self._rules_words(numbers)} {_say(len(numbers))} "
                    f"{words.thing(a)} when {describe(data)}, and "
                    f"{'disagree' if len(numbers) > 1 else 'gives two values'}: "
                    f"{words.value(a)} and {words.value(b)} in one outcome")
            self._add_gap(numbers, said, data, {"sometimes": [str(a), str(b)]},
                          {"atoms": [str(a), str(b)], "fix": "decide which value holds (one rule "
                           "as an exception to the other, `not ...`), or record a reading"})
            return
        alt = fx.unexplained_alternatives(answer)
        if alt:
            one, two = alt
            diff = sorted(map(str, one ^ two))[:4]
            model = answer.models.index(two)
            numbers = self._pack_first({r for atom in (one ^ two)
                                        for r in fx.rule_numbers(atom, answer,
                                                                 model if atom in two else answer.models.index(one),
                                                                 self.full)[:2]})
            said = (f"{self._rules_words(numbers)} {'leave' if len(numbers) > 1 else 'leaves'} "
                    f"the outcome undecided when {describe(data)}: with the same player choices, "
                    f"in one outcome {words.outcomes(one - two)}; in another {words.outcomes(two - one)}")
            self._add_gap(numbers, said, data, {"sometimes": diff},
                          {"atoms": diff, "fix": "say which happens, or let a player choose it "
                           "(a choice of the player the rule names)"})

    def _giving(self, atom, answer: Answer, model: int) -> list[str]:
        """The rules that give `atom` its value: the pack's statements nearest to it along
        any of its derivations (a pack hook such as `enters_under` is read by CR rules, 110.2
        and 608.3a, which are nearer to the controller than the statement that chose it, and
        the value may also have a derivation by the CR alone, which the explanation prefers),
        else the three nearest rules of its explanation."""
        mine = self._nearest_pack_rules(Function("outcome", [atom]), answer.supports[model])
        return mine or fx.rule_numbers(atom, answer, model, self.full)[:3]

    def _nearest_pack_rules(self, atom, support, depth: int = 12) -> list[str]:
        """Breadth first over every support of `atom` (not only the preferred one): the pack's
        rule numbers at the first depth where one is, none past `depth` steps."""
        seen, frontier = set(), [atom]
        for _ in range(depth):
            found, nxt = [], []
            for a in frontier:
                if a in seen:
                    continue
                seen.add(a)
                for i, body in support.get(a, ()):
                    info = self.full.rules[i]
                    if info.pack == self.pack.name and not info.is_model and info.rule not in found:
                        found.append(info.rule)
                    nxt += body
            if found or not nxt:
                return sorted(found)
            frontier = nxt
        return []

    def _pack_first(self, numbers: set[str]) -> list[str]:
        """The pack's rule numbers among these (all of them when none is the pack's)."""
        return sorted(n for n in numbers if self._is_pack_rule(n)) or sorted(numbers)

    def _add_gap(self, numbers, summary, data, expect, details) -> None:
        if any(set(numbers) == set(g.rules) for g in self.report.gaps):
            return
        witness = dict(copy.deepcopy(data), title=f"consistency: {', '.join(numbers)} leave a value undecided",
                       description=f"Found by rulekeeper consistency: {summary}.", expect=expect)
        self.report.gaps.append(Finding("gap", numbers, summary, [witness], details=details))

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
            said = self._overlap_words(a, b, support, data)
            witness = dict(copy.deepcopy(data), title=f"consistency: {' and '.join(numbers)} both apply to one event",
                           description=f"Found by rulekeeper consistency: {said}. The outcome "
                           "the rules give now is stated.", expect={"always": outcome[:6]})
            self.report.conflicts.append(Finding(
                "overlap", numbers, said, [witness],
                details={"atoms": [str(a), str(b)], "outcome": outcome,
                         "fix": f"decide which of {' and '.join(numbers)} applies (write one as "
                         "an exception to the other), or record a reading (reading_option/2, "
                         "docs/consistency.md)"}))
            return

    def _overlap_words(self, a, b, support, data: dict) -> str:
        """"1000.7c (...) and 702.90c (...) both say what happens to the damage o1 deals to o2
        when ..., and disagree: ...; the pack does not say which wins"."""
        sides = []
        for atom in (a, b):
            numbers = sorted({self.full.rules[i].rule
                              for i in fx.statements_behind(atom, support, self.full)})
            sides.append((self._rules_words(numbers), words.event(atom)))
        (who_a, (what, says_a)), (who_b, (_, says_b)) = sides
        return (f"{who_a} and {who_b} both say what happens to {what} when {describe(data)}, "
                f"and disagree: {says_a} by the first, {says_b} by the second; the pack does "
                "not say which wins")

    def _rules_words(self, numbers: list[str]) -> str:
        return words.rules_list(self.full, numbers) if numbers else "the rules"

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
            + (words.outcomes(only_pack[:4]) if only_pack else "none of these") + "; CR alone: "
            + (words.outcomes(only_cr[:4]) if only_cr else "none of these"),
            witnesses, details={"with_pack": [str(a) for a in only_pack],
                                "cr_alone": [str(a) for a in only_cr],
                                "fix": f"what {', '.join(key)} change from the CR: if it is meant, "
                                "nothing to do (the witnesses pin it); if not, narrow the rule"}))

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


def _say(n: int) -> str:
    return "says" if n == 1 else "both say" if n == 2 else "all say"


def fix_conflict(infos) -> str:
    """A suggested fix, by the form of the conflicting statements."""
    fixes = []
    for info in infos:
        if is_constraint(info.node) and ("cast_spell", 3) in info.bodies:
            fixes.append(f"{info.rule} is a constraint (`:-`) on a cast: it makes the game "
                         "impossible instead of the cast illegal; write the \"can't\" as "
                         f"`cast_fails(T,O,\"{info.rule}\") :- cast_attempt(T,O,P), ...` (the cast "
                         "is then refused and reported, 601.2)")
        elif is_constraint(info.node):
            fixes.append(f"{info.rule} is a constraint (`:-`): it forbids what the CR makes happen "
                         "here; write it as a replacement (a hook of docs/writing-rules.md section 3: "
                         "destruction_replaced, move_instead, ...) or narrow it")
        elif info.node.head.ast_type == ast.ASTType.Aggregate:
            fixes.append(f"{info.rule} must choose and there is nothing to choose: make the "
                         "choice optional (0 { ... } 1) or say what happens when there is none")
    return "; ".join(fixes) or "decide which rule applies here, and encode that decision"


def statement_words(info) -> str:
    """A conflict's statement as the report names it: `rule summary [file:line]`."""
    return f"{info.rule} {info.summary} [{info.file}:{info.line}]"
