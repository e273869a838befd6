"""`rulekeeper rulings --all FILE.json`: every card's rulings as JSON Lines with an index; a run
interrupted by SIGINT resumes with no card lost or duplicated; a card's line is the single-card
command's JSON (timing aside); a changed card file is computed again, never reused."""
from __future__ import annotations

import json

import pytest
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from reliability import alive, descendants

FIXTURE = Path(__file__).parent / "fixtures" / "scryfall" / "cards.json"
# cheap cards first (no probe applies to a land), then creatures and spells with rulings
NAMES = ["Plains", "Island", "Grizzly Bears", "Forest", "Savannah Lions", "Swamp"]
TIMING = ("seconds", "cpu_seconds")


def _card_file(tmp_path: Path, names: list[str] = NAMES) -> Path:
    cards = {c["name"]: c for c in json.loads(FIXTURE.read_text(encoding="utf-8"))["data"]}
    path = tmp_path / "pool.json"
    path.write_text(json.dumps([cards[n] for n in names]), encoding="utf-8")
    return path


def _rk(*args: str, **kw) -> subprocess.Popen:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.Popen([sys.executable, "-m", "rulekeeper.cli.console", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            **kw)


def _lines(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "rulings.jsonl").read_text().splitlines()]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree in /proc")
def test_interrupted_then_resumed_loses_and_repeats_no_card(tmp_path):
    pool, out = _card_file(tmp_path), tmp_path / "out"
    proc = _rk("rulings", "--all", str(pool), "--out", str(out), "--workers", "2",
               start_new_session=True)
    lines = out / "rulings.jsonl"
    deadline, below = time.monotonic() + 400, {}
    # interrupted once two cards are written and a worker is solving (its solving child, at
    # depth 2, is what outlived Ctrl-C before: in a process group of its own, blocked writing
    # its answer to a pipe whose other end it held itself)
    while time.monotonic() < deadline and proc.poll() is None:
        below = descendants(proc.pid)
        if 2 in below.values() and lines.exists() and lines.read_bytes().count(b"\n") >= 2:
            break
        time.sleep(0.02)
    assert proc.poll() is None, proc.communicate()
    os.killpg(proc.pid, signal.SIGINT)             # what a terminal's Ctrl-C does
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "--resume" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    ended = time.monotonic()
    while any(map(alive, below)) and time.monotonic() - ended < 1:
        time.sleep(0.02)
    assert not [pid for pid in below if alive(pid)], below     # every worker, every child
    first = _lines(out)
    assert 2 <= len(first) < len(NAMES)
    assert lines.read_bytes().endswith(b"\n")
    index = json.loads((out / "index.json").read_text())
    # the Ctrl-C handler (cli/interrupt.py) ends the process at once: the index keeps what it
    # said when the run began (not complete); the lines written are the count that matters
    assert index["complete"] is False and index.get("written", len(first)) == len(first)

    # a crash mid-write would leave a partial line: --resume drops it
    with lines.open("ab") as fh:
        fh.write(b'{"index": 99, "name": "half a li')
    proc = _rk("rulings", "--all", str(pool), "--out", str(out), "--workers", "2", "--resume")
    _, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    final = _lines(out)
    assert [line["index"] for line in final[:len(first)]] == [l["index"] for l in first]
    assert sorted(line["index"] for line in final) == list(range(len(NAMES)))
    assert [line["name"] for line in sorted(final, key=lambda l: l["index"])] == NAMES
    assert all(line["status"] == "ok" for line in final)
    index = json.loads((out / "index.json").read_text())
    assert index["complete"] is True and index["written"] == len(NAMES) == index["ok"]

    # each line is what `rulings NAME --cards FILE --json` says, timing and place aside
    for line in final:
        if line["name"] not in ("Grizzly Bears", "Plains"):
            continue
        single = _rk("rulings", line["name"], "--cards", str(pool), "--json")
        text, err = single.communicate(timeout=300)
        assert single.returncode == 0, err
        mine = {k: v for k, v in line.items()
                if k not in (*TIMING, "index", "name", "status")}
        assert mine == json.loads(text)
    bears = next(l for l in final if l["name"] == "Grizzly Bears")
    assert bears["rulings"] and bears["not_understood"] == []


def test_a_changed_card_file_is_computed_again(tmp_path):
    out = tmp_path / "out"
    pool = _card_file(tmp_path, ["Plains", "Island"])
    proc = _rk("rulings", "--all", str(pool), "--out", str(out), "--workers", "1")
    assert proc.wait(300) == 0
    assert [l["name"] for l in _lines(out)] == ["Plains", "Island"]
    pool = _card_file(tmp_path, ["Swamp", "Island"])
    proc = _rk("rulings", "--all", str(pool), "--out", str(out), "--workers", "1", "--resume",
               "--json")
    text, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert "computed again" in err
    assert [l["name"] for l in _lines(out)] == ["Swamp", "Island"]
    assert json.loads(text)["written"] == 2
