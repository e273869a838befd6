"""Rules of the Oracle transformer (semantics.OracleTransformer) for permanents' templates added in
issue 31, session 15: activation restrictions after an activated ability's effect (602.5b,
602.5d). Each returns a piece the rule of grammar.lark that holds it reads."""
from __future__ import annotations

LIMIT = "limit"


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
