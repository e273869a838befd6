"""The keyword-action rules of the Oracle transformer (semantics.OracleTransformer): the 701
verbs written alone or with a number, a target or the source ("Proliferate.", "Adapt 2.",
"Amass Orcs 1.", "Goad target creature.", "~ connives.", "The Ring tempts you."), each the
card form's effect of the same name (docs/abilities.md)."""
from __future__ import annotations

from typing import Any

from lark import Token

from .subtypes import subtype_of
from .words import BY_KEY, IT, Target, Unsupported


def _count(items: list, verb: str) -> int:
    """The N of "adapt N": a number (X and amounts read from the game have no form here)."""
    value = [i for i in items if not isinstance(i, Token)][-1]
    if not isinstance(value, int):
        raise Unsupported(f"{verb} X: an amount that is not a number has no {verb} form")
    return value


# the verbs written alone (701.34a, 701.36a, 701.62a, 701.54a, 701.56a, 701.61a; 701.40a and
# 701.58a of the top card of your library) and with a number, each the card form's effect
BARE_ACTIONS = {"proliferate": "proliferate", "populate": "populate", "manifest dread": "manifest_dread",
                "the ring tempts you": "ring_tempts", "time travel": "time_travel", "forage": "forage",
                "manifest the top card of your library": "manifest",
                "cloak the top card of your library": "cloak"}
NUMBERED_ACTIONS = ("adapt", "monstrosity", "bolster", "incubate", "discover")   # 701.46a, .37a, .39a, .53a, .57a


class ActionRules:
    """Mixed into OracleTransformer: lark calls each method by its grammar rule's name."""

    def bare_action(self, items):
        return [BARE_ACTIONS[str(items[0])]]

    def numbered_action(self, items):
        verb = str(items[0])
        return [{verb: {"amount": _count(items, verb)}}]

    def amass(self, items):        # 701.47a: "amass Orcs 2" (the subtype named in the plural)
        word = str(items[0])
        subtype = subtype_of(word)
        if subtype is None:
            raise Unsupported(f"amass {word}: {word!r} is not a creature type (205.3m)")
        return [{"amass": {"amount": _count(items, "amass"), "subtype": subtype}}]

    def target_action(self, items):   # 701.15a goad, 701.35a detain, 701.60a suspect a target
        return [{str(items[0]): items[-1]}]

    def suspect(self, _):          # 701.60a: "suspect it" (the source; after a target: refused)
        return [{"suspect": IT}]

    def subject_action(self, items):   # 701.63a "~ / it endures N", 701.50a/e "~ / it connives [N]"
        is_self = isinstance(items[0], Token) and items[0].type == "SELF"
        verb = next(str(i) for i in items if isinstance(i, Token) and i.type == "SUBJECT_ACTION")
        numbers = [i for i in items if not isinstance(i, Token)]
        if verb == "endures":      # the endure form is the source's: "it" must be bound to it
            if not numbers:
                raise Unsupported("'endures' without a number has no endure form")
            who: dict[str, Any] = {} if is_self else {BY_KEY: IT}
            return [{"endure": {**who, "amount": _count(items, "endure")}}]
        amount = numbers[0] if numbers else 1
        if not isinstance(amount, int):
            raise Unsupported("connive X: an amount that is not a number has no connive form")
        return [{"connive": {"object": "self" if is_self else IT, "amount": amount}}]

    def convert_self(self, items):  # 701.28a: "convert ~" / "convert it" (the source, bound later)
        return [{"convert": "self" if items else IT}]


# the actions that put a new object into the game: an "it" after one of them ("Manifest the top
# card of your library, then put two +1/+1 counters on it", Fierce Invocation) means that new
# object, which no reference of the card form names (it would be bound to the source or a target)
NEW_OBJECT_ACTIONS = ("manifest", "cloak", "manifest_dread", "incubate", "amass", "populate", "discover")
# the actions of this file read with "it": after a target ("Return target creature card from your
# graveyard to the battlefield. Suspect it.", It Doesn't Add Up) "it" is the card as it is now, a
# new object (400.7) the target reference does not follow: only the source is read as "it" here
IT_ACTIONS = ("suspect", "convert", "connive", "endure")


def _holds(value: Any, test: Any) -> bool:
    if test(value):
        return True
    if isinstance(value, dict):
        return any(_holds(v, test) for v in value.values())
    if isinstance(value, list):
        return any(_holds(v, test) for v in value)
    return False


def _is_it(value: Any) -> bool:
    return value is IT


def _is_target(value: Any) -> bool:
    return isinstance(value, Target)


def check_action_its(effects: list) -> None:
    """Refuse an "it" that follows an action making a new object, and an "it" of this file's
    actions that follows a target (the line is then not understood)."""
    made = targeted = False
    for effect in effects:
        name = effect if isinstance(effect, str) else next(iter(effect), None) if isinstance(effect, dict) else None
        if made and _holds(effect, _is_it):
            raise Unsupported("'it' after manifesting, cloaking or creating names the new object, "
                              "which the card form cannot name")
        if targeted and name in IT_ACTIONS and _holds(effect, _is_it):
            raise Unsupported(f"'{name} it' after a target: the object may be a new one (400.7), "
                              "which the target reference does not follow")
        made = made or name in NEW_OBJECT_ACTIONS
        targeted = targeted or _holds(effect, _is_target)
