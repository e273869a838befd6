"""The core is game-agnostic: a toy game (tests/toygame.py, rules in tests/fixtures/toygame)
plugs in through bridge/games and `ask`, `why`, `test`, `coverage` and `graph` work on it."""
from __future__ import annotations

import clingo
import pytest
from clingo import ast

from rulekeeper.bridge.core import registry as games
from rulekeeper.bridge.tools.coverage import (coverage_report, cr_coverage, cr_coverage_markdown,
                                        cr_coverage_text, read_out_of_scope, scenario_citations)
from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.core.base.errors import ScenarioError
from rulekeeper.bridge.tools.graph import impact, rule_graph
from rulekeeper.bridge.core.rules.packs import load_pack_dir, resolve
from rulekeeper.bridge.core.rules.rulebase import RuleBase
from rulekeeper.bridge.tools.runner import run_scenarios, scenario_files
from rulekeeper.rules_asp import RULES_DIR
from toygame import HERE, TOY

SCENARIOS = HERE / "scenarios"


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(games.GAMES, "toy", TOY)
    return Engine()


def test_core_grounds_alone_without_messages():
    rules = RuleBase(RULES_DIR, ["core"])
    assert rules.packs == ["core"] and rules.unannotated == []
    assert not any(r.rule[0].isdigit() for r in rules.rules), "the core encodes no game's rule"
    messages: list[str] = []
    ctl = clingo.Control(logger=lambda code, text: messages.append(text))
    with ast.ProgramBuilder(ctl) as builder:
        for stm in rules.statements + [r.node for r in rules.rules]:
            builder.add(stm)
    ctl.ground([("base", [])])
    assert messages == []


def test_the_scenario_rules_choose_the_game(toy, tmp_path):
    assert games.game_for_packs(["mtg", "almos"]).name == "mtg"
    assert games.game_for_packs([]).name == "mtg"
    assert games.game_for_packs(["toy"]) is TOY
    mixed = tmp_path / "mixed.yaml"
    mixed.write_text("title: t\nrules: [mtg, toy]\nplayers: [a]\n")
    with pytest.raises(ScenarioError, match="two games") as err:
        toy.load(mixed)
    assert err.value.exit_code == 2 and err.value.line == 2


def test_two_games_never_share_a_rule_base():
    with pytest.raises(ScenarioError, match="two games"):
        resolve(["mtg", "altered"])


def test_ask_rules_on_the_toy_game(toy):
    result = toy.ask(SCENARIOS / "take-last-stones.yaml")
    text = result.text()
    assert "alice has 0 stone(s) in their pile [2.1.1" in text and "- alice wins [" in text
    data = result.as_json()
    assert "won(alice)" in data["outcomes"]["always"] and data["rules"]["pile(alice,0)"] == ["2.1.1"]
    some = toy.ask(SCENARIOS / "take-some.yaml").as_json()
    assert {"pile(alice,0)", "pile(alice,1)"} <= set(some["outcomes"]["sometimes"])
    assert len(some["outcomes"]["list"]) == 2


def test_why_and_why_not_on_the_toy_game(toy):
    path = SCENARIOS / "take-last-stones.yaml"
    holds = toy.why(path, "won(alice)")
    assert "3.1.1 the player with an empty pile wins" in holds and "2.1.1" in holds
    missed = toy.why(path, "won(bob)")
    assert "does not hold" in missed and "3.1.1" in missed and "pile(bob,0)" in missed
    assert "not an outcome atom" in toy.why(path, "wonn(alice)")


def test_test_checks_the_toy_scenarios(toy, tmp_path):
    lines: list[str] = []
    assert run_scenarios(toy, scenario_files([str(SCENARIOS)]), 20, lines.append) == 0
    assert lines[-1] == "4 passed, 0 failed"
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text((SCENARIOS / "take-last-stones.yaml").read_text()
                     .replace('"won(alice)"', '"won(bob)"'))
    result = toy.check(wrong)
    assert not result.ok and "always won(bob): holds in 0 of 1 outcomes" in result.failures


def test_coverage_of_the_toy_pack(toy):
    pack = load_pack_dir(HERE / "pack")
    plain = coverage_report(toy, [pack])
    assert {"1.1.2", "2.1.1", "2.1.1.a", "2.1.2", "3.1.1", "3.1.2"} == set(plain["rules"])
    rules = toy.rules([pack])
    out = [e for f in TOY.out_of_scope_files(rules.pack_list) for e in read_out_of_scope(f)]
    report = cr_coverage(rules, TOY.read_rules_text(HERE / "rules.txt"),
                         scenario_citations(SCENARIOS), out, game=TOY)
    status = {r["rule"]: r["status"] for r in report["rules"]}
    assert status["4.1.1"] == "out of scope" and status["2.1.1.a"] == "encoded"
    assert status["1.1.1"] == "missing" and report["totals"]["encoded"] == 6
    assert set(report["groups"]) == {"1.1", "2.1", "3.1", "4.1"}
    assert next(r for r in report["rules"] if r["rule"] == "3.1.2")["exercised"]
    text = cr_coverage_text(report, TOY)
    assert text.startswith("8 numbered rules in the Piles rules") and "2. Taking" in text
    assert cr_coverage_markdown(report, TOY).startswith("# Piles rules coverage")


def test_graph_of_the_toy_pack(toy):
    graph = rule_graph(toy.rules([load_pack_dir(HERE / "pack")]))
    assert graph.has_edge("3.1.1", "2.1.1") and graph.has_edge("1.1.2", "2.1.2")
    found = impact(graph, "2.1.1", scenario_citations(SCENARIOS))
    assert "3.1.1" in found["direct"]


def test_legal_says_it_is_not_available_for_the_toy_game(toy):
    from rulekeeper.bridge.tools.legal import legal_actions
    with pytest.raises(ScenarioError, match="not available for the game toy"):
        legal_actions(toy, SCENARIOS / "take-last-stones.yaml", None, 20)


def test_cli_coverage_and_graph_on_a_pack_without_mtg():
    import json

    from click.testing import CliRunner

    from rulekeeper.cli.main import main
    pack = str(HERE / "pack")
    out = CliRunner().invoke(main, ["coverage", "--pack", "core", "--pack-dir", pack, "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["packs"] == ["core", "toy"] and "3.1.1" in report["rules"]
    assert not any(n.startswith(("104", "704")) for n in report["rules"])
    out = CliRunner().invoke(main, ["graph", "--pack", "core", "--pack-dir", pack, "--json"])
    assert out.exit_code == 0, out.output
    assert "3.1.1" in out.output and "704" not in out.output
    out = CliRunner().invoke(main, ["coverage", "--pack", "mtg", "--pack", "altered"])
    assert out.exit_code == 2 and "two games" in out.output
