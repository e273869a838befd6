"""The page server's questions to the engine: ask, why, legal, validate, rulings, each from a
scenario text handed over in a request, never a file, under the CLI's limits (2 MB scenario,
the `--timeout` budget), answered with the CLI's `--json` shapes.

One question is answered at a time (the engine's rule bases are shared, and each solve forks a
child given the time left); a question that cannot start within its time limit is refused as
busy. Scenario text reaches clingo only as facts, through the same path as the CLI
(`Game.load` -> `Game.facts` -> the backend API)."""
from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from ...core.base.errors import RulekeeperError, ScenarioError
from ...core.registry import select_game
from ...core.rules.packs import Pack, is_pack_path
from ...core.run.deadline import KEEP_DERIVATIONS, Deadline
from ...core.run.engine import AskResult, Engine
from ...core.source.located import Located
from ...core.source.source import MAX_BYTES, Source
from ...core.source.yamlsrc import load_yaml

PAGE_FILE = "scenario"          # the name a page's scenario goes by in messages
DEFAULT_TIMEOUT = 20.0          # the CLI's --timeout default


class Busy(RulekeeperError):
    """Another question is being answered and did not finish within this one's time limit."""

    kind = "busy"

    def __str__(self) -> str:
        return "another question is being answered: try again in a moment"


@dataclass(frozen=True)
class Limits:
    """What one request may ask for: the scenario's size (the CLI's 2 MB) and the time of an
    answer (at most the server's `--timeout`)."""

    timeout: float = DEFAULT_TIMEOUT
    scenario_bytes: int = MAX_BYTES

    def seconds(self, asked: float | None) -> float:
        """The time a request gets: what it asks for, never more than the server's limit."""
        return self.timeout if asked is None else max(0.1, min(float(asked), self.timeout))


class TextEngine(Engine):
    """The engine reading each scenario from the text a request gave (`given`), never from
    the file system; plug-in pack directories in `rules:` are refused (they would be read
    from disk). Card names come from the bundled library and the server's `--cards`."""

    def __init__(self, cards: list[Path] | tuple = (), plugins: list[Pack] | tuple = ()):
        super().__init__(cards=cards, plugins=plugins)
        self._texts: dict[str, str] = {}

    @contextmanager
    def given(self, name: str, text: str) -> Iterator[str]:
        self._texts[name] = text
        try:
            yield name
        finally:
            self._texts.pop(name, None)

    def load(self, path: str | Path, deadline: Deadline | None = None):
        name = str(path)
        if name not in self._texts:
            raise ScenarioError(name, None, "", "no scenario was given under this name")
        tick = deadline.check if deadline is not None else (lambda: None)
        text = self._texts[name]
        located = load_yaml(text, name, tick)
        _no_pack_paths(located)
        tick()
        source = Source(name, text, located, tuple(self.cards))
        return select_game(source).load(source, self.plugins, deadline)


def _no_pack_paths(located: Located) -> None:
    rules = located.data.get("rules") if isinstance(located.data, dict) else None
    for i, entry in enumerate(rules if isinstance(rules, list) else []):
        if isinstance(entry, str) and is_pack_path(entry):
            raise located.error(("rules", i), "plug-in pack directories are not read by the "
                                "page server (it reads no file a request names); use "
                                "`rulekeeper ask --pack-dir` for a plug-in pack")


class Service:
    """The questions the page and the JSON API ask, one at a time."""

    def __init__(self, engine: TextEngine, limits: Limits = Limits()):
        self.engine = engine
        self.limits = limits
        self._lock = threading.Lock()

    @contextmanager
    def _turn(self, seconds: float) -> Iterator[None]:
        if not self._lock.acquire(timeout=seconds):
            raise Busy()
        try:
            yield
        finally:
            self._lock.release()

    def _scenario(self, text: str) -> str:
        size = len(text.encode("utf-8"))
        if size > self.limits.scenario_bytes:
            raise ScenarioError(PAGE_FILE, None, "scenario", f"the scenario is too large "
                                f"({size:,} bytes; a scenario may have at most "
                                f"{self.limits.scenario_bytes:,} bytes)")
        return text

    def _run(self, text: str, timeout: float | None,
             work: Callable[[Deadline], Any]) -> Any:
        seconds = self.limits.seconds(timeout)
        deadline = Deadline(seconds, PAGE_FILE)
        text = self._scenario(text)
        with self._turn(seconds), self.engine.given(PAGE_FILE, text):
            deadline.check()
            return work(deadline)

    # -- the questions ---------------------------------------------------------------------
    def validate(self, text: str, timeout: float | None = None) -> dict[str, Any]:
        """The scenario checked as `ask` checks it: {"ok": true, "game": ...} or the error."""
        def work(deadline: Deadline) -> dict[str, Any]:
            scen = self.engine.load(PAGE_FILE, deadline)
            from ...core.registry import game_of
            return {"ok": True, "game": game_of(scen).name, "title": scen.title}
        return self._run(text, timeout, work)

    def ask(self, text: str, timeout: float | None = None, full: bool = False,
            atoms: bool = False) -> dict[str, Any]:
        """`ask --json` (`full`: `--full`); `atoms`: also each outcome's atoms, for pictures
        of the board after it (`outcome_atoms`, one list an outcome, in `list` order)."""
        def work(deadline: Deadline) -> dict[str, Any]:
            scen = self.engine.load(PAGE_FILE, deadline)
            answer = self.engine.answer(scen, explain=True, deadline=deadline,
                                        keep=KEEP_DERIVATIONS, needed=True)
            result = AskResult(scen, answer, self.engine.scenario_rules(scen))
            data = deadline.run(_ask_json, result, full)
            if atoms:
                data["outcome_atoms"] = [sorted(map(str, m)) for m in answer.models]
            data["file"] = None         # no file: the scenario came with the request
            return data
        return self._run(text, timeout, work)

    def why(self, text: str, atom: str, depth: int = 12,
            timeout: float | None = None) -> dict[str, Any]:
        """`why --json`: the derivation of `atom`, or why it does not hold."""
        def work(deadline: Deadline) -> dict[str, Any]:
            result = self.engine.why_result(PAGE_FILE, atom, depth=depth, deadline=deadline)
            return deadline.run(_why_json, result)
        return self._run(text, timeout, work)

    def legal(self, text: str, player: str | None = None,
              timeout: float | None = None) -> dict[str, Any]:
        """`legal --json`: {"not_understood", "reliable", "legal", "not_encoded"}."""
        from ..legal import legal_actions

        def work(deadline: Deadline) -> dict[str, Any]:
            atoms, notes, ignored = legal_actions(self.engine, PAGE_FILE, player,
                                                  deadline.seconds, deadline)
            return {"not_understood": [i.note() for i in ignored],
                    "reliable": not ignored and not notes, "legal": atoms, "not_encoded": notes}
        return self._run(text, timeout, work)

    def rulings(self, card: str, timeout: float | None = None) -> dict[str, Any]:
        """`rulings CARD --json` for a card of the library or the `--cards` sources (a name
        only: no card file is read from a request). Each probe is solved in a child given
        the time left; the time limit is checked between probes."""
        seconds = self.limits.seconds(timeout)
        deadline = Deadline(seconds, card[:80])
        if Path(card).suffix.lower() in (".yaml", ".yml"):
            raise ScenarioError(card[:80], None, "card", "give a card's name: the server reads "
                                "no card file a request names")
        from ..cardinput import resolve_card
        from ..probes import card_features
        from ..rulings import generate
        source = resolve_card(card, self.engine.cards)
        packs = ["mtg", "almos"] if "almos" in card_features(source.card) else ["mtg"]
        with self._turn(seconds), deadline.whole():
            return generate(self.engine, source, packs, deadline.left(),
                            lambda _probe: deadline.check()).as_json()


def _ask_json(result: AskResult, full: bool) -> dict[str, Any]:
    return result.as_json(full)


def _why_json(result: Any) -> dict[str, Any]:
    return result.as_json()
