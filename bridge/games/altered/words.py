"""Altered outcome atoms in English, for the ruling of `ask`."""
from __future__ import annotations

from clingo import Symbol

ZONE_WORDS = {"hand": "hand", "reserve": "Reserve", "discard": "Discard pile",
              "mana": "Mana zone", "landmark": "Landmark zone",
              "hero_expedition": "hero expedition", "companion_expedition": "companion expedition",
              "hero": "Hero zone", "adventure": "Adventure", "limbo": "Limbo"}

TYPE_WORDS = {"character": "Character", "emblem": "Emblem", "hero": "Hero",
              "permanent": "Permanent", "region": "Region", "spell": "Spell",
              "mana_orb": "Mana Orb"}

# name/arity -> a sentence with {0}, {1}, ... for the arguments
SENTENCES = {
    ("zone", 2): "{0} is in the {1}",
    ("controller", 2): "{1} controls {0}",
    ("owner", 2): "{1} owns {0}",
    ("ceased", 1): "{0} has ceased to exist",
    ("exhausted", 1): "{0} is exhausted",
    ("face", 2): "{0} is face {1}",
    ("type", 2): "{0} is a {1}",
    ("subtype", 2): "{0} has the sub-type {1}",
    ("name", 2): "{0} is named {1}",
    ("phase", 1): "the day is in its {0} phase",
    ("day", 1): "it is day {0}",
    ("first_player", 1): "{0} is the first player",
    ("turn", 1): "it is {0}'s turn",
    ("passed", 1): "{0} has passed for the day",
    ("mana", 2): "{0} has {1} ready Mana Orb(s)",
    ("deck_size", 2): "{0} has {1} card(s) in their deck",
    ("hand_size", 2): "{0} has {1} card(s) in hand",
    ("fleeting", 1): "{0} is Fleeting",
    ("expedition", 3): "{0}'s {1} expedition is at position {2}",
    ("expedition_stat", 4): "{0}'s {1} expedition totals {3} {2}",
    ("tough", 2): "{0} has Tough {1}",
}
HAPPENED = {
    ("played", 1): "{0} was played",
    ("revealed", 1): "{0} was revealed",
    ("passed", 1): "{0} passed",
    ("phase_began", 1): "the {0} phase began",
    ("daily_effect", 1): "the daily effect {0} happened",
    ("drew", 2): "{0} drew {1} card(s)",
    ("expanded", 2): "{0} put {1} in their Mana zone",
    ("discarded", 1): "{0} was discarded",
    ("activated", 2): "reaction {1} of {0} was activated",
    ("reaction_resolved", 1): "the Emblem-Reaction {0} was played and resolved",
}


def sentence(atom: Symbol) -> str:
    """One outcome atom in words (the atom itself when it has no sentence)."""
    key = (atom.name, len(atom.arguments))
    if atom.name == "happened" and len(atom.arguments) == 1:
        inner = atom.arguments[0]
        form = HAPPENED.get((inner.name, len(inner.arguments)))
        return form.format(*map(_word, inner.arguments)) if form else f"{inner} happened"
    if atom.name == "illegal" and len(atom.arguments) == 2:
        return f"{_refused(atom.arguments[0])} (rule {_word(atom.arguments[1])})"
    form = SENTENCES.get(key)
    words = [_word(a) for a in atom.arguments]
    if key == ("zone", 2):
        words[1] = ZONE_WORDS.get(words[1], words[1])
    if key == ("type", 2):
        words[1] = TYPE_WORDS.get(words[1], words[1])
    return form.format(*words) if form else str(atom)


def _refused(action: Symbol) -> str:
    """A refused action in words."""
    args = [_word(a) for a in action.arguments]
    if action.name == "play" and len(args) == 2:
        return f"{args[0]} cannot play {args[1]}"
    if action.name == "pass" and len(args) == 1:
        return f"{args[0]} cannot pass now"
    if action.name == "next_phase":
        return "the phase cannot end yet"
    return f"{action} cannot be done"


def _word(sym: Symbol) -> str:
    return sym.string if sym.type.name == "String" else str(sym)
