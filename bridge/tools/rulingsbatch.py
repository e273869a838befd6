"""`rulekeeper rulings --all FILE.json`: the rulings of every card of a Scryfall card file, on the
batch engine (tools/batch.py), written as JSON Lines with an index, resumable (docs/batch.md).

Output folder:
- `rulings.jsonl`: one line per card, in the card file's order: `index` (the card's position
  in the file), `name`, `status` ("ok" or "error"), then on "ok" exactly what `rulekeeper
  rulings NAME --cards FILE.json --json` prints for it, plus `not_understood` (its Oracle lines
  not understood, which the rulings ignore), `seconds` and `cpu_seconds` (the worker's, its
  solving children's included); on "error" the `error` ({"kind", "message", ...}).
- `index.json`: the run's key (the card file's SHA-256, the rule base's key, the packs), whether
  it is complete, and per card its index, name, status and byte offset in `rulings.jsonl`.

Each line is written whole (one write, Ctrl-C held off while it is written) and synced to disk
before the next. `--resume` keeps the lines of a run with the same key, drops a trailing
partial line (a crash mid-write), and computes only the cards not written yet; with another
key (the card file or the rule base changed) every card is computed again.
"""
from __future__ import annotations

import hashlib
import json
import os
import resource
import signal
import stat
import time
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from rulekeeper.bridge.tools.cardinput import CardSource
from rulekeeper.bridge.tools.ruleindex import rule_index
from rulekeeper.bridge.games.mtg.cards import parse_card_map
from rulekeeper.bridge.cards.sources import compiled_yaml
from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.core.base.errors import ScenarioError
from rulekeeper.bridge.cards.scryfall import MAX_FILE, read_cards
from rulekeeper.bridge.core.base.safeio import (
    Refused, kind, os_error_reason, open_stream, prepare_folder, read_bytes, write_file)

LINES = "rulings.jsonl"
MAX_LINES_FILE = 16 * 1024 ** 3      # the lines file of a whole pool is well under 1 GB
INDEX = "index.json"
FORMAT = 1
PACK_SETS = (("mtg",), ("mtg", "almos"))


# -- the work of one card, in a worker ----------------------------------------------------------
@dataclass(frozen=True)
class RulingsSetup:
    """Builds a worker's state: its engine with both rule bases parsed and prepared, and their
    rule indexes (tools/ruleindex.py: built, or read from the rule cache, once here)."""

    origin: str                    # the card file as the user named it
    packs: tuple[str, ...] = ()    # --rules (empty: mtg, and almos for an Almos card)
    timeout: float = 20.0          # seconds per probe, as `rulings CARD --timeout`

    def __call__(self) -> "RulingsWorker":
        from rulekeeper.bridge.core.solve.solve import prepare_explanations
        worker = RulingsWorker(Engine(), self)
        for packs in PACK_SETS:
            rules = worker.engine.rules(list(packs))
            prepare_explanations(rules)
            rule_index(rules)           # kept on the rule base for every card of this worker
        return worker


@dataclass
class RulingsWorker:
    """A worker's engine (its rule bases parsed once, each with its rule index)."""

    engine: Engine
    setup: RulingsSetup


def chosen_packs(given: tuple[str, ...], source: CardSource) -> list[str]:
    """The packs given, mtg always; by default mtg, and almos for a card with Almos features
    (as `rulings CARD`)."""
    from rulekeeper.bridge.tools.probes import card_features
    wanted = set(given) or ({"mtg", "almos"} if "almos" in card_features(source.card) else {"mtg"})
    return [p for p in ("mtg", "almos") if p in wanted or p == "mtg"]


def card_source(card: dict[str, Any], origin: str) -> CardSource:
    """A Scryfall card as `rulings NAME --cards FILE` reads it (same data, same origin)."""
    data, _ = compiled_yaml(card)
    where = f"{origin} ({card['name']})"
    parsed = parse_card_map(data, where, key=card["name"])
    return CardSource(parsed.name or card["name"], dict(data), parsed, where)


def card_line(worker: RulingsWorker, item: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    """One card's line (without its timing: `timed` adds it)."""
    from rulekeeper.bridge.tools.rulings import generate
    index, card = item
    source = card_source(card, worker.setup.origin)
    packs = chosen_packs(worker.setup.packs, source)
    report = generate(worker.engine, source, packs, worker.setup.timeout)
    return {"index": index, "name": card["name"], "status": "ok", **report.as_json()}


def cpu_now() -> float:
    """CPU seconds of this process and of its children that have ended (the solver's)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), \
        resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed_card_line(worker: RulingsWorker, item: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    began, cpu = time.perf_counter(), cpu_now()
    line = card_line(worker, item)
    line["seconds"] = round(time.perf_counter() - began, 3)
    line["cpu_seconds"] = round(cpu_now() - cpu, 3)
    return line


# -- the run's key -------------------------------------------------------------------------------
def file_digest(path: Path) -> str:
    """The card file's digest, read through the bounded input path: a FIFO or a device (which
    would block or never end) is refused with exit 2, like every other card file read."""
    digest = hashlib.sha256()
    try:
        with open_stream(path, MAX_FILE, field="--all", what="card file") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
    except OSError as exc:
        raise ScenarioError(str(path), None, "", f"cannot read the card file: {exc}") from None
    return digest.hexdigest()


def rules_key(engine: Engine) -> str:
    """What the rulings depend on besides the card: the rule bases (their cache keys cover the
    rule files, the package version and clingo's) and the probe library."""
    from rulekeeper.bridge.tools.probes import PROBE_DIR
    digest = hashlib.sha256()
    for packs in PACK_SETS:
        digest.update(engine.rules(list(packs)).cache_key.encode())
    for path in sorted(PROBE_DIR.glob("*.yaml")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def run_key(path: Path, packs: tuple[str, ...], engine: Engine) -> dict[str, Any]:
    return {"input_sha256": file_digest(path), "rules_key": rules_key(engine),
            "packs": sorted(packs)}


# -- the output files ----------------------------------------------------------------------------
@contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C (SIGINT) and SIGTERM wait until the body is done: a line is never half written."""
    held = {signal.SIGINT, signal.SIGTERM}
    old = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class LinesFile:
    """The JSON Lines file, appended to one whole line at a time, each synced to disk."""

    def __init__(self, path: Path, keep: int):
        """Open `path` for appending, its first `keep` bytes kept (the rest dropped). A symlink
        there is never written through, nor a FIFO or a device written to (exit 2)."""
        flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            self.fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o644)
        except OSError as exc:
            raise ScenarioError(str(path), None, "--out", "cannot write the lines file: "
                                f"{os_error_reason(exc)}") from None
        info = os.fstat(self.fd)
        if not stat.S_ISREG(info.st_mode):
            os.close(self.fd)
            raise ScenarioError(str(path), None, "--out", "cannot write the lines file: it is "
                                f"{kind(info.st_mode)}, not a regular file")
        os.set_blocking(self.fd, True)
        os.ftruncate(self.fd, keep)
        os.lseek(self.fd, keep, os.SEEK_SET)
        self.offset = keep

    def write(self, record: dict[str, Any]) -> int:
        """Append `record` as one line; its byte offset."""
        data = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
        at = self.offset
        with signals_held():
            view = memoryview(data)
            while view:
                view = view[os.write(self.fd, view):]
            os.fsync(self.fd)
        self.offset += len(data)
        return at

    def close(self) -> None:
        os.close(self.fd)


def read_lines(path: Path) -> tuple[list[dict[str, Any]], int]:
    """The whole lines of a JSON Lines file (each with its byte offset) and the byte length
    they take: a trailing partial or unreadable line is not counted (it will be dropped)."""
    if not os.path.lexists(path):
        return [], 0
    try:
        data = read_bytes(path, MAX_LINES_FILE, follow=False)
    except Refused as exc:
        raise ScenarioError(str(path), None, "--out", f"cannot read the lines file: {exc}") from None
    entries, at = [], 0
    while True:
        end = data.find(b"\n", at)
        if end < 0:
            break
        try:
            record = json.loads(data[at:end])
        except ValueError:
            break
        if not isinstance(record, dict) or not isinstance(record.get("index"), int):
            break
        entries.append({"index": record["index"], "name": record.get("name"),
                        "status": record.get("status"), "offset": at})
        at = end + 1
    return entries, at


def write_index(out: Path, data: dict[str, Any]) -> None:
    """The index, written through a temporary file renamed into place (a reader sees the old
    index or the new one; a symlink there is replaced, never followed: safeio.write_file)."""
    write_file(out, INDEX, json.dumps(data, indent=1, ensure_ascii=False) + "\n", field="--out")


def read_index(out: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(read_bytes(out / INDEX, MAX_LINES_FILE, follow=False).decode("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


# -- the run -------------------------------------------------------------------------------------
@dataclass
class RunState:
    """What a run starts from: the lines already written and kept, and what it says."""

    key: dict[str, Any]
    done: dict[int, str] = field(default_factory=dict)    # index -> name, already written
    keep: int = 0                                          # bytes of the lines file kept
    note: str = ""


def start(out: Path, key: dict[str, Any], resume: bool) -> RunState:
    """The lines a run keeps: with `resume` and the same key, the whole lines written before;
    else none (the card file or the rule base changed, or no resume asked)."""
    state = RunState(key)
    if not resume:
        return state
    before = read_index(out)
    if before is None or {k: before.get(k) for k in key} != key:
        state.note = ("nothing to resume" if before is None else
                      "the card file or the rule base changed since the last run: every card "
                      "is computed again")
        return state
    entries, state.keep = read_lines(out / LINES)
    state.done = {e["index"]: e["name"] for e in entries}
    state.note = f"resuming: {len(state.done)} cards already written"
    return state


def pending_cards(path: Path, done: dict[int, str], limit: int | None
                  ) -> Iterator[tuple[int, dict[str, Any]]]:
    for index, card in enumerate(read_cards(path)):
        if limit is not None and index >= limit:
            return
        if index in done:        # same card file (its digest is the run's key): same card
            continue
        yield index, card


def count_cards(path: Path, limit: int | None) -> int:
    total = 0
    for _ in read_cards(path):
        total += 1
        if limit is not None and total >= limit:
            break
    return total


def error_line(outcome: Any) -> dict[str, Any]:
    index, card = outcome.item
    return {"index": index, "name": card.get("name"), "status": "error", "error": outcome.error,
            "seconds": round(outcome.seconds, 3)}


def finish(out: Path, key: dict[str, Any], path: Path, total: int, complete: bool) -> dict:
    """The index of what the lines file holds now (written atomically); its summary."""
    entries, _ = read_lines(out / LINES)
    entries.sort(key=lambda e: e["index"])
    ok = sum(1 for e in entries if e["status"] == "ok")
    data = {"format": FORMAT, **key, "input": str(path), "lines": LINES, "cards": total,
            "written": len(entries), "ok": ok, "failed": len(entries) - ok,
            "complete": complete and {e["index"] for e in entries} >= set(range(total)),
            "entries": entries}
    write_index(out, data)
    return {k: v for k, v in data.items() if k != "entries"}


def run_all(path: Path, out: Path, executor: Any, setup: RulingsSetup, limit: int | None,
            resume: bool, progress: Callable[[int, int], Callable[[], None]] | None = None,
            note: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Write the rulings of every card of `path` (the first `limit`) into `out`; the index's
    summary. KeyboardInterrupt leaves whole lines and an index saying what is done. Each
    probe's solving is bounded by the setup's timeout (a probe past it is recorded in the
    card's `skipped` as not decided), so a card is bounded too; the card's own work starts
    solving children, so it runs in the worker itself (no per-item fork)."""
    from rulekeeper.bridge.tools.batch import Job
    prepare_folder(out, "--out")
    key = run_key(path, setup.packs, Engine())
    state = start(out, key, resume)
    if state.note:
        note(state.note)
    total = count_cards(path, limit)
    write_index(out, {"format": FORMAT, **key, "input": str(path), "lines": LINES,
                      "cards": total, "complete": False, "entries": []})
    lines = LinesFile(out / LINES, state.keep)
    tick = progress(total, len(state.done)) if progress else (lambda: None)
    complete = False
    try:
        job = Job(setup, timed_card_line, name=str(path))
        with closing(executor.run(job, pending_cards(path, state.done, limit))) as outcomes:
            for outcome in outcomes:
                lines.write(outcome.value if outcome.ok else error_line(outcome))
                tick()
        complete = True
    finally:
        lines.close()
        summary = finish(out, key, path, total, complete)
    return summary
