"""From a parse tree of one Oracle line (grammar.lark) to pieces of the card ability form
(docs/abilities.md, /work card-form-v2: create_token, {all: FILTER}, player refs, amounts).

Targets stay `Target` objects and "it" stays `IT` until the whole ability is known
(`number_targets`): a spell's lines share one ability, so its targets are numbered across them.
"""
from __future__ import annotations

from typing import Any

from lark import Token, Transformer

from ._actions import ActionRules, check_action_its
from ._chosen import ChosenRules
from ._costs import CostRules
from ._effects import EffectRules
from ._keywords import KeywordRules
from ._library import LibraryRules
from ._permanents import LIMIT, BanRules, PermanentRules
from ._replacements import ReplacementRules
from ._statics import StaticRules, _land_type
from ._where_x import WhereXRules
from .words import (
    BY_KEY,
    IT,
    ITS_CONTROLLER,
    NUMBER_WORDS,
    PLAYER_KINDS,
    RESTRICTED_NOUNS,
    THAT_CREATURE,
    THEY,
    Target,
    Unsupported,
    _after_destroy,
    _amount_value,
    _keyword_name,
    _mana,
    _pt_fields,
    _self_or_another,
    _under_your_control,
    _words,
    creature_target,
    parse_filter,
    restricted_target,
    target_kind,
)

ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6}


# -- the transformer ------------------------------------------------------------------------
class OracleTransformer(KeywordRules, EffectRules, ActionRules, StaticRules, ReplacementRules, PermanentRules,
                        LibraryRules, CostRules, BanRules, ChosenRules, WhereXRules, Transformer):
    """Bottom-up: each rule of grammar.lark becomes a Python value; entry points return
    (kind, payload) pieces that compile.py assembles into a card."""

    # -- entry points
    def permanent(self, items):
        return items[0]

    def spell(self, items):
        return items[0]

    def kicker(self, items):
        return ("kicker", _mana(items[0]))

    def cast_restriction(self, _):   # 601.3
        return ("cast_restriction", "attacked_this_step")

    def additional_cost(self, items):
        return ("additional_cost", [items[-1]])

    # -- amounts and references
    def amount(self, items):
        return _amount_value(items[0] if items else None)

    def power_of_it(self, _):
        return {"power_of": IT}

    def toughness_of_it(self, _):
        return {"toughness_of": IT}

    def power_of_self(self, _):
        return {"power_of": "self"}

    def toughness_of_self(self, _):
        return {"toughness_of": "self"}

    def mana_value_of_it(self, _):
        return {"mana_value_of": IT}

    def become_copy(self, items):
        return [{"become_copy": {"object": "self", "of": items[-1]}}]

    def count_of(self, items):
        return {"count": items[0]}

    def filter_word_list(self, items):
        return parse_filter(_words(items))

    def filter(self, items):
        return items[0]

    def one_filter(self, items):
        article, found = items
        return {**found, "other": True} if str(article) == "another" else found

    def all_filter(self, items):
        return {"all": items[0]}

    def each_filter(self, items):
        return {"all": items[0]}

    def each_target_controls(self, items):   # "each creature target player controls" (608.2c)
        found, who = items
        if "controller" in found or "other" in found:
            raise Unsupported("a filter naming its controller twice, or 'other', has no form here")
        return {"all": {**found, "controller": Target(target_kind([str(who)]))}}

    def target_not_named(self, items):   # "target nonland permanent not named ~" (115.1, 201.2)
        words = [str(t) for t in items if isinstance(t, Token) and t.type == "NAMED_WORD"]
        kind = {"kind": words[0]} if len(words) == 1 and words[0] in RESTRICTED_NOUNS else restricted_target(words)
        return Target({**kind, "not_named": "self"})

    def any_target(self, _):
        return Target("any")

    def target(self, items):
        return Target(target_kind(_words(items)))

    def target_with_keyword(self, items):
        words = [str(t) for t in items if isinstance(t, Token) and t.type in ("TARGET_WORD", "NON_WORD")]
        kind = target_kind(words)
        if isinstance(kind, str):
            if kind not in RESTRICTED_NOUNS:
                raise Unsupported(f"'target {' '.join(words)} with ...' has no target form")
            kind = {"kind": kind}
        keyword = _keyword_name(str(items[-1]))
        return Target({**kind, "keywords": kind.get("keywords", []) + [keyword]})

    def self_ref(self, _):
        return "self"

    def it_ref(self, _):
        return IT

    def attached_ref(self, _):   # 303.4m: what the source is attached to (card form `attached`)
        return "attached"

    def you_ref(self, _):
        return "you"

    def each_opponent(self, _):
        return "each_opponent"

    def each_player(self, _):
        return "each_player"

    def its_controller(self, _):
        return ITS_CONTROLLER

    # -- sentences and bodies
    def clauses(self, items):
        return [e for part in items if isinstance(part, list) for e in part]

    def cant_regenerate(self, _):
        return [{"cant_be_regenerated": THEY}]

    def if_kicked(self, items):
        return ("if_kicked", items[-1])

    def if_kicked_damage_instead(self, items):
        return ("kicked_damage", items[-1])

    def may_play_that_card(self, _):
        return ("may_play", None)

    def body(self, items):
        effects, if_kicked, unless_kicked = [], [], []
        for sentence in items:
            if isinstance(sentence, tuple) and sentence[0] == "kicked_damage":
                # "it deals N damage instead": the one damage the spell deals so far, to the same
                # recipient, but N; the unkicked damage happens only when not kicked (702.33e)
                damage = [e for e in effects if "deal_damage" in e]
                if len(damage) != 1 or BY_KEY in damage[0] or if_kicked or unless_kicked:
                    raise Unsupported("'it deals N damage instead' names no single damage the spell deals")
                effects.remove(damage[0])
                unless_kicked.append(damage[0])
                if_kicked.append({"deal_damage": {**damage[0]["deal_damage"], "amount": sentence[1]}})
            elif isinstance(sentence, tuple) and sentence[0] == "may_play":
                # "that card": the one card the sentence before exiled from the top of your library
                last = effects[-1] if effects else {}
                if set(last) != {"exile_until"} or last["exile_until"] != {"player": "you", "count": 1}:
                    raise Unsupported("'you may play that card' names no card just exiled from your library")
                last["exile_until"]["may_play"] = "end_of_turn"
            elif isinstance(sentence, tuple):
                if_kicked += _after_destroy(if_kicked, sentence[1])
            else:
                effects += _after_destroy(effects, sentence)
        check_action_its(effects)
        out = {"effects": effects, "if_kicked": if_kicked}
        return {**out, "unless_kicked": unless_kicked} if unless_kicked else out

    def may_body(self, items):
        return {**items[0], "may": True}

    def mode(self, items):
        return items[0]

    def modal(self, items):
        count = NUMBER_WORDS[str(items[0])]
        return {"choose": count, "modes": items[1:]}

    # -- triggers
    def trigger_condition(self, items):
        return items[-1]

    def ev_enters(self, _):
        return "enters"

    def ev_dies(self, _):
        return "dies"

    def ev_attacks(self, _):
        return "attacks"

    def ev_you_attack(self, _):          # 508.3d
        return "you_attack"

    def ev_blocks(self, _):              # 509.3a
        return "blocks"

    def ev_becomes_blocked(self, _):     # 509.3c
        return "becomes_blocked"

    def ev_becomes_blocked_by_creature(self, _):   # 509.3d
        return "becomes_blocked_by_creature"

    def ev_leaves(self, _):
        return "leaves"

    def ev_cycled(self, _):
        return "cycled"

    def ev_dealt_damage(self, _):
        return "dealt_damage"

    def ev_becomes_target(self, _):
        return "becomes_target"

    def ev_to_graveyard(self, _):
        return "to_graveyard"

    def ev_combat_damage_player(self, _):
        return {"deals_combat_damage": "player"}

    def ev_combat_damage(self, _):
        return "deals_combat_damage"

    def ev_other_dies(self, items):
        return {"dies": items[0]}

    def ev_other_enters(self, items):
        return {"enters": _under_your_control(items[0], items[-1])}

    def ev_self_or_other_dies(self, items):
        return {"dies": _self_or_another(items[1])}

    def ev_self_or_other_enters(self, items):
        return {"enters": _under_your_control(_self_or_another(items[1]), items[-1])}

    def spell_types(self, items):
        return [str(t) for t in items]

    def ev_you_cast(self, items):
        return {"you_cast": items[0]}

    def step_your_upkeep(self, _):
        return {"beginning_of": "upkeep"}

    def step_each_upkeep(self, _):
        return {"beginning_of": "upkeep", "player": "each"}

    def step_your_draw(self, _):
        return {"beginning_of": "draw"}

    def step_your_end(self, _):
        return {"beginning_of": "end"}

    def step_each_end(self, _):
        return {"beginning_of": "end", "player": "each"}

    def step_your_combat(self, _):
        return {"beginning_of": "beginning_of_combat"}

    def triggered(self, items):
        when, body = items
        return ("triggered", {"when": when, **body})

    def triggered_if(self, items):   # 603.4: the intervening "if", checked on trigger and resolution
        when, condition, body = items
        return ("triggered", {"when": when, "if": condition, **body})

    def if_no_spells_last_turn(self, _):
        return {"no_spells_last_turn": True}

    def if_player_spells_last_turn(self, items):
        return {"player_spells_last_turn_at_least": items[0]}

    def cycle_trigger(self, items):   # "When you cycle ~, ..." on an instant or sorcery (702.29c)
        return ("triggered", {"when": "cycled", **items[-1]})

    # -- activated
    def cost_mana(self, items):
        return _mana(items[0])

    def cost_tap(self, _):
        return "{T}"

    def cost_sacrifice(self, _):
        return "sacrifice"

    def cost_life(self, items):
        return {"pay_life": items[0]}

    def activated(self, items):
        *costs, body = items
        limits = {}
        if isinstance(body, tuple) and body[0] == LIMIT:    # 602.5b, 602.5d (_permanents.py)
            limits, (*costs, body) = body[1], costs
            if any("add_mana" in e or "add_any_color" in e for e in body.get("effects", [])):
                # a mana ability is activated while paying (605.3a), where no limit is checked
                raise Unsupported("an activation restriction on a mana ability is not read when paying")
        effects = body.get("effects", []) if isinstance(body, dict) else []
        if any("add_mana" in e for e in effects) and any("get_energy" in e for e in effects):
            raise Unsupported("energy from a mana ability: its other effects are not followed as it resolves")
        if sum(isinstance(c, dict) and bool({"sacrifice", "sacrifice_another", "sacrifice_subtype"} & set(c))
               for c in costs) > 1:   # two sacrifices would be paid with two different permanents
            raise Unsupported("two sacrifice costs in one activation have no form")
        mana = "".join(c for c in costs if isinstance(c, str) and c.startswith("{") and c != "{T}")
        rest = [c for c in costs if not (isinstance(c, str) and c.startswith("{") and c != "{T}")]
        return ("activated", {"cost": ([mana] if mana else []) + rest, **body, **limits})

    def chapter(self, items):   # 714.2a: chapter numbers are roman numerals
        *numbers, body = items
        return ("chapter", {"chapter": [ROMAN[str(n)] for n in numbers], **body})

    def loyalty_ability(self, items):
        return ("activated", {"cost": {"loyalty": int(str(items[0]))}, **items[1]})

    # -- statics
    def anthem(self, items):
        body = {"affects": items[0]}
        body.update(_pt_fields(items[2]))
        if len(items) > 3:
            body["keywords"] = items[-1]
        return ("static", body)

    def anthem_keywords(self, items):
        return ("static", {"affects": items[0], "keywords": items[-1]})

    def attached_static(self, items):
        body: dict[str, Any] = {"affects": "attached"}
        body.update(_pt_fields(items[1]))
        if len(items) > 2:
            body["keywords"] = items[-1]
        return ("static", body)

    def attached_keywords(self, items):
        return ("static", {"affects": "attached", "keywords": items[-1]})

    def lands_are(self, items):   # 305.7: Blood Moon
        affects: dict[str, Any] = {"types": ["land"]}
        if len(items) == 2:
            affects["not_supertypes"] = ["basic"]
        return ("static", {"affects": affects, "set_land_types": [_land_type(items[-1])]})

    def enchanted_land_is(self, items):   # 305.7: Spreading Seas' "Enchanted land is an Island."
        return ("static", {"affects": "attached", "set_land_types": [_land_type(items[-1])]})

    def each_land_also(self, items):   # 205.3i, 305.6: Urborg, Tomb of Yawgmoth
        return ("static", {"affects": {"types": ["land"]}, "add_subtypes": [_land_type(items[-1])]})

    def cda_pt(self, items):   # 604.3: a characteristic-defining ability, layer 7a
        found = items[0]
        if not items[1:] and "controller" not in found:
            raise Unsupported("'the number of <permanents>' without 'you control' or 'on the battlefield'")
        return ("static", {"pt_count": found})

    def cda_one(self, items):   # 604.3: defines power only, or toughness only (layer 7a)
        which, found = str(items[0]), items[1]
        if not items[2:] and "controller" not in found:
            raise Unsupported("'the number of <permanents>' without 'you control' or 'on the battlefield'")
        return ("static", {f"{which}_count": found})

    def control_attached(self, _items):   # 613.1b: the Aura's controller controls it
        return ("static", {"affects": "attached", "control": "you"})

    def must_attack(self, _):
        return ("static", {"combat_requirement": "attacks_each_combat"})

    def combat_restriction(self, items):
        action = str(items[-1]).replace(" ", "_")
        return ("static", {**items[0], "combat_restriction": f"cant_{action}"})

    def cant_be_blocked(self, items):
        # 509.1b "~ can't be blocked" / "enchanted creature can't be blocked": no creature may
        # block it (a restriction on every blocker-attacker pair)
        return ("static", {**items[0], "combat_restriction": "cant_be_blocked"})

    def doesnt_untap_self(self, _):
        return ("static", {"doesnt_untap": True})

    def doesnt_untap_attached(self, _):
        return ("static", {"affects": "attached", "doesnt_untap": True})

    def lure(self, items):
        return ("static", {**items[0], "combat_requirement": "all_able_block"})

    def blocked_self(self, _):
        return {}

    def blocked_attached(self, _):
        return {"affects": "attached"}


# -- numbering the targets of one ability -----------------------------------------------------
def number_targets(effect_lists: list[list], it_is_source: bool = True) -> tuple[list[str], list[list]]:
    """Give each Target its place (115.1: in the order the text names them) and replace the
    objects by refs: `target` when there is one, else target1, target2, ...; "it" is the last
    target named before, else the source (`self`) when `it_is_source` (else the line is not
    understood: "it" names an object the form cannot name, such as the creature a trigger is
    about); "its controller" is the controller of the first target, named last."""
    if _holds(effect_lists, lambda v: v == "attached") and _holds(effect_lists, lambda v: v is IT):
        # "it" after "enchanted creature" would be bound to a target or the source, not to it
        raise Unsupported("'it' beside 'enchanted/equipped creature' has no reference form")
    order: list[Target] = []
    seen: list[list] = []
    for effects in effect_lists:
        seen.append([_collect(e, order, it_is_source) for e in effects])
    if any(isinstance(e, dict) and e.get("sacrifice", "self") != "self" for effects in seen for e in effects):
        # "sacrifice it" where "it" is a target: only the source is sacrificed by an effect here
        raise Unsupported("sacrificing other permanents has no effect form")
    names = {id(t): ("target" if len(order) == 1 else f"target{i + 1}") for i, t in enumerate(order)}
    return [t.kind for t in order], [[_rename(e, names) for e in effects] for effects in seen]


def _holds(value: Any, test: Any) -> bool:
    """Whether some value inside the parsed effects passes `test`."""
    if isinstance(value, dict):
        return any(_holds(v, test) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_holds(v, test) for v in value)
    return bool(test(value))


def _collect(value: Any, order: list[Target], it_is_source: bool) -> Any:
    """Walk one effect in text order; "it" becomes the last object target named so far (a
    dict's keys are in text order: "it deals damage to target creature" has BY_KEY first)."""
    if isinstance(value, Target):
        if value not in order:
            order.append(value)
        return value
    if value is IT or value is THAT_CREATURE:    # "that creature": a target only, never the source
        objects = [t for t in order if t.kind not in PLAYER_KINDS]
        if objects:
            return objects[-1] if value is IT else creature_target(objects[-1])
        if not it_is_source or value is THAT_CREATURE:
            raise Unsupported("'it' names the object the trigger is about, which the card form "
                              "cannot name")
        return "self"
    if value is ITS_CONTROLLER:
        objects = [t for t in order if t.kind not in PLAYER_KINDS]
        if not objects or objects[-1] is not order[0]:
            raise Unsupported("'its controller' names the controller of no first target")
        return "target_controller"
    if isinstance(value, dict):
        out = {k: _collect(v, order, it_is_source) for k, v in value.items()}
        if BY_KEY in out and out.pop(BY_KEY) != "self":
            raise Unsupported("'it deals damage' where 'it' is not the source has no form")
        return out
    if isinstance(value, list):
        return [_collect(v, order, it_is_source) for v in value]
    return value


def _rename(value: Any, names: dict[int, str]) -> Any:
    if isinstance(value, Target):
        return names[id(value)]
    if isinstance(value, dict):
        return {k: _rename(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, names) for v in value]
    return value
