"""Scryfall card files -> card YAML files (`cards import`) and compiled-share counts (`cards stats`).

Both stream the file (bridge/cards/scryfall.py) and compile each card once (bridge/cards/sources.py:
compiled_yaml); neither keeps more than one card in memory besides the counts.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

import yaml

from ..cards.scryfall import Progress, card_names, read_cards
from ..cards.oracle.vocabulary import OUT_OF_SCOPE
from ..cards.sources import compiled_yaml, slug
from ..core.base.errors import ScenarioError
from ..games.mtg.cards import parse_card_map
from ..core.base.safeio import prepare_folder, write_file

STATUSES = ("full", "partial", "none")


@dataclass
class ImportReport:
    into: str
    counts: Counter = field(default_factory=Counter)
    files: list[str] = field(default_factory=list)
    invalid: list[dict[str, str]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"into": self.into, "written": len(self.files),
                **{s: self.counts[s] for s in STATUSES}, "files": self.files,
                "invalid": self.invalid}


def import_cards(source: Path, into: Path, progress: Progress | None = None,
                 check: Callable[[], None] | None = None) -> ImportReport:
    """Write each card of `source` as a card YAML file in `into` (one a card, named by slug;
    an existing file of the same name is replaced, a symlink there too: never followed). A card
    object the reader or the card format refuses, or whose file cannot be written, is listed in
    `invalid`, not written. The folder is made (and proved writable) before any card is read."""
    prepare_folder(into, "--into")
    report = ImportReport(str(into))

    def refused(err: ScenarioError) -> None:
        report.invalid.append({"name": err.field or "?", "error": err.message_text()})

    cards = read_cards(source, progress, check=check, skip=refused)
    return write_imported(into, (compile_for_import(card, source) for card in cards), report)


def compile_for_import(card: dict, source: Path) -> dict[str, Any]:
    """A card compiled for `cards import`: its name, status and file text, or the card
    format's refusal (`error`)."""
    data, result = compiled_yaml(card)
    try:
        parse_card_map(data, f"{source} ({card['name']})", key=card["name"])
    except ScenarioError as err:
        return {"name": card["name"], "error": err.message_text()}
    return {"name": card["name"], "status": result.status,
            "text": card_file_text(data, card, source)}


def write_imported(into: Path, compiled: Iterable[dict[str, Any]],
                   report: ImportReport | None = None) -> ImportReport:
    """Write the compiled cards (compile_for_import's, in the file's order) into `into`, each
    through the safe write (temporary file and rename, never through a symlink)."""
    prepare_folder(into, "--into")
    report = ImportReport(str(into)) if report is None else report
    taken: set[str] = set()
    for card in compiled:
        if "error" in card:
            report.invalid.append({"name": card["name"], "error": card["error"]})
            continue
        name = _free_name(slug(card["name"]), taken)
        try:
            path = write_file(into, f"{name}.yaml", card["text"], field="--into")
        except ScenarioError as err:
            report.invalid.append({"name": card["name"], "error": err.message_text()})
            continue
        taken.add(name)
        report.counts[card["status"]] += 1
        report.files.append(str(path))
    return report


def _free_name(name: str, taken: set[str]) -> str:
    stem, n = name, 2
    while name in taken:
        name, n = f"{stem}-{n}", n + 1
    return name


def card_file_text(data: dict, card: dict, source: Path) -> str:
    """The YAML file of an imported card: a comment with its origin and Oracle text, then the
    card (its `not_understood` lines are what answers about it ignore)."""
    texts = [card.get("oracle_text") or ""] + [f.get("oracle_text") or ""
                                                for f in card.get("card_faces") or []]
    lines = [f"# Imported from {source.name} by `rulekeeper cards import`. Oracle text:"]
    lines += [f"#   {line}" for text in texts for line in text.split("\n") if line]
    return "\n".join(lines) + "\n" + yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


# -- stats ---------------------------------------------------------------------------------------
NUMBER = re.compile(r"(?<![\w{])[+\-−]?\d+(?![\w}])")
MANA_NUMBER = re.compile(r"\{\d+\}")
PT = re.compile(r"[+\-−]\d+/[+\-−]\d+|\b\d+/\d+\b")
NUMBER_WORDS = re.compile(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|twenty)\b")
REMINDER = re.compile(r"\s*\([^()]*\)")


def template(line: str, names: list[str]) -> str:
    """A line with the card's own names as `~` and numbers as N, so lines that differ only in
    them count as one template: "Shock deals 2 damage to any target." -> "~ deals N damage to
    any target."."""
    text = REMINDER.sub("", line).strip()
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "~")
    text = PT.sub(lambda m: "+N/+N" if m.group(0)[0] in "+-−" else "N/N", text)
    text = MANA_NUMBER.sub("{N}", text)
    text = NUMBER.sub("N", text)
    return NUMBER_WORDS.sub("N", text)


@dataclass
class Stats:
    source: str
    counts: Counter = field(default_factory=Counter)
    lines: int = 0
    lines_compiled: int = 0
    templates: Counter = field(default_factory=Counter)
    invalid: int = 0
    # not understood because out of scope (a digital-only or Un-set mechanic, the reason says):
    # counted, but no template to work on, so not listed among the templates
    out_of_scope: int = 0

    def add(self, other: "Stats") -> None:
        """Count `other`'s cards too."""
        self.counts += other.counts
        self.lines += other.lines
        self.lines_compiled += other.lines_compiled
        self.templates += other.templates
        self.invalid += other.invalid
        self.out_of_scope += other.out_of_scope

    @property
    def cards(self) -> int:
        return sum(self.counts.values())

    def share(self, status: str = "full") -> float:
        return 100.0 * self.counts[status] / self.cards if self.cards else 0.0

    def as_json(self, top: int) -> dict[str, Any]:
        return {"file": self.source, "cards": self.cards,
                **{s: self.counts[s] for s in STATUSES},
                "share_full": round(self.share("full"), 1), "invalid": self.invalid,
                "lines": self.lines, "lines_compiled": self.lines_compiled,
                "lines_out_of_scope": self.out_of_scope,
                "not_understood_templates": [{"template": t, "count": c}
                                             for t, c in self.templates.most_common(top)]}

    def text(self, top: int) -> str:
        out = [f"{self.cards} cards in {self.source}: "
               + ", ".join(f"{self.counts[s]} {label} ({self.share(s):.1f}%)" for s, label in
                           (("full", "compiled fully"), ("partial", "partly"),
                            ("none", "not at all")))
               + (f"; {self.invalid} not usable card objects" if self.invalid else ""),
               f"Oracle lines: {self.lines}, compiled {self.lines_compiled}"
               + (f" ({100.0 * self.lines_compiled / self.lines:.1f}%)" if self.lines else "")
               + (f"; {self.out_of_scope} not understood as out of scope (digital-only or Un-set "
                  "mechanics)" if self.out_of_scope else "")]
        if self.templates:
            out.append("Most common templates not understood (~ = the card's name, N = a number):")
            out += [f"  {c:6d}  {t}" for t, c in self.templates.most_common(top)]
        return "\n".join(out)


def card_stats(source: Path, progress: Progress | None = None,
               check: Callable[[], None] | None = None) -> Stats:
    """How many cards of `source` compile fully, partly, not at all (and how many card objects
    are not usable cards: `invalid`), and the not-understood lines by template."""
    refused: list[ScenarioError] = []
    stats = stats_of(read_cards(source, progress, check=check, skip=refused.append),
                     str(source))
    stats.invalid += len(refused)
    return stats


def stats_of(cards: Iterable[dict], source: str = "") -> Stats:
    """The counts of `cards stats` over any Scryfall card objects: a whole file, or one chunk
    of it (the Stats of chunks add up with `add`); bench/corpus.py calls it on a pool."""
    stats = Stats(source)
    for card in cards:
        _, result = compiled_yaml(card)
        stats.counts[result.status] += 1
        names = card_names(card)
        for line in result.lines:
            stats.lines += 1
            if line.status == "compiled":
                stats.lines_compiled += 1
            elif (line.reason or "").startswith(OUT_OF_SCOPE):
                stats.out_of_scope += 1
            else:
                stats.templates[template(line.text, names)] += 1
    return stats
