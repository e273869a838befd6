"""The `--pack-dir DIR` option: plug-in rule packs (bridge/core/rules/packs.py) for any command."""
from __future__ import annotations

import click

PACK_DIR = click.option(
    "--pack-dir", "pack_dirs", multiple=True, type=click.Path(),
    help="a plug-in rule pack directory (.lp files with %@ annotations, optional cards/); "
         "repeatable")


def plugins(pack_dirs: tuple[str, ...]) -> list:
    """The packs of the directories; raises ScenarioError (exit 2) for a bad one."""
    from rulekeeper.bridge.core.rules.packs import load_pack_dir
    return [load_pack_dir(d) for d in pack_dirs]
