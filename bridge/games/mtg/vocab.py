"""The words of Magic's card and scenario format that several modules read (mana symbols,
words, keyword names, counter aliases): kept below them all, so none imports another for them."""
from __future__ import annotations

import re

from clingo import Function, Symbol

from ...core.base.terms import atom

__all__ = ["COPY_KEEP", "COUNTER_ALIASES", "KEYWORD_NAME", "MANA_SYMBOL", "WORD", "GRAPH_PLUMBING", "mana_term"]

MANA_SYMBOL = re.compile(r"\{([WUBRGCSX]|\d{1,2}|[WUBRG2]/[WUBRGP]|[WUBRG]/[WUBRG]/P)\}", re.ASCII)
# patterns are used with fullmatch: "deathtouch\n" must not pass for deathtouch ($ would let it)
WORD = re.compile(r"[a-z][a-z0-9_\-]*")
KEYWORD_NAME = re.compile(r"[a-z][a-z0-9_]*")
# counter kinds as a scenario may write them -> the kind the rules use
COUNTER_ALIASES = {"loyalty": "loyalty", "defense": "defense", "p1p1": "+1/+1", "m1m1": "-1/-1"}


def mana_term(sym: str) -> Symbol:
    parts = sym.split("/")
    if sym.isdigit():
        return atom("generic", int(sym))
    if sym == "X":
        return Function("x")
    if len(parts) == 1:
        return atom("colored", sym.lower())
    if parts[-1] == "P":
        return atom("phyrexian", *[p.lower() for p in parts[:-1]])
    if parts[0] == "2":
        return atom("twobrid", parts[1].lower())
    return atom("hybrid", parts[0].lower(), parts[1].lower())


# Predicates every rule touches (the rule graph, tools/graph.py): edges through them say nothing about the game.
GRAPH_PLUMBING = {"time", "step", "check", "final", "report_time", "settle_point", "action_index",
            "segment", "stack_time", "time_name", "rest_point", "exact_trigger_names", "occurs", "event", "event_arg", "event_param", "player",
            "object", "remaining", "object_exists", "permanent", "is_type", "creature",
            "damage_recipient_type", "dies_type", "face_up", "char", "game_over", "inertia_gap"}

# 707.9c: the characteristics a copy effect may leave uncopied ("except it doesn't copy that
# creature's colour"), and the characteristic each names
COPY_KEEP = {"name": "name", "colors": "color", "types": "type", "subtypes": "subtype",
             "supertypes": "supertype", "power": "power", "toughness": "toughness"}
