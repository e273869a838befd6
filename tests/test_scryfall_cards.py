"""Real cards (issue 15): Scryfall JSON read and indexed, `--cards`, `rulekeeper cards ...`.

The expected compiled/not-understood split is always taken from `compile_card` itself, so these
tests hold for the stand-in compiler and for the real Oracle compiler alike."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulekeeper.bridge.cards import index as cardindex

from rulekeeper.bridge.cards import scryfall
from rulekeeper.bridge.tools.cardimport import template
from rulekeeper.bridge.cards.index import ScryfallIndex
from rulekeeper.bridge.games.mtg.cards import default_library
from rulekeeper.bridge.cards.sources import YamlFolder, slug
from rulekeeper.bridge.core.base.errors import ScenarioError
from rulekeeper.bridge.cards.oracle import compile_card
from rulekeeper.cli.main import main

FIXTURE = Path(__file__).parent / "fixtures" / "scryfall"
CARDS = FIXTURE / "cards.json"
SCENARIOS = FIXTURE / "scenarios"


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch) -> Path:
    """Indexes go to a fresh cache directory, never the user's; no RULEKEEPER_CARDS leaks in."""
    monkeypatch.setenv("RULEKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULEKEEPER_CARDS", raising=False)
    return tmp_path / "cache"


def fixture_cards() -> list[dict]:
    return json.loads(CARDS.read_text(encoding="utf-8"))["data"]


def run(*args: str, env: dict | None = None):
    return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)


# -- the fixture ----------------------------------------------------------------------------------
def test_fixture_is_scryfall_shaped():
    cards = fixture_cards()
    assert len(cards) >= 60 and len({c["name"] for c in cards}) == len(cards)
    for card in cards:
        assert card["object"] == "card" and {"layout", "cmc", "type_line", "color_identity",
                                             "keywords", "rarity", "set"} <= set(card)
        if "card_faces" not in card:
            assert {"mana_cost", "oracle_text", "colors"} <= set(card)
    layouts = {c["layout"] for c in cards}
    assert {"transform", "modal_dfc"} <= layouts
    types = " ".join(c["type_line"] for c in cards)
    for kind in ("Planeswalker", "Aura", "Equipment", "Basic Land", "Instant", "Sorcery"):
        assert kind in types
    assert any("loyalty" in c for c in cards)


# -- reading the three forms, streamed -----------------------------------------------------------
def test_list_object_bulk_array_and_single_card_read_the_same(tmp_path, monkeypatch):
    cards = fixture_cards()
    bulk = tmp_path / "bulk.json"
    bulk.write_text(json.dumps(cards, indent=1), encoding="utf-8")
    single = tmp_path / "one.json"
    single.write_text(json.dumps(cards[3]), encoding="utf-8")
    assert list(scryfall.read_cards(CARDS)) == cards
    monkeypatch.setattr(scryfall, "CHUNK", 64)       # elements cut across many reads
    assert list(scryfall.read_cards(bulk)) == cards
    assert list(scryfall.read_cards(single)) == [cards[3]]


@pytest.mark.parametrize("chunk", [64, 1 << 20])
def test_bad_json_names_file_line_and_column(tmp_path, monkeypatch, chunk):
    monkeypatch.setattr(scryfall, "CHUNK", chunk)
    text = json.dumps(fixture_cards(), indent=1)
    at = text.index('"Shock"')
    bad = tmp_path / "bad.json"
    bad.write_text(text[:at] + text[at + 1:], encoding="utf-8")    # Shock" : a bare word
    line = text[:at].count("\n") + 1
    with pytest.raises(ScenarioError) as err:
        list(scryfall.read_cards(bad))
    assert err.value.file == str(bad) and err.value.line == line
    assert f"line {line}, column" in err.value.message
    result = run("cards", "stats", str(bad))
    assert result.exit_code == 2 and str(bad) in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("text, message", [
    ('[{"object": "card", "name": "A"} {"name": "B"}]', "line 1, column 34: expected ','"),
    ('[{"object": "card", "name": "A"}]\n]', "line 2, column 1: extra data"),
    ('[{"object": "card",\n "name": "A"', "line 2, column"),
    ('[\n{"name": "A"},\n\n {"name": \'B\'}]', "line 4, column 11"),
])
def test_streamed_array_faults(tmp_path, text, message):
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError, match=message):
        list(scryfall.read_cards(bad))


def test_not_a_card_is_bad_input(tmp_path):
    bad = tmp_path / "numbers.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(ScenarioError, match="not a Scryfall card object"):
        list(scryfall.read_cards(bad))


def test_names_match_ignoring_case_and_punctuation():
    assert scryfall.normalise("Ajani's Pridemate") == scryfall.normalise("AJANIS  pridemate")
    assert scryfall.normalise("Lim-Dûl's Vault") == scryfall.normalise("lim dul's vault")
    assert scryfall.normalise("Æther Vial") == scryfall.normalise("aether vial")
    assert slug("Æther Vial") == "aether-vial" and slug("Ajani's Pridemate") == "ajanis-pridemate"
    delver = next(c for c in fixture_cards() if c["name"].startswith("Delver"))
    assert scryfall.card_names(delver) == ["Delver of Secrets // Insectile Aberration",
                                           "Delver of Secrets", "Insectile Aberration"]


# -- the index --------------------------------------------------------------------------------------
def test_index_finds_cards_by_any_name_without_reading_the_file(tmp_path, monkeypatch, cache):
    source = tmp_path / "cards.json"
    shutil.copy(CARDS, source)
    index = ScryfallIndex(source)
    assert index.ensure() is True and index.path.parent == cache
    assert len(index) == len(fixture_cards())

    def no_reading(*_args, **_kw):
        raise AssertionError("a lookup read the card file")
    monkeypatch.setattr(cardindex, "read_cards", no_reading)
    fresh = ScryfallIndex(source)
    assert fresh.get("insectile aberration")["layout"] == "transform"
    assert fresh.get("Delver of Secrets // Insectile Aberration")["name"].startswith("Delver")
    assert fresh.get("swords to plowshares!")["name"] == "Swords to Plowshares"
    assert fresh.get("No Such Card") is None


def test_index_is_rebuilt_when_the_file_changes(tmp_path):
    source = tmp_path / "cards.json"
    shutil.copy(CARDS, source)
    assert ScryfallIndex(source).ensure() is True
    assert ScryfallIndex(source).ensure() is False                  # up to date
    os.utime(source, ns=(1, 1))                                      # touched, same content
    assert ScryfallIndex(source).ensure() is False
    data = json.loads(source.read_text(encoding="utf-8"))
    data["data"][0]["name"] = "Lightning Jolt"
    source.write_text(json.dumps(data), encoding="utf-8")
    index = ScryfallIndex(source)
    assert index.get("Lightning Jolt") is not None and index.get("Lightning Bolt") is None


# -- the library: --cards sources ----------------------------------------------------------------
def test_user_sources_override_the_bundled_library(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "bears.yaml").write_text("name: Grizzly Bears\ntypes: [creature]\npower: 5\n"
                                       "toughness: 5\n", encoding="utf-8")
    assert default_library().get("Grizzly Bears").power == 2
    library = default_library().with_sources([folder, CARDS])
    assert library.get("grizzly bears").power == 5          # the first source wins
    assert library.get("Craw Wurm").power == 6              # from the Scryfall file
    assert "Craw Wurm" in library.close_names("Craw Wurn")


def test_ask_uses_imported_cards_with_cards_option():
    scen = str(SCENARIOS / "nighthawk-blocks-wurm.yaml")
    result = run("ask", scen, "--json", "--cards", str(CARDS))
    assert result.exit_code == 0, result.output
    always = json.loads(result.output)["outcomes"]["always"]
    assert {"zone(wurm,graveyard)", "zone(hawk,graveyard)", "life(bob,22)"} <= set(always)
    assert run("ask", scen).exit_code == 2                  # no source: Craw Wurm is unknown


def test_why_and_legal_take_cards():
    why = run("why", str(SCENARIOS / "nighthawk-blocks-wurm.yaml"), "life(bob,22)",
              "--cards", str(CARDS))
    assert why.exit_code == 0 and "holds in 1 of 1" in why.output
    legal = run("legal", str(SCENARIOS / "goblin-guide-attacks.yaml"), "--json",
                "--cards", str(CARDS))
    assert legal.exit_code == 0 and "attack(guide,bob)" in json.loads(legal.output)["legal"]


def test_cards_variable_and_test_command(tmp_path):
    env = {"RULEKEEPER_CARDS": os.pathsep.join([str(tmp_path / "none-yet"), str(CARDS)])}
    missing = run("test", str(SCENARIOS), env=env)
    assert missing.exit_code == 2 and "none-yet" in missing.output
    result = run("test", str(SCENARIOS), env={"RULEKEEPER_CARDS": str(CARDS)})
    assert result.exit_code == 0, result.output
    assert "2 passed, 0 failed" in result.output


def test_ask_notes_the_oracle_lines_not_understood():
    guide = next(c for c in fixture_cards() if c["name"] == "Goblin Guide")
    missed = [line.text for line in compile_card(guide).lines if line.status != "compiled"]
    result = run("ask", str(SCENARIOS / "goblin-guide-attacks.yaml"), "--json",
                 "--cards", str(CARDS))
    data = json.loads(result.output)
    assert "attacking(guide,bob)" in data["outcomes"]["always"]
    assert len(data["not_understood"]) == len(missed)
    for text in missed:
        assert any(text in note for note in data["not_understood"])
    assert data["reliable"] is (not missed)


def test_unknown_card_names_the_closest(tmp_path):
    scen = tmp_path / "typo.yaml"
    scen.write_text("title: typo\nplayers: [alice, bob]\nobjects:\n"
                    "- {id: x, card: Vampire Nightawk}\n", encoding="utf-8")
    result = run("ask", str(scen), "--cards", str(CARDS))
    assert result.exit_code == 2
    assert "Vampire Nighthawk" in result.output and f"{scen}:4" in result.output
    assert run("ask", str(scen), "--cards", str(tmp_path / "nope.json")).exit_code == 2


# -- rulekeeper cards ------------------------------------------------------------------------------
def test_import_writes_one_valid_card_file_per_card(tmp_path):
    into = tmp_path / "imported"
    result = run("cards", "import", str(CARDS), "--into", str(into), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    cards = fixture_cards()
    assert report["invalid"] == [] and report["written"] == len(cards)
    assert report["full"] + report["partial"] + report["none"] == len(cards)
    assert len(list(into.glob("*.yaml"))) == len(cards)
    assert (into / "ajanis-pridemate.yaml").is_file()
    library = default_library().with_sources([into])
    for card in cards:
        front = card["name"].split(" // ")[0]
        parsed = library.get(front)
        assert parsed is not None and parsed.name == front
        missed = [ln.text for ln in compile_card(card).lines if ln.status != "compiled"]
        assert parsed.not_understood == missed
    delver = library.get("Delver of Secrets")
    assert delver.back is not None and delver.back.name == "Insectile Aberration"
    folder = YamlFolder(into)
    assert folder.find("ajanis pridemate").path == into / "ajanis-pridemate.yaml"
    assert folder._index is None                    # found by its file name: no scan
    assert folder.find("Insectile Aberration").name == "Delver of Secrets"
    assert len(folder.cards()) == len(cards)
    listed = json.loads(run("cards", "list", "--cards", str(into), "--json").output)
    assert listed["sources"][1]["kind"] == "yaml" and len(listed["sources"][1]["cards"]) == len(cards)


def test_show_lists_each_line_compiled_or_not():
    for card in fixture_cards():
        result = run("cards", "show", card["name"], "--cards", str(CARDS), "--json")
        assert result.exit_code == 0, result.output
        view = json.loads(result.output)
        expected = [(ln.text, ln.status) for ln in compile_card(card).lines]
        assert [(ln["text"], ln["status"]) for ln in view["lines"]] == expected
        assert view["status"] == compile_card(card).status
    text = run("cards", "show", "goblin guide", "--cards", str(CARDS)).output
    assert "NOT UNDERSTOOD" in text and "Whenever Goblin Guide attacks" in text
    missing = run("cards", "show", "Goblin Guid", "--cards", str(CARDS))
    assert missing.exit_code == 2 and "Goblin Guide" in missing.output


def test_stats_counts_the_compiled_share():
    result = run("cards", "stats", str(CARDS), "--json", "--top", "1000")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    statuses = [compile_card(c).status for c in fixture_cards()]
    for status in ("full", "partial", "none"):
        assert stats[status] == statuses.count(status)
    assert stats["cards"] == len(statuses)
    assert stats["share_full"] == round(100 * statuses.count("full") / len(statuses), 1)
    missed = sum(t["count"] for t in stats["not_understood_templates"])
    assert missed + stats["lines_out_of_scope"] == stats["lines"] - stats["lines_compiled"] > 0
    assert "compiled fully" in run("cards", "stats", str(CARDS)).output


def test_templates_hide_names_and_numbers():
    assert template("Shock deals 2 damage to any target.", ["Shock"]) == \
        "~ deals N damage to any target."
    assert template("Target creature gets +3/+3 until end of turn.", []) == \
        "Target creature gets +N/+N until end of turn."
    assert template("Equip {3}", []) == "Equip {N}"
    assert template("Draw two cards.", []) == "Draw N cards."


def test_list_shows_bundled_and_supplied_cards():
    result = run("cards", "list", "--cards", str(CARDS), "--json")
    groups = json.loads(result.output)["sources"]
    assert groups[0]["kind"] == "bundled" and "Lightning Bolt" in groups[0]["cards"]
    assert groups[1]["kind"] == "scryfall" and len(groups[1]["cards"]) == len(fixture_cards())
    text = run("cards", "list", env={"RULEKEEPER_CARDS": str(CARDS)}).output
    assert "Lightning Bolt  (overrides the bundled card)" in text
