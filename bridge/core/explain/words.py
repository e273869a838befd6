"""Words every game's ruling shares: a sentence with its deciding rules, and the warnings said
before an answer."""
from __future__ import annotations

from .cite import Citation

__all__ = ["warning_lines", "with_citations"]


def with_citations(text: str, found: list[Citation]) -> str:
    if not found:
        return text + "."
    return f"{text} [{'; '.join(c.text() for c in found)}]."


def warning_lines(notes: list[str], remarks: list[str] = ()) -> list[str]:
    """What the answer could not take into account, and values of the scenario the rules set
    aside, said before the answer itself."""
    lines = []
    if notes:
        lines += ["WARNING: the answer may be wrong or incomplete; it leaves out:"]
        lines += [f"  ! {n}" for n in notes]
    if remarks:
        lines += ["Note: the rules set aside part of the scenario:"] + [f"  - {r}" for r in remarks]
    return lines
