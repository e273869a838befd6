"""Lookup by name with the whole pool loaded (issue 31): a card whose full name it is wins over
another card with a face of that name ("Emeritus of Conflict // Lightning Bolt" holds a face
called Lightning Bolt, and comes first in the file), then face names, then the close names."""
from __future__ import annotations

import json

import pytest

from rulekeeper.bridge.cards.index import ScryfallIndex
from rulekeeper.bridge.games.mtg.cards import default_library

BOLT = "Lightning Bolt deals 3 damage to any target."
POOL = [
    {"object": "card", "name": "Emeritus of Conflict // Lightning Bolt", "layout": "prepare",
     "card_faces": [{"name": "Emeritus of Conflict", "type_line": "Creature — Human Wizard",
                     "oracle_text": ""},
                    {"name": "Lightning Bolt", "type_line": "Instant", "oracle_text": BOLT}]},
    {"object": "card", "name": "Lightning Bolt", "mana_cost": "{R}", "type_line": "Instant",
     "colors": ["R"], "oracle_text": BOLT},
]


@pytest.fixture()
def pool(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "pool.json"
    path.write_text(json.dumps(POOL), encoding="utf-8")
    return path


@pytest.mark.parametrize("asked", ["Lightning Bolt", "lightning bolt", "LIGHTNING  BOLT!"])
def test_a_full_name_wins_over_a_face_name(pool, asked):
    assert ScryfallIndex(pool).get(asked)["name"] == "Lightning Bolt"


def test_a_face_name_still_finds_its_card(pool):
    assert ScryfallIndex(pool).get("Emeritus of Conflict")["layout"] == "prepare"


def test_library_lookup_and_close_names(pool):
    library = default_library().with_sources([pool])
    assert library.find("Lightning Bolt").data["mana_cost"] == "{R}"
    assert "Lightning Bolt" in library.close_names("Lightnin Bolt")
