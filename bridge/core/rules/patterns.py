"""The patterns of rule syntax the relevance analysis reads (relevance.py): each rule's
units, its needs (positive body atoms) and heads as abstract atoms, the #external atoms and the
#const names. This reads syntax trees, so it runs only when the relevance cache is cold (or for
a few extra rules, the probes of `why`); clingo.ast is loaded here, not by every command.
"""
from __future__ import annotations

from typing import Iterable

from clingo import SymbolType, ast

from .abstract import ANY, DEPTH, WILD, Pattern, symbol_pattern

T = ast.ASTType


def term_pattern(term: ast.AST, consts: frozenset[str], depth: int = DEPTH) -> str | tuple | None:
    """The pattern of a term of the syntax tree (abstract.py: a constant, a function term's name
    with its arguments' patterns to `depth` levels, WILD for anything else)."""
    kind = term.ast_type
    if kind == T.SymbolicTerm:
        sym = term.symbol
        if sym.type == SymbolType.Function and not sym.arguments and sym.name in consts:
            return WILD                 # a #const name: its value is given elsewhere
        return symbol_pattern(sym, depth)
    if kind == T.Function and not term.external:
        if not term.arguments:
            return WILD if term.name in consts else (f"c:{term.name}" if term.name else ("/0",))
        key = f"{term.name}/{len(term.arguments)}"
        if depth <= 1:
            return (key, *(WILD for _ in term.arguments))
        return (key, *(term_pattern(a, consts, depth - 1) for a in term.arguments))
    return WILD


def _variables(term: ast.AST, path: tuple, depth: int, out: list) -> None:
    """(path, name) of each variable where term_pattern keeps a place for it."""
    kind = term.ast_type
    if kind == T.Variable:
        if term.name != "_":
            out.append((path, term.name))
    elif kind == T.Function and not term.external and term.arguments and depth > 1:
        for i, arg in enumerate(term.arguments):
            _variables(arg, (*path, i), depth - 1, out)


def atom_pattern(atom: ast.AST, consts: frozenset[str]) -> Pattern | None:
    """The abstract atom of a SymbolicAtom's term, or None when it has no describable shape:
    (predicate, argument patterns, (path, name) of each variable the patterns leave a place
    for: its argument's position, then its positions within function terms)."""
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
        named: list = []
        for i, arg in enumerate(term.arguments):
            _variables(arg, (i,), DEPTH, named)
        return (f"{sign}{term.name}/{len(args)}", args, tuple(named))
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
        rule = _bound(rule)
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


class _Substitute(ast.Transformer):
    """Each variable of `names` replaced by its term."""

    def __init__(self, names: dict[str, ast.AST]) -> None:
        self.names = names

    def visit_Variable(self, node: ast.AST) -> ast.AST:
        return self.names.get(node.name, node)


def _term_names(term: ast.AST) -> set[str]:
    found: set[str] = set()

    class Names(ast.Transformer):
        def visit_Variable(self, node: ast.AST) -> ast.AST:
            found.add(node.name)
            return node

    Names()(term)
    return found


def _bound(rule: ast.AST) -> ast.AST:
    """The rule with each variable that a body equation `V = t` binds to a function term, a
    constant or another variable written as `t`, for the patterns only: every instance of the
    rule has V equal to t, so `E = destroy(X)` makes a head `does(T,I,E)` a `destroy` effect,
    and `Term = draw(R,A)` makes `effect_now(..,Term)` need a draw (arithmetic is left alone:
    it would hide a variable some atom binds)."""
    names: dict[str, ast.AST] = {}
    for lit in rule.body:
        if lit.ast_type != T.Literal or lit.sign != ast.Sign.NoSign \
                or lit.atom.ast_type != T.Comparison or len(lit.atom.guards) != 1 \
                or lit.atom.guards[0].comparison != ast.ComparisonOperator.Equal:
            continue
        left, right = lit.atom.term, lit.atom.guards[0].term
        for var, term in ((left, right), (right, left)):
            if var.ast_type == T.Variable and var.name != "_" and var.name not in names \
                    and (term.ast_type in (T.SymbolicTerm, T.Variable)
                         or term.ast_type == T.Function and not term.external) \
                    and var.name not in _term_names(term):
                names[var.name] = term
                break
    if not names:
        return rule
    for _ in range(len(names)):         # chains: V = f(W), W = g(X)
        substitute = _Substitute(names)
        resolved = {v: substitute(t) for v, t in names.items()}
        if any(v in _term_names(t) for v, t in resolved.items()):
            break                       # a cycle (V = W, W = V): as written
        if resolved == names:
            break
        names = resolved
    return _Substitute(names)(rule)


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


# -- what a rule reads and derives (the backward, "needed" analysis: relevance.needed_rules) -----
class _Mentions(ast.Transformer):
    """The predicates of every symbolic atom under a node ("*" for one the analysis can't
    name); `negated`: some atom is classically negated."""

    def __init__(self, consts: frozenset[str]) -> None:
        self.consts, self.found, self.negated = consts, [], False

    def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:
        pattern = atom_pattern(node.symbol, self.consts)
        if pattern is None:
            self.found.append("*")
        else:
            self.found.append(pattern[0])
            if pattern[0].startswith("-"):
                self.negated = True
        return node


def _mentions(nodes: Iterable[ast.AST], consts: frozenset[str]) -> tuple[list[str], bool]:
    visit = _Mentions(consts)
    for node in nodes:
        visit(node)
    return visit.found, visit.negated


def _plain_head(head: ast.AST) -> tuple[list[ast.AST], list[ast.AST]] | None:
    """A head that can neither fail nor constrain: its atoms and the conditions it reads; None
    for any other (a constraint, `#false`, a comparison, `not a`, a choice with bounds, a
    #count/#sum head, a disjunction with conditions (empty, it is false), a theory atom)."""
    kind = head.ast_type
    if kind == T.Literal:
        if head.sign == ast.Sign.NoSign and head.atom.ast_type == T.SymbolicAtom:
            return [head.atom], []
        return None
    if kind == T.Aggregate:
        if head.left_guard is not None or head.right_guard is not None:
            return None
        atoms, conditions = [], []
        for element in head.elements:
            lit = element.literal
            if lit.ast_type != T.Literal or lit.sign != ast.Sign.NoSign \
                    or lit.atom.ast_type != T.SymbolicAtom:
                return None
            atoms.append(lit.atom)
            conditions += list(element.condition)
        return atoms, conditions
    if kind == T.Disjunction:
        atoms = []
        for element in head.elements:
            lit = element.literal
            if element.condition or lit.ast_type != T.Literal or lit.sign != ast.Sign.NoSign \
                    or lit.atom.ast_type != T.SymbolicAtom:
                return None
            atoms.append(lit.atom)
        return (atoms, []) if atoms else None
    return None


def rule_flow(stm: ast.AST, consts: frozenset[str] = frozenset()) -> list:
    """What a statement derives and reads, for the needed analysis: [fixed, heads, positive,
    other]. `fixed` (always kept): not a rule (#minimize, a weak constraint), a head that can
    fail or constrain (_plain_head), classical negation anywhere (`-p` brings the implicit
    constraint `:- p, -p`), an atom the analysis can't name. heads: the predicates it derives;
    positive: those of its plain positive body literals; other: every other predicate it
    mentions (negated literals, aggregates, conditions, head conditions). A predicate is
    "name/arity" ("-name/arity" classically negated); "*" stands for one not named."""
    if stm.ast_type != T.Rule:
        found, _ = _mentions([stm], consts)
        return [True, [], [], sorted(set(found))]
    fixed, heads, positive, other = False, set(), set(), set()
    for rule in stm.unpool():
        plain = _plain_head(rule.head)
        if plain is None:
            fixed = True
            found, negated = _mentions([rule.head], consts)
            other.update(found)
        else:
            atoms, conditions = plain
            found, negated = _mentions(atoms, consts)
            heads.update(found)
            more, negated_too = _mentions(conditions, consts)
            other.update(more)
            negated = negated or negated_too
        fixed = fixed or negated
        for lit in rule.body:
            if lit.ast_type == T.Literal and lit.sign == ast.Sign.NoSign \
                    and lit.atom.ast_type == T.SymbolicAtom:
                found, negated = _mentions([lit.atom], consts)
                positive.update(found)
            else:
                found, negated = _mentions([lit], consts)
                other.update(found)
            fixed = fixed or negated
    if "*" in heads or "*" in positive or "*" in other:
        fixed = True
    return [fixed, sorted(heads), sorted(positive), sorted(other)]


_READ_NOTHING = tuple(getattr(T, name) for name in ("Defined", "Definition", "Script", "Program",
                                                  "Comment") if hasattr(T, name))


def statement_reads(statements: Iterable[ast.AST], consts: frozenset[str]) -> list[str]:
    """The predicates the non-rule statements read: the signatures #show and #project name and
    every atom of their conditions, of #heuristic, #edge, and of an #external's condition (not
    its atom: declaring an atom open reads nothing). #defined and #const read nothing."""
    out: list[str] = []
    for stm in statements:
        kind = stm.ast_type
        if kind in (T.ShowSignature, T.ProjectSignature):
            if stm.name:
                out.append(f"{'' if stm.positive else '-'}{stm.name}/{stm.arity}")
        elif kind == T.External:
            out += _mentions(stm.body, consts)[0]
        elif kind in _READ_NOTHING:
            continue
        else:
            out += _mentions([stm], consts)[0]
    return sorted(set(out))
