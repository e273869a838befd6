"""The patterns of rule syntax the relevance analysis reads (bridge/relevance.py): each rule's
units, its needs (positive body atoms) and heads as abstract atoms, the #external atoms and the
#const names. This reads syntax trees, so it runs only when the relevance cache is cold (or for
a few extra rules, the probes of `why`); clingo.ast is loaded here, not by every command.
"""
from __future__ import annotations

from typing import Iterable

from clingo import SymbolType, ast

from .relevance import ANY, WILD, Pattern, symbol_pattern

T = ast.ASTType


def term_pattern(term: ast.AST, consts: frozenset[str]) -> str | None:
    """The pattern of a term of the syntax tree (WILD for anything not a plain value/functor)."""
    kind = term.ast_type
    if kind == T.SymbolicTerm:
        sym = term.symbol
        if sym.type == SymbolType.Function and not sym.arguments and sym.name in consts:
            return WILD                 # a #const name: its value is given elsewhere
        return symbol_pattern(sym)
    if kind == T.Function and not term.external:
        if not term.arguments:
            return WILD if term.name in consts else (f"c:{term.name}" if term.name else "f:/0")
        return f"f:{term.name}/{len(term.arguments)}"
    return WILD


def atom_pattern(atom: ast.AST, consts: frozenset[str]) -> Pattern | None:
    """The abstract atom of a SymbolicAtom's term, or None when it has no describable shape:
    (predicate, argument patterns, (position, name) of each argument that is a variable)."""
    term, sign = atom, ""
    if term.ast_type == T.UnaryOperation and term.operator_type == ast.UnaryOperator.Minus:
        term, sign = term.argument, "-"           # classical negation
    if term.ast_type == T.SymbolicTerm:
        sym = term.symbol
        if sym.type != SymbolType.Function:
            return None
        name = ("-" if not sym.positive else "") + sign + sym.name
        return (f"{name}/{len(sym.arguments)}", tuple(symbol_pattern(a) for a in sym.arguments),
                ())
    if term.ast_type == T.Function and not term.external:
        args = tuple(term_pattern(a, consts) for a in term.arguments)
        named = tuple((i, a.name) for i, a in enumerate(term.arguments)
                      if a.ast_type == T.Variable and a.name != "_")
        return (f"{sign}{term.name}/{len(args)}", args, named)
    return None


def _head_atoms(head: ast.AST) -> list[ast.AST] | None:
    """The atoms a rule head can make true (None: a head the analysis does not know)."""
    kind = head.ast_type
    if kind == T.Literal:
        if head.atom.ast_type == T.SymbolicAtom and head.sign == ast.Sign.NoSign:
            return [head.atom.symbol]
        return [] if head.atom.ast_type in (T.SymbolicAtom, T.BooleanConstant, T.Comparison) \
            else None
    if kind in (T.Aggregate, T.Disjunction):
        literals = [e.literal for e in head.elements]
    elif kind == T.HeadAggregate:
        literals = [e.condition.literal for e in head.elements]
    elif kind == T.TheoryAtom:
        return []                       # theory atoms are not symbolic atoms a body can need
    else:
        return None
    out = []
    for lit in literals:
        if lit.ast_type != T.Literal:
            return None
        if lit.atom.ast_type == T.SymbolicAtom and lit.sign == ast.Sign.NoSign:
            out.append(lit.atom.symbol)
    return out


def rule_units(stm: ast.AST, consts: frozenset[str] = frozenset()) -> list[list]:
    """The analysis units of a statement: [needs, heads] per rule after unpooling; heads is ANY
    when some head is not describable. A #minimize (or any non-rule) is one unit that needs
    nothing and derives nothing: always kept."""
    if stm.ast_type != T.Rule:
        return [[[], []]]
    units = []
    for rule in stm.unpool():
        needs, heads = [], []
        for lit in rule.body:
            if lit.ast_type == T.Literal and lit.sign == ast.Sign.NoSign \
                    and lit.atom.ast_type == T.SymbolicAtom:
                pattern = atom_pattern(lit.atom.symbol, consts)
                if pattern is not None:
                    needs.append(pattern)
        atoms = _head_atoms(rule.head)
        patterns = None if atoms is None else [atom_pattern(a, consts) for a in atoms]
        if patterns is None or any(p is None for p in patterns):
            heads = ANY
        else:
            heads = patterns
        units.append([needs, heads])
    return units


def statement_heads(statements: Iterable[ast.AST], consts: frozenset[str]) -> list | str:
    """The atoms non-rule statements make derivable: those of #external (whatever its
    condition); ANY for one the analysis can't describe."""
    out = []
    for stm in statements:
        if stm.ast_type == T.External:
            pattern = atom_pattern(stm.atom.symbol, consts) \
                if stm.atom.ast_type == T.SymbolicAtom else None
            if pattern is None:
                return ANY
            out.append(pattern)
    return out


def const_names(statements: Iterable[ast.AST]) -> frozenset[str]:
    return frozenset(stm.name for stm in statements if stm.ast_type == T.Definition)
