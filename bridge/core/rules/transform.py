"""Program transformations keyed by the rule annotations.

explain: every rule `H :- B.` also derives `rk_why(I, H, (B1,...,Bn))`, I the rule's index and
Bi its positive body atoms, so each answer carries, for every derived atom, the rule (and so
the rule number) and the atoms that made it hold.
diagnose: every integrity constraint `:- B.` becomes `rk_violated(I, (Vars)) :- B.` so that an
impossible situation can be explained by the constraints that would have to be broken.
"""
from __future__ import annotations

from clingo import Number, ast

from .names import ALLOW, VIOLATED, WHY
from .rulebase import RuleInfo


def _loc(node: ast.AST) -> ast.Location:
    return node.location


def _tuple(loc: ast.Location, terms: list[ast.AST]) -> ast.AST:
    return ast.Function(loc, "", terms, 0)


def _lit(loc: ast.Location, name: str, args: list[ast.AST]) -> ast.AST:
    return ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(loc, name, args, 0)))


def _positive_atoms(body: list[ast.AST]) -> list[ast.AST]:
    out = []
    for lit in body:
        if (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                and lit.atom.ast_type == ast.ASTType.SymbolicAtom):
            out.append(lit.atom.symbol)
    return out


def _variables(terms: list[ast.AST]) -> list[ast.AST]:
    found: dict[str, ast.AST] = {}

    class Collect(ast.Transformer):
        def visit_Variable(self, node):
            if node.name != "_":
                found.setdefault(node.name, node)
            return node

    for term in terms:
        Collect()(term)
    return list(found.values())


def _names(term: ast.AST) -> set[str]:
    """Every variable name in a term, `_` included."""
    found: set[str] = set()

    class Collect(ast.Transformer):
        def visit_Variable(self, node):
            found.add(node.name)
            return node

    Collect()(term)
    return found


def anonymous_renamer(prefix: str) -> ast.Transformer:
    """A transformer that gives each `_` it meets a fresh name (prefix1, prefix2, ... counted
    over all it transforms), so an atom with `_` can stand in a head."""

    class Rename(ast.Transformer):
        count = 0

        def visit_Variable(self, node):
            if node.name != "_":
                return node
            self.count += 1
            return ast.Variable(node.location, f"{prefix}{self.count}")

    return Rename()


def _name_anonymous(body: list[ast.AST], prefix: str = "RkAnon") -> list[ast.AST]:
    """Give each `_` of a positive body atom a name, so the atom can be copied into a head."""
    rename = anonymous_renamer(prefix)
    out = []
    for lit in body:
        if (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                and lit.atom.ast_type == ast.ASTType.SymbolicAtom):
            lit = rename(lit)
        out.append(lit)
    return out


def _is_constraint(rule: ast.AST) -> bool:
    head = rule.head
    return (head.ast_type == ast.ASTType.Literal
            and head.atom.ast_type == ast.ASTType.BooleanConstant and not head.atom.value)


def choice_heads(rules: list[RuleInfo]) -> set[tuple[str, int]]:
    """The predicates some choice rule (`{ a(X) : ... }`) can make hold: what players choose."""
    found: set[tuple[str, int]] = set()
    for info in rules:
        rule = info.node
        if rule is not None and rule.ast_type == ast.ASTType.Rule and \
                rule.head.ast_type != ast.ASTType.Literal:
            found |= set(info.heads)
    return found


def why_rules(info: RuleInfo, chosen: set[tuple[str, int]] = frozenset()) -> list[ast.AST]:
    """The explanation rules for one annotated rule; for a constraint that restricts a choice
    (its first positive atom is of a `chosen` predicate), its allow rules."""
    rule = info.node
    if rule is None or rule.ast_type != ast.ASTType.Rule:
        return []
    if _is_constraint(rule):
        return allow_rules(info, chosen)
    loc = _loc(rule)
    idx = ast.SymbolicTerm(loc, Number(info.index))
    head = rule.head
    body = _name_anonymous(list(rule.body))
    if head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.SymbolicAtom:
        support = _tuple(loc, _positive_atoms(body))
        return [ast.Rule(loc, _lit(loc, WHY, [idx, head.atom.symbol, support]), body)]
    out = []
    elements = getattr(head, "elements", [])
    for element in elements:
        literal = getattr(element, "literal", None)
        if literal is None or literal.ast_type != ast.ASTType.Literal or \
                literal.atom.ast_type != ast.ASTType.SymbolicAtom or literal.sign != ast.Sign.NoSign:
            continue
        # a `_` of the element's condition too (`{ a(X) : b(X,_) }`): copied into the head's
        # support tuple, an anonymous variable there would be unsafe
        condition = _name_anonymous(list(getattr(element, "condition", [])), "RkCond")
        support = _tuple(loc, _positive_atoms(body + condition))
        new_body = [literal] + condition + body
        out.append(ast.Rule(loc, _lit(loc, WHY, [idx, literal.atom.symbol, support]), new_body))
    return out


def allow_rules(info: RuleInfo, chosen: set[tuple[str, int]]) -> list[ast.AST]:
    """A constraint `:- P, ..., not N, ...` forbids P unless N holds. When P holds because N
    did, `rk_allow(I, P, N)` records it: N (and the rules behind it) made P possible. P is the
    constraint's first positive atom, the thing it restricts."""
    rule = info.node
    body = _name_anonymous(list(rule.body))
    positives = _positive_atoms(body)
    if not positives or positives[0].ast_type != ast.ASTType.Function or \
            (positives[0].name, len(positives[0].arguments)) not in chosen:
        return []
    loc = _loc(rule)
    idx = ast.SymbolicTerm(loc, Number(info.index))
    bound = {v.name for v in _variables(positives)}
    out = []
    for i, lit in enumerate(body):
        if not (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.Negation
                and lit.atom.ast_type == ast.ASTType.SymbolicAtom):
            continue
        if not _names(lit.atom) <= bound:     # `not p(X,_)`: no single atom to name
            continue
        held = ast.Literal(lit.location, ast.Sign.NoSign, lit.atom)
        new_body = body[:i] + [held] + body[i + 1:]
        head = _lit(loc, ALLOW, [idx, positives[0], lit.atom.symbol])
        out.append(ast.Rule(loc, head, new_body))
    return out


def relaxed_constraint(info: RuleInfo) -> ast.AST | None:
    """The constraint as a rule deriving rk_violated, or None if it is not a constraint."""
    rule = info.node
    if rule is None or rule.ast_type != ast.ASTType.Rule or not _is_constraint(rule):
        return None
    loc = _loc(rule)
    vars_ = _variables(_positive_atoms(list(rule.body)))
    head = _lit(loc, VIOLATED, [ast.SymbolicTerm(loc, Number(info.index)), _tuple(loc, vars_)])
    return ast.Rule(loc, head, list(rule.body))
