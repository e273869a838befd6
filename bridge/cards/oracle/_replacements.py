"""Replacement-effect rules of the Oracle transformer (semantics.OracleTransformer): "enters
tapped" and its "unless" forms, "enters with counters" (614.1c), entering as a copy (Clone,
614.1c), "would die / be put into a graveyard, exile it instead" and damage doubling (614.1a),
prevention (615), counter doubling and adding (614.1a) and "skip" (614.1b). Each returns a
("replacement", form) piece (docs/replacement-effects.md)."""
from __future__ import annotations

from typing import Any

from lark import Token

from .subtypes import subtype_of
from .words import Unsupported


def _counter_affects(found: dict[str, Any]) -> dict[str, Any]:
    """A counter replacement's filter: the replacement form takes card types and a controller."""
    if set(found) - {"types", "controller"} or "controller" not in found:
        raise Unsupported("a counter replacement filter other than types and controller")
    return {"types": found.get("types", ["permanent"]), "controller": found["controller"]}


class ReplacementRules:
    """Mixed into OracleTransformer: one method per replacement rule of grammar.lark."""

    def repl_enters_tapped(self, _):
        return ("replacement", {"enters_tapped": True})

    def repl_filter_enters_tapped(self, items):
        found = items[0]
        if set(found) - {"types", "controller"}:
            raise Unsupported("an enters-tapped filter other than types and controller")
        return ("replacement", {"enters_tapped": True, "affects": found})

    def repl_tapped_unless_life(self, items):
        life = [i for i in items if not isinstance(i, Token)][-1]
        return ("replacement", {"enters_tapped": {"unless": {"pay_life": life}}})

    def repl_kicked_enters_with(self, items):   # 702.33e, 614.1c
        kind, body = self.repl_enters_with(items)
        return (kind, {**body, "if_kicked": True})

    def repl_tapped_unless_lands(self, items):   # 614.1c: fast lands, check lands
        amount = next(i for i in items if not isinstance(i, Token))
        kind = {"or fewer other lands": "lands_at_most", "or more other lands": "lands_at_least",
                "or more basic lands": "basic_lands_at_least"}[str(items[-1])]
        return ("replacement", {"enters_tapped": {"unless": {kind: amount}}})

    def repl_enters_with(self, items):
        amount = next(i for i in items if not isinstance(i, Token))   # x: the spell's X (107.3m)
        kind = str(next(i for i in items if isinstance(i, Token) and i.type == "COUNTER_KIND"))
        return ("replacement", {"enters_with": {kind: amount}})

    def repl_enter_as_copy(self, items):   # 614.1c: Clone
        found = [i for i in items if isinstance(i, dict)][0]
        if set(found) - {"types", "controller"} or found.get("controller", "any") == "opponent":
            raise Unsupported("an enter-as-a-copy choice other than of types and \"you control\"")
        return ("replacement", {"enters_as_copy": found})

    def repl_filter_enter_as_copy(self, items):   # 614.1c: Essence of the Wild
        found = [i for i in items if isinstance(i, dict)][0]
        if set(found) - {"types", "controller"}:
            raise Unsupported("an enter-as-a-copy filter other than types and controller")
        return ("replacement", {"enters_as_copy": "self", "affects": found})

    def repl_die_exile(self, _):
        return ("replacement", {"would": "die", "instead": "exile"})

    def repl_graveyard_exile(self, _):   # 614.1a: "from anywhere" (Rest in Peace's form, self)
        return ("replacement", {"would": "graveyard", "instead": "exile"})

    def repl_any_graveyard_exile(self, _):   # 614.1a: Rest in Peace
        return ("replacement", {"would": "graveyard", "instead": "exile", "affects": {"controller": "any"}})

    def repl_double_damage(self, items):   # 614.1a: Furnace of Rath, Gratuitous Violence
        source = {"a source": "any", "a source you control": "you",
                  "a creature you control": "your_creatures"}[str(items[0])]
        return ("replacement", {"damage": {"from": source, "to": "any"}, "double": True})

    def repl_prevent_to_self(self, items):
        combat = any(isinstance(t, Token) and t.type == "COMBAT" for t in items)
        return ("replacement", {"damage": {"to": "self", **({"combat": True} if combat else {})}, "prevent": "all"})

    def repl_tokens_double(self, items):   # 614.1a: "... it creates twice that many of those tokens instead"
        mine = any(isinstance(t, Token) and t.type == "UNDER_YOUR_CONTROL" for t in items)
        return ("replacement", {"tokens": {}, "double": True,
                                "affects": {"controller": "you" if mine else "any"}})

    def repl_effect_counters_double(self, items):   # Doubling Season's second line (614.1a)
        return ("replacement", {"counters": {"by": "effect"}, "double": True,
                                "affects": _counter_affects(items[0])})

    def repl_counters_mod(self, items):   # Hardened Scales, Corpsejack Menace (614.1a)
        kind, found, mod, kind2 = (i for i in items if not (isinstance(i, Token) and i.type == "COUNTERS"))
        if str(kind) != str(kind2):
            raise Unsupported("counters of one kind replaced by another kind have no form")
        op = {"double": True} if str(mod) == "twice that many" else \
            {"plus": {"that many plus one": 1, "that many plus two": 2}[str(mod)]}
        return ("replacement", {"counters": {"kind": str(kind)}, **op, "affects": _counter_affects(found)})

    def repl_skip(self, items):
        return ("replacement", {"skip": str(items[0])})

    # 614.1c, issue 31 session 16: the other "enters tapped unless" conditions of lands
    def repl_tapped_unless_opponents(self, items):
        amount = next(i for i in items if not isinstance(i, Token))
        return ("replacement", {"enters_tapped": {"unless": {"opponents_at_least": amount}}})

    def repl_tapped_unless_low_life(self, items):
        life = int(str(next(t for t in items if isinstance(t, Token) and t.type == "NUMBER")))
        return ("replacement", {"enters_tapped": {"unless": {"player_life_at_most": life}}})

    def repl_tapped_unless_subtype(self, items):
        words = [str(t) for t in items if isinstance(t, Token) and t.type == "UNLESS_SUBTYPE"]
        found = [subtype_of(w) for w in words]
        if None in found or len(set(found)) != len(found):
            raise Unsupported(f"'unless you control a {' or a '.join(words)}' names no subtypes (205.3)")
        return ("replacement", {"enters_tapped": {"unless": {"you_control_subtype": found}}})
