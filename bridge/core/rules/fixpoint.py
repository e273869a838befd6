"""The per-scenario fixpoint of the relevance analysis (relevance.py): which rules' needs the
scenario's facts and the heads of other live rules can meet, over abstract atoms, with a bounded
number of values kept apart per variable."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .abstract import ANY, DEPTH, WILD, Pattern, agree, cut, put, value_at


def _fixed(need: tuple) -> tuple:
    """The known positions of a need pattern: (position, pattern) pairs."""
    return tuple((i, p) for i, p in enumerate(need) if p is not None)


def _fits(fixed: tuple, have: tuple) -> bool:
    """An abstract atom's arguments match a need's known positions (WILD matches anything)."""
    for i, p in fixed:
        a = have[i]
        if a is not None and a != p and not (type(p) is tuple and agree(p, a)):
            return False
    return True


def _widened(values: dict) -> dict:
    """More than CAP values of a variable: the function terms' names alone (their arguments
    WILD) and the constants, while there are no more than WIDE_CAP of them and no more than CAP
    constants (a constant's values, objects or numbers, are as many as the board has); else
    WILD."""
    wide = dict.fromkeys(cut(v, 1) for v in values)
    if len(wide) > WIDE_CAP or sum(1 for v in wide if type(v) is not tuple) > CAP:
        return {WILD: None}
    return wide


def _grouped(heads: list[Pattern] | str) -> list[tuple] | str:
    """Each head as (predicate, argument patterns, ((variable, (path, ...)), ...)): the places
    of each variable together, so one value goes to all of them."""
    if heads == ANY:
        return ANY
    out = []
    for pred, args, named in heads:
        places: dict[str, list[tuple]] = {}
        for path, name in named:
            places.setdefault(name, []).append(tuple(path))
        out.append((pred, args, tuple((name, tuple(paths)) for name, paths in places.items())))
    return out


def _key(pattern: str | tuple) -> str:
    """The bucket of a known argument pattern: a constant, or a function term's name."""
    return pattern[0] if type(pattern) is tuple else pattern


def _buckets(needs: list[tuple[tuple, tuple]]) -> tuple[int, dict]:
    """(position, {name: [(fixed, units), ...]}): the needs of one predicate by their pattern
    at the position most of them know (None: WILD there); position -1, one bucket, when no
    position is known by any."""
    known = [sum(1 for args, _ in needs if args[i] is not None)
             for i in range(len(needs[0][0]))] if needs else []
    pos = max(range(len(known)), key=known.__getitem__) if known and max(known) else -1
    out: dict = {}
    for args, units in needs:
        key = _key(args[pos]) if pos >= 0 and args[pos] is not None else None
        out.setdefault(key, []).append((_fixed(args), units))
    return pos, out


OFF = 1 << 62     # the unmet needs of a unit switched off (Graph.without_owners): never met
CAP = 32          # values of one variable kept apart; more, and the variable is WILD
COMBOS = CAP * CAP  # atoms one head derives for one new value, at most
WIDE_CAP = 4 * CAP  # function terms kept apart by their names alone (the rules name a few dozen)


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
        self.heads = [_grouped(heads) for _, heads in units]
        self.owners = owners
        waiting: dict[str, dict[tuple, list[int]]] = {}
        self.missing: list[int] = []
        self.start: list[int] = []
        self.binds: list[dict[str, tuple[str, tuple, tuple]]] = []   # variable: (pred, fixed, path)
        self.binders: list[list[tuple[str, tuple, tuple]]] = []     # per unit
        for u, (needs, heads) in enumerate(units):
            distinct = {(pred, args) for pred, args, _ in needs}
            self.missing.append(len(distinct))
            for pred, args in distinct:
                waiting.setdefault(pred, {}).setdefault(args, []).append(u)
            if not distinct:
                self.start.append(u)
            head_vars = set() if heads == ANY else {name for h in heads for _, name in h[2]}
            bind: dict[str, tuple[str, tuple, tuple]] = {}
            for pred, args, named in needs:
                for path, name in named:
                    if name in head_vars:
                        bind.setdefault(name, (pred, _fixed(args), tuple(path)))
            self.binds.append(bind)
            mine = []
            for pred, args, named in needs:
                fixed = _fixed(args)
                at = tuple((tuple(path), name) for path, name in named
                           if bind.get(name) == (pred, fixed, tuple(path)))
                if at:
                    mine.append((pred, fixed, at))
            self.binders.append(mine)
        # per predicate: each distinct need pattern and the units waiting for it, in buckets
        # by the name of the argument most needs know (holds/2: the fluent's), so an atom
        # is tried against the needs that could match it, not every need of its predicate
        self.waiting = {pred: _buckets([(args, tuple(us)) for args, us in needs.items()])
                        for pred, needs in waiting.items()}

    def without_owners(self, owners: set[int]) -> Graph:
        """This index with the units of the rules `owners` switched off (never live, so they
        derive nothing), for a copy of the rule base without those rules: a fixpoint gives
        the live rules an index built without them gives (the same on 284 mutation-test
        pairs, docs/performance.md session 17), at the cost of a list copy, not a rebuild."""
        graph = Graph.restored(self.state())
        off = [u for u, owner in enumerate(self.owners) if owner in owners]
        if off:
            graph.missing = self.missing.copy()
            for u in off:
                graph.missing[u] = OFF
            dropped = set(off)
            graph.start = [u for u in self.start if u not in dropped]
            graph.flow = {i: f for i, f in self.flow.items() if i not in owners}
        return graph

    def state(self) -> tuple:
        """The index as plain data (for the marshal cache)."""
        return tuple(getattr(self, name) for name in self.FIELDS)

    @classmethod
    def well_formed(cls, state: object) -> bool:
        return isinstance(state, tuple) and len(state) == len(cls.FIELDS) \
            and isinstance(state[1], list) and isinstance(state[6], dict) \
            and isinstance(state[9], dict) and isinstance(state[10], tuple)

    @classmethod
    def restored(cls, state: tuple) -> Graph:
        graph = cls.__new__(cls)
        for name, value in zip(cls.FIELDS, state):
            setattr(graph, name, value)
        return graph

    def fixpoint(self, seeds: Iterable[tuple[str, tuple]]) -> list[int] | None:
        """The live units, or None when a live unit has an ANY head (everything can fire)."""
        missing = self.missing.copy()
        heads_of, waiting, binds = self.heads, self.waiting, self.binds
        binders: dict[str, list] = {}       # the binding needs of live units, by predicate
        # a need pattern, once met, stays met: each bucket's list of unmet needs is copied
        # when first touched and shrinks as they are met
        unmet: dict[tuple, list] = {}
        # dicts (insertion-ordered) rather than sets, here and for values: the order values
        # arrive in decides which CAP of them are kept apart, and a set's order follows the
        # process's string hashing (PYTHONHASHSEED); in fact order the live rules are the same
        # in every process
        have: dict[str, dict[tuple, None]] = {}
        order: dict[str, list[tuple]] = {}          # each predicate's atoms, as derived
        todo: list[tuple[str, tuple]] = []
        live: list[int] = []
        values: dict[int, dict[str, dict]] = {}     # a live unit's head variables' patterns
        seen: dict[tuple, list] = {}    # (pred, fixed, path): [atoms read, their values there]
        coarse: set[tuple[int, str]] = set()        # (unit, variable) holding functors only

        def derive(pred: str, args: tuple) -> None:
            known = have.get(pred)
            if known is None:
                known = have[pred] = {}
                order[pred] = []
            if args not in known:
                known[args] = None
                order[pred].append(args)
                todo.append((pred, args))

        def emit(u: int, fixed: str | None = None, value: Any = None) -> None:
            """The heads of unit u for the current values of its variables (those with the
            variable `fixed` only, at `value`: what a new value adds)."""
            sets = values[u]
            for pred, args, groups in heads_of[u]:
                if not groups:
                    if fixed is None:
                        derive(pred, args)
                    continue
                if fixed is not None:
                    for name, _ in groups:
                        if name == fixed:
                            break
                    else:
                        continue            # a new value of a variable this head lacks
                known = have.get(pred)
                if known is None:
                    known = have[pred] = {}
                    order[pred] = []
                derived = order[pred]
                if len(groups) == 1 and len(groups[0][1]) == 1 and len(groups[0][1][0]) == 1:
                    # one variable in one top-level place (the most common head): no copies
                    name, ((i,),) = groups[0]
                    head, tail = args[:i], args[i + 1:]
                    for v in ((value,) if name == fixed else sets.get(name, (None,))):
                        atom = (*head, v, *tail)
                        if atom not in known:
                            known[atom] = None
                            derived.append(atom)
                            todo.append((pred, atom))
                    continue
                combos = [list(args)]
                # the variables with fewest values first: past COMBOS atoms, the variables
                # with most values (time points, objects) are WILD, those with few kept apart
                chosen = [((value,) if name == fixed else sets.get(name, (None,)), paths)
                          for name, paths in groups]
                if len(chosen) > 1:
                    chosen.sort(key=lambda c: len(c[0]))
                for choices, paths in chosen:
                    if len(combos) * len(choices) > COMBOS:
                        choices = (None,)
                    grown = []
                    for c in combos:
                        for v in choices:
                            c2 = c.copy()
                            for path in paths:
                                i = path[0]
                                if len(path) == 1:
                                    c2[i] = v
                                else:           # within a function term: its own copy
                                    term = c2[i]
                                    c2[i] = (term[0], *put(term[1:], path[1:],
                                                           cut(v, DEPTH + 1 - len(path))))
                            grown.append(c2)
                    combos = grown
                for combo in combos:        # derive(), inlined
                    atom = tuple(combo)
                    if atom not in known:
                        known[atom] = None
                        derived.append(atom)
                        todo.append((pred, atom))

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
                pred, fixed, path = key
                atoms = order.get(pred, ())
                memo = seen.get(key)
                if memo is None:
                    memo = seen[key] = [0, {}]
                found = memo[1]
                if memo[0] != len(atoms):       # read the atoms derived since
                    for args in atoms[memo[0]:]:
                        if not fixed or _fits(fixed, args):
                            found[value_at(args, path)] = None
                    memo[0] = len(atoms)
                if WILD in found:
                    sets[name] = {WILD: None}
                elif len(found) > CAP:
                    sets[name] = _widened(found)
                    coarse.add((u, name))
                else:
                    sets[name] = dict(found)
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
                    if a is not None and a != p and not (type(p) is tuple and agree(p, a)):
                        fits = False
                        break
                if not fits:
                    continue
                sets = values[u]
                for path, name in named:
                    held = sets[name]
                    value = args[path[0]] if len(path) == 1 else value_at(args, path)
                    if (u, name) in coarse:
                        value = cut(value, 1)
                    if value in held or WILD in held:   # WILD is held alone
                        continue
                    if value is not None and len(held) >= CAP and (u, name) not in coarse:
                        # too many values: their functors, if those are few enough
                        coarse.add((u, name))
                        held[value] = None
                        wide = sets[name] = _widened(held)
                        for v in wide:
                            emit(u, name, v)
                        continue
                    if value is None or len(held) >= (WIDE_CAP if (u, name) in coarse else CAP):
                        value = None
                        sets[name] = {WILD: None}
                    else:
                        held[value] = None
                    emit(u, name, value)
            entry = waiting.get(pred)
            if entry is None:
                continue
            pos, buckets = entry
            if pos < 0:
                keys: Any = (None,)
            else:
                a = args[pos]
                keys = buckets if a is None else (_key(a), None)
            for key in keys:
                needs = unmet.get((pred, key))
                if needs is None:
                    needs = unmet[(pred, key)] = list(buckets.get(key, ()))
                if not needs:
                    continue
                keep = []
                for need in needs:
                    for i, p in need[0]:        # _fits, inlined: the hottest loop
                        a = args[i]
                        if a is not None and a != p and not (type(p) is tuple and agree(p, a)):
                            break
                    else:
                        for u in need[1]:
                            missing[u] -= 1
                            if missing[u] == 0 and not fire(u):
                                return None
                        continue
                    keep.append(need)
                unmet[(pred, key)] = keep
        return live
