"""`rulekeeper`: ask what happens, why, what is legal; test scenarios; see coverage and graph."""
from __future__ import annotations

import sys
from contextlib import closing, contextmanager
from typing import Callable, Iterable, Iterator

import click
from rulekeeper.bridge.core.base.errors import RulekeeperError
from rulekeeper.cli.batchopt import (SCHEDULER, batch_progress, executor, workers_for,
                                     workers_option)
from rulekeeper.cli.cardsopt import CARDS, card_sources
from rulekeeper.cli.common import (
    JsonErrorsGroup,
    OwnProcess,
    command_deadline,
    fail,
    hold_until_exit,
    json_option,
    json_text,
    limit_memory,
    memory_option,
    reported,
    scenario_file,
    timeout_option,
)
from rulekeeper.cli.packdir import PACK_DIR, plugins


def _fail(err: RulekeeperError) -> None:
    """Kept for commands written before cli/common.py: same as common.fail."""
    fail(err)


def _engine(pack_dirs: tuple[str, ...] = ()):
    """The engine, with the plug-in packs of `--pack-dir` and the card sources of `--cards`
    (a faulty pack or a missing card source is bad input before any work)."""
    from rulekeeper.bridge.core.run.engine import Engine
    with reported():
        engine = Engine(plugins=plugins(pack_dirs), cards=card_sources())
        if pack_dirs:
            engine.rules(["mtg"])
    hold_until_exit(engine)
    return engine


# commands in their own modules, imported when run (or listed by --help)
LAZY = {name: f"rulekeeper.cli.{name}:{name}"
        for name in ("coverage", "graph", "consistency", "rulings", "cards", "ground", "serve")}


@click.group(cls=JsonErrorsGroup, lazy=LAZY)
@click.version_option(package_name="rulekeeper")
def main() -> None:
    """A declarative knowledge base of the Magic rules (and Almos), answering with rule numbers."""


@main.command()
@scenario_file()
@json_option()
@timeout_option()
@click.option("--full", is_flag=True, help="every atom that changed, and (--json) every rule met")
@PACK_DIR
@CARDS
@memory_option()
def ask(file: str, as_json: bool, timeout: float, full: bool, pack_dirs: tuple[str, ...],
        max_memory: int) -> None:
    """What happens: every outcome, and a ruling citing the rules."""
    limit_memory(max_memory)
    with reported():
        deadline = command_deadline(file, timeout, as_json)
        result = _engine(pack_dirs).ask(file, deadline=deadline)
        hold_until_exit(result)
        # the ruling text / JSON draws on the same time budget (a child given the time left)
        output = deadline.run(_ask_output, result, as_json, full)
    click.echo(output)


def _ask_output(result, as_json: bool, full: bool = False) -> str:
    return json_text(result.as_json(full)) if as_json else result.text(full)


# ATOM may start with '-' (a classically negated atom, "-zone(x,y)"): unknown options are taken
# as arguments, and `--` before ATOM works too.
@main.command(context_settings={"ignore_unknown_options": True})
@scenario_file()
@click.argument("atom")
@timeout_option()
@click.option("--depth", default=12, type=click.IntRange(1, 60), help="levels of the derivation shown")
@json_option()
@PACK_DIR
@CARDS
@memory_option()
def why(file: str, atom: str, timeout: float, depth: int, as_json: bool,
        pack_dirs: tuple[str, ...], max_memory: int) -> None:
    """The chain of rules that makes ATOM hold, or the condition each rule that could have
    made it hold missed.

    An ATOM starting with '-' is accepted as it is, or after `--`:
    rulekeeper why FILE -- "-zone(x,y)"."""
    limit_memory(max_memory)
    with reported():
        deadline = command_deadline(file, timeout, as_json)
        result = _engine(pack_dirs).why_result(file, atom, depth=depth, deadline=deadline)
        hold_until_exit(result)
        output = deadline.run(_why_output, result, as_json)
    click.echo(output)


def _why_output(result, as_json: bool) -> str:
    return json_text(result.as_json()) if as_json else result.text()


@main.command()
@scenario_file()
@click.option("--player", default=None, help="only this player's actions")
@json_option('output {"legal": [atom, ...]} (errors as {"error": {...}})')
@timeout_option()
@PACK_DIR
@CARDS
@memory_option()
def legal(file: str, player: str | None, as_json: bool, timeout: float,
          pack_dirs: tuple[str, ...], max_memory: int) -> None:
    """The legal actions from the described state."""
    from rulekeeper.bridge.tools.legal import legal_actions
    limit_memory(max_memory)
    with reported():
        engine = _engine(pack_dirs)
        atoms, notes, ignored = legal_actions(engine, file, player, timeout,
                                              command_deadline(file, timeout, as_json))
    if as_json:
        click.echo(json_text({"not_understood": [i.note() for i in ignored],
                              "reliable": not ignored and not notes,
                              "legal": atoms, "not_encoded": notes}))
        return
    from rulekeeper.bridge.cards.ignored import warning_lines
    for line in warning_lines(ignored):          # before the answer (docs/cards.md)
        click.echo(line)
    click.echo("\n".join(atoms) if atoms else "No legal action found by the encoded rules.")
    for note in notes:
        click.echo(f"note: {note}")


@main.command()
@click.argument("paths", nargs=-1, type=str)   # checked by runner.scenario_files
@timeout_option()
@click.option("-q", "--quiet", is_flag=True, help="print failures only")
@click.option("--json", "as_json", is_flag=True, help="one JSON report of every scenario")
@click.option("--jsonl", "as_jsonl", is_flag=True,
              help="one JSON line per scenario, in input order as they are checked, then one "
                   "line with the totals")
@workers_option()
@SCHEDULER
@PACK_DIR
@CARDS
@memory_option()
def test(paths: tuple[str, ...], timeout: float, quiet: bool, as_json: bool, as_jsonl: bool,
         workers: int | None, scheduler: str | None, pack_dirs: tuple[str, ...],
         max_memory: int) -> None:
    """Check every scenario's expect (default: scenarios/). Exit 1 if any fails."""
    from rulekeeper.bridge.tools.runner import report_entries, scenario_files
    limit_memory(max_memory)
    with reported():
        files = scenario_files(list(paths) or ["scenarios"])
    report: list[dict] = []
    echo = (lambda _: None) if as_json or as_jsonl else click.echo
    with batch_progress("scenarios", len(files)) as tick, \
            _test_entries(files, timeout, workers, scheduler, pack_dirs) as entries:
        code = report_entries(_each(entries, tick, as_jsonl), echo, quiet, report)
    summary = _test_summary(report, code)
    if as_json:
        click.echo(json_text(summary))
    if as_jsonl:
        click.echo(json_line({k: v for k, v in summary.items() if k != "scenarios"}))
    sys.exit(code)


@contextmanager
def _test_entries(files: list, timeout: float, workers: int | None, scheduler: str | None,
                  pack_dirs: tuple[str, ...]) -> Iterator[Iterator[dict]]:
    """The scenarios' report entries in input order: checked here (one worker), or on the
    batch engine (--workers N, --scheduler)."""
    if workers_for(workers, len(files)) == 1 and not scheduler:
        from rulekeeper.bridge.tools.runner import checked_entries
        with checked_entries(_engine(pack_dirs), files, timeout) as entries:
            yield entries
        return
    from rulekeeper.bridge.tools.batchjobs import CheckSetup, check_file, failed_entry
    from rulekeeper.bridge.tools.batch import Job
    with reported():
        setup = CheckSetup(tuple(plugins(pack_dirs)), tuple(card_sources()), timeout)
        with executor(workers, scheduler, len(files)) as pool, \
                closing(pool.run(Job(setup, check_file), files)) as outcomes:
            yield (o.value if o.ok else failed_entry(o.item, o.error) for o in outcomes)


def _each(entries: Iterable[dict], tick: Callable[[], None], as_jsonl: bool) -> Iterator[dict]:
    for entry in entries:
        tick()
        if as_jsonl:
            click.echo(json_line(entry))
        yield entry


def json_line(data: dict) -> str:
    import json
    return json.dumps(data, ensure_ascii=False)


def _test_summary(report: list[dict], code: int) -> dict:
    count = {s: sum(1 for r in report if r["status"] == s) for s in ("ok", "fail", "error")}
    return {"passed": count["ok"], "failed": count["fail"], "bad_input": count["error"],
            "exit_code": code, "scenarios": report}


def run() -> None:
    """The `rulekeeper` console script: the process is the command's own (see OwnProcess).
    The cycle collector runs less often (a command builds many containers and few cycles), and
    the process ends at once when the command is done: tearing down the interpreter would free
    every object and the solved ground program one by one, for nothing (about 10% of a small
    `ask`). A bug's traceback still shows: only SystemExit ends it this way."""
    import gc
    import os
    from rulekeeper.cli.interrupt import Interrupts
    gc.set_threshold(50_000, 20, 100)
    own = OwnProcess()              # held here: what the command holds is never freed
    interrupts = Interrupts()
    interrupts.install()
    try:
        main(obj=own)
    except MemoryError:             # past --max-memory outside a solve (the cap is the process's)
        print("error: out of memory (--max-memory): simplify the scenario or raise the limit",
              file=sys.stderr)
        os._exit(2)
    except SystemExit as done:
        code = done.code
        if code is not None and not isinstance(code, int):
            print(code, file=sys.stderr)
            code = 1
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (BrokenPipeError, OSError):    # a reader gone (`| head`): nothing to do
                pass
        os._exit(code or 0)


if __name__ == "__main__":  # pragma: no cover
    run()
