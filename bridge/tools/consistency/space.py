"""The space of situations one bounded search explores: a scenario with every optional part
(objects, their kind, controller, keywords, counters, statuses, whose turn, a short sequence of
actions, a turn boundary) as a *feature*, and the clingo facts each feature adds or removes.

The facts of a feature are found by building the scenario with and without it and comparing
the bridge's own facts (facts.py), so the search solves exactly the facts a scenario written
from its answer gives: a feature is a scenario edit, never a hand-written fact."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Callable

import yaml
from clingo import Function, Number, Symbol

from ...games.mtg.validate import parse_scenario
from .vocabulary import Vocabulary

PLAYERS = ("alice", "bob")
# facts of the scenario's actions, by the position of their time argument
EVENT_FACTS = {"event": 0, "event_arg": 0, "action_index": 0, "slot_plan": 0, "slot_player": 0,
               "slot_turn": 0}
# facts naming a keyword instance by its number (position 2): the number of the instance is
# fixed per keyword (its place in the vocabulary), so that any subset of keywords composes
INSTANCE_FACTS = {"keyword_instance", "keyword_arg", "keyword_cost", "keyword_cost_life"}
FILLER = {"gain_life": {"player": "alice", "amount": 0}}


@dataclass(frozen=True)
class Bounds:
    """The bounds of one search, reported with every result."""

    objects: int = 2
    actions: int = 2
    turn_boundary: bool = True

    def words(self) -> str:
        return (f"{self.objects} object(s), {self.actions} action(s)"
                + (", one turn boundary" if self.turn_boundary else ""))


@dataclass
class Feature:
    name: Symbol                    # sel(name) in the search
    edit: Callable[[dict], None]    # applies it to a scenario mapping
    weight: int = 1
    group: str | None = None        # at most one feature of a group
    requires: tuple = ()            # names of features it needs
    tags: tuple = ()                # (kind, value) the target statement may want


@dataclass
class Space:
    bounds: Bounds
    base: dict
    features: list[Feature] = field(default_factory=list)
    kw_index: dict[str, int] = field(default_factory=dict)   # a keyword's instance number

    def by_name(self) -> dict[Symbol, Feature]:
        return {f.name: f for f in self.features}

    def scenario(self, chosen: list[Symbol], rules: list[str], title: str) -> dict:
        """The scenario mapping of a board: the base with the chosen features, without the
        fillers of empty action slots."""
        data = copy.deepcopy(self.base)
        feats = self.by_name()
        for name in _ordered(chosen, feats):
            feats[name].edit(data)
        data["actions"] = [a for a in data.get("actions", []) if a != FILLER]
        data["rules"] = rules
        data["title"] = title
        return clean(data)


def _ordered(chosen: list[Symbol], feats: dict[Symbol, Feature]) -> list[Symbol]:
    """Requirements first (an object before its keywords)."""
    done: list[Symbol] = []

    def visit(n: Symbol) -> None:
        if n in done:
            return
        for r in feats[n].requires:
            visit(r)
        done.append(n)
    for n in sorted(chosen):
        visit(n)
    return done


def build_space(voc: Vocabulary, bounds: Bounds, rules: list[str]) -> Space:
    """Every feature of the pack's vocabulary within the bounds."""
    n, k = bounds.objects, bounds.actions
    base: dict = {"title": "search", "rules": list(rules), "players": list(PLAYERS),
                  "turn": {"active": "alice", "step": "precombat_main", "number": 2},
                  "cards": {}, "objects": [], "actions": [dict(FILLER) for _ in range(k)]}
    space = Space(bounds, base)
    keywords = sorted(voc.keywords | {c for _, c in voc.related})
    space.kw_index = {kw: j for j, kw in enumerate(keywords, start=1)}
    add = space.features.append
    for i in range(1, n + 1):
        oid, card = f"o{i}", f"Card o{i}"
        base["cards"][card] = {"types": ["creature"], "power": 2, "toughness": 2}
        base["objects"].append({"id": oid, "card": card, "controller": "alice", "timestamp": i})
        obj = Function("obj", [Number(i)])
        add(Feature(obj, _set_obj(i - 1, _on=True), weight=3))
        req = (obj,)
        for kind in sorted(voc.kinds - {"creature", "dfc"}):
            for variant, edit in _kind_edits(kind, voc):
                add(Feature(Function("kind", [Number(i), Function(variant)]), _card_edit(card, i - 1, edit),
                            weight=2, group=f"kind{i}", requires=req, tags=(("kind", kind),)))
        add(Feature(Function("ctrl", [Number(i), Function("bob")]),
                    _set_obj(i - 1, controller="bob", owner="bob"), requires=req,
                    tags=(("active", "bob"),)))
        add(Feature(Function("tapped", [Number(i)]), _set_obj(i - 1, tapped=True), requires=req,
                    tags=(("status", "tapped"),)))
        for c in sorted(voc.counters):
            add(Feature(Function("counter", [Number(i), _const(c)]), _counter(i - 1, c), requires=req,
                        group=f"counter{i}", tags=(("counter", c),)))
        for s in sorted(voc.statuses & {"marked"}):
            add(Feature(Function("marked", [Number(i)]), _set_obj(i - 1, marked=True), requires=req,
                        tags=(("status", s),)))
        if "dfc" in voc.kinds:
            add(Feature(Function("dfc", [Number(i)]), _card_edit(card, i - 1, _back), requires=req,
                        tags=(("dfc",),)))
            add(Feature(Function("back_up", [Number(i)]), _set_obj(i - 1, face="back"),
                        requires=(obj, Function("dfc", [Number(i)]))))
        for kw in keywords:
            add(Feature(Function("kw", [Number(i), _const(kw)]), _keyword(card, kw, voc), requires=req,
                        group=None, tags=(("kw", kw),)))
        if "occupying" in voc.statuses:
            for j in range(1, n + 1):
                if j != i:
                    add(Feature(Function("occupying", [Number(i), Number(j)]),
                                _set_obj(i - 1, occupying=f"o{j}"), group=f"occ{i}",
                                requires=(obj, Function("obj", [Number(j)]),
                                          Function("kind", [Number(j), Function("territory")]))))
    add(Feature(Function("active", [Function("bob")]), _turn(active="bob"), tags=(("active", "bob"),)))
    for s in sorted(voc.states):
        add(Feature(Function("state", [Function(s)]), _top(battlefield_state=s), group="state",
                    tags=(("state", s),)))
    for slot in range(k):
        for name, action, needs, tags in _actions(voc, n):
            add(Feature(Function("act", [Number(slot + 1), name]), _action(slot, action),
                        group=f"act{slot + 1}", requires=needs, weight=1, tags=tags))
    if bounds.turn_boundary:
        add(Feature(Function("next_turn"), _next_turn, weight=2, tags=(("action", "upkeep"),)))
    return space


def _const(word: str) -> Symbol:
    from clingo import String
    return Function(word) if word.isidentifier() and word[0].islower() else String(word)


def _set_obj(index: int, **values) -> Callable[[dict], None]:
    def edit(d: dict) -> None:
        d["objects"][index].update(values)
    return edit


def _counter(index: int, kind: str) -> Callable[[dict], None]:
    def edit(d: dict) -> None:
        d["objects"][index].setdefault("counters", {})[kind] = 1
    return edit


def _card_edit(card: str, index: int, change: Callable[[dict, dict], None]) -> Callable[[dict], None]:
    def edit(d: dict) -> None:
        change(d["cards"][card], d["objects"][index])
    return edit


def _back(card: dict, obj: dict) -> None:
    card["back"] = {"types": ["creature"], "power": 2, "toughness": 2}


def _kind_edits(kind: str, voc: Vocabulary) -> list[tuple[str, Callable[[dict, dict], None]]]:
    if kind == "territory":
        return [("territory", _retype(types=["enchantment"], subtypes=["territory"]))]
    if kind == "state_permanent":
        return [(f"sets_{s}", _retype(types=["artifact"], battlefield_state=s))
                for s in sorted(voc.states)]
    if kind == "werecreature":
        return [("werecreature", _retype(types=["creature"], subtypes=["human", "werewolf"],
                                         power=2, toughness=2))]
    if kind == "spell":
        out = [("instant", _retype(types=["instant"], zone="hand")),
               ("creature_card", _retype(types=["creature"], power=2, toughness=2, zone="hand"))]
        # the pack's own permanents as cards in hand too: cast and resolved, they *enter* the
        # battlefield (a Territory's enters trigger, 1000.2e; a state permanent arriving,
        # 1000.3e), which one already on the battlefield never does
        if "territory" in voc.kinds:
            out.append(("territory_card", _retype(types=["enchantment"], subtypes=["territory"], zone="hand")))
        if "state_permanent" in voc.kinds:
            out += [(f"sets_{s}_card", _retype(types=["artifact"], battlefield_state=s, zone="hand"))
                    for s in sorted(voc.states)]
        return out
    return []


def _retype(zone: str | None = None, **fields) -> Callable[[dict, dict], None]:
    """Another kind of card (its fields replace the creature's), in `zone` if given."""
    def change(card: dict, obj: dict) -> None:
        for key in ("power", "toughness", "subtypes"):
            card.pop(key, None)
        card.update(copy.deepcopy(fields))
        if zone is not None:
            obj["zone"] = zone
            obj["owner"] = obj.pop("controller", obj.get("owner", "alice"))
    return change


def _keyword(card: str, kw: str, voc: Vocabulary) -> Callable[[dict], None]:
    def edit(d: dict) -> None:
        entry = {kw: ["instant"]} if kw in voc.param_keywords else kw
        d["cards"][card].setdefault("keywords", []).append(entry)
    return edit


def _turn(**values) -> Callable[[dict], None]:
    def edit(d: dict) -> None:
        d["turn"].update(values)
    return edit


def _top(**values) -> Callable[[dict], None]:
    def edit(d: dict) -> None:
        d.update(values)
    return edit


def _action(slot: int, action) -> Callable[[dict], None]:
    def edit(d: dict) -> None:
        d["actions"][slot] = copy.deepcopy(action)
    return edit


def _next_turn(d: dict) -> None:
    """The turn boundary: the current turn's end step, then on to the next turn's upkeep (its
    untap step on the way)."""
    d["turn"]["step"] = "end"
    d["actions"].append({"advance": "upkeep"})


def _actions(voc: Vocabulary, n: int):
    """(name, scenario action, features it needs, tags) of every action of the vocabulary."""
    objs = [(i, f"o{i}", (Function("obj", [Number(i)]),)) for i in range(1, n + 1)]
    out = []
    dmg = ("action", "damage")
    for src_i, src, need_s in [(0, None, ())] + objs:
        for tgt in [(Function(p), p, ()) for p in PLAYERS] + [(Number(i), o, r) for i, o, r in objs]:
            tname, tid, need_t = tgt
            if tid == src:
                continue
            for amount in (1, 2):
                spec = {"target": tid, "amount": amount}
                if src:
                    spec = {"source": src, **spec}
                name = Function("damage", [Number(src_i), tname, Number(amount)])
                kind = ("player",) if tid in PLAYERS else ("creature",)
                out.append((name, {"deal_damage": spec}, need_s + need_t, (dmg, ("damage_to",) + kind)))
    for i, oid, need in objs:
        for verb in ("destroy", "exile", "return_to_hand"):
            out.append((Function(verb, [Number(i)]), {verb: oid}, need, (("action", verb),)))
        for c in sorted(voc.counters):
            for verb in ("put_counters", "remove_counters"):
                out.append((Function(verb, [Number(i), _const(c)]),
                            {verb: {"object": oid, "kind": c, "amount": 1}}, need,
                            (("action", verb), ("counter", c))))
        out.append((Function("cast", [Number(i)]), {"cast": {"card": oid, "without_paying_mana_cost": True}},
                    need, (("action", "cast"),)))
    out.append((Function("resolve"), "resolve", (), (("action", "resolve"),)))
    for s in sorted(voc.states):
        out.append((Function("set_state", [Function(s), Function("until_eot")]),
                    {"set_battlefield_state": {"state": s, "until": "end_of_turn"}}, (), (("action", "set_state"),)))
        out.append((Function("set_state", [Function(s), Function("lasting")]),
                    {"set_battlefield_state": {"state": s}}, (), (("action", "set_state"),)))
    return out


# -- the facts of each feature -------------------------------------------------------------------

def scenario_of(data: dict, library) -> "object":
    text = yaml.safe_dump(data, sort_keys=False)
    return parse_scenario(text, "search.yaml", library)


def clean(data: dict) -> dict:
    out = copy.deepcopy(data)
    out["objects"] = [{k: v for k, v in o.items() if k != "_on"} for o in out.get("objects", [])
                      if o.get("_on")]
    used = {o["card"] for o in out["objects"]}
    out["cards"] = {k: v for k, v in out.get("cards", {}).items() if k in used}
    if not out.get("actions"):
        out.pop("actions", None)
    if not out["cards"]:
        del out["cards"]
    if not out["objects"]:
        del out["objects"]
    return out
