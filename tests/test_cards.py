"""The bundled card library: every file is a valid card, found by its name."""
from __future__ import annotations

from rulekeeper.bridge.cards import default_library


def test_library_cards_parse():
    library = default_library()
    names = library.names()
    assert {"Grizzly Bears", "Forest", "Vampire Nighthawk"} <= set(names)
    for name in names:
        card = library.get(name)
        assert card is not None and card.name == name and card.types


def test_unknown_card_is_none():
    assert default_library().get("No Such Card") is None
