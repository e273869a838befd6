"""The card a command is about: a library card by name, or a YAML file holding one card."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.base.errors import ScenarioError
from ..core.source.checks import Checker
from ..core.source.yamlsrc import load_yaml
from ..games.mtg.cards import default_library, parse_card, parse_card_map
from ..games.mtg.scenario import Card
from ..core.base.safeio import read_card_file


@dataclass
class CardSource:
    """A card as written (raw data, to put into scenarios) and as parsed."""

    name: str
    raw: dict[str, Any]
    card: Card
    origin: str          # the file it was read from


def resolve_card(arg: str, cards: str | Path | list | tuple | None = None) -> CardSource:
    """`arg` is a YAML file holding one card, or a card name looked up in the user card sources
    `cards` (folders of one-card YAML files, Scryfall JSON files; `--cards`) and then the
    bundled library. An unknown name is bad input, with the close names."""
    path = Path(arg)
    if path.suffix in (".yaml", ".yml") and path.is_file():
        return _from_file(path)
    sources = [cards] if isinstance(cards, (str, Path)) else list(cards or [])
    library = default_library().with_sources([Path(s) for s in sources])
    found = library.find(arg)
    if found is not None:
        if found.path is not None:
            return _from_file(found.path)
        card = parse_card_map(found.data, found.origin, key=found.name)
        return CardSource(card.name or found.name, dict(found.data), card, found.origin)
    close = library.close_names(arg)
    hint = f"; did you mean: {', '.join(close)}?" if close else \
        "; give a library card name (see rules_asp/cards/) or a YAML file holding one card"
    raise ScenarioError(arg, None, "CARD", f"no card named {arg!r}{hint}")


def _from_file(path: Path) -> CardSource:
    text = read_card_file(path)
    src = load_yaml(text, str(path))
    if not isinstance(src.data, dict):
        raise src.error((), "a card file holds one card: a map of card fields")
    key = src.data.get("name") if isinstance(src.data.get("name"), str) else path.stem
    card = parse_card(Checker(src), (), src.data, key=key)
    if card.name is None:
        card.name = key
    raw = dict(src.data)
    raw["name"] = card.name
    return CardSource(card.name, raw, card, str(path))
