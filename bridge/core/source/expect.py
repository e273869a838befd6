"""A scenario's `expect` (any game): the outcome atoms that must hold always, sometimes or
never, or the rules that make the situation impossible."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..base.record import Record
from .atoms import parse_atom
from .checks import Checker

__all__ = ["Expect", "atom_texts", "expect_from"]


@dataclass(init=False, repr=False, eq=False)
class Expect(Record):
    """The scenario's `expect`: atoms that hold always, sometimes, never, or an impossible case."""

    always: list[str] = field(default_factory=list)
    sometimes: list[str] = field(default_factory=list)
    never: list[str] = field(default_factory=list)
    impossible: list[str] | None = None   # extension: rule numbers an impossible case must name


def expect_from(chk: Checker, raw: Any, rule_number: Callable[[tuple, Any], str]) -> Expect:
    """A scenario's `expect` (any game): always/sometimes/never atom lists, and `impossible`,
    true or a list of rule numbers each checked by the game's `rule_number`."""
    data = chk.mapping(("expect",), {} if raw is None else raw,
                       {"always", "sometimes", "never", "impossible"})
    expect = Expect(**{k: atom_texts(chk, ("expect", k), v) for k, v in data.items()
                       if k != "impossible"})
    if "impossible" in data:
        raw_imp = data["impossible"]
        if raw_imp is True:
            expect.impossible = []
        else:
            items = chk.list(("expect", "impossible"), raw_imp)
            expect.impossible = [rule_number(("expect", "impossible", i), r)
                                 for i, r in enumerate(items)]
    return expect


def atom_texts(chk: Checker, path: tuple, raw: Any) -> list[str]:
    """A list of outcome atoms as text, each checked to parse as one (parse_atom)."""
    out = []
    for i, atom in enumerate(chk.list(path, raw)):
        text = chk.str_value(path + (i,), atom)
        parse_atom(text, lambda msg, p=path + (i,): chk.src.error(p, msg))
        out.append(text)
    return out
