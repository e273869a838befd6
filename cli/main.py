"""`rulekeeper`: ask what happens, why, what is legal; test scenarios; see coverage and graph."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from rulekeeper.bridge.errors import (EXIT_BAD_INPUT, EXIT_CHECK_FAILED, EXIT_OK,
                                      RulekeeperError)

TIMEOUT_HELP = "seconds before the solver gives up (default 20)"


def _fail(err: RulekeeperError) -> None:
    click.echo(f"error: {err}", err=True)
    sys.exit(err.exit_code)


def _engine():
    from rulekeeper.bridge.engine import Engine
    return Engine()


@click.group()
@click.version_option(package_name="rulekeeper")
def main() -> None:
    """A declarative knowledge base of the Magic rules (and Almos), answering with rule numbers."""


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
@click.option("--timeout", default=20.0, type=click.FloatRange(0.1, 3600), help=TIMEOUT_HELP)
def ask(file: str, as_json: bool, timeout: float) -> None:
    """What happens: every outcome, and a ruling citing the rules."""
    try:
        result = _engine().ask(file, timeout=timeout)
    except RulekeeperError as err:
        _fail(err)
    if as_json:
        click.echo(json.dumps(result.as_json(), indent=2))
    else:
        click.echo(result.text())


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("atom")
@click.option("--timeout", default=20.0, type=click.FloatRange(0.1, 3600), help=TIMEOUT_HELP)
def why(file: str, atom: str, timeout: float) -> None:
    """The chain of rules that makes ATOM hold (or what it would need)."""
    try:
        click.echo(_engine().why(file, atom, timeout=timeout))
    except RulekeeperError as err:
        _fail(err)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--player", default=None, help="only this player's actions")
@click.option("--json", "as_json", is_flag=True, help='output {"legal": [atom, ...]}')
@click.option("--timeout", default=20.0, type=click.FloatRange(0.1, 3600), help=TIMEOUT_HELP)
def legal(file: str, player: str | None, as_json: bool, timeout: float) -> None:
    """The legal actions from the described state."""
    from rulekeeper.bridge.legal import legal_actions
    try:
        engine = _engine()
        atoms, notes = legal_actions(engine, file, player, timeout)
    except RulekeeperError as err:
        _fail(err)
    if as_json:
        click.echo(json.dumps({"legal": atoms, "not_encoded": notes}, indent=2))
        return
    click.echo("\n".join(atoms) if atoms else "No legal action found by the encoded rules.")
    for note in notes:
        click.echo(f"note: {note}")


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--timeout", default=20.0, type=click.FloatRange(0.1, 3600), help=TIMEOUT_HELP)
@click.option("-q", "--quiet", is_flag=True, help="print failures only")
def test(paths: tuple[str, ...], timeout: float, quiet: bool) -> None:
    """Check every scenario's expect (default: scenarios/). Exit 1 if any fails."""
    from rulekeeper.bridge.runner import run_scenarios, scenario_files
    try:
        files = scenario_files(list(paths) or ["scenarios"])
    except RulekeeperError as err:
        _fail(err)
    code = run_scenarios(_engine(), files, timeout, click.echo, quiet)
    sys.exit(code)


@main.command()
@click.option("--pack", "packs", multiple=True, type=click.Choice(["mtg", "almos"]),
              help="rule packs (default: all)")
@click.option("--json", "as_json", is_flag=True)
def coverage(packs: tuple[str, ...], as_json: bool) -> None:
    """The rules encoded, by rule number, with their files."""
    from rulekeeper.bridge.coverage import coverage_report
    report = coverage_report(_engine(), list(packs) or ["mtg", "almos"])
    click.echo(json.dumps(report, indent=2) if as_json else report_text(report))


def report_text(report: dict) -> str:
    lines = [f"{len(report['rules'])} rules encoded"]
    for number, entry in report["rules"].items():
        lines.append(f"{number:10} {entry['summary'][:70]:70}  {', '.join(entry['files'])}")
    return "\n".join(lines)


@main.command()
@click.option("--pack", "packs", multiple=True, type=click.Choice(["mtg", "almos"]))
@click.option("--format", "fmt", type=click.Choice(["dot", "json", "text"]), default="text")
def graph(packs: tuple[str, ...], fmt: str) -> None:
    """How rules depend on each other (rule A uses what rule B defines)."""
    from rulekeeper.bridge.graph import rule_graph, to_dot
    rules = _engine().rules(list(packs) or ["mtg", "almos"])
    g = rule_graph(rules)
    if fmt == "dot":
        click.echo(to_dot(g))
    elif fmt == "json":
        click.echo(json.dumps({"nodes": sorted(g.nodes), "edges": [
            {"from": a, "to": b, "via": d["via"]} for a, b, d in sorted(g.edges(data=True))]},
            indent=2))
    else:
        for node in sorted(g.nodes):
            deps = sorted(g.successors(node))
            click.echo(f"{node}: {', '.join(deps) if deps else '-'}")


from rulekeeper.cli.rulings import rulings  # noqa: E402  (a command in its own module)

main.add_command(rulings)

if __name__ == "__main__":  # pragma: no cover
    main()
