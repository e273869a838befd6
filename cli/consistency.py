"""`rulekeeper consistency`: conflicts, gaps, divergences, dead rules and interpretations of a
rule pack, each with a witness scenario (bridge/tools/consistency/)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rulekeeper.cli.common import Seconds
from rulekeeper.bridge.core.base.errors import (
    EXIT_BAD_INPUT,
    EXIT_CHECK_FAILED,
    EXIT_OK,
    RulekeeperError,
)


@click.command()
@click.option("--pack", type=click.Choice(["almos"]), default=None,
              help="a bundled pack to check (default almos unless --pack-dir is given)")
@click.option("--pack-dir", type=click.Path(), default=None, help="a plug-in pack directory to check")
@click.option("--max-objects", default=2, type=click.IntRange(1, 4), help="objects on a board (default 2)")
@click.option("--max-actions", default=2, type=click.IntRange(0, 4),
              help="actions in a searched sequence, besides one turn boundary (default 2)")
@click.option("--per-target", default=20.0, type=Seconds(1, 600),
              help="CPU seconds for the bounded search of one statement (default 20)")
@click.option("--text", "text", type=click.Path(), default=None,
              help="the pack's numbered rules document, checked as a rules editor would")
@click.option("--cr", "cr", type=click.Path(), default=None,
              help="the CR text (with --text: sentences copied from a CR rule about another mechanic)")
@click.option("--scenarios", "scenarios", type=click.Path(file_okay=False), default=None,
              help="scenarios pinning the decisions on the rules text (default: the pack's "
              "scenarios/ folder, or the project's scenarios/<pack>)")
@click.option("--timeout", default=170.0, type=Seconds(1, 3600),
              help="seconds for the whole run (default 170: under 3 minutes); findings so far are reported")
@click.option("--workers", default=None, type=click.IntRange(1, 64),
              help="processes searching targets at once (default: one per core)")
@click.option("--write", "write", type=click.Path(file_okay=False), default=None,
              help="write a witness scenario for every finding into this directory")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def consistency(pack: str | None, pack_dir: str | None, max_objects: int, max_actions: int,
                per_target: float, text: str | None, cr: str | None, scenarios: str | None,
                timeout: float, workers: int | None,
                write: str | None, as_json: bool) -> None:
    """Check a rule pack against the CR: conflicts, gaps, divergences, dead rules, readings."""
    from rulekeeper.bridge.core.rules.packs import bundled_pack, load_pack_dir
    from rulekeeper.bridge.core.run.engine import Engine
    from rulekeeper.bridge.tools.consistency.run import Checker, Settings
    if pack and pack_dir:
        click.echo("error: give --pack or --pack-dir, not both", err=True)
        sys.exit(EXIT_BAD_INPUT)
    try:
        target = load_pack_dir(pack_dir) if pack_dir else bundled_pack(pack or "almos")
        settings = Settings(max_objects=max_objects, max_actions=max_actions,
                            per_target=per_target, timeout=timeout, text=text, cr=cr,
                            scenarios=scenarios, workers=workers,
                            write=Path(write).resolve() if write else None)
        with _progress(enabled=not as_json and sys.stderr.isatty()) as progress:
            report = Checker(Engine(), target, settings, progress).run()
    except RulekeeperError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(err.exit_code)
    click.echo(json.dumps(report.as_json(), indent=2) if as_json else report_text(report))
    sys.exit(EXIT_CHECK_FAILED if report.failed else EXIT_OK)


class _progress:
    """A rich progress bar on a terminal; nothing when piped."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.bar = None
        self.task = None

    def __enter__(self):
        if self.enabled:
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
            self.bar = Progress(TextColumn("{task.description}"), BarColumn(),
                                TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                                console=Console(stderr=True), transient=True)
            self.bar.__enter__()
            self.task = self.bar.add_task("situations", total=1)
        return self

    def __call__(self, what: str, done: int, total: int) -> None:
        if self.bar is not None:
            self.bar.update(self.task, description=what, completed=done, total=total)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
        return False


SECTIONS = (("conflicts", "Conflicts"), ("gaps", "Gaps (values left undecided)"),
            ("divergences", "Divergences from the CR"), ("interpretations", "Interpretations"),
            ("dead", "Dead statements (proved: cannot fire within the bounds)"),
            ("not_reached", "Not reached (the search gave up: not proved dead)"),
            ("text", "The rules text"))


def report_text(report) -> str:
    from rulekeeper.bridge.tools.coverage import rule_sort_key
    lines = [f"Consistency of pack {report.pack} (on {', '.join(report.base)}): "
             f"{report.situations} situations solved in {report.seconds:.0f} s"
             + (f", {report.skipped} skipped" if report.skipped else "")
             + (" (time limit reached)" if report.timed_out else "")
             + (f"; bounds: {report.bounds}" if report.bounds else "")]
    for key, heading in SECTIONS:
        found = sorted(getattr(report, key), key=lambda f: rule_sort_key(f.rules[0] if f.rules else ""))
        lines.append("")
        lines.append(f"{heading}: {len(found) or 'none'}")
        for f in found:
            lines.append(f"  [{', '.join(f.rules) or '-'}] {f.kind}: {f.summary}")
            for path in f.paths:
                lines.append(f"      witness: {path}")
            for where in f.details.get("where", []):
                lines.append(f"      text: {where}")
            if f.details.get("fix"):
                lines.append(f"      fix: {f.details['fix']}")
            for st in f.details.get("statements", [])[:3] if key != "conflicts" else []:
                lines.append(f"      {st}")
    verdict = "conflicts or gaps found" if report.failed else "no conflict, no gap"
    lines += ["", f"Verdict: {verdict}."]
    return "\n".join(lines)
