"""User card sources (`--cards PATH`, RULEKEEPER_CARDS): a folder of card YAML files or a
Scryfall JSON file, each answering "the card named N" with the card's YAML map.

A Scryfall card is compiled (bridge/oracle: `compile_card`) to the card format on lookup; the
Oracle lines it did not understand are kept in the card's `not_understood` field, so that
`ask` can say what its answer ignores.
"""
from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path
from typing import Any

from ..core.base.errors import ScenarioError
from ..core.base.safeio import read_card_file
from ..core.source.yamlsrc import load_yaml
from .found import Found
from .scryfall import Progress, ascii_letters, normalise

ENV = "RULEKEEPER_CARDS"


def compiled_yaml(scryfall_card: dict) -> tuple[dict[str, Any], Any]:
    """The card YAML of a Scryfall card, with its not-understood Oracle lines recorded."""
    from .oracle import (
        compile_card,  # lazily: the Oracle compiler is a separate package
    )
    result = compile_card(scryfall_card)
    data = dict(result.yaml_card)
    missed = [line.text for line in result.lines if line.status != "compiled"]
    if missed and "not_understood" not in data:
        data["not_understood"] = missed
    return data, result


def slug(name: str) -> str:
    """A card's file name: "Ajani's Pridemate" -> ajanis-pridemate (a double-faced card by its
    front face's name)."""
    front = name.split("//")[0]
    text = unicodedata.normalize("NFKD", ascii_letters(front)).encode("ascii", "ignore") \
        .decode().lower()
    text = re.sub(r"['’]", "", text)
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "card"


class YamlFolder:
    """A folder of one-card YAML files (searched recursively), found by name: first the file
    named by the name's slug (what `cards import` writes: one read, however big the folder),
    else by scanning every file once."""

    def __init__(self, root: Path):
        self.root = root
        self._index: dict[str, Path] | None = None
        self._cards: list[str] = []

    def _scan(self) -> dict[str, Path]:
        if self._index is None:
            self._index, self._cards = {}, []
            for path in sorted(self.root.rglob("*.yaml")) + sorted(self.root.rglob("*.yml")):
                src = load_yaml(read_card_file(path), str(path))
                data = src.data if isinstance(src.data, dict) else {}
                back = data.get("back") if isinstance(data.get("back"), dict) else {}
                for name in (data.get("name"), back.get("name")):     # either face's name
                    if isinstance(name, str):
                        self._index.setdefault(name, path)
                if isinstance(data.get("name"), str):
                    self._cards.append(data["name"])
        return self._index

    def names(self) -> list[str]:
        """Every name a card is found by (a double-faced card's back face too)."""
        return list(self._scan())

    def cards(self) -> list[str]:
        """Each card's name, once."""
        self._scan()
        return list(self._cards)

    def find(self, name: str) -> Found | None:
        guess = self.root / f"{slug(name)}.yaml"
        if guess.is_file():
            src = load_yaml(read_card_file(guess), str(guess))
            found = src.data.get("name") if isinstance(src.data, dict) else None
            if isinstance(found, str) and normalise(found) == normalise(name):
                return Found(found, src.data, str(guess), path=guess)
        index = self._scan()
        wanted = normalise(name)
        path = index.get(name) or next((p for n, p in index.items()
                                         if normalise(n) == wanted), None)
        if path is None:
            return None
        src = load_yaml(read_card_file(path), str(path))
        return Found(src.data["name"], src.data, str(path), path=path)


class ScryfallFile:
    """A Scryfall JSON file, through its SQLite index (bridge/cards/index.py)."""

    def __init__(self, path: Path, progress: Progress | None = None):
        from .index import ScryfallIndex
        self.root = path
        self.index = ScryfallIndex(path, progress)

    def names(self) -> list[str]:
        return self.index.lookup_names()

    def find(self, name: str) -> Found | None:
        card = self.index.get(name)
        if card is None:
            return None
        data, result = compiled_yaml(card)
        return Found(card["name"], data, f"{self.root} ({card['name']})", result)


def open_source(path: Path, progress: Progress | None = None) -> YamlFolder | ScryfallFile:
    """The source at `path`: a folder of card YAML files or a Scryfall JSON file."""
    if path.is_dir():
        return YamlFolder(path)
    if path.is_file():
        return ScryfallFile(path, progress)
    raise ScenarioError(str(path), None, "--cards", "no such folder or file: give a folder of "
                        "card YAML files or a Scryfall JSON file")


def env_sources() -> list[Path]:
    """The sources of the RULEKEEPER_CARDS variable (os.pathsep-separated), in order."""
    return [Path(p).expanduser() for p in os.environ.get(ENV, "").split(os.pathsep) if p.strip()]
