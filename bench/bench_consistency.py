"""`rulekeeper consistency --pack almos` benchmark (issue 34: under 3 minutes on 2 cores).

Runs the checker in this process, as the command does, and prints the CPU seconds (this
process, the bounded search's pool workers and the engine's solving children, user + sys),
the wall seconds, the load average before and after (the machine may be shared: CPU time is the figure to compare), and
what the run found: situations, findings by kind, statements dead / not reached.
Run: python bench/bench_consistency.py [--pack-dir DIR] [--text RULES.txt [--cr CR.txt]]
                                       [--timeout S] [--per-target S] [--json]
Figures: docs/performance.md, "Consistency on Almos".
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import cpu_seconds  # noqa: E402

from rulekeeper.bridge.core.rules.packs import bundled_pack, load_pack_dir  # noqa: E402
from rulekeeper.bridge.core.run.engine import Engine  # noqa: E402
from rulekeeper.bridge.tools.consistency.report import Settings  # noqa: E402
from rulekeeper.bridge.tools.consistency.run import Checker  # noqa: E402

KINDS = ("conflicts", "gaps", "divergences", "interpretations", "dead", "not_reached", "text")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack-dir", default=None)
    parser.add_argument("--text", default=None)
    parser.add_argument("--cr", default=None)
    parser.add_argument("--timeout", type=float, default=170.0)
    parser.add_argument("--per-target", type=float, default=20.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pack = load_pack_dir(args.pack_dir) if args.pack_dir else bundled_pack("almos")
    engine = Engine()
    load = os.getloadavg()[0]
    cpu0, wall0 = cpu_seconds(), time.monotonic()
    settings = Settings(timeout=args.timeout, per_target=args.per_target, text=args.text, cr=args.cr)
    report = Checker(engine, pack, settings).run()
    cpu, wall = cpu_seconds() - cpu0, time.monotonic() - wall0
    figures = {"pack": report.pack, "cpu_seconds": round(cpu, 1), "wall_seconds": round(wall, 1),
               "load_before": round(load, 1), "load_after": round(os.getloadavg()[0], 1),
               "situations": report.situations, "timed_out": report.timed_out,
               "bounds": report.bounds, **{k: len(getattr(report, k)) for k in KINDS},
               "not_reached_rules": sorted(r for f in report.not_reached for r in f.rules),
               "dead_rules": sorted(r for f in report.dead for r in f.rules),
               "findings": [f"{f.kind} [{', '.join(f.rules)}]: {f.summary}"
                            for k in ("conflicts", "gaps", "divergences") for f in getattr(report, k)]}
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key:>18}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
