"""A plug-in pack's own keywords are known to `ask`, `legal` and `why` (issue 34): a keyword is
known when any loaded rule base (the CR, Almos, a pack) gives it meaning, so a pack keyword
whose rule fires is not reported as "not something the rule base knows", and a keyword that
nothing loaded names still is."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from rulekeeper.bridge.core.rules.keywords import keyword_rules
from rulekeeper.bridge.core.rules.packs import load_pack_dir
from rulekeeper.cli.main import main
from scenario_index import shared_engine

TINKER = Path(__file__).resolve().parent / "packs" / "tinker"
GUARD = """title: a tapped creature with the pack's keyword vigil
rules: [mtg, ./tinker]
players: [alice, bob]
turn: {active: alice, step: precombat_main, number: 2}
cards:
  Guard: {types: [creature], power: 2, toughness: 2, keywords: [KEYWORDS]}
objects:
  - {id: g, card: Guard, controller: alice, tapped: true}
expect:
  always: ["toughness(g,4)"]
"""


def _ask(tmp_path: Path, keywords: str) -> dict:
    (tmp_path / "tinker").symlink_to(TINKER)
    path = tmp_path / "guard.yaml"
    path.write_text(GUARD.replace("KEYWORDS", keywords), encoding="utf-8")
    result = CliRunner().invoke(main, ["ask", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_pack_keyword_whose_rule_fires_is_known(tmp_path):
    data = _ask(tmp_path, "vigil")
    assert "toughness(g,4)" in data["outcomes"]["always"]          # 3003.1 fired
    assert data["not_encoded"] == [] and data["reliable"]


def test_a_keyword_nothing_loaded_names_is_still_reported(tmp_path):
    data = _ask(tmp_path, "vigil, zorp")
    assert data["not_encoded"] == ["keyword zorp: not something the rule base knows; "
                                   "it has no effect here"]
    assert not data["reliable"]


def test_known_by_a_keyword_position_not_by_any_mention():
    rules = shared_engine().rules(["mtg", load_pack_dir(TINKER)])
    assert keyword_rules(rules, "vigil") == ("3003.1", "3004.1")
    assert keyword_rules(rules, "brace") == ("3002.1", "3002.2", "3004.1")
    assert keyword_rules(rules, "pair") == ()           # a source name, not a keyword
    assert keyword_rules(rules, "flying")               # the CR's keywords are found too
