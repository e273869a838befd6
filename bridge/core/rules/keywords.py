"""Which keywords a rule base gives meaning to (issue 34): a keyword is known when some loaded
statement, the CR's, Almos's or a plug-in pack's, names it where the core's vocabulary holds
a keyword (`has(T,O,K)`, `keyword_in_effect(T,O,K)`, ...). `ask`, `legal` and `why` then do
not call a pack's own keyword "something the rule base does not know"."""
from __future__ import annotations

import re

from .rulebase import RuleBase, RuleInfo

# argument positions that hold a keyword in the core's vocabulary
KEYWORD_AT = {("has", 3): 2, ("keyword_in_effect", 3): 2, ("keyword_suppressed", 3): 2,
              ("keyword_granted", 3): 2, ("keyword_instance", 4): 3}


def keyword_rules(rules: RuleBase, name: str) -> tuple[str, ...]:
    """The rule numbers of the statements that name the keyword at a keyword position (empty
    when no loaded statement gives it meaning)."""
    word = re.compile(rf"(?<![\w\"]){re.escape(name)}(?![\w\"])")
    found = {info.rule for info in rules.rules
             if not info.is_model and word.search(info.text) and _names_keyword(info, name)}
    return tuple(sorted(found))


def _names_keyword(info: RuleInfo, name: str) -> bool:
    from clingo import ast
    hits: list[bool] = []

    class Visit(ast.Transformer):
        def visit_SymbolicAtom(self, node):
            atom = node.symbol
            if atom.ast_type == ast.ASTType.Function:
                where = KEYWORD_AT.get((atom.name, len(atom.arguments)))
                if where is not None and _is_named(atom.arguments[where], name):
                    hits.append(True)
            return node

    Visit()(info.node)
    return bool(hits)


def _is_named(term, name: str) -> bool:
    """`vigil` (a constant: a symbolic term) or `vigil(...)` (a keyword with a parameter)."""
    if hasattr(term, "symbol"):
        return str(term.symbol) == name
    return getattr(term, "name", None) == name
