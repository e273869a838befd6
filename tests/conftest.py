"""Shared fixtures. Tests use only this repository: never ../shared."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.bridge.engine import Engine
from scenario_index import shared_engine

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "scenarios"


@pytest.fixture(scope="session")
def engine() -> Engine:
    return shared_engine()
