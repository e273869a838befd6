"""The situation generator (rules_asp/tools/situations.lp) and its boards as scenarios.

A board is one answer set of the generator: a few objects drawn from the pack's vocabulary,
a battlefield state, whose turn it is and at most one action. `board_scenario` writes it in the
public scenario format, so every situation the command solves is one `rulekeeper ask` can
read."""
from __future__ import annotations

from dataclasses import dataclass

import clingo
from clingo import Function, Number, String, Symbol

from .vocabulary import Vocabulary, Want

NAMES = {"creature": "c", "territory": "t", "state_permanent": "s", "spell": "p", "werecreature": "w"}


@dataclass(frozen=True)
class Board:
    atoms: frozenset[Symbol]

    def where(self, name: str) -> list[tuple]:
        return sorted((tuple(_py(a) for a in s.arguments) for s in self.atoms if s.name == name),
                      key=str)

    @property
    def key(self) -> str:
        return " ".join(sorted(map(str, self.atoms)))


def _py(sym: Symbol):
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.arguments:
        return (sym.name,) + tuple(_py(a) for a in sym.arguments)
    return sym.name


def _feature(f: tuple) -> Symbol:
    kind, *rest = f
    if kind == "kw_on":
        return Function(kind, [Function(rest[0]), Function(rest[1])])
    return Function(kind, [String(r) if "/" in r else Function(r) for r in rest])


def generate(program: str, voc: Vocabulary, want: Want, max_objects: int,
             limit: int = 1, avoid: set[str] | None = None) -> list[Board]:
    """Up to `limit` smallest boards with the wanted features, not among `avoid`."""
    ctl = clingo.Control(["--opt-mode=optN", "--models=0"], logger=lambda c, m: None)
    ctl.add("base", [], program)
    with ctl.backend() as backend:
        def fact(sym: Symbol) -> None:
            backend.add_rule([backend.add_atom(sym)])
        fact(Function("max_objects", [Number(max_objects)]))
        for cat, word in voc.facts():
            fact(Function("vocab", [Function(cat), String(word) if "/" in word else Function(word)]))
        for f in want.all:
            fact(Function("want", [_feature(f)]))
        if want.any:
            anyone = backend.add_atom(Function("want_any_met"))
            for alternative in want.any:
                feats = [backend.add_atom(Function("feature", [_feature(f)])) for f in alternative]
                backend.add_rule([anyone], feats)
            backend.add_rule([], [-anyone])
    ctl.ground([("base", [])])
    found: dict[str, Board] = {}
    avoid = avoid or set()
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            if not model.optimality_proven:
                continue
            board = Board(frozenset(model.symbols(shown=True)))
            if board.key not in avoid and board.key not in found:
                found[board.key] = board
            if len(found) >= limit:
                break
    return list(found.values())


def board_scenario(board: Board, title: str, rules: list[str], voc: Vocabulary,
                   with_pack: bool = True) -> dict:
    """The board as a scenario mapping (the public YAML format). Without the pack, the
    features only the pack knows (states, statuses) are left out."""
    ids = {i: f"{NAMES[k]}{i}" for i, k in board.where("kind")}
    kinds = dict(board.where("kind"))
    kws: dict[int, list] = {}
    for i, k in board.where("kw"):
        kws.setdefault(i, []).append({k: ["instant"]} if k in voc.param_keywords else k)
    cards, objects = {}, []
    ctrl = dict(board.where("ctrl"))
    dfc = {i for (i,) in board.where("dfc")}
    back_up = {i for (i,) in board.where("back_up")}
    hand = {i for (i,) in board.where("in_hand")}
    sets = dict(board.where("sets_state"))
    for i, kind in sorted(kinds.items()):
        name = f"Card {ids[i]}"
        card: dict = _card(kind, kws.get(i, []))
        if i in sets and with_pack:
            card["battlefield_state"] = sets[i]
        if i in dfc:
            card["back"] = {"types": ["creature"], "power": 2, "toughness": 2}
        cards[name] = card
        obj: dict = {"id": ids[i], "card": name}
        if i in hand:
            obj.update(zone="hand", owner=ctrl[i])
        else:
            obj["controller"] = ctrl[i]
        if i in back_up:
            obj["face"] = "back"
        objects.append(obj)
    for i, c in board.where("counter"):
        _obj(objects, ids[i]).setdefault("counters", {})[c] = 1
    if with_pack:
        for (i,) in board.where("marked"):
            _obj(objects, ids[i])["marked"] = True
        for i, j in board.where("occupying"):
            _obj(objects, ids[i])["occupying"] = ids[j]
    active = board.where("active")[0][0] if board.where("active") else "alice"
    scen: dict = {"title": title, "rules": rules, "players": ["alice", "bob"],
                  "turn": {"active": active, "step": "precombat_main", "number": 2},
                  "cards": cards, "objects": objects}
    states = board.where("state")
    if states and with_pack:
        scen["battlefield_state"] = states[0][0]
    acts = _actions(board, ids, kinds, with_pack)
    if acts is None:
        return {}
    if acts and acts[0] == {"advance": "upkeep"}:
        scen["turn"]["step"] = "untap"
    if acts:
        scen["actions"] = acts
    return scen


def _card(kind: str, keywords: list) -> dict:
    if kind == "creature":
        card = {"types": ["creature"], "power": 2, "toughness": 2}
    elif kind == "werecreature":
        card = {"types": ["creature"], "subtypes": ["human", "werewolf"], "power": 2, "toughness": 2}
    elif kind == "territory":
        card = {"types": ["enchantment"], "subtypes": ["territory"]}
    elif kind == "state_permanent":
        card = {"types": ["artifact"]}
    else:
        card = {"types": ["instant"]}
    if keywords:
        card["keywords"] = keywords
    return card


def _obj(objects: list[dict], oid: str) -> dict:
    return next(o for o in objects if o["id"] == oid)


def _actions(board: Board, ids: dict, kinds: dict, with_pack: bool) -> list | None:
    acts = board.where("act")
    if not acts:
        return []
    act = acts[0][0]
    if act == "upkeep":
        return [{"advance": "upkeep"}, "resolve"]
    verb, *args = act
    name = lambda x: ids[x] if isinstance(x, int) else x[1] if isinstance(x, tuple) else x
    if verb == "damage":
        src, tgt, n = args
        spec = {"target": name(tgt), "amount": n}
        if src != "none":
            spec = {"source": name(src), **spec}
        return [{"deal_damage": spec}]
    if verb == "destroy":
        return [{"destroy": name(args[0])}]
    if verb == "cast":
        i = args[0]
        extra = ["resolve"] if kinds[i] == "territory" else []
        return [{"cast": {"card": ids[i], "without_paying_mana_cost": True}}, "resolve"] + extra
    if verb == "set_state":
        if not with_pack:
            return None
        state, duration = args
        spec = {"state": state}
        if duration == "temporary":
            spec["until"] = "end_of_turn"
        return [{"set_battlefield_state": spec}]
    if verb == "remove_counter":
        i, kind = args
        return [{"remove_counters": {"object": ids[i], "kind": kind, "amount": 1}}]
    return []


PACK_OBJECT_FIELDS = ("marked", "occupying")


def cr_alone(data: dict, base: list[str]) -> dict:
    """The same situation under the CR's packs: the fields only the pack knows (statuses,
    battlefield states) left out; {} when an action only the pack knows is needed."""
    import copy
    out = copy.deepcopy(data)
    out["rules"] = list(base)
    out.pop("battlefield_state", None)
    out.pop("readings", None)
    out.pop("expect", None)
    for obj in out.get("objects", []):
        for key in PACK_OBJECT_FIELDS:
            obj.pop(key, None)
    for card in out.get("cards", {}).values():
        card.pop("battlefield_state", None)
    if any(isinstance(a, dict) and "set_battlefield_state" in a for a in out.get("actions", [])):
        return {}
    return out


def describe(data: dict) -> str:
    """The situation in game words: its objects and its actions."""
    cards = data.get("cards", {})
    parts = []
    for obj in data.get("objects", []):
        card = cards.get(obj["card"], {})
        kws = [k if isinstance(k, str) else next(iter(k)) for k in card.get("keywords", [])]
        words = [f"{obj.get('controller') or obj.get('owner', 'alice')}'s"]
        if obj.get("tapped"):
            words.append("tapped")
        words.append("/".join(card.get("types", ["card"])))
        if obj.get("zone", "battlefield") != "battlefield":
            words.append(f"in {obj['zone']}")
        if kws:
            words.append("with " + " and ".join(kws))
        if obj.get("counters"):
            words.append("and " + ", ".join(f"a {k} counter" for k in obj["counters"]))
        parts.append(f"{obj['id']} is " + " ".join(words))
    acts = [_action_words(a) for a in data.get("actions", [])]
    turn = data.get("turn", {})
    text = "; ".join(parts) or "the board is empty"
    text += f" (in {turn.get('active', 'alice')}'s turn)"
    return text + (", then " + ", ".join(acts) if acts else "")


def _action_words(action) -> str:
    if isinstance(action, str):
        return action
    verb, args = next(iter(action.items()))
    if isinstance(args, dict):
        return verb.replace("_", " ") + " " + " ".join(f"{k} {v}" for k, v in args.items())
    return f"{verb.replace('_', ' ')} {args}"
