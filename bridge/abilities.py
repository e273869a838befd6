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

from clingo import Function, Number, String, Symbol

from .checks import Checker
from .yamlsrc import clip

KINDS = ("spell", "activated", "triggered", "static", "chapter", "replacement")
TARGET_SPECS = ("any", "creature", "player", "opponent", "permanent", "nonland_permanent", "spell", "land",
                "artifact", "enchantment", "planeswalker", "creature_or_planeswalker",
                "player_or_planeswalker", "opponent_permanent")
REF = re.compile(r"self|you|target\d?", re.ASCII)   # used with fullmatch
TRIGGER_EVENTS = ("enters", "dies", "leaves", "dealt_damage", "you_cast", "beginning_of",
                  "counter_removed")
CONDITIONS = ("life_at_least", "life_at_most", "you_control", "battlefield_state")
MANA = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}


def parse_abilities(chk: Checker, path: tuple, raw: Any) -> list[dict[str, Any]]:
    """Validate a card's abilities list; returns normalised dicts with a 'kind' key."""
    out = []
    for i, item in enumerate(chk.list(path, raw)):
        p = path + (i,)
        if isinstance(item, dict) and "chapter" in item:
            out.append(_chapter(chk, p, item))
            continue
        data = chk.mapping(p, item, set(KINDS))
        if len(data) != 1:
            raise chk.src.error(p, f"an ability is a map with one kind as key: {', '.join(KINDS)}")
        kind, body = next(iter(data.items()))
        out.append(_ability(chk, p + (kind,), kind, body))
    return out


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
        from .replacement import parse_replacement
        return parse_replacement(chk, p, body)
    allowed = {"targets", "effects"} | ({"cost"} if kind == "activated" else set()) | \
        ({"when", "if", "may"} if kind == "triggered" else set()) | \
        ({"choose", "modes", "if_kicked"} | set(SPELL_COSTS) if kind == "spell" else set()) | \
        ({"choose", "modes"} if kind in ("triggered", "activated") else set())
    data = chk.mapping(p, body or {}, allowed)
    ab: dict[str, Any] = {"kind": kind, "modes": None}
    ab.update(_targets_effects(chk, p, data))
    if "modes" in data or "choose" in data:
        ab["modes"], ab["choose"] = _modes(chk, p, data)
    if kind == "spell":
        ab.update(_spell_costs(chk, p, data))
    if kind == "activated":
        ab["cost"] = _cost(chk, p + ("cost",), data.get("cost", []))
    if kind == "triggered":
        if "when" not in data:
            raise chk.src.error(p, "a triggered ability needs 'when'")
        ab["when"] = _when(chk, p + ("when",), data["when"])
        ab["if"] = _condition(chk, p + ("if",), data["if"]) if "if" in data else None
        ab["may"] = chk.bool_value(p + ("may",), data.get("may", False))
    return ab


def _targets_effects(chk: Checker, p: tuple, data: dict) -> dict[str, Any]:
    targets = [chk.choice(p + ("targets", j), spec, TARGET_SPECS)
               for j, spec in enumerate(chk.list(p + ("targets",), data.get("targets", [])))]
    effects = [_effect(chk, p + ("effects", j), e)
               for j, e in enumerate(chk.list(p + ("effects",), data.get("effects", [])))]
    return {"targets": targets, "effects": effects}


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
SPELL_COSTS = ("kicker", "additional_cost", "alternative_costs")


def _spell_costs(chk: Checker, p: tuple, data: dict) -> dict[str, Any]:
    """`kicker: "{2}{R}"` (702.33, optional), `additional_cost: [...]` (118.8, mandatory) and
    `alternative_costs: [[...], ...]` (118.9): costs in the activated-cost form."""
    out: dict[str, Any] = {"kicker": None, "additional": [], "alternatives": [], "if_kicked": []}
    if "kicker" in data:
        out["kicker"] = _cost(chk, p + ("kicker",), data["kicker"], COST_WORDS_SPELL)
        out["if_kicked"] = [_effect(chk, p + ("if_kicked", j), e)
                            for j, e in enumerate(chk.list(p + ("if_kicked",), data.get("if_kicked", [])))]
    elif "if_kicked" in data:
        raise chk.src.error(p + ("if_kicked",), "if_kicked needs a kicker cost")
    if "additional_cost" in data:
        out["additional"] = _cost(chk, p + ("additional_cost",), data["additional_cost"], COST_WORDS_SPELL)
    for j, alt in enumerate(chk.list(p + ("alternative_costs",), data.get("alternative_costs", []))):
        out["alternatives"].append(_cost(chk, p + ("alternative_costs", j), alt, COST_WORDS_SPELL))
    return out


# -- effects ---------------------------------------------------------------------------------
EFFECT_FIELDS = {
    "deal_damage": ({"target", "amount"}, ("target", "amount")),
    "draw": ({"player", "amount"}, ("amount",)),
    "gain_life": ({"player", "amount"}, ("amount",)),
    "lose_life": ({"player", "amount"}, ("amount",)),
    "put_counters": ({"object", "kind", "amount"}, ("object", "kind", "amount")),
    "remove_counters": ({"object", "kind", "amount"}, ("object", "kind", "amount")),
    "modify": ({"object", "power", "toughness", "keywords", "until"}, ("object",)),
    "prevent_damage": ({"target", "amount"}, ("target", "amount")),
}
OBJECT_EFFECTS = ("destroy", "exile", "return_to_hand", "sacrifice", "counter", "untap", "tap", "regenerate")


def _effect(chk: Checker, p: tuple, raw: Any) -> dict[str, Any]:
    if raw == "prevent_combat_damage":
        return {"verb": "prevent_combat_damage"}
    data = chk.mapping(p, raw, set(EFFECT_FIELDS) | set(OBJECT_EFFECTS)
                       | {"add_mana", "set_battlefield_state", "exile_until"} | set(RESOLUTION_CHOICES))
    if len(data) != 1:
        raise chk.src.error(p, "an effect is a map with one verb as key")
    verb, arg = next(iter(data.items()))
    q = p + (verb,)
    if verb in OBJECT_EFFECTS:
        return {"verb": verb, "object": _ref(chk, q, arg)}
    if verb == "add_mana":
        letters = arg if isinstance(arg, list) else [arg]
        return {"verb": verb, "mana": [chk.choice(q, m, tuple(MANA)) for m in letters]}
    if verb == "set_battlefield_state":
        return _state_effect(chk, q, arg)
    if verb == "exile_until":
        return _exile_until(chk, q, arg)
    if verb in RESOLUTION_CHOICES:
        return _resolution_choice(chk, q, verb, arg)
    allowed, required = EFFECT_FIELDS[verb]
    d = chk.mapping(q, arg, allowed)
    for key in required:
        if key not in d:
            raise chk.src.error(q, f"missing {clip(key)}")
    out: dict[str, Any] = {"verb": verb}
    for key in ("target", "object", "player"):
        if key in d:
            out[key] = _ref(chk, q + (key,), d[key])
    if "amount" in d:
        special = ("x", "all") if verb == "prevent_damage" else ("x",)
        out["amount"] = d["amount"] if d["amount"] in special else chk.int_value(q + ("amount",), d["amount"], 0)
    if "kind" in d:
        out["kind"] = chk.str_value(q + ("kind",), d["kind"])
    for key in ("power", "toughness"):
        out[key] = chk.int_value(q + (key,), d.get(key, 0))
    out["keywords"] = chk.word_list(q + ("keywords",), d.get("keywords", []), re.compile(r"[a-z_]+"))
    if "until" in d:
        out["until"] = chk.choice(q + ("until",), d["until"], ("end_of_turn",))
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


EXILE_UNTIL_FIELDS = {"player", "count", "not_types", "max_mana_value", "may_cast_free", "found_to_hand",
                      "rest"}


def _exile_until(chk: Checker, q: tuple, arg: Any) -> dict[str, Any]:
    """`exile_until: {player, count, not_types, max_mana_value, may_cast_free, found_to_hand, rest}`:
    exile cards from the top of the player's library until `count` cards that match are exiled
    (docs/abilities.md)."""
    d = chk.mapping(q, arg, EXILE_UNTIL_FIELDS)
    out: dict[str, Any] = {"verb": "exile_until", "player": _ref(chk, q + ("player",), d.get("player", "you")),
                           "count": chk.int_value(q + ("count",), d.get("count", 1), 1),
                           "not_types": chk.word_list(q + ("not_types",), d.get("not_types", []), re.compile(r"^[a-z_]+$")),
                           "may_cast_free": chk.bool_value(q + ("may_cast_free",), d.get("may_cast_free", False)),
                           "found_to_hand": chk.int_value(q + ("found_to_hand",), d.get("found_to_hand", 0), 0),
                           "rest": chk.choice(q + ("rest",), d.get("rest", "exile"), ("exile", "bottom"))}
    if d.get("max_mana_value") is not None:
        out["max_mana_value"] = chk.int_value(q + ("max_mana_value",), d["max_mana_value"], 0)
    if out["found_to_hand"] > 1:
        raise chk.src.error(q + ("found_to_hand",), "only 0 or 1 is encoded (608.2c)")
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
        out["until"] = chk.choice(q + ("until",), d["until"], ("end_of_turn",))
    return out


def _ref(chk: Checker, p: tuple, raw: Any) -> str:
    if not isinstance(raw, str) or not REF.fullmatch(raw):
        raise chk.src.error(p, f"{clip(raw)}: write self, you, target, target1, target2, ...")
    return "target1" if raw == "target" else raw


# -- costs, trigger events, conditions ----------------------------------------------------------
COST_WORDS_SPELL = ("creature", "land", "artifact", "permanent")


def _cost(chk: Checker, p: tuple, raw: Any, sacrifice_kinds: tuple[str, ...] = ()) -> list[Any]:
    """Cost items: "{T}", mana, `sacrifice` (the source), `{pay_life: N}`; a spell's costs may
    also sacrifice a permanent of a kind the caster controls: `{sacrifice: creature}`."""
    from .cards import MANA_SYMBOL
    items = raw if isinstance(raw, list) else [raw]
    out: list[Any] = []
    for j, c in enumerate(items):
        if c == "{T}" and not sacrifice_kinds:
            out.append("tap")
        elif c == "sacrifice" and not sacrifice_kinds:
            out.append("sacrifice")
        elif isinstance(c, dict) and set(c) == {"loyalty"} and not sacrifice_kinds:
            out.append(("loyalty", _loyalty_amount(chk, p + (j, "loyalty"), c["loyalty"])))
        elif isinstance(c, dict) and set(c) == {"pay_life"}:
            out.append(("pay_life", chk.int_value(p + (j, "pay_life"), c["pay_life"], 0)))
        elif isinstance(c, dict) and set(c) == {"sacrifice"} and sacrifice_kinds:
            out.append(("sacrifice_a", chk.choice(p + (j, "sacrifice"), c["sacrifice"], sacrifice_kinds)))
        elif isinstance(c, str) and c and MANA_SYMBOL.sub("", c) == "":
            out += [("mana", s) for s in MANA_SYMBOL.findall(c)]
        else:
            more = "{sacrifice: creature}, " if sacrifice_kinds else "\"{T}\", sacrifice, "
            raise chk.src.error(p + (j,), f"bad cost {clip(c)}: use mana like \"{{1}}{{G}}\", "
                                          f"{more}{{pay_life: N}}, {{loyalty: +N}} or {{loyalty: -N}}")
    return out


def _loyalty_amount(chk: Checker, p: tuple, raw: Any) -> int:
    """606.4: a loyalty cost `{loyalty: +2}`, `{loyalty: -3}` or `{loyalty: 0}`."""
    if isinstance(raw, str) and re.fullmatch(r"[+-]?\d{1,4}", raw.strip()):
        return int(raw.strip())
    return chk.int_value(p, raw)


def _when(chk: Checker, p: tuple, raw: Any) -> tuple:
    if isinstance(raw, str):
        return (chk.choice(p, raw, ("enters", "dies", "leaves", "dealt_damage")),)
    d = chk.mapping(p, raw, set(TRIGGER_EVENTS) | {"player"})
    kinds = [k for k in d if k != "player"]
    if len(kinds) != 1:
        raise chk.src.error(p, "when: one event, e.g. enters, {you_cast: [instant, sorcery]}, "
                               "{beginning_of: upkeep}")
    kind = kinds[0]
    if kind == "you_cast":
        types = d[kind] if isinstance(d[kind], list) else [d[kind]]
        return (kind, chk.word_list(p + (kind,), types, re.compile(r"[a-z]+")))
    if kind == "beginning_of":
        from .scenario import STEPS
        whose = chk.choice(p + ("player",), d.get("player", "you"), ("you", "each"))
        return (kind, chk.choice(p + (kind,), d[kind], STEPS), whose)
    if kind == "counter_removed":
        return (kind, chk.str_value(p + (kind,), d[kind]))
    return (kind,)


def _condition(chk: Checker, p: tuple, raw: Any) -> tuple:
    d = chk.mapping(p, raw, set(CONDITIONS))
    if len(d) != 1:
        raise chk.src.error(p, f"if: one condition of {', '.join(CONDITIONS)}")
    kind, value = next(iter(d.items()))
    if kind == "battlefield_state":  # Almos 1000.4: "requires <state>", read by rules_asp/almos
        from .scenario import BATTLEFIELD_STATES
        return (kind, chk.choice(p + (kind,), value, BATTLEFIELD_STATES))
    if kind == "you_control":
        return (kind, chk.choice(p + (kind,), value, ("creature", "land", "artifact", "enchantment",
                                                     "planeswalker")))
    return (kind, chk.int_value(p + (kind,), value))


# -- facts -----------------------------------------------------------------------------------
def ability_facts(key: Symbol, face: str, n: int, ab: dict[str, Any]) -> list[Symbol]:
    """The facts of ability n of a card face (see docs/abilities.md)."""
    f = Function(face)
    head = [key, f, Number(n)]
    out = [Function("ability_kind", head + [Function(ab["kind"])])]
    if ab["kind"] == "static":
        return out
    if ab["kind"] == "replacement":
        from .replacement import replacement_facts
        return out + replacement_facts(head, ab)
    if ab.get("modes"):
        out += _mode_facts(head, ab)
    else:
        out += _targets_effects_facts(head, ab, 0, 0)
    for e, eff in enumerate(ab.get("if_kicked", [])):
        facts = _effect_facts(head, 50000 + e + 1, eff)
        out += facts + [Function("effect_if_kicked", head + [a.arguments[3]]) for a in facts
                        if a.name == "ability_effect"]
    for i, c in enumerate(ab.get("cost", [])):
        out.append(Function("ability_cost", head + [Number(i + 1), _cost_term(c)]))
    out += _spell_cost_facts(head, ab)
    if ab["kind"] == "triggered":
        out += [Function("trigger_on", head + [t]) for t in _when_terms(ab["when"])]
        if ab["if"] is not None:
            out.append(Function("trigger_if", head + [Function(ab["if"][0], [_val(ab["if"][1])])]))
        if ab["may"]:
            out.append(Function("ability_may", head))
    return out


def _targets_effects_facts(head: list[Symbol], ab: dict[str, Any], offset: int,
                           base: int) -> list[Symbol]:
    """Targets numbered from offset+1 and effects from base+1 (refs shifted by offset)."""
    out = [Function("ability_target", head + [Number(offset + i + 1), Function(spec)])
           for i, spec in enumerate(ab["targets"])]
    for e, eff in enumerate(ab["effects"]):
        out += _effect_facts(head, base + e + 1, _shifted(eff, offset))
    return out


def _shifted(eff: dict[str, Any], offset: int) -> dict[str, Any]:
    if not offset:
        return eff
    out = dict(eff)
    for key in ("target", "object", "player"):
        ref = eff.get(key)
        if isinstance(ref, str) and ref.startswith("target"):
            out[key] = f"target{int(ref[6:] or 1) + offset}"
    return out


def _mode_facts(head: list[Symbol], ab: dict[str, Any]) -> list[Symbol]:
    """700.2: mode m's targets keep their order after the earlier modes' targets; its effects
    are numbered from m*1000; target_mode/effect_mode say which mode each belongs to."""
    out = [Function("ability_modal", head + [Number(ab["choose"])])]
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
    return out


def _val(v: Any) -> Symbol:
    return Number(v) if isinstance(v, int) else Function(v)


def _effect_facts(head: list[Symbol], e: int, eff: dict[str, Any]) -> list[Symbol]:
    verb = eff["verb"]
    ref = lambda name: _ref_term(eff[name])  # noqa: E731
    amount = lambda: Function(eff["amount"]) if isinstance(eff["amount"], str) else Number(eff["amount"])  # noqa: E731
    if verb in OBJECT_EFFECTS:
        terms = [Function(verb, [ref("object")])]
    elif verb == "add_mana":
        terms = [Function("add_mana", [Function(MANA[m])]) for m in eff["mana"]]
    elif verb in ("deal_damage", "prevent_damage"):
        terms = [Function(verb, [ref("target"), amount()])]
    elif verb == "prevent_combat_damage":
        terms = [Function(verb)]
    elif verb in ("draw", "gain_life", "lose_life"):
        who = ref("player") if "player" in eff else Function("you")
        terms = [Function(verb, [who, amount()])]
    elif verb in ("put_counters", "remove_counters"):
        terms = [Function(verb, [ref("object"), String(eff["kind"]), amount()])]
    elif verb == "set_battlefield_state":
        terms = [Function(verb, [Function(eff["state"])])]
    elif verb == "exile_until":
        return _exile_until_facts(head, e, eff)
    elif verb == "put_from_hand":
        terms = [Function("put_from_hand", [Function(eff["type"])])]
    elif verb == "copy_permanent":
        terms = [Function("copy_permanent")]
    elif verb == "distribute_counters":
        terms = [Function("distribute_counters", [String(eff["kind"]), Number(eff["amount"])])]
    else:  # modify
        terms = [Function("modify", [ref("object"), Number(eff["power"]), Number(eff["toughness"])])]
    out = []
    for k, term in enumerate(terms):
        eid = Number(e * 10 + k)
        out.append(Function("ability_effect", head + [eid, term]))
        if verb == "modify":
            out += [Function("ability_effect_arg", head + [eid, Function("keyword"), Function(w)])
                    for w in eff["keywords"]]
        if eff.get("until"):
            out.append(Function("ability_effect_arg",
                                head + [eid, Function("until"), Function(eff["until"])]))
    return out


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
    out.append(arg("rest", Function(eff["rest"])))
    return out


def _ref_term(ref: str) -> Symbol:
    if ref.startswith("target"):
        return Function("target", [Number(int(ref[6:] or 1))])
    return Function(ref)


def _cost_term(c: Any) -> Symbol:
    from .facts import _mana_term
    if c in ("tap", "sacrifice"):
        return Function(c)
    if c[0] == "pay_life":
        return Function("pay_life", [Number(c[1])])
    if c[0] == "loyalty":
        return Function("loyalty", [Number(c[1])])
    if c[0] == "sacrifice_a":
        return Function("sacrifice_a", [Function(c[1])])
    return Function("mana", [_mana_term(c[1])])


def _when_terms(when: tuple) -> list[Symbol]:
    kind = when[0]
    if kind == "you_cast":
        return [Function("you_cast", [Function(t)]) for t in when[1]]
    if kind == "beginning_of":
        return [Function("beginning_of", [Function(when[1]), Function(when[2])])]
    if kind == "counter_removed":
        return [Function("counter_removed", [String(when[1])])]
    return [Function(kind)]
