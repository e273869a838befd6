"""Regression tests for every input kind of issue 18 (no traceback, no hang on any input) and the
shared error path of the CLI (`--json` errors, issue 12). The CLI runs in-process."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from rulekeeper.bridge.core.run import engine as engine_module
from rulekeeper.bridge.core.source.source import MAX_BYTES
from rulekeeper.cli import main as cli_main
from rulekeeper.cli.main import main
from scenario_index import shared_engine

REPO = Path(__file__).resolve().parent.parent
GAIN = REPO / "scenarios" / "mtg" / "119-life" / "119.3-gain-life.yaml"
LETHAL = REPO / "scenarios" / "mtg" / "704-state-based-actions" / "704.5g-lethal-damage.yaml"
IMPOSSIBLE = REPO / "scenarios" / "mtg" / "400-zones" / "110.5d-tapped-card-in-hand-impossible.yaml"
HEAD = "title: t\nplayers: [alice, bob]\n"


@pytest.fixture(autouse=True)
def _one_engine(monkeypatch):
    """The rule bases parsed once for the module, not once per CLI call."""
    monkeypatch.setattr(cli_main, "_engine", lambda pack_dirs=(): shared_engine())


def load_factor() -> float:
    """How much slower than an idle machine wall time runs now: the load average per core (at
    least 1). A bound on wall time is checked against `bound * load_factor()`, so a busy machine
    (eight sessions on two cores) does not fail it, while a hang still does."""
    try:
        return max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))
    except OSError:
        return 1.0


def run(*args, timeout_check: float | None = None):
    if timeout_check is not None:
        timeout_check *= load_factor()
    start = time.monotonic()
    result = CliRunner().invoke(main, [str(a) for a in args])
    took = time.monotonic() - start
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert "Traceback" not in output
    if timeout_check is not None:
        assert took < timeout_check, f"took {took:.1f} s"
    return result, output


def refused(path: Path, *fragments: str, line: int | None = None, command: str = "ask"):
    result, output = run(command, path, timeout_check=10)
    assert result.exit_code == 2, output
    for fragment in fragments:
        assert fragment in output, output
    if line is not None:
        assert f"{path.name}:{line}:" in output, output
    return output


def write(tmp_path: Path, text: str | bytes, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


# -- YAML values the constructors reject: exit 2 with the file and the line ----------------------
@pytest.mark.parametrize("value,fragment", [
    ("2001-13-45", "not a valid YAML timestamp"),
    ("!!int ''", "not a valid YAML int"),
    ("!!bool maybe", "not a valid YAML bool"),
    ("!!timestamp x", "not a valid YAML timestamp"),
    ("!!float abc", "not a valid YAML float"),
    ("9" * 5001, "not a valid YAML int"),
])
def test_bad_yaml_scalars_name_their_line(tmp_path, value, fragment):
    path = write(tmp_path, HEAD + f"turn:\n  number: {value}\n")
    output = refused(path, fragment, line=4)
    assert "9" * 81 not in output           # the 5,001-digit value is clipped


@pytest.mark.parametrize("opening,closing", [("[", "]"), ("{a: ", "}")])
def test_deep_nesting_is_refused_without_recursion(tmp_path, opening, closing):
    path = write(tmp_path, HEAD + "objects: " + opening * 500 + "x" + closing * 500 + "\n")
    refused(path, "too deeply nested", line=3)


def test_block_nesting_is_refused(tmp_path):
    nested = "\n".join("  " * d + "- " for d in range(300)) + "x"
    refused(write(tmp_path, HEAD + "objects:\n" + nested + "\n"), "too deeply nested")


def test_flat_document_is_refused_quickly(tmp_path):
    path = write(tmp_path, HEAD + "choose: [" + ",".join(["a"] * 300_000) + "]\n")
    result, output = run("ask", "--timeout", "5", path, timeout_check=5)
    assert result.exit_code == 2 and "too large" in output


def test_two_megabyte_flow_list_within_the_timeout(tmp_path):
    """Once 67 s and 700 MB before it was refused; now refused at value 50 001, in time."""
    path = write(tmp_path, HEAD + "choose: [" + ",".join(["a"] * 1_000_000) + "]\n")
    assert path.stat().st_size <= MAX_BYTES
    result, output = run("ask", "--json", "--timeout", "1", path, timeout_check=1 + 2)
    assert result.exit_code == 2
    assert json.loads(result.output)["error"]["kind"] in ("bad_input", "timeout")


def test_alias_bomb(tmp_path):
    lines = [HEAD.strip(), 'a0: &a0 ["x","x","x","x","x","x","x","x"]']
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 8) + "]" for i in range(1, 9)]
    refused(write(tmp_path, "\n".join(lines)), "too large")


def test_bad_utf8_names_its_line(tmp_path):
    refused(write(tmp_path, HEAD.encode() + b"description: \xff\n"), "not UTF-8", line=3)


# -- files that are not scenario files: refused before reading -----------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    refused(fifo, "not a regular file", "FIFO")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_devices_are_refused(device):
    if not Path(device).exists():
        pytest.skip(f"no {device}")
    result, output = run("ask", device, timeout_check=5)
    assert result.exit_code == 2 and "not a regular file" in output


@pytest.mark.parametrize("command", ["ask", "legal", "why"])
def test_directory_argument_is_a_clear_error(tmp_path, command):
    args = [command, tmp_path] + (["life(alice,20)"] if command == "why" else [])
    result, output = run(*args)
    assert result.exit_code == 2
    assert "is a directory" in output and "Usage:" not in output


def test_large_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "big.yaml"
    with path.open("wb") as handle:                  # 20 MB, sparse: nothing is read
        handle.truncate(20 * 1024 * 1024)
    refused(path, "too large", f"{MAX_BYTES:,}")


def test_file_just_over_the_limit(tmp_path):
    refused(write(tmp_path, HEAD.encode() + b"#" + b"x" * MAX_BYTES), "too large")


@pytest.mark.parametrize("command", ["ask", "test", "legal"])
def test_odd_path_names(tmp_path, command):
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    for path in (tmp_path / "a\x00b.yaml", loop):
        result, output = run(command, path)
        assert result.exit_code == 2, output


def test_missing_file():
    refused(REPO / "no-such-scenario.yaml", "no such file")


# -- patterns match whole: no trailing newline or invisible character passes ---------------------
@pytest.mark.parametrize("doc", [
    {"title": "t", "players": ["alice\n", "bob"]},
    {"title": "t", "players": ["alice\u200b", "bob"]},
    {"title": "t", "players": ["alice", "bob"],
     "objects": [{"id": "bear\n", "card": {"types": ["creature"], "power": 1, "toughness": 1}}]},
    {"title": "t", "players": ["alice", "bob"],
     "cards": {"B": {"types": ["creature"], "power": 1, "toughness": 1,
                     "keywords": ["deathtouch\n"]}}},
    {"title": "t", "players": ["alice", "bob"],
     "cards": {"B": {"types": ["creature\n"], "power": 1, "toughness": 1}}},
    {"title": "t", "players": ["alice", "bob"], "expect": {"impossible": ["704.5g\n"]}},
    {"title": "t", "players": ["alice", "bob"], "expect": {"impossible": ["\u0667\u0660\u0664.5g"]}},
])
def test_near_miss_strings_are_refused(tmp_path, doc):
    path = write(tmp_path, yaml.safe_dump(doc, allow_unicode=True))
    result, output = run("ask", path)
    assert result.exit_code == 2, output


def test_long_values_are_clipped_in_messages(tmp_path):
    doc = {"title": "t", "players": ["alice"], "objects": [{"id": "o", "card": "x" * 1_000_000}]}
    output = refused(write(tmp_path, yaml.safe_dump(doc, width=10**9)), "unknown card")
    assert "x" * 81 not in output and len(output) < 1000


# -- commands on unusual but valid input ----------------------------------------------------------
def test_legal_on_a_scenario_that_creates_tokens():
    path = REPO / "scenarios" / "almos" / "1000.1a-territory-token-enters.yaml"
    result, output = run("legal", "--json", path)
    assert result.exit_code == 0, output
    assert "legal" in json.loads(result.output)


@pytest.mark.parametrize("args", [["-zone(bear,battlefield)"], ["--", "-zone(bear,battlefield)"]])
def test_why_accepts_an_atom_starting_with_a_minus(args):
    result, output = run("why", LETHAL, *args)
    assert result.exit_code == 0, output
    assert "-zone(bear,battlefield)" in output


@pytest.mark.parametrize("atom,fragment", [
    ("f(" * 400 + "x" + ")" * 400, "too long"),
    ("f(" * 20 + "x" + ")" * 20, "nested more than"),
    ("life(alice," + "9" * 900 + ")", "out of range"),
    ("zone(bear,graveyard). #script (python) import os #end.", "not an atom"),
])
def test_why_refuses_odd_atoms(atom, fragment):
    result, output = run("why", LETHAL, atom)
    assert result.exit_code == 2 and fragment in output and "[ATOM]" in output


def test_why_for_an_atom_holding_nowhere_stays_within_the_timeout():
    from rulekeeper.bridge.core.solve.solve import prepare_explanations
    prepare_explanations(shared_engine().rules(["mtg"]))   # the fixed cost, not counted
    result, output = run("why", "--timeout", "2", GAIN, "tapped(x)", timeout_check=2 + 3)
    assert result.exit_code in (0, 2), output


def test_timeout_covers_reading_and_parsing(tmp_path):
    doc = {"title": "big", "players": ["alice", "bob"],
           "cards": {"B": {"types": ["creature"], "power": 2, "toughness": 2}},
           "objects": [{"id": f"c{i}", "card": "B", "controller": "alice"} for i in range(3000)]}
    path = write(tmp_path, yaml.safe_dump(doc, default_flow_style=True, width=10**9))
    result, output = run("ask", "--timeout", "0.3", path, timeout_check=0.3 + 2.5)
    assert result.exit_code == 2 and "no answer within 0.3 s" in output


def test_solver_out_of_memory_names_the_board(monkeypatch):
    def out_of_memory(*_args, **_kwargs):
        raise RuntimeError("MemoryError: std::bad_alloc")   # what clingo raises

    monkeypatch.setattr(engine_module, "solve", out_of_memory)
    result, output = run("ask", LETHAL)
    assert result.exit_code == 2
    assert "out of memory" in output and "1 objects, 1 actions" in output


def test_a_bug_in_the_solver_child_is_not_hidden(monkeypatch):
    def bug(*_args, **_kwargs):
        raise KeyError("a bug of the project")

    monkeypatch.setattr(engine_module, "solve", bug)
    result = CliRunner().invoke(main, ["ask", str(LETHAL)])
    assert isinstance(result.exception, RuntimeError) and "KeyError" in str(result.exception)


# -- --json on every error: {"error": {file, line, field, message}}, exit code unchanged ---------
def _error(result) -> dict:
    data = json.loads(result.output)
    assert set(data) == {"error"}
    assert {"file", "line", "field", "message", "kind"} <= set(data["error"])
    return data["error"]


@pytest.mark.parametrize("command", [["ask", "--json"], ["legal", "--json"]])
def test_json_bad_input(tmp_path, command):
    path = write(tmp_path, HEAD + "life: {alice: lots}\n")
    result, _ = run(*command, path)
    assert result.exit_code == 2
    error = _error(result)
    assert error["file"] == str(path) and error["line"] == 3 and error["field"] == "life.alice"
    assert "whole number" in error["message"] and error["kind"] == "bad_input"


def test_json_impossible_keeps_exit_3():
    result, _ = run("ask", "--json", IMPOSSIBLE)
    assert result.exit_code == 3
    error = _error(result)
    assert error["kind"] == "impossible" and any("110.5d" in c for c in error["conflicts"])


def test_json_timeout_still_prints_json(tmp_path):
    doc = {"title": "big", "players": ["alice", "bob"],
           "cards": {"B": {"types": ["creature"], "power": 2, "toughness": 2}},
           "objects": [{"id": f"c{i}", "card": "B", "controller": "alice"} for i in range(300)],
           "actions": [{"deal_damage": {"target": f"c{i}", "amount": 1}} for i in range(30)]}
    result, _ = run("ask", "--json", "--timeout", "0.2", write(tmp_path, yaml.safe_dump(doc)))
    assert result.exit_code == 2
    error = _error(result)
    assert error["kind"] == "timeout" and error["seconds"] == 0.2


def test_json_directory_and_usage_errors(tmp_path):
    result, _ = run("legal", "--json", tmp_path)
    assert result.exit_code == 2 and "directory" in _error(result)["message"]
    result, _ = run("ask", "--json", "--timeout", "0", GAIN)
    assert result.exit_code == 2
    error = _error(result)
    assert error["kind"] == "usage" and error["field"] == "timeout"


def test_json_player_error():
    result, _ = run("legal", "--json", "--player", "carol\n", GAIN)
    assert result.exit_code == 2 and _error(result)["field"] == "--player"


def test_reported_is_one_call_for_any_command():
    """A new command gets the whole error path from `reported()` and its --json option."""
    import click

    from rulekeeper.bridge.core.base.errors import ScenarioError
    from rulekeeper.cli.common import json_option, reported

    @click.command()
    @json_option()
    def probe(as_json: bool) -> None:
        with reported():
            raise ScenarioError("f.yaml", 4, "objects[0].id", "bad id")

    result = CliRunner().invoke(probe, ["--json"])
    assert result.exit_code == 2
    assert _error(result) == {"file": "f.yaml", "line": 4, "field": "objects[0].id",
                              "message": "bad id", "kind": "bad_input"}
    result = CliRunner().invoke(probe, [])
    assert result.exit_code == 2 and "f.yaml:4: [objects[0].id] bad id" in result.output
