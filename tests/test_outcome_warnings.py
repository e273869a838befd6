"""An effect that reached a library's unnamed cards (401.2) is said before the answer: in
ask's text and in --json's warnings, never only as an event among the outcomes."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from rulekeeper.cli.main import main

ROOT = Path(__file__).resolve().parent.parent / "scenarios" / "mtg" / "701-keyword-actions"


def test_unnamed_library_top_is_warned_at_the_top() -> None:
    path = str(ROOT / "701.44a-explore-unnamed-top-warned.yaml")
    text = CliRunner().invoke(main, ["ask", path])
    assert text.exit_code == 0, text.output
    head = text.output.split("\n", 3)
    assert head[1].startswith("WARNING") and "unnamed library cards" in head[2]
    data = json.loads(CliRunner().invoke(main, ["ask", "--json", path]).output)
    assert any("explore (701.44a) reached alice's unnamed" in w for w in data["warnings"])


def test_named_library_top_has_no_such_warning() -> None:
    data = json.loads(CliRunner().invoke(main, ["ask", "--json",
                                                str(ROOT / "701.44a-explore-land.yaml")]).output)
    assert not [w for w in data["warnings"] if "unnamed" in w]
