"""`rulekeeper ground FILE`: write the exact program the bridge solves for a scenario, so bare
clingo can be run (and timed) on the same thing: `python -m clingo --models=0 --project=auto OUT`."""
from __future__ import annotations

import click
from rulekeeper.cli.common import (
    command_deadline,
    emit_json,
    json_option,
    reported,
    scenario_file,
    timeout_option,
)
from rulekeeper.cli.packdir import PACK_DIR


@click.command()
@scenario_file()
@click.option("-o", "--output", "out", type=str, default=None,
              help="write the program to this file (default: standard output)")
@click.option("--plain", is_flag=True,
              help="without the explanation rules (the program `check` and `test` solve)")
@json_option('output {"file", "checks", "explain", "clingo_options", "program", ...}')
@timeout_option()
@PACK_DIR
def ground(file: str, out: str | None, plain: bool, as_json: bool, timeout: float,
           pack_dirs: tuple[str, ...]) -> None:
    """The program the bridge solves for FILE (the rules that can fire for its facts, after the
    explanation transform, and the scenario's facts), as clingo text. Solve it as the bridge
    does with `clingo --models=0 --project=auto OUT`. RULEKEEPER_NO_PRUNE=1 writes every rule
    of the base instead."""
    from rulekeeper.bridge.core.run.dump import ground_program
    from rulekeeper.cli.main import _engine
    with reported():
        dump = ground_program(_engine(pack_dirs), file, explain=not plain, timeout=timeout,
                              deadline=command_deadline(file, timeout, as_json))
        if out is not None:
            _write(out, dump.program)
    data = dump.as_json()
    if out is not None:
        data = {k: v for k, v in data.items() if k != "program"} | {"output": out}
    if as_json:
        emit_json(data)
    elif out is None:
        click.echo(dump.program, nl=False)
    else:
        click.echo(f"wrote {out} ({dump.program.count(chr(10))} lines); solve it with: "
                   f"python -m clingo --models=0 --project=auto {out}")


def _write(out: str, text: str) -> None:
    """The program written through a temporary file renamed into place (a symlink at OUT is
    replaced, never followed; an interrupted write leaves no partial file)."""
    from rulekeeper.bridge.core.base.safeio import write_path
    write_path(out, text, field="--output")
