"""YAML reading that remembers the line of every value, for error messages."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import parsecache
from .errors import ScenarioError
from .record import Record

Path = tuple  # a path into the document: keys and list indexes


@dataclass(init=False, repr=False, eq=False)
class Located(Record):
    """A plain Python document plus the source line of each path in it."""

    data: Any
    file: str
    lines: dict[Path, int] = field(default_factory=dict)

    def line(self, path: Path) -> int | None:
        """The line of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)

    def error(self, path: Path, message: str) -> ScenarioError:
        return ScenarioError(self.file, self.line(path), dotted(path), message)


def dotted(path: Path) -> str:
    """`objects[2].card`: a path as the user would point at it (long keys clipped)."""
    out = ""
    for part in path:
        part = part if isinstance(part, int) else clip(str(part), 40, quote=False)
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def clip(value: Any, limit: int = 80, quote: bool = True) -> str:
    """A value as shown in a message: repr'd (so a newline or an invisible character is
    visible) and cut to `limit` characters, so a 1 MB value gives a short message."""
    text = repr(value) if quote else str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def load_yaml(text: str, file: str, tick: Callable[[], None] = lambda: None) -> Located:
    """Parse YAML text, keeping lines; raise ScenarioError (with the line) on any YAML fault.
    `tick` is called between stages (the --timeout deadline's check). A text parsed before is
    read back from the parse cache (bridge/parsecache.py) without loading PyYAML."""
    held = parsecache.load(text)
    if held is not None:
        return Located(held[0], file, held[1])
    from .yamlparse import parse
    located = parse(text, file, tick)
    parsecache.store(text, located.data, located.lines)
    return located
