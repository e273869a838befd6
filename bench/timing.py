"""Shared helpers of the benchmarks: the median time of a few runs, CPU seconds of a process
tree, the 90th percentile, relevance pruning switched off for a while."""
from __future__ import annotations

import math
import os
import resource
import statistics
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator


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

    from rulekeeper.bridge.core.run.engine import Engine
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    engine = Engine()
    engine.rules(["mtg"])
    return repeat, engine


def cpu_seconds() -> float:
    """CPU seconds of this process and of the children it has reaped (a forked solving child,
    a clingo or rulekeeper process)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)]


@contextmanager
def unpruned() -> Iterator[None]:
    """Relevance pruning off (RULEKEEPER_NO_PRUNE=1): every rule of the base is grounded."""
    saved = os.environ.get("RULEKEEPER_NO_PRUNE")
    os.environ["RULEKEEPER_NO_PRUNE"] = "1"
    try:
        yield
    finally:
        if saved is None:
            del os.environ["RULEKEEPER_NO_PRUNE"]
        else:
            os.environ["RULEKEEPER_NO_PRUNE"] = saved
