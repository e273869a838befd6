"""`rulekeeper consistency` as a designer uses it (issue 34): a plug-in pack with planted
defects of every kind the issue names (tests/packs/tinker/tinker.lp: each statement's summary
says FIRES, DEAD or CONFLICT) gives every defect and no false finding; "dead" is proved by the
bounded search inside the solver; witnesses assert what their finding says and pass `test`;
and the rules-text checks find the planted problems of a numbered rules text written for the
tests (tests/packs/tinker/RULES.txt, with an invented mini CR)."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from packcheck import BOUNDS_WORDS, run_pack, witnesses_pass
from rulekeeper.bridge.core.base.errors import ImpossibleSituation
from rulekeeper.bridge.core.rules.packs import load_pack_dir
from rulekeeper.bridge.tools.consistency.isolate import run_targets
from rulekeeper.bridge.tools.consistency.report import Settings
from rulekeeper.bridge.tools.consistency.run import Checker
from rulekeeper.bridge.tools.consistency.search import Search
from rulekeeper.bridge.tools.consistency.space import Bounds, build_space, scenario_of
from rulekeeper.bridge.tools.consistency.text import check_text, read_text
from rulekeeper.bridge.tools.consistency.vocabulary import pack_vocabulary
from rulekeeper.cli.main import main
from scenario_index import shared_engine

HERE = Path(__file__).resolve().parent
TINKER = HERE / "packs" / "tinker"
MINI_CR = HERE / "fixtures" / "consistency" / "mini-cr.txt"
FIRES = ("3001.1", "3001.2", "3002.1", "3002.2", "3003.1", "3004.1", "3005.1", "3006.1")
CONFLICTS = ("3007.1", "3008.1", "3009.1")


@pytest.fixture(scope="module")
def tinker(tmp_path_factory):
    return run_pack(TINKER, tmp_path_factory.mktemp("tinker"))


def test_nothing_that_fires_is_reported_dead(tinker):
    said = {r for f in tinker.dead + tinker.not_reached for r in f.rules}
    assert not said & set(FIRES), said


def test_the_dead_statement_is_proved_dead(tinker):
    assert [f.rules for f in tinker.dead] == [["3010.1"]]
    assert BOUNDS_WORDS in tinker.dead[0].summary
    assert not tinker.not_reached


@pytest.mark.parametrize("rule", CONFLICTS)
def test_each_planted_conflict_is_found_with_a_fix(tinker, rule):
    found = [f for f in tinker.conflicts if rule in f.rules]
    assert found, [f.rules for f in tinker.conflicts]
    assert "no way to go on" in found[0].summary and found[0].details["fix"]


def test_no_false_conflict_or_gap(tinker):
    pack_rules = {r for f in tinker.conflicts for r in f.rules if r.startswith("30")}
    assert pack_rules == set(CONFLICTS)
    assert not tinker.gaps


def test_witnesses_assert_their_finding_and_pass(tinker):
    witnesses_pass(tinker, ("conflicts", "divergences", "interpretations"))


@pytest.fixture(scope="module")
def small_search():
    engine = shared_engine()
    pack = load_pack_dir(TINKER)
    rules = engine.rules(["mtg", pack])
    space = build_space(pack_vocabulary(rules, pack.name), Bounds(1, 1, False), ["mtg", str(TINKER)])
    return Search(rules, pack.name, space, None)


def test_bounded_search_proves_dead_and_finds_the_smallest_board(small_search):
    search = small_search
    by_rule = {(t.kind, t.info.rule): t for t in search.targets}
    dead = search.run(by_rule[("fires", "3010.1")], 60)
    assert dead.status == "none"
    pair = search.run(by_rule[("fires", "3004.1")], 60)
    assert pair.status == "found" and sorted(map(str, pair.board)) == \
        ["kw(1,brace)", "kw(1,vigil)", "obj(1)"]


def test_a_choice_target_agrees_with_the_engine_whatever_the_order(small_search):
    """3009.1 ("that player chooses a creature they control"): its 'nothing to choose' board
    leaves the engine without an answer (no candidate, not a candidate left out) and its
    'fires' board is one where the choice chooses, searched on one solver in either order
    (the solver keeps what it learnt from one target to the next)."""
    search = small_search
    short = next(t for t in search.targets if t.kind == "nothing_to_choose")
    fires = next(t for t in search.targets if t.kind == "fires" and t.info.index == short.info.index)
    assert short.info.rule == "3009.1"
    choice = [short, fires]
    others = [t for t in search.targets if t not in choice]
    for order in (choice + others, others[::-1] + choice[::-1]):
        got = {t.key: search.run(t, 60) for t in order}
        for target in choice:
            res = got[target.key]
            assert res.status == "found"
            scenario = scenario_of(search.space.scenario(res.board, ["mtg", str(TINKER)], "t"), None)
            if target.kind == "nothing_to_choose":
                with pytest.raises(ImpossibleSituation):
                    shared_engine().answer(scenario)
            else:
                assert shared_engine().answer(scenario).models


def test_pool_workers_keep_their_solver_from_one_target_to_the_next(small_search):
    """Two workers, each searching its targets one after another on the solver it inherited
    (isolate.py): after a board was found, an unreachable target is still proved exhausted,
    and the results come back in the order given."""
    by_rule = {(t.kind, t.info.rule): t for t in small_search.targets}
    dead, pair = by_rule[("fires", "3010.1")], by_rule[("fires", "3004.1")]
    items = [(pair, 60.0), (dead, 60.0), (pair, 60.0), (dead, 60.0)]
    got = [(t.info.rule, r.status) for t, r in run_targets(small_search, iter(items), workers=2)]
    assert got == [("3004.1", "found"), ("3010.1", "none")] * 2


def test_one_worker_keeps_its_solver_and_a_second_try_is_on_a_fresh_one(small_search):
    """One worker is forked too (this process's solver stays unused, for a second try): its
    first target is on a fresh solver, the next on the used one; with `fresh` every target
    is searched in a child forked from a process that searched nothing (isolate.py)."""
    by_rule = {(t.kind, t.info.rule): t for t in small_search.targets}
    dead, pair = by_rule[("fires", "3010.1")], by_rule[("fires", "3004.1")]
    items = [(pair, 60.0), (dead, 60.0), (pair, 60.0)]
    kept = [(r.status, r.fresh) for _, r in run_targets(small_search, iter(items), workers=1)]
    assert kept == [("found", True), ("none", False), ("found", False)]
    again = [(r.status, r.fresh) for _, r in run_targets(small_search, iter(items), workers=1,
                                                         fresh=True, longest=120)]
    assert again == [("found", True), ("none", True), ("found", True)]


ENCODED = {"3001.1", "3001.2", "3002.1", "3002.2", "3003.1", "3004.1", "3005.1", "3006.1",
           "3007.1", "3008.1", "3009.1", "3010.1"}


def test_rules_text_findings():
    found = check_text(read_text(TINKER / "RULES.txt"), ENCODED, ["3003"], {}, MINI_CR)
    got = {(f.kind, f.rules[0], f.details.get("cue", "")) for f in found}
    assert got == {
        ("unstated", "3001.3", ""), ("unstated", "3002.3", ""), ("unstated", "3011.1", ""),
        ("unstated", "3012.1", ""),
        ("undefined_term", "3005.1", ""), ("copied", "3002.3", ""), ("repeated", "3012.1", ""),
        ("reading", "3003.2", "switched_off"), ("reading", "3009.1", "may"),
        ("reading", "3009.1", "each"), ("reading", "3009.1", "limit"),
        ("reading", "3011.1", "ordering")}
    term = next(f for f in found if f.kind == "undefined_term")
    assert term.details["closest"] == "Drizzle" and "Drizzlebound" in term.summary
    copied = next(f for f in found if f.kind == "copied")
    assert copied.details["cr_rule"] == "702.500b"


def test_recorded_reading_is_said_so():
    found = check_text(read_text(TINKER / "RULES.txt"), ENCODED, ["3003"],
                       {"3011.1": ["weather_order"]}, None)
    ordering = next(f for f in found if f.details.get("cue") == "ordering")
    assert "weather_order" in ordering.fix
    assert not [f for f in found if f.kind == "copied"]        # no CR given: not compared


def test_text_bad_input_is_exit_2(tmp_path):
    (tmp_path / "empty.txt").write_text("no numbered rules here\n")
    for text in (tmp_path / "none.txt", tmp_path / "empty.txt"):
        result = CliRunner().invoke(main, ["consistency", "--pack-dir", str(TINKER), "--text",
                                           str(text), "--timeout", "30"])
        assert result.exit_code == 2, result.output


def test_text_of_a_pack_with_recorded_readings():
    """The readings a pack records are found by rule number and by its file's section (almos:
    statebound_upkeep is consulted by almos/1000.5-statebound.lp)."""
    from rulekeeper.bridge.core.rules.packs import bundled_pack
    checker = Checker(shared_engine(), bundled_pack("almos"), Settings(text=str(TINKER / "RULES.txt")))
    recorded = checker._recorded()
    assert "statebound_upkeep" in recorded["1000.5"] and "occupy_choice" in recorded["1000.2e"]
    found = checker._text()
    assert {f.kind for f in found} >= {"unstated", "reading"}
    assert all(f.details["fix"] for f in found)


def test_text_findings_have_a_text_reference_and_their_scenarios(tmp_path):
    """Each finding on the rules text says where the text says it (RULES.txt:LINE) and names the
    scenarios that pin the decision on its rules (their title or description cites them)."""
    (tmp_path / "haunt.yaml").write_text('title: "3009.1: the haunt choice is optional"\n')
    checker = Checker(shared_engine(), load_pack_dir(TINKER),
                      Settings(text=str(TINKER / "RULES.txt"), scenarios=str(tmp_path)))
    found = checker._text()
    assert found and all(f.details["where"] for f in found)
    lines = {n: i for i, line in enumerate((TINKER / "RULES.txt").read_text().splitlines(), 1)
             for n in [line.split(" ", 1)[0].rstrip(".")]}
    may = next(f for f in found if f.details.get("cue") == "may")
    assert may.details["where"] == [f"{TINKER / 'RULES.txt'}:{lines['3009.1']}"]
    assert may.paths == [str(tmp_path / "haunt.yaml")]
    assert not [f for f in found if f.paths and "3009.1" not in f.rules]
