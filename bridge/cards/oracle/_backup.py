"""702.165a, backup across the lines of a face: "Backup N" grants the non-backup abilities printed
below it. The card format can grant only keywords without parameters (bridge/games/mtg/keywords.py
check_backup), so a backup line compiles only on a face whose other lines are all compiled
keyword lines, those below it bare keywords; otherwise it is not understood (session 15, kw31)."""
from __future__ import annotations

from typing import Any

REASON = ("backup (702.165a) grants the abilities printed below it; only a card whose other "
          "lines are keywords without parameters below it has a form")


def _keywords(line: Any) -> list | None:
    """The keyword items of a compiled keyword line, None for any other line."""
    if line.status != "compiled" or not isinstance(line.fragment, dict) \
            or set(line.fragment) != {"keywords"}:
        return None
    return list(line.fragment["keywords"])


def _is_backup(item: Any) -> bool:
    return isinstance(item, dict) and "backup" in item


def check_backup_lines(lines: list) -> None:
    """Mark the face's backup lines not understood when what is below them can't be granted."""
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
