"""Issue 38, point 2: every file the program reads goes through one bounded input path: a FIFO,
a device, a directory where a file goes, or a file over its size cap is exit 2 naming the file,
at once; reading honours --timeout."""
from __future__ import annotations

from pathlib import Path

import pytest

from reliability import bear, hostile, rk

FIXTURE = Path(__file__).parent / "fixtures" / "scryfall"
CARD = "name: Ember Bear\ntypes: [creature]\npower: 2\ntoughness: 2\n"
USES_CARD = """title: "a card from --cards"
players: [alice, bob]
objects:
  - {id: bear, card: Ember Bear, controller: alice}
"""


@pytest.mark.parametrize("kind", ["fifo", "devzero", "huge"])
def test_a_cards_folder_with_a_hostile_entry_is_refused_in_time(tmp_path, kind):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "ember-bear.yaml").write_text(CARD)
    bad = hostile(folder, kind, "zzz.yaml")
    scen = bear(tmp_path, USES_CARD.replace("Ember Bear", "Other Bear"))
    done = rk("ask", str(scen), "--cards", str(folder), "--timeout", "3", limit=60)
    assert done.clean and done.code == 2, done.err
    assert done.seconds < 30
    assert str(bad.name) in done.err


@pytest.mark.parametrize("command", [("cards", "stats"), ("cards", "import")])
@pytest.mark.parametrize("kind", ["fifo", "devzero"])
def test_card_commands_on_a_special_file_are_refused(tmp_path, command, kind):
    bad = hostile(tmp_path, kind, "cards.json")
    extra = ["--into", str(tmp_path / "out")] if command[1] == "import" else []
    done = rk(*command, str(bad), *extra, limit=60)
    assert done.clean and done.code == 2, done.err
    assert "cards.json" in done.err


@pytest.mark.parametrize("kind", ["fifo", "devzero"])
def test_rulings_all_on_a_special_file_is_refused_at_once(tmp_path, kind):
    # the run's key digested the card file with a plain open(): a FIFO blocked for ever and
    # /dev/zero was read without end, past --timeout
    bad = hostile(tmp_path, kind, "cards.json")
    done = rk("rulings", "--all", str(bad), "--out", str(tmp_path / "out"), "--timeout", "3",
              limit=60)
    assert done.clean and done.code == 2, done.err
    assert "cards.json" in done.err and "not a regular file" in done.err
    assert done.seconds < 30


@pytest.mark.parametrize("kind", ["fifo", "devzero"])
def test_graph_impact_passes_over_a_special_file_among_the_scenarios(tmp_path, kind):
    # the citing scenarios were read with read_text after a size check: a FIFO named
    # *.yaml blocked `graph --impact` for ever
    folder = tmp_path / "scenarios"
    folder.mkdir()
    hostile(folder, kind, "a.yaml")
    done = rk("graph", "--impact", "704.5g", "--scenarios", str(folder), limit=60)
    assert done.clean and done.code == 0, done.err
    assert "changing 704.5g affects" in done.out


def test_graph_output_is_never_written_through_a_symlink(tmp_path):
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me\n")
    link = tmp_path / "graph.txt"
    link.symlink_to(outside)
    done = rk("graph", "--rule", "704.5g", "-o", str(link), limit=60)
    assert done.clean and done.code == 0, done.err
    assert outside.read_text() == "keep me\n" and not link.is_symlink()
