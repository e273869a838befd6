"""The not-understood warning (issue 31; bridge/cards/ignored.py, docs/cards.md "What an answer
ignores"): `ask`, `legal` and `rulings` say first, in text and JSON, which Oracle line of which
card the answer ignores, and no answer cites a rule for an action of a card whose text was
ignored (Sleep, its one line not understood: never "cast(frog) is not allowed (601.2c)"). Turn
to Frog was the example until its line compiled (issue 31, session 12), then Polymorphist's
Jest until its line did (issue 33, session 14)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulekeeper.bridge.cards.ignored import HEADER, IgnoredLine, ignored_lines, warning_lines
from rulekeeper.bridge.cards.oracle import compile_card
from rulekeeper.cli.main import main

FROG_LINE = ("Tap all creatures target player controls. They don't untap during their controller's next "
             "untap step.")
CARDS = [
    {"object": "card", "name": "Sleep", "mana_cost": "{2}{U}{U}", "type_line": "Sorcery",
     "colors": ["U"], "oracle_text": FROG_LINE},
    {"object": "card", "name": "Grizzly Bears", "mana_cost": "{1}{G}", "colors": ["G"],
     "type_line": "Creature — Bear", "power": "2", "toughness": "2", "oracle_text": ""},
]
SCENARIO = """title: Sleep on bob's bear
players: [alice, bob]
objects:
  - {id: frog, card: Sleep, zone: hand, owner: alice}
  - {id: bear, card: Grizzly Bears, controller: bob}
  - {id: forest, card: Forest, controller: alice}
  - {id: forest2, card: Forest, controller: alice}
  - {id: island, card: Island, controller: alice}
  - {id: island2, card: Island, controller: alice}
actions:
  - cast: {card: frog, targets: [bob]}
"""


@pytest.fixture()
def files(tmp_path, monkeypatch) -> tuple[Path, Path]:
    monkeypatch.setenv("RULEKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULEKEEPER_CARDS", raising=False)
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(CARDS), encoding="utf-8")
    scen = tmp_path / "frog.yaml"
    scen.write_text(SCENARIO, encoding="utf-8")
    return cards, scen


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_the_frog_line_is_not_understood():
    assert compile_card(CARDS[0]).lines[0].status == "not_understood"


def test_api_lists_each_line_once_and_says_nothing_when_none_is_ignored():
    class Face:
        def __init__(self, name, lines, back=None):
            self.name, self.not_understood, self.back = name, lines, back
    frog = Face("Sleep", [FROG_LINE])
    found = ignored_lines([frog, frog, Face("Bear", [])])
    assert found == [IgnoredLine("Sleep", FROG_LINE)]
    assert warning_lines(found)[0] == HEADER and FROG_LINE in warning_lines(found)[1]
    assert warning_lines([]) == []
    assert found[0].as_json() == {"card": "Sleep", "line": FROG_LINE}


def test_ask_cites_no_rule_for_the_cast_of_a_card_whose_text_was_ignored(files):
    cards, scen = files
    text = run("ask", str(scen), "--cards", str(cards))
    assert text.exit_code == 0, text.output
    assert text.output.index(HEADER) < text.output.index("not judged")
    assert FROG_LINE in text.output
    assert "601.2c" not in text.output and "is not allowed" not in text.output
    data = json.loads(run("ask", str(scen), "--cards", str(cards), "--json").output)
    assert data["reliable"] is False and FROG_LINE in data["not_understood"][0]


def test_legal_says_first_which_line_it_ignores(files):
    cards, scen = files
    text = run("legal", str(scen), "--cards", str(cards))
    assert text.exit_code == 0, text.output
    assert text.output.splitlines()[0] == HEADER and FROG_LINE in text.output.splitlines()[1]
    data = json.loads(run("legal", str(scen), "--cards", str(cards), "--json").output)
    assert list(data)[0] == "not_understood" and FROG_LINE in data["not_understood"][0]
    assert data["reliable"] is False


def test_rulings_say_first_which_line_they_ignore(files):
    cards, _scen = files
    text = run("rulings", "Sleep", "--cards", str(cards), "--timeout", "20")
    assert text.exit_code == 0, text.output
    assert text.output.splitlines()[1] == HEADER and FROG_LINE in text.output.splitlines()[2]
    data = json.loads(run("rulings", "Sleep", "--cards", str(cards), "--json").output)
    assert list(data)[0] == "not_understood" and FROG_LINE in data["not_understood"][0]


def test_a_library_card_understood_in_full_carries_no_warning(monkeypatch, tmp_path):
    """Doubling Season's library card was its compiled Oracle text with the token line it did not
    understand (issue 31, session 12), and every answer said so first. Since session 17 the token
    line compiles (614.1a): an answer about it has no such warning and is reliable. (Cards with
    ignored lines are the `files` fixture's, above.)"""
    monkeypatch.setenv("RULEKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULEKEEPER_CARDS", raising=False)
    scen = (Path(__file__).parent.parent / "scenarios" / "mtg" / "real-cards"
            / "doubling-season-planeswalker-loyalty.yaml")
    text = run("ask", str(scen))
    assert text.exit_code == 0, text.output
    assert HEADER not in text.output
    data = json.loads(run("ask", str(scen), "--json").output)
    assert data["reliable"] is True and not data.get("not_understood")