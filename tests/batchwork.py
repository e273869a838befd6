"""The work of tests/test_batch.py, in a module of its own: the local pool's workers and a
Dask cluster's import it by name."""
from __future__ import annotations

import os
import time

SETUPS: list[int] = []      # the setups run in this process (a test counts them)


def setup() -> str:
    SETUPS.append(os.getpid())
    return "ready"


def square(state: str, item: int) -> tuple[int, str]:
    return item * item, state


def setups_seen(state: str, item: int) -> tuple[int, int]:
    return os.getpid(), SETUPS.count(os.getpid())


def sleepy(state: str, seconds: float) -> float:
    time.sleep(seconds)
    return 0.0
