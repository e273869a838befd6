"""Issue 38, points 3 and 8: outputs are written inside their folder only (a symlink already
there is replaced, never followed), and a folder that cannot be made is refused before work."""
from __future__ import annotations

from pathlib import Path

import pytest

from reliability import rk

FIXTURE = Path(__file__).parent / "fixtures" / "scryfall" / "cards.json"


def trap(folder: Path, name: str, tmp_path: Path) -> Path:
    """A symlink `folder/name` to a file outside the folder; the file it points to."""
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me\n")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).symlink_to(outside)
    return outside


def test_cards_import_never_writes_through_a_symlink(tmp_path):
    into = tmp_path / "into"
    outside = trap(into, "craw-wurm.yaml", tmp_path)
    done = rk("cards", "import", str(FIXTURE), "--into", str(into))
    assert done.clean and done.code == 0, done.err
    assert outside.read_text() == "keep me\n"
    written = into / "craw-wurm.yaml"
    assert not written.is_symlink() and "Craw Wurm" in written.read_text()


def test_rulings_write_never_writes_through_a_symlink(tmp_path):
    into = tmp_path / "into"
    first = rk("rulings", "Grizzly Bears", "--json", "--write", str(tmp_path / "probe"))
    assert first.code == 0, first.err
    names = sorted(p.name for p in (tmp_path / "probe").iterdir())
    assert names
    outside = trap(into, names[0], tmp_path)
    done = rk("rulings", "Grizzly Bears", "--write", str(into))
    assert done.clean and done.code == 0, done.err
    assert outside.read_text() == "keep me\n"
    assert not (into / names[0]).is_symlink()


ONE_CARD = ('[{"object": "card", "name": "Shock", "type_line": "Instant", "mana_cost": "{R}", '
            '"oracle_text": "Shock deals 2 damage to any target.", "layout": "normal"}]')


@pytest.mark.parametrize("name", ["rulings.jsonl", "index.json"])
def test_rulings_all_never_writes_through_a_symlink(tmp_path, name):
    # the lines file was opened with a plain O_CREAT and the index's temporary file with a
    # fixed name: a symlink in --out was written through, to a file outside it
    cards = tmp_path / "cards.json"
    cards.write_text(ONE_CARD)
    out = tmp_path / "out"
    outside = trap(out, name, tmp_path)
    done = rk("rulings", "--all", str(cards), "--out", str(out), limit=300)
    assert done.clean and done.code in (0, 2), done.err
    assert outside.read_text() == "keep me\n"
    if done.code == 2:                      # the lines file: refused, named
        assert name in done.err
    else:                                   # the index: replaced, not followed
        assert not (out / name).is_symlink()


@pytest.mark.parametrize("where", ["below-a-file", "/proc/rulekeeper-x", "/sys/rulekeeper-x"])
@pytest.mark.parametrize("command", ["rulings", "import", "consistency", "rulings-all"])
def test_a_folder_that_cannot_be_made_is_refused_before_the_work(tmp_path, where, command):
    if where == "below-a-file":
        (tmp_path / "file").write_text("x")
        where = str(tmp_path / "file" / "out")
    args = {"rulings": ["rulings", "Grizzly Bears", "--write", where],
            "import": ["cards", "import", str(FIXTURE), "--into", where],
            "rulings-all": ["rulings", "--all", str(FIXTURE), "--out", where],
            "consistency": ["consistency", "--pack-dir",
                            str(Path(__file__).parent / "packs" / "clean"), "--write", where]}
    done = rk(*args[command], limit=300)
    assert done.clean and done.code == 2, done.err
    assert where in done.err
    assert done.seconds < 20          # refused before any probe is solved
