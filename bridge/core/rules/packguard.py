"""A plug-in pack's rule text checked before clingo parses it (issue 38): packs are code.

clingo's parser would run a `#script` (with a clingo built with Python or Lua), read any file an
`#include` names, and crash (a segfault, exit 139) on a term nested some 20 000 deep; so each
plug-in `.lp` text is scanned first, outside comments and strings, as clingo's lexer reads it:

- `#script` is refused;
- `#include "F".` is accepted only when F is a rule file of the pack itself (every one is loaded
  anyway: the directive is blanked out, so clingo never opens a file), refused otherwise
  (`<incmode>`, a path outside the pack's folder, a file that is not one of its rule files);
- brackets nested deeper than MAX_DEPTH, or more than MAX_OPERATORS operators in one statement
  (`1+1+...+1` is a tree as deep), are refused at the line where the limit is passed.

Every refusal is a ScenarioError (exit 2) with the file and the line.
"""
from __future__ import annotations

import os
import re

from ..base.errors import ScenarioError

MAX_DEPTH = 100          # the bundled rules nest at most a few levels
MAX_OPERATORS = 1000     # per statement; clingo's parser crashes near 20 000
_DIRECTIVE = re.compile(r"#\s*(script|include)\b")
_INCLUDE = re.compile(r'#\s*include\s*(?:"((?:[^"\\\n]|\\.)*)"|<([^>\n]*)>)\s*\.')
_OPEN, _CLOSE = "([{", ")]}"
_OPERATORS = set("+-*/\\^&?|")


def checked_text(text: str, file: str, label: str, pack_files: set[str]) -> str:
    """`text` as clingo may parse it (permitted `#include`s blanked out), or ScenarioError."""
    out = list(text)
    depth, operators, line = 0, 0, 1
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == "%":
            end = _skip_comment(text, i)
            line += text.count("\n", i, end)
            i = end
            continue
        elif ch == '"':
            i = _skip_string(text, i)
            continue
        elif ch == "#":
            match = _DIRECTIVE.match(text, i)
            if match and match.group(1) == "script":
                raise ScenarioError(file, line, "#script", f"{label}: a pack may not hold "
                                    "`#script`: packs are rules, never programs run by the solver")
            if match:
                end = _include(text, i, file, label, line, pack_files)
                out[i:end] = [" " if c != "\n" else c for c in text[i:end]]
                i = end
                continue
        elif ch in _OPEN:
            depth += 1
            if depth > MAX_DEPTH:
                raise ScenarioError(file, line, "", f"{label}: brackets nested more than "
                                    f"{MAX_DEPTH} deep")
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
        elif ch in _OPERATORS or text.startswith("..", i):
            operators += 1
            if operators > MAX_OPERATORS:
                raise ScenarioError(file, line, "", f"{label}: more than {MAX_OPERATORS} "
                                    "operators in one statement (a term too deep to parse)")
        elif ch == "." and depth == 0 and not text.startswith("..", i) and \
                (i == 0 or text[i - 1] != "."):
            operators = 0                               # the end of a statement
        i += 1
    return "".join(out)


def _skip_comment(text: str, i: int) -> int:
    """The index after the comment at text[i] (`%` to the end of the line, `%* ... *%`)."""
    if text.startswith("%*", i):
        end = text.find("*%", i + 2)
        return len(text) if end < 0 else end + 2
    end = text.find("\n", i)
    return len(text) if end < 0 else end


def _skip_string(text: str, i: int) -> int:
    j = i + 1
    while j < len(text) and text[j] not in '"\n':
        j += 2 if text[j] == "\\" else 1
    return j + 1


def _include(text: str, i: int, file: str, label: str, line: int, pack_files: set[str]) -> int:
    """The end of a permitted `#include` at text[i]; ScenarioError for any other."""
    match = _INCLUDE.match(text, i)
    if match is None or match.group(1) is None:
        raise ScenarioError(file, line, "#include", f"{label}: `#include` may only name a rule "
                            "file of the pack, in quotes (`#include \"other.lp\".`)")
    target = os.path.realpath(os.path.join(os.path.dirname(file), match.group(1)))
    if target not in pack_files:
        raise ScenarioError(file, line, "#include", f"{label}: `#include \"{match.group(1)[:80]}\"`"
                            " names a file outside the pack's rule files; a pack reads only its "
                            "own folder")
    return match.end()
