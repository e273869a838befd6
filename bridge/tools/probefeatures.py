"""A card's features and values for the probes (docs/rulings.md, "How it works" 1 and 3): what
the card is and what the Oracle compiler made of its abilities, the `when` words probes are
keyed by (`type:creature`, `keyword:persist`, `counters:double`, ...) and the `$` values their
scenarios and texts use (`$power`, `$saga_final_ability`, ...). Read by bridge/tools/probes.py,
which re-exports `card_features`, `card_params` and `state_name`."""
from __future__ import annotations

import re
from typing import Any

from ..games.mtg.scenario import STATEBOUND, Card

CREATURE_TARGETS = (["creature"], ["nonland_permanent"], ["permanent"])   # a Bear is one
WALKS = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
         "mountainwalk": "Mountain", "forestwalk": "Forest"}
ENCHANTED = ("land", "artifact", "enchantment")     # what a noncreature host can be
STATES = ("daylight", "rainy", "nighttime", "heat_wave", "windy")
BOUND_STATE = {"daylightbound": "daylight", "nighttimebound": "nighttime",
               "rainybound": "rainy", "heatwavebound": "heat_wave", "windybound": "windy"}


# -- card features -----------------------------------------------------------------------------
def card_features(card: Card) -> set[str]:
    """The features of a card that probes are keyed by (docs/rulings.md lists them): its
    types and keywords, what the Oracle compiler made of its abilities, and the effects of its
    back face's abilities."""
    out: set[str] = set()
    types = set(card.types)
    out |= {f"type:{t}" for t in types} | {f"subtype:{s}" for s in card.subtypes}
    out |= {f"supertype:{s}" for s in card.supertypes}
    out.add("spell" if types & {"instant", "sorcery"} else "permanent")
    if card.keywords:
        out.add("keywords")
    for kw in card.keywords:
        out.add(f"keyword:{kw.name}")
        if kw.name == "enchant":        # what the Aura can enchant (a probe's host must be one)
            out |= {f"enchant:{v}" for v in kw.args.get("values", []) if isinstance(v, str)}
            if _enchanted_kind(kw.args.get("values", [])):
                out.add("enchant:noncreature")
        if kw.name in WALKS:
            out.add("keyword:basic_landwalk")
        if kw.name in STATEBOUND or (kw.name.startswith("not_") and kw.name.endswith("bound")):
            out.add("keyword:statebound")
    for ability in card.abilities:
        out |= _ability_features(ability)
    if _fizzle_index(card, "spell"):
        out.add("fizzle:draw")
    if _fizzle_index(card, "activated"):
        out.add("fizzle_activated:draw")
    if _enters_target_index(card):
        out.add("fizzle_trigger:enters")
    if _draw_mill_index(card):
        out.add("draw_mill:player")
    for ability in card.back.abilities if card.back is not None else []:
        for effect in ability.get("effects") or []:     # the back face's effects, kept apart
            if isinstance(effect, dict) and effect.get("verb"):    # from the front's triggers
                out |= {f"back_{f}" if f.startswith("effect:") else f
                        for f in _effect_features(effect)}
    if card.statics:
        out.add("static")
    if _saga_chapters(card).get(_saga_final(card) - 1):
        out.add("saga:two_chapters")    # its last two chapters are understood (714.2b probes)
    if "{X}" in (card.mana_cost or ""):
        out.add("cost:x")
    if card.back is not None:
        out.add("dfc")
    if card.battlefield_state:
        out |= {"battlefield_state", f"battlefield_state:{card.battlefield_state}"}
    if any(f in out for f in ("keyword:mark", "keyword:discipline", "keyword:statebound",
                              "battlefield_state", "subtype:territory")):
        out.add("almos")
    return out


def _ability_features(ability: dict[str, Any]) -> set[str]:
    """The features one compiled ability gives: its kind, trigger, costs, targets, effects."""
    out: set[str] = set()
    kind = ability.get("kind")
    if kind == "triggered":
        when = ability.get("when") or ("",)
        out |= {f"trigger:{when[0]}", "triggered"}
    elif kind in ("activated", "spell", "static"):
        out.add(kind)
    elif kind == "replacement" and ability.get("form"):
        out.add(f"replacement:{ability['form']}")
        out |= _replacement_features(ability)
    for key, feature in (("additional", "cost:additional"), ("alternatives", "cost:alternative"),
                         ("kicker", "cost:kicker")):
        if ability.get(key):
            out.add(feature)
    cost = ability.get("cost") or []
    if any(c == "sacrifice" or (isinstance(c, (tuple, list)) and c and c[0] == "sacrifice")
           for c in (cost if isinstance(cost, list) else [cost])):
        out.add("cost:sacrifice")
    for target in ability.get("targets") or []:
        out.add(f"target:{_target_kind(target)}")
    if kind == "triggered" and (ability.get("when") or ("",))[0] == "enters" and any(
            isinstance(e, dict) and e.get("verb") == "exile_until" and e.get("may_play")
            for e in ability.get("effects") or []):
        out.add("play:exiled_on_enters")   # "exile the top card ... you may play that card" (701.18)
    if ability.get("unless_kicked"):
        out.add("kicked:instead")     # "if this spell was kicked, it deals 5 damage instead" (702.33e)
    # the spell's effects, and those it has unless kicked (the text a kicked one replaces)
    for effect in (ability.get("effects") or []) + (ability.get("unless_kicked") or []):
        if isinstance(effect, dict) and effect.get("verb"):
            out |= _effect_features(effect)
    text = ability.get("text") if kind == "static" else None
    if isinstance(text, dict) and isinstance(text.get("combat_requirement"), str):
        out.add(f"requirement:{text['combat_requirement']}")
    if isinstance(text, dict) and text.get("affects") == "attached" and (
            text.get("power") or text.get("toughness")):
        out.add("pump:attached")        # "equipped/enchanted creature gets +N/+M"
    affects = text.get("affects") if isinstance(text, dict) else None
    if isinstance(affects, dict) and affects.get("controller") == "you" and \
            affects.get("types") == ["creature"] and _positive(text.get("toughness")):
        out.add("pump:yours")           # "(other) creatures you control get +N/+M"
    return out


def _replacement_features(ability: dict[str, Any]) -> set[str]:
    """What a compiled replacement does, for the probes whose premise it is: counters put on
    your permanents by effects doubled (`counters:double`, Doubling Season), any card or token
    going to a graveyard exiled instead (`graveyard:exile`, Rest in Peace)."""
    out: set[str] = set()
    affects = ability.get("affects") if isinstance(ability.get("affects"), dict) else {}
    if ability.get("form") == "counters" and str(ability.get("op")) == "double" \
            and affects.get("controller") == "you" and ability.get("counter_kind") is None:
        out.add("counters:double")
    if ability.get("form") == "would" and ability.get("would") == "graveyard" \
            and ability.get("instead") == "exile" and affects.get("controller") == "any" \
            and affects.get("types") == ["permanent"]:
        out.add("graveyard:exile")
    return out


def _effect_features(effect: dict[str, Any]) -> set[str]:
    """`effect:VERB`, and what decides which probes fit: an effect that lets you cast a card
    without paying its mana cost (`cast:free`), one that makes a token copy of a permanent
    (`copies:permanent`), one that affects all objects of a kind (`VERB:all`), a
    power/toughness change that raises toughness (`pump:toughness`)."""
    verb = effect["verb"]
    out = {f"effect:{verb}"}
    if effect.get("may_cast_free") or effect.get("without_paying_mana_cost"):
        out.add("cast:free")
    if verb == "copy_permanent":
        out.add("copies:permanent")
    target = effect.get("object")
    if isinstance(target, (tuple, list)) and target and target[0] == "all":
        out.add(f"{verb}:all")
        if any(str(i).startswith("same_name_as(") for i in target[1]):
            out.add(f"{verb}:same_name")    # "... and all other permanents with the same name" (608.2c)
        if verb == "modify" and (effect.get("power") or effect.get("toughness")):
            out.add("modify:all_pt")     # "creatures ... get +N/+M until end of turn" (611.2c)
    if verb == "put_in_library" and effect.get("position") == 2:
        out.add("library:second")        # "into its owner's library second from the top" (401.7)
    if verb == "gain_life" and effect.get("player") == "target_controller":
        out.add("gain_life:target_controller")     # "its controller gains N life"
    if verb == "modify" and _positive(effect.get("toughness")):
        out.add("pump:toughness")
    ops = {str(op) for op in effect.get("ops") or []} if verb == "modify" else set()
    if "remove_all(ability)" in ops:
        out.add("modify:loses_abilities")   # "loses all abilities" (613.1f)
    if any(op.startswith("set_power(") for op in ops):
        out.add("modify:base_pt")           # "with base power and toughness N/M" (613.4b)
    if any(op.startswith("set_creature_type(") for op in ops):
        out.add("modify:creature_type")     # "becomes a Frog": creature types only (613.1d)
    return out


def _fizzle_index(card: Card, kind: str) -> int:
    """The number (from 1) of the card's first ability of this kind that targets a creature
    and makes you draw: what its target leaving stops is a draw (608.2b). 0 if none."""
    for i, ability in enumerate(card.abilities, 1):
        effects = [e for e in ability.get("effects") or [] if isinstance(e, dict)]
        if ability.get("kind") == kind and ability.get("targets") in CREATURE_TARGETS and any(
                e.get("verb") == "draw" and e.get("player") == "you" for e in effects):
            return i
    return 0


def _draw_mill_index(card: Card) -> int:
    """The number (from 1) of the card's first activated ability that targets one player, makes
    that player mill and makes you draw (in either order: 608.2c). 0 if none."""
    for i, ability in enumerate(card.abilities, 1):
        verbs = {(e.get("verb"), e.get("player")) for e in ability.get("effects") or []
                 if isinstance(e, dict)}
        if ability.get("kind") == "activated" and ability.get("targets") == ["player"] \
                and verbs == {("draw", "you"), ("mill", "target1")}:
            return i
    return 0


def _enters_target_index(card: Card) -> int:
    """The number (from 1) of the card's first enters trigger whose only target a creature can
    be (its target leaving stops it: 608.2b). 0 if none."""
    for i, ability in enumerate(card.abilities, 1):
        if ability.get("kind") == "triggered" and (ability.get("when") or ("",))[0] == "enters" \
                and ability.get("targets") in CREATURE_TARGETS:
            return i
    return 0


def _modify_target(card: Card) -> str | None:
    """Whom a probe casts the card's lose-all-abilities spell at (613.1f): `victim` (the probe's
    creature) for "target creature loses all abilities ..." (Turn to Frog), `bob` (the
    creature's controller) for "each creature target player controls ..." (Polymorphist's
    Jest); None for any other form."""
    for ability in card.abilities:
        for effect in ability.get("effects") or []:
            if not isinstance(effect, dict) or effect.get("verb") != "modify" or \
                    "remove_all(ability)" not in {str(op) for op in effect.get("ops") or []}:
                continue
            target = effect.get("object")
            if ability.get("kind") == "spell" and target == "target1" \
                    and ability.get("targets") == ["creature"]:
                return "victim"
            if ability.get("kind") == "spell" and ability.get("targets") == ["player"] \
                    and isinstance(target, tuple) and target[0] == "all" \
                    and {str(i) for i in target[1]} == {"needs(type,creature)", "controlled_by(target(1))"}:
                return "bob"
    return None


BASIC_FOR = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def _kicker_lands(card: Card) -> list[dict[str, Any]] | None:
    """Basic lands that pay exactly the spell's mana cost plus its kicker (601.2f), generic mana
    with the land of its first colour: all of them are tapped, so the payment is one outcome.
    None for a cost with other symbols (X, hybrid, Phyrexian) or a kicker with other costs."""
    kicker = next((a.get("kicker") for a in card.abilities if a.get("kind") == "spell"), None)
    if not kicker or any(not (isinstance(c, tuple) and c[0] == "mana") for c in kicker):
        return None
    symbols = re.findall(r"\{([^}]+)\}", card.mana_cost or "") + [str(c[1]) for c in kicker]
    if any(not (s.isdigit() or s in BASIC_FOR) for s in symbols):
        return None
    first = next((BASIC_FOR[s] for s in symbols if s in BASIC_FOR), "Plains")
    lands = [BASIC_FOR.get(s, first) for s in symbols for _ in range(int(s) if s.isdigit() else 1)]
    return [{"id": f"land{i}", "card": land, "controller": "alice"} for i, land in enumerate(lands, 1)]


def _same_name_trigger(card: Card) -> tuple[int, bool] | None:
    """The number (from 1) of the card's first enters trigger that exiles or destroys its one
    target and all other permanents with the same name, and whether it is a "may" ability."""
    for i, ability in enumerate(card.abilities, 1):
        if ability.get("kind") != "triggered" or (ability.get("when") or ("",))[0] != "enters" \
                or len(ability.get("targets") or []) != 1:
            continue
        for effect in ability.get("effects") or []:
            target = effect.get("object") if isinstance(effect, dict) else None
            if isinstance(target, tuple) and target[0] == "all" \
                    and "same_name_as(target(1))" in {str(t) for t in target[1]}:
                return i, bool(ability.get("may"))
    return None


def _saga_chapters(card: Card) -> dict[int, int]:
    """A Saga's understood chapter numbers -> the number (from 1) of the chapter ability."""
    if "saga" not in card.subtypes:
        return {}
    return {n: index + 1 for index, numbers in sorted(card.chapters.items()) for n in numbers}


def _saga_final(card: Card) -> int:
    return max(_saga_chapters(card), default=0)


def _enchanted_kind(values: list) -> str | None:
    """The noncreature kind an Aura can enchant ("Enchant land" -> land), if any."""
    return next((v for v in values if v in ENCHANTED), None)


def _positive(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _target_kind(target: Any) -> str:
    if isinstance(target, dict) and "filter" in target:
        return "restricted"     # a restricted target (issue 15): the plain kind's probes may not fit it
    if isinstance(target, dict):
        return str(target.get("kind") or target.get("spec") or next(iter(target.values()), ""))
    return str(target)


def card_params(card: Card) -> dict[str, Any]:
    """Values a probe's scenario may use as `$name` (and its texts as `{name}`)."""
    params: dict[str, Any] = {"name": card.name or card.key}
    if not set(card.types) & {"instant", "sorcery"}:     # a permanent "A // B" (two faces)
        params["face_name"] = params["name"].split(" // ")[0]   # is named by its front face
    if _fizzle_index(card, "activated"):
        params["fizzle_ability"] = _fizzle_index(card, "activated")
    if _enters_target_index(card):
        params["enters_target_ability"] = _enters_target_index(card)
    if _draw_mill_index(card):
        params["draw_mill_ability"] = _draw_mill_index(card)
    if _kicker_lands(card):
        params["kicker_lands"] = _kicker_lands(card)
        params["kicker_land_count"] = len(params["kicker_lands"])
    if _same_name_trigger(card):     # the probe's choices: its target `bear1`, and "yes" to a may
        number, may = _same_name_trigger(card)
        params["same_name_target"] = f"target(ability(card,{number}),1,bear1)"
        params["same_name_choices"] = [params["same_name_target"]] + \
            ([f"may(ability(card,{number}),yes)"] if may else [])
        if card.colors:    # protection from a colour the source has (702.16b)
            params["same_name_color"] = card.colors[0]
    if _modify_target(card):
        params["modify_target"] = _modify_target(card)
    if _saga_chapters(card):
        final, chapters = _saga_final(card), _saga_chapters(card)
        params |= {"saga_final": final, "saga_final_ability": chapters[final],
                   "saga_before": final - 1, "saga_two_before": max(final - 2, 0)}
        for key in ("saga_before", "saga_two_before"):
            params[f"{key}_counters"] = f"{params[key]} lore counter" + "s" * (params[key] != 1)
        if final - 1 in chapters:
            params["saga_before_ability"] = chapters[final - 1]
    params["back_name"] = (card.back.name if card.back is not None and card.back.name
                           else params["name"])
    for attr in ("power", "toughness", "loyalty", "defense"):
        value = getattr(card, attr)
        params[attr] = value if value is not None else 0
    params["defense_less"] = max(params["defense"] - 1, 1)
    params["loyalty_less"] = max(params["loyalty"] - 1, 1)
    params["toughness_more"] = params["toughness"] + 1
    params["power_more"] = params["power"] + 1
    params["state"] = card.battlefield_state or "empty"
    params["other_state"] = next(s for s in STATES if s != card.battlefield_state)
    bound = [BOUND_STATE[k.name] for k in card.keywords if k.name in BOUND_STATE]
    params["bound"] = bound[0] if bound else "daylight"
    params["unbound"] = next(s for s in STATES if s != params["bound"])
    for key in ("state", "other_state", "bound", "unbound"):
        params[f"{key}_name"] = state_name(params[key])
    for kw in card.keywords:
        if kw.name == "enchant" and _enchanted_kind(kw.args.get("values", [])):
            params["enchanted"] = _enchanted_kind(kw.args.get("values", []))
        if kw.name in WALKS:
            params["walk_land"] = WALKS[kw.name]
    for kw in card.keywords:
        if kw.name == "protection" and kw.args.get("values"):
            params["protection"] = kw.args["values"][0]
    for kw in card.keywords:
        if kw.name == "discipline":
            kinds = kw.args.get("values", [])
            params["discipline_kind"] = next((k for k in kinds if k in ("instant", "sorcery")),
                                             kinds[0] if kinds else "instant")
            article = "an" if params["discipline_kind"][0] in "aeiou" else "a"
            params["discipline_spell"] = f"{article} {params['discipline_kind']}"
            params["discipline_amount"] = kw.args.get("amount", 1)
            params["discipline_power"] = params["power"] + params["discipline_amount"]
            break
    return params


def state_name(state: str) -> str:
    """A Battlefield State as the Almos rules write it: `heat_wave` -> Heat Wave."""
    return state.replace("_", " ").title()
