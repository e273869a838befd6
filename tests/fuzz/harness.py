"""Running one fuzz input through the real CLI, in-process (click's CliRunner), and judging it:
exit code in {0, 1, 2, 3}, no traceback, no injection text reaching clingo as program text,
wall time under the timeout plus a margin.

The probe: clingo's program-text entry points (Control.add, Control.load, ast.parse_string,
ast.parse_files) are wrapped; any text holding the injection marker is logged to a file (a
file, because solving happens in forked children). The rule files and the bridge's own
constant `#show` lines pass through them; user strings must not.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

import clingo
import clingo.ast
from click.testing import CliRunner

from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.cli import main as cli_main

from .strategies import MARKER, FuzzInput

EXIT_CODES = {0, 1, 2, 3}


@dataclass
class Outcome:
    kind: str
    command: list[str]
    exit_code: int
    seconds: float
    traceback: str | None          # the exception, when one escaped the CLI
    injected: list[str]            # program texts clingo saw holding the marker
    output: str

    def problems(self, timeout: float, margin: float) -> list[str]:
        out = []
        if self.exit_code not in EXIT_CODES:
            out.append(f"exit code {self.exit_code}")
        if self.traceback:
            out.append(f"traceback: {self.traceback}")
        if self.injected:
            out.append(f"injection reached clingo: {self.injected[0][:120]!r}")
        if self.seconds > timeout + margin:
            out.append(f"took {self.seconds:.1f} s (timeout {timeout} s + {margin} s)")
        return out


class Harness:
    """One per run: a work directory, the probes, and one Engine shared by the CLI calls (the
    rule bases are parsed once; every CLI call otherwise builds its own)."""

    def __init__(self, workdir: Path, engine: Engine | None = None):
        self.workdir = workdir
        self.log = workdir / "injections.log"
        self.engine = engine or Engine()
        self.runner = CliRunner()
        self.fifo = workdir / "fifo.yaml"
        if not self.fifo.exists() and hasattr(os, "mkfifo"):
            os.mkfifo(self.fifo)
        (workdir / "a-directory.yaml").mkdir(exist_ok=True)
        self.loop = workdir / "loop.yaml"
        if not self.loop.is_symlink():
            self.loop.symlink_to(self.loop)
        _install_probes(self.log)
        self._warm()

    def _warm(self) -> None:
        """Load the rule bases and their explanation programs now: a fixed cost of the process
        (not counted by --timeout either), which must not be billed to the first input."""
        from rulekeeper.bridge.core.solve.solve import prepare_explanations
        for packs in (["mtg"], ["mtg", "almos"]):
            prepare_explanations(self.engine.rules(packs))

    def run(self, inp: FuzzInput) -> Outcome:
        path = self._materialise(inp)
        args = [str(path) if a == "{file}" else a for a in inp.command]
        before = self.log.stat().st_size if self.log.exists() else 0
        original = cli_main._engine
        cli_main._engine = lambda pack_dirs=(): self.engine
        start = time.monotonic()
        try:
            result = self.runner.invoke(cli_main.main, args)
        finally:
            cli_main._engine = original
        seconds = time.monotonic() - start
        output = result.output + (result.stderr if result.stderr_bytes is not None else "")
        exc = result.exception
        traceback = None
        if exc is not None and not isinstance(exc, SystemExit):
            traceback = f"{type(exc).__name__}: {str(exc)[:300]}"
        elif "Traceback (most recent call last)" in output:
            traceback = output[-300:]
        injected = []
        if self.log.exists() and self.log.stat().st_size > before:
            with self.log.open(encoding="utf-8", errors="replace") as handle:
                handle.seek(before)
                injected = handle.read().split("\n---\n")
        return Outcome(inp.kind, args, result.exit_code, seconds, traceback, injected, output)

    def _materialise(self, inp: FuzzInput) -> Path:
        special = {"fifo": self.fifo, "dir": self.workdir / "a-directory.yaml",
                   "dev_zero": Path("/dev/zero"), "dev_urandom": Path("/dev/urandom"),
                   "missing": self.workdir / "no-such-file.yaml",
                   "nul_in_name": self.workdir / "a\x00b.yaml", "symlink_loop": self.loop}
        if inp.special is not None:
            return special[inp.special]
        path = self.workdir / "input.yaml"
        path.write_bytes(inp.data)
        return path


def _install_probes(log: Path) -> None:
    """Wrap clingo's program-text entry points once per process (idempotent)."""
    if getattr(clingo.Control, "_rk_probed", False):
        return

    def record(text: object) -> None:
        if isinstance(text, str) and MARKER in text:
            with log.open("a", encoding="utf-8") as handle:
                handle.write(text[:2000] + "\n---\n")

    add, load = clingo.Control.add, clingo.Control.load
    parse_string, parse_files = clingo.ast.parse_string, clingo.ast.parse_files

    def probed_add(self, *args, **kwargs):
        for a in list(args) + list(kwargs.values()):
            record(a)
        return add(self, *args, **kwargs)

    def probed_load(self, path, *args, **kwargs):
        record(Path(path).read_text(encoding="utf-8", errors="replace"))
        return load(self, path, *args, **kwargs)

    def probed_parse_string(program, *args, **kwargs):
        record(program)
        return parse_string(program, *args, **kwargs)

    def probed_parse_files(files, *args, **kwargs):
        for f in files:
            record(Path(f).read_text(encoding="utf-8", errors="replace"))
        return parse_files(files, *args, **kwargs)

    clingo.Control.add, clingo.Control.load = probed_add, probed_load
    clingo.ast.parse_string, clingo.ast.parse_files = probed_parse_string, probed_parse_files
    clingo.Control._rk_probed = True
