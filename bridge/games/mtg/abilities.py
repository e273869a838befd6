"""The card ability form (docs/abilities.md): validation and facts.

A card's `abilities:` is a list; each entry is a map with one kind as key:
`spell` (what an instant or sorcery does as it resolves), `activated` (cost + effects),
`triggered` (when + optional if/may + effects) or `static` (kept, not interpreted here).
Effects are the contract's direct effects whose object/player fields may name `self`, `you`,
`target` / `target1`, `target2`, ...; amounts may be `x`.
"""
from __future__ import annotations

import re
from typing import Any

from clingo import Function, Number

from ...core.source.checks import Checker
from ...core.source.yamlsrc import clip
from ._effect_args import (
    MULTIPLY_WHAT,
    UNTIL,
    _amount,
    _check_target_refs,
    _create_token,
    _exchange,
    _multiply,
    _ref,
)
from .ability_options import OPTION_TABLES, option_table
from .effects import FILTER_FIELDS, _affects, effect_ops
from .library_effects import parse_exile_until, parse_search
from .replacement import parse_replacement
from .triggers import STEP_ALIASES, TRIGGER_EVENTS, parse_condition, parse_when  # noqa: F401 (the two tables re-exported)
from .vocab import COPY_KEEP, MANA_SYMBOL, WORD

KINDS = ("spell", "activated", "triggered", "static", "chapter", "replacement")
TARGET_SPECS = ("any", "creature", "player", "opponent", "permanent", "nonland_permanent", "spell", "land",
                "artifact", "enchantment", "planeswalker", "creature_or_planeswalker",
                "player_or_planeswalker", "opponent_permanent",
                "card_in_your_graveyard",   # 115.1: "target card from your graveyard" (issue 31)
                "card_in_a_graveyard")      # "target card from a graveyard" (session 17)
MANA = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}


def parse_abilities(chk: Checker, path: tuple, raw: Any) -> list[dict[str, Any]]:
    """Validate a card's abilities list; returns normalised dicts with a 'kind' key."""
    out = []
    for i, item in enumerate(chk.list(path, raw)):
        p = path + (i,)
        if isinstance(item, dict) and "chapter" in item:
            out.append(_chapter(chk, p, item))
            continue
        data = chk.mapping(p, item, set(KINDS) | {"level", "levels", "solved", "station"})
        solved = chk.bool_value(p + ("solved",), data.pop("solved")) if "solved" in data else False
        station = chk.int_value(p + ("station",), data.pop("station"), 1) if "station" in data else None
        level = chk.int_value(p + ("level",), data.pop("level"), 2) if "level" in data else None
        levels = _level_range(chk, p + ("levels",), data.pop("levels")) if "levels" in data else None
        if len(data) != 1:
            raise chk.src.error(p, f"an ability is a map with one kind as key: {', '.join(KINDS)}")
        kind, body = next(iter(data.items()))
        out.append(_ability(chk, p + (kind,), kind, body))
        if level is not None:       # 716.2a: "as long as this Class is level N or greater"
            out[-1]["level"] = level
        if levels is not None:      # 711.2a/b: "{LEVEL N1-N2}" / "{LEVEL N3+}"
            out[-1]["levels"] = levels
        if solved:                  # 719.3c: a Case's "Solved — [ability]"
            out[-1]["solved"] = True
        if station is not None:     # 721.2: a station symbol "{N+}" (charge counters)
            out[-1]["station"] = station
    return out


def _level_range(chk: Checker, p: tuple, raw: Any) -> tuple[int, int | None]:
    """A leveler's level symbol (711.2): "N1-N2" or "N3+" (level counters)."""
    m = re.fullmatch(r"(\d+)(?:-(\d+)|\+)", str(raw).strip())
    if not m or (m.group(2) is not None and int(m.group(2)) < int(m.group(1))):
        raise chk.src.error(p, f"{clip(raw)}: a level symbol is N1-N2 or N3+ (711.2)")
    return int(m.group(1)), (int(m.group(2)) if m.group(2) is not None else None)


def _chapter(chk: Checker, p: tuple, item: dict) -> dict[str, Any]:
    """A Saga chapter ability (714.2): `{chapter: N or [N, M], targets?, effects?}`; the chapter
    numbers are read by the Saga rules from the raw entry."""
    data = chk.mapping(p, item, {"chapter", "targets", "effects"})
    body = {k: v for k, v in data.items() if k != "chapter"}
    ab = _ability(chk, p, "spell", body)
    ab["kind"] = "chapter"
    return ab


def _ability(chk: Checker, p: tuple, kind: str, body: Any) -> dict[str, Any]:
    if kind == "static":
        return {"kind": kind, "text": body}
    if kind == "replacement":
        return parse_replacement(chk, p, body)
    allowed = {"targets", "effects"} | ({"cost", "exhaust", "as_sorcery", "once_each_turn"} if kind == "activated" else set()) | \
        ({"when", "if", "may"} if kind == "triggered" else set()) | \
        ({"choose", "modes", "if_kicked", "unless_kicked"} | set(SPELL_COSTS) if kind == "spell" else set()) | \
        ({"choose", "modes"} if kind in ("triggered", "activated") else set()) | set(OPTION_TABLES)
    data = chk.mapping(p, body or {}, allowed)
    ab: dict[str, Any] = {"kind": kind, "modes": None}
    ab.update(_targets_effects(chk, p, data))
    if "modes" in data or "choose" in data:
        ab["modes"], ab["choose"] = _modes(chk, p, data)
    option_table(chk, p, data, ab)     # 701.55a villainous choice, 706 die roll
    if kind == "spell":
        ab.update(_spell_costs(chk, p, data))
    if kind == "activated":
        ab["cost"] = _cost(chk, p + ("cost",), data.get("cost", []))
        # 702.177a: "Exhaust — [Cost]: [Effect]", an activated ability to activate only once
        ab["exhaust"] = chk.bool_value(p + ("exhaust",), data.get("exhaust", False))
        # 602.5d: "Activate only as a sorcery."
        ab["as_sorcery"] = chk.bool_value(p + ("as_sorcery",), data.get("as_sorcery", False))
        # 602.5b: "Activate only once each turn."
        ab["once_each_turn"] = chk.bool_value(p + ("once_each_turn",), data.get("once_each_turn", False))
    if kind == "triggered":
        if "when" not in data:
            raise chk.src.error(p, "a triggered ability needs 'when'")
        ab["when"] = parse_when(chk, p + ("when",), data["when"])
        ab["if"] = parse_condition(chk, p + ("if",), data["if"]) if "if" in data else None
        ab["may"] = chk.bool_value(p + ("may",), data.get("may", False))
    if "damaged_player" in repr((ab["effects"], ab["modes"])) and ab.get("when") != ("deals_combat_damage", "player"):
        # 603.2: "that player" is the player a "deals combat damage to a player" event names
        raise chk.src.error(p, "damaged_player names the player of a {deals_combat_damage: player} trigger only")
    return ab


def _targets_effects(chk: Checker, p: tuple, data: dict) -> dict[str, Any]:
    targets = [_target_spec(chk, p + ("targets", j), spec)
               for j, spec in enumerate(chk.list(p + ("targets",), data.get("targets", [])))]
    effects = [_effect(chk, p + ("effects", j), e)
               for j, e in enumerate(chk.list(p + ("effects",), data.get("effects", [])))]
    for j, eff in enumerate(effects):
        _check_target_refs(chk, p + ("effects", j), eff, len(targets))
    return {"targets": targets, "effects": effects}


# issue 15: a restricted target is a map: an object kind plus the static FILTER keys and a few
# target-only ones ("target nonblack creature", "target attacking creature with flying")
RESTRICTABLE = ("creature", "permanent", "nonland_permanent", "spell", "land", "artifact",
                "enchantment", "planeswalker", "creature_or_planeswalker", "card_in_your_graveyard",
                "card_in_a_graveyard")
TARGET_FILTER_ONLY = {"kind", "types_any", "keywords", "attacking", "attacking_or_blocking", "tapped",
                      "not_named"}
# 115.1 (session 17): "with power 2 or less" -> power_at_most: 2, an item at_most(power, 2)
TARGET_BOUNDS = {f"{s}_at_{b}" for s in ("power", "toughness", "mana_value") for b in ("most", "least")}


def _target_spec(chk: Checker, p: tuple, raw: Any) -> Any:
    """A target kind word, or `{kind, types_any, FILTER keys, keywords, attacking, tapped}`:
    returned as `{"kind": K, "filter": [items]}` (115.1, docs/abilities.md "Restricted targets")."""
    if not isinstance(raw, dict):
        return chk.choice(p, raw, TARGET_SPECS)
    data = chk.mapping(p, raw, FILTER_FIELDS | TARGET_FILTER_ONLY | TARGET_BOUNDS)
    kind = chk.choice(p + ("kind",), data.get("kind", "permanent"), RESTRICTABLE)
    items = _affects(chk, p, {k: v for k, v in data.items() if k in FILTER_FIELDS})[1]
    items += [Function("needs_any", [Function("type"), Function(w)])
              for w in chk.word_list(p + ("types_any",), data.get("types_any", []), WORD)]
    if "types_any" in data and len(data["types_any"]) < 2:
        raise chk.src.error(p + ("types_any",), "types_any lists at least two types (one of them)")
    items += [Function("keyword", [Function(w)])
              for w in chk.word_list(p + ("keywords",), data.get("keywords", []), WORD)]
    if "not_named" in data:     # "not named ~": a name other than the source's (115.1, 201.2)
        chk.choice(p + ("not_named",), data["not_named"], ("self",))
        items.append(Function("not_named", [Function("self")]))
    items += [Function(f"at_{k.rsplit('_', 1)[1]}", [Function(k.rsplit("_at_", 1)[0]), Number(
        chk.int_value(p + (k,), data[k], 0))]) for k in sorted(TARGET_BOUNDS & set(data))]
    for flag in ("attacking", "attacking_or_blocking", "tapped"):
        if flag in data:
            on = chk.bool_value(p + (flag,), data[flag])
            items.append(Function(flag if on else f"not_{flag}"))
    if not items:
        raise chk.src.error(p, "a restricted target needs a restriction besides kind (else write the kind word)")
    return {"kind": kind, "filter": items}


def _modes(chk: Checker, p: tuple, data: dict) -> tuple[list[dict[str, Any]], int]:
    """A modal spell, triggered or activated ability (700.2, 603.3c, 602.2b): `choose: N`
    (default 1) and `modes:`, each `{targets, effects}`."""
    if "modes" not in data or "targets" in data or "effects" in data:
        raise chk.src.error(p, "a modal ability has `modes:` (and `choose:`) instead of targets/effects")
    raw = chk.list(p + ("modes",), data["modes"])
    if len(raw) < 2:
        raise chk.src.error(p + ("modes",), "a modal ability has at least two modes (700.2)")
    modes = [_targets_effects(chk, p + ("modes", m), chk.mapping(p + ("modes", m), r, {"targets", "effects"}))
             for m, r in enumerate(raw)]
    choose = chk.int_value(p + ("choose",), data.get("choose", 1), minimum=1)
    if choose > len(modes):
        raise chk.src.error(p + ("choose",), f"choose {choose} of only {len(modes)} modes")
    return modes, choose


# -- additional and alternative costs of a spell (118.8, 118.9) --------------------------------
SPELL_COSTS = ("kicker", "additional_cost", "alternative_costs", "cast_restriction")
CAST_RESTRICTIONS = ("attacked_this_step",)


def _spell_costs(chk: Checker, p: tuple, data: dict) -> dict[str, Any]:
    """`kicker: "{2}{R}"` (702.33, optional), `additional_cost: [...]` (118.8, mandatory) and
    `alternative_costs: [[...], ...]` (118.9): costs in the activated-cost form."""
    out: dict[str, Any] = {"kicker": None, "additional": [], "alternatives": [], "if_kicked": [],
                           "unless_kicked": []}
    if "cast_restriction" in data:   # 601.3: "Cast this spell only during the declare attackers step
        # and only if you've been attacked this step."
        out["cast_restriction"] = chk.choice(p + ("cast_restriction",), data["cast_restriction"],
                                             CAST_RESTRICTIONS)
    if "kicker" in data:
        out["kicker"] = _cost(chk, p + ("kicker",), data["kicker"], COST_WORDS_SPELL)
        # 702.33e: `if_kicked` effects happen only if the spell was kicked; `unless_kicked` ones
        # only if it was not (the text the kicked one replaces: "... deals 5 damage instead")
        for key in ("if_kicked", "unless_kicked"):
            out[key] = [_effect(chk, p + (key, j), e)
                        for j, e in enumerate(chk.list(p + (key,), data.get(key, [])))]
    for key in ("if_kicked", "unless_kicked"):
        if key in data and "kicker" not in data:
            raise chk.src.error(p + (key,), f"{key} needs a kicker cost")
    if "additional_cost" in data:
        out["additional"] = _cost(chk, p + ("additional_cost",), data["additional_cost"], COST_WORDS_SPELL)
    for j, alt in enumerate(chk.list(p + ("alternative_costs",), data.get("alternative_costs", []))):
        out["alternatives"].append(_cost(chk, p + ("alternative_costs", j), alt, COST_WORDS_SPELL))
    return out


# -- effects ---------------------------------------------------------------------------------
# the continuous-effect fields a resolved `modify` also takes (docs/abilities-static.md): "loses
# all abilities and becomes a blue Frog with base power and toughness 1/1" (Turn to Frog)
MODIFY_OPS = {"lose_all_abilities", "colors", "set_power", "set_toughness", "set_creature_types",
              "combat_restriction"}   # 508.1c, 509.1b: "target creature can't block this turn" (session 16)
EFFECT_FIELDS = {
    "deal_damage": ({"target", "amount"}, ("target", "amount")),
    "draw": ({"player", "amount"}, ("amount",)),
    # 603.7a: "draw a card at the beginning of the next turn's upkeep" (a delayed trigger)
    "draw_next_upkeep": ({"player", "amount"}, ("amount",)),
    "gain_life": ({"player", "amount"}, ("amount",)),
    "lose_life": ({"player", "amount"}, ("amount",)),
    "put_counters": ({"object", "kind", "amount"}, ("object", "kind", "amount")),
    # 401.7: "put target creature on top of / into its owner's library second from the top"
    "put_in_library": ({"object", "position"}, ("object", "position")),
    "remove_counters": ({"object", "kind", "amount"}, ("object", "kind", "amount")),
    "modify": ({"object", "power", "toughness", "keywords", "until"} | MODIFY_OPS, ("object",)),
    "prevent_damage": ({"target", "amount"}, ("target", "amount")),
    # 701.6a, 118.12a: "counter target spell unless its controller pays {3}" (generic mana)
    "counter_unless": ({"object", "amount"}, ("object", "amount")),
    "discard": ({"player", "amount", "random"}, ("amount",)),
    "mill": ({"player", "amount"}, ("amount",)),
    "scry": ({"player", "amount"}, ("amount",)),       # 701.22a: "scry N" (issue 32)
    "surveil": ({"player", "amount"}, ("amount",)),    # 701.25a: "surveil N"
    "shuffle": ({"player"}, ()),                        # 701.24a: "shuffle your library"
    # 701.13a, 404.1: "exile all graveyards" (player: each_player), "exile target player's graveyard"
    "exile_graveyard": ({"player"}, ("player",)),
    "set_life": ({"player", "amount"}, ("amount",)),     # 119.5: "[player]'s life total becomes N"
    "lose_game": ({"player"}, ()),                      # 104.3e: "[player] loses the game"
    "win_game": ({"player"}, ()),                       # 104.2b: "[player] wins the game"
    "become_monarch": ({"player"}, ()),                 # 724.1: "you become the monarch"
    "get_energy": ({"player", "amount"}, ("amount",)),  # 107.14, 122.1: "you get {E}{E}"
    "fateseal": ({"player", "amount"}, ("amount",)),   # 701.29a: an opponent's library
    "move_counters": ({"from", "to", "kind", "amount"}, ("from", "to", "kind")),   # 122.5
    "incubate": ({"amount"}, ("amount",)),            # 701.53a: "incubate N"
    "become_copy": ({"object", "of", "keep"}, ("object", "of")),   # keep: 707.9c
    "attach": ({"object", "to"}, ("to",)),     # 701.3a: "attach [it] to target creature you control"
    "fight": ({"object", "other"}, ("other",)),   # 701.14a: "[it] fights target creature"
    "monstrosity": ({"amount"}, ("amount",)),     # 701.37a: "Monstrosity N." (this permanent)
    "adapt": ({"amount"}, ("amount",)),           # 701.46a: "Adapt N." (this permanent)
    "bolster": ({"amount"}, ("amount",)),         # 701.39a: "Bolster N." (its controller)
    "discover": ({"amount"}, ("amount",)),        # 701.57a: "Discover N." (its controller)
    "amass": ({"amount", "subtype"}, ("amount", "subtype")),   # 701.47a: "Amass Zombies N."
    "endure": ({"amount"}, ("amount",)),          # 701.63a: "This creature endures N." (this permanent)
    "connive": ({"object", "amount"}, ()),        # 701.50a, 701.50e: "[it] connives [N]" (self, 1)
    "create_token": ({"amount", "name", "power", "toughness", "colors", "types", "subtypes",
                      "keywords", "player", "tapped", "attacking", "attached_to", "predefined"}, ()),
    # 701.10, 701.11: "double target creature's power", "double your life total", "double the
    # number of +1/+1 counters on it"; `what` says which (MULTIPLY_WHAT)
    "double": ({"object", "player", "what", "kind", "until"}, ("what",)),
    "triple": ({"object", "what", "until"}, ("what",)),
    # 701.12: "exchange control of target1 and target2", "exchange life totals with target player"
    "exchange": ({"what", "object", "player", "other"}, ("what", "other")),
}
OBJECT_EFFECTS = ("destroy", "exile", "return_to_hand", "sacrifice", "counter", "untap", "tap", "regenerate",
                  "cant_be_regenerated",   # 701.19c (issue 15)
                  "goad", "detain", "suspect", "exert",   # 701.15a, 701.35a, 701.60a, 701.43a (issue 32)
                  "explore",                              # 701.44a: "[it] explores"
                  "transform", "convert", "harness",      # 701.27a, 701.28a, 701.64a (issue 32)
                  "exile_until_leaves",                   # 610.3: "exile [it] until ~ leaves the battlefield"
                  "unattach",                             # 701.3d: "unattach [Equipment]"
                  "doesnt_untap_next",                    # 502.3: "it doesn't untap during its controller's next untap step"
                  "return_to_battlefield",                # 110.2a: "return target creature card from your graveyard to the battlefield"
                  "exile_if_dies",                        # 614.1a: "if that creature would die this turn, exile it instead"
                  "flip",                                 # 710.2: "flip it" (a flip card)
                  "turn_face_down",                       # 708.2: "turn target creature face down"
                  "return_exiled")                        # 607.2a: "return the exiled card to the battlefield" (of `self`)
# 603.7: what a delayed "at the beginning of the next end step" ability may do to the object
DELAYED_ACTIONS = ("sacrifice", "exile", "destroy", "return_to_hand", "return_to_battlefield")
# issue 15: where an object ref may be `{all: FILTER}` and a player ref a PLAYER_REFS word
ALL_FIELDS = {("deal_damage", "target"), ("modify", "object"), ("put_counters", "object"),
              ("remove_counters", "object")}
PLAYER_FIELDS = {("deal_damage", "target"), ("draw", "player"), ("draw_next_upkeep", "player"), ("gain_life", "player"),
                 ("lose_life", "player"), ("discard", "player"), ("create_token", "player"),
                 ("mill", "player"), ("scry", "player"), ("surveil", "player"), ("shuffle", "player"),
                 ("exile_graveyard", "player"),
                 ("fateseal", "player"), ("lose_game", "player"), ("win_game", "player"),
                 ("set_life", "player"), ("become_monarch", "player"),
                 ("get_energy", "player")}


def _effect(chk: Checker, p: tuple, raw: Any) -> dict[str, Any]:
    if raw in ("prevent_combat_damage", "proliferate", "populate", "investigate", "time_travel",
               "manifest", "cloak", "manifest_dread", "clash",   # 615.1a; 701.34a, .36a, .16a, .56a, .40a, .58a, .62a, .30
               "forage", "ring_tempts", "solve", "unlock_door"):  # 701.61a, 701.54a, 719.3a, 709.5f
        return {"verb": raw}
    data = chk.mapping(p, raw, set(EFFECT_FIELDS) | set(OBJECT_EFFECTS)
                       | {"add_mana", "set_battlefield_state", "exile_until", "search", "class_level",
                          "at_next_end_step"}
                       | set(RESOLUTION_CHOICES))
    if len(data) != 1:
        raise chk.src.error(p, "an effect is a map with one verb as key")
    verb, arg = next(iter(data.items()))
    q = p + (verb,)
    if verb in OBJECT_EFFECTS:
        return {"verb": verb, "object": _ref(chk, q, arg, all_ok=verb != "counter")}
    if verb == "add_mana":
        letters = arg if isinstance(arg, list) else [arg]
        # 607.2d: `chosen`, the colour the permanent's "as this enters, choose a color" chose
        return {"verb": verb, "mana": [chk.choice(q, m, tuple(MANA) + ("chosen",)) for m in letters]}
    if verb == "set_battlefield_state":
        return _state_effect(chk, q, arg)
    if verb == "exile_until":
        return parse_exile_until(chk, q, arg, _ref)
    if verb == "at_next_end_step":         # 603.7: a delayed triggered ability
        inner = chk.mapping(q, arg, set(DELAYED_ACTIONS))
        if len(inner) != 1:
            raise chk.src.error(q, "at_next_end_step: one action, e.g. {sacrifice: target}; one of "
                                   + ", ".join(DELAYED_ACTIONS))
        (act, raw_ref), = inner.items()
        return {"verb": verb, "action": act, "object": _ref(chk, q + (act,), raw_ref)}
    if verb == "class_level":              # 716.2a: "[Cost]: Level N" (issue 32)
        return {"verb": verb, "level": chk.int_value(q, arg, 2)}
    if verb == "search":                   # 701.23 (issue 32)
        return parse_search(chk, q, arg, lambda c, pth, raw: _ref(c, pth, raw, players_ok=True))
    if verb in RESOLUTION_CHOICES:
        return _resolution_choice(chk, q, verb, arg)
    allowed, required = EFFECT_FIELDS[verb]
    d = chk.mapping(q, arg, allowed)
    for key in required:
        if key not in d:
            raise chk.src.error(q, f"missing {clip(key)}")
    if verb == "create_token":
        return _create_token(chk, q, d)
    if verb in MULTIPLY_WHAT:
        return _multiply(chk, q, verb, d)
    if verb == "exchange":
        return _exchange(chk, q, d)
    out: dict[str, Any] = {"verb": verb}
    if verb in ("attach", "fight", "connive"):
        d = {"object": "self", **({"amount": 1} if verb == "connive" else {}), **d}
    for key in ("target", "object", "player", "of", "to", "other", "from"):
        if key in d:
            out[key] = _ref(chk, q + (key,), d[key], all_ok=(verb, key) in ALL_FIELDS,
                            players_ok=(verb, key) in PLAYER_FIELDS)
    if "keep" in d:     # 707.9c: "except it doesn't copy [that creature's colour]"
        out["keep"] = [COPY_KEEP[w] for w in chk.word_list(q + ("keep",), d["keep"], WORD)
                       if chk.choice(q + ("keep",), w, tuple(COPY_KEEP))]
    if "amount" in d:
        special = ("x", "all") if verb == "prevent_damage" else ("x",)
        out["amount"] = _amount(chk, q + ("amount",), d["amount"], special, 0)
        if verb == "prevent_damage" and isinstance(out["amount"], tuple):
            raise chk.src.error(q + ("amount",), "a prevention shield takes a number, x or all")
    if verb == "connive" and (not isinstance(out["object"], str) or out["object"] in ("you", "attached")):
        raise chk.src.error(q + ("object",), "connive: self or a target creature (its controller draws and discards)")
    if verb == "endure" and not isinstance(out["amount"], int):
        raise chk.src.error(q + ("amount",), "endure takes a number (its Spirit token is N/N)")
    if verb == "put_in_library":    # the place from the top: 1 (on top) or 2 (second)
        out["position"] = chk.int_value(q + ("position",), d["position"], 1)
        if out["position"] > 2:
            raise chk.src.error(q + ("position",), "position is 1 (on top) or 2 (second from the top)")
    if "kind" in d:
        out["kind"] = chk.str_value(q + ("kind",), d["kind"])
    if "subtype" in d:
        out["subtype"] = chk.word_list(q + ("subtype",), [d["subtype"]], WORD)[0]   # amass (701.47a)
    if "random" in d:    # 701.9b: "discards N cards at random"
        out["random"] = chk.bool_value(q + ("random",), d["random"])
    for key in ("power", "toughness"):
        out[key] = _amount(chk, q + (key,), d.get(key, 0), (), None)
    out["keywords"] = chk.word_list(q + ("keywords",), d.get("keywords", []), re.compile(r"[a-z_]+"))
    if verb == "modify":
        out["ops"] = effect_ops(chk, q, {k: v for k, v in d.items() if k in MODIFY_OPS})
    if "until" in d:
        out["until"] = chk.choice(q + ("until",), d["until"], UNTIL)
    return out


# Effects whose object is chosen as the spell resolves (608.2c), docs/abilities.md
RESOLUTION_CHOICES = {"put_from_hand": {"type"}, "copy_permanent": set(),
                      "distribute_counters": {"kind", "amount"}}


def _resolution_choice(chk: Checker, q: tuple, verb: str, arg: Any) -> dict[str, Any]:
    d = chk.mapping(q, arg if arg is not None else {}, RESOLUTION_CHOICES[verb])
    out: dict[str, Any] = {"verb": verb}
    if verb == "put_from_hand":
        out["type"] = chk.choice(q + ("type",), d.get("type", "permanent"),
                                 ("artifact", "creature", "enchantment", "land", "planeswalker", "battle",
                                  "permanent"))
    if verb == "distribute_counters":
        out["kind"] = chk.str_value(q + ("kind",), d.get("kind", "+1/+1"))
        out["amount"] = chk.int_value(q + ("amount",), d.get("amount", 1), 1)
        if out["amount"] > 10:
            raise chk.src.error(q + ("amount",), "at most 10 counters can be distributed")
    return out


def _state_effect(chk: Checker, q: tuple, arg: Any) -> dict[str, Any]:
    """Almos 1000.3: `set_battlefield_state: {state: S, until: end_of_turn}` (read by rules_asp/almos)."""
    from .scenario import BATTLEFIELD_STATES
    d = chk.mapping(q, arg, {"state", "until"})
    if "state" not in d:
        raise chk.src.error(q, "missing 'state'")
    out: dict[str, Any] = {"verb": "set_battlefield_state",
                           "state": chk.choice(q + ("state",), d["state"], BATTLEFIELD_STATES)}
    if "until" in d:
        out["until"] = chk.choice(q + ("until",), d["until"], UNTIL)
    return out


# -- costs, trigger events, conditions ----------------------------------------------------------
COST_WORDS_SPELL = ("creature", "land", "artifact", "enchantment", "planeswalker", "permanent")


def _cost(chk: Checker, p: tuple, raw: Any, sacrifice_kinds: tuple[str, ...] = ()) -> list[Any]:
    """Cost items: "{T}", mana, `sacrifice` (the source), `{pay_life: N}`, `{remove_counters:
    {kind: spore, amount: 3}}` (from the source, 118.3, session 16); a spell's costs may
    also sacrifice a permanent of a kind the caster controls: `{sacrifice: creature}`."""
    items = raw if isinstance(raw, list) else [raw]
    out: list[Any] = []
    for j, c in enumerate(items):
        if c == "{T}" and not sacrifice_kinds:
            out.append("tap")
        elif c == "sacrifice" and not sacrifice_kinds:
            out.append("sacrifice")
        elif isinstance(c, dict) and set(c) == {"loyalty"} and not sacrifice_kinds:
            out.append(("loyalty", _loyalty_amount(chk, p + (j, "loyalty"), c["loyalty"])))
        elif isinstance(c, dict) and set(c) == {"remove_counters"} and not sacrifice_kinds:   # 118.3
            rc = chk.mapping(p + (j, "remove_counters"), c["remove_counters"], {"kind", "amount"})
            out.append(("remove_counters", chk.str_value(p + (j, "remove_counters", "kind"), rc.get("kind")),
                        chk.int_value(p + (j, "remove_counters", "amount"), rc.get("amount", 1), 1)))
        elif isinstance(c, dict) and set(c) == {"pay_life"}:
            out.append(("pay_life", chk.int_value(p + (j, "pay_life"), c["pay_life"], 0)))
        elif isinstance(c, dict) and set(c) == {"sacrifice"} and isinstance(c["sacrifice"], list):
            out.append(("sacrifice_a", _either_kinds(chk, p + (j, "sacrifice"), c["sacrifice"])))
        elif isinstance(c, dict) and set(c) == {"sacrifice"}:   # 118.3: a spell's (118.8) or an activation's
            out.append(("sacrifice_a", chk.choice(p + (j, "sacrifice"), c["sacrifice"], COST_WORDS_SPELL)))
        elif isinstance(c, dict) and len(c) == 1 and set(c) <= {"sacrifice_another", "sacrifice_subtype"} \
                and not sacrifice_kinds:   # 118.3: "Sacrifice another creature", "Sacrifice a Goblin"
            key, word = next(iter(c.items()))
            out.append((key, chk.choice(p + (j, key), word, COST_WORDS_SPELL) if key == "sacrifice_another"
                        else chk.word_list(p + (j, key), [word], WORD)[0]))
        elif isinstance(c, dict) and set(c) == {"discard"}:   # 118.8, 602.2b: cards from hand
            out.append(("discard", chk.int_value(p + (j, "discard"), c["discard"], 1)))
        elif isinstance(c, dict) and set(c) == {"exile_from_graveyard"} and sacrifice_kinds:   # 118.8
            out.append(_exile_cost(chk, p + (j, "exile_from_graveyard"), c["exile_from_graveyard"]))
        elif isinstance(c, str) and c and MANA_SYMBOL.sub("", c) == "":
            out += [("mana", s) for s in MANA_SYMBOL.findall(c)]
        else:
            more = "{exile_from_graveyard: {amount: N, type: creature}}, " if sacrifice_kinds else \
                "\"{T}\", sacrifice, {sacrifice_another: creature}, {sacrifice_subtype: goblin}, " \
                "{remove_counters: {kind: K, amount: N}}, "
            more = "{sacrifice: creature}, {sacrifice: [artifact, creature]}, {discard: N}, " + more
            raise chk.src.error(p + (j,), f"bad cost {clip(c)}: use mana like \"{{1}}{{G}}\", "
                                          f"{more}{{pay_life: N}}, {{loyalty: +N}} or {{loyalty: -N}}")
    return out


EITHER_KINDS = ("artifact", "creature", "enchantment", "land", "planeswalker")


def _exile_cost(chk: Checker, p: tuple, raw: Any) -> tuple[str, int, str]:
    """`{exile_from_graveyard: {amount: 1, type: creature}}`: "exile a creature card from your
    graveyard" (118.8; no type: any card)."""
    d = chk.mapping(p, raw, {"amount", "type"})
    kind = chk.choice(p + ("type",), d.get("type", "card"), EITHER_KINDS + ("instant", "sorcery", "card"))
    return ("exile_graveyard", chk.int_value(p + ("amount",), d.get("amount", 1), 1), kind)


def _either_kinds(chk: Checker, p: tuple, raw: list) -> tuple[str, str]:
    """`{sacrifice: [artifact, creature]}`: a permanent of one of two card types ("sacrifice an
    artifact or creature", 118.8)."""
    kinds = tuple(chk.choice(p + (i,), k, EITHER_KINDS) for i, k in enumerate(raw))
    if len(kinds) != 2 or kinds[0] == kinds[1]:
        raise chk.src.error(p, "a sacrifice of one of several kinds names two different card types")
    return (kinds[0], kinds[1])


def _loyalty_amount(chk: Checker, p: tuple, raw: Any) -> int:
    """606.4: a loyalty cost `{loyalty: +2}`, `{loyalty: -3}` or `{loyalty: 0}`."""
    if isinstance(raw, str) and re.fullmatch(r"[+-]?\d{1,4}", raw.strip()):
        return int(raw.strip())
    return chk.int_value(p, raw)
