"""Branching boards (issue 37): the CLI's `ask` against bare clingo on the program it solves.

Two script-built families, N = the size:
- wrath: alice's Wrath ("destroy all creatures") resolves with N of her Martyr Pups on the
  battlefield (1/1, "when this dies, you gain 1 life"); N dies triggers wait at once and one of
  them resolves. Every order of the N identical triggers gives the same game up to their names
  (603.3b): one outcome, reported "in any order".
- trample: a 6/6 trampler blocked by N 1/2 creatures of one card; its controller divides the 6
  damage among them (510.1c, 702.19b: lethal to all before the player, which N >= 3 never
  allows). The blockers are interchangeable: the distinct divisions up to their names are the
  partitions of 6 into at most N parts (11 from N = 6 on).

For each N: `rulekeeper ground` writes the program, then, alternated run by run, a whole
`rulekeeper ask FILE` process and `python -m clingo --models=0 --project=auto PROGRAM` (bare
clingo enumerating that program, projected as the bridge projects it), each timed as CPU
seconds (user + system of the process tree) and peak memory (max RSS); medians, the ratios
ask / clingo, and the growth exponent of the ask's CPU seconds (log-log slope of the last two
sizes and a least-squares fit). Run:
    python bench/bench_branching.py [--family wrath trample] [--sizes 3 5 7 10] [--runs 3]
"""
from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ratios import exponents  # noqa: E402  (the log-log slopes, shared with ratios.py)

import yaml

PUP = {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"triggered": {
    "when": "dies", "effects": [{"gain_life": {"player": "you", "amount": 1}}]}}]}
WRATH = {"types": ["sorcery"], "abilities": [{"spell": {"effects": [
    {"destroy": {"all": {"types": ["creature"]}}}]}}]}
RHINO = {"types": ["creature"], "power": 6, "toughness": 6, "keywords": ["trample"]}
BEAR = {"types": ["creature"], "power": 1, "toughness": 2}


def wrath(n: int) -> dict:
    """Alice's Wrath resolves over n Martyr Pups of hers; one of the n dies triggers resolves."""
    objects = [{"id": "wrath", "card": "Wrath", "zone": "stack", "controller": "alice"}]
    objects += [{"id": f"pup{k}", "card": "Martyr Pup", "controller": "alice"} for k in range(n)]
    return {"title": f"bench: Wrath with {n} creatures sharing a dies trigger, one resolves",
            "players": ["alice", "bob"],
            "turn": {"active": "alice", "step": "precombat_main", "number": 2},
            "cards": {"Wrath": WRATH, "Martyr Pup": PUP}, "objects": objects,
            "actions": ["resolve", "resolve"]}


def trample(n: int) -> dict:
    """A 6/6 trampler of alice blocked by n 1/2 creatures of bob; combat damage."""
    objects = [{"id": "rhino", "card": "Rhino", "controller": "alice", "attacking": "bob",
                "tapped": True}]
    objects += [{"id": f"b{k}", "card": "Bear", "controller": "bob", "blocking": "rhino"}
                for k in range(n)]
    return {"title": f"bench: a trampler blocked by {n} creatures",
            "players": ["alice", "bob"], "turn": {"active": "alice", "step": "declare_blockers"},
            "cards": {"Rhino": RHINO, "Bear": BEAR}, "objects": objects,
            "actions": ["deal_combat_damage"]}


FAMILIES = {"wrath": wrath, "trample": trample}


def timed(cmd: list[str], limit: float) -> tuple[float, float, str]:
    """CPU seconds (user + system, the process and its children), peak RSS in MB, stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=limit)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of the children is the largest of any child so far: run the smaller first
    return cpu, after.ru_maxrss / 1024, done.stdout


def peak_rss(cmd: list[str], limit: float) -> float:
    """Peak RSS in MB of one process tree, measured alone (GNU time's %M where present)."""
    if Path("/usr/bin/time").exists():
        done = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], capture_output=True,
                              text=True, timeout=limit)
        return int(done.stderr.strip().splitlines()[-1]) / 1024
    return math.nan


def cli() -> list[str]:
    script = Path(sys.executable).parent / "rulekeeper"
    return [str(script)] if script.exists() else [sys.executable, "-m", "rulekeeper.cli.main"]


def measure(path: Path, runs: int, limit: float) -> dict:
    program = path.with_suffix(".lp")
    subprocess.run([*cli(), "ground", str(path), "-o", str(program), "--timeout", str(limit)],
                   check=True, capture_output=True, timeout=limit + 30)
    ask = [*cli(), "ask", str(path), "--timeout", str(limit)]
    bare = [sys.executable, "-m", "clingo", "--models=0", "--project=auto", str(program)]
    row: dict = {"ask": [], "clingo": []}
    subprocess.run(ask, capture_output=True, timeout=limit + 30)       # warm-up (caches)
    for _ in range(runs):
        cpu, _, _ = timed(ask, limit + 30)
        row["ask"].append(cpu)
        cpu, _, out = timed(bare, limit + 30)
        row["clingo"].append(cpu)
        row["models"] = next((line.split(":")[1].strip() for line in out.splitlines()
                              if line.startswith("Models")), "?")
    row["ask_mb"], row["clingo_mb"] = peak_rss(ask, limit + 30), peak_rss(bare, limit + 30)
    text = subprocess.run(ask, capture_output=True, text=True, timeout=limit + 30).stdout
    row["outcomes"] = next((line for line in text.splitlines() if "outcome" in line), "1 outcome")
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", choices=sorted(FAMILIES), nargs="+", default=sorted(FAMILIES))
    parser.add_argument("--sizes", type=int, nargs="+", default=[3, 5, 7, 10])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.family:
            print(f"\n### {name}\n\n| N | clingo models | ask CPU s | clingo CPU s | CPU ratio "
                  "| ask MB | clingo MB | memory ratio |\n|---:|---:|---:|---:|---:|---:|---:|---:|")
            points = []
            for n in args.sizes:
                path = Path(tmp, f"{name}{n}.yaml")
                path.write_text(yaml.safe_dump(FAMILIES[name](n)), encoding="utf-8")
                row = measure(path, args.runs, args.timeout)
                ask, bare = statistics.median(row["ask"]), statistics.median(row["clingo"])
                ratio = statistics.median(a / b for a, b in zip(row["ask"], row["clingo"]))
                points.append((n, ask))
                print(f"| {n} | {row['models']} | {ask:.2f} | {bare:.2f} | {ratio:.2f} "
                      f"| {row['ask_mb']:.0f} | {row['clingo_mb']:.0f} "
                      f"| {row['ask_mb'] / row['clingo_mb']:.2f} |", flush=True)
            if len(points) > 1:
                last, fit = exponents(points)
                print(f"\ngrowth exponent of ask CPU: {last:.2f} (last two sizes), {fit:.2f} (fit)")
    print(f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
