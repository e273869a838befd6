"""`rulekeeper cards`: import Scryfall card JSON, show what was understood of a card, count the
compiled share of a card file, list the card library (docs/cards.md)."""
from __future__ import annotations

import json
from contextlib import closing
from pathlib import Path
from typing import Callable, Iterator

import click
import yaml
from rulekeeper.cli.batchopt import SCHEDULER, executor, workers_for, workers_option
from rulekeeper.cli.cardsopt import CARDS, card_sources, progress_bar
from rulekeeper.cli.common import Seconds, json_option, reported

CARDS_TIMEOUT = 600.0        # a bulk file (100 MB, 30 000 cards) is read and compiled in minutes


def cards_timeout() -> click.option:
    return click.option("--timeout", default=CARDS_TIMEOUT, show_default=True,
                        type=Seconds(0.1, 86400),
                        help="seconds for the whole command, reading included; exit 2 when "
                             "they run out")


def _deadline(what: str, timeout: float):
    from rulekeeper.bridge.core.run.deadline import Deadline
    return Deadline(timeout, what)


@click.group()
def cards() -> None:
    """Real cards: import Scryfall JSON, show what a card's Oracle text compiled to, stats."""


@cards.command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--into", "into", default="cards", type=click.Path(file_okay=False),
              show_default=True, help="the folder the card YAML files are written to")
@json_option()
@cards_timeout()
@workers_option()
@SCHEDULER
def import_(file: str, into: str, as_json: bool, timeout: float, workers: int | None,
            scheduler: str | None) -> None:
    """Write each card of a Scryfall JSON FILE as a card YAML file (one a card)."""
    from rulekeeper.bridge.tools.cardimport import import_cards, write_imported
    with reported():
        deadline = _deadline(file, timeout)
        with progress_bar(f"importing {Path(file).name}") as tick:
            if workers_for(workers) == 1 and not scheduler:
                report = import_cards(Path(file), Path(into), tick, deadline.check)
            else:
                from rulekeeper.bridge.tools.batchjobs import Given, import_chunk
                chunks = _on_batch(Path(file), Given(Path(file)), import_chunk, workers,
                                   scheduler, tick, deadline.check)
                report = write_imported(Path(into),
                                        (card for chunk in chunks for card in chunk))
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2))
        return
    data = report.as_json()
    click.echo(f"Wrote {data['written']} card files into {into}: {data['full']} compiled fully, "
               f"{data['partial']} partly, {data['none']} not at all "
               f"(`rulekeeper cards show NAME --cards {into}` shows what was understood).")
    for bad in report.invalid:
        click.echo(f"not written: {bad['name']}: {bad['error']}", err=True)


@cards.command()
@click.argument("name")
@CARDS
@json_option()
@cards_timeout()
def show(name: str, as_json: bool, timeout: float) -> None:
    """What was understood of card NAME: each Oracle line compiled (with its form) or not."""
    from rulekeeper.bridge.core.base.errors import ScenarioError
    from rulekeeper.bridge.games.mtg.cards import default_library
    with reported():
        library = default_library().with_sources(card_sources(check=_deadline(name, timeout).check))
        found = library.find(name)
        if found is None:
            close = library.close_names(name)
            hint = f"; did you mean: {', '.join(close)}?" if close else ""
            raise ScenarioError(name, None, "NAME", f"no card named {name!r}{hint}")
        library.get(name)                      # the card format accepts it (else exit 2)
    view = _view(found)
    click.echo(json.dumps(view, indent=2) if as_json else _show_text(view))


def _view(found) -> dict:
    lines = []
    if found.compiled is not None:
        for line in found.compiled.lines:
            entry = {"text": line.text, "status": line.status}
            if line.status == "compiled":
                entry["compiled"] = getattr(line, "compiled", None)
            else:
                entry["reason"] = line.reason
            lines.append(entry)
        status = found.compiled.status
    else:      # written in the card format: its Oracle lines are only those it records as missed
        lines = [{"text": t, "status": "not_understood", "reason": "recorded in the card file"}
                 for t in found.data.get("not_understood", [])]
        status = "written"
    return {"name": found.name, "origin": found.origin, "status": status, "lines": lines,
            "card": found.data}


def _show_text(view: dict) -> str:
    out = [f"{view['name']}  ({view['origin']})"]
    if view["status"] == "written":
        out.append("Written in the card format (no Oracle text compiled here)"
                   + (f"; {len(view['lines'])} Oracle lines recorded as not understood:"
                      if view["lines"] else "."))
    else:
        done = sum(1 for line in view["lines"] if line["status"] == "compiled")
        out.append(f"Compiled: {view['status']} ({done} of {len(view['lines'])} Oracle lines "
                   "understood)")
    for line in view["lines"]:
        if line["status"] == "compiled":
            out.append(f"  compiled      {line['text']}")
            if line.get("compiled") is not None:
                out.append(f"      -> {json.dumps(line['compiled'])}")
        else:
            out.append(f"  NOT UNDERSTOOD {line['text']}")
            out.append(f"      answers about this card ignore it ({line['reason']})")
    out.append("Card:")
    card = yaml.safe_dump(view["card"], sort_keys=False, allow_unicode=True)
    out += [f"  {row}" for row in card.rstrip("\n").split("\n")]
    return "\n".join(out)


@cards.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--top", default=15, type=click.IntRange(0, 1000), show_default=True,
              help="how many not-understood templates to list")
@json_option()
@cards_timeout()
@workers_option()
@SCHEDULER
def stats(file: str, top: int, as_json: bool, timeout: float, workers: int | None,
          scheduler: str | None) -> None:
    """How many cards of a Scryfall JSON FILE compile fully, partly, not at all, and the most
    common Oracle templates not understood."""
    from rulekeeper.bridge.tools.cardimport import Stats, card_stats
    with reported():
        deadline = _deadline(file, timeout)
        with progress_bar(f"compiling {Path(file).name}") as tick:
            if workers_for(workers) == 1 and not scheduler:
                result = card_stats(Path(file), tick, deadline.check)
            else:
                from rulekeeper.bridge.tools.batchjobs import Given, stats_chunk
                result = Stats(file)
                for chunk in _on_batch(Path(file), Given(), stats_chunk, workers, scheduler,
                                       tick, deadline.check):
                    result.add(chunk)
    click.echo(json.dumps(result.as_json(top), indent=2) if as_json else result.text(top))


def _on_batch(path: Path, setup, work, workers: int | None, scheduler: str | None,
              tick, check: Callable[[], None]) -> Iterator:
    """The value of each chunk of the card file's cards, in order, worked on the batch engine;
    a chunk that failed (a bug, a lost worker) is an error naming its first card. `check` (the
    command's --timeout) is called between the cards read and between the chunks done."""
    from rulekeeper.bridge.tools.batch import Job
    from rulekeeper.bridge.tools.batchjobs import chunks
    from rulekeeper.bridge.core.base.errors import ScenarioError
    from rulekeeper.bridge.cards.scryfall import read_cards
    with executor(workers, scheduler) as pool, \
            closing(pool.run(Job(setup, work),
                             chunks(read_cards(path, tick, check=check)))) as outcomes:
        for outcome in outcomes:
            check()
            if not outcome.ok:
                raise ScenarioError(str(path), None, outcome.item[0].get("name", ""),
                                    f"{outcome.error['kind']}: {outcome.error['message']}")
            yield outcome.value


@cards.command("list")
@CARDS
@json_option()
@cards_timeout()
def list_(as_json: bool, timeout: float) -> None:
    """The card library: the bundled cards and those of the --cards sources."""
    from rulekeeper.bridge.games.mtg.cards import default_library
    from rulekeeper.rules_asp import RULES_DIR
    with reported():
        library = default_library().with_sources(card_sources(check=_deadline("cards list",
                                                                              timeout).check))
        groups = [{"source": str(RULES_DIR / "cards"), "kind": "bundled",
                   "cards": library.names()}]
        for path, source in zip(library.sources, library.opened()):
            kind = "yaml" if path.is_dir() else "scryfall"
            names = sorted(source.index.names() if kind == "scryfall" else source.cards())
            groups.append({"source": str(path), "kind": kind, "cards": names})
    if as_json:
        click.echo(json.dumps({"sources": groups}, indent=2))
        return
    bundled = set(groups[0]["cards"])
    for group in groups:
        click.echo(f"{group['source']} ({group['kind']}, {len(group['cards'])} cards):")
        for name in group["cards"]:
            mark = "  (overrides the bundled card)" if group["kind"] != "bundled" \
                and name in bundled else ""
            click.echo(f"  {name}{mark}")
