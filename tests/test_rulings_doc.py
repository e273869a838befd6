"""docs/rulings-seed003.md and scenarios/rulings/ agree: every ruling scenario is listed on the
page, and every scenario the page names exists."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "rulings-seed003.md"
FOLDER = ROOT / "scenarios" / "rulings"


def _named() -> set[str]:
    return set(re.findall(r"`(r\d\d[a-z]?-[a-z0-9-]+)`", PAGE.read_text(encoding="utf-8")))


def test_every_ruling_scenario_is_listed():
    files = {p.stem for p in FOLDER.glob("*.yaml")}
    assert files, "no scenario under scenarios/rulings"
    assert not files - _named(), f"scenarios missing from {PAGE.name}: {sorted(files - _named())}"


def test_every_listed_scenario_exists():
    files = {p.stem for p in FOLDER.glob("*.yaml")}
    assert not _named() - files, f"{PAGE.name} names missing scenarios: {sorted(_named() - files)}"
