"""The keyword rules of the Oracle transformer (semantics.OracleTransformer): keyword lines
(702) as the card format's keyword entries."""
from __future__ import annotations

from .words import (
    CARD_TYPES,
    COLOR_WORDS,
    Unsupported,
    _keyword_cost,
    _keyword_costs,
    _keyword_name,
    _protection_quality,
    _pt_fields,
    _subtype,
    _type_word,
)

# 702.124a: the partner abilities' words -> their keyword names in the card format
DECK_KEYWORDS = {"partner": "partner", "partner—friends forever": "friends_forever",
                 "choose a background": "choose_a_background",
                 "doctor's companion": "doctors_companion"}


# 702.29e: typecycling's kinds of card that are not one subtype (TYPECYCLING in grammar.lark)
TYPECYCLING_FINDS = {"basic land": {"supertypes": ["basic"], "types": ["land"]},
                     "artifact land": {"types": ["artifact", "land"]}}


class KeywordRules:
    """Mixed into OracleTransformer: one method per keyword rule of grammar.lark."""

    # -- keywords
    def kw_simple(self, items):
        # "Start your engines!" -> start_your_engines (702.179a)
        return _keyword_name(items[0]).rstrip("!")

    def ev_exploits(self, _):
        # 702.110b "When ~ exploits a creature": the trigger event `exploits`
        return "exploits"

    # session 16 (kw31): a keyword's linked intervening "if" (603.4) on a triggered ability
    def triggered_tribute(self, items):   # 702.104b: "if tribute wasn't paid"
        when, body = items
        return ("triggered", {"when": when, "if": {"tribute_not_paid": True}, **body})

    def triggered_bargained(self, items):   # 702.166c: "if it was bargained"
        when, body = items
        return ("triggered", {"when": when, "if": {"bargained": True}, **body})

    # 702.95b: soulbond's static, on the creature and the one it is paired with (`affects: paired`)
    def paired_pt(self, items):
        return ("static", {"affects": "paired", **_pt_fields(next(i for i in items if getattr(i, "type", "") == "PT"))})

    def paired_keywords(self, items):
        return ("static", {"affects": "paired", "keywords": items[-1]})

    def kw_ward(self, items):
        cost = str(items[0])
        if not cost.strip("{}").isdigit():
            raise Unsupported(f"ward with a coloured cost {cost.upper()} has no keyword form")
        return {"ward": int(cost.strip("{}"))}

    # session 15 (kw31): 702.21a "Ward—Pay 3 life." / "Ward—Discard a card."
    def kw_ward_life(self, items):
        return {"ward": {"pay_life": int(str(items[0]))}}

    def kw_ward_discard(self, _):
        return {"ward": "discard"}

    def kw_jump_start(self, _):
        return "jump_start"     # 702.133

    def kw_totem_armor(self, _):
        # 702.89b: "totem armor" is umbra armor's older name
        return "umbra_armor"

    def kw_protection(self, items):
        return [{"protection": _protection_quality(str(q))} for q in items]

    def kw_enchant(self, items):
        return {"enchant": str(items[0])}

    def kw_enchant_either(self, items):
        # 702.5a "Enchant artifact or creature": one enchant ability allowing either type,
        # {enchant: [artifact, creature]}; with a player (702.5d) it has no form here
        kinds = [str(i) for i in items]
        if "player" in kinds:
            raise Unsupported("enchant a permanent or a player has no keyword form")
        return {"enchant": kinds}

    def kw_enchant_yours(self, items):
        # 702.5a "Enchant creature you control": {enchant: creature, controller: you}
        return {"enchant": str(items[0]), "controller": "you"}

    def kw_equip(self, items):
        # 702.6a: a generic cost is a number ({equip: 2}), any other mana cost a string
        # ({equip: "{1}{W}"}); the card validator takes both (bridge/games/mtg/cards.py _equip_cost)
        cost = str(items[0]).upper()
        if "{X}" in cost:
            raise Unsupported(f"equip with an X cost {cost} has no keyword form")
        if cost.strip("{}").isdigit():
            if int(cost.strip("{}")) > 99:
                raise Unsupported(f"equip cost {cost} is out of the card format's range")
            return {"equip": int(cost.strip("{}"))}
        return {"equip": cost}

    def kw_equip_quality(self, items):
        # 702.6c "Equip [quality] {cost}" / "Equip [quality] creature {cost}"
        words = [str(w) for w in items[:-1]]
        if words and words[-1] == "creature":
            words = words[:-1]
        if not words or "planeswalker" in words:
            raise Unsupported("equip " + " ".join(str(w) for w in items[:-1]) + " has no keyword form")
        cost = self.kw_equip([items[-1]])["equip"]
        out: dict = {"cost": cost if isinstance(cost, str) else f"{{{cost}}}"}
        for w in words:
            key = ("supertypes" if w in ("legendary", "snow") else "colors" if w in COLOR_WORDS
                   else "subtypes")
            value = _subtype(w, "equip " + " ".join(words)) if key == "subtypes" else w
            out.setdefault(key, []).append(value)
        return {"equip": out}

    def kw_amount(self, items):
        # "Annihilator 2" -> {annihilator: 2}; the card validator takes 1 to 99 (bridge/games/mtg/cards.py)
        n = int(str(items[1]))
        if not 1 <= n <= 99:
            raise Unsupported(f"{items[0]} {n} is out of the card format's range")
        return {str(items[0]): n}

    def kw_cumulative_upkeep(self, items):
        # 702.24a "Cumulative upkeep {2}": a generic cost only ({cumulative_upkeep: 2}); a
        # coloured cost, or one with a dash ("Cumulative upkeep—Pay 1 life"), is not understood
        cost = str(items[0])
        if not cost.strip("{}").isdigit() or not 1 <= int(cost.strip("{}")) <= 99:
            raise Unsupported(f"cumulative upkeep {cost.upper()} is not a generic cost the card format reads")
        return {"cumulative_upkeep": int(cost.strip("{}"))}

    def kw_affinity(self, items):
        # 702.41a "Affinity for artifacts" -> {affinity: artifact}: a permanent type or a
        # subtype (702.41's rules count permanents of that kind); anything else is not understood
        word = str(items[0])
        kind = _type_word(word)
        if kind not in CARD_TYPES:
            kind = _subtype(word, f"affinity for {word}")
        return {"affinity": kind}

    def kw_deck(self, items):
        # 702.124a: a partner ability, a deck-construction rule with no effect in a game
        return DECK_KEYWORDS[str(items[0])]

    def commander_rule(self, _):
        # 903.3a: "~ can be your commander": deck construction only (113.6n)
        return ("deck_rule", ("903.3a: it can be your commander (deck construction in Commander; "
                              "no effect in a game)"))

    def any_number_rule(self, _):
        # 100.2a: the four-copy limit of constructed decks does not apply to it (113.6n)
        return ("deck_rule", ("100.2a: a deck can have any number of cards of this name (deck "
                              "construction; no effect in a game)"))

    def kw_flashback(self, items):
        return {"flashback": _keyword_cost("flashback", items[0])}

    def kw_cycling(self, items):
        return {"cycling": _keyword_cost("cycling", items[0])}

    def kw_typecycling(self, items):
        # 702.29e "Plainscycling {2}" -> {typecycling: "{2}", for: {subtypes: [plains]}};
        # "Basic landcycling" finds a basic land card, "Artifact landcycling" an artifact land
        kind = str(items[0])[:-len("cycling")]
        found = TYPECYCLING_FINDS.get(kind, {"subtypes": [kind]})
        return {"typecycling": _keyword_cost("typecycling", items[1]), "for": found}

    def kw_flashback_costs(self, items):
        return {"flashback": _keyword_costs("flashback", items)}

    def kw_cycling_costs(self, items):
        return {"cycling": _keyword_costs("cycling", items)}

    def kw_escape(self, items):
        # 702.138a "Escape—{R}{R}, Exile three other cards from your graveyard."
        n = items[1]
        if not isinstance(n, int) or n < 1:
            raise Unsupported("escape exiling X cards has no keyword form")
        return {"escape": _keyword_cost("escape", items[0]), "amount": n}

    def kw_suspend(self, items):
        # 702.62a "Suspend 4—{1}{U}" (session 17): N time counters and the suspend cost
        n = int(str(items[0]))
        if not 1 <= n <= 99:
            raise Unsupported(f"suspend {n} is out of the card format's range")
        return {"suspend": _keyword_cost("suspend", items[1]), "amount": n}

    def kw_cost_word(self, items):
        # "Unearth {B}", "Echo {2}{R}", "Morph {2}{W}{W}", ...: a cost keyword with a mana cost
        name = str(items[0]).lower()
        return {name: _keyword_cost(name, items[1])}

    def permanent_kicker(self, items):
        # 702.33a "Kicker {2}{G}" on a permanent card: the keyword {kicker: "{2}{G}"}
        return ("keywords", [{"kicker": _keyword_cost("kicker", items[0])}])

    def keyword_line(self, items):
        out = []
        for kw in items:
            out += kw if isinstance(kw, list) else [kw]
        return ("keywords", out)
