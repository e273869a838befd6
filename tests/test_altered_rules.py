"""The Altered pack: every rule number of the excerpt is encoded or recorded out of scope, and
every encoded number is exercised: drop its statements and a scenario citing it must fail."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulekeeper.bridge.core.run.check import check_expectations
from rulekeeper.bridge.tools.coverage import read_out_of_scope
from rulekeeper.bridge.core.base.errors import RulekeeperError
from rulekeeper.bridge.core.solve.solve import solve
from rulekeeper.rules_asp import RULES_DIR
from scenario_index import SCENARIOS, shared_engine

ALTERED = SCENARIOS / "altered"
NUMBER_FILE = RULES_DIR / "altered" / "rule-numbers.yaml"


def _cites(path: Path) -> set[str]:
    import re
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    text = f"{data.get('title', '')} {data.get('description', '')}"
    return set(re.findall(r"\b\d\.\d+\.\d+\.[a-z]\b", text))


CASES = [(p, _cites(p)) for p in sorted(ALTERED.glob("*.yaml"))]
# the pack's own numbers (the core's files are the core's: tested with every game)
NUMBERS = sorted({r.rule for r in shared_engine().rules(["altered"]).rules
                  if r.file.startswith("altered/") and not r.is_model})
EXCERPT = [str(item["rule"]) for item in yaml.safe_load(NUMBER_FILE.read_text("utf-8"))]


def test_the_pack_is_independent_of_mtg():
    rules = shared_engine().rules(["altered"])
    assert rules.packs == ["altered"]
    assert not any(r.file.startswith("mtg/") for r in rules.rules)


def test_every_excerpt_rule_is_encoded_or_out_of_scope():
    encoded = set(NUMBERS)
    scope = read_out_of_scope(RULES_DIR / "altered" / "out-of-scope.yaml")
    unaccounted = [n for n in EXCERPT if n not in encoded and not any(e.covers(n) for e in scope)]
    assert not unaccounted, f"neither encoded nor out of scope: {unaccounted}"
    both = [n for n in EXCERPT if n in encoded and any(e.covers(n) for e in scope)]
    assert not both, f"encoded and also declared out of scope: {both}"


def test_every_annotation_is_a_rule_of_the_excerpt():
    stray = [n for n in NUMBERS if n not in EXCERPT]
    assert not stray, f"annotated with numbers the excerpt does not have: {stray}"


def test_every_encoded_rule_is_cited_by_a_scenario():
    cited = set().union(*(c for _, c in CASES))
    assert not [n for n in NUMBERS if n not in cited]


def _fails_without(number: str, path: Path) -> bool:
    engine = shared_engine()
    scen = engine.load(path)
    mutated = engine.scenario_rules(scen).without(number)
    try:
        answer = solve(scen, mutated, timeout=20)
    except RulekeeperError:
        return scen.expect.impossible is None
    except RuntimeError:
        return True
    return not check_expectations(scen, answer).ok


@pytest.mark.parametrize("number", NUMBERS)
def test_removing_the_rule_breaks_a_scenario(number):
    citing = [p for p, cites in CASES if number in cites]
    assert citing, f"no Altered scenario cites {number}"
    assert any(_fails_without(number, p) for p in citing), (
        f"removing the statements annotated {number} changes no expectation of "
        f"{[p.name for p in citing]}")


def test_coverage_lists_every_rule_of_the_excerpt():
    import json
    from click.testing import CliRunner
    from rulekeeper.cli.main import main
    result = CliRunner().invoke(main, ["coverage", "--pack", "altered", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    status = {n: "encoded" for n in report["rules"]}
    status.update({r["rule"]: r["status"] for r in report["not_encoded"]})
    assert set(status) >= set(EXCERPT)
    assert not [n for n in EXCERPT if status[n] not in ("encoded", "out of scope")]
    assert report["packs"] == ["altered"]


def test_coverage_against_the_pack_rule_list():
    import json
    from click.testing import CliRunner
    from rulekeeper.cli.main import main
    result = CliRunner().invoke(main, ["coverage", "--pack", "altered", "--json", "--cr",
                                       str(NUMBER_FILE), "--scenarios", str(ALTERED)])
    assert result.exit_code == 0, result.output
    totals = json.loads(result.output)["totals"]
    assert totals["rules"] == len(EXCERPT) and totals["missing"] == 0
    assert totals["encoded"] == totals["exercised"] == len(NUMBERS)
