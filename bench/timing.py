"""Shared helper of the benchmarks: the median time of a few runs."""
from __future__ import annotations

import statistics
import time
from typing import Any, Callable


def timed(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Run fn `repeat` times; the median seconds and the last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def bench_setup(doc: str | None) -> tuple[int, Any]:
    """The `--repeat` option and an engine with the mtg rule base already parsed (parsing is
    kept out of the timings)."""
    import argparse

    from rulekeeper.bridge.engine import Engine
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    engine = Engine()
    engine.rules(["mtg"])
    return repeat, engine
