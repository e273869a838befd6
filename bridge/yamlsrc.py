"""YAML reading that remembers the line of every value, for error messages."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from .errors import ScenarioError

Path = tuple  # a path into the document: keys and list indexes


@dataclass
class Located:
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
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class _StrictLoader(yaml.SafeLoader):
    """Safe loading only: no Python objects, no custom tags."""


def load_yaml(text: str, file: str) -> Located:
    """Parse YAML text, keeping lines; raise ScenarioError on a syntax error."""
    try:
        node = yaml.compose(text, Loader=_StrictLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        context, cmark = getattr(exc, "context", None), getattr(exc, "context_mark", None)
        if context and cmark and mark and cmark.line != mark.line:
            problem += f" ({context} that starts at line {cmark.line + 1})"
        raise ScenarioError(file, line, "", f"YAML syntax error: {problem}") from None
    located = Located(None, file)
    if node is None:
        return located
    _check_size(node, file)
    located.data = _convert(node, (), located)
    return located


MAX_NODES = 50_000
MAX_DEPTH = 40


def _check_size(root: yaml.Node, file: str) -> None:
    """Refuse alias bombs, absurd nesting and non-standard tags before converting anything.

    The walk goes entry by entry, so the error names the line of the top-level entry whose
    value blows up (an alias expands to its anchored node each time it is used)."""
    count = 0
    entries = [(k, v) for k, v in root.value] if isinstance(root, yaml.MappingNode) else [(root, root)]
    if not _standard_tag(root):
        raise ScenarioError(file, root.start_mark.line + 1, "",
                            f"YAML tag {root.tag!r} is not allowed in a scenario")
    for key, value in entries:
        stack = [(value, 1)] if key is value else [(key, 1), (value, 1)]
        while stack:
            node, depth = stack.pop()
            count += 1
            if count > MAX_NODES or depth > MAX_DEPTH:
                raise ScenarioError(file, key.start_mark.line + 1, "",
                                    f"document too large or too deeply nested: this entry expands "
                                    f"beyond {MAX_NODES} values or {MAX_DEPTH} levels (aliases?)")
            if not _standard_tag(node):
                raise ScenarioError(file, node.start_mark.line + 1, "",
                                    f"YAML tag {node.tag!r} is not allowed in a scenario")
            if isinstance(node, yaml.MappingNode):
                stack += [(n, depth + 1) for pair in node.value for n in pair]
            elif isinstance(node, yaml.SequenceNode):
                stack += [(n, depth + 1) for n in node.value]


STANDARD_TAG = "tag:yaml.org,2002:"
STANDARD_TYPES = {"str", "int", "float", "bool", "null", "map", "seq", "timestamp"}


def _standard_tag(node: yaml.Node) -> bool:
    """Only the plain YAML types: no python/*, no custom or binary tags."""
    tag = node.tag or ""
    return tag.startswith(STANDARD_TAG) and tag[len(STANDARD_TAG):] in STANDARD_TYPES


def _convert(node: yaml.Node, path: Path, located: Located) -> Any:
    located.lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node, path, located)
            if isinstance(key, (dict, list)) or key is None:
                raise located.error(path, "a mapping key must be a plain name")
            key = str(key) if not isinstance(key, str) else key
            if key in out:
                located.lines[path + (key,)] = key_node.start_mark.line + 1
                raise located.error(path + (key,), f"duplicate key {key!r}")
            out[key] = _convert(value_node, path + (key,), located)
            located.lines[path + (key,)] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(child, path + (i,), located) for i, child in enumerate(node.value)]
    return _scalar(node, path, located)


def _scalar(node: yaml.Node, path: Path, located: Located) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        return _convert(node, path, located)
    try:
        value = _StrictLoader.construct_object(_StrictLoader(""), node)  # type: ignore[arg-type]
    except yaml.YAMLError as exc:
        raise ScenarioError(located.file, node.start_mark.line + 1, dotted(path),
                            f"bad value: {exc}") from None
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:      # a lone surrogate written as an escape ("\ud800")
            raise ScenarioError(located.file, node.start_mark.line + 1, dotted(path),
                                "text that is not valid Unicode") from None
    return value
