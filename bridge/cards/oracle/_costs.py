"""The spell-cost rules of the Oracle transformer (semantics.OracleTransformer): the items of "As
an additional cost to cast this spell, ..." (118.8, 601.2h): a sacrifice, a discard, exiling
cards from your graveyard."""
from __future__ import annotations

from .words import Unsupported


class CostRules:
    """Mixed into OracleTransformer: lark calls each method by its grammar rule's name."""

    def add_sacrifice(self, items):   # 118.8: "sacrifice a creature"
        return {"sacrifice": str(items[-1])}

    def add_sacrifice_either(self, items):   # "sacrifice an artifact or creature"
        kinds = [str(k) for k in items]
        if "permanent" in kinds or kinds[0] == kinds[1]:
            raise Unsupported(f"'sacrifice a {' or '.join(kinds)}' names no two card types")
        return {"sacrifice": kinds}

    def add_discard(self, items):   # 601.2h: "discard a card" (an X or "at random" is not read)
        if not isinstance(items[0], int):
            raise Unsupported("discarding X cards as a cost has no cost form (107.3)")
        return {"discard": items[0]}

    def add_exile_graveyard(self, items):   # 118.8: "exile a creature card from your graveyard"
        kind = str(items[1]) if len(items) == 3 else "card"
        if not isinstance(items[0], int) or kind == "permanent":
            raise Unsupported("exiling X cards or permanent cards as a cost has no cost form")
        return {"exile_from_graveyard": {"amount": items[0], **({"type": kind} if kind != "card" else {})}}
