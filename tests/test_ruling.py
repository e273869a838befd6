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
    line = next(l for l in text.splitlines() if l.startswith("- bear dies: it is in its owner's graveyard"))
    assert "704.5g" in line and "701.8a" in line
    assert "As the rules apply to the board" not in text


def test_summary_comes_from_the_rule_file(engine):
    rules = engine.rules(["mtg"])
    assert "deathtouch" in rules.summary("704.5h")
