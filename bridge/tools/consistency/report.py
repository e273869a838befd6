"""What `consistency` reports: each finding, the whole report, and the run's settings."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Finding:
    kind: str                 # conflict / overlap / gap / divergence / dead / interpretation
    rules: list[str]
    summary: str
    witnesses: list[dict] = field(default_factory=list)   # scenario mappings (with expect)
    paths: list[str] = field(default_factory=list)
    details: dict = field(default_factory=dict)

    def as_json(self) -> dict:
        return {"kind": self.kind, "rules": self.rules, "summary": self.summary,
                "witness": self.paths[0] if self.paths else None, "witnesses": self.paths,
                **self.details}


@dataclass
class Report:
    pack: str
    base: list[str]
    conflicts: list[Finding] = field(default_factory=list)
    gaps: list[Finding] = field(default_factory=list)
    divergences: list[Finding] = field(default_factory=list)
    dead: list[Finding] = field(default_factory=list)
    not_reached: list[Finding] = field(default_factory=list)
    interpretations: list[Finding] = field(default_factory=list)
    text: list[Finding] = field(default_factory=list)
    situations: int = 0
    skipped: int = 0
    timed_out: bool = False
    seconds: float = 0.0
    bounds: str = ""

    @property
    def failed(self) -> bool:
        return bool(self.conflicts or self.gaps)

    def as_json(self) -> dict:
        return {"pack": self.pack, "base": self.base, "situations": self.situations,
                "skipped_situations": self.skipped, "timed_out": self.timed_out,
                "seconds": round(self.seconds, 2), "bounds": self.bounds,
                **{k: [f.as_json() for f in getattr(self, k)]
                   for k in ("conflicts", "gaps", "divergences", "dead", "not_reached",
                             "interpretations", "text")}}


@dataclass
class Settings:
    max_objects: int = 2
    max_actions: int = 2              # actions in a searched sequence (plus a turn boundary)
    per_target: float = 20.0          # seconds for one bounded search at the full bounds
    timeout: float = 170.0            # the whole run (under 3 minutes, issue 34)
    solve_timeout: float = 20.0       # one situation
    boards_per_target: int = 2
    workers: int | None = None        # processes searching targets at once (None: one a core)
    write: Path | None = None
    text: str | None = None           # the pack's rules document (--text)
    cr: str | None = None             # the CR text, for sentences copied from it (--cr)
    scenarios: str | None = None      # where scenarios citing a text finding's rules are (--scenarios)
