"""The smallest set of a pack's statements that leaves a situation without any outcome.

Each pack statement is guarded by an assumption `rk_on(I)`; a solve under all assumptions
that is unsatisfiable yields a core (clingo), shrunk by deletion to a minimal one: removing
any statement of it lets the game go on."""
from __future__ import annotations

import clingo
from clingo import Function, Number, ast

from ...core.rules.rulebase import RuleBase
from ...core.solve.solve import FIRST_CHECKS, _add_facts, _Layout, scenario_facts
from ...games.mtg.scenario import Scenario

GUARD = "rk_on"


def _guarded(node: ast.AST, index: int) -> ast.AST:
    loc = node.location
    lit = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(
        ast.Function(loc, GUARD, [ast.SymbolicTerm(loc, Number(index))], 0)))
    return ast.Rule(loc, node.head, list(node.body) + [lit])


def minimal_conflict(scen: Scenario, rules: RuleBase, pack: str) -> list[int]:
    """Indices of a minimal set of `pack` statements that, with the others, admit no outcome
    (empty if the situation has an outcome, or is impossible without the pack too)."""
    mine = [r.index for r in rules.rules if r.pack == pack and r.node.ast_type == ast.ASTType.Rule]
    ctl = clingo.Control(["--models=1"], logger=lambda c, m: None)
    with ast.ProgramBuilder(ctl) as builder:
        for stm in rules.statements:
            builder.add(stm)
        for info in rules.rules:
            builder.add(_guarded(info.node, info.index) if info.index in set(mine) else info.node)
    ctl.add("base", [], f"{{ {GUARD}(I) : rk_pack(I) }}.")
    _add_facts(ctl, scen, scenario_facts(scen, _Layout(FIRST_CHECKS, False)), relax_choices=False)
    with ctl.backend() as backend:
        for i in mine:
            backend.add_rule([backend.add_atom(Function("rk_pack", [Number(i)]))])
    ctl.ground([("base", [])])

    def unsat(indices: list[int]) -> bool:
        on = set(indices)
        assumptions = [(Function(GUARD, [Number(i)]), i in on) for i in mine]
        return ctl.solve(assumptions=assumptions).unsatisfiable

    if not unsat(mine) or unsat([]):
        return []
    core = list(mine)
    for i in list(core):
        trial = [j for j in core if j != i]
        if unsat(trial):
            core = trial
    return core
