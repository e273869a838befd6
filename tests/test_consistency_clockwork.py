"""`rulekeeper consistency` on a second designer's pack (issue 34, point 5): planted defects of
the issue's second kind, on triggers, steps, tapping, casting restrictions and control
(tests/packs/clockwork/clockwork.lp: each statement's summary says FIRES, CONFLICT, GAP, DEAD
or NO FINDING). Every defect is found only on a board the first search never built (a tapped creature,
the untap step, two of the pack's keywords on one creature, a creature of the player whose turn
it is not, a cast by that player); every defect is found, with no false finding."""
from __future__ import annotations

from pathlib import Path

import pytest

from packcheck import BOUNDS_WORDS, run_pack, witnesses_pass

CLOCKWORK = Path(__file__).resolve().parent / "packs" / "clockwork"
FIRES = ("3101.1", "3102.1", "3103.1", "3104.1")
CONFLICTS = ("3101.2", "3102.2", "3104.2", "3105.1")
GAP = ["3103.2", "3103.3"]
DEAD = ["3104.3"]


@pytest.fixture(scope="module")
def clockwork(tmp_path_factory):
    return run_pack(CLOCKWORK, tmp_path_factory.mktemp("clockwork"))


def test_nothing_that_fires_is_reported_dead(clockwork):
    said = {r for f in clockwork.dead + clockwork.not_reached for r in f.rules}
    assert not said & set(FIRES), said
    assert not clockwork.not_reached


def test_the_dead_statement_is_proved_dead(clockwork):
    assert [f.rules for f in clockwork.dead] == [DEAD]
    assert BOUNDS_WORDS in clockwork.dead[0].summary


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
    """3106.1 forbids a board (a watch counter on a card in hand), not something the rules make
    happen: no finding."""
    pack_rules = {r for f in clockwork.conflicts for r in f.rules if r.startswith("31")}
    assert pack_rules == set(CONFLICTS)
    assert not [f for f in clockwork.not_reached if "3106.1" in f.rules]


def test_a_constraint_on_the_described_board_is_no_target():
    from clingo import ast
    from rulekeeper.bridge.tools.consistency.statements import on_described_state
    seen = []
    for text in (":- holds(0,counters(O,\"watch\",N)), N > 0, not creature(0,O).",
                 ":- init(tapped(O)), init(zone(O,Z)), Z != battlefield.",
                 ":- ends(T,tapped(O)), keyword_in_effect(T,O,rust)."):
        ast.parse_string(text, lambda s: s.ast_type == ast.ASTType.Rule and
                         seen.append(on_described_state(s)))
    assert seen == [True, True, False]


def test_witnesses_assert_their_finding_and_pass(clockwork):
    witnesses_pass(clockwork, ("conflicts", "gaps", "divergences"))
