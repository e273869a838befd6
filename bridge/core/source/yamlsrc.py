"""YAML reading that remembers the line of every value, for error messages."""
from __future__ import annotations

from typing import Callable

from . import parsecache
from .located import Located, Path, clip, dotted

__all__ = ["Located", "Path", "clip", "dotted", "load_yaml"]


def load_yaml(text: str, file: str, tick: Callable[[], None] = lambda: None) -> Located:
    """Parse YAML text, keeping lines; raise ScenarioError (with the line) on any YAML fault.
    `tick` is called between stages (the --timeout deadline's check). A text parsed before is
    read back from the parse cache (parsecache.py) without loading PyYAML."""
    held = parsecache.load(text)
    if held is not None:
        return Located(held[0], file, held[1])
    from .yamlparse import parse
    located = parse(text, file, tick)
    parsecache.store(text, located.data, located.lines)
    return located
