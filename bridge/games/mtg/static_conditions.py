"""The condition of a conditional static ability (issue 31, session 15; docs/abilities-static.md):
`as_long_as:` beside the effect fields of `{static: ...}`. "During your turn, this creature has
first strike." is `as_long_as: your_turn`; "... as long as it's attacking" `attacking`; "... as
long as you control a Swamp" `{you_control: {subtypes: [swamp]}}` (with `at_least: 3` for "three
or more artifacts"); "... as long as there are seven or more cards in your graveyard" (threshold)
`{graveyard_at_least: 7}`; "As long as your devotion to red is less than five" `{devotion: [red],
less_than: 5}` (700.5; two colours for "devotion to black and red"). The effect exists only while the condition holds (611.3a; rules:
rules_asp/mtg/6-spells-abilities-effects/611.3a-conditional-statics.lp)."""
from __future__ import annotations

from typing import Any

from clingo import Function, Number, Symbol

from ...core.source.checks import Checker

FLAGS = ("your_turn", "attacking")
KINDS = ("you_control", "graveyard_at_least", "devotion")
COLOURS = ("white", "blue", "black", "red", "green")


def static_condition(chk: Checker, path: tuple, raw: Any,
                     read_filter: Any) -> tuple[list[Symbol], list[Symbol]]:
    """(`static_cond` terms, `static_cond_filter` terms) of an `as_long_as` value; `read_filter`
    is effects._affects (a filter map -> its terms)."""
    if isinstance(raw, str):
        return [Function(chk.choice(path, raw, FLAGS))], []
    data = chk.mapping(path, raw, set(KINDS) | {"at_least", "less_than"})
    kinds = [k for k in KINDS if k in data]
    if len(kinds) != 1:
        raise chk.src.error(path, f"as_long_as: one of {', '.join(FLAGS + KINDS)}")
    if "less_than" in data and kinds[0] != "devotion":
        raise chk.src.error(path + ("less_than",), "less_than goes with devotion")
    if kinds[0] == "devotion":
        return _devotion(chk, path, data)
    if kinds[0] == "graveyard_at_least":
        if "at_least" in data:
            raise chk.src.error(path + ("at_least",), "at_least goes with you_control")
        n = chk.int_value(path + ("graveyard_at_least",), data["graveyard_at_least"], minimum=1)
        return [Function("graveyard_at_least", [Number(n)])], []
    n = chk.int_value(path + ("at_least",), data.get("at_least", 1), minimum=1)
    _, items = read_filter(chk, path + ("you_control",), data["you_control"])
    return [Function("you_control", [Number(n)])], items


def _devotion(chk: Checker, path: tuple, data: dict) -> tuple[list[Symbol], list[Symbol]]:
    """`{devotion: [red], less_than: 5}` (700.5): the condition devotion_below(5), its colours as
    the filter items devotion_color(red) (rules: 7-additional-rules/700-general/700.5-devotion.lp)."""
    if "at_least" in data:
        raise chk.src.error(path + ("at_least",), "at_least goes with you_control")
    if "less_than" not in data:
        raise chk.src.error(path, "devotion needs less_than: N")
    colours = [chk.choice(path + ("devotion", i), c, COLOURS)
               for i, c in enumerate(chk.list(path + ("devotion",), data["devotion"]))]
    if not colours:
        raise chk.src.error(path + ("devotion",), "devotion names one colour or two")
    n = chk.int_value(path + ("less_than",), data["less_than"], minimum=1)
    return [Function("devotion_below", [Number(n)])], \
        [Function("devotion_color", [Function(c)]) for c in dict.fromkeys(colours)]
