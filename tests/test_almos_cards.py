"""The sample Almos card set: every card loads, and every one is used by a scenario."""
from __future__ import annotations

from pathlib import Path

import yaml
from clingo import Function

from rulekeeper.bridge.games.mtg.cards import CardLibrary
from rulekeeper.bridge.games.mtg.facts import card_facts, is_were_subtype
from rulekeeper.bridge.games.mtg.scenario import Card
from rulekeeper.rules_asp import RULES_DIR

ALMOS_CARDS = RULES_DIR / "cards" / "almos"
ALMOS_SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "almos"


def _names() -> list[str]:
    return [yaml.safe_load(p.read_text())["name"] for p in sorted(ALMOS_CARDS.glob("*.yaml"))]


def test_at_least_twelve_almos_cards_each_loads():
    library = CardLibrary(RULES_DIR / "cards")
    names = _names()
    assert len(names) >= 12 and len(set(names)) == len(names)
    for name in names:
        card = library.get(name)
        assert card is not None and card.name == name


def test_every_almos_card_is_used_by_a_scenario():
    texts = " ".join(p.read_text() for p in ALMOS_SCENARIOS.glob("*.yaml"))
    unused = [n for n in _names() if n not in texts]
    assert not unused, f"Almos cards no scenario uses: {unused}"


def test_were_subtypes_are_stated_for_were_words_only():
    assert is_were_subtype("werewolf") and is_were_subtype("werecat")
    assert not is_were_subtype("were") and not is_were_subtype("wolf")
    card = Card(key="k", types=["creature"], subtypes=["human", "werewolf", "were"])
    stated = [f for f in card_facts(card) if f.name == "were_subtype"]
    assert stated == [Function("were_subtype", [Function("werewolf")])]
