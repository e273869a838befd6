"""Helpers of the Oracle template tests (test_oracle_session13.py, test_oracle_session14.py): a
real card's fixture as a Scryfall-style object, and "it compiles fully and the card format
accepts it"."""
from __future__ import annotations

from typing import Any

from rulekeeper.bridge.cards.oracle import compile_card
from rulekeeper.bridge.games.mtg.cards import parse_card_map


def card(name: str, type_line: str, text: str, **more: Any) -> dict:
    return {"object": "card", "name": name, "type_line": type_line, "oracle_text": text, **more}


def full(data: dict) -> dict:
    """The card compiled fully and the card format accepts it; its card YAML map."""
    result = compile_card(data)
    assert result.status == "full", [(ln.text, ln.reason) for ln in result.lines]
    parse_card_map(result.yaml_card, "test", result.yaml_card["name"])
    return result.yaml_card
