"""Library effects of the card ability form with their own fields (docs/abilities.md, issue 32):
`search: {player, for, amount, to, tapped}` (701.23: search a library for cards that match a
filter and put them somewhere). Validation and facts; the ASP side is
rules_asp/mtg/7-additional-rules/701-keyword-actions/701.23-search.lp."""
from __future__ import annotations

from typing import Any

from clingo import Function, Number, Symbol

from ...core.source.checks import Checker
from .effects import _affects

SEARCH_FIELDS = {"player", "for", "amount", "to", "tapped"}
SEARCH_DESTINATIONS = ("hand", "battlefield", "graveyard", "exile")


def parse_search(chk: Checker, q: tuple, arg: Any, player_ref: Any) -> dict[str, Any]:
    """`search: {player: you, for: FILTER, amount: 1, to: hand, tapped: false}`: `for` is the
    static filter map (types, subtypes, supertypes, colors, not_types, ...); without it the
    search is for "a card" (701.23d). `player_ref` validates the player field."""
    d = chk.mapping(q, arg if arg is not None else {}, SEARCH_FIELDS)
    items: list[Symbol] = []
    if "for" in d:
        if not isinstance(d["for"], dict):
            raise chk.src.error(q + ("for",), "a search filter is a map like {types: [land], subtypes: [forest]}")
        items = _affects(chk, q + ("for",), d["for"])[1]
    out: dict[str, Any] = {"verb": "search", "player": player_ref(chk, q + ("player",), d.get("player", "you")),
                           "items": items,
                           "amount": chk.int_value(q + ("amount",), d.get("amount", 1), 1),
                           "to": chk.choice(q + ("to",), d.get("to", "hand"), SEARCH_DESTINATIONS),
                           "tapped": chk.bool_value(q + ("tapped",), d.get("tapped", False))}
    if out["tapped"] and out["to"] != "battlefield":
        raise chk.src.error(q + ("tapped",), "only a card put onto the battlefield can enter tapped")
    return out


def search_facts(head: list[Symbol], e: int, eff: dict[str, Any], who: Symbol) -> list[Symbol]:
    """`ability_effect(K,F,N,E,search(Who,Amount,To))`, `search_filter(K,F,N,E,Item)` per filter
    item, `search_quality(K,F,N,E)` when the search names a quality (701.23b), and
    `ability_effect_arg(K,F,N,E,tapped,true)`."""
    eid = Number(e * 10)
    out = [Function("ability_effect", head + [eid, Function("search", [who, Number(eff["amount"]),
                                                                     Function(eff["to"])])])]
    out += [Function("search_filter", head + [eid, item]) for item in eff["items"]]
    if eff["items"]:
        out.append(Function("search_quality", head + [eid]))
    if eff["tapped"]:
        out.append(Function("ability_effect_arg", head + [eid, Function("tapped"), Function("true")]))
    return out
