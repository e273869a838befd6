"""What must cross a settle point when a scenario is solved action by action (multishot.py),
found from the rules themselves, not guessed.

A predicate is *timed* when its first argument is a time point: the bridge's time facts
(time/1, step/1, event/2, ...), holds/2, and, to a fixpoint, every head whose first argument
is a variable some timed body atom binds as its time. Each rule then reads its timed body
atoms in one of three ways, relative to the time of its head:
- *local*: at the head's own time (nothing to carry: the next segment derives it again);
- *forward*: one step before the head (`holds(T+1,F) :- holds(T,F), step(T)`): the head's
  atoms at the settle point are carried;
- *history*: at another time (`T2 < T`, a fixed time 0, or a rule with no timed head that
  joins several times): every atom of the read predicate before the settle point is carried.
A read of `T+1` for a head at `T` is the result of step T, inside the segment that has step T.
A rule whose body lies two or more steps ahead of its head, or two or more behind it in the
same variable, is not handled (`lookahead`), nor a rule that reads time points themselves as
history: with either, the rule base is not solved action by action (CarryPlan.sound).
Timeless atoms the run makes are carried whole; see REVIEWED_NEGATED for the one way that
could go wrong. What the analysis cannot see (a forward predicate that also has rules at the
head's own time with a negated body) is checked by comparing answers: tests/test_multishot.py
and docs/performance.md, "Action by action (issue 11, session 5)".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from clingo import ast

from ..base import rulecache
from ..rules.program import rules_text
from ..rules.rulebase import RuleBase

Sig = tuple[str, int]
TIME_FACTS: frozenset[Sig] = frozenset({
    ("time", 1), ("step", 1), ("check", 1), ("settle_point", 1), ("action_start", 1),
    ("final", 1), ("event", 2), ("event_arg", 3), ("segment", 2), ("slot_plan", 2), ("slot_player", 3),
    ("slot_turn", 2), ("action_index", 2), ("time_name", 2), ("rest_point", 1)})

# Timeless atoms are carried as facts, so the next segment only adds to them. A rule that reads
# one with `not` at an earlier time would, in the whole program, see atoms only later segments
# make. These were checked by hand: each is a property of its arguments alone (an amount, an
# effect's layers, two effects' ops), made as soon as the arguments exist, so no later
# segment can add one that an earlier read missed. Any other makes the plan unsound.
REVIEWED_NEGATED: frozenset[Sig] = frozenset({
    ("no_damage_amount", 1),    # 120-damage.lp: N <= 0, for an amount dealt
    ("early_effect", 1),        # 613.1d: an effect's first layer
    ("depends_on", 2),          # 613.8: two effects' filters and ops
    ("effect_op", 2)})          # 613.1d: an effect's ops are all made together with the effect
                                # (611-continuous-effects.lp), and the one `not effect_op(E,..)`
                                # reads an E already bound by a positive effect_op(E,..)


@dataclass
class CarryPlan:
    """Which predicates are timed, and how each must be carried across a settle point."""

    timed: set[Sig] = field(default_factory=set)
    forward: set[Sig] = field(default_factory=set)     # carried at the settle point
    history: set[Sig] = field(default_factory=set)     # carried at every earlier time
    lookahead: list[str] = field(default_factory=list)  # rules that read a later time
    why: dict[Sig, list[str]] = field(default_factory=dict)   # where each history read is
    timeless: set[Sig] = field(default_factory=set)    # no time, but made by the run: carried
    negated: set[Sig] = field(default_factory=set)     # timeless ones some rule reads with `not`

    @property
    def sound(self) -> bool:
        """Whether a segment's state is fixed by its past alone (no rule reads ahead, and no
        time point before the segment has to be ground again)."""
        return not self.lookahead and not (self.negated - REVIEWED_NEGATED) and \
            not ({("time", 1), ("step", 1), ("check", 1)} & self.history)


def carry_plan(rules: RuleBase) -> CarryPlan:
    """The plan of a rule base, computed once per set of rule files (persistent cache, kind
    "carry": parsing the rules into syntax trees takes 0.3-0.6 s) and kept for the process."""
    cached = vars(rules).get("_carry_plan")
    if cached is not None and cached[0] is rules.rules:
        return cached[1]
    from ..rules.program import _whole
    key = _key(rules.cache_key) if _whole(rules) is rules.rules else None   # not a copy
    plan = _from_json(rulecache.load("carry", key)) if key else None
    if plan is None:
        plan = plan_of(rules_text(rules))
        if key:
            rulecache.store("carry", key, _to_json(plan))
    vars(rules)["_carry_plan"] = (rules.rules, plan)
    return plan


def _key(base_key: str) -> str:
    """The rule base's key and this module's code (the analysis is done here)."""
    code = Path(__file__).read_bytes()
    import hashlib
    return hashlib.sha256(f"{base_key}:carry:".encode() + code).hexdigest()[:32]


_SETS = ("timed", "forward", "history", "timeless", "negated")


def _to_json(plan: CarryPlan) -> dict:
    data: dict = {name: sorted(getattr(plan, name)) for name in _SETS}
    data["lookahead"] = list(plan.lookahead)
    data["why"] = [[list(sig), texts] for sig, texts in sorted(plan.why.items())]
    return data


def _from_json(data: object) -> CarryPlan | None:
    """The stored plan, or None when missing or malformed (then it is computed again)."""
    try:
        plan = CarryPlan(lookahead=[str(t) for t in data["lookahead"]],
                         why={(str(n), int(a)): list(t) for (n, a), t in data["why"]})
        for name in _SETS:
            setattr(plan, name, {(str(n), int(a)) for n, a in data[name]})
    except (TypeError, KeyError, ValueError):
        return None
    return plan


def plan_of(program: str) -> CarryPlan:
    """The plan of a program given as clingo text."""
    statements: list[ast.AST] = []
    ast.parse_string(program, statements.append)
    body_rules = [_Rule(s) for s in statements if s.ast_type == ast.ASTType.Rule]
    plan = CarryPlan(timed=_timed(body_rules))
    for rule in body_rules:
        _classify(rule, plan)
    plan.timeless = _dynamic(body_rules, plan.timed) - plan.timed - {("init", 1)}
    plan.negated = {sig for rule in body_rules for sig in rule.negated} & plan.timeless
    return plan


class _Rule:
    """A rule with its head and body atoms found once (the fixpoints visit them often)."""

    def __init__(self, node: ast.AST):
        self.node = node
        self.head = _atoms(node, body=False)
        self.body = _atoms(node, body=True)
        self.choice = node.head.ast_type != ast.ASTType.Literal
        self.negated = _negated(node)


def _negated(rule: ast.AST) -> set[Sig]:
    """Signatures the rule's body reads under `not` (in aggregates and conditions too)."""
    found: set[Sig] = set()

    class Visit(ast.Transformer):
        def visit_Literal(self, lit):
            atom = lit.atom
            if lit.sign != ast.Sign.NoSign and atom.ast_type == ast.ASTType.SymbolicAtom \
                    and atom.symbol.ast_type == ast.ASTType.Function:
                found.add((atom.symbol.name, len(atom.symbol.arguments)))
            return lit

        def visit_ConditionalLiteral(self, cond):
            self(cond.literal)
            for lit in cond.condition:
                self(lit)
            return cond

    for lit in rule.body:
        Visit()(lit)
    return found


def _timed(rules: list[_Rule]) -> set[Sig]:
    timed = set(TIME_FACTS) | {("holds", 2)}
    changed = True
    while changed:
        changed = False
        for rule in rules:
            time_vars = {t[0] for sig, t in rule.body if sig in timed and t and t[0]}
            for sig, t in rule.head:
                if sig not in timed and t is not None and t[0] in time_vars:
                    timed.add(sig)
                    changed = True
    return timed


def _dynamic(rules: list[_Rule], timed: set[Sig]) -> set[Sig]:
    """Predicates whose atoms may differ from one run to another: timed ones, heads of choice
    rules, and (to a fixpoint) heads of rules that read any of them."""
    dynamic = set(timed)
    for rule in rules:
        if rule.choice:
            dynamic.update(sig for sig, _ in rule.head)
    changed = True
    while changed:
        changed = False
        for rule in rules:
            if any(sig in dynamic for sig, _ in rule.body):
                new = {sig for sig, _ in rule.head} - dynamic
                if new:
                    dynamic |= new
                    changed = True
    return dynamic


def _classify(parsed: _Rule, plan: CarryPlan) -> None:
    rule = parsed.node
    heads = [(sig, t) for sig, t in parsed.head if sig in plan.timed]
    reads = [(sig, t) for sig, t in parsed.body if sig in plan.timed]
    groups: dict[str | None, list[tuple[Sig, tuple | None]]] = {}
    for sig, t in reads:
        groups.setdefault(None if t is None else t[0], []).append((sig, t))
    if None in groups and any(t is None for _, t in groups[None]):
        _history(plan, rule, groups.pop(None))     # a time term that is not V, V+c or n
    groups.pop(None, None)          # reads at a fixed time: only where that time is ground
    now = _now(heads, groups)
    for var, group in groups.items():
        if var != now:
            _history(plan, rule, group)
            continue
        base = heads[0][1][1] if heads and heads[0][1] and heads[0][1][0] == now else \
            max(t[1] for _, t in group)
        for sig, t in group:
            if base - t[1] == 1:
                plan.forward.update(h for h, _ in heads)
            elif base - t[1] < -1 or base - t[1] > 1:
                plan.lookahead.append(_where(rule))


def _now(heads: list, groups: dict) -> str | None:
    """The variable of the rule's present: its head's time, else the group that reads a bridge
    time fact (`final(Tf)`), else the only group (else none: every group is history)."""
    for _, t in heads:
        if t is not None and t[0] is not None:
            return t[0]
    marked = [v for v, g in groups.items() if any(sig in TIME_FACTS for sig, _ in g)]
    if len(marked) == 1:
        return marked[0]
    return next(iter(groups)) if len(groups) == 1 else None


def _history(plan: CarryPlan, rule: ast.AST, group: list) -> None:
    for sig, _ in group:
        plan.history.add(sig)
        plan.why.setdefault(sig, []).append(_where(rule))


def _where(rule: ast.AST) -> str:
    return str(rule)[:200]


def _atoms(rule: ast.AST, body: bool) -> list[tuple[Sig, tuple | None]]:
    """(signature, time term) of the head's or the body's symbolic atoms (the conditions of a
    choice or disjunctive head count as body); the time term of a first argument `V`, `V+c`,
    `V-c` is (V, c), of a number n (None, n), else None."""
    heads, reads = [], list(rule.body)
    head = rule.head
    if head.ast_type == ast.ASTType.Literal:
        heads.append(head)
    else:
        for elem in getattr(head, "elements", []):
            cond = elem.condition if head.ast_type == ast.ASTType.HeadAggregate else elem
            heads.append(cond.literal)
            reads += list(cond.condition)
    found: list[tuple[Sig, tuple | None]] = []

    class Visit(ast.Transformer):
        def visit_SymbolicAtom(self, atom):
            sym = atom.symbol
            if sym.ast_type == ast.ASTType.Function and not sym.external:
                args = list(sym.arguments)
                found.append(((sym.name, len(args)), _time_term(args[0]) if args else None))
            return atom

    for node in (reads if body else heads):
        Visit()(node)
    return found


def _time_term(term: ast.AST) -> tuple | None:
    kind = term.ast_type
    if kind == ast.ASTType.Variable:
        return (term.name, 0)
    if kind == ast.ASTType.SymbolicTerm and term.symbol.type.name == "Number":
        return (None, term.symbol.number)
    if kind == ast.ASTType.BinaryOperation and term.left.ast_type == ast.ASTType.Variable \
            and term.right.ast_type == ast.ASTType.SymbolicTerm \
            and term.right.symbol.type.name == "Number":
        op = term.operator_type
        if op == ast.BinaryOperator.Plus:
            return (term.left.name, term.right.symbol.number)
        if op == ast.BinaryOperator.Minus:
            return (term.left.name, -term.right.symbol.number)
    return None
