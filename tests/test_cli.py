"""The commands of the contract, run in-process through click: what they print and their exit
codes (0 ok, 1 a check failed, 2 bad input or timeout, 3 an impossible situation)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from rulekeeper.cli.main import main

REPO = Path(__file__).resolve().parent.parent
MTG = REPO / "scenarios" / "mtg"
LIFELINK = MTG / "120-damage" / "702.15b-lifelink-noncombat.yaml"
LETHAL = MTG / "704-state-based-actions" / "704.5g-lethal-damage.yaml"
IMPOSSIBLE = MTG / "400-zones" / "110.5d-tapped-card-in-hand-impossible.yaml"
RULE_NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b")


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def _write(tmp_path: Path, name: str, doc: dict) -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return path


def test_ask_text_cites_rules():
    result = run("ask", LIFELINK)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Ruling: 702.15b")
    assert "702.15b" in result.output and "120.3a" in result.output
    assert len(set(RULE_NUMBER.findall(result.output))) >= 3


def test_ask_json_shape():
    result = run("ask", "--json", LIFELINK)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert {"outcomes", "models", "rules", "illegal", "title", "file"} <= set(data)
    assert set(data["outcomes"]) == {"always", "sometimes", "list"}
    assert data["models"] == 1 and data["outcomes"]["sometimes"] == []
    assert "life(alice,23)" in data["outcomes"]["always"]
    assert "702.15b" in data["rules"]["life(alice,23)"]
    assert "120.3a" in data["rules"]["life(bob,17)"]
    every = data["outcomes"]["always"] + data["outcomes"]["sometimes"]
    assert set(data["rules"]) == set(every)
    assert data["illegal"] == []
    assert all(data["summaries"][r] for rs in data["rules"].values() for r in rs)


def test_why_tree_reaches_scenario_facts():
    result = run("why", LETHAL, "zone(bear,graveyard)")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "holds in 1 of 1 outcome" in out
    for number in ("704.5g", "701.8a", "400.3", "120.3e"):
        assert number in out
    assert "(given in the scenario)" in out and "(action of the scenario" in out
    depths = [len(line) - len(line.lstrip()) for line in out.splitlines()[2:]]
    assert max(depths) > 10          # a tree, not a flat list


def test_why_explains_what_does_not_hold():
    result = run("why", LIFELINK, "zone(vamp,graveyard)")
    assert result.exit_code == 0
    assert "does not hold" in result.output
    assert "701.8a" in result.output and "704.5f" in result.output


def test_why_for_an_atom_no_rule_makes():
    result = run("why", LIFELINK, "werewolf(vamp)")
    assert result.exit_code == 0
    assert "not an outcome atom nor a predicate of the rule base" in result.output
    assert "not encoded yet" not in result.output     # a misspelt atom is not a missing rule


def test_test_exit_0_on_bundled_scenarios():
    result = run("test", "-q", MTG / "119-life", MTG / "111-tokens")
    assert result.exit_code == 0, result.output
    assert "0 failed" in result.output


def test_test_exit_1_on_a_wrong_expectation(tmp_path):
    path = _write(tmp_path, "wrong.yaml", {
        "title": "119.3: a wrong expectation", "players": ["alice", "bob"],
        "actions": [{"gain_life": {"player": "alice", "amount": 3}}],
        "expect": {"always": ["life(alice,20)"], "never": ["life(alice,23)"],
                   "sometimes": ["lost(bob)"]}})
    result = run("test", path)
    assert result.exit_code == 1
    assert "FAIL" in result.output and "119.3: a wrong expectation" in result.output
    assert "always life(alice,20)" in result.output
    assert "never life(alice,23)" in result.output
    assert "sometimes lost(bob)" in result.output


def test_test_exit_2_on_bad_input(tmp_path):
    path = _write(tmp_path, "bad.yaml", {"title": "t", "players": ["alice"], "lfe": 3})
    result = run("test", LETHAL, path)
    assert result.exit_code == 2
    assert "bad.yaml" in result.output and "unknown key 'lfe'" in result.output


def test_test_missing_path():
    result = run("test", "no/such/dir")
    assert result.exit_code == 2 and "no such file" in result.output


def test_impossible_situation_exit_3():
    result = run("ask", IMPOSSIBLE)
    assert result.exit_code == 3
    assert "impossible" in result.output and "110.5d" in result.output
    assert "Traceback" not in result.output


def test_expected_impossibility_passes_test():
    assert run("test", IMPOSSIBLE).exit_code == 0


def test_unexpected_impossibility_fails_test(tmp_path):
    doc = yaml.safe_load(IMPOSSIBLE.read_text())
    del doc["expect"]
    result = run("test", _write(tmp_path, "imp.yaml", doc))
    assert result.exit_code == 1 and "110.5d" in result.output


def _big_board(tmp_path: Path, n: int, actions: int) -> Path:
    return _write(tmp_path, "big.yaml", {
        "title": "a large board", "players": ["alice", "bob"],
        "cards": {"Bear": {"types": ["creature"], "power": 2, "toughness": 2}},
        "objects": [{"id": f"c{i}", "card": "Bear", "controller": "alice"} for i in range(n)],
        "actions": [{"deal_damage": {"target": f"c{i}", "amount": 1}} for i in range(actions)]})


def test_timeout_gives_a_message_not_a_hang(tmp_path):
    # grounding this board takes seconds; the limit is honoured even during grounding
    result = run("ask", "--timeout", "0.2", _big_board(tmp_path, 300, 30))
    assert result.exit_code == 2
    assert "no answer within 0.2 s" in result.output and "--timeout" in result.output


def test_coverage_lists_encoded_rules():
    result = run("coverage")
    assert result.exit_code == 0
    assert "704.5g" in result.output and "702.12b" in result.output
    data = json.loads(run("coverage", "--json").output)
    assert "704.5f" in data["rules"] and data["rules"]["704.5f"]["files"]


@pytest.mark.parametrize("fmt", ["dot", "json", "text"])
def test_graph(fmt):
    result = run("graph", "--format", fmt)
    assert result.exit_code == 0
    if fmt == "dot":
        assert result.output.startswith("digraph") and '"704.5g" ->' in result.output
    elif fmt == "json":
        data = json.loads(result.output)
        assert "704.5g" in data["nodes"]
        assert any(e["from"] == "704.5g" for e in data["edges"])
        assert all({"from", "to", "via"} <= set(e) for e in data["edges"])
