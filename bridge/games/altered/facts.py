"""An Altered scenario -> clingo facts (Symbols only: no user text is ever parsed as ASP).
The vocabulary is that of rules_asp/altered/ (see docs/altered.md, "Facts")."""
from __future__ import annotations

from typing import Any

from clingo import Function, Number, String, Symbol

from .model import AlteredAction, AlteredCard, AlteredObject, AlteredScenario


def atom(name: str, *args: Any) -> Symbol:
    """A fact: str -> constant (ids, keywords), int -> number, Symbol as is. User text that is
    not an id (names) is passed as String by the caller."""
    return Function(name, [_term(a) for a in args])


def _term(value: Any) -> Symbol:
    if isinstance(value, Symbol):
        return value
    if isinstance(value, bool):
        return Function("yes" if value else "no")
    if isinstance(value, int):
        return Number(value)
    return Function(value)


def init(name: str, *args: Any) -> Symbol:
    return Function("init", [atom(name, *args)])


def scenario_facts(scen: AlteredScenario, timeline) -> list[Symbol]:
    """Every fact: the time points, players and the day, objects, and the actions' events."""
    out = list(timeline.facts())
    out += _players(scen)
    out += [atom("reading_selected", r) for r in scen.readings]
    for obj in scen.objects:
        out += _object(obj)
    for action, t in zip(scen.actions, timeline.event_times):
        out += _event(action, t)
    return out


def _players(scen: AlteredScenario) -> list[Symbol]:
    day = scen.day
    out = [init("phase", day.phase), init("day", day.number),
           init("first_player", day.first_player)]
    if day.turn is not None:
        out.append(init("turn_of", day.turn))
    out += [init("passed", p) for p in day.passed]
    for i, p in enumerate(scen.players, start=1):
        out += [atom("player", p), atom("seat", i, p), init("deck_size", p, scen.deck[p]),
                init("unknown_hand", p, scen.hand[p])]
        out += [init("expedition", p, e, n) for e, n in scen.expeditions[p].items()]
    return out


def _object(obj: AlteredObject) -> list[Symbol]:
    o = obj.id
    out = [atom("object", o), init("zone", o, obj.zone)]
    if obj.owner is not None:
        out.append(atom("owner", o, obj.owner))
    if obj.controller is not None:
        out.append(init("controller", o, obj.controller))
    for flag in ("exhausted", "face_down", "fleeting"):
        if getattr(obj, flag):
            out.append(init(flag, o))
    if obj.token:
        out.append(atom("token", o))
    if obj.region is not None:
        out.append(atom("region_card", o, obj.region))
    return out + _card(o, obj.card, obj.token)


def _card(o: str, card: AlteredCard, token: bool) -> list[Symbol]:
    out = []
    if card.type is not None:
        out.append(atom("type_line", o, card.type))
        if card.type == "emblem":
            out.append(atom("emblem", o))
    for s in card.subtypes:
        out.append(atom("token_subtype" if token else "line_subtype", o, s))
    if card.name is not None:
        out.append(atom("token_name" if token else "english_name", o, String(card.name)))
    if card.printed_name is not None:
        out.append(atom("printed_name", o, String(card.printed_name)))
    out += [atom("stat", o, s, n) for s, n in card.statistics.items()]
    out += [atom("cost", o, where, n) for where, n in card.cost.items()]
    if card.tough is not None:
        out.append(atom("tough", o, card.tough))
    out += [atom("target_type", o, ty) for ty in card.targets]
    if card.effect is not None:
        out += _effect_facts(o, 0, card.effect)
    for i, (trigger, effect) in enumerate(card.reactions, start=1):
        out += [atom("reaction", o, i, trigger)] + _effect_facts(o, i, effect)
    out += [atom("silences", o, t) for t in card.silences]
    if card.sets_terrain is not None:
        out.append(atom("sets_terrain", o, card.sets_terrain))
    return out


def _effect_facts(o: str, index: int, effect: Any) -> list[Symbol]:
    """effect(O,I,E), and effect_if(O,I,Condition) for a conditional draw."""
    if isinstance(effect, str):
        return [atom("effect", o, index, Function(effect))]
    if effect[0] == "stash":
        return [atom("effect", o, index, atom("stash", *effect[1:]))]
    out = [atom("effect", o, index, atom(effect[0], effect[1]))]
    if len(effect) == 3:
        out.append(atom("effect_if", o, index, atom(*effect[2])))
    return out


def _event(action: AlteredAction, t: int) -> list[Symbol]:
    args = action.args
    if action.verb == "next_phase":
        return [atom("event", t, Function("next_phase"))]
    if action.verb == "pass":
        return [atom("event", t, atom("pass", args["player"]))]
    out = [atom("event", t, atom("play", args["player"], args["card"]))]
    out += [atom("event_arg", t, "target", x) for x in args["targets"]]
    out += [atom("event_arg", t, "pay", x) for x in args["pay"]]
    if args["free"]:
        out.append(atom("event_arg", t, "free", "yes"))
    if "expedition" in args:
        out.append(atom("event_arg", t, "expedition", args["expedition"]))
    return out
