"""User-facing errors and the exit codes of the scenario contract (section 3)."""
from __future__ import annotations

from dataclasses import dataclass, field

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_IMPOSSIBLE = 3


class RulekeeperError(Exception):
    """Base class: an error meant for the user, printed without a traceback."""

    exit_code = EXIT_BAD_INPUT


@dataclass
class ScenarioError(RulekeeperError):
    """Bad input: names the file, the line and the field."""

    file: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        at = f" [{self.field}]" if self.field else ""
        return f"{where}:{at} {self.message}"


@dataclass
class ImpossibleSituation(RulekeeperError):
    """The described situation cannot happen under the encoded rules."""

    file: str
    conflicts: list[str] = field(default_factory=list)
    exit_code = EXIT_IMPOSSIBLE

    def __str__(self) -> str:
        lines = [f"{self.file}: the situation is impossible under the rules; conflicting rules:"]
        lines += [f"  - {c}" for c in self.conflicts] or ["  (no single rule could be named)"]
        return "\n".join(lines)


@dataclass
class SolverTimeout(RulekeeperError):
    """The solver did not finish within the time limit."""

    file: str
    seconds: float
    exit_code = EXIT_BAD_INPUT

    def __str__(self) -> str:
        return (f"{self.file}: no answer within {self.seconds:g} s "
                "(raise it with --timeout, or simplify the scenario)")
