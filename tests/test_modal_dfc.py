"""712.2 (issue 32): a modal double-faced card compiles to a card with `modal: true`, so that its
back face is a face to cast, never a transformation; a transforming card does not."""
from __future__ import annotations

import json
from pathlib import Path

from rulekeeper.bridge.cards.oracle.compile import compile_card

FIXTURE = Path(__file__).parent / "fixtures" / "scryfall" / "cards.json"


def _card(name: str) -> dict:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    cards = data["data"] if isinstance(data, dict) else data
    return next(c for c in cards if c["name"] == name)


def test_a_modal_double_faced_card_is_marked_modal():
    compiled = compile_card(_card("Kazandu Mammoth // Kazandu Valley")).yaml_card
    assert compiled["modal"] is True and compiled["back"]["name"] == "Kazandu Valley"


def test_a_transforming_card_is_not_modal():
    compiled = compile_card(_card("Delver of Secrets // Insectile Aberration")).yaml_card
    assert "modal" not in compiled and "back" in compiled
