"""Issue 38, point 5: Ctrl-C stops every command within a second, prints one line, leaves no
partial file, exits 130; a solving child dies with its process group."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from reliability import REPO

BIG = Path(__file__).parent / "reliability_big.yaml"


def big_board(folder: Path, n: int = 1500) -> Path:
    lines = ['title: "a board that takes long"', "players: [alice, bob]", "cards:",
             "  Bear: {types: [creature], power: 2, toughness: 2}", "objects:"]
    lines += [f"  - {{id: b{i}, card: Bear, controller: alice}}" for i in range(n)]
    lines += ["actions:"] + [f"  - deal_damage: {{target: b{i}, amount: 1}}" for i in range(20)]
    path = folder / "big.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def interrupted(args: list[str], after: float, cwd: Path = REPO) -> tuple[int, str, float]:
    proc = subprocess.Popen([sys.executable, "-c", "from rulekeeper.cli.main import run; run()",
                             *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    time.sleep(after)
    sent = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)               # what a terminal's Ctrl-C does
    try:
        out, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return -999, err, 99.0
    return proc.returncode, out + err, time.monotonic() - sent


@pytest.mark.parametrize("command", ["ask", "why", "legal", "test"])
def test_ctrl_c_during_a_solve_exits_130_at_once(tmp_path, command):
    # `legal` solves the 1,500-bear board in about 3 s on an idle core, before the interrupt
    # at 4 s: it gets a board that keeps it busy past it
    scen = str(big_board(tmp_path, n=4000 if command == "legal" else 1500))
    args = {"ask": ["ask", scen], "why": ["why", scen, "zone(b1,graveyard)"],
            "legal": ["legal", scen], "test": ["test", scen]}[command]
    code, text, seconds = interrupted(args + ["--timeout", "60"], after=4)
    assert code == 130, text[-2000:]
    assert seconds < 2
    assert "Traceback" not in text and "PANIC" not in text
    assert len([line for line in text.splitlines() if line.strip()]) == 1, text


def test_ctrl_c_during_rulings_write_leaves_no_partial_file(tmp_path):
    out = tmp_path / "out"
    # Kitchen Finks: ten probes, each solved with its baseline (the longest rulings of the
    # evaluation set), so the interrupt lands while probes are solved and files are written
    cards = REPO / "tests" / "fixtures" / "rulings" / "eval-cards.json"
    code, text, seconds = interrupted(["rulings", "Kitchen Finks", "--cards", str(cards),
                                       "--write", str(out)], after=2)
    assert code == 130 and seconds < 2, text
    assert not [p for p in out.rglob("*") if p.name.endswith(".tmp") or p.name.startswith(".")]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree in /proc")
def test_ctrl_c_during_test_on_two_workers_leaves_no_process(tmp_path):
    """The pool's workers and their solving children (depth 2 and below) die with the command:
    before, a worker's solving child led a process group of its own and outlived Ctrl-C."""
    from reliability import alive, descendants
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = big_board(tmp_path / "a"), big_board(tmp_path / "b")
    proc = subprocess.Popen([sys.executable, "-c", "from rulekeeper.cli.main import run; run()",
                             "test", str(first), str(second), "--workers", "2", "--timeout",
                             "120"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    below: dict[int, int] = {}
    waited = time.monotonic()
    while proc.poll() is None and time.monotonic() - waited < 300:
        below = descendants(proc.pid)
        if sum(depth >= 2 for depth in below.values()) >= 2:     # both workers are solving
            break
        time.sleep(0.05)
    assert proc.poll() is None and below, proc.communicate()
    sent = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, out + err
    assert time.monotonic() - sent < 10
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    ended = time.monotonic()
    while any(map(alive, below)) and time.monotonic() - ended < 1:
        time.sleep(0.02)
    assert not [pid for pid in below if alive(pid)], below
