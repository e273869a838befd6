"""107.3i: "..., where X is <amount>": the X a sentence defines (not the spell's 107.3a X). The
where-clause's amount replaces every `amount: x` of that sentence's instructions; it is read as
the instructions are followed (608.2h)."""
from __future__ import annotations

import copy
from typing import Any

from .words import Unsupported


def _replace_x(node: Any, value: Any) -> int:
    """Put `value` in place of every `amount: x` inside `node` (in place); how many were put."""
    count = 0
    if isinstance(node, dict):
        for key, item in node.items():
            if key == "amount" and item == "x":
                node[key] = copy.deepcopy(value)
                count += 1
            else:
                count += _replace_x(item, value)
    elif isinstance(node, list):
        count = sum(_replace_x(item, value) for item in node)
    return count


class WhereXRules:
    def where_x(self, items):
        """107.3i: the X of this sentence's instructions is the amount the where-clause names."""
        effects, value = items
        if not _replace_x(effects, value):
            raise Unsupported("'where X is': no amount X in the sentence")
        return effects
