"""Card names as you type (rulekeeper.bridge.tools.web.cardsearch): the order of the matches, the
lookup's normalisation, the first source winning a name, the bounds."""
from __future__ import annotations

from rulekeeper.bridge.tools.web.cardsearch import CardSearch, Hit

POOL = ["Grizzly Bears", "Bear Cub", "Ursine Bearer", "Æther Vial", "Ajani's Pridemate",
        "Fire // Ice", "Lim-Dûl's Vault", "Bearer of Silence"]


def names(search: CardSearch, query: str, limit: int = 20) -> list[str]:
    return [hit.name for hit in search.search(query, limit)]


def test_prefix_first_shortest_first_then_word_start_then_inside() -> None:
    search = CardSearch([("bundled", POOL)])
    assert names(search, "bear") == ["Bear Cub", "Bearer of Silence", "Grizzly Bears",
                                     "Ursine Bearer"]
    assert names(search, "ear") == ["Bear Cub", "Bearer of Silence", "Grizzly Bears",
                                    "Ursine Bearer"]
    assert names(search, "cub") == ["Bear Cub"]


def test_case_accents_and_punctuation_are_ignored() -> None:
    search = CardSearch([("bundled", POOL)])
    assert names(search, "AETHER") == ["Æther Vial"]
    assert names(search, "ajanis prid") == ["Ajani's Pridemate"]
    assert names(search, "lim dul") == ["Lim-Dûl's Vault"]
    assert names(search, "ice") == ["Fire // Ice"]


def test_the_first_source_wins_a_name() -> None:
    search = CardSearch([("my-cards", ["Grizzly Bears"]), ("bundled", POOL)])
    assert search.search("grizzly") == [Hit("Grizzly Bears", "my-cards")]
    assert len(search) == len(POOL)


def test_bounds() -> None:
    search = CardSearch([("bundled", POOL)])
    assert names(search, "") == [] and names(search, "   ") == []
    assert names(search, "u", limit=2) == ["Ursine Bearer", "Bear Cub"]
    assert names(search, "b" * 201) == []
    assert names(search, "qx") == []
    assert names(search, "bear", limit=0) == []
