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
