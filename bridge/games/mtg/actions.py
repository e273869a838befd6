"""The contract's actions: how each is validated and which event facts it becomes.

Each action is one event at one time point: `event(T, Term)`, with list- or map-valued
parameters as `event_arg(T, Key, Value)`. The rules that give the event its meaning live in
rules_asp; `rules` names them, so an action whose rules are not encoded yet is reported.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from clingo import Function, Number, String, Symbol

from ...core.base.terms import atom, term
from ...core.source.checks import IDENT
from ...core.source.yamlsrc import clip
from .cards import CARD_FIELDS, parse_card
from .effects import EFFECT_FIELDS, effect_ops
from .keywords import equip_abilities
from .scenario import BATTLEFIELD_STATES, STEPS, Action, Scenario
from .vocab import COPY_KEEP, COUNTER_ALIASES, KEYWORD_NAME, WORD

Validate = Callable[[Any, tuple, Any, Scenario], Any]
Facts = Callable[[Any], tuple[Symbol, list[tuple[str, Symbol]]]]


class ActionSpec(NamedTuple):
    """How one action verb is read and turned into facts, and the rules it needs."""

    validate: Validate
    facts: Facts
    rules: tuple[str, ...]          # rule numbers that must be encoded for the verb to act
    player_action: bool = False


# -- argument validators --------------------------------------------------------------------
def _obj(v, path, raw, scen, *, any_target=False):
    oid = v.chk.ident(path, raw)
    known = {o.id for o in scen.objects} | set(scen.tokens)
    if any_target:
        known |= set(scen.players)
    if oid not in known:
        raise v.err(path, f"{clip(oid)} is not {'an object or player' if any_target else 'an object'}"
                          " of this scenario")
    return oid


def _player(v, path, raw, scen):
    return v.chk.choice(path, raw, scen.players)


def _fields(v, path, raw, allowed, required):
    data = v.chk.mapping(path, raw, allowed)
    for key in required:
        if key not in data:
            raise v.err(path, f"missing {clip(key)}")
    return data


def _until(v, path, data):
    if "until" in data:
        return v.chk.choice(path + ("until",), data["until"], ("end_of_turn", "end_of_combat"))
    return None


def v_none(v, path, raw, scen):
    if raw is not None:
        raise v.err(path, "this action takes no arguments")
    return None


def v_object(v, path, raw, scen):
    return _obj(v, path, raw, scen)


def v_step(v, path, raw, scen):
    return v.chk.choice(path, raw, STEPS)


def v_damage(v, path, raw, scen):
    d = _fields(v, path, raw, {"source", "target", "amount"}, ("target", "amount"))
    src = _obj(v, path + ("source",), d["source"], scen) if d.get("source") else None
    return {"source": src, "target": _obj(v, path + ("target",), d["target"], scen, any_target=True),
            "amount": v.chk.int_value(path + ("amount",), d["amount"], minimum=0)}


def v_prevent(v, path, raw, scen):
    """615.7: a shield on a permanent or player, `amount` a number or `all` (this turn)."""
    d = _fields(v, path, raw, {"target", "amount"}, ("target", "amount"))
    amount = "all" if d["amount"] == "all" else v.chk.int_value(path + ("amount",), d["amount"], minimum=1)
    return {"target": _obj(v, path + ("target",), d["target"], scen, any_target=True), "amount": amount}


def f_prevent(a):
    return atom("prevent_damage", a["target"], a["amount"]), []


def v_counters(v, path, raw, scen):
    d = _fields(v, path, raw, {"object", "kind", "amount"}, ("object", "kind", "amount"))
    kind = v.chk.str_value(path + ("kind",), d["kind"])
    if not (kind in ("+1/+1", "-1/-1") or IDENT.fullmatch(kind)):
        raise v.err(path + ("kind",), f"bad counter kind {clip(kind)}")
    return {"object": _obj(v, path + ("object",), d["object"], scen),
            "kind": COUNTER_ALIASES.get(kind, kind),
            "amount": v.chk.int_value(path + ("amount",), d["amount"], minimum=0)}


def v_life(v, path, raw, scen):
    d = _fields(v, path, raw, {"player", "amount"}, ("player", "amount"))
    return {"player": _player(v, path + ("player",), d["player"], scen),
            "amount": v.chk.int_value(path + ("amount",), d["amount"], minimum=0)}


def v_concede(v, path, raw, scen):
    d = _fields(v, path, raw, {"player"}, ("player",))
    return {"player": _player(v, path + ("player",), d["player"], scen)}


def v_control(v, path, raw, scen):
    d = _fields(v, path, raw, {"object", "player", "until"}, ("object", "player"))
    return {"object": _obj(v, path + ("object",), d["object"], scen),
            "player": _player(v, path + ("player",), d["player"], scen), "until": _until(v, path, d)}


def v_create_token(v, path, raw, scen):
    d = v.chk.mapping(path, raw, CARD_FIELDS | {"id", "controller", "counters"})
    tid = v.chk.ident(path + ("id",), d.get("id"))
    if scen.object(tid) or tid in scen.tokens or tid in scen.players:
        raise v.err(path + ("id",), f"duplicate id {clip(tid)}")
    card_fields = {k: val for k, val in d.items() if k not in ("id", "controller", "counters")}
    scen.tokens[tid] = parse_card(v.chk, path, card_fields, key=f"#token:{tid}")
    return {"id": tid, "controller": _player(v, path + ("controller",),
                                             d.get("controller", scen.turn.active), scen),
            "counters": _enters_with(v, path, d)}


def _enters_with(v, path, d) -> dict[str, int]:
    """122.6: the counters an effect says the object enters the battlefield with."""
    return v._counters(path + ("counters",), d.get("counters") or {})


def v_put_onto_battlefield(v, path, raw, scen):
    if isinstance(raw, str):
        raw = {"object": raw}
    d = _fields(v, path, raw, {"object", "controller", "counters", "transformed"}, ("object",))
    oid = _obj(v, path + ("object",), d["object"], scen)
    obj = scen.object(oid)
    default = obj.owner if obj is not None else scen.turn.active
    return {"object": oid, "controller": _player(v, path + ("controller",), d.get("controller", default), scen),
            "counters": _enters_with(v, path, d),
            # 712.14a: "return it to the battlefield transformed"
            "transformed": v.chk.bool_value(path + ("transformed",), d.get("transformed", False))}


COPY_EXCEPT = {"name", "power", "toughness", "types", "subtypes", "supertypes", "colors",
               "add_types", "add_subtypes", "keywords"}


def v_resolve(v, path, raw, scen):
    """`resolve`, or `resolve: {creates: [id, ...], creator: P}` naming the tokens the resolving
    spell or ability creates, in the order it creates them (their owner: creator, default the
    active player); `copies: [id, ...]` names the copies of a spell it creates (storm, 702.40a:
    spell copies, not tokens, 707.10)."""
    if raw is None:
        return None
    d = _fields(v, path, raw, {"creates", "creator", "copies"}, ())
    if "creates" not in d and "copies" not in d:
        raise v.err(path, "missing 'creates' (or 'copies')")
    creator = _player(v, path + ("creator",), d.get("creator", scen.turn.active), scen)
    named = {}
    for key in ("creates", "copies"):
        ids = []
        for i, tid in enumerate(v.chk.list(path + (key,), d.get(key, []))):
            tid = v.chk.ident(path + (key, i), tid)
            if scen.object(tid) or tid in scen.tokens or tid in scen.players:
                raise v.err(path + (key, i), f"duplicate id {tid!r}")
            scen.tokens[tid] = None  # what it is comes from the effect that creates it
            ids.append(tid)
        named[key] = ids
    return {"creates": named["creates"], "copies": named["copies"], "creator": creator}


def f_resolve(a):
    if a is None:
        return Function("resolve"), []
    return Function("resolve"), ([("creates", atom("c", i + 1, t)) for i, t in enumerate(a["creates"])]
                                 + [("copies", atom("c", i + 1, t))
                                    for i, t in enumerate(a.get("copies", []))])


def v_become_copy(v, path, raw, scen):
    """A permanent already on the battlefield becomes a copy of another object (707.2)."""
    d = _fields(v, path, raw, {"object", "of", "keep"}, ("object", "of"))
    keep = [COPY_KEEP[w] for w in v.chk.word_list(path + ("keep",), d.get("keep", []), WORD)
            if v.chk.choice(path + ("keep",), w, tuple(COPY_KEEP))]   # 707.9c
    return {"object": _obj(v, path + ("object",), d["object"], scen),
            "of": _obj(v, path + ("of",), d["of"], scen), "keep": keep}


def f_become_copy(a):
    return atom("become_copy", a["object"], a["of"]), [("keep", Function(w)) for w in a["keep"]]


def v_copy(v, path, raw, scen):
    d = _fields(v, path, raw, {"object", "id", "as_token_for", "except", "counters", "targets"},
                ("object", "id"))
    orig = _obj(v, path + ("object",), d["object"], scen)
    tid = v.chk.ident(path + ("id",), d["id"])
    if scen.object(tid) or tid in scen.tokens or tid in scen.players:
        raise v.err(path + ("id",), f"duplicate id {clip(tid)}")
    scen.tokens[tid] = None  # its characteristics are copied by the rules (707)
    owner = _player(v, path + ("as_token_for",), d.get("as_token_for", scen.turn.active), scen)
    exc = v.chk.mapping(path + ("except",), d.get("except", {}), COPY_EXCEPT)
    sets, adds = [], []
    for key, val in exc.items():
        kpath = path + ("except", key)
        if key == "name":
            sets.append(("name", String(v.chk.str_value(kpath, val))))
        elif key in ("power", "toughness"):
            sets.append((key, Number(v.chk.int_value(kpath, val))))
        elif key in ("types", "subtypes", "supertypes", "colors"):
            sets += [(key[:-1], Function(w.replace("-", "_")))
                     for w in v.chk.word_list(kpath, val, WORD)] or [(key[:-1], Function("none"))]
        else:
            attr = {"add_types": "type", "add_subtypes": "subtype", "keywords": "keyword"}[key]
            adds += [(attr, Function(w.replace("-", "_")))
                     for w in v.chk.word_list(kpath, val, KEYWORD_NAME if key == "keywords" else WORD)]
    return {"object": orig, "id": tid, "player": owner, "sets": sets, "adds": adds,
            "counters": _enters_with(v, path, d),
            "targets": _targets(v, path, d, scen)}   # 707.10c: new targets for a copy of a spell


def v_modify(v, path, raw, scen):
    d = _fields(v, path, raw, EFFECT_FIELDS | {"object", "until"}, ("object",))
    ops = effect_ops(v.chk, path, d)
    return {"object": _obj(v, path + ("object",), d["object"], scen),
            "power": v.chk.int_value(path + ("power",), d.get("power", 0)),
            "toughness": v.chk.int_value(path + ("toughness",), d.get("toughness", 0)),
            "ops": ops, "until": _until(v, path, d)}


def v_draw(v, path, raw, scen):
    return v_life(v, path, raw, scen)


def v_state(v, path, raw, scen):
    if "almos" not in scen.rules:
        raise v.err(path, "set_battlefield_state needs rules: [mtg, almos]")
    d = _fields(v, path, raw, {"state", "until"}, ("state",))
    return {"state": v.chk.choice(path + ("state",), d["state"], BATTLEFIELD_STATES),
            "until": _until(v, path, d)}


def v_play_land(v, path, raw, scen):
    """`play_land: ID`, or `play_land: {card: ID, face: back}`: a modal double-faced card played
    with its back face (712.12)."""
    if not isinstance(raw, dict):
        return _obj(v, path, raw, scen)
    d = _fields(v, path, raw, {"card", "face"}, ("card",))
    return {"card": _obj(v, path + ("card",), d["card"], scen),
            "face": v.chk.choice(path + ("face",), d.get("face", "front"), ("front", "back"))}


def f_play_land(a):
    if isinstance(a, str):
        return atom("play_land", a), []
    return atom("play_land", a["card"]), [("face", Function("back"))] if a["face"] == "back" else []


def _targets(v, path, d, scen):
    return [_obj(v, path + ("targets", i), t, scen, any_target=True)
            for i, t in enumerate(v.chk.list(path + ("targets",), d.get("targets", [])))]


CAST_FIELDS = {"card", "targets", "x", "without_paying_mana_cost", "face", "mode", "kicked",
               "alternative_cost", "sacrifice", "using", "squad"}
# Keyword costs a caster may choose by name (`using: evoke`, `using: [buyback]`): alternative
# costs (evoke 702.74a, warp 702.185a, dash 702.109a, blitz 702.152a) and additional ones
# (buyback 702.27a).
USING_COSTS = ("evoke", "warp", "buyback", "dash", "blitz",   # session 16: 702.175a, 702.153a, 702.166a, 702.42a
               "offspring", "casualty", "bargain", "entwine", "conspire")   # session 17: 702.78a


def v_cast(v, path, raw, scen):
    if isinstance(raw, str):
        raw = {"card": raw}
    d = _fields(v, path, raw, CAST_FIELDS, ("card",))
    out = {"card": _obj(v, path + ("card",), d["card"], scen), "targets": _targets(v, path, d, scen),
           "x": v.chk.opt_int(path, d, "x", minimum=0),
           "free": v.chk.bool_value(path + ("without_paying_mana_cost",),
                                    d.get("without_paying_mana_cost", False)),
           "face": v.chk.choice(path + ("face",), d.get("face", "front"),
                                ("front", "back", "down", "adventure", "omen", "prototype", "left", "right")),
           "kicked": v.chk.bool_value(path + ("kicked",), d.get("kicked", False)),
           "alternative": v.chk.opt_int(path, d, "alternative_cost", minimum=1),
           "sacrifice": [_obj(v, path + ("sacrifice", i), o, scen)
                         for i, o in enumerate(_one_or_list(v, path + ("sacrifice",), d.get("sacrifice")))],
           "modes": [v.chk.int_value(path + ("mode", i), m, minimum=1)
                     for i, m in enumerate(_one_or_list(v, path + ("mode",), d.get("mode")))],
           "using": [v.chk.choice(path + ("using", i), w, USING_COSTS)
                     for i, w in enumerate(_one_or_list(v, path + ("using",), d.get("using")))],
           "squad": [v.chk.int_value(path + ("squad", i), n, minimum=0)   # 702.157a-b: times paid
                     for i, n in enumerate(_one_or_list(v, path + ("squad",), d.get("squad")))]}
    return out


def _one_or_list(v, path, raw) -> list:
    if raw is None:
        return []
    return v.chk.list(path, raw) if isinstance(raw, list) else [raw]


# Keyword abilities activated by name rather than by number (docs/keywords.md): cycling
# (702.29a), activated from the hand, unearth (702.84a) from the graveyard; `equip` names the
# object's first Equip ability, whose number follows the card's listed abilities (702.6a,
# 702.6d: bridge/games/mtg/facts.py numbers them); crew, saddle: 702.122a, 702.171a; typecycling 702.29e.
KEYWORD_ABILITIES = ("cycling", "equip", "unearth", "ninjutsu", "station", "outlast", "crew", "saddle", "typecycling")


def _ability_ref(v, path, raw, scen, oid):
    """`ability: N` (the card's Nth ability) or the name of an activated keyword ability."""
    if not isinstance(raw, str):
        return v.chk.int_value(path, raw, minimum=1)
    name = v.chk.choice(path, raw, KEYWORD_ABILITIES)
    if name != "equip":
        return name
    number = _first_equip(scen, oid)
    if number is None:
        raise v.err(path, f"{clip(oid)} has no Equip ability")
    return number


def _first_equip(scen, oid) -> int | None:
    """The number of the object's first Equip ability (on the face that is up), if any."""
    obj = next((o for o in scen.objects if o.id == oid), None)
    if obj is None:
        return None
    card = obj.card.back if obj.face == "back" and obj.card.back is not None else obj.card
    numbered = equip_abilities(card)
    return numbered[0][0] if numbered else None


def v_activate(v, path, raw, scen):
    d = _fields(v, path, raw, {"object", "ability", "targets", "mode"}, ("object",))
    oid = _obj(v, path + ("object",), d["object"], scen)
    return {"object": oid,
            "ability": _ability_ref(v, path + ("ability",), d.get("ability", 1), scen, oid),
            "targets": _targets(v, path, d, scen),
            "modes": [v.chk.int_value(path + ("mode", i), m, minimum=1)
                      for i, m in enumerate(_one_or_list(v, path + ("mode",), d.get("mode")))]}


# Special actions (116.2) of keywords, taken by a player with priority and not using the stack:
# `special_action: {object: C, action: suspend}` (702.62a), foretell (702.143a), plot (702.170a),
# turn_face_up (116.2b: morph 702.37e, disguise 702.168d), unlock_left/right (a Room's, 709.5e).
# turn_face_up_for_mana_cost: a manifested or cloaked card with morph or disguise turned face up
# for its mana cost rather than by the keyword's procedure (701.40c-d, 701.58c-d)
SPECIAL_ACTIONS = ("suspend", "foretell", "plot", "turn_face_up", "turn_face_up_for_mana_cost",
                   "unlock_left", "unlock_right")


def v_special(v, path, raw, scen):
    d = _fields(v, path, raw, {"object", "action"}, ("object", "action"))
    return {"object": _obj(v, path + ("object",), d["object"], scen),
            "action": v.chk.choice(path + ("action",), d["action"], SPECIAL_ACTIONS)}


def f_special(a):
    return atom("special", a["object"], Function(a["action"])), []


def v_declaration(kind):
    def validate(v, path, raw, scen):
        d = v.chk.mapping(path, raw if raw is not None else {}, None)
        out = []
        for who, what in d.items():
            who = _obj(v, path + (who,), who, scen)
            what = _obj(v, path + (who,), what, scen, any_target=(kind == "attack"))
            out.append((who, what))
        return out
    return validate


# -- facts ----------------------------------------------------------------------------------
def f_plain(verb):
    return lambda args: (Function(verb), [])


def f_object(verb):
    return lambda oid: (atom(verb, oid), [])


def f_damage(a):
    return atom("deal_damage", a["source"] or "none", a["target"], a["amount"]), []


def f_counters(verb):
    return lambda a: (atom(verb, a["object"], String(a["kind"]), a["amount"]), [])


def f_life(verb):
    return lambda a: (atom(verb, a["player"], a["amount"]), [])


def _with_until(term, a, extra=()):
    args = list(extra)
    if a.get("until"):
        args.append(("until", Function(a["until"])))
    return term, args


def f_control(a):
    return _with_until(atom("gain_control", a["object"], a["player"]), a)


def _counter_args(a) -> list[tuple[str, Symbol]]:
    return [("counters", Function("c", [String(k), Number(n)])) for k, n in a["counters"].items() if n]


def f_create_token(a):
    return atom("create_token", a["id"], a["controller"]), _counter_args(a)


def f_put_onto_battlefield(a):
    extra = [("transformed", Function("true"))] if a.get("transformed") else []
    return atom("put_onto_battlefield", a["object"], a["controller"]), _counter_args(a) + extra


def f_copy(a):
    targets = [("target", Function("t", [Number(i + 1), term(t)])) for i, t in enumerate(a.get("targets", []))]
    return atom("copy", a["object"], a["id"], a["player"]), _counter_args(a) + targets


def f_modify(a):
    ops = [("op", op) for op in a["ops"]]
    return _with_until(atom("modify", a["object"], a["power"], a["toughness"]), a, ops)


def f_state(a):
    return _with_until(atom("set_battlefield_state", a["state"]), a)


def f_cast(a):
    args = [("target", Function("t", [Number(i + 1), term(t)])) for i, t in enumerate(a["targets"])]
    if a["x"] is not None:
        args.append(("x", Number(a["x"])))
    if a["free"]:
        args.append(("without_paying_mana_cost", Function("true")))
    if a["face"] != "front":
        args.append(("face", Function(a["face"])))
    args += [("mode", atom("m", i + 1, m)) for i, m in enumerate(a["modes"])]
    if a["kicked"]:
        args.append(("kicked", Function("true")))
    if a["alternative"] is not None:
        args.append(("alternative_cost", Number(a["alternative"])))
    args += [("sacrifice", term(o)) for o in a["sacrifice"]]
    args += [("using", Function(w)) for w in a.get("using", [])]
    args += [("squad", atom("s", i + 1, n)) for i, n in enumerate(a.get("squad", [])) if n > 0]
    return atom("cast", a["card"]), args


def f_activate(a):
    args = [("target", Function("t", [Number(i + 1), term(t)])) for i, t in enumerate(a["targets"])]
    args += [("mode", atom("m", i + 1, m)) for i, m in enumerate(a["modes"])]
    return atom("activate", a["object"], a["ability"]), args


def f_declaration(verb, key):
    return lambda pairs: (Function(verb), [(key, atom("pair", x, y)) for x, y in pairs])


ACTION_SPECS: dict[str, ActionSpec] = {
    # player actions
    "play_land": ActionSpec(v_play_land, f_play_land, ("305.1",), True),
    "cast": ActionSpec(v_cast, f_cast, ("601.2",), True),
    "activate": ActionSpec(v_activate, f_activate, ("602.2",), True),
    "special_action": ActionSpec(v_special, f_special, ("116.2",), True),
    "declare_attackers": ActionSpec(v_declaration("attack"), f_declaration("declare_attackers", "attack"),
                                    ("508.1",), True),
    "declare_blockers": ActionSpec(v_declaration("block"), f_declaration("declare_blockers", "block"),
                                   ("509.1",), True),
    "resolve": ActionSpec(v_resolve, f_resolve, ("117.4",), True),
    "advance": ActionSpec(v_step, f_object("advance"), ("500.1",), True),
    "deal_combat_damage": ActionSpec(v_none, f_plain("deal_combat_damage"), ("510.2",), True),
    # direct effects
    "deal_damage": ActionSpec(v_damage, f_damage, ("120.3",)),
    "destroy": ActionSpec(v_object, f_object("destroy"), ("701.8a",)),
    "exile": ActionSpec(v_object, f_object("exile"), ("701.13a",)),
    "regenerate": ActionSpec(v_object, f_object("regenerate"), ("701.19a",)),
    "return_to_hand": ActionSpec(v_object, f_object("return_to_hand"), ("400.6",)),
    "sacrifice": ActionSpec(v_object, f_object("sacrifice"), ("701.21a",)),
    "prevent_damage": ActionSpec(v_prevent, f_prevent, ("615.7",)),
    "prevent_combat_damage": ActionSpec(v_none, f_plain("prevent_combat_damage"), ("615.1a",)),
    "put_counters": ActionSpec(v_counters, f_counters("put_counters"), ("122.1",)),
    "remove_counters": ActionSpec(v_counters, f_counters("remove_counters"), ("122.1",)),
    "gain_control": ActionSpec(v_control, f_control, ("613.1b",)),
    "create_token": ActionSpec(v_create_token, f_create_token, ("111.1",)),
    "put_onto_battlefield": ActionSpec(v_put_onto_battlefield, f_put_onto_battlefield, ("110.2a",)),
    "copy": ActionSpec(v_copy, f_copy, ("707.2",)),
    "become_copy": ActionSpec(v_become_copy, f_become_copy, ("707.2",)),
    "transform": ActionSpec(v_object, f_object("transform"), ("701.27a",)),
    "modify": ActionSpec(v_modify, f_modify, ("613.4c",)),
    "gain_life": ActionSpec(v_life, f_life("gain_life"), ("119.3",)),
    "lose_life": ActionSpec(v_life, f_life("lose_life"), ("119.3",)),
    "draw": ActionSpec(v_draw, f_life("draw"), ("121.1",)),
    "set_battlefield_state": ActionSpec(v_state, f_state, ("1000.3c",)),
    # 104.3a: a player may concede at any time, with or without priority
    "concede": ActionSpec(v_concede, lambda a: (atom("concede", a["player"]), []), ("104.3a",), True),
}


def action_facts(action: Action) -> tuple[Symbol, list[tuple[str, Symbol]]]:
    """The event term of an action and its extra (key, value) arguments."""
    return ACTION_SPECS[action.verb].facts(action.args)
