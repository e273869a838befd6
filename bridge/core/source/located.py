"""A YAML document as plain data with the line of every value, and how a value or a path is
shown in a message: shared by the YAML reader (yamlsrc) and the parser behind it (yamlparse)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base.errors import ScenarioError
from ..base.record import Record

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
