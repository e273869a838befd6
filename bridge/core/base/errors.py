"""User-facing errors and the exit codes of the scenario contract (section 3).

Every error can also be given as JSON (`as_json`): the `{"error": {...}}` object that commands
print with `--json`, always with file, line, field, message and kind."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .record import Fields

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_IMPOSSIBLE = 3
MAX_MESSAGE = 1000      # a message never echoes a whole huge value (values are clipped too)
# The errors below are dataclasses for their fields, with eq=False: an exception is compared by
# identity and stays hashable, as every exception is (and no __eq__ is generated at import);
# their __init__ and repr are Fields' (bridge/core/base/record.py: nothing compiled at import).


class RulekeeperError(Exception):
    """Base class: an error meant for the user, printed without a traceback."""

    exit_code = EXIT_BAD_INPUT
    kind = "bad_input"

    def as_json(self) -> dict[str, Any]:
        """{"error": {file, line, field, message, kind, ...}} for `--json` output."""
        return {"error": {"file": getattr(self, "file", None), "line": getattr(self, "line", None),
                          "field": getattr(self, "field", "") or None, "message": self.message_text(),
                          "kind": self.kind, **self.extra_json()}}

    def message_text(self) -> str:
        """The message without the file and line prefix."""
        return str(self)

    def extra_json(self) -> dict[str, Any]:
        return {}


@dataclass(init=False, repr=False, eq=False)
class ScenarioError(Fields, RulekeeperError):
    """Bad input: names the file, the line and the field."""

    file: str
    line: int | None
    field: str
    message: str

    def __post_init__(self) -> None:
        if len(self.message) > MAX_MESSAGE:
            self.message = self.message[:MAX_MESSAGE - 1] + "…"

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        at = f" [{self.field}]" if self.field else ""
        return f"{where}:{at} {self.message}"

    def message_text(self) -> str:
        return self.message


@dataclass(init=False, repr=False, eq=False)
class ImpossibleSituation(Fields, RulekeeperError):
    """The described situation cannot happen under the encoded rules."""

    file: str
    conflicts: list[str] = field(default_factory=list)
    exit_code = EXIT_IMPOSSIBLE
    kind = "impossible"

    def __str__(self) -> str:
        lines = [f"{self.file}: the situation is impossible under the rules; conflicting rules:"]
        lines += [f"  - {c}" for c in self.conflicts] or ["  (no single rule could be named)"]
        return "\n".join(lines)

    def message_text(self) -> str:
        return "the situation is impossible under the rules"

    def extra_json(self) -> dict[str, Any]:
        return {"conflicts": list(self.conflicts)}


@dataclass(init=False, repr=False, eq=False)
class SolverTimeout(Fields, RulekeeperError):
    """No answer within the time limit (reading, parsing, solving and explaining included)."""

    file: str
    seconds: float
    exit_code = EXIT_BAD_INPUT
    kind = "timeout"

    def __str__(self) -> str:
        return f"{self.file}: {self.message_text()}"

    def message_text(self) -> str:
        return (f"no answer within {self.seconds:g} s "
                "(raise it with --timeout, or simplify the scenario)")

    def extra_json(self) -> dict[str, Any]:
        return {"seconds": self.seconds}


@dataclass(init=False, repr=False, eq=False)
class SolverOutOfMemory(Fields, RulekeeperError):
    """The solver ran out of memory: the board is too large for the machine (or the limit)."""

    file: str
    board: str = ""          # "1500 objects, 3 actions", filled in by the engine
    killed: bool = False     # the process died without a word (the OOM killer, a signal)
    exit_code = EXIT_BAD_INPUT
    kind = "out_of_memory"

    def __str__(self) -> str:
        return f"{self.file}: {self.message_text()}"

    def message_text(self) -> str:
        size = f" on a board of {self.board}" if self.board else ""
        what = ("the solver process ended without an answer (out of memory?)" if self.killed
                else "the solver ran out of memory")
        return f"{what}{size}; simplify the scenario (fewer objects or actions)"
