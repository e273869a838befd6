"""Altered scenarios edited as a user's typos would be: every command ends with exit 0, 1, 2
or 3 and no traceback. (tests/test_fuzz.py draws from every bundled scenario, Altered ones
included, with the injection probe; this one draws from scenarios/altered only, without its
own probe: the probe is installed once per process, by that module's harness.)"""
from __future__ import annotations

import copy

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from fuzz import strategies as gen
from rulekeeper.cli import main as cli_main
from scenario_index import shared_engine

TIMEOUT = 3.0
ALTERED = [(name, doc) for name, doc in gen.bundled() if doc.get("rules") == ["altered"]]


@st.composite
def altered_edit(draw) -> gen.FuzzInput:
    name, original = draw(st.sampled_from(ALTERED))
    doc = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(gen._paths(doc)))
        op = draw(st.sampled_from(["replace", "delete", "rename", "duplicate", "near"]))
        doc = gen._mutate(draw, doc, path, op)
    return gen.FuzzInput("altered", draw(gen.commands(TIMEOUT)), gen._dump(doc),
                         notes={"base": name})


def test_there_are_altered_scenarios_to_fuzz():
    assert len(ALTERED) >= 20


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz-altered")


@settings(max_examples=40, deadline=None, database=None, derandomize=True,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
@given(inp=altered_edit())
def test_edited_altered_scenarios_end_cleanly(workdir, inp: gen.FuzzInput):
    path = workdir / "input.yaml"
    path.write_bytes(inp.data)
    args = [str(path) if a == "{file}" else a for a in inp.command]
    original, engine = cli_main._engine, shared_engine()
    cli_main._engine = lambda pack_dirs=(): engine
    try:
        result = CliRunner().invoke(cli_main.main, args)
    finally:
        cli_main._engine = original
    assert result.exit_code in (0, 1, 2, 3), (args, result.output[-500:])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        (args, repr(result.exception))
    assert "Traceback (most recent call last)" not in result.output
