"""What a solve answers (any game): the distinct outcomes, the atoms true before any action,
the explanation supports of each model, the choices behind each, and the layout that gave it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from clingo import Symbol

from ..base.record import Record
from ..base.symbols import Reader

__all__ = ["FIRST_CHECKS", "Answer", "ModelSupport", "Support"]

FIRST_CHECKS = 3        # check steps after each slot tried first (solve.py asks for more if needed)

Support = dict[Symbol, list[tuple[int, tuple[Symbol, ...]]]]


class ModelSupport:
    """The rk_why atoms of one model, by head. A large board has 100 000 of them and an
    explanation visits a few hundred, so they are kept as clingo handles (bridge/core/base/symbols.py:
    no call into clingo to hash one) and each head's entries are decoded when first asked for
    (`get`, as a Support)."""

    def __init__(self, reader: Reader | None = None) -> None:
        self.read = reader or Reader()
        self.by_head: dict[Any, list[tuple[Any, Any]]] = {}      # handles: index, body
        self.decoded: dict[Any, list[tuple[int, tuple[Symbol, ...]]]] = {}   # by handle
        self.allows: dict[Symbol, list[tuple[int, Symbol]]] = {}
        self._raw: dict[Symbol, list[tuple[Symbol, Symbol]]] | None = None

    def add_allow(self, subject: Symbol, index: Symbol, condition: Symbol) -> None:
        """`condition` held, so the constraint `index` let `subject` hold (transform.ALLOW)."""
        self.allows.setdefault(subject, []).append((index.number, condition))

    def allowed_by(self, atom: Symbol) -> list[tuple[int, Symbol]]:
        return self.allows.get(atom, [])

    def add(self, head: Symbol, index: Symbol, body: Symbol) -> None:
        read = self.read
        self.add_handles(read.handle(head), read.handle(index), read.handle(body))

    def add_handles(self, head: Any, index: Any, body: Any) -> None:
        self.by_head.setdefault(head, []).append((index, body))
        self._raw = None

    @property
    def raw(self) -> dict[Symbol, list[tuple[Symbol, Symbol]]]:
        """Every entry, as symbols: head -> [(rule index, body tuple)] (built when first asked
        for: sending a whole answer to another process, or a consistency check, reads it)."""
        if self._raw is None:
            sym = self.read.symbol
            self._raw = {sym(h): [(sym(i), sym(b)) for i, b in entries]
                         for h, entries in self.by_head.items()}
        return self._raw

    def heads(self) -> list[Symbol]:
        """The atoms explained, in the order their first entry came."""
        return list(map(self.read.symbol, self.by_head))

    def entries_of(self, atom: Symbol) -> list[tuple[Symbol, Symbol]] | None:
        """`raw[atom]` without building `raw`: the entries of one head, as symbols."""
        entries = self.by_head.get(self.read.handle(atom))
        if entries is None:
            return None
        sym = self.read.symbol
        return [(sym(i), sym(b)) for i, b in entries]

    def alias(self, atom: Symbol, source: Symbol) -> None:
        """`atom` is explained as `source` is (an outcome the bridge renames)."""
        entries = self.by_head.get(self.read.handle(source))
        if entries is not None:
            self.by_head[self.read.handle(atom)] = entries
            self._raw = None

    def get(self, atom: Symbol, default: Any = None) -> Any:
        read = self.read
        key = read.handle(atom)
        found = self.decoded.get(key)
        if found is None:
            entries = self.by_head.get(key)
            if entries is None:
                return default
            found = self.decoded[key] = [
                (read.number(i), tuple(map(read.symbol, read.arguments(b)))) for i, b in entries]
        return found

    def items(self) -> Iterator[tuple[Symbol, list[tuple[int, tuple[Symbol, ...]]]]]:
        for head in self.by_head:
            atom = self.read.symbol(head)
            yield atom, self.get(atom)


@dataclass(init=False, repr=False, eq=False)
class Answer(Record):
    """What the rules say about a scenario: every distinct outcome."""

    models: list[frozenset[Symbol]]
    initially: frozenset[Symbol]
    supports: list[Support | ModelSupport] = field(default_factory=list)
    choices: list[frozenset[Symbol]] = field(default_factory=list)   # chose/1 terms, per model
    checks: int = FIRST_CHECKS
    exact_trigger_names: bool = False
    walk_checks: int | None = None   # the lean layout's check steps inside walks (None: full)
    tight_passes: bool = False       # solved with the tight plan of passes (solve.tight_passes)
    unsettled: bool = False          # still not at rest after MAX_CHECKS check steps
    truncated: bool = False
    seconds: float = 0.0
    # classes of names a permutation of which changes nothing but names (symmetry.py):
    # interchangeable objects, identical triggers put on the stack in the canonical order
    symmetric: tuple = ()

    def _summary(self) -> tuple[frozenset[Symbol], frozenset[Symbol]]:
        """(always, union), computed once per list of models (a ruling reads them hundreds of
        times; recomputed only if `models` is replaced or grows)."""
        key = (id(self.models), len(self.models))
        memo = vars(self).get("_memo")
        if memo is None or memo[0] != key:
            models = self.models
            always = frozenset.intersection(*models) if models else frozenset()
            memo = self.__dict__["_memo"] = (key, always, frozenset().union(*models))
        return memo[1], memo[2]

    @property
    def always(self) -> frozenset[Symbol]:
        return self._summary()[0]

    @property
    def union(self) -> frozenset[Symbol]:
        return self._summary()[1]

    @property
    def sometimes(self) -> frozenset[Symbol]:
        """Atoms of some outcomes but not all."""
        always, union = self._summary()
        return union - always

    def contract_lists(self) -> tuple[frozenset[Symbol], frozenset[Symbol]]:
        """`always` and `sometimes` over every outcome the canonical ones stand for (their
        names permuted, symmetry.py): what `ask --json` lists and `check` reads."""
        from .symmetry import full_lists
        always, union = self._summary()
        return full_lists(always, union, self.symmetric)
