"""One-way matching of ground-ish patterns against rule heads (for "why not" answers).

A pattern is a tuple tree: ("f", name, args) for a function, ("c", Symbol) for a constant,
or None for anything. Matching a rule head binds its variables; the body atoms are then
instantiated with those bindings to give the next patterns.
"""
from __future__ import annotations

from clingo import Symbol, SymbolType, ast


def to_pattern(sym: Symbol):
    if sym.type == SymbolType.Function:
        return ("f", sym.name, [to_pattern(a) for a in sym.arguments])
    return ("c", sym)


def _from_term(term: ast.AST, binding: dict):
    kind = term.ast_type
    if kind == ast.ASTType.Variable:
        return binding.get(term.name)
    if kind == ast.ASTType.SymbolicTerm:
        return to_pattern(term.symbol)
    if kind == ast.ASTType.Function:
        return ("f", term.name, [_from_term(a, binding) for a in term.arguments])
    return None  # arithmetic, pools, intervals: anything


def _match(pattern, term: ast.AST, binding: dict) -> bool:
    if pattern is None:
        return True
    kind = term.ast_type
    if kind == ast.ASTType.Variable:
        if term.name == "_":
            return True
        bound = binding.get(term.name)
        if bound is not None and bound != pattern:
            return False
        binding[term.name] = pattern
        return True
    if kind == ast.ASTType.SymbolicTerm:
        return to_pattern(term.symbol) == pattern
    if kind == ast.ASTType.Pool:
        return any(_match(pattern, arg, dict(binding)) for arg in term.arguments)
    if kind == ast.ASTType.Function:
        if pattern[0] != "f" or pattern[1] != term.name or len(pattern[2]) != len(term.arguments):
            return False
        return all(_match(p, a, binding) for p, a in zip(pattern[2], term.arguments))
    return True


def _head_terms(rule: ast.AST) -> list[ast.AST]:
    head = rule.head
    if head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.SymbolicAtom:
        return [head.atom.symbol]
    out = []
    for element in getattr(head, "elements", []):
        literal = getattr(element, "literal", None)
        if literal is not None and literal.ast_type == ast.ASTType.Literal and \
                literal.atom.ast_type == ast.ASTType.SymbolicAtom:
            out.append(literal.atom.symbol)
    return out


def match_head(pattern, rule: ast.AST | None) -> dict | None:
    """Bindings under which the rule's head can produce the pattern, or None."""
    if rule is None or rule.ast_type != ast.ASTType.Rule:
        return None
    if isinstance(pattern, Symbol):
        pattern = to_pattern(pattern)
    for term in _head_terms(rule):
        if term.ast_type != ast.ASTType.Function:
            continue
        binding: dict = {}
        if _match(pattern, term, binding):
            return binding
    return None


def instantiate_body(rule: ast.AST, binding: dict) -> list:
    out = []
    for lit in rule.body:
        if (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                and lit.atom.ast_type == ast.ASTType.SymbolicAtom):
            out.append(_from_term(lit.atom.symbol, binding))
    return out


def constants(pattern) -> set:
    """The constants (ids, numbers, strings) that a pattern pins down."""
    if pattern is None:
        return set()
    if pattern[0] == "c":
        return {pattern[1]}
    found = set() if pattern[2] else {pattern[1]}
    for arg in pattern[2]:
        found |= constants(arg)
    return found
