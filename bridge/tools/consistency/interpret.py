"""Recorded interpretations (issue 34): for each reading topic a pack declares, a situation where
its readings give different outcomes, with one witness a reading."""
from __future__ import annotations

import copy

from ...core.base.errors import RulekeeperError
from ...core.solve.answer import Answer
from .board import board_scenario, generate
from .report import Finding
from .statements import constants, fired_in, readings
from .vocabulary import Want, wants


class Interpretations:
    """The interpretations step of a Checker (run.py)."""

    def _interpretations(self) -> None:
        for topic, options, default in readings(self.full, self.pack.name):
            numbers = sorted({i.rule for i in self.full.rules if i.pack == self.pack.name
                              and ("reading", 2) in i.bodies and topic in constants(i)})
            finding = Finding("interpretation", numbers, f"reading '{topic}': "
                               f"{', '.join(options)} (default {default})",
                               details={"topic": topic, "readings": options, "default": default})
            statements = {i.index for i in self.full.rules if i.rule in numbers}
            for data, known in self._reading_candidates(topic, statements):
                outcomes = self._underreadings(data, options, {default: known} if known else {})
                if outcomes and len({frozenset(o.union) for o in outcomes.values()}) > 1:
                    self._reading_witnesses(finding, data, outcomes)
                    break
            self.report.interpretations.append(finding)

    def _reading_candidates(self, topic: str, statements: set[int]):
        """(situation, its answer under the default reading or None): situations where the
        topic's rules fired, then new boards made for the statements that consult the reading
        (with either player active: "each upkeep")."""
        for data, answer in list(self.solved):
            if self._out_of_time():
                return
            if fired_in(answer) & statements:
                yield data, None if data.get("readings") else answer
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
                        yield data, None

    def _underreadings(self, data: dict, options: list[str],
                       known: dict[str, Answer]) -> dict[str, Answer]:
        """The answer under each reading; `known`: those already solved (a situation of the
        run, solved under the default reading: not solved again, half of this step's solves)."""
        out = {}
        for option in options:
            if option in known:
                out[option] = known[option]
                continue
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
