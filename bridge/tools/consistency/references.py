"""Each finding on a rules text with a witness or a text reference (issue 34): where the text
says it (`RULES.txt:LINE`, for every rule number of the finding) and the scenarios that pin
what was decided for those rules (those whose title or description cites one of them)."""
from __future__ import annotations

from pathlib import Path

from ..coverage import scenario_citations
from .report import Finding
from .text import TextRule

MAX_SCENARIOS = 4


def scenario_root(pack, given: str | Path | None) -> Path | None:
    """Where the pack's scenarios are: `--scenarios`, else the pack's own `scenarios/`, else
    (a bundled pack in a source checkout) the project's `scenarios/<pack>`."""
    if given is not None:
        return Path(given)
    own = Path(pack.root) / "scenarios"
    if own.is_dir():
        return own
    if pack.bundled:
        from ....rules_asp import RULES_DIR
        project = RULES_DIR.parent / "scenarios" / pack.name
        if project.is_dir():
            return project
    return None


def attach(findings: list[Finding], rules: list[TextRule], text_path: str | Path,
           root: Path | None) -> None:
    """`where` (text references) and `paths` (citing scenarios) of each text finding."""
    lines = {r.number: r.line for r in rules}
    cites = scenario_citations(root) if root is not None else {}
    for f in findings:
        f.details["where"] = [f"{text_path}:{lines[n]}" for n in f.rules if n in lines]
        citing = {p for n in f.rules for p in cites.get(n, ())}
        f.paths = sorted(citing, key=lambda p: _rank(p, f.rules))[:MAX_SCENARIOS]


def _rank(path: str, numbers: list[str]) -> tuple:
    """Scenarios named after the finding's rule first, those pinning a reading next."""
    name = Path(path).name
    return (not any(name.startswith(n + "-") for n in numbers), "reading" not in name, name)
