"""The record every card source answers with (a card's YAML map and where it came from): kept
apart from the sources themselves, so the card library can name it without loading them."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.base.record import Record

__all__ = ["Found"]


@dataclass(init=False, repr=False, eq=False)
class Found(Record):
    """A card as a source holds it: its YAML map (the contract's card form) and where from."""

    name: str
    data: dict[str, Any]
    origin: str
    compiled: Any = None        # the CompiledCard of a Scryfall card
    path: Path | None = None    # the YAML file of a written card (its faults name its lines)
