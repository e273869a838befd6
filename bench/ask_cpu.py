"""In-process `ask` on a spread sample of the bundled scenarios, wall and CPU seconds.

    python bench/ask_cpu.py [--sample 40] [--runs 3] [--compare-unpruned]

The engine is warm (rule base loaded and transformed once, as the tests' shared engine). Each
ask is `Engine.ask` and its ruling text. CPU seconds are this process's plus those of the
solving child it forks and reaps (RUSAGE_CHILDREN), so they hold on a loaded machine where
wall seconds do not. Prints p50 and p90 over the sample of each scenario's median, with the
load average. --compare-unpruned also times, interleaved run by run, the solve of the whole
rule base (RULEKEEPER_NO_PRUNE=1: every rule grounded, bridge/core/rules/relevance.py off), and prints the
ratio now / before.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ratios import bundled_sample  # noqa: E402
from timing import cpu_seconds, p90, unpruned  # noqa: E402

from rulekeeper.bridge.core.run.engine import Engine  # noqa: E402
from rulekeeper.bridge.core.base.errors import RulekeeperError  # noqa: E402


def timed_ask(engine: Engine, path: Path, limit: float) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), cpu_seconds()
    engine.ask(path, timeout=limit).text()
    return time.perf_counter() - wall, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compare-unpruned", action="store_true")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per ask")
    args = parser.parse_args()
    engine = Engine()
    engine.rules(["mtg"])
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    now_wall, now_cpu, old_cpu, ratios = [], [], [], []
    for path in bundled_sample(args.sample):
        walls, cpus, olds = [], [], []
        try:
            engine.ask(path, timeout=args.timeout).text()    # warm-up: rule base, page cache
            for _ in range(args.runs):
                wall, cpu = timed_ask(engine, path, args.timeout)
                walls.append(wall)
                cpus.append(cpu)
                if args.compare_unpruned:
                    with unpruned():
                        olds.append(timed_ask(engine, path, args.timeout)[1])
        except RulekeeperError:
            print(f"  {path.parent.name}/{path.stem}: no answer in {args.timeout:.0f} s "
                  "(left out of the percentiles)", flush=True)
            continue
        now_wall.append(statistics.median(walls))
        now_cpu.append(statistics.median(cpus))
        if olds:
            old_cpu.append(statistics.median(olds))
            ratios.append(statistics.median(c / o for c, o in zip(cpus, olds)))
        print(f"  {path.parent.name}/{path.stem}: wall {now_wall[-1]:.3f} s, "
              f"CPU {now_cpu[-1]:.3f} s" + (f", before {old_cpu[-1]:.3f} s" if olds else ""),
              flush=True)
    print(f"\n{len(now_cpu)} scenarios, {args.runs} runs each: wall p50 {statistics.median(now_wall):.3f} s "
          f"p90 {p90(now_wall):.3f} s; CPU p50 {statistics.median(now_cpu):.3f} s "
          f"p90 {p90(now_cpu):.3f} s")
    if ratios:
        print(f"before (whole rule base grounded): CPU p50 {statistics.median(old_cpu):.3f} s "
              f"p90 {p90(old_cpu):.3f} s; now / before, median of per-scenario ratios "
              f"{statistics.median(ratios):.2f}")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
