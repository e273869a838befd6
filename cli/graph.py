"""`rulekeeper graph`: how rules depend on each other, whole or around one rule."""
from __future__ import annotations

import json
from pathlib import Path

import click
from rulekeeper.bridge.core.base.errors import RulekeeperError
from rulekeeper.bridge.core.rules.packs import BUNDLED
from rulekeeper.cli.packdir import PACK_DIR

FORMATS = ["text", "dot", "json", "graphml", "svg"]
CHOICES = list(BUNDLED)       # any bundled pack, of one game (core: the core alone, or with --pack-dir)


@click.command()
@click.option("--pack", "packs", multiple=True, type=click.Choice(CHOICES),
              help="rule packs, of one game (default: mtg and almos)")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text")
@click.option("--rule", default=None, help="only the neighbourhood of this rule")
@click.option("--depth", default=1, show_default=True, type=click.IntRange(0, 20),
              help="with --rule: how many edges away")
@click.option("--direction", default="both", show_default=True,
              type=click.Choice(["up", "down", "both"]),
              help="with --rule: down = what it depends on, up = what depends on it")
@click.option("--impact", default=None, help="the rules and scenarios a change to this rule affects")
@click.option("--cr", "cr_file", type=click.Path(dir_okay=False), default=None,
              help="the CR text: add its cross-references, list unencoded rules referred to")
@click.option("--scenarios", "scenario_dir", default="scenarios", show_default=True,
              type=click.Path(file_okay=False), help="with --impact: where the scenarios are")
@click.option("-o", "--output", default=None, type=click.Path(dir_okay=False),
              help="write to this file instead of standard output")
@click.option("--json", "as_json", is_flag=True, help="same as --format json")
@PACK_DIR
def graph(packs: tuple[str, ...], fmt: str, rule: str | None, depth: int, direction: str,
          impact: str | None, cr_file: str | None, scenario_dir: str, output: str | None,
          as_json: bool, pack_dirs: tuple[str, ...]) -> None:
    """How rules depend on each other (rule A uses what rule B defines)."""
    from rulekeeper.cli.main import _engine, _fail
    try:
        from rulekeeper.bridge.core.registry import check_one_game
        check_one_game(list(packs))
        text = _graph_text(_engine(pack_dirs), list(packs) or ["mtg", "almos"], "json" if as_json else fmt,
                           rule, depth, direction, impact, cr_file, scenario_dir)
        if output:      # through a temporary file renamed into place: a symlink is not followed
            from rulekeeper.bridge.core.base.safeio import write_path
            write_path(output, text + "\n", field="--output")
        else:
            click.echo(text)
    except RulekeeperError as err:
        _fail(err)


def _graph_text(engine, packs: list[str], fmt: str, rule: str | None, depth: int,
                direction: str, impact: str | None, cr_file: str | None,
                scenario_dir: str) -> str:
    from rulekeeper.bridge.tools import graph as g
    from rulekeeper.bridge.tools.coverage import scenario_citations
    graph = g.rule_graph(engine.rules(packs))
    wanted: list[str] = []
    if cr_file:
        from rulekeeper.bridge.core.registry import game_for_packs
        wanted = g.add_cr_references(graph, game_for_packs(packs).read_rules_text(cr_file))
    if impact:
        found = g.impact(graph, impact, scenario_citations(Path(scenario_dir)))
        if fmt == "json":
            return json.dumps(found, indent=2)
        return (f"changing {impact} affects directly {len(found['direct'])} rules: "
                + ", ".join(found["direct"])
                + f"\n(through them, {len(found['rules'])} rules in all)"
                + f"\nscenarios citing {impact} or a direct dependent "
                f"({len(found['scenarios_direct'])} of {len(found['scenarios'])} affected):\n"
                + "\n".join(f"  {s}" for s in found["scenarios_direct"]))
    if rule:
        graph = g.neighbourhood(graph, rule, depth, direction)
    if fmt == "json":
        data = g.to_json(graph)
        if cr_file:
            data["unencoded_referenced"] = wanted
        return json.dumps(data, indent=2)
    if fmt == "text" and cr_file:
        return g.to_text(graph) + ("\n\nunencoded rules that encoded ones refer to (most "
                                   "referred first): " + ", ".join(wanted[:60]))
    return {"text": g.to_text, "dot": g.to_dot, "graphml": g.to_graphml,
            "svg": g.to_svg}[fmt](graph)
