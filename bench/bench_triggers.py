"""Trigger benchmark: turns in which triggered abilities go on the stack and resolve.

Each player has an Upkeep Idol ("at the beginning of your upkeep, gain 1 life"), two Forests
and four Elvish Visionaries in hand (the board is the same for every number of turns). One unit is a turn: advance to the next upkeep (the idol
triggers and stops the walk), resolve the trigger, advance to the main phase, cast a Visionary,
resolve it and its enters trigger. The bench prints, for 1, 2, 4 and 8 such turns, the time
points, ground rules and atoms and the time to ground and solve; then the same two turns with
3 to 48 check steps after each event (more time points, the same actions). See
docs/performance.md, "Triggers", for what grows linearly and what does not.
With --simultaneous N ...: N Upkeep Idols of alice trigger at once (ratios.py's `triggers`
board); the ground rules (without explanations, as `test` solves) and the CPU seconds of an
in-process answer with all N resolved and with all N left waiting on the stack (issue 37: the
cliff between 24 and 32 triggers, 64 triggers), and the log-log slopes between sizes.
Run: python bench/bench_triggers.py [--repeat N] [--simultaneous 8 16 24 32 48 64]
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

import yaml

from rulekeeper.bridge.core.solve import solve
from rulekeeper.bridge.core.run.engine import Engine
from timing import bench_setup

IDOL = {"types": ["artifact"], "abilities": [{"triggered": {
    "when": {"beginning_of": "upkeep"}, "effects": [{"gain_life": {"player": "you", "amount": 1}}]}}]}
TURN = ["resolve", {"advance": "precombat_main"}, None, "resolve", "resolve"]


def scenario(turns: int) -> dict:
    """alice's turn 2, precombat main; `turns` turns follow, alternating bob and alice."""
    objects, actions = [], []
    for p in ("alice", "bob"):
        objects += [{"id": f"idol_{p}", "card": "Upkeep Idol", "controller": p},
                    {"id": f"f1_{p}", "card": "Forest", "controller": p},
                    {"id": f"f2_{p}", "card": "Forest", "controller": p}]
        objects += [{"id": f"ev{k}_{p}", "card": "Elvish Visionary", "zone": "hand", "owner": p}
                    for k in range(4)]
    for k in range(turns):
        card = f"ev{k // 2}_{'bob' if k % 2 == 0 else 'alice'}"
        actions.append({"advance": "upkeep"})
        actions += [{"cast": card} if a is None else a for a in TURN]
    return {"title": f"bench: {turns} turns with upkeep and enters triggers",
            "players": ["alice", "bob"], "turn": {"active": "alice", "step": "precombat_main",
                                                   "number": 2},
            "cards": {"Upkeep Idol": IDOL}, "objects": objects, "actions": actions}


def measure(engine: Engine, path: Path, checks: int = solve.FIRST_CHECKS
            ) -> tuple[int, float, float, int, int]:
    """Time points, grounding and solving seconds, ground rules and atoms."""
    scen = engine.load(path)
    rules = engine.rules(scen.rules)
    start = time.perf_counter()
    ctl = solve.grounded_control(scen, rules, checks)
    grounded = time.perf_counter()
    result = ctl.solve()
    solved = time.perf_counter()
    assert result.satisfiable, path
    times = sum(1 for _ in ctl.symbolic_atoms.by_signature("time", 1))
    stats = ctl.statistics["problem"]["lpStep"]
    return times, grounded - start, solved - grounded, int(stats["rules"]), int(stats["atoms"])


def _row(label: str, figures: tuple[int, float, float, int, int], extra: str = "") -> None:
    times, ground, solved, rules, atoms = figures
    print(f"{label:>7}  {times:11d}  {rules:12d}  {atoms:8d}  {rules / times:9.0f}  "
          f"{ground:8.2f}  {solved:7.2f}{extra}")


def simultaneous(n: int, resolve: bool) -> dict:
    """n Upkeep Idols of alice trigger at her upkeep; all resolve, or all wait on the stack."""
    objects = [{"id": f"idol{k}", "card": "Upkeep Idol", "controller": "alice"} for k in range(n)]
    return {"title": f"bench: {n} simultaneous upkeep triggers", "players": ["alice", "bob"],
            "turn": {"active": "alice", "step": "untap", "number": 3},
            "cards": {"Upkeep Idol": IDOL}, "objects": objects,
            "actions": [{"advance": "upkeep"}] + ["resolve"] * (n if resolve else 0)}


def _cpu() -> float:
    """CPU seconds (user + system) of this process and its finished children (a solve may run
    in a forked child): the machine is shared, wall time lies."""
    import resource
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def simultaneous_table(engine: Engine, sizes: list[int], tmp: str) -> None:
    import math
    print("N simultaneous triggers (ground rules without explanations; answer: CPU s, "
          "in-process and its solving children):")
    print("|      N | all resolved: rules | answer s | slope | all waiting: rules | answer s "
          "| slope |\n|---:|---:|---:|---:|---:|---:|---:|")
    prev = None
    for n in sizes:
        row = []
        for resolve in (True, False):
            path = Path(tmp, f"simultaneous{n}-{resolve}.yaml")
            path.write_text(yaml.safe_dump(simultaneous(n, resolve)))
            scen = engine.load(path)
            start = _cpu()
            answer = engine.answer(scen, timeout=600, needed=True)
            seconds = _cpu() - start
            ctl = solve.grounded_control(scen, engine.rules(scen.rules), answer.checks,
                                         exact_names=answer.exact_trigger_names, needed=True,
                                         tight_passes=answer.tight_passes)
            row.append((int(ctl.statistics["problem"]["lpStep"]["rules"]), seconds))
        slopes = ["", ""] if prev is None else [
            f"{math.log(r[0] / p[0]) / math.log(n / prev[0]):.2f}" for r, p in zip(row, prev[1])]
        print(f"| {n:6d} | {row[0][0]} | {row[0][1]:.2f} | {slopes[0]} | {row[1][0]} "
              f"| {row[1][1]:.2f} | {slopes[1]} |", flush=True)
        prev = (n, row)


def main() -> None:
    import sys
    if "--simultaneous" in sys.argv:
        at = sys.argv.index("--simultaneous")
        sizes = [int(a) for a in sys.argv[at + 1:]] or [8, 16, 24, 32, 48, 64]
        del sys.argv[at:]
        _, engine = bench_setup(__doc__)
        with tempfile.TemporaryDirectory() as tmp:
            simultaneous_table(engine, sizes, tmp)
        return
    repeat, engine = bench_setup(__doc__)
    header = "         time points  ground rules     atoms  rules/tp  ground s  solve s"
    with tempfile.TemporaryDirectory() as tmp:
        print("More turns (3 check steps):\n  turns" + header[7:] + "  answer s")
        for turns in (1, 2, 4, 8):
            path = Path(tmp, f"triggers{turns}.yaml")
            path.write_text(yaml.safe_dump(scenario(turns)))
            start = time.perf_counter()
            for _ in range(repeat):
                engine.answer(engine.load(path), timeout=300)
            answer = (time.perf_counter() - start) / repeat
            _row(str(turns), measure(engine, path), f"  {answer:8.2f}")
        print("\nThe same 2 turns with more check steps after each event:\n checks" + header[7:])
        path = Path(tmp, "triggers2.yaml")
        for checks in (3, 6, 12, 24, 48):
            _row(str(checks), measure(engine, path, checks))


if __name__ == "__main__":
    main()
