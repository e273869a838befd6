"""`rulekeeper consistency` on a third designer's pack (issue 34): planted defects of the kinds
the tinker and clockwork packs do not plant (tests/packs/harbor/harbor.lp: each statement's
summary says FIRES, CONFLICT, GAP, DEAD or NO FINDING): exile and return to hand, the pack's
own counter kind put and removed by an effect (two on one creature), a "can't" on removing
counters, a choice by a player other than the one the effect names with nothing to choose, two
statements giving an entering creature two controllers, and a constraint nothing breaks.
Every defect is found, with no false finding."""
from __future__ import annotations

from pathlib import Path

import pytest

from packcheck import (
    conflict_with_fix,
    nothing_firing_is_dead,
    proved_dead,
    run_pack,
    witnesses_pass,
)

HARBOR = Path(__file__).resolve().parent / "packs" / "harbor"
FIRES = ("3201.1", "3201.2", "3202.1", "3202.2")
CONFLICTS = ("3202.3", "3203.1")
GAP = ["3204.1", "3204.2"]
DEAD = ["3205.1"]


@pytest.fixture(scope="module")
def harbor(tmp_path_factory):
    return run_pack(HARBOR, tmp_path_factory.mktemp("harbor"))


def test_nothing_that_fires_is_reported_dead(harbor):
    nothing_firing_is_dead(harbor, FIRES)


def test_the_dead_statement_is_proved_dead(harbor):
    proved_dead(harbor, DEAD)


@pytest.mark.parametrize("rule", CONFLICTS)
def test_each_planted_conflict_is_found_with_a_fix(harbor, rule):
    conflict_with_fix(harbor, rule)


def test_two_controllers_for_one_entering_creature_are_a_gap(harbor):
    """The planted gap (3204.1 and 3204.2 on a creature with both keywords), and, true as well,
    3204.1 alone on a resolving creature spell: the CR's 608.3a gives the caster control
    through the same hook (`enters_under`), so the spell has two controllers (`ask` shows both;
    docs/writing-rules.md says so of the hook)."""
    assert GAP in [f.rules for f in harbor.gaps]
    assert all(set(f.rules) <= set(GAP) for f in harbor.gaps), [f.rules for f in harbor.gaps]
    said = next(f for f in harbor.gaps if f.rules == GAP).summary
    assert "3204.1 (" in said and "3204.2 (" in said and "disagree" in said
    assert "controller(" not in said, said


def test_no_false_conflict(harbor):
    """3205.2 forbids what no effect of the game does (a spark counter on a player): no
    finding, and not left open either."""
    pack_rules = {r for f in harbor.conflicts for r in f.rules if r.startswith("32")}
    assert pack_rules == set(CONFLICTS)
    assert not [f for f in harbor.not_reached if "3205.2" in f.rules]


def test_witnesses_assert_their_finding_and_pass(harbor):
    witnesses_pass(harbor, ("conflicts", "gaps", "divergences"))
