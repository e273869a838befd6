"""Values chosen as a permanent enters (614.12, 607.2d), issue 31 session 17: the transformer rules
of "As this enchantment enters, choose a creature type / a color." and of the linked abilities
that read "the chosen type / color" (a static filter, "add one mana of the chosen color"), and
the card-level check that binds each reader to a compiled choice of its kind on the same face."""
from __future__ import annotations

from typing import Any

from lark import Token

from .words import Unsupported

# what "the chosen <word>" needs the permanent to have chosen (replacement.py's CHOICES)
READS = {"type": "creature_type", "color": "color"}
CHOICE = {"color": "color", "creature type": "creature_type"}
UNBOUND = ("reads a value chosen as the permanent enters, and no line of this face compiled to that "
           "choice (607.2d: the linked ability would read nothing, 607.5a)")
TWO_CHOICES = "two 'as this enters, choose' abilities on one face: which one a reader is linked to is not told (607.2d)"


def _token(items: list, kind: str) -> str | None:
    found = [str(i) for i in items if isinstance(i, Token) and i.type == kind]
    return found[0] if found else None


class ChosenRules:
    """Mixed into OracleTransformer: one method per rule of grammar.lark's session-17 block."""

    def repl_choose(self, items):          # 614.12, 607.2d
        return ("replacement", {"choose": CHOICE[_token(items, "CHOICE_KIND") or ""]})

    def repl_tapped_choose(self, items):   # two replacement effects of one line (614.1c, 614.12)
        return ("several", [("replacement", {"enters_tapped": True}), self.repl_choose(items)])

    def chosen_anthem(self, items):        # 607.2d, 611.3a
        found = next(i for i in items if isinstance(i, dict))
        if found.get("types") != ["creature"] or set(found) - {"types", "controller", "other"}:
            raise Unsupported("a filter of the chosen type / color other than creatures (you control)")
        whose = _token(items, "CHOSEN_WHOSE")
        if whose and "controller" in found:
            raise Unsupported("two controllers in one filter")
        if whose:
            found = {**found, "controller": "you" if whose == "you control" else "opponent"}
        key = "subtypes" if _token(items, "CHOSEN_WHAT") == "type" else "colors"
        rest = [found | {key: ["chosen"]}] + [i for i in items if not isinstance(i, dict) and not (
            isinstance(i, Token) and i.type.startswith("CHOSEN_"))]
        if any(isinstance(i, Token) and i.type == "PT" for i in rest):
            return self.anthem(rest)
        return self.anthem_keywords(rest)

    def add_chosen_color(self, _):         # 605.1a, 607.2d
        return [{"add_mana": ["chosen"]}]

    def add_mana_or_chosen(self, items):
        fixed = self.add_mana(items)
        letters = [m for e in fixed for m in (e["add_mana"] if isinstance(e["add_mana"], list) else [e["add_mana"]])]
        if len(letters) != 1:
            raise Unsupported("several mana symbols beside the chosen colour have no add_mana form")
        return [{"add_mana": letters + ["chosen"]}]


def _reads(value: Any) -> set[str]:
    """The choice kinds a compiled piece reads ("chosen" as a subtype, a colour or a mana)."""
    if isinstance(value, dict):
        out = set()
        for key, inner in value.items():
            if key in ("subtypes", "colors", "add_mana") and isinstance(inner, list) and "chosen" in inner:
                out.add("creature_type" if key == "subtypes" else "color")
            out |= _reads(inner)
        return out
    if isinstance(value, list | tuple):
        return set().union(*(_reads(v) for v in value)) if value else set()
    return set()


def _choices(piece: Any) -> list[str]:
    kind, payload = piece
    pieces = payload if kind == "several" else [piece]
    return [p[1]["choose"] for p in pieces if p[0] == "replacement" and "choose" in p[1]]


def check_chosen(lines: list[Any]) -> None:
    """607.2d: a line reading "the chosen type / color" is linked to the face's "as this enters,
    choose ..." ability; it is understood only when that ability compiled, with the kind it reads
    (else it would read nothing, 607.5a, and an answer would silently leave it out). A face with two
    such choices is not read: which one a reader means is not told. `lines`: one face's LineResults."""
    compiled = [ln for ln in lines if ln.status == "compiled"]
    made = [k for ln in compiled for k in _choices(ln.piece)]
    for ln in compiled:
        if len(made) > 1 and (_choices(ln.piece) or _reads(ln.piece)):
            ln.status, ln.reason, ln.fragment, ln.piece = "not_understood", TWO_CHOICES, None, None
        elif _reads(ln.piece) - set(made):
            ln.status, ln.reason, ln.fragment, ln.piece = "not_understood", UNBOUND, None, None
