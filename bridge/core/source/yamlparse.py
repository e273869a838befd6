"""The YAML parser behind yamlsrc.load_yaml (PyYAML): bounded (nesting, node count, aliases,
tags), every value's line kept. Imported only when a text is not in the parse cache: PyYAML's
import is a tenth of a small command's time."""
from __future__ import annotations

from typing import Any, Callable

import yaml

from ..base.errors import ScenarioError
from .located import Located, Path, clip, dotted

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when installed: fast, bounded


class _StrictConstructor(yaml.SafeLoader):
    """Safe construction only: no Python objects, no custom tags."""


# What PyYAML's safe constructors raise on a malformed scalar besides YAMLError: `!!int ''`
# (IndexError), `!!bool maybe` (KeyError), `2001-13-45` (ValueError), a 5,001-digit integer
# (ValueError: int digits limit), a timestamp tag on text (AttributeError, TypeError).
CONSTRUCTOR_ERRORS = (yaml.YAMLError, ValueError, TypeError, KeyError, AttributeError,
                      IndexError, OverflowError)
MAX_NODES = 50_000
MAX_DEPTH = 40


def parse(text: str, file: str, tick: Callable[[], None] = lambda: None) -> Located:
    """Parse YAML text, keeping lines; raise ScenarioError (with the line) on any YAML fault.
    `tick` is called between stages (the --timeout deadline's check)."""
    try:
        _check_events(text, file)
        tick()
        node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, file) from None
    except (RecursionError, MemoryError) as exc:   # cannot happen past _check_events; kept exact
        raise ScenarioError(file, None, "", f"the YAML document is too large or too deeply "
                                            f"nested to read ({type(exc).__name__})") from None
    located = Located(None, file)
    if node is None:
        return located
    tick()
    _check_size(node, file)
    tick()
    located.data = _Converter(located).convert(node, ())
    return located


def _syntax_error(exc: yaml.YAMLError, file: str) -> ScenarioError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark else None
    problem = getattr(exc, "problem", None) or (str(exc).splitlines() or ["unreadable"])[0]
    context, cmark = getattr(exc, "context", None), getattr(exc, "context_mark", None)
    if context and cmark and mark and cmark.line != mark.line:
        problem += f" ({context} that starts at line {cmark.line + 1})"
    return ScenarioError(file, line, "", f"YAML syntax error: {clip(problem, 200)}")


def _check_events(text: str, file: str) -> None:
    """Refuse absurd nesting and node counts from the event stream, before any tree is built:
    the event parser keeps its own stack, so `[[[[...` 500 deep costs no recursion, and a
    300,000-entry list is refused at entry 50,001 instead of after building it."""
    depth = count = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            depth += 1
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1
            continue
        elif not isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent)):
            continue
        count += 1
        if depth > MAX_DEPTH or count > MAX_NODES:
            raise ScenarioError(file, event.start_mark.line + 1, "",
                                f"document too large or too deeply nested: more than "
                                f"{MAX_NODES} values or {MAX_DEPTH} levels")


def _check_size(root: yaml.Node, file: str) -> None:
    """Refuse alias bombs, absurd nesting and non-standard tags before converting anything.

    The walk goes entry by entry, so the error names the line of the top-level entry whose
    value blows up (an alias expands to its anchored node each time it is used)."""
    count = 0
    entries = [(k, v) for k, v in root.value] if isinstance(root, yaml.MappingNode) else [(root, root)]
    if not _standard_tag(root):
        raise ScenarioError(file, root.start_mark.line + 1, "",
                            f"YAML tag {clip(root.tag)} is not allowed in a scenario")
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
                                    f"YAML tag {clip(node.tag)} is not allowed in a scenario")
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


class _Converter:
    """Node tree -> plain data, recording the line of every path; one constructor for all
    scalars of the document."""

    def __init__(self, located: Located):
        self.located = located
        self.constructor = _StrictConstructor("")

    def convert(self, node: yaml.Node, path: Path) -> Any:
        located = self.located
        located.lines[path] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                key = self.convert(key_node, path + ("?",)) if not isinstance(
                    key_node, yaml.ScalarNode) else self.scalar(key_node, path)
                if isinstance(key, (dict, list)) or key is None:
                    raise located.error(path, "a mapping key must be a plain name")
                key = str(key) if not isinstance(key, str) else key
                if key in out:
                    located.lines[path + (key,)] = key_node.start_mark.line + 1
                    raise located.error(path + (key,), f"duplicate key {clip(key)}")
                out[key] = self.convert(value_node, path + (key,))
                located.lines[path + (key,)] = key_node.start_mark.line + 1
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.convert(child, path + (i,)) for i, child in enumerate(node.value)]
        return self.scalar(node, path)

    def scalar(self, node: yaml.ScalarNode, path: Path) -> Any:
        line = node.start_mark.line + 1
        try:
            value = self.constructor.construct_object(node)
        except CONSTRUCTOR_ERRORS as exc:
            kind = (node.tag or "").rsplit(":", 1)[-1]
            detail = str(exc).splitlines()[0] if isinstance(exc, ValueError) and str(exc) else ""
            raise ScenarioError(self.located.file, line, dotted(path),
                                f"bad value {clip(node.value)}: not a valid YAML {kind}"
                                + (f" ({clip(detail, 100, quote=False)})" if detail else "")
                                ) from None
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:      # a lone surrogate written as an escape ("\ud800")
                raise ScenarioError(self.located.file, line, dotted(path),
                                    "text that is not valid Unicode") from None
        return value
