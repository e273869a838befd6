"""Snapshot of every scenario's outcomes, to check that a performance change keeps them.

Solves each scenario in-process (no explanations) as `check` does (only the rules whose atoms
are read: relevance.needed_rules; --all-rules: every rule that can fire, as `legal` and
`rulings` solve) with the rule base under ROOT and writes one
JSON line per scenario: its file, the sorted outcome sets (or the error it raised), the check
steps and trigger naming the answer needed (and the lean layout's check steps inside walks,
where its answer was taken), and the ground rules of the solve that answered. Compare
two snapshots with --compare A B (outcomes only; ground rules are shown as a ratio).
Run: python bench/outcomes_snapshot.py [--root RULES_DIR] [--all-rules] OUT [SCENARIO_DIRS_OR_FILES ...]
     python bench/outcomes_snapshot.py --compare BEFORE AFTER
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rulekeeper.bridge.core.solve import solve
from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.core.base.errors import RulekeeperError


def snapshot(engine: Engine, path: Path, needed: bool = True) -> dict:
    row: dict = {"file": str(path)}
    try:
        scen = engine.load(path)
        rules = engine.scenario_rules(scen)
        answer = solve.solve(scen, rules, timeout=120, needed=needed)
        row["outcomes"] = sorted(sorted(str(a) for a in m) for m in answer.models)
        row["checks"], row["exact"] = answer.checks, answer.exact_trigger_names
        walk = getattr(answer, "walk_checks", None)
        if walk is not None:
            row["walk_checks"] = walk
        tight = getattr(answer, "tight_passes", False)     # the tight plan of passes (issue 37)
        if tight:
            row["tight_passes"] = True
        ctl = solve.grounded_control(scen, rules, answer.checks,
                                     exact_names=answer.exact_trigger_names, needed=needed,
                                     **({"walk_checks": walk} if walk is not None else {}),
                                     **({"tight_passes": True} if tight else {}))
        row["rules"] = int(ctl.statistics["problem"]["lpStep"]["rules"])
    except RulekeeperError as err:
        row["error"] = type(err).__name__
    return row


def compare(before: Path, after: Path) -> int:
    old = {r["file"]: r for r in map(json.loads, before.read_text().splitlines())}
    new = {r["file"]: r for r in map(json.loads, after.read_text().splitlines())}
    differ = [f for f in old if f in new and (old[f].get("outcomes"), old[f].get("error"))
              != (new[f].get("outcomes"), new[f].get("error"))]
    for f in differ:
        print("DIFFERENT:", f)
    both = [f for f in old if f in new and "rules" in old[f] and "rules" in new[f]]
    total_old = sum(old[f]["rules"] for f in both)
    total_new = sum(new[f]["rules"] for f in both)
    print(f"{len(both)} scenarios compared, {len(differ)} with different outcomes; ground rules "
          f"{total_old} -> {total_new} ({total_new / max(total_old, 1):.2f}x)")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path)
    parser.add_argument("--all-rules", action="store_true",
                        help="do not leave out the rules whose atoms nothing reads")
    parser.add_argument("out", nargs="?", type=Path)
    parser.add_argument("dirs", nargs="*", type=Path)
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    engine = Engine(args.root)
    # a folder stands for its scenarios; a file for itself (a file given used to yield nothing)
    paths = sorted(p for d in (args.dirs or [Path("scenarios")])
                   for p in ([d] if d.is_file() else d.rglob("*.yaml")))
    if not paths:
        parser.error("no scenario files under " + " ".join(map(str, args.dirs or ["scenarios"])))
    with args.out.open("w") as out:
        for path in paths:
            out.write(json.dumps(snapshot(engine, path, not args.all_rules)) + "\n")
            out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
