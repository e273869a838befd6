"""The effect rules of the Oracle transformer (semantics.OracleTransformer): damage, destroy and
the other object effects (fights, "doesn't untap", "exile it instead"), pumps, life, cards, counters,
tokens, prevention, mana."""
from __future__ import annotations

from typing import Any

from lark import Token

from .subtypes import subtypes_by_type
from .words import (
    BY_KEY,
    CARD_TYPES,
    DAMAGED_PLAYER,
    IT,
    PLAYER_KINDS,
    RESTRICTED_NOUNS,
    THAT_CREATURE,
    Target,
    Unsupported,
    _keyword_name,
    _pt,
    _subtype,
    creature_target,
    target_kind,
)


def creature_types() -> frozenset[str]:
    return subtypes_by_type()["creature"]


class EffectRules:
    """Mixed into OracleTransformer: lark calls each method by its grammar rule's name."""

    def damage(self, items):
        subject, amount, *recipients = items
        if isinstance(amount, dict) and any(v is IT for v in amount.values()):
            amount = {k: "self" for k in amount}   # "~ deals damage equal to its power": the source's
        # the source deals the damage: "it deals" must name the source (checked once bound)
        by = {BY_KEY: IT} if subject is IT else {}
        return [{**by, "deal_damage": {"target": r, "amount": amount}} for r in recipients]

    def that_creature_ref(self, _):   # the last object target named before (semantics._collect)
        return THAT_CREATURE

    def exile_if_dies(self, _):   # 614.1a: a replacement effect for the target, this turn
        return [{"exile_if_dies": THAT_CREATURE}]

    def fight(self, items):   # 701.14a: each deals damage equal to its power to the other
        for ref in items:   # a target that is a creature; "it", "~", "that creature" are bound later
            if isinstance(ref, Target):
                creature_target(ref, "a fight (701.14a)", ("creature",))
        return [{"fight": {"object": items[0], "other": items[1]}}]

    def damage_two_amounts(self, items):   # "deals 4 damage to any target and 2 damage to you"
        subject, first, to_first, second, to_second = items
        return self.damage([subject, first, to_first]) + self.damage([subject, second, to_second])

    def restrict_this_turn(self, items):   # 508.1c, 509.1b: until the cleanup step (514.2)
        ref, verb = items[0], str(items[-1])
        if isinstance(ref, Target):
            creature_target(ref, f"'can't {verb} this turn'", ("creature",))
        restriction = {"be blocked": "cant_be_blocked", "block": "cant_block", "attack": "cant_attack",
                       "attack or block": "cant_attack_or_block"}[verb]
        return [{"modify": {"object": ref, "combat_restriction": restriction, "until": "end_of_turn"}}]

    def pump_restrict_this_turn(self, items):   # "gets +N/+N until end of turn and can't be blocked this turn"
        ref, get, pt, verb = items
        return self.pump([ref, get, pt]) + self.restrict_this_turn([ref, verb])

    def that_player(self, _):   # 603.2: the player a "deals combat damage to a player" event names
        return DAMAGED_PLAYER

    def doesnt_untap_next(self, items):   # 502.3: a target, the source, "it" / "that creature" (bound later)
        return [{"doesnt_untap_next": items[0]}]

    def object_effect(self, items):
        verb, ref = str(items[0]), items[1]
        if verb == "sacrifice" and ref not in ("self", IT):   # "it": checked once bound (number_targets)
            raise Unsupported("sacrificing other permanents has no effect form")
        return [{verb: ref}]

    def return_exiled(self, _):   # 607.2a (607.2a-exiled-with.lp): the cards this object's abilities exiled
        return [{"return_exiled": "self"}]

    def exile_until_leaves(self, items):   # 610.3 (610.3-exile-until-leaves.lp)
        target = next(i for i in items if isinstance(i, Target))
        return [{"exile_until_leaves": target}]

    def same_name_effect(self, items):   # 608.2c: the target, then the other permanents named like it
        verb, target = str(items[0]), items[1]
        if verb not in ("destroy", "exile") or not isinstance(target, Target):
            raise Unsupported(f"'{verb} ... and all other permanents with the same name' has no effect form")
        return [{verb: target}, {verb: {"all": {"same_name_as": target}}}]

    def exile_top_card(self, _):   # 701.13a: the top card, as "exile cards until one is exiled"
        return [{"exile_until": {"player": "you", "count": 1}}]

    def put_second_from_top(self, items):   # 401.7
        return [{"put_in_library": {"object": items[0], "position": 2}}]

    def put_on_top(self, items):   # 401.7
        return [{"put_in_library": {"object": items[0], "position": 1}}]

    def attach(self, items):   # 701.3a: only the source itself is attached
        ref, to = items
        if ref not in ("self", IT):
            raise Unsupported("attaching another object has no effect form")
        return [{"attach": {"object": ref, "to": to}}]

    def return_from_graveyard(self, items):   # 115.1: a card in your graveyard, to your hand (400.1)
        return [{"return_to_hand": _graveyard_card("card_in_your_graveyard", items)}]

    def exile_graveyard_card(self, items):   # 115.1: a card in any graveyard (session 17)
        return [{"exile": _graveyard_card("card_in_a_graveyard", items)}]

    def return_from_graveyard_either(self, items):   # one of two card types (types_any, 115.1)
        kinds = [str(i) for i in items]
        if "permanent" in kinds or kinds[0] == kinds[1]:
            raise Unsupported(f"'{' or '.join(kinds)} card' names no two card types")
        return [{"return_to_hand": Target({"kind": "card_in_your_graveyard", "types_any": kinds})}]

    def return_from_graveyard_battlefield(self, items):   # 110.2a: onto the battlefield, under your control
        return [{"return_to_battlefield": self.return_from_graveyard(items)[0]["return_to_hand"]}]

    def bounce(self, items):
        return [{"return_to_hand": items[0]}]

    def pump(self, items):
        ref, _get, pt, *rest = items
        body: dict[str, Any] = {"object": ref}
        p, t = _pt(pt)
        if p:
            body["power"] = p
        if t:
            body["toughness"] = t
        if rest:
            body["keywords"] = rest[-1]
        body["until"] = "end_of_turn"
        return [{"modify": body}]

    def becomes_creature(self, items):   # Turn to Frog (613.1d-f, 613.4b; 205.1a)
        ref, colour, word, pt = items
        if not isinstance(ref, Target) and ref not in ("self", IT) and not _by_target_player(ref):
            raise Unsupported("a group that becomes a creature type has no effect form")
        found = _subtype(str(word), "becomes a " + str(word))
        if found not in creature_types():
            raise Unsupported(f"{word!r} is not a creature type (205.3m)")
        power, toughness = (int(v) for v in str(pt).split("/"))
        body: dict[str, Any] = {"object": ref, "lose_all_abilities": True}
        body["colors"] = [] if str(colour) == "colorless" else [str(colour)]
        body.update({"set_creature_types": [found], "set_power": power, "set_toughness": toughness,
                     "until": "end_of_turn"})
        if not body["colors"]:
            raise Unsupported("'becomes a colorless ...' has no colour form")
        return [{"modify": body}]

    def grant(self, items):
        return [{"modify": {"object": items[0], "keywords": items[-1], "until": "end_of_turn"}}]

    def keyword_words(self, items):
        return [_keyword_name(w) for w in items]

    def draw(self, items):
        return ("draw", {"amount": items[-2]})

    def draw_next_upkeep(self, items):   # 603.7a: a delayed trigger the effect creates
        return ("draw_next_upkeep", {"amount": items[-2]})

    def draw_additional(self, _):   # "At the beginning of your draw step, draw an additional card."
        return ("draw", {"amount": 1})

    def gain_life(self, items):
        return ("gain_life", {"amount": items[-1]})

    def lose_life(self, items):
        return ("lose_life", {"amount": items[-1]})

    def discard(self, items):
        return ("discard", {"amount": items[-2]})

    def discard_random(self, items):   # 701.9b
        return ("discard", {"amount": items[-2], "random": True})

    def mill(self, items):   # 701.17a
        return ("mill", {"amount": items[-2]})

    def scry(self, items):   # 701.22a: "scry N" (the player who scries: you)
        return ("scry", {"amount": items[-1]})

    def surveil(self, items):   # 701.25a: "surveil N"
        return ("surveil", {"amount": items[-1]})

    def player_clause(self, items):
        who, *verbs = items
        if isinstance(who, Target) and who.kind not in PLAYER_KINDS:
            raise Unsupported(f"a target {who.kind} cannot draw, gain or lose life")
        return [{verb: {"player": who, **body}} for verb, body in verbs]

    def you_clause(self, items):
        return [{verb: {"player": "you", **body}} for verb, body in items if isinstance(body, dict)]

    def counter_spell(self, items):
        kind = items[0].kind
        if kind != "spell" and not (isinstance(kind, dict) and kind.get("kind") == "spell"):
            raise Unsupported("countering only some spells has no target kind")
        if len(items) > 1:     # 118.12a "unless its controller pays {3}": generic mana only
            cost = str(items[1])
            if not cost.strip("{}").isdigit():
                raise Unsupported(f"'unless its controller pays {cost.upper()}' is not a generic cost")
            return [{"counter_unless": {"object": items[0], "amount": int(cost.strip("{}"))}}]
        return [{"counter": items[0]}]

    def put_counters(self, items):
        amount, kind, _counters, ref = items
        return [{"put_counters": {"object": ref, "kind": str(kind), "amount": amount}}]

    def token_colors(self, items):
        colors = [str(c) for c in items]
        return [] if colors == ["colorless"] else colors

    def create(self, items):
        player = "you"
        if not isinstance(items[0], int | str) or items[0] in ("each_player", "each_opponent"):
            player, items = items[0], items[1:]
            if player in ("each_player", "each_opponent"):   # the card format: one player only
                raise Unsupported("tokens created for each player or each opponent have no create_token form")
            if isinstance(player, Target) and player.kind not in PLAYER_KINDS:
                raise Unsupported(f"a target {player.kind} cannot create tokens")
        amount, pt, colors, *rest = items
        attacking = any(isinstance(w, Token) and w.type == "TAPPED_ATTACKING" for w in rest)
        rest = [w for w in rest if not (isinstance(w, Token) and w.type == "TAPPED_ATTACKING")]
        words = [str(w) for w in rest if isinstance(w, Token) and w.type == "TOKEN_WORD"]
        keywords = rest[-1] if isinstance(rest[-1], list) else []
        types = [w for w in words if w in CARD_TYPES] + ["creature"]
        subtypes = [_subtype(w, "a token") for w in words if w not in CARD_TYPES]
        power, toughness = (int(v) for v in str(pt).split("/"))
        body = {"amount": amount, "name": " ".join(s.capitalize() for s in subtypes) or "Token",
                "power": power, "toughness": toughness, "colors": colors, "types": types,
                "subtypes": subtypes, "player": player}
        if keywords:
            body["keywords"] = keywords
        if attacking:          # 508.4 (508.4-put-onto-battlefield-attacking.lp)
            body.update(tapped=True, attacking=True)
        return [{"create_token": body}]

    def create_predefined(self, items):
        # 111.10: a Treasure, Food or Clue token, its characteristics the rules' (predefined)
        kind = next(str(i) for i in items if isinstance(i, Token) and i.type == "PREDEFINED_TOKEN")
        rest = [i for i in items if not isinstance(i, Token)]
        player = "you"
        if len(rest) == 2:
            player = rest[0]
            if player in ("each_player", "each_opponent") or (
                    isinstance(player, Target) and player.kind not in PLAYER_KINDS):
                raise Unsupported("tokens created for each player, each opponent or a non-player have no create_token form")
        return [{"create_token": {"predefined": kind, "amount": rest[-1], "player": player}}]

    def exile_all_graveyards(self, _):   # 701.13a: every card in every graveyard (Rest in Peace)
        return [{"exile_graveyard": {"player": "each_player"}}]

    def exile_graveyard(self, items):   # 701.13a: "exile target player's graveyard"
        owner = str(items[0]).removesuffix("'s")
        player = {"target player": Target("player"), "target opponent": Target("opponent"),
                  "each opponent": "each_opponent", "each player": "each_player"}[owner]
        return [{"exile_graveyard": {"player": player}}]

    def investigate(self, _):   # 701.16a: create a Clue token
        return ["investigate"]

    def explores(self, items):   # 701.44a: "~ explores" / "it explores": the source (an "it" bound later)
        return [{"explore": "self" if items else IT}]

    def transform_self(self, _):   # 701.27a: the source transforms
        return [{"transform": "self"}]

    def prevent_next(self, items):
        return [{"prevent_damage": {"target": items[1], "amount": items[0]}}]

    def prevent_all(self, items):
        return [{"prevent_damage": {"target": items[0], "amount": "all"}}]

    def prevent_combat(self, _):
        return ["prevent_combat_damage"]

    def add_mana(self, items):
        symbols = [[s.upper() for s in str(tok).strip("{}").split("}{")] for tok in items]
        for group in symbols:
            bad = [s for s in group if s not in "WUBRGC" or len(s) != 1]
            if bad:
                raise Unsupported(f"adding {{{bad[0]}}} has no add_mana form")
        if len(symbols) == 1:
            return [{"add_mana": s} for s in symbols[0]]
        if any(len(g) != 1 for g in symbols):
            raise Unsupported("a choice between several mana symbols each has no add_mana form")
        return [{"add_mana": [g[0] for g in symbols]}]

    def add_any_color(self, _):
        return [{"add_mana": ["W", "U", "B", "R", "G"]}]

    # -- session 17: a target restricted by a number (115.1; 115.1-restricted-targets.lp)
    def target_with_stat(self, items):   # "target creature with power 2 or less"
        words = [str(t) for t in items if isinstance(t, Token) and t.type in ("TARGET_WORD", "NON_WORD")]
        stat, number, bound = (str(t) for t in items if isinstance(t, Token) and
                               t.type in ("TARGET_STAT", "NUMBER", "LESS_GREATER"))
        kind = target_kind(words)
        kind = {"kind": kind} if isinstance(kind, str) and kind in RESTRICTED_NOUNS + ("nonland_permanent",) else kind
        noun = kind.get("kind") if isinstance(kind, dict) else None
        if noun is None or (stat != "mana value" and noun != "creature"):
            raise Unsupported(f"'target {' '.join(words)} with {stat}' has no target form")
        key = f"{stat.replace(' ', '_')}_at_{'most' if bound == 'less' else 'least'}"
        return Target({**kind, key: int(number)})


def _graveyard_card(kind: str, items: list) -> Target:
    """A target card in a graveyard, of the card type named before "card" if any ("permanent
    card": not an instant or sorcery)."""
    if not items:
        return Target(kind)
    word = str(items[0])
    return Target({"kind": kind, "types": [word]} if word != "permanent" else
                  {"kind": kind, "not_types": ["instant", "sorcery"]})


def _by_target_player(ref: Any) -> bool:
    """ "each creature target player controls": the one group a becomes-a-creature effect takes."""
    return isinstance(ref, dict) and isinstance(ref.get("all", {}).get("controller"), Target)
