"""Keyword lines whose meaning depends on the other lines of the face.

702.165a, backup: "Backup N" grants the non-backup abilities printed below it. The card format
can grant only keywords without parameters (bridge/games/mtg/keywords.py check_backup), so a
backup line compiles only on a face whose other lines are all compiled keyword lines, those below
it bare keywords; otherwise it is not understood (session 15, kw31).

702.155b, read ahead: the choice goes from one to the Saga's final chapter number, read from its
chapter abilities: with a chapter line not understood that number would be wrong, so the read
ahead line is then not understood too (session 16, kw31)."""
from __future__ import annotations

import re
from typing import Any

REASON = ("backup (702.165a) grants the abilities printed below it; only a card whose other "
          "lines are keywords without parameters below it has a form")


READ_AHEAD_REASON = ("read ahead (702.155b) chooses among the Saga's chapters; a chapter line of "
                     "this Saga is not understood, so its final chapter number is not known")
CHAPTER_LINE = re.compile(r"^[IVX]+(, [IVX]+)* —")


def _keywords(line: Any) -> list | None:
    """The keyword items of a compiled keyword line, None for any other line."""
    if line.status != "compiled" or not isinstance(line.fragment, dict) \
            or set(line.fragment) != {"keywords"}:
        return None
    return list(line.fragment["keywords"])


def _is_backup(item: Any) -> bool:
    return isinstance(item, dict) and "backup" in item


def check_backup_lines(lines: list) -> None:
    """Mark the face's backup lines not understood when what is below them can't be granted (and
    its read ahead line when a chapter line is not understood)."""
    check_read_ahead_lines(lines)
    found = [i for i, ln in enumerate(lines) if any(_is_backup(k) for k in _keywords(ln) or [])]
    if not found:
        return
    first = found[0]
    fine = all(_keywords(ln) is not None for ln in lines) and all(
        isinstance(k, str) or _is_backup(k) for ln in lines[first:] for k in _keywords(ln) or [])
    if fine:
        return
    for i in found:
        line = lines[i]
        line.status, line.reason, line.piece, line.fragment = "not_understood", REASON, None, None


def check_read_ahead_lines(lines: list) -> None:
    """Mark the face's read ahead line not understood when a chapter line is not understood."""
    found = [ln for ln in lines if "read_ahead" in (_keywords(ln) or [])]
    if found and any(CHAPTER_LINE.match(ln.text) and ln.status != "compiled" for ln in lines):
        for line in found:
            line.status, line.reason, line.piece, line.fragment = ("not_understood", READ_AHEAD_REASON,
                                                                    None, None)
