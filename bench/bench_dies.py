"""Dies-trigger benchmark: N creatures with a "when this dies" ability, two destroyed in turn.

Alice controls N Martyr Pups (1/1, "when this dies, you gain 1 life"). The actions destroy
pup 0, resolve its trigger, destroy pup 1, resolve its trigger: two triggers fire whatever N
is, so the ground program should follow those two, not the N objects that carry the ability.
Prints, per N, the ground rules and atoms of the program `solve` grounds first (without
explanations), the seconds to ground and solve it, the seconds of a whole in-process `answer`
(with explanations unless --no-explain), and the log-log slope between consecutive sizes.
With --family simultaneous: n Upkeep Idols of one player trigger at once (603.3b, he orders
them) and all n triggers resolve: the growth in the number of simultaneous triggers.
Run: python bench/bench_dies.py [--family dies|simultaneous] [--sizes 10 20 50] [--no-explain]
     [--root RULES_DIR] [--timeout SECONDS] [--rules-only]
(--root: another rule tree, e.g. an older commit's rules_asp, for before/after figures;
--rules-only: ground rules and ground seconds only, no solve.)
"""
from __future__ import annotations

import argparse
import math
import tempfile
import time
from pathlib import Path

import yaml

from rulekeeper.bridge.core.solve import solve
from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.core.base.errors import SolverTimeout

PUP = {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"triggered": {
    "when": "dies", "effects": [{"gain_life": {"player": "you", "amount": 1}}]}}]}
ACTIONS = [{"destroy": "pup0"}, "resolve", {"destroy": "pup1"}, "resolve"]
IDOL = {"types": ["artifact"], "abilities": [{"triggered": {
    "when": {"beginning_of": "upkeep"}, "effects": [{"gain_life": {"player": "you", "amount": 1}}]}}]}


def scenario(n: int) -> dict:
    """Alice's precombat main; n Martyr Pups of alice; two destroyed one after the other."""
    objects = [{"id": f"pup{k}", "card": "Martyr Pup", "controller": "alice"} for k in range(n)]
    return {"title": f"bench: {n} creatures with a dies trigger, two destroyed",
            "players": ["alice", "bob"],
            "turn": {"active": "alice", "step": "precombat_main", "number": 2},
            "cards": {"Martyr Pup": PUP}, "objects": objects, "actions": ACTIONS}


def simultaneous(n: int) -> dict:
    """Bob's untap step; n Upkeep Idols of bob trigger together at his upkeep (603.3b: he
    orders them), then all resolve."""
    objects = [{"id": f"idol{k}", "card": "Upkeep Idol", "controller": "bob"} for k in range(n)]
    return {"title": f"bench: {n} simultaneous upkeep triggers", "players": ["alice", "bob"],
            "turn": {"active": "bob", "step": "untap", "number": 2},
            "cards": {"Upkeep Idol": IDOL}, "objects": objects,
            "actions": [{"advance": "upkeep"}] + ["resolve"] * n}


FAMILIES = {"dies": scenario, "simultaneous": simultaneous}


def measure(engine: Engine, path: Path, explain: bool, timeout: float = 600,
            rules_only: bool = False) -> tuple[int, int, float, float, float]:
    """Ground rules and atoms, ground and solve seconds of the first solve, answer seconds
    (nan where not measured or over the time limit)."""
    scen = engine.load(path)
    rules = engine.rules(scen.rules)
    start = time.perf_counter()
    ctl = solve.grounded_control(scen, rules)
    grounded = time.perf_counter()
    stats = ctl.statistics["problem"]["lpStep"]
    if rules_only:
        return int(stats["rules"]), int(stats["atoms"]), grounded - start, math.nan, math.nan
    with ctl.solve(async_=True) as handle:
        if handle.wait(timeout):
            assert handle.get().satisfiable, path
            solved = time.perf_counter() - grounded
        else:
            handle.cancel()
            solved = math.nan
    figures = int(stats["rules"]), int(stats["atoms"]), grounded - start, solved
    if math.isnan(solved):
        return (*figures, math.nan)
    del ctl
    start = time.perf_counter()
    try:
        answer = engine.answer(scen, explain=explain, timeout=timeout)
    except SolverTimeout:
        return (*figures, math.nan)
    assert len(answer.models) == 1, f"{path}: {len(answer.models)} outcomes"
    return (*figures, time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 20, 28, 50])
    parser.add_argument("--family", choices=sorted(FAMILIES), default="dies")
    parser.add_argument("--no-explain", action="store_true")
    parser.add_argument("--root", type=Path, help="rule tree (default: the installed one)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds for each answer")
    parser.add_argument("--rules-only", action="store_true", help="ground rules only, no solve")
    args = parser.parse_args()
    engine = Engine(args.root)
    solve.prepare_explanations(engine.rules(["mtg"]))   # the transform is kept out of the timings
    print("      N  ground rules     atoms  ground s  solve s  answer s  slope(rules)  slope(answer)")
    prev = None
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            path = Path(tmp, f"dies{n}.yaml")
            path.write_text(yaml.safe_dump(FAMILIES[args.family](n)))
            rules, atoms, ground, solved, answer = measure(engine, path, not args.no_explain,
                                                           args.timeout, args.rules_only)
            slope = ""
            if prev:
                scale = math.log(n / prev[0])
                slope = (f"  {math.log(rules / prev[1]) / scale:12.2f}"
                         f"  {math.log(answer / prev[2]) / scale:13.2f}")
            print(f"{n:7d}  {rules:12d}  {atoms:8d}  {ground:8.2f}  {solved:7.2f}  {answer:8.2f}{slope}",
                  flush=True)
            prev = (n, rules, answer)


if __name__ == "__main__":
    main()
