"""Small typed validators that raise ScenarioError at the right line and field."""
from __future__ import annotations

import re
from typing import Any, Iterable

from .yamlsrc import Located, clip

MAX_INT = 1_000_000
# used with fullmatch: with match and $, "alice\n" passed and became a second player
IDENT = re.compile(r"[a-z][a-z0-9_]{0,63}")


class Checker:
    """Validation helpers bound to one source document."""

    def __init__(self, src: Located):
        self.src = src

    def scenario_top(self, top_keys: Iterable[str]) -> tuple[dict, str]:
        """A scenario document's top-level map (only `top_keys`) and its required title."""
        if self.src.data is None:
            raise self.src.error((), "the file is empty; a scenario needs at least a title and players")
        data = self.mapping((), self.src.data, top_keys)
        if "title" not in data:
            raise self.src.error((), "missing required field 'title'")
        return data, self.str_value(("title",), data["title"])

    def players(self, data: dict, counts: range, count_message: str) -> list[str]:
        """The required `players` list: identifiers, none twice, as many as `counts` allows."""
        if "players" not in data:
            raise self.src.error((), "missing required field 'players'")
        players = self.list(("players",), data["players"])
        if len(players) not in counts:
            raise self.src.error(("players",), count_message)
        for i, p in enumerate(players):
            self.ident(("players", i), p)
        if len(set(players)) != len(players):
            raise self.src.error(("players",), "a player is listed twice")
        return list(players)

    def mapping(self, path: tuple, raw: Any, allowed: Iterable[str] | None) -> dict:
        if not isinstance(raw, dict):
            raise self.src.error(path, f"expected a map, got {_kind(raw)}")
        if allowed is not None:
            allowed = set(allowed)
            for key in raw:
                if key not in allowed:
                    raise self.src.error(path + (key,), f"unknown key {clip(key)}; allowed: "
                                         + ", ".join(sorted(allowed)))
        return raw

    def list(self, path: tuple, raw: Any) -> list:
        if not isinstance(raw, list):
            raise self.src.error(path, f"expected a list, got {_kind(raw)}")
        return raw

    def str_value(self, path: tuple, raw: Any) -> str:
        if not isinstance(raw, str):
            raise self.src.error(path, f"expected text, got {_kind(raw)}")
        if not raw.strip():
            raise self.src.error(path, "expected text, got an empty string")
        if len(raw) > 500:
            raise self.src.error(path, "text longer than 500 characters")
        return raw

    def opt_str(self, path: tuple, data: dict, key: str) -> str | None:
        return None if data.get(key) is None else self.str_value(path + (key,), data[key])

    def int_value(self, path: tuple, raw: Any, minimum: int = -MAX_INT) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise self.src.error(path, f"expected a whole number, got {_kind(raw)}")
        if raw < minimum or raw > MAX_INT:
            lo = "0" if minimum == 0 else f"{minimum}"
            raise self.src.error(path, f"number {clip(raw, quote=False)} out of range ({lo} to {MAX_INT})")
        return raw

    def opt_int(self, path: tuple, data: dict, key: str, minimum: int = -MAX_INT) -> int | None:
        return None if data.get(key) is None else self.int_value(path + (key,), data[key], minimum)

    def bool_value(self, path: tuple, raw: Any) -> bool:
        if not isinstance(raw, bool):
            raise self.src.error(path, f"expected true or false, got {_kind(raw)}")
        return raw

    def ident(self, path: tuple, raw: Any) -> str:
        if not isinstance(raw, str) or not IDENT.fullmatch(raw):
            raise self.src.error(path, f"expected an id (lowercase letters, digits, _; starting "
                                       f"with a letter), got {_shown(raw)}")
        return raw

    def choice(self, path: tuple, raw: Any, options: Iterable[str]) -> str:
        options = list(options)
        if raw not in options:
            raise self.src.error(path, f"{_shown(raw)} is not one of: {', '.join(options)}")
        return raw

    def word_list(self, path: tuple, raw: Any, pattern: re.Pattern) -> list[str]:
        items = self.list(path, raw)
        for i, item in enumerate(items):
            if not isinstance(item, str) or not pattern.fullmatch(item):
                raise self.src.error(path + (i,), f"expected a lowercase word, got {_shown(item)}")
        return list(items)


def _kind(raw: Any) -> str:
    if raw is None:
        return "nothing"
    return {dict: "a map", list: "a list", str: f"text {clip(raw)}", bool: f"{raw}".lower()}.get(
        type(raw), f"{type(raw).__name__} {clip(raw)}")


def _shown(raw: Any) -> str:
    return clip(raw)
