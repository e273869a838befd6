"""Explanation supports kept as text: what crosses a process boundary (deadline.restore) and
what the demand-driven explanation reads back (explain_focus.FocusSupport), parsed only for the
atoms an explanation visits."""
from __future__ import annotations

from typing import Any, Callable

import clingo


class TextSupport:
    """Supports kept as text and parsed only for the atoms an explanation visits (a large
    board has tens of thousands of them; a derivation reads a few hundred)."""

    def __init__(self, raw: dict[str, list[tuple[int, str]]],
                 sym: Callable[[str], clingo.Symbol],
                 allows: dict[str, list[tuple[int, str]]] | None = None):
        self.raw, self.sym, self.allows = raw, sym, allows or {}
        self.parsed: dict[str, list[tuple[int, tuple[clingo.Symbol, ...]]]] = {}

    def get(self, atom: clingo.Symbol, default: Any = None) -> Any:
        key = str(atom)
        if key not in self.parsed:
            if key not in self.raw:
                return default
            self.parsed[key] = [(i, tuple(self.sym(body).arguments)) for i, body in self.raw[key]]
        return self.parsed[key]

    def allowed_by(self, atom: clingo.Symbol) -> list[tuple[int, clingo.Symbol]]:
        return [(i, self.sym(c)) for i, c in self.allows.get(str(atom), [])]
