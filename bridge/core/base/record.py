"""`__init__`, `repr` and `==` for the bridge's dataclasses, read from their fields when called.

Python 3.11's `dataclass` writes the source of each method it adds (`__init__`, `__repr__`,
`__eq__`; with `frozen`, `__setattr__`, `__delattr__` and `__hash__` too) and compiles it when
the class is defined: in every process, since compiled methods are not kept in the module's
bytecode cache. A `rulekeeper ask` process defined 29 dataclasses on its way and spent 16 ms of
its ~130 ms compiling their methods (docs/performance.md, "The CLI's own process, fifth round").

So the classes every command defines are declared with `repr=False, eq=False` on top of
`Record` (or `Fields` for an exception, which keeps identity equality), whose methods behave as
the generated ones would: the same text, the same comparison, unhashable like any mutable
dataclass with `eq`. A class made only a few times per command is also declared `init=False`
and takes `Fields.__init__`, which binds arguments to fields as the generated `__init__` does
(positional then keyword, defaults, default factories, `__post_init__`), a few microseconds
slower per object; a class made by the thousand (`RuleInfo`) keeps the compiled one.
Immutable records are `typing.NamedTuple`s (one small compiled function each).
"""
from __future__ import annotations

import reprlib
from dataclasses import MISSING, fields
from typing import Any


class Fields:
    """Mix-in of a `@dataclass(repr=False)`: the `repr` dataclass would generate, and (for a
    class declared `init=False`) its `__init__`."""

    __slots__ = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        names, given = _init_fields(type(self)), dict(kwargs)
        if len(args) > len(names):
            raise TypeError(f"{type(self).__qualname__}() takes {len(names)} positional "
                            f"arguments but {len(args)} were given")
        for f, value in zip(names, args):
            if f.name in given:
                raise TypeError(f"{type(self).__qualname__}() got multiple values for "
                                f"argument '{f.name}'")
            given[f.name] = value
        for f in fields(self):
            if f.init and f.name in given:
                setattr(self, f.name, given.pop(f.name))
            elif f.default_factory is not MISSING:
                setattr(self, f.name, f.default_factory())
            elif f.init and f.default is not MISSING:
                setattr(self, f.name, f.default)
            elif f.init:
                raise TypeError(f"{type(self).__qualname__}() missing required argument: "
                                f"'{f.name}'")
        if given:
            raise TypeError(f"{type(self).__qualname__}() got an unexpected keyword argument "
                            f"'{next(iter(given))}'")
        post = getattr(self, "__post_init__", None)
        if post is not None:
            post()

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
        return f"{type(self).__qualname__}({shown})"


class Record(Fields):
    """Mix-in of a `@dataclass(repr=False, eq=False)`: `Fields`, and the `==` dataclass would
    generate, from the fields that have `compare` set."""

    __slots__ = ()

    def __eq__(self, other: Any) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _compared(self) == _compared(other)

    __hash__ = None     # type: ignore[assignment]  (as a dataclass with eq and not frozen)


def _init_fields(cls: type) -> tuple:
    """The fields `__init__` takes, in order (kept on the class after the first object)."""
    held = cls.__dict__.get("_init_fields")
    if held is None:
        held = tuple(f for f in fields(cls) if f.init)
        setattr(cls, "_init_fields", held)
    return held


def _compared(obj: Any) -> tuple:
    return tuple(getattr(obj, f.name) for f in fields(obj) if f.compare)
