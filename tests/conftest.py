"""Shared fixtures. Tests use only this repository: never ../shared."""
from __future__ import annotations

import os
import tempfile
import zlib
from pathlib import Path

import pytest

# The rule-base cache of the test run lives in a fresh directory (inherited by the commands the
# tests start), never in the user's cache.
os.environ["RULEKEEPER_CACHE_DIR"] = tempfile.mkdtemp(prefix="rulekeeper-test-cache-")
os.environ.pop("RULEKEEPER_NO_CACHE", None)
os.environ["RULEKEEPER_WORKERS"] = "1"     # --workers by default: one, in-process, as the
                                          # suite was written (a test names its workers)

from rulekeeper.bridge.core.run.engine import Engine
from scenario_index import shared_engine

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "scenarios"


@pytest.fixture(scope="session")
def engine() -> Engine:
    return shared_engine()


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """A fresh cache directory, with caching on (RULEKEEPER_CACHE_DIR), never the user's."""
    where = tmp_path / "cache"
    monkeypatch.setenv("RULEKEEPER_CACHE_DIR", str(where))
    monkeypatch.delenv("RULEKEEPER_NO_CACHE", raising=False)
    # an installed wheel's seed (setup.py) would answer a miss: these tests are about the folder
    monkeypatch.setenv("RULEKEEPER_NO_SEED", "1")
    return where


# The quick subset (`pytest -m "not slow"`, README): every module below is whole-suite work
# (the mutation sweep, fuzzing, the browser, process pools and clusters, signals, every scenario
# in every mode, the consistency searches, the rulings probes), from the fresh-clone CI run's
# `--durations=0` (session 12: these modules are 60% of the suite's time). The quick subset
# keeps the CLI, the unit tests and one bundled scenario in QUICK_SCENARIOS (a fixed sample by
# a hash of the file's path, so every folder is likely represented and the choice is stable);
# the whole suite runs them all.
SLOW_MODULES = frozenset({
    "test_rules_exercised",
    "test_fuzz",
    "test_fuzz_surfaces",
    "test_altered_fuzz",
    "test_web_browser",
    "test_batch",
    "test_batch_commands",
    "test_rulings_all",
    "test_rulings_eval",
    "test_consistency_search",
    "test_signals",
    "test_own_process",
    "test_witness_modes",
    "test_layers_imports",
    "test_cache_integrity",
    "test_consistency",
    "test_consistency_clockwork",
    "test_consistency_harbor",
    "test_consistency_text",
    "test_rulings",
    "test_coverage_graph",
    "test_pack_faults",
    "test_answers",
    "test_explain_focus",
    "test_symmetry",
    "test_scryfall_cards",
    "test_relevance",
    "test_turn_and_stack",
})
QUICK_SCENARIOS = 10


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.stem in SLOW_MODULES or _unsampled_scenario(item):
            item.add_marker(pytest.mark.slow)


def _unsampled_scenario(item: pytest.Item) -> bool:
    if item.path.stem != "test_scenarios" or "[" not in item.nodeid:
        return False
    scenario = item.nodeid.split("[", 1)[1].split("::", 1)[0]
    return zlib.crc32(scenario.encode()) % QUICK_SCENARIOS != 0
