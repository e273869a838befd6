"""Running many scenarios (the `test` command)."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..core.run import deadline
from ..core.base.errors import (
    EXIT_BAD_INPUT,
    EXIT_CHECK_FAILED,
    EXIT_OK,
    RulekeeperError,
    ScenarioError,
    SolverOutOfMemory,
    SolverTimeout,
)


def scenario_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        try:
            is_dir, present = path.is_dir(), path.exists() or path.is_symlink()
        except (OSError, ValueError):   # a NUL in the name, a symlink loop: read_source says so
            is_dir, present = False, True
        if is_dir:
            files += sorted(path.rglob("*.yaml"))
        elif present:
            files.append(path)          # not a regular file (a FIFO, a device)? read_source says so
        else:
            raise ScenarioError(raw, None, "", "no such file or directory")
    return files


def run_scenarios(engine, files: list[Path], timeout: float,
                  echo: Callable[[str], None], quiet: bool = False,
                  report: list[dict] | None = None) -> int:
    """Check each file; print a line each (and add an entry to `report`); return the exit code."""
    with checked_entries(engine, files, timeout) as entries:
        return report_entries(entries, echo, quiet, report)


@contextmanager
def checked_entries(engine, files: list[Path], timeout: float) -> Iterator[Iterator[dict]]:
    """Each file's report entry, in order, checked in one solving worker (Checker)."""
    checker = Checker(engine, timeout)
    try:
        yield (_entry(path, checker.check) for path in files)
    finally:
        checker.close()


def scenario_entry(engine, path: Path, timeout: float) -> dict:
    """One scenario's entry of the `test` report, checked by `engine` in this process (a batch
    worker's): checked, or the error that stopped it."""
    return _entry(path, lambda p: engine.check(p, timeout=timeout))


def _entry(path: Path, check: Callable[[Path], object]) -> dict:
    try:
        result = check(path)
    except RulekeeperError as err:
        return {"file": str(path), "status": "error", "message": str(err),
                "exit_code": err.exit_code}
    return {"file": str(path), "title": result.title, "status": "ok" if result.ok else "fail",
            "failures": [str(f) for f in result.failures]}


def report_entries(entries: Iterable[dict], echo: Callable[[str], None], quiet: bool = False,
                   report: list[dict] | None = None) -> int:
    """Print a line for each entry (in the order given) and the summary; the exit code."""
    failed = bad = total = 0
    report = [] if report is None else report
    for entry in entries:
        total += 1
        report.append(entry)
        path = entry["file"]
        if entry["status"] == "error":
            bad += 1
            echo(f"ERROR {path}: {entry['message']}")
        elif entry["status"] == "ok":
            if not quiet:
                echo(f"ok    {path}: {entry['title']}")
        else:
            failed += 1
            echo(f"FAIL  {path}: {entry['title']}")
            for failure in entry["failures"]:
                echo(f"      {failure}")
    echo(f"{total - failed - bad} passed, {failed} failed"
         + (f", {bad} bad input" if bad else ""))
    if bad:
        return EXIT_BAD_INPUT
    return EXIT_CHECK_FAILED if failed else EXIT_OK


class Checker:
    """Checks scenarios one after the other in one solving process, forked once, instead of a
    fork per scenario: a fork copies the page tables of a process holding the rule bases, and
    each child's first writes copy pages again (a third of `test`'s CPU was system time).
    The worker solves in itself under each scenario's deadline, whose watchdog (deadline.py)
    sends the timeout and ends the worker; the next scenario gets a new worker. Where fork is
    missing, `Engine.check` (its own child per scenario, or in-process) as before."""

    def __init__(self, engine, timeout: float) -> None:
        self.engine, self.timeout = engine, timeout
        self.worker = None
        self.conn = None

    def check(self, path: Path):
        import multiprocessing
        if "fork" not in multiprocessing.get_all_start_methods():
            return self.engine.check(path, timeout=self.timeout)
        if self.worker is None:
            self._start(multiprocessing.get_context("fork"))
        self.conn.send(str(path))
        try:
            if not self.conn.poll(2 * self.timeout + WORKER_GRACE):   # stuck past its own watchdog
                self.close()
                raise SolverTimeout(str(path), self.timeout)
            ok, payload = self.conn.recv()
        except EOFError:                    # the worker ended: its timeout, or killed (memory)
            ok, payload = self._ended(path)
        if ok:
            return payload
        raise _rebuild(payload)

    def _ended(self, path: Path) -> tuple[bool, object]:
        worker = self.worker
        self.close()
        code = worker.exitcode if worker is not None else None
        if code == EXIT_TIMED_OUT:
            return False, (SolverTimeout, {"file": str(path), "seconds": self.timeout})
        return False, (SolverOutOfMemory, {"file": str(path), "board": "", "killed": True})

    def _start(self, ctx) -> None:
        receive, send = ctx.Pipe()
        self.worker = ctx.Process(target=_serve, args=(send, receive, self.engine, self.timeout),
                                  daemon=True)
        self.worker.start()
        deadline._own_group(self.worker.pid)     # killed with its group on Ctrl-C
        deadline._CHILDREN.add(self.worker.pid)
        send.close()
        self.conn = receive

    def close(self) -> None:
        if self.worker is not None:
            deadline._CHILDREN.discard(self.worker.pid)
            if self.worker.is_alive():
                self.worker.kill()
            self.worker.join()
            self.conn.close()
        self.worker = self.conn = None


WORKER_GRACE = 60.0         # beyond the limit: loading the rules (not counted) and the watchdog
EXIT_TIMED_OUT = 124        # a worker's exit status when a scenario's time is up


def _serve(conn, parent_end, engine, timeout: float) -> None:
    """The worker: check each path it is sent, in this process, until the pipe closes."""
    import os
    from ..core.run.deadline import Deadline
    parent_end.close()      # kept here, the pipe would never close: an orphan for ever

    def expire(_err) -> None:               # the watchdog thread: the time is up
        os._exit(EXIT_TIMED_OUT)

    while True:
        try:
            path = conn.recv()
        except EOFError:
            os._exit(0)
        try:
            result = engine.check(path, timeout=timeout,
                                  deadline=Deadline(timeout, path, expire=expire))
            conn.send((True, result))
        except RulekeeperError as err:
            conn.send((False, (type(err), dict(vars(err)))))
        except BaseException as err:        # noqa: BLE001 - a bug: re-raised in the parent
            conn.send((False, (RuntimeError, {"args": (f"{type(err).__name__}: {err}",)})))


def _rebuild(payload: tuple[type, dict]) -> BaseException:
    from ..core.run.deadline import _rebuild as rebuild
    return rebuild(payload)
