"""Issue 38, point 7: hostile Scryfall JSON is exit 2 naming the file and the card, in every
card command; a card that cannot be written is reported, the rest imported."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulekeeper.cli.main import main


def run(*args: str):
    """The command in this process: any exception but SystemExit fails the test."""
    return CliRunner().invoke(main, list(args), catch_exceptions=False)

FIXTURE = Path(__file__).parent / "fixtures" / "scryfall" / "cards.json"
GOOD = {"object": "card", "name": "Plain Bear", "type_line": "Creature — Bear",
        "mana_cost": "{1}{G}", "oracle_text": "", "power": "2", "toughness": "2"}


def card(**changes) -> dict:
    return {**GOOD, **changes}


FAULTS = {
    "deep": "[" + "[" * 1000 + "]" * 1000 + "]",
    "deep-object": '{"object": "card", "name": "X", "x": ' + "[" * 1000 + "]" * 1000 + "}",
    "faces-type": json.dumps([card(card_faces="oops")]),
    "faces-items": json.dumps([card(card_faces=[1, None, "x"])]),
    "oracle-type": json.dumps([card(oracle_text=["a"])]),
    "oracle-dict": json.dumps([card(oracle_text={"a": 1})]),
    "power-type": json.dumps([card(power=[2])]),
    "types-type": json.dumps([card(type_line=5)]),
    "surrogate": '[{"object": "card", "name": "Bad \\ud800 Bear", "type_line": "Creature"}]',
    "big-int": '[{"object": "card", "name": "X", "cmc": ' + "9" * 5000 + "}]",
    "list-data": '{"object": "list", "data": 5}',
    "top-type": "5",
    "top-string": '"card"',
    "top-null": "null",
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
@pytest.mark.parametrize("command", ["stats", "import", "show", "list"])
def test_hostile_card_json_in_every_card_command(tmp_path, fault, command):
    path = tmp_path / "cards.json"
    path.write_text(FAULTS[fault], encoding="utf-8")
    args = {"stats": ["cards", "stats", str(path)],
            "import": ["cards", "import", str(path), "--into", str(tmp_path / "out")],
            "show": ["cards", "show", "Plain Bear", "--cards", str(path)],
            "list": ["cards", "list", "--cards", str(path)]}[command]
    done = run(*args, "--json")
    assert done.exit_code in (0, 2), done.output[-2000:]
    json.loads(done.output)                         # a report or {"error": ...}


def test_a_non_utf8_file_in_a_cards_folder(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "bad.yaml").write_bytes(b"name: B\xffar\n")
    done = run("cards", "list", "--cards", str(folder))
    assert done.exit_code == 2 and "bad.yaml" in done.output and "UTF-8" in done.output


def test_a_251_character_name_does_not_abort_an_import(tmp_path):
    cards = json.loads(FIXTURE.read_text())["data"] + [card(name="B" * 251)]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards))
    done = run("cards", "import", str(path), "--into", str(tmp_path / "out"), "--json")
    assert done.exit_code == 0, done.output
    report = json.loads(done.output)
    assert report["written"] + len(report["invalid"]) == len(cards)
    assert report["written"] >= len(cards) - 1


@pytest.mark.parametrize("command", ["stats", "import", "list"])
def test_card_commands_take_a_timeout(tmp_path, command):
    cards = json.loads(FIXTURE.read_text())["data"] * 200
    path = tmp_path / "many.json"
    path.write_text(json.dumps(cards))
    args = {"stats": ["cards", "stats", str(path)],
            "import": ["cards", "import", str(path), "--into", str(tmp_path / "out")],
            "list": ["cards", "list", "--cards", str(path)]}[command]
    done = run(*args, "--timeout", "0.3", "--json")
    assert done.exit_code == 2, done.output[-1000:]
    assert json.loads(done.output)["error"]["kind"] == "timeout"
