"""The `--cards PATH` option (repeatable) and the RULEKEEPER_CARDS variable, for any command
that reads scenarios: folders of card YAML files and Scryfall JSON files, searched (in the order
given, the option's paths before the variable's) before the bundled card library."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import click

_KEY = "rulekeeper.cards"
ENV = "RULEKEEPER_CARDS"       # bridge/cards/sources.py reads the same variable


def _store(ctx: click.Context, _param: click.Parameter, value: tuple[str, ...]) -> tuple:
    ctx.meta[_KEY] = tuple(value)
    return value


CARDS = click.option(
    "--cards", "card_paths", multiple=True, type=click.Path(), expose_value=False,
    callback=_store,
    help="a folder of card YAML files or a Scryfall JSON file whose cards scenarios can name; "
         "repeatable, searched before the bundled library (also RULEKEEPER_CARDS, "
         "path-separator-separated)")


def card_sources(given: tuple[str, ...] | None = None,
                 check: Callable[[], None] | None = None) -> list[Path]:
    """The card sources of `--cards` (or `given`) and RULEKEEPER_CARDS, checked to exist; the
    index of each Scryfall file is brought up to date now (with a progress bar on a terminal),
    so a scenario's lookups afterwards only read it (`check`, the command's Deadline, is called
while it is built). Raises ScenarioError (exit 2)."""
    if given is None:
        ctx = click.get_current_context(silent=True)
        given = ctx.meta.get(_KEY, ()) if ctx is not None else ()
    if not given and not any(p.strip() for p in os.environ.get(ENV, "").split(os.pathsep)):
        return []       # none: the sources' module (Scryfall, JSON) is not even loaded
    from rulekeeper.bridge.cards.sources import env_sources, open_source
    paths = [Path(p).expanduser() for p in given] + env_sources()
    for path in paths:
        open_source(path)            # a missing path is bad input before any work
        if path.is_file():
            from rulekeeper.bridge.cards.index import (
                ScryfallIndex,  # SQLite: only for a file
            )
            with progress_bar(f"indexing {path.name}") as tick:
                ScryfallIndex(path, tick, check).ensure()
    return paths


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None] | None]:
    """A rich progress bar on stderr when it is a terminal (a callback of (done, total));
    None, and nothing printed, when stderr is piped."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)
