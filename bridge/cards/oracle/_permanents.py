"""Rules of the Oracle transformer (semantics.OracleTransformer) for permanents' templates added in
issue 31, session 15: activation restrictions after an activated ability's effect (602.5b,
602.5d), the trigger event "you gain life" (119.9), "can't be blocked by more than N creatures"
(509.1b), conditional statics (611.3a: "during your turn", "as long as ..."), `*` counts of cards
in a hand or graveyard (604.3), "you become the monarch" (724.1), "gets +N/+N for each ..." (613.4c), "you get {E}" (122.1). Each returns a piece the rule of grammar.lark that holds it reads."""
from __future__ import annotations

from typing import Any

from lark import Token

from .subtypes import subtype_of
from .words import Unsupported, _pt_fields

LIMIT = "limit"
BLOCKER_NUMBERS = {"one": 1, "two": 2, "three": 3}
ZONE_PLACES = {"your hand": {"zone": "hand", "owner": "you"},
               "your graveyard": {"zone": "graveyard", "owner": "you"},
               "all graveyards": {"zone": "graveyard"},
               "your opponents' graveyards": {"zone": "graveyard", "owner": "opponent"}}
COND_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def _cond_fields(items: list) -> dict[str, Any]:
    """The effect fields of a conditional static's body: a P/T change and/or keywords. Flash
    works while the card is in a hand (702.8a), where no static ability of a permanent exists:
    "~ has flash as long as ..." has no form here."""
    out: dict[str, Any] = {}
    for item in items:
        if isinstance(item, Token) and item.type == "PT":
            out.update(_pt_fields(item))
        elif isinstance(item, list):
            if "flash" in item:
                raise Unsupported("flash granted by a static ability works from the hand (702.8a): no form")
            out["keywords"] = item
    return out


class PermanentRules:
    """Mixed into OracleTransformer: one method per rule of grammar.lark's session-15 block."""

    def limit_sorcery(self, _):
        # 602.5d "Activate only as a sorcery.": its controller's main phase, empty stack
        return (LIMIT, {"as_sorcery": True})

    def limit_once_each_turn(self, _):
        # 602.5b "Activate only once each turn."
        return (LIMIT, {"once_each_turn": True})

    def limit_sorcery_once(self, _):
        return (LIMIT, {"as_sorcery": True, "once_each_turn": True})

    def ev_you_gain_life(self, _):
        # 119.9 "whenever you gain life": each life gain event of the ability's controller
        return "you_gain_life"

    def min_blockers(self, items):   # 509.1b (509.1b-max-blockers.lp)
        return ("static", {**items[0], "min_blockers": COND_NUMBERS[str(items[1])]})

    def max_blockers(self, items):
        # 509.1b: a declaration with more blockers for it is illegal (509.1b-max-blockers.lp)
        return ("static", {**items[0], "max_blockers": BLOCKER_NUMBERS[str(items[1]).split()[0]]})

    # 611.3a: a conditional static ability (the rules: 611.3a-conditional-statics.lp)
    def cond_self(self, items):
        return {"affects": "self", **_cond_fields(items)}

    def cond_attached(self, items):
        return {"affects": "attached", **_cond_fields(items)}

    def cond_anthem(self, items):
        return {"affects": items[0], **_cond_fields(items[1:])}

    def cond_you_control(self, items):
        head, found = items
        if "controller" in found:
            raise Unsupported("a condition's filter naming a controller again")
        word = str(head)
        if word in COND_NUMBERS:
            return {"you_control": found, "at_least": COND_NUMBERS[word]}
        return {"you_control": {**found, "other": True} if word == "another" else found}

    def cond_attacking(self, _):
        return "attacking"

    def cond_graveyard(self, items):
        return {"graveyard_at_least": COND_NUMBERS[str(items[0])]}

    def during_your_turn(self, items):
        return ("static", {**items[0], "as_long_as": "your_turn"})

    def as_long_as(self, items):
        body, cond = items[-2], items[-1]
        if cond == "attacking" and body["affects"] != "self":
            raise Unsupported("'as long as it's attacking' of an ability affecting other objects")
        return ("static", {**body, "as_long_as": cond})

    # 604.3: a `*` counting cards in a hand or graveyard (604.3-cda-zone-counts.lp)
    def zone_cards(self, items):
        *kind, place = [str(t) for t in items]
        return {**ZONE_PLACES[place], **({"types": kind} if kind else {})}

    def cda_zone(self, items):
        return ("static", {"pt_count": items[0]})

    def cda_one_zone(self, items):
        return ("static", {f"{items[0]}_count": items[1]})

    def become_monarch(self, _):   # 724.1 (rules: 7-additional-rules/724-monarch/)
        return ("become_monarch", {})

    # 613.4c: "gets +1/+1 for each <counted>" (613.4c-per-count.lp)
    def per_self(self, _):
        return "self"

    def per_attached(self, _):
        return "attached"

    def per_permanents(self, items):
        found = items[0]
        if len(items) == 1 and "controller" not in found:
            raise Unsupported("'for each <permanent>' without 'you control' or 'on the battlefield'")
        return found

    def per_zone(self, items):
        return self.zone_cards(items)

    def per_count_static(self, items):
        subject, pt, counted = items[0], items[2], items[-1]
        if subject == "attached" and counted.get("other"):
            # "other" than the enchanted/equipped creature, not than the Aura/Equipment counting
            raise Unsupported("'for each other ...' of an attached ability: other than the creature")
        return ("static", {"affects": subject, **_pt_fields(pt), "per_count": counted})

    def get_energy(self, items):   # 107.14, 122.1: one energy counter a {E}
        return ("get_energy", {"amount": str(items[0]).count("{e}")})

    # 611.3a, issue 31 session 16: a static ability about creatures in a state or with a counter
    # (rules: 611.3a-state-filters.lp)
    def state_anthem(self, items):
        state, found = str(items[0]), items[1]
        kind, body = self.anthem(items[1:]) if any(
            isinstance(i, Token) and i.type == "PT" for i in items) else self.anthem_keywords(items[1:])
        return kind, {**body, "affects": {**_creatures_only(found), **STATES[state]}}

    def counter_anthem(self, items):
        found = _creatures_only(items[0])
        return ("static", {"affects": {**found, "with_counter": "+1/+1"}, "keywords": items[-1]})


STATES = {"attacking": {"attacking": True},
          "tapped": {"tapped": True}, "untapped": {"tapped": False}}


def _creatures_only(found: dict[str, Any]) -> dict[str, Any]:
    """The filter of "attacking creatures you control", "each creature you control with ...":
    creatures, with a controller or not, `other` (a subtype or colour would need reading too)."""
    if found.get("types") != ["creature"] or set(found) - {"types", "controller", "other"}:
        raise Unsupported("a state or counter filter of other than creatures (you control)")
    return found


class BanRules:
    """Mixed into OracleTransformer: 602.5 "its activated abilities can't be activated" of an
    Aura (issue 31, session 16; rules: 602.5-cant-be-activated.lp)."""

    def arrest(self, items):
        restriction = str(items[2]).replace("can't ", "cant_").replace(" ", "_")
        return ("static", {"affects": "attached", "combat_restriction": restriction, "cant_activate": True})

    def arrest_untap(self, _):
        return ("static", {"affects": "attached", "doesnt_untap": True, "cant_activate": True})

    def arrest_only(self, _):
        return ("static", {"affects": "attached", "cant_activate": True})

    def blockers_below_self(self, _):   # 509.1b (509.1b-blocker-qualities.lp)
        return ("static", {"cant_be_blocked_by": {"power_less_than_its_own": True}})

    def ev_you_cast_subtype(self, items):   # 603.2: "a Spirit or Arcane spell" (603-triggered-abilities.lp)
        words = [str(t) for t in items if isinstance(t, Token) and t.type == "CAST_SUBTYPE"]
        found = [subtype_of(w) for w in words]
        if None in found:
            raise Unsupported(f"'whenever you cast a {' or '.join(words)} spell' names no subtypes (205.3)")
        return {"you_cast": found}

    def ev_you_cast_noncreature(self, _):   # 603.2: any spell not a creature spell (603.2-cast-triggers.lp)
        return {"you_cast": ["noncreature"]}

    def ev_you_cast_spell(self, _):
        return {"you_cast": ["spell"]}

    def ev_you_cast_color(self, items):
        return {"you_cast": [str(items[0])]}

    def cost_remove_counters(self, items):   # 118.3 (118.3-counter-removal-costs.lp)
        amount = next(i for i in items if not isinstance(i, Token))
        kind = str(next(t for t in items if isinstance(t, Token) and t.type == "COUNTER_KIND"))
        if not isinstance(amount, int):
            raise Unsupported("removing X counters as a cost: its X is not read (107.3)")
        return {"remove_counters": {"kind": kind, "amount": amount}}

    def ev_you_control_none(self, items):   # 603.8 (603.8-state-triggers.lp)
        word = str(items[0])
        return {"you_control_none": word if word == "plains" else word[:-1]}

    def ev_blocks_or_blocked(self, _):   # 509.3a, 509.3c (509.3-block-triggers.lp)
        return "blocks_or_becomes_blocked"

    def cda_goyf(self, items):   # 604.3, 613.4a (604.3-cda-card-types.lp)
        place, plus = str(items[0]), int(str(items[1]))
        if not ZONE_PLACES[place].get("zone") == "graveyard":
            raise Unsupported("card types among cards in a hand: no such card")
        return ("static", {"pt_count": {**ZONE_PLACES[place], "card_types": True}, "toughness_plus": plus})
