"""The bounded search inside the solver: one ground program holds the pack's rules, the CR's,
and every board and action sequence of a `Space` as choices; each target (a statement fires, a
constraint forbids, a choice has nothing to choose) is one solve under assumptions, time-boxed,
minimising the board. Exhausted means proved: the target cannot happen within the bounds."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import clingo
from clingo import Function, Number, Symbol, ast

from ...core.rules import relevance
from ...core.rules.rulebase import RuleBase, RuleInfo
from ...core.solve.solve import _Layout, scenario_facts
from .space import EVENT_FACTS, INSTANCE_FACTS, Space, clean, scenario_of
from .statements import on_described_state

CHECKS = 3
IMPROVE = 2.0       # after a first board: this many times its CPU time for a smaller one
IMPROVE_MIN = 2.0   # ... and at least this many seconds of CPU
POLL = 0.25         # seconds between looks at a target's time box
GOAL, VIOL, SHORT, VAL, PAIR = "rk_goal", "rk_viol", "rk_short", "rk_val", "rk_pair"
# hooks that give one thing one value (its key: argument positions): two pack statements
# deriving one with different values on one board leave the game with two values at once
# features giving an object a status, which only a permanent has (110.5d; the pack's too)
STATUS_FEATURES = {"tapped", "marked", "occupying"}
SINGLE_HOOKS = {("move_instead", 3): (0, 1), ("enters_under", 3): (0, 1)}


def tool_program() -> str:
    """The search's own ASP program (choices of features, their limits, the minimised board)."""
    from ....rules_asp import RULES_DIR
    return (RULES_DIR / "tools" / "search.lp").read_text(encoding="utf-8")


@dataclass
class Result:
    target: str                     # "fires" / "forbids" / "nothing_to_choose"
    index: int
    status: str                     # found / none (exhausted) / gave_up
    board: list[Symbol] = field(default_factory=list)
    seconds: float = 0.0
    optimal: bool = False
    fresh: bool = True              # searched on a solver that had searched no target before


@dataclass
class Target:
    kind: str                       # fires / forbids / nothing_to_choose / two_at_once
    info: RuleInfo
    other: RuleInfo | None = None   # two_at_once: the second statement

    @property
    def key(self) -> tuple:
        return (self.kind, self.info.index) + ((self.other.index,) if self.other else ())


class Search:
    """The ground program of one pack within one space; `run(target, seconds)` per target."""

    def __init__(self, rules: RuleBase, pack: str, space: Space, library):
        self.rules, self.pack, self.space = rules, pack, space
        self.mine = [r for r in rules.rules if r.pack == pack]
        self.targets: list[Target] = []
        self.deadline = float("inf")    # the run's end (time.monotonic()): no search past it
        self.ctl = self._ground(library)

    # -- the program ---------------------------------------------------------------------------
    def _facts(self, library) -> tuple[set[Symbol], dict[Symbol, tuple[set, set]]]:
        memo: dict[tuple, set[Symbol]] = {}
        feats = self.space.by_name()
        layout = _Layout(CHECKS, False)

        def facts_of(names: tuple) -> set[Symbol]:
            if names not in memo:
                data = __import__("copy").deepcopy(self.space.base)
                for n in names:
                    feats[n].edit(data)
                memo[names] = _fix_instances(set(scenario_facts(scenario_of(clean(data), library), layout)),
                                             self.space.kw_index)
            return memo[names]

        def closure(name: Symbol) -> tuple:
            out: list[Symbol] = []

            def visit(n: Symbol) -> None:
                for r in feats[n].requires:
                    visit(r)
                if n not in out:
                    out.append(n)
            visit(name)
            return tuple(out)

        base = facts_of(())
        filler = {f for f in base if f.name in EVENT_FACTS}
        diffs = {}
        for f in self.space.features:
            full = closure(f.name)
            before, after = facts_of(full[:-1]), facts_of(full)
            diffs[f.name] = (after - before - filler, before - after - filler)
        return base - filler, diffs

    def _ground(self, library) -> clingo.Control:
        base, diffs = self._facts(library)
        every = set(base).union(*(a for a, _ in diffs.values()))
        live = relevance.live_rules(self.rules, every)
        own = {r.index for r in self.mine}
        ctl = clingo.Control(["--opt-mode=opt", "--heuristic=Domain", "--opt-strategy=bb"],
                             logger=lambda c, m: None)
        keep = None if live is None else {i for i in live if i not in own}
        others = [r for r in self.rules.rules if r.index not in own and (keep is None or r.index in keep)]
        ctl.add("base", [], "\n".join(self.rules.statement_texts + [r.text for r in others]))
        ctl.add("base", [], tool_program())
        with ast.ProgramBuilder(ctl) as b:
            for info in self.mine:
                for stm in self._pack_statement(info):
                    b.add(stm)
        self._pair_targets()
        with ctl.backend() as be:
            self._feature_facts(be, base, diffs)
        ctl.ground([("base", [])])
        # clasp prepares the program at the first solve: do it here, once, with an assumption
        # that fails at once (a solve that finds a model would leave its state to every target)
        ctl.solve(assumptions=[(Function(GOAL, [Number(-1)]), True)])
        return ctl

    def _pack_statement(self, info: RuleInfo) -> list[ast.AST]:
        """The pack's statement as the search needs it: a constraint becomes rk_viol(I) (held
        false by an assumption, except when it is the target); a choice that must choose
        something keeps its upper bound, and rk_short(I) says it had nothing to choose; every
        statement with a body gets rk_goal(I) :- body."""
        node = info.node
        if node.ast_type != ast.ASTType.Rule:
            return [node]
        loc = node.location
        body = list(node.body)
        idx = ast.SymbolicTerm(loc, Number(info.index))
        out = []
        if body:
            out.append(ast.Rule(loc, _lit(loc, GOAL, [idx]), body))
        head = node.head
        if on_described_state(node):    # which boards are none of the game's: always kept
            return [node]
        if _is_constraint(node):
            self.targets.append(Target("forbids", info))
            out.append(ast.Rule(loc, _lit(loc, VIOL, [idx]), body))
            return out
        if head.ast_type == ast.ASTType.Aggregate and head.left_guard is not None and \
                _guard_value(head.left_guard) >= 1:
            # nothing to choose: the body holds and no element's condition does (no candidate);
            # where there is one the choice keeps its lower bound, as in the engine. (Saying
            # "none was chosen" instead let the solver leave out a candidate: a board with one
            # to choose, which the engine solves without a conflict; whether the search gave
            # that board or a real one depended on the solver's state, so on the order targets
            # were searched in: tinker's 3009.1 on a used solver.)
            self.targets.append(Target("nothing_to_choose", info))
            key = ast.Function(loc, "", [ast.Variable(loc, v) for v in _body_variables(body)], 0)
            have = _lit(loc, f"{SHORT}_have", [idx, key])
            out.append(ast.Rule(loc, head, body + [have]))
            for el in head.elements:
                out.append(ast.Rule(loc, have, body + list(el.condition)))
            out.append(ast.Rule(loc, _lit(loc, SHORT, [idx]),
                                body + [ast.Literal(loc, ast.Sign.Negation, have.atom)]))
            if body:
                self.targets.append(Target("fires", info))
            return out
        if body:
            self.targets.append(Target("fires", info))
            out += _value_rule(node, idx)
        out.append(node)
        return out

    def _pair_targets(self) -> None:
        """Two pack statements deriving one single-valued hook (SINGLE_HOOKS): a target where
        both hold for one key with different values (two "instead"s for one destroyed creature)."""
        by_hook: dict[tuple, list[RuleInfo]] = {}
        for info in self.mine:
            for sig in info.heads:
                if sig in SINGLE_HOOKS and info.node.body:
                    by_hook.setdefault(sig, []).append(info)
        for infos in by_hook.values():
            for n, a in enumerate(infos):
                for b in infos[n + 1:]:
                    self.targets.append(Target("two_at_once", a, b))

    def _feature_facts(self, be, base: set[Symbol], diffs: dict) -> None:
        def atom(sym: Symbol) -> int:
            return be.add_atom(sym)
        feats = self.space.features
        removers: dict[Symbol, list[Symbol]] = {}
        adders: dict[Symbol, list[Symbol]] = {}
        for f in feats:
            name = f.name
            be.add_rule([atom(Function("feature", [name]))])
            be.add_rule([atom(Function("weight", [name, Number(f.weight)]))])
            for r in f.requires:
                be.add_rule([atom(Function("requires", [name, r]))])
            if f.group:
                g = Function(f.group)
                be.add_rule([atom(Function("group", [g]))])
                be.add_rule([atom(Function("in_group", [name, g]))])
            if name.name == "kw":
                be.add_rule([atom(Function("keyword_of", [name, name.arguments[0]]))])
                be.add_rule([atom(Function("slot_object", [name.arguments[0]]))])
            if name.name == "act":
                slot = name.arguments[0]
                be.add_rule([atom(Function("slot_of", [name, slot]))])
            if name.name == "kind" and ("kind", "spell") in f.tags:      # a card in hand
                be.add_rule([atom(Function("off_battlefield", [name, name.arguments[0]]))])
            if name.name in STATUS_FEATURES:
                be.add_rule([atom(Function("status_on", [name, name.arguments[0]]))])
            added, removed = diffs[name]
            for fact in added:
                adders.setdefault(fact, []).append(name)
            for fact in removed:
                removers.setdefault(fact, []).append(name)
        for fact in base:
            be.add_rule([atom(fact)], [-atom(Function("sel", [n])) for n in removers.get(fact, ())])
        for fact, names in adders.items():
            unless = [-atom(Function("sel", [n])) for n in removers.get(fact, ()) if n not in names]
            for n in names:
                be.add_rule([atom(fact)], [atom(Function("sel", [n]))] + unless)
        # an empty action slot is a check step; a resolve needs something on the stack
        for slot, t in enumerate(self._slot_times(base), start=1):
            be.add_rule([atom(Function("check", [Number(t)]))], [-atom(Function("busy", [Number(slot)]))])
            be.add_rule([atom(Function("needs_stack", [Function("act", [Number(slot), Function("resolve")]),
                                                       Number(t)]))])

    def _slot_times(self, base: set[Symbol]) -> list[int]:
        starts = sorted(f.arguments[0].number for f in base if f.name == "action_start")
        return starts[: self.space.bounds.actions]

    # -- one target ------------------------------------------------------------------------------
    def run(self, target: Target, seconds: float) -> Result:
        i = target.info.index
        # every other constraint holds and every other choice has something to choose (also
        # the target's own choice when the target is that it fires)
        assume = [(Function(VIOL, [Number(t.info.index)]), t.key == target.key)
                  for t in self.targets if t.kind == "forbids"]
        assume += [(Function(SHORT, [Number(t.info.index)]), t.key == target.key)
                   for t in self.targets if t.kind == "nothing_to_choose"]
        if target.kind in ("fires", "forbids"):
            assume.append((Function(GOAL, [Number(i)]), True))
        if target.other is not None:
            assume.append((Function(PAIR, [Number(i), Number(target.other.index)]), True))
        start = time.process_time()
        best, optimal, done, unsat = self._solve(assume, seconds)
        spent = time.process_time() - start
        if best:
            return Result(target.kind, i, "found", best, spent, optimal)
        if done and unsat:
            return Result(target.kind, i, "none", [], spent)
        return Result(target.kind, i, "gave_up", [], spent)

    def _solve(self, assume: list, seconds: float) -> tuple[list[Symbol], bool, bool, bool]:
        """(the best board, proved smallest, search finished, unsatisfiable) within `seconds` of
        CPU time (this process's: clasp solves in a thread of it), so that a loaded machine
        neither cuts a search short nor changes its result; the run's end (`deadline`) bounds
        the wall time. Two phases. First any board, with clasp's own VSIDS heuristic and no optimisation: the
        domain heuristic that prefers small boards (search.lp) makes a board needing two actions
        and a few features a search of minutes, and the minimisation slows the first model too
        (Almos's 1000.2f and 1000.6a: no board in 20 s of CPU with them, a board in 3-8 s
        without; exhausting an unsatisfiable target is as fast). Then, once a board is found, a
        smaller one with the domain heuristic and the minimisation, given IMPROVE times the CPU
        time the first took (at least IMPROVE_MIN seconds): a board is what the target needs,
        the smallest a nicer witness, not worth the whole time box."""
        cpu0 = time.process_time()
        with _configured(self.ctl, "Vsids", "ignore"):
            first, done, unsat, _ = self._phase(assume, seconds, False)
        if not first:
            return [], False, done, unsat
        used = time.process_time() - cpu0
        box = min(seconds - used, max(IMPROVE_MIN, IMPROVE * used))
        better, finished, _, optimal = self._phase(assume, box, True)
        if better and self._weight(better) <= self._weight(first):
            return better, optimal or finished, True, False
        return first, False, True, False

    def _phase(self, assume: list, seconds: float, improve: bool
               ) -> tuple[list[Symbol], bool, bool, bool]:
        """One solve: (the last board, finished, unsatisfiable, proved optimal), within `seconds`
        of this process's CPU time and the run's deadline; unless it is to `improve`, the first
        board ends it."""
        best: list[Symbol] = []
        optimal = [False]
        cpu0 = time.process_time()

        def on_model(m: clingo.Model) -> bool:
            best[:] = [s.arguments[0] for s in m.symbols(shown=True) if s.name == "sel"]
            optimal[0] = m.optimality_proven
            return improve

        done = False
        if seconds <= 0:
            return [], False, False, False
        with self.ctl.solve(assumptions=assume, on_model=on_model, async_=True) as handle:
            while not done:
                left = min(seconds - (time.process_time() - cpu0), self.deadline - time.monotonic())
                if left <= 0:
                    break
                done = handle.wait(min(left, POLL))
            if not done:
                handle.cancel()
            res = handle.get()
        finished = done and not res.interrupted
        return list(best), finished, finished and res.unsatisfiable, \
            bool(best) and (optimal[0] or finished)

    def _weight(self, board: list[Symbol]) -> int:
        weights = {f.name: f.weight for f in self.space.features}
        return sum(weights.get(s, 0) for s in board)


class _configured:
    """The solver's heuristic and optimisation mode set for one solve, restored after (a
    worker searches its targets one after another on one solver: isolate.py)."""

    def __init__(self, ctl: clingo.Control, heuristic: str, opt_mode: str):
        self.conf, self.values = ctl.configuration, (heuristic, opt_mode)
        self.saved: tuple[str, str] | None = None

    def __enter__(self) -> None:
        solver, solve = self.conf.solver[0], self.conf.solve
        self.saved = (solver.heuristic, solve.opt_mode)
        solver.heuristic, solve.opt_mode = self.values

    def __exit__(self, *exc) -> None:
        assert self.saved is not None
        self.conf.solver[0].heuristic, self.conf.solve.opt_mode = self.saved


def _fix_instances(facts: set[Symbol], numbers: dict[str, int]) -> set[Symbol]:
    """Number each keyword instance by its keyword, not by its place on the card, so that the
    facts of one keyword do not depend on the others (see INSTANCE_FACTS)."""
    out = set()
    names: dict[tuple, Symbol] = {}
    for f in facts:
        if f.name == "keyword_instance":
            names[(f.arguments[0], f.arguments[1], f.arguments[2])] = f.arguments[3]
    for f in facts:
        if f.name in INSTANCE_FACTS:
            args = list(f.arguments)
            kw = names.get((args[0], args[1], args[2]))
            if kw is not None:
                args[2] = Number(numbers[str(kw)])
                f = Function(f.name, args)
        out.add(f)
    return out


def _value_rule(node, idx) -> list[ast.AST]:
    """`rk_val(I,hook,(Key),(Value)) :- body.` for a statement whose head is a single-valued hook."""
    head = node.head
    if head.ast_type != ast.ASTType.Literal or head.atom.ast_type != ast.ASTType.SymbolicAtom:
        return []
    atom = head.atom.symbol
    if atom.ast_type != ast.ASTType.Function:
        return []
    key = SINGLE_HOOKS.get((atom.name, len(atom.arguments)))
    if key is None:
        return []
    loc = node.location
    args = list(atom.arguments)
    keys = [a for i, a in enumerate(args) if i in key]
    values = [a for i, a in enumerate(args) if i not in key]
    return [ast.Rule(loc, _lit(loc, VAL, [idx, ast.SymbolicTerm(loc, Function(atom.name)),
                                          ast.Function(loc, "", keys, 0),
                                          ast.Function(loc, "", values, 0)]), list(node.body))]


def _body_variables(body: list) -> list[str]:
    """The variables of a rule body outside its aggregates and conditional literals: the
    rule's global variables, each bound by the body (the rule is safe)."""
    names: set[str] = set()

    def visit(node) -> None:
        if node.ast_type == ast.ASTType.Variable:
            if node.name != "_":
                names.add(node.name)
            return
        for key in node.child_keys:
            child = getattr(node, key)
            for c in child if isinstance(child, (list, ast.ASTSequence)) else [child]:
                if isinstance(c, ast.AST):
                    visit(c)
    for lit in body:
        if lit.ast_type == ast.ASTType.Literal and lit.atom.ast_type in (
                ast.ASTType.SymbolicAtom, ast.ASTType.Comparison):
            visit(lit)
    return sorted(names)


def _lit(loc, name: str, args: list) -> ast.AST:
    return ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(loc, name, args, 0)))


def _is_constraint(node) -> bool:
    head = node.head
    return head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.BooleanConstant \
        and not head.atom.value


def _guard_value(guard) -> int:
    term = guard.term
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Number:
        return term.symbol.number
    return 0
