"""The jobs of the batch commands on the batch engine (tools/batch.py): checking scenarios
(`test --workers`), and compiling a card file's cards by chunks (`cards stats --workers`,
`cards import --workers`). Each job's setup and work are module-level, so that both the local
pool and a Dask cluster can ship them."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, Iterable, Iterator

CHUNK = 200       # cards per item of `cards stats/import`: a worker's share, small to ship


# -- test ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CheckSetup:
    """A worker's engine for `test`: the plug-in packs (--pack-dir), the card sources
    (--cards), the --timeout of each scenario."""

    plugins: tuple = ()
    cards: tuple = ()
    timeout: float = 20.0

    def __call__(self) -> "Checker":
        from rulekeeper.bridge.core.run.engine import Engine
        engine = Engine(plugins=list(self.plugins), cards=list(self.cards))
        for packs in (["mtg"], ["mtg", "almos"]):      # parsed once per worker, not per file
            engine.rules(packs)
        return Checker(engine, self.timeout)


@dataclass
class Checker:
    engine: Any
    timeout: float


def check_file(checker: Checker, path: Path) -> dict[str, Any]:
    """One scenario's entry of the `test` report (runner.scenario_entry)."""
    from rulekeeper.bridge.tools.runner import scenario_entry
    return scenario_entry(checker.engine, path, checker.timeout)


def failed_entry(path: Path, error: dict[str, Any]) -> dict[str, Any]:
    """The report entry of a scenario whose check did not come back (a bug, a lost worker)."""
    return {"file": str(path), "status": "error", "message": f"{error['kind']}: "
            f"{error['message']}", "exit_code": error.get("exit_code", 2)}


# -- cards stats / import -----------------------------------------------------------------------
def chunks(cards: Iterable[dict], size: int = CHUNK) -> Iterator[list[dict]]:
    it = iter(cards)
    while chunk := list(islice(it, size)):
        yield chunk


@dataclass(frozen=True)
class Given:
    """A setup that builds nothing: the worker's state is this value (compiling Oracle text
    needs nothing beyond the grammar each process loads once)."""

    value: Any = None

    def __call__(self) -> Any:
        return self.value


def stats_chunk(_: Any, cards: list[dict]) -> Any:
    """The stats of a chunk of cards (cardimport's; the caller adds them up)."""
    from rulekeeper.bridge.tools.cardimport import stats_of
    return stats_of(cards)


def import_chunk(source: Path, cards: list[dict]) -> list[dict[str, Any]]:
    """Each card of the chunk compiled for `cards import` (the caller names and writes the
    files, in the file's order)."""
    from rulekeeper.bridge.tools.cardimport import compile_for_import
    return [compile_for_import(card, source) for card in cards]
