"""`rulekeeper consistency` on a second designer's pack (issue 34, point 5): planted defects of
the issue's second kind, on triggers, steps, tapping, casting restrictions and control
(tests/packs/clockwork/clockwork.lp: each statement's summary says FIRES, CONFLICT, GAP or
DEAD). Every defect is found only on a board the first search never built (a tapped creature,
the untap step, two of the pack's keywords on one creature, a creature of the player whose turn
it is not, a cast by that player); every defect is found, with no false finding."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulekeeper.bridge.core.rules.packs import load_pack_dir
from rulekeeper.bridge.tools.consistency.report import Settings
from rulekeeper.bridge.tools.consistency.run import Checker
from scenario_index import shared_engine

CLOCKWORK = Path(__file__).resolve().parent / "packs" / "clockwork"
FIRES = ("3101.1", "3102.1", "3103.1", "3104.1")
CONFLICTS = ("3101.2", "3102.2", "3104.2", "3105.1")
GAP = ["3103.2", "3103.3"]
DEAD = ["3104.3"]


@pytest.fixture(scope="module")
def clockwork(tmp_path_factory):
    out = tmp_path_factory.mktemp("clockwork")
    settings = Settings(max_objects=2, max_actions=2, timeout=900, per_target=60, write=out)
    return Checker(shared_engine(), load_pack_dir(CLOCKWORK), settings).run()


def test_nothing_that_fires_is_reported_dead(clockwork):
    said = {r for f in clockwork.dead + clockwork.not_reached for r in f.rules}
    assert not said & set(FIRES), said
    assert not clockwork.not_reached


def test_the_dead_statement_is_proved_dead(clockwork):
    assert [f.rules for f in clockwork.dead] == [DEAD]
    assert "cannot fire within 2 object(s), 2 action(s), one turn boundary" in clockwork.dead[0].summary


@pytest.mark.parametrize("rule", CONFLICTS)
def test_each_planted_conflict_is_found_with_a_fix(clockwork, rule):
    found = [f for f in clockwork.conflicts if rule in f.rules]
    assert found, [f.rules for f in clockwork.conflicts]
    assert "no way to go on" in found[0].summary and found[0].details["fix"]


def test_the_two_replacements_on_one_creature_are_a_gap_in_game_words(clockwork):
    assert [f.rules for f in clockwork.gaps] == [GAP]
    said = clockwork.gaps[0].summary
    assert "3103.2 (" in said and "3103.3 (" in said and "where" in said and "disagree" in said
    assert "zone(" not in said, said


def test_no_false_conflict(clockwork):
    pack_rules = {r for f in clockwork.conflicts for r in f.rules if r.startswith("31")}
    assert pack_rules == set(CONFLICTS)


def test_witnesses_assert_their_finding_and_pass(clockwork):
    findings = [f for k in ("conflicts", "gaps", "divergences") for f in getattr(clockwork, k)]
    assert findings and all(f.paths for f in findings)
    for f in findings:
        for path in f.paths:
            data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
            assert data["expect"], path
            result = shared_engine().check(path)
            assert result.ok, (path, result.failures)
