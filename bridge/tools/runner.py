"""Running many scenarios (the `test` command)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

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
    return report_entries((scenario_entry(engine, path, timeout) for path in files), echo,
                          quiet, report)


def scenario_entry(engine, path: Path, timeout: float) -> dict:
    """One scenario's entry of the `test` report: checked, or the error that stopped it."""
    try:
        result = engine.check(path, timeout=timeout)
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
