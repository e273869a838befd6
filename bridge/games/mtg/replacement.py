"""Replacement and prevention abilities in the card ability form (docs/replacement-effects.md).

`- replacement: {...}` on a card: a static ability that generates a replacement effect (614)
or a prevention effect (615). One of these forms:

    enters_tapped: true                       614.1c/d  it (or what `affects` names) enters tapped
    enters_tapped: {unless: {pay_life: 2}}    614.12a   ... unless its controller pays 2 life as it enters
    enters_with: {"+1/+1": 2}                 614.1c    it enters with these counters (x: the spell's X, 107.3m)
    would: die, instead: exile                614.1a    "if it would die, exile it instead"
    would: graveyard, instead: exile          614.1a    "... would be put into a graveyard from anywhere"
    skip: draw                                614.1b    "you skip your draw step" (draw or upkeep)
    damage: {from, to, combat}, double: true  614.1a    damage is doubled / increased (plus: N)
    damage: {from, to, combat}, prevent: all  615     damage is prevented (all, or N per event)
    counters: {kind: "+1/+1"}, plus: 1        614.1a    counters put on it (or on what `affects`
                                                        names) are increased / doubled instead
    tokens: {}, double: true, affects: {controller: you}
                                              614.1a    "if an effect would create one or more
                                                        tokens under your control, it creates twice
                                                        that many" (`controller: any`: any player's)
    enters_as_copy: {types: [creature]}       614.1c    "you may have this enter as a copy of any
                                                        creature on the battlefield" (`controller:
                                                        you`: "a creature you control")
    enters_as_copy: self, affects: {...}      614.1c    "[creatures you control] enter as a copy
                                                        of this" (affects is required)
    choose: color                             614.12    "as this enters, choose a color" (or
                                                        creature_type); a static ability of the
                                                        same object reads `chosen` (607.2d)

`affects` (enters_tapped, enters_with, would, counters, enters_as_copy) is `self` or a filter
`{types: [...], controller: you|opponent|any}`; absent, it is `self` in every form (the
ability's own object). "A card or token would be put into a graveyard from anywhere" (Rest in
Peace) is `affects: {controller: any}`. The damage and skip forms take no `affects`. `damage.from` is self, you, opponent, any or
your_creatures (sources: this object, sources you / an opponent control(s), creatures you
control); `damage.to` is self, you,
opponent (an opponent or a permanent an opponent controls) or any; `combat: true` limits the
effect to combat damage.
"""
from __future__ import annotations

from typing import Any

from clingo import Function, Number, String, Symbol

from ...core.source.checks import IDENT, Checker
from .vocab import COUNTER_ALIASES, WORD

FORMS = ("enters_tapped", "enters_with", "would", "skip", "damage", "counters", "enters_as_copy", "choose",
         "tokens")
FIELDS = {"enters_tapped", "enters_with", "would", "instead", "skip", "damage", "counters", "double", "tokens",
          "plus", "prevent", "affects", "enters_as_copy", "if_kicked", "choose"}
SCOPES_FROM = ("self", "you", "opponent", "any", "your_creatures")
SCOPES_TO = ("self", "you", "opponent", "any")
SKIPPABLE = ("upkeep", "draw")
# 607.2d: what an "as this enters, choose ..." ability chooses (the linked abilities read it as `chosen`)
CHOICES = ("color", "creature_type")
# The forms `affects` applies to; absent, it is `self` (this object) for every one of them. The
# damage forms say what they apply to with `damage.from/to`, and `skip` is its controller's.
AFFECTS_FORMS = ("enters_tapped", "enters_with", "would", "counters", "enters_as_copy", "tokens")
AFFECT_TYPES = ("creature", "artifact", "enchantment", "land", "planeswalker", "battle", "permanent")


def parse_replacement(chk: Checker, p: tuple, body: Any) -> dict[str, Any]:
    """Validate one `replacement:` body; returns {'kind': 'replacement', 'form': ..., ...}."""
    data = chk.mapping(p, body, FIELDS)
    forms = [f for f in FORMS if f in data]
    if len(forms) != 1:
        raise chk.src.error(p, "a replacement ability has exactly one of " + ", ".join(FORMS))
    form = forms[0]
    out: dict[str, Any] = {"kind": "replacement", "form": form, "affects": _affects(chk, p, data)}
    if form == "enters_tapped":
        out["unless"] = _enters_tapped(chk, p + (form,), data[form])
    elif form == "enters_with":
        out["counters"] = _counters(chk, p + (form,), data[form])
        # 702.33e: "if this creature was kicked, it enters with ..." (a kicked permanent spell only)
        out["kicked_only"] = chk.bool_value(p + ("if_kicked",), data.get("if_kicked", False))
    elif form == "would":
        out["would"] = chk.choice(p + ("would",), data["would"], ("die", "graveyard"))
        if "instead" not in data:
            raise chk.src.error(p, "missing 'instead' (what happens instead: exile)")
        out["instead"] = chk.choice(p + ("instead",), data["instead"], ("exile",))
    elif form == "skip":
        out["step"] = chk.choice(p + ("skip",), data["skip"], SKIPPABLE)
    elif form == "counters":
        out.update(_counter_mod(chk, p, data))
    elif form == "enters_as_copy":
        out["copy_of"] = _copy_of(chk, p, data[form], out["affects"])
    elif form == "tokens":
        _token_doubling(chk, p, data, out["affects"])
    elif form == "choose":      # 614.12, 607.2d: "As this enters, choose a color / a creature type"
        out["choose"] = chk.choice(p + ("choose",), data["choose"], CHOICES)
    else:
        out.update(_damage(chk, p, data))
    extra = set(data) - {form} - ({"affects"} if form in AFFECTS_FORMS else set()) \
        - ({"instead"} if form == "would" else set()) \
        - ({"double", "plus", "prevent"} if form == "damage" else set()) \
        - ({"double", "plus"} if form == "counters" else set()) \
        - ({"double"} if form == "tokens" else set()) \
        - ({"if_kicked"} if form == "enters_with" else set())
    if "affects" in extra:
        raise chk.src.error(p + ("affects",), f"a {form} replacement takes no affects"
                            + (" (damage.from and damage.to say what it applies to)" if form == "damage" else ""))
    if extra:
        raise chk.src.error(p + (sorted(extra)[0],), f"not a field of a {form} replacement")
    return out


# 614.1c "enters tapped unless you control two or fewer other lands / two or more other lands /
# two or more basic lands": the count as it would enter (the land itself not yet among them)
UNLESS_LANDS = {"lands_at_most": ("at_most", "any"), "lands_at_least": ("at_least", "any"),
                "basic_lands_at_least": ("at_least", "basic")}
# ... and (issue 31, session 16) "unless you have two or more opponents" (`opponents_at_least`),
# "unless a player has 13 or less life" (`player_life_at_most`), "unless you control a Mountain
# or a Forest" (`you_control_subtype: [mountain, forest]`, any of them)
UNLESS_OTHER = {"opponents_at_least": "repl_unless_opponents", "player_life_at_most": "repl_unless_life"}


def _enters_tapped(chk: Checker, p: tuple, raw: Any) -> tuple[str, Any] | None:
    """`true`, `{unless: {pay_life: N}}` (as it enters its controller may pay N life; if they
    don't, it enters tapped, 614.12a) or `{unless: {lands_at_most: N}}` (also `lands_at_least`,
    `basic_lands_at_least`: the other lands its controller controls as it enters, 614.1c),
    `{opponents_at_least: N}`, `{player_life_at_most: N}`, `{you_control_subtype: [S, ...]}`."""
    if raw is True:
        return None
    d = chk.mapping(p, raw, {"unless"})
    if "unless" not in d:
        raise chk.src.error(p, "write enters_tapped: true, or {unless: {pay_life: N}}")
    kinds = {"pay_life", "you_control_subtype"} | set(UNLESS_LANDS) | set(UNLESS_OTHER)
    u = chk.mapping(p + ("unless",), d["unless"], kinds)
    if len(u) != 1:
        raise chk.src.error(p + ("unless",), "one of " + ", ".join(sorted(kinds)))
    (kind, n), = u.items()
    if kind == "you_control_subtype":
        words = chk.word_list(p + ("unless", kind), n, WORD)
        if not words:
            raise chk.src.error(p + ("unless", kind), "you_control_subtype lists at least one subtype")
        return kind, words
    return kind, chk.int_value(p + ("unless", kind), n, minimum=1 if kind == "pay_life" else 0)


def _copy_of(chk: Checker, p: tuple, raw: Any, affects: dict | None) -> dict[str, Any] | None:
    """614.1c "enter as a copy": `self` (another object enters as a copy of this one: `affects`
    names which) or `{types: [...], controller: you|any}` (this one may enter as a copy of a
    permanent of those types on the battlefield; `affects` must be self)."""
    q = p + ("enters_as_copy",)
    if raw == "self":
        if affects is None:
            raise chk.src.error(q, "enters_as_copy: self needs affects (what enters as a copy of this)")
        return None
    if affects is not None:
        raise chk.src.error(q, "enters_as_copy with a filter is this permanent's own: no affects")
    d = chk.mapping(q, raw, {"types", "controller"})
    types = [chk.choice(q + ("types", i), t, AFFECT_TYPES)
             for i, t in enumerate(chk.list(q + ("types",), d.get("types", ["permanent"])))]
    return {"types": types,
            "controller": chk.choice(q + ("controller",), d.get("controller", "any"), ("you", "any"))}


def _affects(chk: Checker, p: tuple, data: dict) -> dict[str, Any] | None:
    raw = data.get("affects", "self")
    if raw == "self":
        return None
    d = chk.mapping(p + ("affects",), raw, {"types", "controller"})
    types = [chk.choice(p + ("affects", "types", i), t, AFFECT_TYPES)
             for i, t in enumerate(chk.list(p + ("affects", "types"), d.get("types", ["permanent"])))]
    return {"types": types,
            "controller": chk.choice(p + ("affects", "controller"), d.get("controller", "any"),
                                     ("you", "opponent", "any"))}


def _counters(chk: Checker, p: tuple, raw: Any) -> dict[str, int | str]:
    """`{"+1/+1": 2}`; `x` is the X chosen for the spell that became the permanent (107.3m)."""
    out: dict[str, int | str] = {}
    for kind, n in chk.mapping(p, raw, None).items():
        if not isinstance(kind, str) or not (kind in ("+1/+1", "-1/-1") or IDENT.match(kind)):
            raise chk.src.error(p + (kind,), f"bad counter kind {kind!r}")
        out[COUNTER_ALIASES.get(kind, kind)] = "x" if n == "x" else chk.int_value(p + (kind,), n, minimum=0)
    return out


def _counter_mod(chk: Checker, p: tuple, data: dict) -> dict[str, Any]:
    """"If counters would be put on ..., twice that many / that many plus N instead" (614.1a)."""
    d = chk.mapping(p + ("counters",), data["counters"] or {}, {"kind", "by"})
    # "if an effect would put counters" (Doubling Season): a cost's counters are not replaced
    by = chk.choice(p + ("counters", "by"), d["by"], ("effect",)) if "by" in d else None
    kind = None
    if "kind" in d:
        kind = next(iter(_counters(chk, p + ("counters",), {d["kind"]: 0})))
    ops = [k for k in ("double", "plus") if k in data]
    if len(ops) != 1:
        raise chk.src.error(p, "a counters replacement has one of double: true, plus: N")
    if ops[0] == "double":
        if chk.bool_value(p + ("double",), data["double"]) is not True:
            raise chk.src.error(p + ("double",), "write double: true")
        term = Function("double")
    else:
        term = Function("plus", [Number(chk.int_value(p + ("plus",), data["plus"], minimum=1))])
    return {"op": term, "counter_kind": kind, "by": by}


def _token_doubling(chk: Checker, p: tuple, data: dict, affects: dict | None) -> None:
    """"If an effect would create one or more tokens under your control, it creates twice that
    many of those tokens instead" (614.1a): `tokens: {}, double: true` and whose tokens it
    doubles, `affects: {controller: you}` (or `any`: Primal Vigor). Only doubling is encoded."""
    chk.mapping(p + ("tokens",), data["tokens"] or {}, set())
    if "double" not in data or chk.bool_value(p + ("double",), data["double"]) is not True:
        raise chk.src.error(p, "a tokens replacement is written with double: true")
    if affects is None or affects["types"] != ["permanent"] or affects["controller"] == "opponent":
        raise chk.src.error(p + ("affects",), "a tokens replacement names whose tokens it doubles: "
                            "affects: {controller: you} or {controller: any}")


def _damage(chk: Checker, p: tuple, data: dict) -> dict[str, Any]:
    d = chk.mapping(p + ("damage",), data["damage"] or {}, {"from", "to", "combat"})
    ops = [k for k in ("double", "plus", "prevent") if k in data]
    if len(ops) != 1:
        raise chk.src.error(p, "a damage replacement has one of double: true, plus: N, prevent: all|N")
    op = ops[0]
    if op == "double":
        if chk.bool_value(p + ("double",), data["double"]) is not True:
            raise chk.src.error(p + ("double",), "write double: true")
        term = Function("double")
    elif op == "plus":
        term = Function("plus", [Number(chk.int_value(p + ("plus",), data["plus"], minimum=1))])
    elif data["prevent"] == "all":
        term = Function("prevent_all")
    else:
        term = Function("prevent", [Number(chk.int_value(p + ("prevent",), data["prevent"], minimum=1))])
    return {"op": term,
            "from": chk.choice(p + ("damage", "from"), d.get("from", "any"), SCOPES_FROM),
            "to": chk.choice(p + ("damage", "to"), d.get("to", "any"), SCOPES_TO),
            "combat": chk.bool_value(p + ("damage", "combat"), d.get("combat", False))}


def replacement_facts(head: list[Symbol], ab: dict[str, Any]) -> list[Symbol]:
    """repl_form/4 and the form's own facts (see docs/replacement-effects.md)."""
    form = ab["form"]
    out = [Function("repl_form", head + [Function(form)])]
    if ab["affects"] is not None:
        out += [Function("repl_affects_type", head + [Function(t)]) for t in ab["affects"]["types"]]
        out.append(Function("repl_affects_controller", head + [Function(ab["affects"]["controller"])]))
    if form == "enters_tapped" and ab["unless"] is not None:
        kind, n = ab["unless"]
        if kind == "pay_life":
            out.append(Function("repl_unless_pay_life", head + [Number(n)]))
        elif kind == "you_control_subtype":   # repl_unless_subtype(K,F,N,S), one a subtype
            out += [Function("repl_unless_subtype", head + [Function(w)]) for w in n]
        elif kind in UNLESS_OTHER:
            out.append(Function(UNLESS_OTHER[kind], head + [Number(n)]))
        else:   # "unless you control two or fewer other lands": repl_unless_lands(K,F,N,Op,M,Which)
            op, which = UNLESS_LANDS[kind]
            out.append(Function("repl_unless_lands", head + [Function(op), Number(n), Function(which)]))
    if form == "enters_with":
        out += [Function("repl_counters", head + [String(k), Function("x") if n == "x" else Number(n)])
                for k, n in ab["counters"].items() if n]
        if ab["kicked_only"]:
            out.append(Function("repl_if_kicked", head))
    elif form == "would":
        out.append(Function("repl_instead", head + [Function(ab["would"]), Function(ab["instead"])]))
    elif form == "skip":
        out.append(Function("repl_skip", head + [Function(ab["step"])]))
    elif form == "choose":
        out.append(Function("repl_choose", head + [Function(ab["choose"])]))
    elif form == "damage":
        out += [Function("repl_damage", head + [ab["op"]]),
                Function("repl_from", head + [Function(ab["from"])]),
                Function("repl_to", head + [Function(ab["to"])])]
        if ab["combat"]:
            out.append(Function("repl_combat_only", head))
    elif form == "enters_as_copy":
        if ab["copy_of"] is None:
            out.append(Function("repl_copy_of", head + [Function("source")]))
        else:
            out.append(Function("repl_copy_of", head + [Function("chosen")]))
            out += [Function("repl_copy_type", head + [Function(t)]) for t in ab["copy_of"]["types"]]
            out.append(Function("repl_copy_controller", head + [Function(ab["copy_of"]["controller"])]))
    elif form == "tokens":
        out.append(Function("repl_token_double", head))
    elif form == "counters":
        out.append(Function("repl_counter_mod", head + [ab["op"]]))
        if ab["counter_kind"] is not None:
            out.append(Function("repl_counter_kind", head + [String(ab["counter_kind"])]))
        if ab["by"] == "effect":
            out.append(Function("repl_counter_by_effect", head))
    return out
