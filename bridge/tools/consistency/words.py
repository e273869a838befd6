"""Findings in the game's own words (issue 34): what a rules editor would write ("1000.7c (mark:
...) and 702.90c (infect: ...) both say what happens to the damage o1 deals to o2, and
disagree"), not predicate names. The engine's atoms stay in a finding's details."""
from __future__ import annotations

from clingo import Symbol

from ...core.rules.rulebase import RuleBase

# a single-valued outcome atom: what it decides (a clause), its value, and it as a sentence
ZONES = {"battlefield": "on the battlefield", "stack": "on the stack", "exile": "in exile",
         "hand": "in its owner's hand", "graveyard": "in a graveyard", "library": "in a library"}
THING = {"zone": ("where {0} is", "{1}", "{0} is {1}"),
         "controller": ("who controls {0}", "{1}", "{1} controls {0}"),
         "power": ("what {0}'s power is", "{1}", "{0}'s power is {1}"),
         "toughness": ("what {0}'s toughness is", "{1}", "{0}'s toughness is {1}"),
         "life": ("what {0}'s life total is", "{1}", "{0}'s life total is {1}"),
         "poison": ("how many poison counters {0} has", "{1}", "{0} has {1} poison counter(s)"),
         "battlefield_state": ("what the battlefield state is", "{0}", "the battlefield state is {0}"),
         "counters": ("how many {1} counters {0} has", "{2}", "{0} has {2} {1} counter(s)"),
         "damage": ("how much damage is marked on {0}", "{1}", "{0} has {1} damage marked"),
         "face": ("which face of {0} is up", "{1}", "{0} has its {1} face up"),
         "loyalty": ("what {0}'s loyalty is", "{1}", "{0}'s loyalty is {1}"),
         "defense": ("what {0}'s defense is", "{1}", "{0}'s defense is {1}"),
         "occupies": ("what {0} occupies", "{1}", "{0} occupies {1}"),
         "occupied_by": ("what occupies {1}", "{0}", "{0} occupies {1}")}
# the replacement hooks of docs/writing-rules.md: the event each one is about, and what it says
EVENT = {"damage_marking_replaced": ("the damage {1} deals to {2}", "it is not marked as damage"),
         "damage_as_counters": ("the damage {1} deals to {2}", "it becomes -1/-1 counters"),
         "damage_as_poison": ("the damage {1} deals to {2}", "it becomes poison counters"),
         "destruction_replaced": ("the destruction of {1}", "it is replaced"),
         "move_instead": ("where {1} goes", "it goes to {2} instead"),
         "keyword_suppressed": ("{1}'s {2}", "it has no effect"),
         "keyword_granted": ("{1}'s {2}", "it is granted")}


def _args(atom: Symbol) -> list[str]:
    out = [a.string if a.type.name == "String" else str(a) for a in atom.arguments]
    if atom.name == "zone" and len(out) == 2:
        out[1] = ZONES.get(out[1], f"in {out[1]}")
    return out


def thing(atom: Symbol) -> str:
    """What a single-valued outcome atom decides, as a clause ("what b's toughness is")."""
    form = THING.get(atom.name)
    return form[0].format(*_args(atom)) if form else f"what {atom.name} is"


def value(atom: Symbol) -> str:
    form = THING.get(atom.name)
    return form[1].format(*_args(atom)) if form else str(atom)


def event(atom: Symbol) -> tuple[str, str]:
    """(the event a replacement hook is about, what it says of it)."""
    form = EVENT.get(atom.name)
    if form is None:
        return str(atom), f"{atom.name.replace('_', ' ')} holds"
    return tuple(f.format(*_args(atom)) for f in form)      # type: ignore[return-value]


SENTENCE = {"has": "{0} has {1}", "lost": "{0} loses the game"}
HAPPENED = {"destroyed": "{0} is destroyed", "died": "{0} dies", "cast": "{0} is cast"}


def outcome(atom: Symbol) -> str:
    """An outcome atom as a sentence part ("b's toughness is 3", "b dies")."""
    if atom.name in SENTENCE and len(atom.arguments) >= SENTENCE[atom.name].count("{"):
        return SENTENCE[atom.name].format(*_args(atom))
    if atom.name in THING and len(atom.arguments) >= THING[atom.name][2].count("{"):
        return THING[atom.name][2].format(*_args(atom))
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
