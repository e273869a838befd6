"""clingo symbols from plain Python values (the facts every game states)."""
from __future__ import annotations

from typing import Any

from clingo import Function, Number, Symbol

__all__ = ["atom", "term"]


def atom(name: str, *args: Any) -> Symbol:
    """A clingo symbol from Python values: str -> constant id, int -> number, Symbol as is."""
    return Function(name, [term(a) for a in args])


def term(value: Any) -> Symbol:
    """A clingo term from a Python value (see `atom`)."""
    if isinstance(value, Symbol):
        return value
    if isinstance(value, bool):
        return Function("true" if value else "false")
    if isinstance(value, int):
        return Number(value)
    if isinstance(value, str):
        return Function(value)  # ids only: validated as [a-z][a-z0-9_]*
    raise TypeError(value)
