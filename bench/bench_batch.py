"""Batch throughput: scenarios/s of `test`, cards/s of `cards stats` and of `rulings --all`, on
1 and 2 local workers and on a local Dask cluster (a scheduler and 2 workers as separate
processes, tests/test_batch.py's LocalDask); every run's results are checked equal to the
1-worker run's (timing fields aside). Then the projection of `rulings --all` for a 35,000-card
pool on 1, 8 and 64 cores from the measured CPU per card (docs/performance.md, "Batch
commands").

Run: python bench/bench_batch.py [--scenarios DIR] [--cards FILE.json] [--rulings-cards N]
     [--no-cluster] [--json OUT]
Figures are wall times, the workers' start and setup included, and CPU times (user + system)
of this process and its children (a Dask cluster's workers are not children: no CPU figure).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from rulekeeper.bridge.cards.scryfall import read_cards
from rulekeeper.bridge.tools.batch import Job, LocalPool
from rulekeeper.bridge.tools.batchjobs import CheckSetup, Given, check_file, chunks, stats_chunk
from rulekeeper.bridge.tools.cardimport import Stats
from rulekeeper.bridge.tools.rulingsbatch import RulingsSetup, run_all
from rulekeeper.bridge.tools.runner import scenario_files

ROOT = Path(__file__).resolve().parent.parent
POOL = 35_000
TIMING = ("seconds", "cpu_seconds")


def test_run(executor: Any, files: list[Path]) -> tuple[Any, int]:
    return [o.value for o in executor.run(Job(CheckSetup(), check_file), files)], len(files)


def stats_run(executor: Any, card_file: Path) -> tuple[Any, int]:
    total = Stats(str(card_file))
    for outcome in executor.run(Job(Given(), stats_chunk), chunks(read_cards(card_file))):
        total.add(outcome.value)
    return total.as_json(20), total.cards


def rulings_run(executor: Any, card_file: Path, limit: int) -> tuple[Any, int]:
    out = Path(tempfile.mkdtemp(prefix="bench-batch-"))
    run_all(card_file, out, executor, RulingsSetup(str(card_file)), limit, False)
    lines = [json.loads(line) for line in (out / "rulings.jsonl").read_text().splitlines()]
    return lines, len(lines)


def measure(run: Callable[[], tuple[Any, int]]) -> tuple[Any, int, float, float]:
    """The run's result, its item count, its wall time and its CPU time (user + system of this
    process and of the children it waited for: the local pool's workers and their solving
    children; not a Dask cluster's, whose workers are other processes)."""
    began, cpu = time.perf_counter(), cpu_seconds()
    result, count = run()
    return result, count, time.perf_counter() - began, cpu_seconds() - cpu


def cpu_seconds() -> float:
    import resource
    return sum(u.ru_utime + u.ru_stime for u in (resource.getrusage(resource.RUSAGE_SELF),
                                                  resource.getrusage(resource.RUSAGE_CHILDREN)))


def _show_difference(expected: Any, got: Any) -> None:
    """The first items that differ (a scenario's status and message, say a timeout)."""
    if not isinstance(expected, list) or not isinstance(got, list):
        print(f"  expected {expected}\n  got      {got}", file=sys.stderr)
        return
    pairs = [(a, b) for a, b in zip(expected, got) if a != b][:3]
    for a, b in pairs:
        print(f"  expected {json.dumps(a)[:300]}\n  got      {json.dumps(b)[:300]}",
              file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenarios", default=str(ROOT / "scenarios"),
                        help="a folder of scenarios (default: all bundled scenarios)")
    parser.add_argument("--cards", type=Path, default=ROOT / "tests/fixtures/scryfall/cards.json")
    parser.add_argument("--rulings-cards", type=int, default=24)
    parser.add_argument("--no-cluster", action="store_true")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    files = scenario_files([args.scenarios])
    executors: list[tuple[str, Callable[[], Any]]] = [
        ("1 worker", lambda: LocalPool(1)), ("2 workers", lambda: LocalPool(2))]
    local_dask = None
    if not args.no_cluster:
        sys.path.insert(0, str(ROOT / "tests"))
        from test_batch import LocalDask
        local_dask = LocalDask(workers=2)
        executors.append(("Dask, 2 workers", lambda: local_dask.cluster))
    runs = {"scenarios/s (test)": lambda ex: test_run(ex, files),
            "cards/s (cards stats)": lambda ex: stats_run(ex, args.cards),
            "cards/s (rulings --all)": lambda ex: rulings_run(ex, args.cards, args.rulings_cards)}
    figures: dict[str, Any] = {"scenarios": len(files), "card file": str(args.cards)}
    first: dict[str, Any] = {}
    try:
        for label, make in executors:
            row = figures.setdefault(label, {})
            for name, run in runs.items():
                result, count, seconds, cpu_used = measure(lambda: run(make()))
                if name.endswith("(rulings --all)"):
                    cpu = [line["cpu_seconds"] for line in result if "cpu_seconds" in line]
                    row["rulings CPU s/card median"] = round(statistics.median(cpu), 3)
                    row["rulings CPU s/card mean"] = round(statistics.mean(cpu), 3)
                    result = [{k: v for k, v in line.items() if k not in TIMING}
                              for line in result]
                if first.setdefault(name, result) != result:
                    print(f"MISMATCH: {label}, {name}: not the 1-worker results", file=sys.stderr)
                    _show_difference(first[name], result)
                    return 1
                row[name] = round(count / seconds, 2)
                row[name + ", CPU s/item"] = round(cpu_used / count, 3) if count else None
                print(f"{label:16s} {name:26s} {row[name]:9.2f}/s ({count} in {seconds:.1f} s "
                      f"wall, {cpu_used:.1f} s CPU here)", flush=True)
    finally:
        if local_dask is not None:
            local_dask.cluster.close()
            local_dask.close()
    mean_cpu = figures["1 worker"]["rulings CPU s/card mean"]
    figures["rulings --all, 35k cards, hours (CPU-bound, ideal scaling)"] = {
        f"{cores} cores": round(POOL * mean_cpu / cores / 3600, 2) for cores in (1, 8, 64)}
    print(json.dumps(figures, indent=1))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
