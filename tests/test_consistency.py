"""`rulekeeper consistency` on small packs with planted faults (tests/packs/): each fault is
found, with a witness scenario that `rulekeeper test` passes; a clean pack reports none."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulekeeper.bridge.tools.consistency.run import Checker, Settings
from rulekeeper.bridge.core.rules.packs import load_pack_dir
from rulekeeper.cli.main import main
from scenario_index import shared_engine

PACKS = Path(__file__).resolve().parent / "packs"


# each small pack's fault needs one object and one action: the search at those bounds is
# grounded once (the first level is the last), where 2 objects and 2 actions cost a second
# grounding and a larger search for the same findings
SMALL = ["--max-objects", "1", "--max-actions", "1"]


def _run(name: str, out: Path):
    # the run's --timeout is wall time: a cap, not what the findings depend on; 120 s ran out
    # under load 20 on 2 cores with a cold rule cache (the pack's rule base compiled first),
    # while each run needs 3-6 s of CPU
    settings = Settings(max_objects=1, max_actions=1, timeout=900, write=out)
    return Checker(shared_engine(), load_pack_dir(PACKS / name), settings).run()


def _witnesses_pass(paths: list[str]) -> None:
    assert paths
    for path in paths:
        result = shared_engine().check(path)
        assert result.ok, (path, result.failures)


@pytest.fixture(scope="module")
def contradicts(tmp_path_factory):
    """`consistency --pack-dir contradicts --json --write OUT`, once for the tests below."""
    out = tmp_path_factory.mktemp("contradicts")
    result = CliRunner().invoke(main, ["consistency", "--pack-dir", str(PACKS / "contradicts"),
                                       "--json", "--write", str(out), "--timeout", "900", *SMALL])
    return result


def test_rule_contradicting_the_cr_is_a_conflict(contradicts):
    data = json.loads(contradicts.output)
    assert [f["rules"] for f in data["conflicts"]] == [["2001.1"]]
    assert data["conflicts"][0]["statements"][0].startswith("2001.1")
    assert contradicts.exit_code == 1, contradicts.output      # a conflict: the run failed
    _witnesses_pass(data["conflicts"][0]["witnesses"])


def test_rule_leaving_a_value_undecided_is_a_gap(tmp_path):
    report = _run("undecided", tmp_path)
    assert [f.rules for f in report.gaps] == [["2002.1"]]
    assert not report.conflicts
    said = report.gaps[0].summary         # in the game's words, not predicate names (issue 34)
    assert said.startswith("2002.1 (damage to a creature with fickle puts") and \
        "leaves the outcome undecided" in said and " has 1 +1/+1 counter(s)" in said
    assert "counters(" not in said and report.gaps[0].details["fix"]
    _witnesses_pass(report.gaps[0].paths)


def test_rule_that_never_fires_is_dead(tmp_path):
    report = _run("neverfires", tmp_path)
    assert [f.rules for f in report.dead] == [["2003.2"]]   # 2003.1 fires, 2003.2 cannot
    assert not report.failed
    _witnesses_pass([p for f in report.divergences for p in f.paths])


def test_clean_pack_reports_nothing_wrong(tmp_path):
    report = _run("clean", tmp_path)
    assert not report.conflicts and not report.gaps and not report.dead
    assert [f.rules for f in report.divergences] == [["2000.1"]]   # what the pack changes
    with_pack, cr_alone = report.divergences[0].paths
    _witnesses_pass([with_pack, cr_alone])
    assert "life(alice,21)" in Path(with_pack).read_text()


def test_cli_json_and_exit_code(contradicts):
    assert contradicts.exit_code == 1, contradicts.output
    data = json.loads(contradicts.output)
    assert set(data) >= {"conflicts", "gaps", "divergences", "dead", "interpretations"}
    assert data["conflicts"][0]["rules"] == ["2001.1"] and data["conflicts"][0]["witness"]
    assert data["bounds"] == "1 object(s), 1 action(s), one turn boundary"


def test_cli_bad_pack_dir_is_bad_input(tmp_path):
    result = CliRunner().invoke(main, ["consistency", "--pack-dir", str(tmp_path / "none")])
    assert result.exit_code == 2
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(main, ["consistency", "--pack-dir", str(tmp_path / "empty")])
    assert result.exit_code == 2 and "no .lp rule file" in result.output


def test_plugin_pack_named_in_rules_and_by_option(tmp_path):
    scen = tmp_path / "glow.yaml"
    scen.write_text(f"""title: "2000.1: glow gains life"
rules: [mtg, {PACKS / 'clean'}]
players: [alice, bob]
objects: [{{id: bug, card: Glowbug}}]
actions: [{{deal_damage: {{target: bug, amount: 1}}}}]
expect: {{always: ["life(alice,21)"]}}
""")
    assert CliRunner().invoke(main, ["test", str(scen)]).exit_code == 0
    plain = tmp_path / "plain.yaml"
    plain.write_text(scen.read_text().replace(f", {PACKS / 'clean'}", ""))
    assert CliRunner().invoke(main, ["test", str(plain)]).exit_code == 2   # no Glowbug card
    assert CliRunner().invoke(main, ["test", str(plain), "--pack-dir",
                                     str(PACKS / "clean")]).exit_code == 0


def test_unannotated_plugin_statement_is_bad_input(tmp_path):
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "x.lp").write_text("a :- b.\n")
    result = CliRunner().invoke(main, ["coverage", "--pack-dir", str(tmp_path / "bad")])
    assert result.exit_code == 2 and "annotation" in result.output


@pytest.mark.parametrize("reading,ok", [("mark_infect_both", True), ("nonsense", False)])
def test_readings_are_checked(tmp_path, reading, ok):
    scen = tmp_path / "r.yaml"
    scen.write_text(f"""title: "1000.7c: a reading"
rules: [mtg, almos]
readings: [{reading}]
players: [alice, bob]
""")
    result = CliRunner().invoke(main, ["ask", str(scen)])
    assert (result.exit_code == 0) == ok and (ok or "unknown reading" in result.output)


def test_mark_and_infect_overlap_is_decided_by_the_reading(tmp_path):
    """The known Almos finding: mark (1000.7c) and infect (702.90c) both replace the marking of
    one damage. Under the reading mark_infect_both nothing decides between them (an overlap
    conflict); the default reading decides it."""
    from rulekeeper.bridge.tools.consistency.board import board_scenario, generate
    from rulekeeper.bridge.tools.consistency.vocabulary import Want
    from rulekeeper.bridge.core.rules.packs import bundled_pack
    checker = Checker(shared_engine(), bundled_pack("almos"), Settings(write=tmp_path))
    assert ("mark", "infect") in checker.voc.related
    want = Want(all=frozenset({("action", "damage"), ("kw_on", "source", "mark"),
                               ("kw_on", "source", "infect")}))
    board = generate(checker.program, checker.voc, want, 2, 1)[0]
    for reading, overlap in ((None, False), ("mark_infect_both", True)):
        data = board_scenario(board, "1000.7c: mark and infect", ["mtg", "almos"], checker.voc)
        if reading:
            data["readings"] = [reading]
        answer = shared_engine().answer(checker._scenario(data, "x"), explain=True)
        before = len(checker.report.conflicts)
        checker._overlaps(data, answer)
        assert (len(checker.report.conflicts) > before) == overlap
    assert checker.report.conflicts[0].rules == ["1000.7c", "702.90c"]
    said = checker.report.conflicts[0].summary      # the game's words (issue 34)
    assert "1000.7c (" in said and "702.90c (" in said and "both say what happens to the " \
        "damage" in said and "and disagree" in said and "_replaced" not in said, said
    assert checker.report.conflicts[0].details["fix"]
