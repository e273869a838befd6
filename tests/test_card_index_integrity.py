"""Issue 38, point 1: the Scryfall card index cannot lie. A changed byte in a card's row, or a
damaged index file, is found where it is read: the index is rebuilt, never an answer and
never a traceback."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from rulekeeper.bridge.cards.index import ScryfallIndex
from rulekeeper.bridge.core.base.errors import ScenarioError

FIXTURE = Path(__file__).parent / "fixtures" / "scryfall" / "cards.json"


def test_a_changed_byte_in_the_card_index_changes_no_card(cache, tmp_path):
    source = tmp_path / "cards.json"
    shutil.copy(FIXTURE, source)
    index = ScryfallIndex(source)
    truth = index.get("Craw Wurm")
    index.close()
    raw = index.path.read_bytes()
    row = json.dumps(truth, ensure_ascii=False).encode("utf-8")
    for offset in (row.index(b'"power"') + 10, row.index(b'"type_line"') + 14):
        at = raw.index(row) + offset          # a digit of the power, a letter of the type line
        index.path.write_bytes(raw[:at] + bytes([raw[at] ^ 0x01]) + raw[at + 1:])
        assert ScryfallIndex(source).get("Craw Wurm") == truth


def test_a_damaged_card_index_is_rebuilt(cache, tmp_path):
    source = tmp_path / "cards.json"
    shutil.copy(FIXTURE, source)
    index = ScryfallIndex(source)
    truth = (index.get("Craw Wurm"), index.names())
    index.close()
    raw = bytearray(index.path.read_bytes())
    for pos in range(0, len(raw), 512):                 # every page's header, and more
        raw[pos:pos + 16] = b"\xa5" * 16
    index.path.write_bytes(bytes(raw))
    again = ScryfallIndex(source)
    assert (again.get("Craw Wurm"), again.names()) == truth


@pytest.mark.parametrize("kind", ["fifo", "symlink", "directory"])
def test_a_card_index_that_is_not_a_regular_file_is_rebuilt(cache, tmp_path, kind):
    source = tmp_path / "cards.json"
    shutil.copy(FIXTURE, source)
    index = ScryfallIndex(source)
    truth = index.get("Craw Wurm")
    index.close()
    index.path.unlink()
    outside = tmp_path / "outside.sqlite"
    outside.write_bytes(b"keep")
    {"fifo": lambda: os.mkfifo(index.path), "symlink": lambda: index.path.symlink_to(outside),
     "directory": lambda: index.path.mkdir()}[kind]()
    if kind == "directory":
        with pytest.raises(ScenarioError, match="card index"):   # cannot be replaced: exit 2
            ScryfallIndex(source).get("Craw Wurm")
    else:
        assert ScryfallIndex(source).get("Craw Wurm") == truth
    assert outside.read_bytes() == b"keep"


def test_a_lost_name_row_is_found_on_a_miss(cache, tmp_path):
    import sqlite3
    source = tmp_path / "cards.json"
    shutil.copy(FIXTURE, source)
    index = ScryfallIndex(source)
    truth = index.get("Craw Wurm")
    index.close()
    with sqlite3.connect(index.path) as db:
        db.execute("DELETE FROM names WHERE display = 'Craw Wurm'")
    db.close()
    assert ScryfallIndex(source).get("Craw Wurm") == truth
