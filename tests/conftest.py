"""Shared fixtures. Tests use only this repository: never ../shared."""
from __future__ import annotations

import os
import tempfile
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
    return where
