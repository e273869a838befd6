"""The section of an Altered ruling on characteristics: where the rules read an object
otherwise than its card is written (a token's type, a Mana Orb, sub-types kept or gained)."""
from __future__ import annotations

from clingo import Symbol

from ...core.explain.cite import cite_in_answer
from ...core.explain.words import with_citations
from .model import AlteredScenario
from .words import sentence


def board_lines(scen: AlteredScenario, answer, rules) -> list[str]:
    """Type and sub-type atoms true in every outcome that differ from what the card says."""
    written = {o.id: o.card for o in scen.objects}
    lines = []
    for atom in sorted(answer.always, key=str):
        if atom.name not in ("type", "subtype") or len(atom.arguments) != 2:
            continue
        card = written.get(str(atom.arguments[0]))
        if card is None or _as_written(atom, card):
            continue
        lines.append(f"- {with_citations(sentence(atom), cite_in_answer(atom, answer, rules))}")
    return ["As the rules read the board (not as the cards are written):"] + lines if lines else []


def _as_written(atom: Symbol, card) -> bool:
    value = str(atom.arguments[1])
    return value == card.type if atom.name == "type" else value in card.subtypes
