"""`rulekeeper coverage`: the rules encoded, and with --cr what the Comprehensive Rules still
hold that is not encoded."""
from __future__ import annotations

import json
from pathlib import Path

import click
from rulekeeper.bridge.core.base.errors import RulekeeperError, ScenarioError
from rulekeeper.bridge.core.rules.packs import BUNDLED
from rulekeeper.cli.packdir import PACK_DIR

PACKS = ["mtg", "almos"]                                # the default: Magic and Almos
CHOICES = list(BUNDLED)       # any bundled pack, of one game (core: the core alone, or with --pack-dir)


@click.command()
@click.option("--pack", "packs", multiple=True, type=click.Choice(CHOICES),
              help="rule packs, of one game (default: mtg and almos)")
@click.option("--cr", "cr_file", type=click.Path(dir_okay=False), default=None,
              help="the Comprehensive Rules text file: report what is encoded and what is "
                   "missing, and the summaries that repeat its words")
@click.option("--section", default=None,
              help="with --cr: one section (7), rule group (704) or rule (704.5)")
@click.option("--compare", "compare_file", type=click.Path(dir_okay=False), default=None,
              help="with --cr: a status document (**100.1a** (:green_circle:) ...) to compare with")
@click.option("--scenarios", "scenario_dir", default="scenarios", show_default=True,
              type=click.Path(file_okay=False), help="where to look for citing scenarios")
@click.option("--markdown", is_flag=True, help="with --cr: a status table per rule")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
@PACK_DIR
def coverage(packs: tuple[str, ...], cr_file: str | None, section: str | None,
             compare_file: str | None, scenario_dir: str, markdown: bool, as_json: bool,
             pack_dirs: tuple[str, ...]) -> None:
    """The rules encoded, by rule number, with their files (and with --cr, against the CR)."""
    from rulekeeper.cli.main import _engine, _fail
    try:
        from rulekeeper.bridge.core.registry import check_one_game
        check_one_game(list(packs))
        if cr_file is None:
            if section or compare_file or markdown:
                raise ScenarioError("coverage", None, "--cr",
                                    "--section, --compare and --markdown need --cr FILE")
            _plain(_engine(pack_dirs), list(packs) or PACKS, as_json)
            return
        report = _cr_report(_engine(pack_dirs), list(packs) or PACKS, cr_file, section, scenario_dir,
                            compare_file)
    except RulekeeperError as err:
        _fail(err)
    _show(report, as_json, markdown, list(packs) or PACKS)


def _plain(engine, packs: list[str], as_json: bool) -> None:
    from rulekeeper.bridge.tools.coverage import coverage_report
    report = coverage_report(engine, packs)
    report["packs"] = engine.rules(report["packs"]).packs
    lines = [f"{len(report['rules'])} rules encoded"]
    for number, entry in report["rules"].items():
        lines.append(f"{number:10} {entry['summary'][:70]:70}  {', '.join(entry['files'])}")
    listed = _listed_not_encoded(engine, packs, report)
    if listed is not None:
        report["not_encoded"] = listed
        lines.append(f"{len(listed)} rules of the game's list not encoded")
        lines += [f"{r['rule']:10} {r['status']}: {r['reason']}" for r in listed]
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    click.echo("\n".join(lines))


def _listed_not_encoded(engine, packs: list[str], report: dict) -> list[dict] | None:
    """For a game whose pack lists its rule numbers (Game.listed_rules): each listed rule that
    is not encoded, out of scope (with the reason) or missing."""
    from rulekeeper.bridge.core.registry import game_for_packs
    from rulekeeper.bridge.tools.coverage import read_out_of_scope
    game = game_for_packs(packs)
    listed = game.listed_rules()
    if listed is None:
        return None
    scope = [e for path in game.out_of_scope_files(engine.rules(packs).pack_list)
             for e in read_out_of_scope(path)]
    out = []
    for rule in listed:
        if rule.number in report["rules"]:
            continue
        entry = next((e for e in scope if e.covers(rule.number)), None)
        out.append({"rule": rule.number, "status": entry.status if entry else "missing",
                    "reason": entry.reason if entry else ""})
    return out


def _cr_report(engine, packs: list[str], cr_file: str, section: str | None, scenario_dir: str,
               compare_file: str | None) -> dict:
    from rulekeeper.bridge.core.registry import game_for_packs
    from rulekeeper.bridge.tools.coverage import (
        compare_status,
        cr_coverage,
        read_out_of_scope,
        read_status_document,
        scenario_citations,
    )
    if section is not None and not section.replace(".", "").isalnum():
        raise ScenarioError("coverage", None, "--section", "expected a section (7), a rule "
                            "group (704) or a rule number (704.5)")
    rules = engine.rules(packs)
    game = game_for_packs(packs)
    cr = game.read_rules_text(cr_file)
    out_of_scope = [entry for path in game.out_of_scope_files(rules.pack_list)
                    for entry in read_out_of_scope(path)]
    report = cr_coverage(rules, cr, scenario_citations(Path(scenario_dir)), out_of_scope,
                         section, game)
    if compare_file:
        from rulekeeper.bridge.core.rules.crtext import _read_text
        theirs = read_status_document(_read_text(Path(compare_file)))
        if not theirs:
            raise ScenarioError(compare_file, None, "--compare",
                                "no rule status found (lines like **100.1a** (:green_circle:))")
        report["comparison"] = compare_status(report, theirs)
    return report


def _show(report: dict, as_json: bool, markdown: bool, packs: list[str]) -> None:
    from rulekeeper.bridge.tools.coverage import cr_coverage_markdown, cr_coverage_text
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    from rulekeeper.bridge.core.registry import game_for_packs
    game = game_for_packs(packs)
    click.echo(cr_coverage_markdown(report, game) if markdown else cr_coverage_text(report, game))
    comparison = report.get("comparison")
    if comparison and not markdown:
        there = comparison["implemented_there_not_here"]
        here = comparison["encoded_here_not_there"]
        click.echo(f"\ncompared with the status document on {comparison['compared']} rules:")
        click.echo(f"  implemented there, not encoded here ({len(there)}): "
                   + ", ".join(r["rule"] for r in there))
        click.echo(f"  encoded here, not implemented there ({len(here)}): "
                   + ", ".join(f"{r['rule']} ({r['theirs']})" for r in here))
