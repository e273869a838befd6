"""Library effects of the card ability form with their own fields (docs/abilities.md):
`search: {player, for, amount, to, tapped}` (issue 32; 701.23: search a library for cards that
match a filter and put them somewhere, rules_asp/.../701.23-search.lp) and `exile_until: {...}`
(401, 701.13: exile from the top until a matching card, rules_asp/mtg/4-zones/401-library-exile-until.lp).
Validation (the facts of search too)."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from clingo import Function, Number, Symbol

from ...core.source.checks import Checker
from .effects import _affects

SEARCH_FIELDS = {"player", "for", "amount", "to", "tapped"}
# a card in a library has no controller: the filter reads its characteristics only (supertypes
# too: "a basic land card")
SEARCH_FILTER_FIELDS = {"types", "not_types", "subtypes", "supertypes", "not_supertypes", "colors", "not_colors"}
EXILE_UNTIL_FIELDS = {"player", "count", "not_types", "max_mana_value", "may_cast_free", "found_to_hand",
                      "rest", "may_play"}
SEARCH_DESTINATIONS = ("hand", "battlefield", "graveyard", "exile")


def parse_search(chk: Checker, q: tuple, arg: Any, player_ref: Any) -> dict[str, Any]:
    """`search: {player: you, for: FILTER, amount: 1, to: hand, tapped: false}`: `for` is the
    filter map without controller/other (types, subtypes, supertypes, colors, not_types, ...); without it the
    search is for "a card" (701.23d). `player_ref` validates the player field."""
    d = chk.mapping(q, arg if arg is not None else {}, SEARCH_FIELDS)
    items: list[Symbol] = []
    if "for" in d:
        if not isinstance(d["for"], dict):
            raise chk.src.error(q + ("for",), "a search filter is a map like {types: [land], subtypes: [forest]}")
        items = _affects(chk, q + ("for",), d["for"], SEARCH_FILTER_FIELDS)[1]
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


def parse_exile_until(chk: Checker, q: tuple, arg: Any, ref: Callable[..., Any]) -> dict[str, Any]:
    """`exile_until: {player, count, not_types, max_mana_value, may_cast_free, found_to_hand, rest}`:
    exile cards from the top of the player's library until `count` cards that match are exiled
    (docs/abilities.md). `ref` validates the player field."""
    d = chk.mapping(q, arg, EXILE_UNTIL_FIELDS)
    out: dict[str, Any] = {"verb": "exile_until", "player": ref(chk, q + ("player",), d.get("player", "you")),
                           "count": chk.int_value(q + ("count",), d.get("count", 1), 1),
                           "not_types": chk.word_list(q + ("not_types",), d.get("not_types", []), re.compile(r"^[a-z_]+$")),
                           "may_cast_free": chk.bool_value(q + ("may_cast_free",), d.get("may_cast_free", False)),
                           "found_to_hand": chk.int_value(q + ("found_to_hand",), d.get("found_to_hand", 0), 0),
                           "rest": chk.choice(q + ("rest",), d.get("rest", "exile"), ("exile", "bottom"))}
    if d.get("max_mana_value") is not None:
        out["max_mana_value"] = chk.int_value(q + ("max_mana_value",), d["max_mana_value"], 0)
    if "may_play" in d:     # "Until end of turn, you may play that card" (611.2a, 701.18b)
        out["may_play"] = chk.choice(q + ("may_play",), d["may_play"], ("end_of_turn",))
        if out["may_cast_free"] or out["found_to_hand"]:
            raise chk.src.error(q + ("may_play",), "may_play is for cards that stay in exile")
    if out["found_to_hand"] > 1:
        raise chk.src.error(q + ("found_to_hand",), "only 0 or 1 is encoded (608.2c)")
    return out
