"""Continuous effects: the fields shared by the `modify` action and static abilities of cards
(`abilities: [{static: {...}}]`, docs/abilities-static.md), turned into effect operations.

An operation is a clingo term the layer rules (rules_asp/mtg/6-spells-abilities-effects/613-*)
read: `add(type,artifact)`, `add(keyword,flying)`, `remove(keyword,flying)`,
`remove_all(ability)`, `set(color,blue)`, `set_power(0)`, `set_toughness(0)`, `pt(1,1)`,
`switch_pt`, `set_land_type(island)` (305.7), `control(you)`, `counter_limit("Kind",N)`, `combat_requirement(Kind)`,
`playerparse_keyword(Name,Value)`.
"""
from __future__ import annotations

import re
from typing import Any

from clingo import Function, Number, String, Symbol

from ...core.source.checks import Checker
from .keywords import parse_keyword
from .static_conditions import static_condition
from .vocab import KEYWORD_NAME, MANA_SYMBOL, WORD, mana_term

ADD_FIELDS = {"add_types": "type", "add_subtypes": "subtype", "add_supertypes": "supertype",
              "keywords": "keyword"}
EFFECT_FIELDS = set(ADD_FIELDS) | {"power", "toughness", "set_power", "set_toughness", "colors",
                                   "remove_keywords", "remove_types", "lose_all_abilities", "switch_pt",
                                   "set_land_types", "set_creature_types", "combat_restriction"}
# 604.3, 613.4a: characteristic-defining abilities counting permanents: both values, power only,
# toughness only (the layer-7a operation each becomes)
CDA_COUNTS = {"pt_count": "cda_pt", "power_count": "cda_power", "toughness_count": "cda_toughness"}
STATIC_FIELDS = EFFECT_FIELDS | set(CDA_COUNTS) | {"affects", "control", "counter_limit", "combat_requirement",
                                 "player_keywords", "combat_restriction", "doesnt_untap",
                                 "cant_be_countered", "cant_be_blocked_by", "no_maximum_hand_size",
                                 "additional_land_play", "cant_attack_unless_defender_controls",
                                 "may_not_untap", "cant_gain_life", "cant_lose_life",
                                 "damage_cant_be_prevented", "cost_change", "attack_tax", "block_tax",
                                 "max_blockers", "as_long_as", "per_count", "maximum_hand_size",
                                 "cant_activate", "toughness_plus", "min_blockers", "draw_limit"}
# 119.7 / 119.8: the players a "can't gain life" / "can't lose life" ability is about, seen from
# its controller ("Your opponents can't gain life", "Players can't gain life", "You can't lose life")
LIFE_LOCK_PLAYERS = ("you", "opponents", "each_player")
# 508.1d / 509.1c: the combat requirements a static ability can impose (docs/combat.md)
COMBAT_REQUIREMENTS = ("attacks_each_combat", "blocks_each_combat", "must_be_blocked", "all_able_block")
# 508.1c / 509.1b: "can't attack", "can't block", "can't attack or block" (issue 15), "can't be blocked"
COMBAT_RESTRICTIONS = ("cant_attack", "cant_block", "cant_attack_or_block", "cant_be_blocked",
                       "block_only_flying")
# 509.1b: `cant_be_blocked_by: {one quality}`: the creatures that can't block it
BLOCKER_QUALITIES = {"power_at_most": "number", "power_at_least": "number", "colors": "color",
                     "types": "type", "subtypes": "subtype", "keywords": "keyword",
                     "power_less_than_its_own": "flag"}
FILTER_FIELDS = {"types", "not_types", "subtypes", "colors", "not_colors", "controller", "other"}
# a static ability's `affects` also reads supertypes (layer 4, 613.1d): "Nonbasic lands are
# Mountains" (Blood Moon) is {types: [land], not_supertypes: [basic]}
AFFECTS_FIELDS = FILTER_FIELDS | {"supertypes", "not_supertypes"} | {"attacking", "tapped", "with_counter"} \
    | {"modified", "outlaw"}
# ... and a state (110.5, 508.1k) or a counter (122.1) at each moment (issue 31, session 16):
# "Attacking creatures you control get +1/+0.", "Each creature you control with a +1/+1 counter on
# it has trample." (611.3a-state-filters.lp); the terms modified (700.9) and outlaw (700.12)
# (issue 32, session 17: 700-general/700.9-modified.lp, 700.12-outlaw.lp)
COLOURS = ("white", "blue", "black", "red", "green")
# 305.6: the basic land types; 305.7: an effect that sets a land's subtype to some of them
BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")


def _max_hand_size(chk: Checker, path: tuple, raw: Any) -> Symbol:
    """402.2: "Your maximum hand size is N" (`{set: N}`), "... is increased / reduced by N"
    (`{change: N}` / `{change: -N}`), for `players: you | opponents | each_player` (default you)."""
    d = chk.mapping(path, raw, {"players", "set", "change"})
    who = chk.choice(path + ("players",), d.get("players", "you"), LIFE_LOCK_PLAYERS)
    if ("set" in d) == ("change" in d):
        raise chk.src.error(path, "maximum_hand_size: one of set (a number) or change (+N or -N)")
    if "set" in d:
        how = Function("set", [Number(chk.int_value(path + ("set",), d["set"], minimum=0))])
    else:
        how = Function("change", [Number(chk.int_value(path + ("change",), d["change"]))])
    return Function("max_hand_size", [Function(who), how])


def _word(word: str) -> Symbol:
    import re
    return Function(re.sub(r"[^a-z0-9_]", "_", word))


def effect_ops(chk: Checker, path: tuple, data: dict) -> list[Symbol]:
    """Operations of the effect fields present in `data` (already checked for unknown keys)."""
    ops: list[Symbol] = []
    for fld, attr in ADD_FIELDS.items():
        if fld == "keywords":
            ops += _granted_keywords(chk, path + (fld,), data.get(fld, []))
            continue
        for word in chk.word_list(path + (fld,), data.get(fld, []), WORD):
            ops.append(Function("add", [Function(attr), _word(word)]))
    for word in chk.word_list(path + ("remove_keywords",), data.get("remove_keywords", []),
                              KEYWORD_NAME):
        ops.append(Function("remove", [Function("keyword"), _word(word)]))
    for word in chk.word_list(path + ("remove_types",), data.get("remove_types", []), WORD):
        ops.append(Function("remove", [Function("type"), _word(word)]))
    for i, land in enumerate(chk.list(path + ("set_land_types",), data.get("set_land_types", []))):
        ops.append(Function("set_land_type", [Function(chk.choice(path + ("set_land_types", i), land,
                                                                  BASIC_LAND_TYPES))]))
    # 205.1a, 613.1d: "becomes a Frog": the creature types become these (other subtypes stay)
    for word in chk.word_list(path + ("set_creature_types",), data.get("set_creature_types", []), WORD):
        ops.append(Function("set_creature_type", [_word(word)]))
    for i, colour in enumerate(chk.list(path + ("colors",), data.get("colors", []))):
        ops.append(Function("set", [Function("color"), Function(chk.choice(path + ("colors", i),
                                                                            colour, COLOURS))]))
    power = chk.int_value(path + ("power",), data.get("power", 0))
    toughness = chk.int_value(path + ("toughness",), data.get("toughness", 0))
    if power or toughness:
        ops.append(Function("pt", [Number(power), Number(toughness)]))
    for fld in ("set_power", "set_toughness"):
        if data.get(fld) is not None:
            ops.append(Function(fld, [Number(chk.int_value(path + (fld,), data[fld]))]))
    if "combat_restriction" in data:    # 508.1c, 509.1b: a static's, or a resolved modify's "this turn"
        kind = chk.choice(path + ("combat_restriction",), data["combat_restriction"], COMBAT_RESTRICTIONS)
        ops += [Function("combat_restriction", [Function(k)]) for k in
                (("cant_attack", "cant_block") if kind == "cant_attack_or_block" else (kind,))]
    for fld, term in (("lose_all_abilities", Function("remove_all", [Function("ability")])),
                      ("switch_pt", Function("switch_pt"))):
        if chk.bool_value(path + (fld,), data.get(fld, False)):
            ops.append(term)
    return ops


def _granted_keywords(chk: Checker, path: tuple, raw: Any) -> list[Symbol]:
    """`keywords: [flying, {protection: red}]`: each keyword gained is `add(keyword,K)`; a
    protection quality gained with it (702.16a, "gains protection from red") is also
    `add(protection,Q)`, a layer-6 value the protection rules read."""
    ops: list[Symbol] = []
    for i, item in enumerate(chk.list(path, raw)):
        if item == "ward" or (isinstance(item, dict) and "ward" in item):
            # 702.21a: the ward cost would be lost (a gained instance has no cost form), and a
            # ward paid with nothing is a silent wrong answer: refused until it is encoded
            raise chk.src.error(path + (i,), "a gained ward is not encoded: its cost has no "
                                             "form in a gained keyword (702.21a)")
        kw = parse_keyword(chk, path + (i,), item)
        if not KEYWORD_NAME.match(kw.name):
            raise chk.src.error(path + (i,), f"bad keyword {kw.name!r}")
        if kw.args and kw.name != "protection":
            raise chk.src.error(path + (i,), "only protection takes a value in a gained keyword: "
                                             "{protection: red}")
        ops.append(Function("add", [Function("keyword"), _word(kw.name)]))
        ops += [Function("add", [Function("protection"), _word(q)])
                for q in kw.args.get("values", [])]
    return ops


def _blocker_quality(chk: Checker, path: tuple, raw: Any) -> Symbol:
    """509.1b `cant_be_blocked_by: {power_at_most: 2}` (or power_at_least, colors: [blue],
    types: [artifact], subtypes: [wall], keywords: [flying], power_less_than_its_own: true):
    one quality, one value."""
    data = chk.mapping(path, raw, set(BLOCKER_QUALITIES))
    if len(data) != 1:
        raise chk.src.error(path, "cant_be_blocked_by names one quality, e.g. {power_at_most: 2}")
    (key, value), = data.items()
    if BLOCKER_QUALITIES[key] == "flag":   # "creatures with power less than ~'s power" (session 16)
        if value is not True:
            raise chk.src.error(path + (key,), f"{key} is true (or left out)")
        return Function("cant_be_blocked_by", [Function("power_below_attacker"), Number(0)])
    if BLOCKER_QUALITIES[key] == "number":
        return Function("cant_be_blocked_by", [Function(key), Number(chk.int_value(path + (key,), value))])
    words = chk.word_list(path + (key,), value, WORD)
    if len(words) != 1:
        raise chk.src.error(path + (key,), f"{key} lists one word here")
    return Function("cant_be_blocked_by", [Function(BLOCKER_QUALITIES[key]), _word(words[0])])


def static_ability(chk: Checker, path: tuple, raw: Any) -> dict[str, list[Symbol]]:
    """A static ability's affected set (`scope`, `filter`) and operations (`ops`)."""
    data = chk.mapping(path, raw, STATIC_FIELDS)
    ops = effect_ops(chk, path, data)
    if "control" in data:
        chk.choice(path + ("control",), data["control"], ("you",))
        ops.append(Function("control", [Function("you")]))
    if "counter_limit" in data:
        lim = chk.mapping(path + ("counter_limit",), data["counter_limit"], {"kind", "max"})
        kind = chk.str_value(path + ("counter_limit", "kind"), lim.get("kind"))
        most = chk.int_value(path + ("counter_limit", "max"), lim.get("max"), minimum=0)
        ops.append(Function("counter_limit", [String(kind), Number(most)]))
    if "combat_requirement" in data:
        req = chk.choice(path + ("combat_requirement",), data["combat_requirement"], COMBAT_REQUIREMENTS)
        ops.append(Function("combat_requirement", [Function(req)]))
    if "max_blockers" in data:   # 509.1b: "~ can't be blocked by more than one creature"
        most = chk.int_value(path + ("max_blockers",), data["max_blockers"], minimum=1)
        ops.append(Function("max_blockers", [Number(most)]))
    if "min_blockers" in data:   # 509.1b: "can't be blocked except by three or more creatures"
        least = chk.int_value(path + ("min_blockers",), data["min_blockers"], minimum=2)
        ops.append(Function("min_blockers", [Number(least)]))
    if "doesnt_untap" in data:   # 502.3: "~ doesn't untap during your untap step"
        if data["doesnt_untap"] is not True:
            raise chk.src.error(path + ("doesnt_untap",), "doesnt_untap is true (or left out)")
        ops.append(Function("doesnt_untap"))
    if "cant_attack_unless_defender_controls" in data:   # 508.1c: "... unless defending player controls an Island"
        land = chk.choice(path + ("cant_attack_unless_defender_controls",),
                          data["cant_attack_unless_defender_controls"], BASIC_LAND_TYPES)
        ops.append(Function("cant_attack_unless_defender_controls", [Function(land)]))
    if "cant_be_blocked_by" in data:
        ops.append(_blocker_quality(chk, path + ("cant_be_blocked_by",), data["cant_be_blocked_by"]))
    if "attack_tax" in data:      # 508.1h: "can't attack you ... unless their controller pays {N} for each"
        ops.append(_attack_tax(chk, path + ("attack_tax",), data["attack_tax"]))
    if "block_tax" in data:       # 509.1d: "creatures can't block unless their controller pays {N} for each"
        ops.append(Function("block_tax", [Number(chk.int_value(path + ("block_tax",), data["block_tax"], minimum=1))]))
    if "cost_change" in data:                                      # 601.2f, 118.7
        ops += _cost_change(chk, path + ("cost_change",), data["cost_change"])
    if "maximum_hand_size" in data:                                # 402.2, 613.11
        ops.append(_max_hand_size(chk, path + ("maximum_hand_size",), data["maximum_hand_size"]))
    for fld in ("cant_gain_life", "cant_lose_life", "draw_limit"):  # 119.7, 119.8; 121.2b
        if fld in data:
            ops.append(Function(fld, [Function(chk.choice(path + (fld,), data[fld], LIFE_LOCK_PLAYERS))]))
    for flag in ("cant_be_countered", "no_maximum_hand_size", "additional_land_play",   # 101.2; 402.2; 305.2
                 "may_not_untap", "damage_cant_be_prevented",                            # 502.3; 615.12
                 "cant_activate"):                                                       # 602.5
        if flag in data:
            if data[flag] is not True:
                raise chk.src.error(path + (flag,), f"{flag} is true (or left out)")
            ops.append(Function(flag))
    ops += _player_keywords(chk, path + ("player_keywords",), data.get("player_keywords", []))
    count: list[Symbol] = []
    cdas = [k for k in CDA_COUNTS if k in data] + (["per_count"] if "per_count" in data else [])
    if len(cdas) > 1:
        raise chk.src.error(path, f"one count a static ability: {', '.join(cdas)}")
    for key in cdas:   # 604.3: "power (and toughness) (are each / is) equal to the number of ..."
        raw = chk.mapping(path + (key,), data[key], FILTER_FIELDS | {"zone", "owner", "card_types"})
        zone = _count_zone(chk, path + (key,), raw)
        _, count = _affects(chk, path + (key,), {k: v for k, v in raw.items()
                                                 if k not in ("zone", "owner", "card_types")})
        count += zone + _card_types_item(chk, path + (key,), raw, key)
        if key == "per_count":     # 613.4c: "gets +1/+1 for each ...": the P/T change times the count
            pts = [op for op in ops if op.name == "pt"]
            if not pts:
                raise chk.src.error(path + (key,), "per_count multiplies a power/toughness change")
            ops = [Function("pt_per", op.arguments) if op.name == "pt" else op for op in ops]
        else:
            ops.append(Function(CDA_COUNTS[key]))
        if not count:
            count = [Function("any")]
    if "toughness_plus" in data:   # 613.4a: "its toughness is equal to that number plus 1" (Tarmogoyf)
        if "pt_count" not in data:
            raise chk.src.error(path + ("toughness_plus",), "toughness_plus goes with pt_count")
        ops.append(Function("cda_toughness_plus", [Number(chk.int_value(path + ("toughness_plus",),
                                                                        data["toughness_plus"], minimum=1))]))
    if not ops:
        raise chk.src.error(path, "a static ability needs at least one effect field: "
                                  + ", ".join(sorted(STATIC_FIELDS - {"affects"})))
    # 702.95b `affects: paired`: the creature and the one it is paired with (soulbond), statics only
    scope, filt = (Function("paired"), []) if data.get("affects") == "paired" else \
        _affects(chk, path + ("affects",), data.get("affects", "self"), AFFECTS_FIELDS, chosen=True)
    cond, cond_filter = static_condition(chk, path + ("as_long_as",), data["as_long_as"], _affects) \
        if "as_long_as" in data else ([], [])
    return {"scope": [scope], "filter": filt, "ops": ops, "count": count, "cond": cond,
            "cond_filter": cond_filter}


def _card_types_item(chk: Checker, path: tuple, raw: dict, key: str) -> list[Symbol]:
    """604.3, issue 31 session 16: `card_types: true` counts the card types among the cards
    counted (Tarmogoyf: cards in a hand or graveyard, `pt_count` only)."""
    if not chk.bool_value(path + ("card_types",), raw.get("card_types", False)):
        return []
    if key != "pt_count" or "zone" not in raw:
        raise chk.src.error(path + ("card_types",), "card_types counts cards in a zone, in pt_count")
    return [Function("card_types")]


def _count_zone(chk: Checker, path: tuple, raw: dict) -> list[Symbol]:
    """604.3, issue 31 session 15: a count of cards in a hand or graveyard (`zone: hand |
    graveyard`, `owner: you | opponent`, none for "all graveyards"): in_zone(Z), owned_by(W)."""
    if "zone" not in raw:
        if "owner" in raw:
            raise chk.src.error(path + ("owner",), "owner goes with zone (hand or graveyard)")
        return []
    if "controller" in raw:
        raise chk.src.error(path + ("controller",), "cards in a hand or graveyard have no controller: owner")
    out = [Function("in_zone", [Function(chk.choice(path + ("zone",), raw["zone"], ("hand", "graveyard")))])]
    if "owner" in raw:
        out.append(Function("owned_by", [Function(chk.choice(path + ("owner",), raw["owner"], ("you", "opponent")))]))
    return out


def _attack_tax(chk: Checker, path: tuple, raw: Any) -> Symbol:
    """508.1h: `attack_tax: 2` (creatures attacking the ability's controller cost {2} each) or
    `attack_tax: {amount: 2, planeswalkers: true}` (also those attacking their planeswalkers)."""
    if isinstance(raw, dict):
        data = chk.mapping(path, raw, {"amount", "planeswalkers"})
        amount = chk.int_value(path + ("amount",), data.get("amount"), minimum=1)
        walkers = chk.bool_value(path + ("planeswalkers",), data.get("planeswalkers", False))
    else:
        amount, walkers = chk.int_value(path, raw, minimum=1), False
    return Function("attack_tax", [Number(amount), Function("you_and_planeswalkers" if walkers else "you")])


def _cost_change(chk: Checker, path: tuple, raw: Any) -> list[Symbol]:
    """601.2f, 118.7: `cost_change: {amount: 1, whose: opponents, not_types: [creature]}`: the
    spells the players named cast cost N more (a negative N: less) generic mana; or `reduce:
    "{W}{B}"`: they cost those mana symbols less (118.7b-g). At most one criterion: `types` (any
    of them), `colors` (any of them) or `not_types` (one word). One `cost_change(N,Whose,Kind,
    Value)` operation per word, or one `cost_reduce(I,Symbol,Whose,Kind,Value)` per symbol and
    word; the rules count an ability once."""
    data = chk.mapping(path, raw, {"amount", "reduce", "whose", "types", "not_types", "colors"})
    if ("amount" in data) == ("reduce" in data):
        raise chk.src.error(path, "cost_change needs an amount: 1 (costs {1} more) or -1 ({1} less), "
                                  "or reduce: \"{W}{B}\" (costs {W}{B} less), not both")
    if "amount" in data:
        amount = chk.int_value(path + ("amount",), data["amount"], minimum=-20)
        if amount == 0 or amount > 20:
            raise chk.src.error(path + ("amount",), "amount is a whole number from -20 to 20, not 0")
        op, heads = "cost_change", [[Number(amount)]]
    else:
        red = data["reduce"]
        if not isinstance(red, str) or not red or MANA_SYMBOL.sub("", red) != "" or "{X}" in red:
            raise chk.src.error(path + ("reduce",), "reduce is a mana cost without X, such as \"{W}{B}\" or \"{1}{G}\"")
        op, heads = "cost_reduce", [[Number(i + 1), mana_term(sym)] for i, sym in enumerate(MANA_SYMBOL.findall(red))]
    whose = Function(chk.choice(path + ("whose",), data.get("whose", "each_player"), LIFE_LOCK_PLAYERS))
    kinds = [k for k in ("types", "not_types", "colors") if k in data]
    if len(kinds) > 1:
        raise chk.src.error(path, "cost_change takes one of types, not_types, colors")
    if not kinds:
        return [Function(op, head + [whose, Function("any"), Function("any")]) for head in heads]
    kind = kinds[0]
    if kind == "colors":
        words = [chk.choice(path + (kind, i), c, COLOURS) for i, c in enumerate(chk.list(path + (kind,), data[kind]))]
    else:
        words = chk.word_list(path + (kind,), data[kind], WORD)
    if not words or (kind == "not_types" and len(words) != 1):
        raise chk.src.error(path + (kind,), f"{kind} lists {'one word' if kind == 'not_types' else 'at least one word'}")
    name = {"types": "type", "not_types": "not_type", "colors": "color"}[kind]
    return [Function(op, head + [whose, Function(name), _word(w)]) for head in heads for w in words]


def _player_keywords(chk: Checker, path: tuple, raw: Any) -> list[Symbol]:
    """`player_keywords: [hexproof, {protection: everything}]`: keywords the ability's controller
    has ("you have hexproof", 702.11c); one `playerparse_keyword(Name,Value)` per value (`none`)."""
    ops: list[Symbol] = []
    for i, raw_kw in enumerate(chk.list(path, raw)):
        kw = parse_keyword(chk, path + (i,), raw_kw)
        values = [_word(v) for v in kw.args.get("values", [])] or [Function("none")]
        ops += [Function("player_keyword", [_word(kw.name), v]) for v in values]
    return ops


def _affects(chk: Checker, path: tuple, raw: Any, fields: set[str] = FILTER_FIELDS,
             by_target: bool = False, chosen: bool = False) -> tuple[Symbol, list[Symbol]]:
    """The filter map as terms; `by_target`: an effect's "each creature target player controls",
    whose `controller` may be a target ref (`target`, `target2`: controlled_by(target(J)));
    `chosen`: a static ability's filter may name `chosen` as its colour or subtype, the value its
    permanent's "as this enters, choose ..." ability chose (607.2d)."""
    if isinstance(raw, str):
        return Function(chk.choice(path, raw, ("self", "attached"))), []
    data = chk.mapping(path, raw, fields | ({"same_name_as"} if by_target else set()))
    filt: list[Symbol] = []
    if "same_name_as" in data:    # "all other permanents with the same name as that permanent"
        ref = chk.str_value(path + ("same_name_as",), data["same_name_as"])
        if not re.fullmatch(r"target\d?", ref):
            raise chk.src.error(path + ("same_name_as",), "same_name_as names a target: target, target2, ...")
        filt.append(Function("same_name_as", [Function("target", [Number(int(ref[6:] or 1))])]))
    for fld, attr in (("types", "type"), ("subtypes", "subtype"), ("supertypes", "supertype")):
        words = chk.word_list(path + (fld,), data.get(fld, []), WORD)
        if "chosen" in words and not (chosen and fld == "subtypes"):
            raise chk.src.error(path + (fld,), "chosen (607.2d) is read only by a static ability's affects: subtypes or colors")
        filt += [Function("needs", [Function(attr), _word(w)]) for w in words]
    for fld, attr in (("not_types", "type"), ("not_supertypes", "supertype")):
        filt += [Function("needs_not", [Function(attr), _word(w)])
                 for w in chk.word_list(path + (fld,), data.get(fld, []), WORD)]
    for fld, need in (("colors", "needs"), ("not_colors", "needs_not")):   # 105.1: by colour
        filt += [Function(need, [Function("color"), Function(chk.choice(
            path + (fld, i), c, COLOURS + (("chosen",) if chosen and need == "needs" else ())))])
                 for i, c in enumerate(chk.list(path + (fld,), data.get(fld, [])))]
    if by_target and isinstance(data.get("controller"), str) and \
            re.fullmatch(r"target\d?", data["controller"]):
        index = int(data["controller"][6:] or 1)
        filt.append(Function("controlled_by", [Function("target", [Number(index)])]))
    elif "controller" in data:
        who = chk.choice(path + ("controller",), data["controller"], ("you", "opponent")
                         + (("target",) if by_target else ()))
        filt.append(Function("controlled_by", [Function(who)]))
    if chk.bool_value(path + ("other",), data.get("other", False)):
        filt.append(Function("other"))
    return Function("all"), filt + _state_items(chk, path, data)


def _state_items(chk: Checker, path: tuple, data: dict) -> list[Symbol]:
    """A static `affects` filter's state and counter items (AFFECTS_FIELDS only): `attacking:
    true`, `tapped: true | false`, `with_counter: "+1/+1"`, `modified: true` (700.9), `outlaw: true`
    (700.12)."""
    items = [Function("state", [Function("attacking")])] \
        if chk.bool_value(path + ("attacking",), data.get("attacking", False)) else []
    if "tapped" in data:
        tapped = chk.bool_value(path + ("tapped",), data["tapped"])
        items.append(Function("state", [Function("tapped" if tapped else "untapped")]))
    if "with_counter" in data:
        items.append(Function("with_counter", [String(chk.str_value(path + ("with_counter",),
                                                                     data["with_counter"]))]))
    if chk.bool_value(path + ("modified",), data.get("modified", False)):
        items.append(Function("state", [Function("modified")]))
    if chk.bool_value(path + ("outlaw",), data.get("outlaw", False)):
        items.append(Function("outlaw"))
    return items
