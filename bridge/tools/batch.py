"""The batch engine: one job over many items (scenarios, cards, chunks of a card file), on a
local process pool or on an existing Dask cluster, the results streamed in input order.

A `Job` says how a worker gets ready (`setup`: its engine and parsed rule base, built once per
worker process) and what it does with one item (`work(state, item)`, a module-level function:
the local pool and Dask both pickle it). Each item gives an `Outcome`: its value, or the error
that stopped it (a timeout, bad input, a bug: recorded, never fatal to the run), and the time it
took in the worker.

Executors (docs/batch.md):
- `LocalPool(workers)`: the standard library's ProcessPoolExecutor, one process per worker
  (fork where the system has it: the workers share the parent's loaded modules), each set up
  once by the pool's initialiser. One worker runs in this process, with no pool.
- `DaskCluster(address)`: Dask distributed (`--scheduler tcp://HOST:PORT`). A worker sets the
  job up on its first item and keeps the state for the others (one state per worker process,
  used by one thread at a time).

A per-item `timeout` is a hard limit: the item runs in a forked child of the worker (the
bridge's `within`, the same machinery as the solver's limit), killed at the limit; the state
built by `setup` is inherited by the child, so nothing is rebuilt per item. That child is
daemonic and may not start processes: work that solves (its solving children bound each
solve with the command's --timeout) runs without it.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
import traceback
import uuid
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterable, Iterator, Protocol, TypeVar

from rulekeeper.bridge.core.run.deadline import within
from rulekeeper.bridge.core.base.errors import RulekeeperError, ScenarioError

S = TypeVar("S")
I = TypeVar("I")
R = TypeVar("R")

POLL = 0.2                 # seconds between looks at Ctrl-C while a result is awaited
WINDOW_PER_WORKER = 4      # items sent ahead per worker: they stay busy while the head is slow


@dataclass(frozen=True)
class Job(Generic[S, I, R]):
    """What a batch does: `setup()` builds a worker's state once; `work(state, item)` gives one
    item's value (data that pickles: text, numbers, lists, dicts, dataclasses of them)."""

    setup: Callable[[], S]
    work: Callable[[S, I], R]
    timeout: float | None = None      # seconds one item may take (None: the work bounds itself)
    name: str = "batch"               # how a timed-out item is named in its error
    key: str = field(default_factory=lambda: uuid.uuid4().hex)   # a worker's state, per job


@dataclass
class Outcome(Generic[I, R]):
    """One item's result: `value`, or `error` ({"kind", "message", ...}: the error's JSON)."""

    index: int
    item: I
    value: R | None
    error: dict[str, Any] | None
    seconds: float

    @property
    def ok(self) -> bool:
        return self.error is None


class Executor(Protocol):
    workers: int

    def run(self, job: Job, items: Iterable[Any]) -> Iterator[Outcome]:
        """Each item's outcome, in the order of `items`, as soon as it and those before it
        are done. A caller that stops early closes the iterator (`contextlib.closing`): the
        workers are ended then, not when it is collected."""


# -- the work of one item, in a worker ----------------------------------------------------------
def perform(job: Job, state: Any, item: Any) -> tuple[Any, dict[str, Any] | None, float]:
    """(value, None, seconds) or (None, error, seconds): an item never stops the batch."""
    began = time.perf_counter()
    try:
        if job.timeout is None:
            value = job.work(state, item)
        else:
            value = within(job.timeout, job.name, job.work, state, item)
        return value, None, time.perf_counter() - began
    except RulekeeperError as err:
        return None, err.as_json()["error"], time.perf_counter() - began
    except Exception as err:     # noqa: BLE001 - a bug on one item is recorded with its trace
        trace = traceback.format_exception_only(type(err), err)[-1].strip()
        return None, {"kind": "bug", "message": trace,
                      "trace": traceback.format_exc(limit=8)}, time.perf_counter() - began


def _outcome(index: int, item: Any, result: tuple) -> Outcome:
    return Outcome(index, item, *result)


def ordered(submit: Callable[[Any], Any], items: Iterable[Any], window: int,
            cancel: Callable[[list], Any] = lambda futures: None) -> Iterator[Outcome]:
    """Submit the items (at most `window` ahead of the oldest not yet given back) and give their
    outcomes in input order; `submit(item)` returns a future (concurrent.futures or Dask). If
    the caller stops early (an interrupt), `cancel` gets the futures still pending."""
    pending: deque = deque()
    try:
        for index, item in enumerate(items):
            pending.append((index, item, submit(item)))
            if len(pending) >= window:
                yield _resolved(*pending.popleft())
        while pending:
            yield _resolved(*pending.popleft())
    finally:
        if pending:
            cancel([future for _, _, future in pending])


def _resolved(index: int, item: Any, future: Any) -> Outcome:
    try:
        return _outcome(index, item, _result(future))
    except Exception as err:     # noqa: BLE001 - the worker itself was lost (killed, crashed)
        return Outcome(index, item, None, {"kind": "worker_lost",
                                           "message": f"{type(err).__name__}: {err}"}, 0.0)


def _result(future: Any) -> Any:
    """The future's result, waited for in short steps: Ctrl-C is seen at once (a signal that
    another thread takes does not wake a wait without a limit)."""
    while True:
        try:
            return future.result(timeout=POLL)
        except TimeoutError:
            continue


# -- the local process pool ---------------------------------------------------------------------
_WORKER: dict[str, Any] = {}    # a pool worker's own job and state (set by its initialiser)


def _init_worker(job: Job) -> None:
    """A pool worker's initialiser: the job's state, built once. The worker leads a process
    group of its own, which its solving children share (deadline.children_share_group): the
    parent ends it with them by one signal to the group, and Ctrl-C on a terminal is the
    parent's alone. A worker whose parent is gone ends itself and them."""
    from ..core.run import deadline
    os.setpgid(0, 0)
    deadline._CHILDREN.clear()          # the parent's (the other workers) are not this one's
    deadline.children_share_group()     # killing this worker's group kills its solving children
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()
    _WORKER["job"], _WORKER["state"] = job, job.setup()


def _orphaned(parent: int) -> None:
    """End this worker (and its group) once its parent has died (killed, crashed)."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os.killpg(0, signal.SIGKILL)


def _in_worker(item: Any) -> tuple:
    return perform(_WORKER["job"], _WORKER["state"], item)


class LocalPool:
    """Worker processes on this machine (default: one per CPU)."""

    def __init__(self, workers: int | None = None, ahead: int = WINDOW_PER_WORKER,
                 fork: bool = False):
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.ahead = max(1, ahead)      # items sent ahead per worker (fewer: the items are
                                        # chosen later, knowing more of the results before)
        self.fork = fork                # one worker in a process of its own too, not here
                                        # (the work changes its state, this process keeps its own)

    def run(self, job: Job, items: Iterable[Any]) -> Iterator[Outcome]:
        if self.workers == 1 and not self.fork:
            yield from self._here(job, items)
            return
        from concurrent.futures import ProcessPoolExecutor
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        pool = ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=_init_worker,
                                   initargs=(job,))
        finished = False
        try:
            yield from ordered(lambda item: _submit(pool, item), items,
                               self.ahead * self.workers)
            finished = True
        finally:
            if finished:
                pool.shutdown(wait=True)
            else:
                _end(pool)
            _track(pool, keep=False)

    @staticmethod
    def _here(job: Job, items: Iterable[Any]) -> Iterator[Outcome]:
        state = job.setup()
        for index, item in enumerate(items):
            yield _outcome(index, item, perform(job, state, item))


def _submit(pool: Any, item: Any) -> Any:
    future = pool.submit(_in_worker, item)
    _track(pool)
    return future


def _track(pool: Any, keep: bool = True) -> None:
    """The pool's workers among the solving children an interrupt kills with their process
    groups (deadline.kill_children, called by the Ctrl-C handler of cli/interrupt.py), or no
    longer (`keep` False: the pool is done)."""
    from ..core.run import deadline
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        (deadline._CHILDREN.add if keep else deadline._CHILDREN.discard)(process.pid)


def _end(pool: Any) -> None:
    """Stop the pool now: pending items are dropped, running workers ended with their children
    (an interrupted batch does not wait for them). ProcessPoolExecutor has no public way to end its running
    workers before Python 3.14 (terminate_workers), hence its process table."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        try:
            os.killpg(process.pid, signal.SIGKILL)     # the worker and its solving children
        except (ProcessLookupError, PermissionError):
            pass
    for process in processes:
        process.join(5)


# -- a Dask cluster -----------------------------------------------------------------------------
_DASK_LOCK = threading.Lock()     # one worker's threads set its state up once, use it in turn


def _dask_work(job: Job, item: Any) -> tuple:
    from distributed import get_worker
    worker = get_worker()
    with _DASK_LOCK:
        states = vars(worker).setdefault("_rulekeeper_states", {})
        if job.key not in states:
            states[job.key] = job.setup()
        return perform(job, states[job.key], item)


def _check_address(address: str) -> None:
    """A scheduler address Dask can parse (tcp://HOST:PORT), checked before a Client is made:
    a Client that fails on a malformed address leaves a finaliser that waits 40 s at exit."""
    from distributed.comm.addressing import parse_address, parse_host_port
    try:
        scheme, location = parse_address(address, strict=False)
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise ScenarioError(address, None, "--scheduler", "not a Dask scheduler address "
                            f"(tcp://HOST:PORT): {exc}") from None


def _daemonic() -> bool:
    return multiprocessing.current_process().daemon


class DaskCluster:
    """An existing Dask distributed cluster, by its scheduler's address (tcp://HOST:PORT).
    Its workers need rulekeeper installed, the files the items name (a shared file system for
    scenarios; cards travel with their items), and to be allowed child processes (the solver's
    limit forks one): start them with `--no-nanny`, or with DASK_DISTRIBUTED__WORKER__DAEMON=False."""

    def __init__(self, address: str, connect_timeout: float = 20.0):
        try:
            from distributed import Client
        except ImportError:
            raise ScenarioError(address, None, "--scheduler", "Dask distributed is not "
                                "installed: pip install 'rulekeeper[cluster]'") from None
        _check_address(address)
        try:
            self.client = Client(address, timeout=connect_timeout, set_as_default=False)
        except (OSError, ValueError) as exc:
            raise ScenarioError(address, None, "--scheduler",
                                f"cannot reach the Dask scheduler: {exc}") from None
        threads = self.client.nthreads()
        if not threads:
            self.close()
            raise ScenarioError(address, None, "--scheduler", "the Dask cluster has no worker")
        if any(self.client.run(_daemonic).values()):
            self.close()
            raise ScenarioError(address, None, "--scheduler", "the Dask workers are daemonic "
                                "processes, which cannot start the solver's child processes: "
                                "start them with --no-nanny, or with "
                                "DASK_DISTRIBUTED__WORKER__DAEMON=False")
        self.workers = sum(threads.values())

    def run(self, job: Job, items: Iterable[Any]) -> Iterator[Outcome]:
        shared = self.client.scatter(job, broadcast=True, hash=False)
        yield from ordered(lambda item: self.client.submit(_dask_work, shared, item, pure=False),
                           items, WINDOW_PER_WORKER * self.workers, self.client.cancel)

    def close(self) -> None:
        self.client.close()
