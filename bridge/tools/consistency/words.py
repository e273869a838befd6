"""Findings in the game's own words (issue 34): what a rules editor would write ("1000.7c (mark:
...) and 702.90c (infect: ...) both say what happens to the damage o1 deals to o2, and
disagree"), not predicate names. The engine's atoms stay in a finding's details."""
from __future__ import annotations

from clingo import Symbol

from ...core.rules.rulebase import RuleBase

# what a single-valued outcome atom says: its thing (the key) and its value
THING = {"zone": ("where {0} is", "{1}"), "controller": ("who controls {0}", "{1}"),
         "power": ("{0}'s power", "{1}"), "toughness": ("{0}'s toughness", "{1}"),
         "life": ("{0}'s life total", "{1}"), "poison": ("{0}'s poison counters", "{1}"),
         "battlefield_state": ("the battlefield state", "{0}"),
         "counters": ("the number of {1} counters on {0}", "{2}"),
         "damage": ("the damage marked on {0}", "{1}"), "face": ("which face of {0} is up", "{1}"),
         "loyalty": ("{0}'s loyalty", "{1}"), "defense": ("{0}'s defense", "{1}"),
         "occupies": ("what {0} occupies", "{1}"), "occupied_by": ("what occupies {1}", "{0}")}
# the replacement hooks of docs/writing-rules.md: the event each one is about, and what it says
EVENT = {"damage_marking_replaced": ("the damage {1} deals to {2}", "it is not marked as damage"),
         "damage_as_counters": ("the damage {1} deals to {2}", "it becomes -1/-1 counters"),
         "damage_as_poison": ("the damage {1} deals to {2}", "it becomes poison counters"),
         "destruction_replaced": ("the destruction of {1}", "it is replaced"),
         "move_instead": ("where {1} goes", "it goes to {2} instead"),
         "keyword_suppressed": ("{1}'s {2}", "it has no effect"),
         "keyword_granted": ("{1}'s {2}", "it is granted")}


def _args(atom: Symbol) -> list[str]:
    return [a.string if a.type.name == "String" else str(a) for a in atom.arguments]


def thing(atom: Symbol) -> str:
    """The single-valued thing an outcome atom gives a value to ("b's toughness")."""
    form = THING.get(atom.name)
    return form[0].format(*_args(atom)) if form else str(atom)


def value(atom: Symbol) -> str:
    form = THING.get(atom.name)
    return form[1].format(*_args(atom)) if form else str(atom)


def event(atom: Symbol) -> tuple[str, str]:
    """(the event a replacement hook is about, what it says of it)."""
    form = EVENT.get(atom.name)
    if form is None:
        return str(atom), f"{atom.name.replace('_', ' ')} holds"
    return tuple(f.format(*_args(atom)) for f in form)      # type: ignore[return-value]


SENTENCE = {"zone": "{0} is in the {1}", "controller": "{1} controls {0}",
            "has": "{0} has {1}", "lost": "{0} loses the game"}
HAPPENED = {"destroyed": "{0} is destroyed", "died": "{0} dies", "cast": "{0} is cast"}


def outcome(atom: Symbol) -> str:
    """An outcome atom as a sentence part ("b's toughness is 3", "b dies")."""
    if atom.name in SENTENCE and len(atom.arguments) >= SENTENCE[atom.name].count("{"):
        return SENTENCE[atom.name].format(*_args(atom))
    if atom.name in THING:
        return f"{thing(atom)} is {value(atom)}"
    if atom.name == "happened" and len(atom.arguments) == 1:
        inner = atom.arguments[0]
        if inner.type.name == "Function" and inner.name in HAPPENED and inner.arguments:
            return HAPPENED[inner.name].format(*_args(inner))
    return str(atom)


def outcomes(atoms, limit: int = 4) -> str:
    """The atoms as a list of sentence parts, what a reader looks at first (the state of the
    game, then what happened) first; the engine's bookkeeping (a state-based action's
    number) left out when something else says it."""
    said = sorted(atoms, key=lambda a: (a.name not in SENTENCE and a.name not in THING,
                                        outcome(a) == str(a), str(a)))
    parts = [outcome(a) for a in said if not _bookkeeping(a)] or [outcome(a) for a in said]
    return ", ".join(parts[:limit]) or "nothing else"


def _bookkeeping(atom: Symbol) -> bool:
    return atom.name == "happened" and atom.arguments and \
        atom.arguments[0].type.name == "Function" and atom.arguments[0].name == "sba"


def rule(rules: RuleBase, number: str) -> str:
    """`1000.7c (damage from a source with mark ...)`: the number with its own summary."""
    summary = rules.summary(number)
    return f"{number} ({summary})" if summary else number


def rules_list(rules: RuleBase, numbers: list[str]) -> str:
    named = [rule(rules, n) for n in numbers]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
