"""Altered (pack `altered`) behind the game interface: its scenarios (bridge/games/altered/validate),
facts (bridge/games/altered/facts) and words (bridge/games/altered/words). No Magic module is imported."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from clingo import Symbol

from ...core.game import Game, Layout, Source
from ...core.rules.packs import Pack
from ...core.solve.timeline import timeline


class AlteredGame(Game):
    name = "altered"
    packs = ("altered",)
    rules_title = "the Altered rules"
    section_names = {"1": "Game structure", "2": "Objects", "3": "Zones", "4": "Phases",
                     "5": "Playing cards", "6": "Costs and effects", "7": "Abilities and keywords"}

    def load(self, source: Source, plugins: Sequence[Pack] = (), deadline=None):
        from .validate import validate_altered
        return validate_altered(source.yaml, plugins, deadline)

    def facts(self, scen: Any, layout: Layout) -> list[Symbol]:
        from .facts import scenario_facts
        return scenario_facts(scen, timeline(len(scen.actions), layout.checks))

    def outcome_names(self) -> set[str]:
        from .words import SENTENCES
        return {name for name, _ in SENTENCES} | {"happened", "illegal"}

    def sentence(self, atom: Symbol) -> str:
        from .words import sentence
        return sentence(atom)

    def ruling(self, scen: Any, answer, rules, notes, remarks, full: bool = False) -> str:
        from ...core.explain.generic import generic_ruling
        from .board import board_lines
        text = generic_ruling(self, scen, answer, rules, notes, remarks)
        board = board_lines(scen, answer, rules)
        if board:       # the rules did apply: to the characteristics
            text = text.replace("Nothing changes: no encoded rule applies to this situation.",
                                "Nothing changes.")
        return "\n".join([text] + board)

    def not_encoded(self, scen: Any, rules) -> list[str]:
        from .notes import not_encoded
        return not_encoded(scen)

    def ignored(self, scen: Any, rules) -> list[str]:
        from .notes import ignored
        return ignored(scen)

    def board_size(self, scen: Any) -> str:
        return f"{len(scen.objects)} objects, {len(scen.actions)} actions"

    def group_of(self, number: str) -> str:
        return ".".join(number.split(".")[:3])

    def owns_rule_number(self, number: str) -> bool:
        return number.count(".") >= 2

    def listed_rules(self):
        from .rulestext import pack_rule_list
        return pack_rule_list()

    def read_rules_text(self, path: str | Path):
        from .rulestext import read_altered_rules
        return read_altered_rules(path)


GAME = AlteredGame()
