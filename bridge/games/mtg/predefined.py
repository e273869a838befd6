"""Predefined tokens (111.10): the Treasure, Food and Clue tokens an effect creates by name
(`create_token: {predefined: clue}`, and the keyword action investigate, 701.16a). Each is a card
of the card format under the key `#token:<name>`; the rules name them by that key
(rules_asp/mtg/1-game-concepts/111.10-predefined-tokens.lp). The texts are the rules' own
abilities written in the card format."""
from __future__ import annotations

from functools import cache
from typing import Any, Iterable

from .cards import parse_card_map
from .predefined_tokens import PREDEFINED, VERB_TOKENS
from .scenario import Card

__all__ = ["predefined_token_cards", "token_key"]


def token_key(name: str) -> str:
    return f"#token:{name}"


@cache
def _card(name: str) -> Card:
    return parse_card_map(PREDEFINED[name], f"predefined token {name} (111.10)", key=token_key(name))


def _effects(ab: dict[str, Any]) -> Iterable[dict[str, Any]]:
    yield from ab.get("effects", [])
    for mode in ab.get("modes") or []:
        yield from mode.get("effects", [])
    yield from ab.get("if_kicked", [])
    yield from ab.get("unless_kicked", [])


def predefined_token_cards(cards: list[Card]) -> list[Card]:
    """The predefined token cards some ability of the scenario's cards may create."""
    names: set[str] = set()
    faces = [c for card in cards for c in (card, card.back) if c is not None]
    for face in faces:
        for ab in face.abilities:
            for eff in _effects(ab):
                if eff.get("verb") == "create_token" and eff.get("predefined"):
                    names.add(eff["predefined"])
                elif eff.get("verb") in VERB_TOKENS:
                    names.add(VERB_TOKENS[eff["verb"]])
    return [_card(n) for n in sorted(names)]
