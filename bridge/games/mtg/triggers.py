"""The trigger part of a card's triggered ability (603.2, 603.4): the events a `when` names
(every one declares its rules in reliance.TRIGGER_EVENT_RULES) and the intervening-if
conditions; split from abilities.py, which reads the rest of an ability."""
from __future__ import annotations

import re
from typing import Any

from ...core.source.checks import Checker
from ._effect_args import _filter
from .vocab import COUNTER_ALIASES

__all__ = ["BARE_EVENTS", "CONDITIONS", "STEP_ALIASES", "TRIGGER_EVENTS", "parse_condition", "parse_when"]

TRIGGER_EVENTS = ("enters", "dies", "leaves", "dealt_damage", "you_cast", "beginning_of",
                  "counter_removed", "attacks", "deals_combat_damage", "dies_matching",
                  "enters_matching", "cycled", "exploits", "blocks", "becomes_blocked",
                  "becomes_blocked_by_creature", "you_attack", "you_gain_life",
                  "you_scry", "you_surveil", "nth_counter", "ring_tempts_you",
                  "you_discover", "you_manifest_dread",
                  "becomes_target", "to_graveyard", "unlock_this_door", "you_fully_unlock",
                  "you_commit_crime", "blocks_or_becomes_blocked", "you_control_none",
                  "you_expend")
# the events a `when` may name alone (the others take an argument: `{you_cast: [...]}`,
# `{beginning_of: upkeep}`, `{counter_removed: time}`, `{nth_counter: ...}`; the *_matching
# forms are written `{dies: FILTER}` / `{enters: FILTER}`)
BARE_EVENTS = tuple(e for e in TRIGGER_EVENTS if e not in (
    "you_cast", "beginning_of", "counter_removed", "nth_counter", "dies_matching", "enters_matching",
    "you_control_none", "you_expend"))
# `{beginning_of: ...}` also takes the step names of Oracle text (issue 15)
STEP_ALIASES = {"draw_step": "draw", "end_step": "end", "combat": "beginning_of_combat"}
CONDITIONS = ("life_at_least", "life_at_most", "you_control", "battlefield_state",
              "no_spells_last_turn", "player_spells_last_turn_at_least",   # 603.4 (werewolves)
              "tribute_not_paid",   # 702.104b: "if tribute wasn't paid"
              "bargained",          # 702.166c: "if it was bargained"
              "descended")          # 700.11: "if you descended this turn"

def parse_when(chk: Checker, p: tuple, raw: Any) -> tuple:
    """A triggered ability's `when`: a bare event name (BARE_EVENTS) or a one-key map."""
    if isinstance(raw, str):
        return (chk.choice(p, raw, BARE_EVENTS),)
    d = chk.mapping(p, raw, set(TRIGGER_EVENTS) | {"player"})
    kinds = [k for k in d if k != "player"]
    if len(kinds) != 1:
        raise chk.src.error(p, "when: one event, e.g. enters, {you_cast: [instant, sorcery]}, "
                               "{beginning_of: upkeep}, {dies: {types: [creature], other: true}}")
    kind = kinds[0]
    if "player" in d and kind != "beginning_of":
        raise chk.src.error(p + ("player",), "player: only with beginning_of")
    if kind == "you_cast":
        types = d[kind] if isinstance(d[kind], list) else [d[kind]]
        return (kind, chk.word_list(p + (kind,), types, re.compile(r"[a-z]+")))
    if kind == "beginning_of":
        from .scenario import STEPS
        whose = chk.choice(p + ("player",), d.get("player", "you"), ("you", "each", "opponent"))
        step = STEP_ALIASES.get(d[kind], d[kind]) if isinstance(d[kind], str) else d[kind]
        return (kind, chk.choice(p + (kind,), step, STEPS + tuple(STEP_ALIASES)), whose)
    if kind == "counter_removed":
        return (kind, chk.str_value(p + (kind,), d[kind]))
    if kind == "you_control_none":   # 603.8 state trigger: "when you control no Islands" (a subtype)
        return (kind, chk.str_value(p + (kind,), d[kind]))
    if kind == "you_expend":        # 700.14: "whenever you expend 4"
        return (kind, chk.int_value(p + (kind,), d[kind], 1))
    if kind == "nth_counter":       # 122.7: "when the Nth [kind] counter is put on this"
        nth = chk.mapping(p + (kind,), d[kind], {"kind", "n"})
        word = chk.str_value(p + (kind, "kind"), nth.get("kind", "+1/+1"))
        return (kind, COUNTER_ALIASES.get(word, word),
                chk.int_value(p + (kind, "n"), nth.get("n"), 1))
    if kind in ("dies", "enters"):   # issue 15: "whenever another creature dies / enters"
        return (f"{kind}_matching", _filter(chk, p + (kind,), d[kind]))
    if kind == "deals_combat_damage":   # 510.3a: "... deals combat damage to a player"
        return (kind, chk.choice(p + (kind,), d[kind], ("player", "any")))
    if kind in ("dies_matching", "enters_matching"):
        raise chk.src.error(p + (kind,), f"write {{{kind.split('_')[0]}: FILTER}}")
    return (kind,)


def parse_condition(chk: Checker, p: tuple, raw: Any) -> tuple:
    """A triggered ability's intervening `if` (603.4): one condition of CONDITIONS."""
    d = chk.mapping(p, raw, set(CONDITIONS))
    if len(d) != 1:
        raise chk.src.error(p, f"if: one condition of {', '.join(CONDITIONS)}")
    kind, value = next(iter(d.items()))
    if kind == "battlefield_state":  # Almos 1000.4: "requires <state>", read by rules_asp/almos
        from .scenario import BATTLEFIELD_STATES
        return (kind, chk.choice(p + (kind,), value, BATTLEFIELD_STATES))
    if kind in ("no_spells_last_turn", "tribute_not_paid", "bargained", "descended"):   # 603.4; 702.104b, 702.166c; 700.11
        if chk.bool_value(p + (kind,), value) is not True:
            raise chk.src.error(p + (kind,), f"{kind}: true (the condition), or leave it out")
        return (kind, 0)
    if kind == "player_spells_last_turn_at_least":   # "if a player cast two or more spells last turn"
        return (kind, chk.int_value(p + (kind,), value, 1))
    if kind == "you_control":
        return (kind, chk.choice(p + (kind,), value, ("creature", "land", "artifact", "enchantment",
                                                     "planeswalker")))
    return (kind, chk.int_value(p + (kind,), value))
