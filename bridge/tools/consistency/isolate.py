"""The targets of one bounded search on the batch engine's process pool (tools/batch.py): the
workers are forked from the process holding the ground, prepared program (nothing is grounded
twice), and each worker searches its targets one after another on the solver it inherited
(two workers on two cores search two targets at once; one worker is forked too, so that this
process's solver stays unused). A target's time box is CPU time, kept by the search itself
(search.py: the solve is cancelled at its box or at the run's end; clasp may take a few seconds
to stop: 1000.2f once took 27 s of CPU in a 20 s box).

The solver is kept from one target to the next: what it learnt (nogoods) follows from the
program alone and holds under any assumptions, and an optimisation bound is clasp's for one
solve only, so "found" (a board, which the engine then solves) and "none" (exhausted) mean the
same on a used solver as on a fresh one. Forking a child per target from the 3 GB process
instead (session 14) made every target copy the pages its solver writes and tear them down
again, and each started without what the others had learnt: on Almos's 24 full-bounds targets
(docs/performance.md) 165 s of CPU a child per target (115 user, 50 system), 105 s kept (94
user, 11 system); an exhausted target 2-4 s -> 0.4 s. What a used solver changes is how long a
search takes (its heuristic scores, saved phases and nogoods steer it elsewhere): Almos's
1000.6b, found in 5-9 s fresh, once gave up after 20 s on a used solver. So a target that gave
up on a used solver is searched again with `fresh=True`: a forked child per target from a
worker that has searched nothing, as session 14 did (prove.py); "not reached" then means what
it meant there, whatever the order the targets came in.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from clingo import parse_term

from ..batch import Job, LocalPool
from ..batchjobs import Given
from .search import Result, Search, Target

_SEARCHED = [0]  # targets this process has searched (a worker forked from the parent starts at 0)
AHEAD = 3       # targets handed to each worker ahead: the results come back in order, so a
                # worker whose target is done goes on while an earlier, longer one still runs
GRACE = 2.0     # seconds past the run's end before a fresh target's child is killed


def run_targets(search: Search, items: Iterable[tuple[Target, float]],
                workers: int | None = None, fresh: bool = False,
                longest: float = 0.0) -> Iterator[tuple[Target, Result]]:
    """Each (target, seconds) of `items` searched (`search.run`), its result given back in the
    order of `items`. `items` is read lazily, AHEAD items a worker: it may look at the results
    given back so far (a statement that fired needs no search). `fresh`: each target in a
    forked child of its worker, on the solver as this process holds it (never used, when the
    workers kept it), killed `longest` seconds (+ GRACE) after it began."""
    by_key = {t.key: t for t in search.targets}
    keyed = ((t.key, seconds) for t, seconds in items)
    job = Job(setup=Given(search), work=_search_one, name="target",
              timeout=longest + GRACE if fresh else None)
    pool = LocalPool(_workers(workers), ahead=AHEAD, fork=forks())
    for out in pool.run(job, keyed):
        target = by_key[out.item[0]]
        if out.error is not None:      # killed at its limit, or the worker failed (or was lost)
            yield target, Result(target.kind, target.info.index, "gave_up", [], out.seconds)
            continue
        got = out.value
        yield target, Result(target.kind, target.info.index, got["status"],
                             [parse_term(s) for s in got["board"]], got["seconds"], got["optimal"],
                             got["fresh"])


def _search_one(search: Search, item: tuple[tuple, float]) -> dict:
    """One target in the worker (or its child): its result as text (clingo symbols stay in the
    process that made them)."""
    key, seconds = item
    target = next(t for t in search.targets if t.key == key)
    fresh = _SEARCHED[0] == 0
    _SEARCHED[0] += 1
    res = search.run(target, seconds)
    return {"status": res.status, "board": [str(s) for s in res.board],
            "seconds": res.seconds, "optimal": res.optimal, "fresh": fresh}


def forks() -> bool:
    """Whether the targets run in processes forked from this one (whose solver they get as
    this process holds it), so that a fresh solver is there for a second try."""
    return hasattr(os, "fork")


def _workers(workers: int | None) -> int:
    """One worker per core by default; one (in this process) where fork is missing: a worker
    must inherit the ground program, which does not pickle."""
    if not forks():
        return 1
    return max(1, workers or os.cpu_count() or 1)
