"""The ruling text: what changed, with the rules that did it, and what effects made of the board."""
from __future__ import annotations

from conftest import SCENARIOS


def test_ruling_names_characteristics_changed_by_effects(engine):
    path = SCENARIOS / "mtg/613-layers/613.1d-animated-land-and-minus-one-anthem-first.yaml"
    text = engine.ask(path).text()
    assert "forest has power 2 [" in text and "613.4" in text
    assert "forest is a creature [" in text
    assert "forest is a land" not in text           # printed: not an effect's doing
    assert "Nothing changes" not in text


def test_ruling_cites_the_state_based_action(engine):
    path = SCENARIOS / "mtg/704-state-based-actions/704.5g-lethal-damage.yaml"
    text = engine.ask(path).text()
    line = next(s for s in text.splitlines() if s.startswith("- bear dies: it is in its owner's graveyard"))
    assert "704.5g" in line and "701.8a" in line
    assert "As the rules apply to the board" not in text


def test_summary_comes_from_the_rule_file(engine):
    rules = engine.rules(["mtg"])
    assert "deathtouch" in rules.summary("704.5h")


def test_ruling_says_what_was_tapped_and_who_is_the_monarch(engine):
    """A land that enters tapped, and a player who becomes the monarch, are changes a judge is
    asked about: each has its line with the rule that did it (they were left out of the ruling)."""
    search = engine.ask(SCENARIOS / "mtg/701-keyword-actions/701.23a-search-basic-land-tapped.yaml").text()
    line = next(s for s in search.splitlines() if s.strip().startswith("- forest is tapped ["))
    assert "701.23a" in line
    monarch = engine.ask(SCENARIOS / "mtg/724-monarch/724.1-become-the-monarch-draw.yaml").text()
    line = next(s for s in monarch.splitlines() if s.startswith("- alice is the monarch ["))
    assert "724.1" in line and "(724.1) [" not in line
