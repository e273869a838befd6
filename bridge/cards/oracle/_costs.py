"""The spell-cost rules of the Oracle transformer (semantics.OracleTransformer): the items of "As
an additional cost to cast this spell, ..." (118.8, 601.2h): a sacrifice, a discard, exiling
cards from your graveyard."""
from __future__ import annotations

from .subtypes import subtype_of
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

    # -- activation costs (118.3, 602.2b; 602.2b-sacrifice-discard-costs.lp), session 17
    def cost_sacrifice_a(self, items):   # "Sacrifice a creature: ..." (the source may pay it)
        return {"sacrifice": str(items[-1])}

    def cost_sacrifice_either(self, items):   # "Sacrifice an artifact or creature: ..."
        return self.add_sacrifice_either(items)

    def cost_sacrifice_another(self, items):   # "Sacrifice another creature: ..." (not the source)
        return {"sacrifice_another": str(items[-1])}

    def cost_sacrifice_subtype(self, items):   # "Sacrifice a Goblin: ..." (205.3)
        found = subtype_of(str(items[-1]))
        if found is None:
            raise Unsupported(f"'sacrifice a {items[-1]}' names no card type or subtype (205.3)")
        return {"sacrifice_subtype": found}

    def cost_discard(self, items):   # "Discard a card: ..." (from the hand; "at random" not read)
        return {"discard": self.add_discard(items)["discard"]}
