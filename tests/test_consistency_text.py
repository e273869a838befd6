"""`consistency --text` on Almos (issue 34, point 2): the Almos rules text, paraphrased in our own
words with the same numbering and the same wording problems (the user's text is seed 000,
which tests must not read), gives each class of problem a careful reader finds, at the rule
where it occurs, and every finding comes with a text reference (`FILE:LINE`) and, where the
project decided it, the scenarios that pin the decision (docs/consistency.md shows both)."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.bridge.core.rules.packs import bundled_pack
from rulekeeper.bridge.tools.consistency.report import Settings
from rulekeeper.bridge.tools.consistency.run import Checker
from scenario_index import shared_engine

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "consistency"
TEXT = FIXTURES / "almos-paraphrase.txt"
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "almos"


@pytest.fixture(scope="module")
def found():
    settings = Settings(text=str(TEXT), cr=str(FIXTURES / "mini-cr.txt"), scenarios=str(SCENARIOS))
    return Checker(shared_engine(), bundled_pack("almos"), settings)._text()


def _kinds(found) -> set[tuple[str, str, str]]:
    return {(f.kind, r, f.details.get("cue", "")) for f in found for r in f.rules}


@pytest.mark.parametrize("kind,rule,cue", [
    ("undefined_term", "1000.5c", ""), ("undefined_term", "1000.5d", ""),      # Rainybound, ...
    ("undefined_term", "1000.3a", ""),                     # temporary / current listed as states
    ("copied", "1000.7e", ""), ("copied", "1000.7f", ""),   # infect's sentences
    ("unstated", "1000.7a", ""), ("unstated", "1000.7b", ""),
    ("reading", "1000.2e", "may"), ("reading", "1000.2f", "limit"),
    ("reading", "1000.3f", "ordering"), ("reading", "1000.4d", "when_state"),
    ("reading", "1000.4a", "switched_off"), ("reading", "1000.5a", "each"),
    ("repeated", "1000.4b", ""), ("repeated", "1000.4d", ""),        # trample under two states
    ("reading", "1000.6a", "separate"),          # may a type be listed twice in discipline's list?
])
def test_each_class_of_problem_is_found_where_it_occurs(found, kind, rule, cue):
    assert (kind, rule, cue) in _kinds(found)


def test_nothing_is_found_where_the_text_is_plain(found):
    said = {r for f in found for r in f.rules}
    assert not said & {"1000.1a", "1000.2a", "1000.2b", "1000.6b", "1000.7c", "1000.8a"}
    terms = {f.details["term"] for f in found if f.kind == "undefined_term"}
    assert terms == {"empty", "temporary", "current", "Rainybound", "Heatwavebound"}


def test_every_finding_has_a_text_reference(found):
    lines = TEXT.read_text(encoding="utf-8").splitlines()
    for f in found:
        assert f.details["where"], f.summary
        for where in f.details["where"]:
            path, line = where.rsplit(":", 1)
            assert path == str(TEXT)
            assert lines[int(line) - 1].startswith(tuple(r + "." for r in f.rules)), where


def test_decided_readings_name_the_scenarios_that_pin_them(found):
    may = next(f for f in found if f.details.get("cue") == "may" and f.rules == ["1000.2e"])
    assert may.details["recorded"] == ["occupy_choice"]
    assert str(SCENARIOS / "1000.2e-occupy-must-reading.yaml") in may.paths
    rainy = next(f for f in found if f.kind == "undefined_term" and f.rules == ["1000.5c"])
    assert rainy.details["closest"] == "Rainy" and any("rainybound" in p for p in rainy.paths)
    for f in found:
        for path in f.paths:
            assert Path(path).is_file() and Path(path).name.split("-")[0] in f.rules or \
                any(r in Path(path).read_text(encoding="utf-8") for r in f.rules)
