"""The condition of a conditional static ability (issue 31, session 15; docs/abilities-static.md):
`as_long_as:` beside the effect fields of `{static: ...}`. "During your turn, this creature has
first strike." is `as_long_as: your_turn`; "... as long as it's attacking" `attacking`; "... as
long as you control a Swamp" `{you_control: {subtypes: [swamp]}}` (with `at_least: 3` for "three
or more artifacts"); "... as long as there are seven or more cards in your graveyard" (threshold)
`{graveyard_at_least: 7}`. The effect exists only while the condition holds (611.3a; rules:
rules_asp/mtg/6-spells-abilities-effects/611.3a-conditional-statics.lp)."""
from __future__ import annotations

from typing import Any

from clingo import Function, Number, Symbol

from ...core.source.checks import Checker

FLAGS = ("your_turn", "attacking")
KINDS = ("you_control", "graveyard_at_least")


def static_condition(chk: Checker, path: tuple, raw: Any,
                     read_filter: Any) -> tuple[list[Symbol], list[Symbol]]:
    """(`static_cond` terms, `static_cond_filter` terms) of an `as_long_as` value; `read_filter`
    is effects._affects (a filter map -> its terms)."""
    if isinstance(raw, str):
        return [Function(chk.choice(path, raw, FLAGS))], []
    data = chk.mapping(path, raw, set(KINDS) | {"at_least"})
    kinds = [k for k in KINDS if k in data]
    if len(kinds) != 1:
        raise chk.src.error(path, f"as_long_as: one of {', '.join(FLAGS + KINDS)}")
    if kinds[0] == "graveyard_at_least":
        if "at_least" in data:
            raise chk.src.error(path + ("at_least",), "at_least goes with you_control")
        n = chk.int_value(path + ("graveyard_at_least",), data["graveyard_at_least"], minimum=1)
        return [Function("graveyard_at_least", [Number(n)])], []
    n = chk.int_value(path + ("at_least",), data.get("at_least", 1), minimum=1)
    _, items = read_filter(chk, path + ("you_control",), data["you_control"])
    return [Function("you_control", [Number(n)])], items
