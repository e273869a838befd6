"""`rulekeeper rulings --all FILE.json`: every card's rulings on the batch engine, as JSON Lines
with an index, resumable (bridge/rulingsbatch.py, docs/batch.md)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from rulekeeper.cli.batchopt import batch_progress, executor
from rulekeeper.cli.common import emit_json, reported
from rulekeeper.cli.interrupt import hint


def rulings_all(file: str, out_dir: str, workers: int | None, scheduler: str | None,
                limit: int | None, resume: bool,
                packs: tuple[str, ...], timeout: float, as_json: bool) -> None:
    from rulekeeper.bridge.tools.rulingsbatch import RulingsSetup, run_all
    path, out = Path(file).expanduser(), Path(out_dir)
    setup = RulingsSetup(str(path), tuple(packs), timeout)
    progress = _Progress(f"rulings of {path.name}")
    try:
        with reported(), executor(workers, scheduler) as pool:
            hint(f"the cards written so far are in {out}; run the same command with --resume "
                 "to go on")
            summary = run_all(path, out, pool, setup, limit, resume, progress.start,
                              lambda text: click.echo(text, err=True))
    except KeyboardInterrupt:
        progress.stop()
        click.echo(f"interrupted: the cards written so far are in {out}; run the same command "
                   "with --resume to go on", err=True)
        sys.exit(130)
    finally:
        progress.stop()
    if as_json:
        emit_json(summary)
        return
    click.echo(f"{summary['written']} of {summary['cards']} cards written to "
               f"{out / summary['lines']} ({summary['ok']} ok, {summary['failed']} failed); "
               f"index: {out / 'index.json'}")


class _Progress:
    """The progress line, opened when the run knows how many cards it has."""

    def __init__(self, label: str):
        self.label, self.context = label, None

    def start(self, total: int, done: int):
        self.context = batch_progress(self.label, total, done)
        return self.context.__enter__()

    def stop(self) -> None:
        if self.context is not None:
            context, self.context = self.context, None
            context.__exit__(None, None, None)
