"""Card names as you type: every name of the bundled library and of the `--cards` sources (a
Scryfall file's whole pool included), matched in the form the card lookup uses
(`scryfall.normalise`: case, accents and punctuation ignored).

The names are read once when the server starts and kept sorted by their normalised form, so a
prefix is found by bisection; names containing the query elsewhere (at a word's start first)
fill the rest of the list, found by `str.find` in one text holding every name. On a
35 000-name pool an answer takes well under a millisecond (bench/bench_cardsearch.py,
docs/performance.md)."""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from heapq import nsmallest
from dataclasses import dataclass
from typing import Iterable

from ...cards.scryfall import normalise

MAX_QUERY = 200         # no card name is longer; a longer query matches nothing
DEFAULT_LIMIT = 20


@dataclass(frozen=True)
class Hit:
    name: str
    source: str         # "bundled", or the --cards source it comes from

    def as_json(self) -> dict[str, str]:
        return {"name": self.name, "source": self.source}


class CardSearch:
    """The name pool, first source first: a name found in an earlier source hides the same
    name later (as the card lookup does: a `--cards` card overrides the bundled one)."""

    def __init__(self, pools: Iterable[tuple[str, Iterable[str]]]):
        seen: dict[str, tuple[str, str]] = {}
        for source, names in pools:
            for name in names:
                seen.setdefault(name, (normalise(name), source))
        entries = sorted((key, name, source) for name, (key, source) in seen.items())
        # plain lists of strings: nothing the cycle collector has to walk one by one
        self._keys = [k for k, _, _ in entries]
        self._names = [name for _, name, _ in entries]
        self._sources = [source for _, _, source in entries]
        self._short: dict[tuple[str, int], list[int]] = {}     # 1- and 2-letter prefixes
        # every key in one text, each after a newline: a substring is found by str.find (C)
        self._starts = []
        at = 0
        for key in self._keys:
            self._starts.append(at)
            at += len(key) + 1
        self._blob = "".join("\n" + k for k in self._keys)

    def __len__(self) -> int:
        return len(self._names)

    def search(self, query: str, limit: int = DEFAULT_LIMIT) -> list[Hit]:
        """Names starting with the query (shortest first), then names with a word starting
        with it, then names containing it; at most `limit`."""
        wanted = normalise(query) if len(query) <= MAX_QUERY else ""
        if not wanted or limit <= 0:
            return []
        found = self._prefixed(wanted, limit)
        for needle in (" " + wanted, wanted):
            if len(found) >= limit:
                break
            found += self._containing(needle, limit - len(found), set(found))
        return [Hit(self._names[i], self._sources[i]) for i in found]

    def _prefixed(self, wanted: str, limit: int) -> list[int]:
        key = (wanted, limit)
        if key in self._short:          # thousands of names start with one letter: kept
            return list(self._short[key])
        start = bisect_left(self._keys, wanted)
        end = bisect_left(self._keys, wanted + "\uffff", start)
        found = nsmallest(limit, range(start, end), key=lambda i: (len(self._keys[i]), i))
        if len(wanted) <= 2:
            self._short[key] = list(found)
        return found

    def _containing(self, needle: str, limit: int, taken: set[int]) -> list[int]:
        out: list[int] = []
        at = self._blob.find(needle)
        while at >= 0 and len(out) < limit:
            index = bisect_right(self._starts, at) - 1
            if index not in taken:
                taken.add(index)
                out.append(index)
            at = self._blob.find(needle, self._starts[index + 1] if index + 1 < len(
                self._starts) else len(self._blob))
        return out
