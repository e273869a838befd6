"""Reading many clingo symbols at once, by handle.

A model of a small board shows thousands of atoms (each `rk_why` explanation atom among them),
and clingo's Python API makes every `.name`, `.arguments` or hash of a Symbol a wrapped call
into the C library (argument checks, a buffer allocated, an error test): about 5 µs each, more
than grounding the program costs. A Symbol is only a handle (a 64-bit integer) to a term that
clingo keeps once (equal terms have equal handles), so the handle is a dict key as good as the
Symbol, hashed without a call. Where the API exposes its C functions (clingo 5.5 and later,
through cffi), `Reader` calls them directly with buffers allocated once; elsewhere it falls
back to the public API, and a handle is then the Symbol itself (tests/test_symbols.py checks
both ways read the same).
"""
from __future__ import annotations

from typing import Any, Sequence

from clingo import Symbol

try:                # clingo's own cffi binding; absent or changed, the public API is used
    from clingo._internal import _ffi, _lib
    _FAST = all(hasattr(_lib, f) for f in ("clingo_symbol_name", "clingo_symbol_arguments",
                                           "clingo_symbol_number")) \
        and "_rep" in getattr(Symbol, "__slots__", ())
except ImportError:     # pragma: no cover - depends on the installed clingo
    _FAST = False

Handle = Any        # an int (fast path) or a Symbol (public API)


class Reader:
    """Name, arguments and number of symbols given by handle."""

    def __init__(self, fast: bool = _FAST) -> None:
        self.fast = fast
        if fast:
            self._name = _ffi.new("char**")
            self._args = _ffi.new("clingo_symbol_t**")
            self._size = _ffi.new("size_t*")
            self._number = _ffi.new("int*")

    def handles(self, symbols: Sequence[Symbol]) -> list[Handle]:
        """The handles of a model's symbols (its array read at once where clingo keeps one)."""
        if not self.fast:
            return list(symbols)
        array = getattr(symbols, "_p_symbols", None)
        return list(array) if array is not None else [s._rep for s in symbols]

    def handle(self, symbol: Symbol) -> Handle:
        return symbol._rep if self.fast else symbol

    def symbol(self, handle: Handle) -> Symbol:
        return Symbol(handle) if self.fast else handle

    def name(self, handle: Handle) -> str:
        """A function's name; "" for a number, string, infimum or supremum."""
        if not self.fast:
            return handle.name if handle.type.name == "Function" else ""
        if not _lib.clingo_symbol_name(handle, self._name):
            return ""
        return _ffi.string(self._name[0]).decode()

    def arguments(self, handle: Handle) -> list[Handle]:
        """A function's arguments, as handles."""
        if not self.fast:
            return handle.arguments
        if not _lib.clingo_symbol_arguments(handle, self._args, self._size):
            return []
        size = self._size[0]
        return _ffi.unpack(self._args[0], size) if size else []

    def number(self, handle: Handle) -> int:
        if not self.fast:
            return handle.number
        if not _lib.clingo_symbol_number(handle, self._number):
            raise TypeError("not a number symbol")
        return self._number[0]
