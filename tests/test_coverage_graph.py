"""`coverage --cr` against a CR-shaped text, and the rule graph's queries and formats.

The CR text here is a small file written for the test in the official file's layout (the real
CR is never read by the tests): headings, numbered rules and subrules, a cross-reference, and
a glossary whose entries must not count."""
from __future__ import annotations

import io
import json
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner
from rulekeeper.bridge.core.rules.crtext import read_cr
from rulekeeper.bridge.tools import graph as graph_module
from rulekeeper.cli.main import main

REPO = Path(__file__).resolve().parent.parent
CR_TEXT = """Comprehensive Rules (test layout)

Contents

1. Game Concepts
704. State-Based Actions

7. Additional Rules

704. State-Based Actions

704.1. Checked whenever a player would receive priority.

704.3. The game checks them all at once; see rule 704.5 for the list.

704.5. The list.

704.5f A creature whose toughness is 0 or less goes to the graveyard.

704.5g A creature with lethal damage is destroyed. See rule 120.6 and rule 999.9.

704.5h Deathtouch damage counts.

702. Keyword Abilities

702.9. Flying

702.9b Blocking it needs flying or reach.

702.9c Several instances are redundant.

709. Split Cards

709.1. A card with two halves.

709.2. Fuse

709.2a A fused split spell has both halves.

800. General

800.1. Several players.

Glossary

704.5z Not a rule: glossary text after the rules.
"""


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def cr_file(tmp_path: Path) -> Path:
    path = tmp_path / "cr.txt"
    path.write_text(CR_TEXT, encoding="utf-8")
    return path


def test_reader_counts_numbered_rules_not_headings_nor_glossary(cr_file):
    rules = read_cr(cr_file)
    assert [r.number for r in rules] == ["704.1", "704.3", "704.5", "704.5f", "704.5g",
                                         "704.5h", "702.9", "702.9b", "702.9c", "709.1", "709.2",
                                         "709.2a", "800.1"]
    assert next(r for r in rules if r.number == "704.5g").references == ["120.6", "999.9"]
    assert next(r for r in rules if r.number == "704.3").references == ["704.5"]


def test_coverage_cr_statuses(cr_file):
    result = run("coverage", "--cr", cr_file, "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    status = {row["rule"]: row["status"] for row in report["rules"]}
    assert status["704.5g"] == "encoded" and status["704.3"] == "encoded"
    assert status["704.5"] == "partly"          # only its subrules carry statements
    assert status["709.1"] == "missing"
    assert status["800.1"] == "out of scope"    # declared, with a reason
    reason = next(r["reason"] for r in report["rules"] if r["rule"] == "800.1")
    assert "multiplayer" in reason
    assert report["totals"]["rules"] == 11
    # a number with a title only ("709.2. Fuse") is a heading, listed apart and not counted
    heading = next(r for r in report["rules"] if r["rule"] == "709.2")
    assert heading["status"] == "heading" and heading["heading"]["subrules"] == 1
    # 702.9c is declared "no statement needed" (the bundled out-of-scope.yaml): with 702.9b
    # encoded, the heading 702.9 is complete
    assert status["702.9c"] == "no statement needed" and status["702.9b"] == "encoded"
    assert report["totals"]["headings"] == 2 and report["totals"]["headings_complete"] == 1
    # declared too (session 17): 704.1, and 709.2a by the prefix 709.2 (in the real CR 709.2 has no subrule)
    assert status["704.1"] == "no statement needed" and status["709.2a"] == "no statement needed"
    assert report["totals"]["no_statement_needed"] == 3
    assert report["totals"]["encoded"] == sum(s == "encoded" for s in status.values())
    exercised = {row["rule"] for row in report["rules"] if row["exercised"]}
    assert "704.5g" in exercised                # a bundled scenario cites it


def test_coverage_cr_section_and_markdown(cr_file):
    result = run("coverage", "--cr", cr_file, "--section", "709", "--json")
    assert [r["rule"] for r in json.loads(result.output)["rules"]] == ["709.1", "709.2", "709.2a"]
    markdown = run("coverage", "--cr", cr_file, "--markdown").output
    assert "| 704.5g | encoded |" in markdown and "| 709.1 | missing |" in markdown
    text = run("coverage", "--cr", cr_file).output
    assert text.startswith("11 numbered rules in the CR") and "2 headings with a title" in text
    assert "3 needing no statement" in text


def test_coverage_compares_with_a_status_document(cr_file, tmp_path):
    doc = tmp_path / "status.md"
    doc.write_text("**704.5g** (:red_circle:) : to do\n- **709.1** (:green_circle:) : done\n"
                   "**704.5h** :green_circle: : done\n", encoding="utf-8")
    data = json.loads(run("coverage", "--cr", cr_file, "--compare", doc, "--json").output)
    comparison = data["comparison"]
    assert [r["rule"] for r in comparison["implemented_there_not_here"]] == ["709.1"]
    assert [r["rule"] for r in comparison["encoded_here_not_there"]] == ["704.5g"]


def test_out_of_scope_status_is_checked(tmp_path):
    from rulekeeper.bridge.core.base.errors import ScenarioError
    from rulekeeper.bridge.tools.coverage import read_out_of_scope
    good = tmp_path / "good.yaml"
    good.write_text('- {rules: "702.9c", status: no statement needed, reason: "a set"}\n'
                    '- {rules: "800", reason: "multiplayer"}\n'
                    '- {rules: "113.1", exact: true, status: no statement needed, reason: "intro"}\n',
                    encoding="utf-8")
    entries = read_out_of_scope(good)
    assert [e.status for e in entries] == ["no statement needed", "out of scope", "no statement needed"]
    assert entries[1].covers("800.2a") and entries[2].covers("113.1") and not entries[2].covers("113.1a")
    bad = tmp_path / "bad.yaml"
    bad.write_text('- {rules: "702.9c", status: done, reason: "a set"}\n', encoding="utf-8")
    with pytest.raises(ScenarioError, match="status is one of"):
        read_out_of_scope(bad)


@pytest.mark.parametrize("args", [("--cr", "/nonexistent/cr.txt"), ("--section", "7"),
                                  ("--cr", "."), ("--cr", "/dev/null")])
def test_coverage_bad_input_is_exit_2(args):
    result = run("coverage", *args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_graph_edges_follow_domain_predicates_not_plumbing():
    data = json.loads(run("graph", "--format", "json").output)
    vias = {part for e in data["edges"] for part in e["via"].split(", ")}
    assert not vias & {"holds/2", "occurs/2", "begins/2", "ends/2", "step/1", "time/1"}
    assert {"from": "704.5g", "to": "704.3", "via": "sba/3", "kind": "uses"} in data["edges"]
    # 1000.2a reads the zone fluent; it does not depend on the cleanup step's discard
    assert not any(e["from"] == "1000.2a" and e["to"] == "514.1" for e in data["edges"])


def test_graph_rule_neighbourhood_directions():
    down = run("graph", "--rule", "704.5g", "--direction", "down", "--format", "json")
    nodes = set(json.loads(down.output)["nodes"])
    assert "704.3" in nodes and "704.5g" in nodes and "701.8a" not in nodes
    up = set(json.loads(run("graph", "--rule", "704.5g", "--direction", "up",
                            "--json").output)["nodes"])
    assert "701.8a" in up and "120.6" not in up
    deeper = json.loads(run("graph", "--rule", "704.5g", "--depth", "2", "--json").output)
    assert len(deeper["nodes"]) > len(nodes | up)
    missing = run("graph", "--rule", "999.9")
    assert missing.exit_code == 2 and "not in the graph" in missing.output


def test_graph_impact_lists_dependents_and_citing_scenarios():
    data = json.loads(run("graph", "--impact", "704.5g", "--json",
                          "--scenarios", REPO / "scenarios").output)
    assert "704.3" in data["direct"] and set(data["direct"]) <= set(data["rules"])
    assert any(s.endswith("704.5g-lethal-damage.yaml") for s in data["scenarios_direct"])
    assert set(data["scenarios_direct"]) <= set(data["scenarios"])


def test_graph_cr_edges_and_the_next_rules_to_encode(cr_file):
    data = json.loads(run("graph", "--cr", cr_file, "--json").output)
    cr_edges = [e for e in data["edges"] if e["kind"] == "cr"]
    assert {"from": "704.3", "to": "704.5", "via": "CR text", "kind": "cr"} in cr_edges
    # 999.9 is referred to but is no rule of this CR text: no edge to a rule that is not there
    assert not any(e["to"] == "999.9" for e in cr_edges)
    assert data["unencoded_referenced"] == ["704.5"]


def test_graphml_loads_in_networkx():
    result = run("graph", "--format", "graphml", "--rule", "704.3")
    assert result.exit_code == 0
    loaded = nx.read_graphml(io.StringIO(result.output))
    assert loaded.has_edge("704.5g", "704.3") and loaded.nodes["704.5g"]["summary"]


def test_svg_without_graphviz_says_so(monkeypatch):
    monkeypatch.setattr(graph_module.shutil, "which", lambda name: None)
    result = run("graph", "--format", "svg", "--rule", "704.5g")
    assert result.exit_code == 2 and "graphviz" in result.output


@pytest.mark.skipif(graph_module.shutil.which("dot") is None, reason="graphviz not installed")
def test_svg_with_graphviz(tmp_path):
    out = tmp_path / "sba.svg"
    result = run("graph", "--format", "svg", "--rule", "704.5g", "-o", out)
    assert result.exit_code == 0, result.output
    assert "<svg" in out.read_text(encoding="utf-8")


def test_coverage_cr_lists_summaries_that_repeat_the_rules_text(cr_file, tmp_path):
    """A `%@` summary that repeats eight words in a row of its rule's text is listed (the
    project writes its own summaries); the test's own CR text repeats none of them."""
    assert json.loads(run("coverage", "--cr", cr_file, "--json").output)["copied_summaries"] == []
    from rulekeeper.bridge.core.run.engine import Engine
    summary = Engine().rules(["mtg"]).summary("704.5g")
    assert len(summary.split()) >= 8
    copying = tmp_path / "copying.txt"
    copying.write_text(CR_TEXT.replace("A creature with lethal damage is destroyed.",
                                       f"In short: {summary}, as said."), encoding="utf-8")
    result = run("coverage", "--cr", copying, "--json")
    copied = json.loads(result.output)["copied_summaries"]
    assert [c["rule"] for c in copied] == ["704.5g"]
    assert copied[0]["shared_words"] >= 8 and copied[0]["file"].endswith(".lp")
    text = run("coverage", "--cr", copying).output
    assert "summaries that repeat 8 or more words in a row" in text and "704.5g" in text
