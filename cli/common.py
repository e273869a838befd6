"""What every command shares: the FILE argument, `--json`, `--timeout`, and the one error path.

A command reports its errors with one call:

    @main.command()
    @scenario_file()
    @json_option()
    def mycommand(file: str, as_json: bool) -> None:
        with reported():                  # RulekeeperError -> message (or JSON) and exit code
            ...

Inside `reported()`, any RulekeeperError is printed as `error: ...` on stderr, or, when the
command has `--json` set, as `{"error": {"file", "line", "field", "message", "kind", ...}}` on
stdout; the exit code is the error's own (2 bad input or timeout, 3 impossible). Errors of the
project's own code are not caught: they are bugs, and show as such.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator, NoReturn

import click
from rulekeeper.bridge.core.base.errors import RulekeeperError

TIMEOUT_HELP = ("seconds for the whole answer, reading and parsing included (default 20); "
                "exit 2 when they run out")
DEFAULT_TIMEOUT = 20.0


def scenario_file(name: str = "file") -> Callable:
    """The FILE argument, taken as plain text: whether it can be read (a regular file, not a
    directory, FIFO or device, at most 2 MB) is decided by the input path, so the refusal is a
    normal error (exit 2, JSON with --json), not click's usage text."""
    return click.argument(name, metavar="FILE", type=str)


def json_option(help_text: str = "machine-readable output (errors too)") -> Callable:
    return click.option("--json", "as_json", is_flag=True, help=help_text)


class Seconds(click.FloatRange):
    """A number of seconds within a range; NaN is refused (click's FloatRange lets it through,
    and every comparison with it is false, so 'nan' would bound nothing)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if number != number:
            self.fail(f"{str(value)[:40]!r} is not a number of seconds", param, ctx)
        return number


def timeout_option() -> Callable:
    return click.option("--timeout", default=DEFAULT_TIMEOUT, type=Seconds(0.1, 3600),
                        help=TIMEOUT_HELP)


MEMORY_HELP = ("address space of the solving process, e.g. 2G, 512M (default 2G); a board past "
               "it is exit 2 naming the board's size")


class MemorySize(click.ParamType):
    """A number of bytes: 2G, 512M, 300000K, 2147483648 (at least 256M: Python, clingo and the
    rule base take about 150 MB of address space before a board is read)."""

    name = "size"
    UNITS = {"": 1, "K": 1024, "M": 1024 ** 2, "G": 1024 ** 3, "T": 1024 ** 4}

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        import re
        match = re.fullmatch(r"\s*(\d{1,13})\s*([KMGT]?)B?\s*", str(value).upper(), re.ASCII)
        size = int(match.group(1)) * self.UNITS[match.group(2)] if match else 0
        if size < 256 * 1024 ** 2:
            self.fail(f"{str(value)[:40]!r} is not a memory size of at least 256M (e.g. 2G, 512M)",
                      param, ctx)
        if size > self.MOST:
            self.fail(f"{str(value)[:40]!r} is over the largest memory size, 1024T", param, ctx)
        return size

    MOST = 1024 ** 5          # an address-space limit the kernel takes (RLIMIT_AS is a C long)


def memory_option() -> Callable:
    return click.option("--max-memory", "max_memory", default="2G", type=MemorySize(),
                        help=MEMORY_HELP)


def limit_memory(max_memory: int) -> None:
    """The command's memory cap: in its own process, on the process itself (it solves there, and
    its forked children inherit it); inside another program, each solving child caps its own at
    the default (bridge/deadline.py)."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and isinstance(ctx.find_root().obj, OwnProcess):
        from rulekeeper.bridge.core.run.deadline import limit_memory as cap
        cap(max_memory)


def json_text(data: Any, **options: Any) -> str:
    """`data` as indented JSON: json is imported by the commands that print some, not by
    every process."""
    import json
    return json.dumps(data, indent=2, **options)


def emit_json(data: Any) -> None:
    click.echo(json_text(data, ensure_ascii=False))


def fail(err: RulekeeperError, as_json: bool | None = None) -> NoReturn:
    """Print `err` (as JSON when asked, or when the running command has --json) and exit with
    its code."""
    _print_error(err, _wants_json(as_json))
    sys.exit(err.exit_code)


def _print_error(err: RulekeeperError, as_json: bool) -> None:
    if as_json:
        emit_json(err.as_json())
    else:
        click.echo(f"error: {err}", err=True)


class OwnProcess:
    """The root context's `obj` when `rulekeeper` runs as its own process (the console script,
    `python -m rulekeeper.cli.main`), not inside another program (click's test runner, a
    library caller): then a command may end the process when its time is up, and what it built
    is held until the process ends (`hold`): the process exits without freeing it, where
    dropping it at the end of the command would free the solved ground program and the rule
    base object by object (a few ms of a small `ask`)."""

    def __init__(self) -> None:
        self.held: list[object] = []

    def hold(self, thing: object) -> None:
        self.held.append(thing)


def hold_until_exit(thing: object) -> None:
    """Keep `thing` alive until the process ends, when the command runs in its own process."""
    ctx = click.get_current_context(silent=True)
    root = ctx.find_root().obj if ctx is not None else None
    if isinstance(root, OwnProcess):
        root.hold(thing)


def command_deadline(file: str, timeout: float, as_json: bool):
    """The --timeout budget of a one-answer command. In its own process the work runs in it,
    under a watchdog that reports the timeout and exits when the time is up (no fork); else
    each piece of work runs in a forked child (bridge/core/run/deadline.py)."""
    from rulekeeper.bridge.core.run.deadline import Deadline
    ctx = click.get_current_context(silent=True)
    own = ctx is not None and isinstance(ctx.find_root().obj, OwnProcess)
    return Deadline(timeout, file, expire=_ender(as_json) if own else None)


def _ender(as_json: bool) -> Callable[[RulekeeperError], NoReturn]:
    def end(err: RulekeeperError) -> NoReturn:     # runs on the watchdog thread
        _print_error(err, as_json)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(err.exit_code)
    return end


@contextmanager
def reported(as_json: bool | None = None) -> Iterator[None]:
    """Run the body; a RulekeeperError ends the command through `fail`."""
    try:
        yield
    except RulekeeperError as err:
        fail(err, as_json)


def _wants_json(as_json: bool | None) -> bool:
    if as_json is not None:
        return as_json
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.params.get("as_json"))


class JsonErrorsGroup(click.Group):
    """A click group whose usage errors (a bad --timeout value, an unknown option) are JSON
    when the command line has --json, like every other error. Commands named in `lazy`
    ({name: "module:attribute"}) are imported only when run or listed (click's lazy-loading
    pattern): `ask` does not pay for the imports of `cards`, `graph` or `consistency`."""

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy and name not in self.commands:
            import importlib
            module, attribute = self.lazy[name].split(":")
            self.add_command(getattr(importlib.import_module(module), attribute), name)
        return super().get_command(ctx, name)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        words = args[:args.index("--")] if "--" in args else args
        ctx.meta["rulekeeper.json"] = "--json" in words
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            if not ctx.meta.get("rulekeeper.json"):
                raise
            emit_json({"error": {"file": None, "line": None, "field": _param(exc),
                                 "message": exc.format_message(), "kind": "usage"}})
            ctx.exit(exc.exit_code)


def _param(exc: click.UsageError) -> str | None:
    param = getattr(exc, "param", None)
    return getattr(param, "name", None) if param is not None else None
