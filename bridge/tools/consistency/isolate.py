"""The targets of one bounded search on the batch engine's process pool (tools/batch.py): the
workers are forked from the process holding the ground, prepared program (nothing is grounded
twice), and each target runs in a forked child of its worker (the batch engine's per-item time
limit): every target starts from the same fresh solver state (a solver that searched for one
target is slow on the next), and a child that overruns its time box is killed. Two workers on
two cores search two targets at once."""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from clingo import parse_term

from ..batch import Job, LocalPool
from ..batchjobs import Given
from .search import Result, Search, Target

GRACE = 2.0     # seconds past the run's end before a target's child is killed (its box is CPU time)
AHEAD = 3       # targets handed to each worker ahead: the results come back in order, so a
                # worker whose target is done goes on while an earlier, longer one still runs


def run_targets(search: Search, items: Iterable[tuple[Target, float]], longest: float,
                workers: int | None = None) -> Iterator[tuple[Target, Result]]:
    """Each (target, seconds) of `items` searched (`search.run`), its result given back in the
    order of `items`. `items` is read lazily, AHEAD items a worker: it may look at the results
    given back so far (a statement that fired needs no search)."""
    by_key = {t.key: t for t in search.targets}
    keyed = ((t.key, seconds) for t, seconds in items)
    job = Job(setup=Given(search), work=_search_one, timeout=longest + GRACE, name="target")
    pool = LocalPool(_workers(workers), ahead=AHEAD)
    for out in pool.run(job, keyed):
        target = by_key[out.item[0]]
        if out.error is not None:      # the child was killed at its limit, or failed
            yield target, Result(target.kind, target.info.index, "gave_up", [], out.seconds)
            continue
        got = out.value
        yield target, Result(target.kind, target.info.index, got["status"],
                             [parse_term(s) for s in got["board"]], got["seconds"], got["optimal"])


def _search_one(search: Search, item: tuple[tuple, float]) -> dict:
    """One target in the worker's child: its result as text (clingo symbols stay in the
    process that made them)."""
    key, seconds = item
    target = next(t for t in search.targets if t.key == key)
    res = search.run(target, seconds)
    return {"status": res.status, "board": [str(s) for s in res.board],
            "seconds": res.seconds, "optimal": res.optimal}


def _workers(workers: int | None) -> int:
    """One worker per core by default; one (in this process) where fork is missing: a worker
    must inherit the ground program, which does not pickle."""
    if not hasattr(os, "fork"):
        return 1
    return max(1, workers or os.cpu_count() or 1)
