"""Scenario data reaches clingo only as data: names and titles with quotes, dots and whole
`#script` blocks are carried as exact strings, never parsed as ASP; ids and atoms that try it are
refused."""
from __future__ import annotations

import json
from pathlib import Path

import clingo
import pytest
import yaml
from click.testing import CliRunner

from rulekeeper.bridge.core.solve.timeline import Timeline
from rulekeeper.bridge.games.mtg.facts import scenario_facts
from rulekeeper.bridge.games.mtg.validate import load_scenario
from rulekeeper.cli.main import main


def _payload(marker: Path) -> str:
    return f"x). #script (python) import os; os.system('touch {marker}') #end."


def _names(marker: Path) -> list[str]:
    return ['Say "hi"', "Dot. Dot. Dot.", _payload(marker), 'a\\"). b :- c. %',
            "#program base. p."]


def _write(tmp_path: Path, doc: dict) -> Path:
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return path


def _scenario(tmp_path: Path, marker: Path) -> Path:
    names = _names(marker)
    return _write(tmp_path, {
        "title": _payload(marker) + ' "quoted" title.',
        "description": _payload(marker),
        "players": ["alice", "bob"],
        "cards": {n: {"name": n, "types": ["creature"], "power": 2, "toughness": 2}
                  for n in names},
        "objects": [{"id": f"c{i}", "card": n, "controller": "alice"}
                    for i, n in enumerate(names)],
        "actions": [{"deal_damage": {"target": "c0", "amount": 2}}],
        "expect": {"always": ["zone(c0,graveyard)", "zone(c2,battlefield)"]},
    })


def _card_names(path: Path) -> set[str]:
    """Ground the scenario's facts as clingo sees them and read the card_name strings back."""
    scen = load_scenario(path)
    ctl = clingo.Control()
    with ctl.backend() as backend:
        for fact in scenario_facts(scen, Timeline.layout(len(scen.actions), 1)):
            backend.add_rule([backend.add_atom(fact)])
    ctl.ground([("base", [])])
    return {a.symbol.arguments[1].string for a in ctl.symbolic_atoms.by_signature("card_name", 2)}


def test_names_stay_exact_strings(tmp_path):
    marker = tmp_path / "pwned"
    path = _scenario(tmp_path, marker)
    assert _card_names(path) == set(_names(marker))
    assert not marker.exists()


def test_hostile_names_solve_normally(tmp_path):
    marker = tmp_path / "pwned"
    path = _scenario(tmp_path, marker)
    runner = CliRunner()
    result = runner.invoke(main, ["ask", "--json", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["models"] == 1
    assert "zone(c0,graveyard)" in data["outcomes"]["always"]
    assert "zone(c2,battlefield)" in data["outcomes"]["always"]
    assert data["title"].startswith("x). #script")
    assert runner.invoke(main, ["test", str(path)]).exit_code == 0
    why = runner.invoke(main, ["why", str(path), "zone(c0,graveyard)"])
    assert why.exit_code == 0 and "holds in 1 of 1" in why.output
    assert not marker.exists()


@pytest.mark.parametrize("bad_id", ["x). #script (python) #end.", 'bob"', "a.b", "Alice", "p(x)"])
def test_hostile_ids_are_refused(tmp_path, bad_id):
    marker = tmp_path / "pwned"
    path = _write(tmp_path, {"title": "t", "players": ["alice", "bob"],
                             "objects": [{"id": bad_id, "card": {"types": ["artifact"]}}]})
    result = CliRunner().invoke(main, ["ask", str(path)])
    assert result.exit_code == 2
    assert "expected an id" in result.output and "Traceback" not in result.output
    assert not marker.exists()


@pytest.mark.parametrize("field", ["always", "sometimes", "never"])
def test_script_in_expect_is_refused(tmp_path, field):
    marker = tmp_path / "pwned"
    path = _write(tmp_path, {"title": "t", "players": ["alice", "bob"],
                             "expect": {field: [_payload(marker)]}})
    for command in (["ask", str(path)], ["test", str(path)]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 2
        assert "not an atom" in result.output and "Traceback" not in result.output
    assert not marker.exists()


def test_script_in_choose_is_refused(tmp_path):
    marker = tmp_path / "pwned"
    path = _write(tmp_path, {"title": "t", "players": ["alice", "bob"],
                             "choose": ["#script (python) import os #end."]})
    result = CliRunner().invoke(main, ["ask", str(path)])
    assert result.exit_code == 2 and "not an atom" in result.output


def test_script_as_why_atom_is_refused(tmp_path):
    marker = tmp_path / "pwned"
    path = _scenario(tmp_path, marker)
    result = CliRunner().invoke(main, ["why", str(path), _payload(marker)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert not marker.exists()
