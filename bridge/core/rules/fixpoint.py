"""The per-scenario fixpoint of the relevance analysis (relevance.py): which rules' needs the
scenario's facts and the heads of other live rules can meet, over abstract atoms, with a bounded
number of values kept apart per variable."""
from __future__ import annotations

from typing import Any, Iterable

from .abstract import ANY, WILD, Pattern


def _fixed(need: tuple) -> tuple:
    """The known positions of a need pattern: (position, pattern) pairs."""
    return tuple((i, p) for i, p in enumerate(need) if p is not None)


def _fits(fixed: tuple, have: tuple) -> bool:
    """An abstract atom's arguments match a need's known positions (WILD matches anything)."""
    for i, p in fixed:
        a = have[i]
        if a is not None and a != p:
            return False
    return True


CAP = 32          # values of one variable kept apart; more, and the variable is WILD


class Graph:
    """Units and their needs indexed by predicate, built once per rule list; `fixpoint` runs
    once per scenario on a copy of the counters.

    A head argument that is a variable of a positive body literal (its binder: the first one
    where it is an argument) takes the patterns that argument has in the derivable atoms
    matching that literal, not WILD: `holds(T+1,F) :- holds(T,F), ...` derives holds(_, P) only
    for the patterns P some holds atom has. New values reach a live unit through `binders`."""

    FIELDS = ("heads", "owners", "missing", "start", "binds", "binders", "waiting",
              "externals", "consts", "flow", "reads")

    def __init__(self, units: list[tuple[list[Pattern], list[Pattern] | str]],
                 owners: list[int], externals: list[Pattern] | str = (),
                 consts: frozenset[str] = frozenset(), flow: dict[int, tuple] | None = None,
                 reads: tuple[str, ...] = ()) -> None:
        self.externals, self.consts = externals, consts   # the base's #external atoms, #const names
        # for needed_rules: each rule's flow (_Index.flow), what the non-rule statements read
        self.flow, self.reads = flow or {}, tuple(reads)
        self.heads = [heads for _, heads in units]
        self.owners = owners
        waiting: dict[str, dict[tuple, list[int]]] = {}
        self.missing: list[int] = []
        self.start: list[int] = []
        self.binds: list[dict[str, tuple[str, tuple, int]]] = []   # variable: (pred, fixed, i)
        self.binders: list[list[tuple[str, tuple, tuple]]] = []     # per unit
        for u, (needs, heads) in enumerate(units):
            distinct = {(pred, args) for pred, args, _ in needs}
            self.missing.append(len(distinct))
            for pred, args in distinct:
                waiting.setdefault(pred, {}).setdefault(args, []).append(u)
            if not distinct:
                self.start.append(u)
            head_vars = set() if heads == ANY else {name for h in heads for _, name in h[2]}
            bind: dict[str, tuple[str, tuple, int]] = {}
            for pred, args, named in needs:
                for i, name in named:
                    if name in head_vars:
                        bind.setdefault(name, (pred, _fixed(args), i))
            self.binds.append(bind)
            mine = []
            for pred, args, named in needs:
                fixed = _fixed(args)
                at = tuple((i, name) for i, name in named if bind.get(name) == (pred, fixed, i))
                if at:
                    mine.append((pred, fixed, at))
            self.binders.append(mine)
        # per predicate: each distinct need pattern and the units waiting for it
        self.waiting = {pred: [(_fixed(args), tuple(us)) for args, us in needs.items()]
                        for pred, needs in waiting.items()}

    def state(self) -> tuple:
        """The index as plain data (for the marshal cache)."""
        return tuple(getattr(self, name) for name in self.FIELDS)

    @classmethod
    def well_formed(cls, state: object) -> bool:
        return isinstance(state, tuple) and len(state) == len(cls.FIELDS) \
            and isinstance(state[1], list) and isinstance(state[6], dict) \
            and isinstance(state[9], dict) and isinstance(state[10], tuple)

    @classmethod
    def restored(cls, state: tuple) -> "Graph":
        graph = cls.__new__(cls)
        for name, value in zip(cls.FIELDS, state):
            setattr(graph, name, value)
        return graph

    def fixpoint(self, seeds: Iterable[tuple[str, tuple]]) -> list[int] | None:
        """The live units, or None when a live unit has an ANY head (everything can fire)."""
        missing = self.missing.copy()
        heads_of, waiting, binds = self.heads, self.waiting, self.binds
        binders: dict[str, list] = {}       # the binding needs of live units, by predicate
        # a need pattern, once met, stays met: each predicate's list of unmet needs is copied
        # when first touched and shrinks as they are met
        unmet: dict[str, list] = {}
        # dicts (insertion-ordered) rather than sets, here and for values: the order values
        # arrive in decides which CAP of them are kept apart, and a set's order follows the
        # process's string hashing (PYTHONHASHSEED); in fact order the live rules are the same
        # in every process
        have: dict[str, dict[tuple, None]] = {}
        todo: list[tuple[str, tuple]] = []
        live: list[int] = []
        values: dict[int, dict[str, dict]] = {}     # a live unit's head variables' patterns
        seen: dict[tuple, tuple[int, dict]] = {}    # (pred, fixed, i): (atoms read, values)

        def derive(pred: str, args: tuple) -> None:
            known = have.get(pred)
            if known is None:
                known = have[pred] = {}
            if args not in known:
                known[args] = None
                todo.append((pred, args))

        def emit(u: int, fixed: str | None = None, value: Any = None) -> None:
            """The heads of unit u for the current values of its variables (those with the
            variable `fixed` only, at `value`: what a new value adds)."""
            sets = values[u]
            for pred, args, named in heads_of[u]:
                if not named:
                    if fixed is None:
                        derive(pred, args)
                    continue
                if fixed is not None:
                    for _, name in named:
                        if name == fixed:
                            break
                    else:
                        continue            # a new value of a variable this head lacks
                combos = [list(args)]
                for i, name in named:
                    choices = (value,) if name == fixed else sets.get(name, (None,))
                    if len(combos) * len(choices) > CAP * CAP:
                        choices = (None,)
                    grown = []
                    for c in combos:
                        for v in choices:
                            c2 = c.copy()
                            c2[i] = v
                            grown.append(c2)
                    combos = grown
                for combo in combos:
                    derive(pred, tuple(combo))

        def fire(u: int) -> bool:
            """Unit u became live: its variables' values from what is derivable now."""
            heads = heads_of[u]
            if heads == ANY:
                return False
            live.append(u)
            for pred, fixed, at in self.binders[u]:
                binders.setdefault(pred, []).append((u, fixed, at))
            sets = values[u] = {}
            for name, key in binds[u].items():
                pred, fixed, i = key
                atoms = have.get(pred, ())
                memo = seen.get(key)
                if memo is None or memo[0] != len(atoms):
                    found = dict.fromkeys(args[i] for args in atoms if _fits(fixed, args)) \
                        if fixed else dict.fromkeys(args[i] for args in atoms)
                    memo = seen[key] = (len(atoms), found)
                found = memo[1]
                sets[name] = {WILD: None} if WILD in found or len(found) > CAP else dict(found)
            emit(u)
            return True

        for pred, args in seeds:
            derive(pred, args)
        for u in self.start:
            if not fire(u):
                return None
        while todo:
            pred, args = todo.pop()
            for u, fixed, named in binders.get(pred, ()):
                fits = True
                for i, p in fixed:              # _fits, inlined
                    a = args[i]
                    if a is not None and a != p:
                        fits = False
                        break
                if not fits:
                    continue
                sets = values[u]
                for i, name in named:
                    held = sets[name]
                    value = args[i]
                    if value in held or WILD in held:   # WILD is held alone
                        continue
                    if value is None or len(held) >= CAP:
                        value = None
                        sets[name] = {WILD: None}
                    else:
                        held[value] = None
                    emit(u, name, value)
            needs = unmet.get(pred)
            if needs is None:
                needs = unmet[pred] = list(waiting.get(pred, ()))
            if not needs:
                continue
            keep = []
            for need in needs:
                for i, p in need[0]:            # _fits, inlined: the hottest loop
                    a = args[i]
                    if a is not None and a != p:
                        break
                else:
                    for u in need[1]:
                        missing[u] -= 1
                        if missing[u] == 0 and not fire(u):
                            return None
                    continue
                keep.append(need)
            unmet[pred] = keep
        return live
