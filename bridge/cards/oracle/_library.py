"""The library rules of the Oracle transformer (semantics.OracleTransformer): "search your library
for ... , put it into your hand / onto the battlefield [tapped], then shuffle" (701.23, 701.24),
the card form's `search` and `shuffle` effects (bridge/games/mtg/library_effects.py)."""
from __future__ import annotations

from typing import Any

from .subtypes import subtype_of
from .words import COLOR_WORDS, NUMBER_WORDS, Unsupported

# the card types a searched card may be named by (205.2a; "a card" names none)
SEARCH_TYPES = ("creature", "artifact", "enchantment", "land", "planeswalker", "instant", "sorcery", "battle")
BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")


def search_filter(words: list[str]) -> dict[str, Any]:
    """"basic land" -> {supertypes: [basic], types: [land]}, "green creature", "Forest", "" (a
    card: no quality, 701.23d). One card type or one subtype, with "basic" (of lands only) and a
    colour before it; any other word ("with mana value X or less", "X or Y") is not understood."""
    out: dict[str, Any] = {}
    if not words:
        return out
    *before, noun = words
    if noun in SEARCH_TYPES:
        out["types"] = [noun]
    elif subtype_of(noun) is not None:
        out["subtypes"] = [subtype_of(noun)]
    else:
        raise Unsupported(f"searching for a {' '.join(words)} card has no search filter form")
    for word in before:
        if word == "basic" and (noun == "land" or out.get("subtypes", [""])[0] in BASIC_LAND_TYPES):
            out.setdefault("supertypes", []).append("basic")
        elif word in COLOR_WORDS:
            out.setdefault("colors", []).append(word)
        else:
            raise Unsupported(f"the word {word!r} of a searched card has no search filter form")
    return out


class LibraryRules:
    """Mixed into OracleTransformer: lark calls each method by its grammar rule's name."""

    def search_one(self, items):      # "a basic land card", "a card"
        return 1, search_filter([str(w) for w in items])

    def search_up_to(self, items):    # "up to two basic land cards": a stated quality only
        count, *words = (str(w) for w in items)
        found = search_filter(words)
        if not found:
            # 701.23d: with no quality the player must find that many, which "up to" denies
            raise Unsupported("'up to N cards' with no stated quality has no search form")
        return NUMBER_WORDS[count], found

    def search(self, items):
        """701.23a: the player searches their own library, puts the found cards where the text
        says; 701.24a "then shuffle" is the `shuffle` effect after it (701.24b: the found cards
        are not shuffled in). "Reveal it" is kept by no effect: a revealed card's identity is
        public information only, and the found card is already named on the board."""
        (amount, found), *rest = items
        dest = " ".join(str(t) for t in rest if str(t) not in ("it", "that card", "them", "those cards"))
        them = {str(t) for t in rest if str(t) in ("it", "that card", "them", "those cards")}
        if (amount == 1) != bool(them <= {"it", "that card"}):
            raise Unsupported("'it' / 'them' does not name the cards the search found")
        body: dict[str, Any] = {"player": "you", "amount": amount}
        if found:
            body["for"] = found
        body["to"] = "hand" if dest == "into your hand" else "battlefield"
        if dest.endswith("tapped"):
            body["tapped"] = True
        return [{"search": body}, {"shuffle": {"player": "you"}}]
