"""`rulekeeper ground`: the program it writes, solved by clingo alone, has the outcomes the
bridge gives for the scenario."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import clingo
import pytest
from click.testing import CliRunner

from rulekeeper.bridge.core.solve.solve import stack_positions
from rulekeeper.cli.main import main

REPO = Path(__file__).resolve().parent.parent
MTG = REPO / "scenarios" / "mtg"
CASES = [MTG / "704-state-based-actions" / "704.5g-lethal-damage.yaml",          # one outcome
         MTG / "615-prevention-effects" / "615.7-two-sources-one-shield.yaml",    # a choice
         MTG / "6-spells-abilities" / "117-instant-on-stack.yaml",                # the stack
         REPO / "scenarios" / "altered" / "activate-opposing-reaction.yaml"]  # another game's facts


def run(*args) -> object:
    return CliRunner().invoke(main, [str(a) for a in args])


def clingo_outcomes(program: Path) -> set[frozenset[str]]:
    """The outcomes of the program file as bare clingo finds them (as the bridge reads them)."""
    ctl = clingo.Control(["--models=0", "--project=auto"], logger=lambda *_: None)
    ctl.load(str(program))
    ctl.ground([("base", [])])
    found: set[frozenset[str]] = set()

    def on_model(model: clingo.Model) -> None:
        atoms = {s.arguments[0] for s in model.symbols(shown=True) if s.name == "outcome"}
        found.add(frozenset(map(str, stack_positions(atoms, None))))

    ctl.solve(on_model=on_model)
    return found


def bridge_outcomes(engine, path: Path) -> set[frozenset[str]]:
    answer = engine.answer(engine.load(path), explain=True)
    return {frozenset(map(str, m)) for m in answer.models}


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_dumped_program_has_the_bridge_outcomes(engine, path, tmp_path):
    out = tmp_path / "program.lp"
    result = run("ground", path, "-o", out)
    assert result.exit_code == 0, result.output
    expected = bridge_outcomes(engine, path)
    assert expected and clingo_outcomes(out) == expected
    text = out.read_text()
    assert "rk_why(" in text          # the explanation rules `ask` solves with


def test_plain_program_and_json(engine, tmp_path):
    path = CASES[1]
    result = run("ground", path, "--plain", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["explain"] is False and "rk_why(" not in data["program"]
    assert data["clingo_options"] == ["--models=0", "--project=auto"]
    out = tmp_path / "plain.lp"
    out.write_text(data["program"])
    assert len(clingo_outcomes(out)) == 2 == len(bridge_outcomes(engine, path))


def test_bare_clingo_command_line_solves_the_dump(tmp_path):
    """The yardstick: `python -m clingo` on the written file, as a user would run it."""
    out = tmp_path / "p.lp"
    assert run("ground", CASES[0], "-o", out).exit_code == 0
    proc = subprocess.run([sys.executable, "-m", "clingo", "--models=0", "--project=auto",
                           "--outf=2", str(out)], capture_output=True, text=True, timeout=120)
    data = json.loads(proc.stdout)
    assert data["Result"] == "SATISFIABLE"
    shown = data["Call"][0]["Witnesses"][0]["Value"]
    assert "outcome(zone(bear,graveyard))" in shown


def test_scenario_strings_are_rendered_as_clingo_strings(tmp_path):
    """A quote in user text stays inside a clingo string (facts are Symbols, printed)."""
    scen = tmp_path / "q.yaml"
    scen.write_text('title: "quote"\nplayers: [alice, bob]\n'
                    'cards:\n  "Bob\'s \\"Bear\\". evil(1)": {types: [creature], power: 2, toughness: 2}\n'
                    'objects:\n  - {id: bear, card: "Bob\'s \\"Bear\\". evil(1)", controller: alice}\n')
    out = tmp_path / "q.lp"
    result = run("ground", scen, "-o", out, "--plain")
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert 'object_card(bear,"Bob\'s \\"Bear\\". evil(1)").' in text
    assert "\nevil(1)." not in text
    assert clingo_outcomes(out)


def test_a_file_name_is_not_program_text(tmp_path):
    """The scenario's path is not written into the program (it could hold a newline)."""
    scen = tmp_path / "x\nevil(1).yaml"
    scen.write_text(CASES[0].read_text())
    result = run("ground", scen, "--plain")
    assert result.exit_code == 0, result.output
    assert "evil" not in result.output


def test_bad_input_and_unwritable_output(tmp_path):
    assert run("ground", tmp_path / "missing.yaml").exit_code == 2
    result = run("ground", CASES[0], "-o", tmp_path / "no" / "such" / "dir.lp", "--json")
    assert result.exit_code == 2
    assert "cannot write" in json.loads(result.output)["error"]["message"]
