"""Running many scenarios (the `test` command)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..core.base.errors import (
    EXIT_BAD_INPUT,
    EXIT_CHECK_FAILED,
    EXIT_OK,
    RulekeeperError,
    ScenarioError,
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
    failed = bad = 0
    report = [] if report is None else report
    for path in files:
        try:
            result = engine.check(path, timeout=timeout)
        except RulekeeperError as err:
            bad += 1
            echo(f"ERROR {path}: {err}")
            report.append({"file": str(path), "status": "error", "message": str(err),
                           "exit_code": err.exit_code})
            continue
        report.append({"file": str(path), "title": result.title,
                       "status": "ok" if result.ok else "fail",
                       "failures": [str(f) for f in result.failures]})
        if result.ok:
            if not quiet:
                echo(f"ok    {path}: {result.title}")
        else:
            failed += 1
            echo(f"FAIL  {path}: {result.title}")
            for failure in result.failures:
                echo(f"      {failure}")
    echo(f"{len(files) - failed - bad} passed, {failed} failed"
         + (f", {bad} bad input" if bad else ""))
    if bad:
        return EXIT_BAD_INPUT
    return EXIT_CHECK_FAILED if failed else EXIT_OK
