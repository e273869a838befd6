"""The batch options of `test`, `cards stats` and `cards import`: `--workers 2` gives what one
worker gives (same report, same order, same files); `test --jsonl` streams one line per
scenario then the totals, and `--json` keeps its shape."""
from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from rulekeeper.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = [str(ROOT / "scenarios/mtg/704-state-based-actions/704.5g-lethal-damage.yaml"),
          str(ROOT / "scenarios/mtg/704-state-based-actions/704.5g-indestructible-survives-lethal.yaml"),
          str(ROOT / "tests/fixtures/scryfall/cards.json")]      # not a scenario: bad input
CARDS = str(ROOT / "tests/fixtures/scryfall/cards.json")


def _run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_test_on_two_workers_reports_what_one_worker_does():
    one = _run("test", *SAMPLE, "--json")
    two = _run("test", *SAMPLE, "--json", "--workers", "2")
    assert one.exit_code == two.exit_code == 2
    assert json.loads(one.output) == json.loads(two.output)
    report = json.loads(two.output)
    assert [s["file"] for s in report["scenarios"]] == SAMPLE
    assert (report["passed"], report["bad_input"]) == (2, 1)
    text_one = _run("test", *SAMPLE).output
    assert _run("test", *SAMPLE, "--workers", "2").output == text_one


def test_test_jsonl_streams_each_scenario_then_the_totals():
    result = _run("test", *SAMPLE[:2], "--jsonl", "--workers", "2")
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [line.get("file") for line in lines[:2]] == SAMPLE[:2]
    assert lines[-1] == {"passed": 2, "failed": 0, "bad_input": 0, "exit_code": 0}
    assert result.exit_code == 0


def test_cards_stats_and_import_on_two_workers_equal_one(tmp_path):
    one = json.loads(_run("cards", "stats", CARDS, "--json").output)
    two = json.loads(_run("cards", "stats", CARDS, "--json", "--workers", "2").output)
    assert one == two and one["cards"] == 78
    a = json.loads(_run("cards", "import", CARDS, "--into", str(tmp_path / "a"), "--json").output)
    b = json.loads(_run("cards", "import", CARDS, "--into", str(tmp_path / "b"), "--json",
                        "--workers", "2").output)
    names = lambda files: [Path(f).name for f in files]     # noqa: E731
    assert names(a["files"]) == names(b["files"]) and a["written"] == b["written"] > 0
    for name in names(a["files"]):
        assert (tmp_path / "a" / name).read_text() == (tmp_path / "b" / name).read_text()


def test_workers_default_to_the_cpu_count_and_never_exceed_the_items(monkeypatch):
    from rulekeeper.cli.batchopt import workers_for
    monkeypatch.delenv("RULEKEEPER_WORKERS", raising=False)
    cpus = os.cpu_count() or 1
    assert workers_for(None) == cpus
    assert workers_for(None, 1) == 1                    # one scenario: no pool
    assert workers_for(3) == 3 and workers_for(3, 2) == 2
    monkeypatch.setenv("RULEKEEPER_WORKERS", "5")       # the suite's way to keep one
    assert workers_for(None) == 5 and workers_for(2) == 2
    monkeypatch.setenv("RULEKEEPER_WORKERS", "many")
    assert workers_for(None) == cpus


def test_cards_stats_on_workers_keeps_its_timeout(tmp_path):
    pool = tmp_path / "pool.json"
    card = json.loads(Path(CARDS).read_text(encoding="utf-8"))["data"][0]
    pool.write_text(json.dumps([card] * 3000), encoding="utf-8")
    result = CliRunner().invoke(main, ["cards", "stats", str(pool), "--workers", "2",
                                       "--timeout", "0.1", "--json"])
    assert result.exit_code == 2, result.output
    assert "0.1" in result.output or "time" in result.output
