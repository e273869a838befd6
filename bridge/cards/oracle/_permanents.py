"""Rules of the Oracle transformer (semantics.OracleTransformer) for permanents' templates added in
issue 31, session 15: activation restrictions after an activated ability's effect (602.5b,
602.5d), the trigger event "you gain life" (119.9), "can't be blocked by more than N creatures"
(509.1b). Each returns a piece the rule of grammar.lark that holds it reads."""
from __future__ import annotations

LIMIT = "limit"
BLOCKER_NUMBERS = {"one": 1, "two": 2, "three": 3}


class PermanentRules:
    """Mixed into OracleTransformer: one method per rule of grammar.lark's session-15 block."""

    def limit_sorcery(self, _):
        # 602.5d "Activate only as a sorcery.": its controller's main phase, empty stack
        return (LIMIT, {"as_sorcery": True})

    def limit_once_each_turn(self, _):
        # 602.5b "Activate only once each turn."
        return (LIMIT, {"once_each_turn": True})

    def limit_sorcery_once(self, _):
        return (LIMIT, {"as_sorcery": True, "once_each_turn": True})

    def ev_you_gain_life(self, _):
        # 119.9 "whenever you gain life": each life gain event of the ability's controller
        return "you_gain_life"

    def max_blockers(self, items):
        # 509.1b: a declaration with more blockers for it is illegal (509.1b-max-blockers.lp)
        return ("static", {**items[0], "max_blockers": BLOCKER_NUMBERS[str(items[1]).split()[0]]})
