"""What an answer ignores: the Oracle lines of its cards that the compiler did not understand.

The one mechanism every command uses to say so before its answer (docs/cards.md, "What an
answer ignores"). A card compiled from Oracle text keeps the lines it did not understand in
its `not_understood` field (a face's own list on a two-faced card); this module turns them into
the notes a command prints at the top (text) and gives as `not_understood` (JSON):

    found = ignored_lines(cards)            # [IgnoredLine(card, line)], each once, in order
    lines = warning_lines(found)            # the text block, printed before the answer
    data = [i.as_json() for i in found]     # {"card": ..., "line": ...} each
    said = unjudged_atom(scen, atom)        # what an answer says of `illegal(cast(frog),R)`
                                            # instead of citing R, when frog's text was ignored

Any object with `name`, `not_understood` and `back` (the scenario's Card) can be passed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

HEADER = "WARNING: the answer may be wrong or incomplete; it leaves out:"


@dataclass(frozen=True)
class IgnoredLine:
    """One Oracle line of one card (face) that an answer leaves out."""
    card: str
    line: str

    def note(self) -> str:
        return f"card {self.card}: Oracle text not understood, so the answer ignores it: {self.line!r}"

    def as_json(self) -> dict[str, str]:
        return {"card": self.card, "line": self.line}


def card_ignored(card: Any) -> list[IgnoredLine]:
    """The ignored lines of one card, its front face's then its back face's."""
    out: list[IgnoredLine] = []
    for face in (card, getattr(card, "back", None)):
        if face is None:
            continue
        out += [IgnoredLine(str(face.name or ""), line)
                for line in getattr(face, "not_understood", None) or []]
    return out


def ignored_lines(cards: Iterable[Any]) -> list[IgnoredLine]:
    """The ignored lines of several cards, each once, in the order met."""
    return list(dict.fromkeys(line for card in cards if card is not None
                              for line in card_ignored(card)))


def scenario_cards(scen: Any) -> list[Any]:
    """The cards a scenario's answer is about: its objects' and its tokens'."""
    return [o.card for o in scen.objects] + [c for c in scen.tokens.values() if c]


def scenario_ignored(scen: Any) -> list[IgnoredLine]:
    return ignored_lines(scenario_cards(scen))


def notes(ignored: Iterable[IgnoredLine]) -> list[str]:
    return [line.note() for line in ignored]


def warning_lines(ignored: Iterable[IgnoredLine]) -> list[str]:
    """The block said before an answer that leaves lines out (nothing when none is)."""
    found = notes(ignored)
    return [HEADER] + [f"  ! {n}" for n in found] if found else []


def unjudged_atom(scen: Any, atom: Any) -> str | None:
    """What to say of an outcome `illegal(Action,Rule)` whose action is about an object whose
    card has ignored lines, instead of citing Rule: the rules judged that card without those
    lines, so the rule may have nothing to do with it ("cast(frog) is not allowed (601.2c)" for
    a Turn to Frog whose text was not understood). None for any other atom."""
    if scen is None or getattr(atom, "name", "") != "illegal" or not atom.arguments:
        return None
    action = atom.arguments[0]
    for arg in getattr(action, "arguments", None) or []:
        obj = scen.object(str(arg))
        if obj is not None and card_ignored(obj.card):
            return (f"the action {action} is not judged: {obj.id}'s card {obj.card.name} has "
                    "Oracle text that was not understood (see the warning above), so no rule is "
                    "cited for it")
    return None
