"""The Oracle-text compiler (issue 15): Scryfall card objects -> card YAML maps.

The compiler (and lark with it) is loaded on first use, so that the rules' vocabulary of
subtypes (`oracle.subtypes`, read by the game's facts) costs an `ask` no parser."""
from __future__ import annotations

from typing import Any

__all__ = ["CompiledCard", "LineResult", "compile_card", "compile_line"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import compile as compiler
        return getattr(compiler, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
