"""The targets of one bounded search on the batch engine's process pool (tools/batch.py): the
workers are forked from the process holding the ground, prepared program (nothing is grounded
twice), and each worker searches its targets one after another on the solver it inherited,
in its own process (two workers on two cores search two targets at once). A target's time box
is CPU time, kept by the search itself (search.py: the solve is cancelled at its box or at the
run's end; no grounding happens there, but clasp may take a few seconds to stop: 1000.2f once
took 27 s of CPU in a 20 s box).

The solver is kept from one target to the next: what it learnt (nogoods) follows from the
program alone and holds under any assumptions, and an optimisation bound is clasp's for one
solve only. Forking a child per target from the 3 GB process instead (session 14) made every
target copy the pages its solver writes and tear them down again; and each child started
without what the others had learnt. On Almos's 24 full-bounds targets (docs/performance.md):
165 s of CPU a child per target (115 user, 50 system), 105 s kept (94 user, 11 system); an
exhausted target 2-4 s -> 0.4 s, while a target that needs a board can take longer (1000.6a:
12 -> 21 s), the results the same. Which worker gets which target depends on timing, so a
found board may differ from one run to the next; "none" is proved either way."""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from clingo import parse_term

from ..batch import Job, LocalPool
from ..batchjobs import Given
from .search import Result, Search, Target

AHEAD = 3       # targets handed to each worker ahead: the results come back in order, so a
                # worker whose target is done goes on while an earlier, longer one still runs


def run_targets(search: Search, items: Iterable[tuple[Target, float]],
                workers: int | None = None) -> Iterator[tuple[Target, Result]]:
    """Each (target, seconds) of `items` searched (`search.run`), its result given back in the
    order of `items`. `items` is read lazily, AHEAD items a worker: it may look at the results
    given back so far (a statement that fired needs no search)."""
    by_key = {t.key: t for t in search.targets}
    keyed = ((t.key, seconds) for t, seconds in items)
    job = Job(setup=Given(search), work=_search_one, timeout=None, name="target")
    pool = LocalPool(_workers(workers), ahead=AHEAD)
    for out in pool.run(job, keyed):
        target = by_key[out.item[0]]
        if out.error is not None:      # the worker failed (or was lost)
            yield target, Result(target.kind, target.info.index, "gave_up", [], out.seconds)
            continue
        got = out.value
        yield target, Result(target.kind, target.info.index, got["status"],
                             [parse_term(s) for s in got["board"]], got["seconds"], got["optimal"])


def _search_one(search: Search, item: tuple[tuple, float]) -> dict:
    """One target in the worker: its result as text (clingo symbols stay in the process that
    made them)."""
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
