"""Helpers of the reliability tests (issue 38): the real `rulekeeper` process, and hostile files."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TRACEBACK_MARKS = ("Traceback (most recent call last)", "PANIC", "Segmentation fault")

BEAR = """title: "704.5g: lethal damage"
players: [alice, bob]
cards:
  Bear: {types: [creature], power: 2, toughness: 2}
objects:
  - {id: bear, card: Bear, controller: alice}
actions:
  - deal_damage: {target: bear, amount: 2}
expect:
  always: ["zone(bear,graveyard)"]
"""


@dataclass
class Done:
    code: int
    out: str
    err: str
    seconds: float

    @property
    def clean(self) -> bool:
        """No traceback, no crash: an exit code the CLI promises."""
        text = self.out + self.err
        return self.code in (0, 1, 2, 3, 130) and not any(m in text for m in TRACEBACK_MARKS)


def rk(*args: str, cwd: Path | None = None, limit: float = 120, env: dict | None = None) -> Done:
    """`rulekeeper ARGS` in its own process (the console script's path), killed after `limit`."""
    began = time.monotonic()
    full_env = {**os.environ, **(env or {})}
    proc = subprocess.run([sys.executable, "-c", "from rulekeeper.cli.main import run; run()",
                           *args], cwd=cwd or REPO, capture_output=True, text=True,
                          timeout=limit, env=full_env, errors="replace")
    return Done(proc.returncode, proc.stdout, proc.stderr, time.monotonic() - began)


def bear(folder: Path, text: str = BEAR) -> Path:
    path = folder / "bear.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def hostile(folder: Path, kind: str, name: str) -> Path:
    path = folder / name
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "devzero":
        path.symlink_to("/dev/zero")
    elif kind == "huge":
        with path.open("wb") as fh:
            fh.truncate(64 * 1024 * 1024)                 # sparse: 64 MB of NULs
    return path


def descendants(root: int) -> dict[int, int]:
    """Every process below `root` (pid: its depth, 1 for a child) from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents.setdefault(int(stat[1]), []).append(int(entry))
    found, todo = {}, [(root, 0)]
    while todo:
        pid, depth = todo.pop()
        for child in parents.get(pid, []):
            found[child] = depth + 1
            todo.append((child, depth + 1))
    return found


def alive(pid: int) -> bool:
    """Running (not gone, not a zombie waiting to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
