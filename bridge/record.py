"""`repr` and `==` for the bridge's dataclasses, read from their fields when called.

Python 3.11's `dataclass` writes the source of each method it adds (`__init__`, `__repr__`,
`__eq__`; with `frozen`, `__setattr__`, `__delattr__` and `__hash__` too) and compiles it when
the class is defined: in every process, since compiled methods are not kept in the module's
bytecode cache. A `rulekeeper ask` process defined 29 dataclasses on its way and spent 16 ms of
its ~130 ms compiling their methods (docs/performance.md, "The CLI's own process, fifth round").
The classes a command reads on every run are therefore declared `@dataclass(repr=False,
eq=False)` on top of `Record`, whose methods behave as the generated ones would (same text, same
comparison, unhashable like any mutable dataclass with `eq`), and their immutable records are
`typing.NamedTuple`s (one small compiled function each). Only `__init__` is still generated.
"""
from __future__ import annotations

import reprlib
from dataclasses import fields
from typing import Any


class FieldRepr:
    """Mix-in of a `@dataclass(repr=False)`: the `repr` dataclass would generate, from the
    fields that have `repr` set (an exception keeps its identity equality)."""

    __slots__ = ()

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
        return f"{type(self).__qualname__}({shown})"


class Record(FieldRepr):
    """Mix-in of a `@dataclass(repr=False, eq=False)`: the `repr` and `==` dataclass would
    generate, from the fields that have `repr` and `compare` set."""

    __slots__ = ()

    def __eq__(self, other: Any) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _compared(self) == _compared(other)

    __hash__ = None     # type: ignore[assignment]  (as a dataclass with eq and not frozen)


def _compared(obj: Any) -> tuple:
    return tuple(getattr(obj, f.name) for f in fields(obj) if f.compare)
