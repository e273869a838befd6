"""`rulekeeper rulings CARD`: the rulings of a card, each proved by a scenario."""
from __future__ import annotations

import json
import sys

import click
from rulekeeper.cli.common import Seconds
from rulekeeper.bridge.core.base.errors import RulekeeperError
from rulekeeper.cli.batchopt import SCHEDULER, workers_option
from rulekeeper.cli.cardsopt import CARDS, card_sources


@click.command()
@click.argument("card", required=False)
@click.option("--all", "all_file", default=None, type=click.Path(dir_okay=False),
              help="every card of this Scryfall JSON file, as JSON Lines in --out (no CARD)")
@click.option("--out", "out_dir", default="rulings", show_default=True,
              type=click.Path(file_okay=False), help="with --all: the output folder")
@workers_option()
@SCHEDULER
@click.option("--limit", default=None, type=click.IntRange(1), help="with --all: the first N cards")
@click.option("--resume", is_flag=True,
              help="with --all: keep the cards a run on the same file and rule base wrote")
@CARDS
@click.option("--rules", "packs", multiple=True, type=click.Choice(["mtg", "almos"]),
              help="rule packs the probes may use (default: mtg, and almos for an Almos card)")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
@click.option("--write", "write_dir", default=None, type=click.Path(file_okay=False),
              help="save each ruling's scenario in this folder")
@click.option("--markdown", is_flag=True, help="output a Markdown list")
@click.option("--timeout", default=20.0, type=Seconds(0.1, 3600),
              help="seconds before the solver gives up on one probe (default 20)")
def rulings(card: str | None, all_file: str | None, out_dir: str, workers: int | None,
            scheduler: str | None, limit: int | None, resume: bool,
            packs: tuple[str, ...], as_json: bool, write_dir: str | None, markdown: bool,
            timeout: float) -> None:
    """Generate the rulings for CARD (a library card name or a YAML file holding one card), or
    with --all for every card of a Scryfall JSON file (docs/batch.md)."""
    if (card is None) == (all_file is None):
        raise click.UsageError("give a CARD, or --all FILE.json")
    if all_file is not None:
        from rulekeeper.cli.rulings_all import rulings_all
        rulings_all(all_file, out_dir, workers, scheduler, limit, resume, packs, timeout,
                    as_json)
        return
    from rulekeeper.bridge.core.run.engine import Engine
    from rulekeeper.bridge.tools.cardinput import resolve_card
    from rulekeeper.bridge.tools.rulings import as_text, generate, scenario_text
    from rulekeeper.bridge.core.base.safeio import prepare_folder, write_file
    try:
        if write_dir:                       # a folder that cannot be made: before any probe
            prepare_folder(write_dir, "--write")
        source = resolve_card(card, card_sources())
        chosen = _packs(packs, source)
        with _progress(source.name) as tick:
            report = generate(Engine(), source, chosen, timeout, tick)
        if write_dir:
            for ruling in report.rulings:
                ruling.scenario = str(write_file(write_dir, ruling.scenario,
                                                 scenario_text(ruling), field="--write"))
    except RulekeeperError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(err.exit_code)
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2))
    else:
        click.echo(as_text(report, markdown))


def _packs(packs: tuple[str, ...], source) -> list[str]:
    """The packs given, mtg always; by default mtg, and almos for a card with Almos features."""
    from rulekeeper.bridge.tools.rulingsbatch import chosen_packs
    return chosen_packs(packs, source)


class _progress:
    """A rich progress line on a terminal (stderr); nothing when stderr is piped."""

    def __init__(self, name: str):
        self.name = name
        self.status = None

    def __enter__(self):
        if not sys.stderr.isatty():
            return None
        from rich.console import Console
        self.status = Console(stderr=True).status(f"rulings for {self.name}")
        self.status.__enter__()
        return lambda probe: self.status.update(f"rulings for {self.name}: probe {probe}")

    def __exit__(self, *exc) -> None:
        if self.status is not None:
            self.status.__exit__(*exc)
