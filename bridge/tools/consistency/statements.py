"""What `consistency` reads off a pack's statements: which rules fired in an answer, the
constraints, constants, exception pairs, the pack's own outcome names and its readings."""
from __future__ import annotations

from clingo import ast

from ...core.rules.rulebase import RuleBase
from ...core.solve.answer import Answer
from . import findings as fx
from .vocabulary import REPLACEMENT_HOOKS, atoms


def fired_in(answer: Answer) -> set[int]:
    return fx.fired(answer)


def parse_ok(text: str) -> bool:
    return bool(text)


def is_constraint(node: ast.AST) -> bool:
    head = getattr(node, "head", None)
    return (node.ast_type == ast.ASTType.Rule and head.ast_type == ast.ASTType.Literal
            and head.atom.ast_type == ast.ASTType.BooleanConstant and not head.atom.value)


def on_described_state(node: ast.AST) -> bool:
    """A constraint on the scenario's described state only (every literal at time 0 or an
    `init/1` fact:
    `:- holds(0,occupying(C,R)), not creature(0,C).`): it says which boards are no situation of
    the game, like 110.5d, and forbids nothing the rules make happen."""
    if not is_constraint(node):
        return False
    found = [(name, args) for name, args, _ in atoms(node)]
    return bool(found) and all(name == "init" or (args and args[0].ast_type == ast.ASTType.SymbolicTerm
                                                  and str(args[0]) == "0") for name, args in found)


def constants(info) -> set[str]:
    from .vocabulary import constants
    return constants(info.node)[0]


def exception_pairs(rules: RuleBase, pack: str) -> list[tuple[str, str]]:
    """Pairs of replacement hooks that one statement reads as exceptions to its default
    (120.3e: `not damage_as_counters(T,S,X), not damage_marking_replaced(T,S,X)`)."""
    out = set()
    for info in rules.rules:
        if not any(n in REPLACEMENT_HOOKS for n, _ in info.bodies):
            continue
        negs = [(n, tuple(map(str, a))) for n, a, neg in atoms(info.node)
                if neg and n in REPLACEMENT_HOOKS]
        for i, (a, args_a) in enumerate(negs):
            for b, args_b in negs[i + 1:]:
                if args_a == args_b and a != b:
                    out.add(tuple(sorted((a, b))))
    return sorted(out)


def own_outcome_names(rules: RuleBase, pack: str) -> set[str]:
    """Outcome atoms only the pack reports (marked, battlefield_state...): not compared with the
    CR, which has no such thing."""
    out = set()
    for info in rules.rules:
        if info.pack == pack:
            for name, args, neg in atoms(info.node):
                if name == "state_atom" and len(args) == 2 and \
                        args[1].ast_type == ast.ASTType.Function:
                    out.add(args[1].name)
    return out


def readings(rules: RuleBase, pack: str) -> list[tuple[str, list[str], str]]:
    """The pack's recorded interpretations: reading_option(Topic,R) and reading_default(Topic,R)
    facts."""
    options: dict[str, list[str]] = {}
    defaults: dict[str, str] = {}
    for info in rules.rules:
        if info.pack != pack:
            continue
        for name, args, neg in atoms(info.node):
            if name in ("reading_option", "reading_default") and len(args) == 2 and not info.bodies:
                topic, option = str(args[0]), str(args[1])
                if name == "reading_option":
                    options.setdefault(topic, []).append(option)
                else:
                    defaults[topic] = option
    return [(t, sorted(set(o)), defaults.get(t, "")) for t, o in sorted(options.items())]
