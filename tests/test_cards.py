"""The bundled card library: every file is a valid card, found by its name."""
from __future__ import annotations

from rulekeeper.bridge.games.mtg.cards import default_library


def test_library_cards_parse():
    library = default_library()
    names = library.names()
    assert {"Grizzly Bears", "Forest", "Vampire Nighthawk"} <= set(names)
    for name in names:
        card = library.get(name)
        assert card is not None and card.name == name and card.types


def test_unknown_card_is_none():
    assert default_library().get("No Such Card") is None


def test_library_has_no_duplicate_names():
    """Each card name is defined by one file of the bundled library: a second file with the
    same name would silently shadow the first."""
    from collections import Counter

    import yaml

    from rulekeeper.rules_asp import RULES_DIR
    names = Counter()
    for path in sorted((RULES_DIR / "cards").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        names[data["name"]] += 1
    assert len(names) > 30
    assert [n for n, count in names.items() if count > 1] == []


def test_the_card_name_index_follows_edits(tmp_path, monkeypatch):
    """The names of the library's cards are cached; an added, renamed or edited file is seen."""
    from rulekeeper.bridge.games.mtg.cards import CardLibrary
    monkeypatch.setenv("RULEKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "cards"
    root.mkdir()
    (root / "a.yaml").write_text("name: Alpha Bear\ntypes: [creature]\npower: 2\ntoughness: 2\n")
    assert CardLibrary(root).names() == ["Alpha Bear"]
    assert list((tmp_path / "cache").glob("card-names-*.marshal"))
    assert CardLibrary(root).names() == ["Alpha Bear"]          # read back
    (root / "a.yaml").write_text("name: Beta Bear\ntypes: [creature]\npower: 2\ntoughness: 2\n")
    (root / "b.yaml").write_text("name: Gamma Bear\ntypes: [creature]\npower: 1\ntoughness: 1\n")
    assert CardLibrary(root).names() == ["Beta Bear", "Gamma Bear"]
    assert CardLibrary(root).get("Gamma Bear").toughness == 1
