"""Action by action against the whole program (issue 11, bridge/core/solve/multishot.py).

For bench_triggers' turns (upkeep and enters triggers) and bench_turn's walk (`advance: untap`
k times, 20 permanents), at 1, 2, 4 and 8 turns: the seconds of `solve.solve` (in-process, no
explanations) with the whole program and segment by segment, their ratio (measured in the same
run), the ground rules (whole: the program solved; segments: their sum), the outcomes compared,
and the log-log slope of each over the last two sizes.
Run: python bench/bench_multishot.py [--family triggers|turn] [--turns 1 2 4 8] [--points N]
"""
from __future__ import annotations

import argparse
import math
import os
import tempfile
import time
from pathlib import Path

import yaml

import bench_triggers
import bench_turn
from rulekeeper.bridge.core.solve import multishot
from rulekeeper.bridge.core.solve import solve
from rulekeeper.bridge.core.solve.carry import carry_plan
from rulekeeper.bridge.core.run.engine import Engine


def scenario(family: str, turns: int) -> dict:
    if family == "triggers":
        return bench_triggers.scenario(turns)
    return bench_turn.board([{"advance": "untap"}] * turns)


def run(engine: Engine, path: Path, mode: str) -> tuple[float, int, list]:
    """Seconds, ground rules and sorted outcomes of one solve (mode: RULEKEEPER_MULTISHOT)."""
    os.environ[multishot.ENV] = mode
    scen = engine.load(path)
    rules = engine.scenario_rules(scen)
    carry_plan(rules)                       # once per process: kept out of the timing
    sizes: list[int] = []
    original = multishot.solve_once

    def counted(*args, **kwargs):
        return original(*args, **kwargs, stats=sizes)

    multishot.solve_once = counted
    try:
        start = time.perf_counter()
        answer = solve.solve(scen, rules, timeout=900)
        seconds = time.perf_counter() - start
    finally:
        multishot.solve_once = original
    if not sizes:                           # whole program (off, or a single action)
        ctl = solve.grounded_control(scen, rules, answer.checks,
                                     exact_names=answer.exact_trigger_names)
        sizes = [int(ctl.statistics["problem"]["lpStep"]["rules"])]
    return seconds, sum(sizes), sorted(sorted(map(str, m)) for m in answer.models)


def slope(a: tuple[int, float], b: tuple[int, float]) -> float:
    return math.log(b[1] / a[1]) / math.log(b[0] / a[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--family", choices=["triggers", "turn"], default="triggers")
    parser.add_argument("--turns", type=int, nargs="+", default=[1, 2, 4, 8])
    parser.add_argument("--points", type=int, default=multishot.MIN_POINTS)
    args = parser.parse_args()
    os.environ[multishot.ENV + "_POINTS"] = str(args.points)
    engine = Engine()
    rows = []
    print(f"{args.family}, segments of >= {args.points} time points")
    print("turns  whole s  multishot s  ratio  whole rules  multishot rules  same")
    with tempfile.TemporaryDirectory() as tmp:
        for turns in args.turns:
            path = Path(tmp, f"{args.family}{turns}.yaml")
            path.write_text(yaml.safe_dump(scenario(args.family, turns)))
            whole = run(engine, path, "0")
            multi = run(engine, path, "1")
            rows.append((turns, whole, multi))
            print(f"{turns:5d}  {whole[0]:7.2f}  {multi[0]:11.2f}  {multi[0] / whole[0]:5.2f}  "
                  f"{whole[1]:11d}  {multi[1]:15d}  {whole[2] == multi[2]}", flush=True)
    if len(rows) >= 2:
        (n1, w1, m1), (n2, w2, m2) = rows[-2], rows[-1]
        print(f"slope {n1}->{n2}: whole time {slope((n1, w1[0]), (n2, w2[0])):.2f} rules "
              f"{slope((n1, w1[1]), (n2, w2[1])):.2f}; multishot time "
              f"{slope((n1, m1[0]), (n2, m2[0])):.2f} rules {slope((n1, m1[1]), (n2, m2[1])):.2f}")


if __name__ == "__main__":
    main()
