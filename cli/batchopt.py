"""The batch options (`--workers N`, `--scheduler tcp://HOST:PORT`) of the commands that run on
the batch engine (`test`, `rulings --all`, `cards stats`, `cards import`), the executor they
name, and the progress line of a batch (n of N, items/s, ETA) on a terminal."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import click


WORKERS_ENV = "RULEKEEPER_WORKERS"      # the default of --workers, where the CPU count is not
                                        # wanted (the test suite sets 1: its runs stay in-process)


def workers_option() -> Callable:
    return click.option("--workers", default=None, type=click.IntRange(1, 1024),
                        help=f"worker processes on this machine (default: the number of CPUs, "
                             f"or {WORKERS_ENV}; never more than the items)")


def workers_for(workers: int | None, items: int | None = None) -> int:
    """The workers to run: --workers, else RULEKEEPER_WORKERS, else the CPU count; no more
    than `items` (one scenario needs no pool)."""
    if workers is None:
        given = os.environ.get(WORKERS_ENV, "").strip()
        workers = int(given) if given.isdigit() and int(given) > 0 else os.cpu_count() or 1
    return max(1, min(workers, items)) if items is not None else workers


SCHEDULER = click.option(
    "--scheduler", default=None, metavar="tcp://HOST:PORT",
    help="run on a Dask distributed cluster, by its scheduler's address, instead of local "
         "processes (pip install 'rulekeeper[cluster]'; docs/batch.md)")


@contextmanager
def executor(workers: int | None, scheduler: str | None, items: int | None = None
             ) -> Iterator[Any]:
    """The executor the options name: a Dask cluster, or a local pool of `workers` processes
    (workers_for: by default one per CPU, never more than `items`)."""
    from rulekeeper.bridge.tools.batch import DaskCluster, LocalPool
    if scheduler:
        cluster = DaskCluster(scheduler)
        try:
            yield cluster
        finally:
            cluster.close()
        return
    yield LocalPool(workers_for(workers, items))


@contextmanager
def batch_progress(label: str, total: int | None, done: int = 0
                   ) -> Iterator[Callable[[], None]]:
    """A callable to call once per item done: on a terminal (stderr) a rich progress line with
    n of N, items per second and the time left; nothing when stderr is piped."""
    if not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("ETA"),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total, completed=done, rate="")

        def tick() -> None:
            bar.advance(task)
            speed = bar.tasks[0].speed
            bar.update(task, rate=f"{speed:.2f}/s" if speed else "")
        yield tick
