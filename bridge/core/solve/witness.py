"""The canonical witness of each outcome (issue 38 point 9, issue 37): the choices shown for an
outcome must not depend on the way it was solved (pruned or not, focused or not, the order of
the rules in the installed wheel). Models are projected on the outcome atoms (PROJECT):
the enumeration finds one model per outcome, the first the search meets, and which that is
depends on the ground program. Where several sets of choices reach one outcome (two instances
of a keyword that trigger together and whose orders end alike: afflict 1 and afflict 3), the
witness shown is instead the least set of choices reaching it: its `chose/1` atoms, in the
order of clingo's symbols, least first, a set without an atom before a set with it (false
before true, atom by atom). It is found by solving the grounded program again, the outcome
assumed, with the domain heuristic deciding the choices first, each false first, in that order:
the first model of such a search is the lexicographically least (a choice found true was
implied by the ones before it). One short solve per outcome whose witness chose anything."""
from __future__ import annotations

from collections.abc import Callable

import clingo
from clingo import Symbol
from clingo.backend import HeuristicType

Models = list[list[Symbol]]

# what the models are projected on (clingo's project mode, --project=auto reads #project): the
# outcome atoms and the flags that ask for another layout. Two models that differ only in the
# choices or the derivations that lead to one end state are one outcome, enumerated once (one
# witness: its chose/1 atoms and its rk_why supports, the least: Witnesses)
PROJECT = ("outcome/1", "unsettled/0", "trigger_name_clash/0", "plan_short/0")


class Witnesses:
    """What the canonical witnesses need of a solve's models, read while each model is at hand
    (a model cannot be read after its callback): its choices and, where it chose anything, its
    projected atoms, as solver literals (a few hundred truth tests, no symbol read)."""

    def __init__(self, ctl: clingo.Control, project: tuple[str, ...]):
        chose = sorted(_free_atoms(ctl, "chose", 1))    # by symbol: the order of choices
        self.choices = [lit for _, lit in chose]
        # read only where a model can choose anything (note): walking every outcome atom
        # through the API is a few ms a solve, for nothing in most scenarios
        self.projected = [a.literal for sig in project
                          for a in ctl.symbolic_atoms.by_signature(*_signature(sig))
                          if not a.is_fact] if self.choices else []
        self.noted: dict[int, tuple[tuple[bool, ...], list[int]]] = {}
        # the order the witness solves decide the choices in, given before the first solve:
        # added after it, the program would be prepared again. Only the domain heuristic reads
        # them; the enumeration runs with the configured one (canonical switches)
        if self.choices:
            with ctl.backend() as backend:
                for level, lit in enumerate(reversed(self.choices), start=1):
                    backend.add_heuristic(lit, HeuristicType.Level, level, 1, [])
                    backend.add_heuristic(lit, HeuristicType.Sign, -1, 1, [])

    def note(self, number: int, model: clingo.Model) -> None:
        """Keep model `number`'s choices and its outcome (the projected literals' truth)."""
        if not self.choices:
            return
        is_true = model.is_true
        chose = tuple(map(is_true, self.choices))
        if any(chose):                  # no choice: nothing less to find
            self.noted[number] = (chose, [lit if is_true(lit) else -lit
                                          for lit in self.projected])

    def canonical(self, ctl: clingo.Control, models: Models, remaining: Callable[[], float],
                  atoms: dict[int, list[Symbol]] | None = None) -> Models:
        """`models` (the shown symbols of the noted solve of `ctl`) with each witness replaced
        by the least one reaching the same projected atoms; `atoms` (model number: every atom,
        solve._solve_whole) follows its model."""
        if not self.noted:
            return models
        ctl.configuration.solver.heuristic = "Domain"
        out = list(models)
        for number, (chose, assumptions) in self.noted.items():
            if number >= len(models):
                break
            every_atom = atoms is not None and number in atoms
            found = _first(ctl, assumptions, self.choices, chose, remaining, every_atom)
            if found is not None:       # None: the witness found first is the least
                out[number] = found[0]
                if every_atom:
                    atoms[number] = found[1]
        return out


def _signature(sig: str) -> tuple[str, int]:
    name, arity = sig.split("/")
    return name, int(arity)


def _free_atoms(ctl: clingo.Control, name: str, arity: int) -> list[tuple[Symbol, int]]:
    """The atoms of a signature the ground program may make true or false (facts are fixed),
    with their solver literals."""
    return [(a.symbol, a.literal) for a in ctl.symbolic_atoms.by_signature(name, arity)
            if not a.is_fact]


def _first(ctl: clingo.Control, assumptions: list[int], choices: list[int],
           chose: tuple[bool, ...], remaining: Callable[[], float], every_atom: bool):
    """The shown symbols (and, with `every_atom`, all atoms) of the first model under
    `assumptions`, or None where it makes the `chose` choices (the witness already held)."""
    found: list = []

    def on_model(model: clingo.Model) -> bool:
        if tuple(map(model.is_true, choices)) != chose:
            found.append((model.symbols(shown=True),
                          model.symbols(atoms=True) if every_atom else None))
        return False

    with ctl.solve(assumptions=assumptions, on_model=on_model, async_=True) as handle:
        if not handle.wait(remaining()):
            handle.cancel()
            remaining()                 # raises SolverTimeout once the time is out
        handle.get()
    return found[0] if found else None
