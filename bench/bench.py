"""Time `ask`-equivalent solving in-process: every bundled scenario, then generated boards.

    python bench/bench.py                 # bundled scenarios + boards of 50, 100, 200, 400
    python bench/bench.py --sizes 200     # only the 200-permanent board
    python bench/bench.py --repeat 5

For each run: wall time of the full answer (facts, grounding, solving every outcome) with the
explanations `ask` prints and without them (as `test` solves), the number of ground rules and atoms from clingo's statistics, and
the time points. The board is generated in memory: N permanents (creatures, some with damage or
counters, planeswalkers, artifacts) and three actions, so the time layout stays the same while
the board grows.
"""
from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path

import clingo

from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.core.solve.timeline import Timeline
from rulekeeper.bridge.games.mtg.scenario import Scenario
from rulekeeper.bridge.core.solve.solve import grounded_control, prepare_explanations, solve
from rulekeeper.bridge.games.mtg.validate import parse_scenario

REPO = Path(__file__).resolve().parent.parent


def board_yaml(n: int) -> str:
    """A board of n permanents for alice and bob, and three actions on it."""
    lines = ["title: generated board", "players: [alice, bob]", "cards:",
             "  Bear: {types: [creature], power: 2, toughness: 2}",
             "  Golem: {types: [artifact, creature], power: 3, toughness: 3, keywords: [indestructible]}",
             "  Idol: {types: [artifact]}",
             "  Sage: {types: [planeswalker], loyalty: 4}",
             "objects:"]
    kinds = ["Bear", "Golem", "Idol", "Sage"]
    for i in range(n):
        extra = ""
        if i % 7 == 0:
            extra = ", damage: 1"
        elif i % 11 == 0:
            extra = ', counters: {"+1/+1": 1}'
        player = "alice" if i % 2 else "bob"
        lines.append(f"  - {{id: p{i}, card: {kinds[i % 4]}, controller: {player}{extra}}}")
    lines += ["actions:", "  - deal_damage: {target: p0, amount: 3}",
              "  - destroy: p1", '  - put_counters: {object: p2, kind: "-1/-1", amount: 1}']
    return "\n".join(lines) + "\n"


def ground_stats(scen: Scenario, engine: Engine, checks: int) -> tuple[int, int, float]:
    """Ground rules, atoms and grounding seconds for the program `ask` runs."""
    rules = engine.rules(scen.rules)
    prepare_explanations(rules)
    start = time.perf_counter()
    ctl = grounded_control(scen, rules, checks, explain=True)
    seconds = time.perf_counter() - start
    ctl.solve(on_model=lambda m: None)
    lp = ctl.statistics["problem"]["lp"]
    return int(lp["rules"]), int(lp["atoms"]), seconds


def measure(scen: Scenario, engine: Engine, repeat: int) -> dict:
    rules = engine.rules(scen.rules)
    times, answer = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        answer = solve(scen, rules, explain=True)
        times.append(time.perf_counter() - start)
    plain = []
    for _ in range(repeat):
        start = time.perf_counter()
        solve(scen, rules, explain=False)
        plain.append(time.perf_counter() - start)
    n_rules, n_atoms, ground = ground_stats(scen, engine, answer.checks)
    points = Timeline.layout(len(scen.actions), answer.checks).final + 1
    return {"seconds": statistics.median(times), "plain": statistics.median(plain),
            "rules": n_rules, "atoms": n_atoms, "ground": ground, "points": points,
            "models": len(answer.models)}


def bundled(engine: Engine, repeat: int) -> list[tuple[str, dict]]:
    out = []
    for path in sorted((REPO / "scenarios").rglob("*.yaml")):
        scen = engine.load(path)
        if scen.expect.impossible is not None:
            continue          # no answer to time: the diagnosis path is not the `ask` path
        out.append((str(path.relative_to(REPO / "scenarios")), measure(scen, engine, repeat)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[50, 100, 200, 400])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-bundled", action="store_true")
    args = parser.parse_args()
    engine = Engine()
    print(f"machine: {platform.processor() or platform.machine()}, {platform.system()} "
          f"{platform.release()}, Python {platform.python_version()}, clingo {clingo.__version__}")
    if not args.no_bundled:
        runs = bundled(engine, args.repeat)
        secs = sorted(r["seconds"] for _, r in runs)
        plain = sorted(r["plain"] for _, r in runs)
        print(f"\nbundled scenarios: {len(runs)}; ask: median {statistics.median(secs) * 1000:.0f} ms, "
              f"max {secs[-1] * 1000:.0f} ms; test: median {statistics.median(plain) * 1000:.0f} ms, "
              f"max {plain[-1] * 1000:.0f} ms")
        slowest = sorted(runs, key=lambda r: -r[1]["seconds"])[:5]
        for name, r in slowest:
            print(f"  {r['seconds'] * 1000:6.0f} ms  {r['rules']:7d} rules  {name}")
    print("\n| permanents | time points | ground rules | rules / permanent | ground s "
          "| ask s (with explanations) | test s (no explanations) |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n in args.sizes:
        scen = parse_scenario(board_yaml(n), f"<board {n}>")
        r = measure(scen, engine, args.repeat)
        print(f"| {n} | {r['points']} | {r['rules']} | {r['rules'] / n:.0f} | "
              f"{r['ground']:.2f} | {r['seconds']:.2f} | {r['plain']:.2f} |")


if __name__ == "__main__":
    main()
