"""702.7c / 702.4c: a creature that loses first strike or double strike after the first combat
damage step deals no damage in the second one. No contract action removes a keyword yet, so
the loss comes from the keyword_suppressed/3 hook (what Almos's Battlefield States use)."""
from __future__ import annotations

import shutil
from pathlib import Path

from clingo import Function

from rulekeeper.bridge.engine import Engine
from rulekeeper.rules_asp import RULES_DIR

# The keyword stops working once the creature has struck in the first-strike step.
LOSS = """%@ 702.7c test hook: the creature loses KEYWORD after the first-strike damage step
keyword_suppressed(T,O,KEYWORD) :- holds(T,struck_first(O)), holds(T,current_step(first_strike_damage)).
"""

SCENARIO = """title: "702.7c: losing KEYWORD after the first-strike step"
players: [alice, bob]
turn: {active: alice, step: declare_blockers}
objects:
  - {id: striker, card: {types: [creature], power: 2, toughness: 2, keywords: [KEYWORD]},
     controller: alice, attacking: bob, tapped: true}
actions: [deal_combat_damage, deal_combat_damage]
"""


def _bob_life(tmp_path: Path, keyword: str, suppress: bool) -> int:
    root = tmp_path / keyword / str(suppress)
    shutil.copytree(RULES_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    if suppress:
        (root / "mtg" / "zz-test-keyword-loss.lp").write_text(LOSS.replace("KEYWORD", keyword))
    scen_file = root / "scenario.yaml"
    scen_file.write_text(SCENARIO.replace("KEYWORD", keyword))
    engine = Engine(root)
    answer = engine.answer(engine.load(scen_file))
    assert len(answer.models) == 1
    lives = [a.arguments[1].number for a in answer.always if a.name == "life" and a.arguments[0] == Function("bob")]
    return lives[0]


def test_double_strike_lost_after_first_step_stops_second_strike(tmp_path):
    assert _bob_life(tmp_path, "double_strike", suppress=False) == 16
    assert _bob_life(tmp_path, "double_strike", suppress=True) == 18      # 702.4c


def test_first_strike_lost_after_first_step_does_not_strike_again(tmp_path):
    assert _bob_life(tmp_path, "first_strike", suppress=False) == 18
    assert _bob_life(tmp_path, "first_strike", suppress=True) == 18       # 702.7c
