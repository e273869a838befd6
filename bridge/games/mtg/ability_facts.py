"""The card ability form's facts (docs/abilities.md): each validated ability (abilities.py) as
clingo symbols: its kind, targets, modes, costs, effects, trigger events and conditions."""
from __future__ import annotations

import re
from typing import Any

from clingo import Function, Number, String, Symbol

from ._effect_args import AMOUNT_OF, PLAYER_REFS, TARGET_REF
from .abilities import MANA, OBJECT_EFFECTS
from .ability_options import option_facts
from .library_effects import search_facts
from .replacement import replacement_facts
from .vocab import mana_term


def ability_facts(key: Symbol, face: str, n: int, ab: dict[str, Any]) -> list[Symbol]:
    """The facts of ability n of a card face (see docs/abilities.md)."""
    f = Function(face)
    head = [key, f, Number(n)]
    out = [Function("ability_kind", head + [Function(ab["kind"])])]
    if ab.get("level"):             # 716.2a: the ability of a class level bar
        out.append(Function("class_level_req", head + [Number(ab["level"])]))
    if ab.get("solved"):            # 719.3c: a Case's ability that works only once it is solved
        out.append(Function("case_solved_req", head))
    if ab.get("station"):           # 721.2a: an ability of a station symbol {N+}
        out.append(Function("station_req", head + [Number(ab["station"])]))
    if ab.get("levels"):            # 711.2: a level symbol's range of level counters
        lo, hi = ab["levels"]
        out.append(Function("level_counter_range", head + [Number(lo), Number(hi) if hi is not None
                                                            else Function("none")]))
    if ab["kind"] == "static":
        return out
    if ab["kind"] == "replacement":
        return out + replacement_facts(head, ab)
    if ab.get("modes"):
        out += _mode_facts(head, ab)
    else:
        out += _targets_effects_facts(head, ab, 0, 0)
    for e, eff in enumerate(ab.get("if_kicked", [])):
        facts = _effect_facts(head, 50000 + e + 1, eff)
        out += facts + [Function("effect_if_kicked", head + [a.arguments[3]]) for a in facts
                        if a.name == "ability_effect"]
    for e, eff in enumerate(ab.get("unless_kicked", [])):
        facts = _effect_facts(head, 60000 + e + 1, eff)
        out += facts + [Function("effect_unless_kicked", head + [a.arguments[3]]) for a in facts
                        if a.name == "ability_effect"]
    for i, c in enumerate(ab.get("cost", [])):
        out.append(Function("ability_cost", head + [Number(i + 1), _cost_term(c)]))
    if ab.get("exhaust"):
        out.append(Function("ability_exhaust", head))
    if ab.get("as_sorcery"):       # 602.5d
        out.append(Function("sorcery_only_ability", head))
    if ab.get("once_each_turn"):   # 602.5b
        out.append(Function("ability_once_each_turn", head))
    out += _spell_cost_facts(head, ab)
    if ab["kind"] == "triggered":
        out += [Function("trigger_on", head + [t]) for t in _when_terms(ab["when"])]
        out += _when_filter_facts(head, ab["when"])
        if ab["if"] is not None:
            out.append(Function("trigger_if", head + [Function(ab["if"][0], [_val(ab["if"][1])])]))
        if ab["may"]:
            out.append(Function("ability_may", head))
    return out


def _targets_effects_facts(head: list[Symbol], ab: dict[str, Any], offset: int,
                           base: int) -> list[Symbol]:
    """Targets numbered from offset+1 and effects from base+1 (refs shifted by offset)."""
    out = []
    for i, spec in enumerate(ab["targets"]):
        out += _target_facts(head, offset + i + 1, spec)
    for e, eff in enumerate(ab["effects"]):
        out += _effect_facts(head, base + e + 1, _shifted(eff, offset))
    return out


def _target_facts(head: list[Symbol], i: int, spec: Any) -> list[Symbol]:
    """`ability_target(K,F,N,I,Spec)`; a restricted target's Spec is `restricted(Kind,tc(K,F,N,I))`
    with `target_filter(K,F,N,I,Item)` facts (rules: 115.1-restricted-targets.lp)."""
    if isinstance(spec, str):
        return [Function("ability_target", head + [Number(i), Function(spec)])]
    term = Function("restricted", [Function(spec["kind"]), Function("tc", head + [Number(i)])])
    return [Function("ability_target", head + [Number(i), term])] + \
        [Function("target_filter", head + [Number(i), item]) for item in spec["filter"]]


def _shifted(eff: dict[str, Any], offset: int) -> dict[str, Any]:
    if not offset:
        return eff
    out = dict(eff)
    for key in ("target", "object", "player", "of", "amount", "power", "toughness"):
        if key in eff:
            out[key] = _shift_ref(eff[key], offset)
    return out


def _shift_ref(ref: Any, offset: int) -> Any:
    """A target ref (also inside an amount like {power_of: target}) moved past earlier modes' targets."""
    if isinstance(ref, str) and TARGET_REF.fullmatch(ref):
        return f"target{int(ref[6:] or 1) + offset}"
    if ref == "target_controller":      # "its controller": of the mode's first target
        return ("target_controller", 1 + offset)
    if isinstance(ref, tuple) and ref[0] in AMOUNT_OF + ("negate",):
        return (ref[0], _shift_ref(ref[1], offset))
    return ref


def _mode_facts(head: list[Symbol], ab: dict[str, Any]) -> list[Symbol]:
    """700.2: mode m's targets keep their order after the earlier modes' targets; its effects
    are numbered from m*1000; target_mode/effect_mode say which mode each belongs to."""
    out = option_facts(head, ab) or [Function("ability_modal", head + [Number(ab["choose"])])]
    offset = 0
    for m, mode in enumerate(ab["modes"], start=1):
        out.append(Function("ability_mode", head + [Number(m)]))
        facts = _targets_effects_facts(head, mode, offset, m * 1000)
        for a in facts:
            if a.name == "ability_target":
                out.append(Function("target_mode", head + [a.arguments[3], Number(m)]))
            elif a.name == "ability_effect":
                out.append(Function("effect_mode", head + [a.arguments[3], Number(m)]))
        out += facts
        offset += len(mode["targets"])
    return out


def _spell_cost_facts(head: list[Symbol], ab: dict[str, Any]) -> list[Symbol]:
    """118.8/118.9: `spell_cost(K,F,N,Which,I,Cost)` with Which = kicker, additional or alt(A)."""
    out = []
    groups = [("kicker", ab.get("kicker") or []), ("additional", ab.get("additional", []))]
    groups += [(("alt", a + 1), alt) for a, alt in enumerate(ab.get("alternatives", []))]
    for which, costs in groups:
        term = Function(which[0], [Number(which[1])]) if isinstance(which, tuple) else Function(which)
        out += [Function("spell_cost", head + [term, Number(i + 1), _cost_term(c)])
                for i, c in enumerate(costs)]
        if which == "kicker" and ab.get("kicker") is not None:
            out.append(Function("has_kicker", head))
    for a, _ in enumerate(ab.get("alternatives", [])):
        out.append(Function("alt_cost", head + [Number(a + 1)]))
    if ab.get("cast_restriction"):     # 601.3: "cast this spell only during ..."
        out.append(Function("spell_cast_restriction", head + [Function(ab["cast_restriction"])]))
    return out


def _val(v: Any) -> Symbol:
    return Number(v) if isinstance(v, int) else Function(v)


def _effect_facts(head: list[Symbol], e: int, eff: dict[str, Any]) -> list[Symbol]:
    verb = eff["verb"]
    eid = Number(e * 10)
    extra: list[Symbol] = []      # facts about effect e*10: filters, values read (issue 15)
    ref = lambda name: _ref_term(eff[name], head, eid, extra)  # noqa: E731
    amount = lambda key="amount": _amount_term(eff[key], head, eid, extra)  # noqa: E731
    if verb in OBJECT_EFFECTS:
        terms = [Function(verb, [ref("object")])]
    elif verb == "add_mana":
        terms = [Function("add_mana", [Function(MANA.get(m, m))]) for m in eff["mana"]]
    elif verb in ("deal_damage", "prevent_damage"):
        terms = [Function(verb, [ref("target"), amount()])]
    elif verb == "counter_unless":      # 701.6a, 118.12a
        terms = [Function(verb, [ref("object"), amount()])]
    elif verb in ("prevent_combat_damage", "proliferate", "populate", "investigate", "time_travel",
                  "manifest", "cloak", "manifest_dread", "clash", "forage", "ring_tempts", "solve",
                  "unlock_door"):
        terms = [Function(verb)]
    elif verb == "at_next_end_step":       # 603.7: a delayed triggered ability
        terms = [Function(verb, [Function(eff["action"]), ref("object")])]
    elif verb == "put_in_library":         # 401.7: Nth from the top of its owner's library
        terms = [Function(verb, [ref("object"), Number(eff["position"])])]
    elif verb == "exile_graveyard":        # 701.13a: every card in the player's graveyard
        terms = [Function("exile_graveyard", [ref("player")])]
    elif verb in ("shuffle", "lose_game", "win_game", "become_monarch"):   # 701.24a; 104.3e, 104.2b; 724.1
        terms = [Function(verb, [ref("player") if "player" in eff else Function("you")])]
    elif verb in ("draw", "gain_life", "lose_life", "discard", "mill", "scry", "surveil", "fateseal", "set_life",
                  "get_energy", "draw_next_upkeep"):
        default = "opponent" if verb == "fateseal" else "you"    # 701.29a: an opponent's library
        who = ref("player") if "player" in eff else _ref_term(default, head, eid, extra)
        name = "discard_random" if eff.get("random") else verb
        terms = [Function(name, [who, amount()])]
    elif verb == "incubate":               # 701.53a
        terms = [Function("incubate", [amount()])]
    elif verb == "class_level":            # 716.2a
        terms = [Function("class_level", [Number(eff["level"])])]
    elif verb == "move_counters":          # 122.5: from, to, kind, amount (default 1)
        terms = [Function(verb, [ref("from"), ref("to"), String(eff["kind"]),
                                 amount() if "amount" in eff else Number(1)])]
    elif verb in ("put_counters", "remove_counters"):
        terms = [Function(verb, [ref("object"), String(eff["kind"]), amount()])]
    elif verb == "set_battlefield_state":
        terms = [Function(verb, [Function(eff["state"])])]
    elif verb == "exile_until":
        return _exile_until_facts(head, e, eff)
    elif verb == "search":                 # 701.23 (issue 32)
        return search_facts(head, e, eff, _ref_term(eff["player"], head, eid, extra)) + extra
    elif verb == "put_from_hand":
        terms = [Function("put_from_hand", [Function(eff["type"])])]
    elif verb == "copy_permanent":
        terms = [Function("copy_permanent")]
    elif verb == "distribute_counters":
        terms = [Function("distribute_counters", [String(eff["kind"]), Number(eff["amount"])])]
    elif verb == "become_copy":
        terms = [Function("become_copy", [ref("object"), ref("of")])]
    elif verb == "attach":
        terms = [Function("attach", [ref("object"), ref("to")])]
    elif verb == "fight":
        terms = [Function("fight", [ref("object"), ref("other")])]
    elif verb == "amass":                  # 701.47a: the Army token it may create is stated as a card
        terms = [Function("amass", [amount(), _word(eff["subtype"])])]
        extra += _token_facts(head, eid, {
            "name": f"{eff['subtype'].capitalize()} Army", "types": ["creature"],
            "subtypes": [eff["subtype"], "army"], "colors": ["black"], "power": 0, "toughness": 0,
            "keywords": [], "tapped": False})
    elif verb == "endure":                 # 701.63a: the Spirit token it may create is stated as a card
        terms = [Function("endure", [amount()])]
        extra += _token_facts(head, eid, {
            "name": "Spirit", "types": ["creature"], "subtypes": ["spirit"], "colors": ["white"],
            "power": eff["amount"], "toughness": eff["amount"], "keywords": [], "tapped": False})
    elif verb == "exchange":               # 701.12
        terms = [Function("exchange", [Function(eff["what"]), ref("first"), ref("other")])]
    elif verb in ("double", "triple"):     # 701.10, 701.11
        who = ref("player") if "player" in eff else ref("object")
        terms = [Function(verb, [who, Function(eff["what"]), String(eff.get("kind", ""))])]
    elif verb == "connive":                # 701.50a/e: its controller draws N, then discards N
        obj = eff["object"]
        who = _ref_term("you" if not isinstance(obj, str) or not TARGET_REF.fullmatch(obj)
                        else ("target_controller", int(obj[6:] or 1)), head, eid, extra)
        terms = [Function("draw", [who, amount()]), Function("discard", [who, amount()]),
                 Function("connive", [ref("object")])]
    elif verb in ("monstrosity", "adapt", "bolster", "discover"):
        terms = [Function(verb, [amount()])]
    elif verb == "create_token":
        terms = [Function("create_token", [ref("player"), amount()])]
        extra += _token_facts(head, eid, eff)
    else:  # modify
        terms = [Function("modify", [ref("object"), amount("power"), amount("toughness")])]
    out = []
    for k, term in enumerate(terms):
        eid = Number(e * 10 + k)
        out.append(Function("ability_effect", head + [eid, term]))
        if verb == "modify":
            out += [Function("ability_effect_arg", head + [eid, Function("keyword"), Function(w)])
                    for w in eff["keywords"]]
            out += [Function("ability_effect_arg", head + [eid, Function("op"), op])
                    for op in eff.get("ops", [])]
        if eff.get("until"):
            out.append(Function("ability_effect_arg",
                                head + [eid, Function("until"), Function(eff["until"])]))
        out += [Function("ability_effect_arg", head + [eid, Function("keep"), Function(w)])
                for w in eff.get("keep", [])]     # 707.9c
    return out + extra


def _exile_until_facts(head: list[Symbol], e: int, eff: dict[str, Any]) -> list[Symbol]:
    eid = Number(e * 10)
    arg = lambda key, val: Function("ability_effect_arg", head + [eid, Function(key), val])  # noqa: E731
    out = [Function("ability_effect", head + [eid, Function("exile_until", [_ref_term(eff["player"]),
                                                                          Number(eff["count"])])])]
    out += [arg("not_type", Function(t)) for t in eff["not_types"]]
    if "max_mana_value" in eff:
        out.append(arg("max_mana_value", Number(eff["max_mana_value"])))
    if eff["may_cast_free"]:
        out.append(arg("may_cast_free", Function("true")))
    if eff["found_to_hand"]:
        out.append(arg("found_to_hand", Number(eff["found_to_hand"])))
    if eff.get("may_play"):
        out.append(arg("may_play", Function(eff["may_play"])))
    out.append(arg("rest", Function(eff["rest"])))
    return out


def _ref_term(ref: Any, head: list[Symbol] | None = None, eid: Symbol | None = None,
              extra: list[Symbol] | None = None) -> Symbol:
    """A ref as a term; `{all: FILTER}` is `all(E)` with `effect_filter(K,F,N,E,Item)` facts."""
    if ref == "target_controller" or isinstance(ref, tuple) and ref[0] == "target_controller":
        extra.append(Function("player_ref_used", [Function("target_controller")]))
        return Function("target_controller", [Number(1 if isinstance(ref, str) else ref[1])])
    if isinstance(ref, tuple):      # ("all", filter items)
        extra.append(Function("effect_all", head + [eid]))
        extra += [Function("effect_filter", head + [eid, item]) for item in ref[1]]
        return Function("all", [eid])
    if TARGET_REF.fullmatch(ref):
        return Function("target", [Number(int(ref[6:] or 1))])
    if ref in PLAYER_REFS and extra is not None:
        extra.append(Function("player_ref_used", [Function(ref)]))
    return Function(ref)


def _amount_term(amount: Any, head: list[Symbol], eid: Symbol, extra: list[Symbol]) -> Symbol:
    """An amount as a term: N, x, all, power_of(Ref), toughness_of(Ref), mana_value_of(Ref),
    count(E) (with `count_filter(K,F,N,E,Item)` facts), negate(A), party(you)."""
    if isinstance(amount, int):
        return Number(amount)
    if isinstance(amount, str):
        return Function(amount)
    kind, arg = amount
    if kind == "count":
        extra.append(Function("effect_count", head + [eid]))
        extra += [Function("count_filter", head + [eid, item]) for item in arg]
        return Function("count", [eid])
    if kind == "negate":
        return Function("negate", [_amount_term(arg, head, eid, extra)])
    if kind == "party":        # 700.8a: the ability's controller's party
        return Function("party", [Function(arg)])
    extra.append(Function("amount_reads", [Function(kind[:-3])]))
    return Function(kind, [_ref_term(arg)])


def _token_facts(head: list[Symbol], eid: Symbol, eff: dict[str, Any]) -> list[Symbol]:
    """111.4: the token an effect creates has the characteristics it states: the printed values
    of a card `token_card(K,F,N,E)` (its front face); a predefined token (111.10) is named
    instead (effect_predefined/5), and the rules give it its card."""
    if eff.get("predefined"):
        out = [Function("effect_predefined", head + [eid, Function(eff["predefined"])])]
        if eff["tapped"]:
            out.append(Function("ability_effect_arg", head + [eid, Function("tapped"), Function("true")]))
        if eff.get("attached_to"):     # 111.10j-q: a Role token created attached to a creature
            out.append(Function("ability_effect_arg", head + [eid, Function("attached_to"),
                                                              _ref_term(eff["attached_to"])]))
        return out
    key = Function("token_card", head + [eid])
    face = Function("front")
    printed = lambda attr, val: Function("printed", [key, face, Function(attr), val])  # noqa: E731
    out = [Function("card", [key]), Function("effect_token", head + [eid, key])]
    if eff["name"] is not None:
        out.append(printed("name", String(eff["name"])))
    out += [printed("type", _word(t)) for t in eff["types"]]
    out += [printed("subtype", _word(t)) for t in eff["subtypes"]]
    out += [printed("color", Function(c)) for c in eff["colors"]]
    out += [printed(attr, Number(eff[attr])) for attr in ("power", "toughness") if eff[attr] is not None]
    for i, kw in enumerate(eff["keywords"]):
        out += [printed("keyword", Function(kw.name)),
                Function("keyword_instance", [key, face, Number(i + 1), Function(kw.name)])]
        out += [Function("keyword_arg", [key, face, Number(i + 1), Function("value"), _word(v)])
                for v in kw.args.get("values", [])]
        if "amount" in kw.args:
            out.append(Function("keyword_arg", [key, face, Number(i + 1), Function("amount"),
                                                Number(kw.args["amount"])]))
    if eff["tapped"]:
        out.append(Function("ability_effect_arg", head + [eid, Function("tapped"), Function("true")]))
    if eff.get("attacking"):        # 508.4: "tapped and attacking"
        out.append(Function("ability_effect_arg", head + [eid, Function("attacking"), Function("true")]))
    return out


def _word(word: str) -> Symbol:
    return Function(re.sub(r"[^a-z0-9_]", "_", word))


def _cost_term(c: Any) -> Symbol:
    if c in ("tap", "sacrifice"):
        return Function(c)
    if c[0] == "pay_life":
        return Function("pay_life", [Number(c[1])])
    if c[0] == "loyalty":
        return Function("loyalty", [Number(c[1])])
    if c[0] == "remove_counters":     # 118.3: "Remove three spore counters from this creature"
        return Function("remove_counters", [String(c[1]), Number(c[2])])
    if c[0] == "sacrifice_a" and isinstance(c[1], tuple):   # "sacrifice an artifact or creature"
        return Function("sacrifice_a", [Function("either", [Function(t) for t in c[1]])])
    if c[0] == "sacrifice_a":
        return Function("sacrifice_a", [Function(c[1])])
    if c[0] == "sacrifice_another":   # 118.3: "Sacrifice another creature" (not the source)
        return Function("sacrifice_other", [Function(c[1])])
    if c[0] == "sacrifice_subtype":   # 118.3: "Sacrifice a Goblin"
        return Function("sacrifice_a", [Function("sub", [_word(c[1])])])
    if c[0] == "discard":     # 118.8: "as an additional cost to cast this spell, discard a card"
        return Function("discard", [Number(c[1])])
    if c[0] == "exile_graveyard":     # 118.8: "exile a creature card from your graveyard"
        return Function("exile_graveyard", [Number(c[1]), Function(c[2])])
    return Function("mana", [mana_term(c[1])])


def _when_terms(when: tuple) -> list[Symbol]:
    kind = when[0]
    if kind == "you_cast":
        return [Function("you_cast", [Function(t)]) for t in when[1]]
    if kind == "beginning_of":
        return [Function("beginning_of", [Function(when[1]), Function(when[2])])]
    if kind == "counter_removed":
        return [Function("counter_removed", [String(when[1])])]
    if kind == "you_control_none":      # 603.8
        return [Function(kind, [Function(when[1])])]
    if kind == "you_expend":            # 700.14
        return [Function(kind, [Number(when[1])])]
    if kind == "nth_counter":           # 122.7
        return [Function(kind, [String(when[1]), Number(when[2])])]
    if kind == "deals_combat_damage":
        return [Function(kind, [Function(when[1] if len(when) > 1 else "any")])]
    return [Function(kind)]


def _when_filter_facts(head: list[Symbol], when: tuple) -> list[Symbol]:
    """`trigger_filter(K,F,N,Item)`: what a dying or entering object must be (issue 15)."""
    if when[0] not in ("dies_matching", "enters_matching"):
        return []
    return [Function("trigger_filter", head + [item]) for item in when[1]]
