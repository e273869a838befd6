"""Option values that slipped past click's checks: NaN seconds (every comparison with it is
false, so it bounded nothing), a memory size past what the kernel takes (a traceback), and a
malformed Dask scheduler address (a traceback, then a 40 s wait at exit). Each is exit 2 with a
message naming the option."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rulekeeper.cli.main import main

SCEN = str(Path(__file__).resolve().parent.parent / "scenarios" / "mtg"
           / "704-state-based-actions" / "704.5g-lethal-damage.yaml")
CARDS = str(Path(__file__).parent / "fixtures" / "scryfall" / "cards.json")


@pytest.mark.parametrize("args", [["ask", SCEN], ["rulings", "Shock"], ["consistency"],
                                  ["cards", "stats", CARDS]])
def test_nan_seconds_are_refused(args):
    done = CliRunner().invoke(main, args + ["--timeout", "nan"])
    assert done.exit_code == 2 and "not a number of seconds" in done.output, done.output


def test_a_memory_size_past_the_kernels_is_refused():
    done = CliRunner().invoke(main, ["ask", SCEN, "--max-memory", "99999999999G"])
    assert done.exit_code == 2 and "largest memory size" in done.output, done.output


@pytest.mark.parametrize("address", ["garbage", "tcp://", "tcp://host"])
def test_a_malformed_scheduler_address_is_refused_at_once(tmp_path, address):
    pytest.importorskip("distributed")
    done = CliRunner().invoke(main, ["rulings", "--all", CARDS, "--out", str(tmp_path / "o"),
                                     "--scheduler", address])
    assert done.exit_code == 2, done.output
    assert "not a Dask scheduler address" in done.output
