"""Shared helper of the growth benchmarks (issue 11): ground and solve a generated scenario the
way `ask` does (explanations on) and report ground rules, seconds and the log-log exponent."""
from __future__ import annotations

import math
import time
from typing import Callable

import yaml

from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.core.solve.solve import grounded_control, prepare_explanations
from rulekeeper.bridge.games.mtg.validate import parse_scenario


def measure(engine: Engine, scenario: dict, explain: bool = True) -> dict:
    """Ground rules, ground and solve seconds and the number of models of one scenario."""
    scen = parse_scenario(yaml.safe_dump(scenario), f"<{scenario['title']}>")
    rules = engine.rules(scen.rules)
    if explain:
        prepare_explanations(rules)
    start = time.perf_counter()
    ctl = grounded_control(scen, rules, explain=explain)
    grounded = time.perf_counter()
    models = []
    ctl.solve(on_model=lambda m: models.append(None))
    solved = time.perf_counter()
    lp = ctl.statistics["problem"]["lp"]
    return {"rules": int(lp["rules"]), "ground": grounded - start, "solve": solved - grounded,
            "models": len(models)}


def exponent(sizes: list[int], values: list[float]) -> float:
    """Log-log slope between the last two points."""
    (n0, n1), (v0, v1) = sizes[-2:], values[-2:]
    return math.log(max(v1, 1e-9) / max(v0, 1e-9)) / math.log(n1 / n0)


def family(name: str, sizes: list[int], make: Callable[[int], dict], engine: Engine,
           explain: bool = True) -> None:
    """Print one growth family as a markdown table and its exponents."""
    print(f"\n{name}\n\n| size | ground rules | ground s | solve s | total s | models |")
    print("|---:|---:|---:|---:|---:|---:|")
    rules, totals = [], []
    for n in sizes:
        r = measure(engine, make(n), explain)
        total = r["ground"] + r["solve"]
        rules.append(r["rules"])
        totals.append(total)
        print(f"| {n} | {r['rules']} | {r['ground']:.2f} | {r['solve']:.2f} | {total:.2f} "
              f"| {r['models']} |", flush=True)
    if len(sizes) > 1:
        print(f"exponent (last two sizes): ground rules {exponent(sizes, rules):.2f}, "
              f"time {exponent(sizes, totals):.2f}")
