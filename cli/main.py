"""`rulekeeper`: ask what happens, why, what is legal; test scenarios; see coverage and graph."""
from __future__ import annotations

import sys

import click
from rulekeeper.bridge.core.base.errors import RulekeeperError
from rulekeeper.cli.cardsopt import CARDS, card_sources
from rulekeeper.cli.common import (
    JsonErrorsGroup,
    OwnProcess,
    command_deadline,
    fail,
    hold_until_exit,
    json_option,
    json_text,
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
def ask(file: str, as_json: bool, timeout: float, full: bool, pack_dirs: tuple[str, ...]) -> None:
    """What happens: every outcome, and a ruling citing the rules."""
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
def why(file: str, atom: str, timeout: float, depth: int, as_json: bool,
        pack_dirs: tuple[str, ...]) -> None:
    """The chain of rules that makes ATOM hold, or the condition each rule that could have
    made it hold missed.

    An ATOM starting with '-' is accepted as it is, or after `--`:
    rulekeeper why FILE -- "-zone(x,y)"."""
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
def legal(file: str, player: str | None, as_json: bool, timeout: float,
          pack_dirs: tuple[str, ...]) -> None:
    """The legal actions from the described state."""
    from rulekeeper.bridge.tools.legal import legal_actions
    with reported():
        engine = _engine(pack_dirs)
        atoms, notes = legal_actions(engine, file, player, timeout,
                                     command_deadline(file, timeout, as_json))
    if as_json:
        click.echo(json_text({"legal": atoms, "not_encoded": notes}))
        return
    click.echo("\n".join(atoms) if atoms else "No legal action found by the encoded rules.")
    for note in notes:
        click.echo(f"note: {note}")


@main.command()
@click.argument("paths", nargs=-1, type=str)   # checked by runner.scenario_files
@timeout_option()
@click.option("-q", "--quiet", is_flag=True, help="print failures only")
@click.option("--json", "as_json", is_flag=True, help="one JSON report of every scenario")
@PACK_DIR
@CARDS
def test(paths: tuple[str, ...], timeout: float, quiet: bool, as_json: bool,
         pack_dirs: tuple[str, ...]) -> None:
    """Check every scenario's expect (default: scenarios/). Exit 1 if any fails."""
    from rulekeeper.bridge.tools.runner import run_scenarios, scenario_files
    with reported():
        files = scenario_files(list(paths) or ["scenarios"])
    report: list[dict] = []
    code = run_scenarios(_engine(pack_dirs), files, timeout, (lambda _: None) if as_json else click.echo,
                         quiet, report)
    if as_json:
        click.echo(json_text(_test_summary(report, code)))
    sys.exit(code)


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
    gc.set_threshold(50_000, 20, 100)
    own = OwnProcess()              # held here: what the command holds is never freed
    try:
        main(obj=own)
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
