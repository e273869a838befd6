"""Scryfall card files -> card YAML files (`cards import`) and compiled-share counts (`cards stats`).

Both stream the file (bridge/cards/scryfall.py) and compile each card once (bridge/cards/sources.py:
compiled_yaml); neither keeps more than one card in memory besides the counts.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import yaml

from ..cards.scryfall import Progress, card_names, read_cards
from ..cards.sources import compiled_yaml, slug
from ..core.base.errors import ScenarioError
from ..games.mtg.cards import parse_card_map

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


def import_cards(source: Path, into: Path, progress: Progress | None = None) -> ImportReport:
    """Write each card of `source` as a card YAML file in `into` (one a card, named by slug;
    an existing file of the same name is replaced). A card whose compiled form the card format
    refuses is listed in `invalid`, not written."""
    try:
        into.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ScenarioError(str(into), None, "--into", f"cannot make the folder: {exc}") from None
    report = ImportReport(str(into))
    taken: set[str] = set()
    for card in read_cards(source, progress):
        data, result = compiled_yaml(card)
        try:
            parse_card_map(data, f"{source} ({card['name']})", key=card["name"])
        except ScenarioError as err:
            report.invalid.append({"name": card["name"], "error": err.message_text()})
            continue
        report.counts[result.status] += 1
        name = slug(card["name"])
        stem, n = name, 2
        while name in taken:
            name, n = f"{stem}-{n}", n + 1
        taken.add(name)
        path = into / f"{name}.yaml"
        try:
            path.write_text(card_file_text(data, card, source), encoding="utf-8")
        except OSError as exc:
            raise ScenarioError(str(path), None, "--into", f"cannot write: {exc}") from None
        report.files.append(str(path))
    return report


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

    @property
    def cards(self) -> int:
        return sum(self.counts.values())

    def merge(self, other: "Stats") -> "Stats":
        """These counts and another chunk's, added (a run split into chunks)."""
        return Stats(self.source or other.source, self.counts + other.counts,
                     self.lines + other.lines, self.lines_compiled + other.lines_compiled,
                     self.templates + other.templates)

    def share(self, status: str = "full") -> float:
        return 100.0 * self.counts[status] / self.cards if self.cards else 0.0

    def as_json(self, top: int) -> dict[str, Any]:
        return {"file": self.source, "cards": self.cards,
                **{s: self.counts[s] for s in STATUSES},
                "share_full": round(self.share("full"), 1),
                "lines": self.lines, "lines_compiled": self.lines_compiled,
                "not_understood_templates": [{"template": t, "count": c}
                                             for t, c in self.templates.most_common(top)]}

    def text(self, top: int) -> str:
        out = [f"{self.cards} cards in {self.source}: "
               + ", ".join(f"{self.counts[s]} {label} ({self.share(s):.1f}%)" for s, label in
                           (("full", "compiled fully"), ("partial", "partly"),
                            ("none", "not at all"))),
               f"Oracle lines: {self.lines}, compiled {self.lines_compiled}"
               + (f" ({100.0 * self.lines_compiled / self.lines:.1f}%)" if self.lines else "")]
        if self.templates:
            out.append("Most common templates not understood (~ = the card's name, N = a number):")
            out += [f"  {c:6d}  {t}" for t, c in self.templates.most_common(top)]
        return "\n".join(out)


def card_stats(source: Path, progress: Progress | None = None) -> Stats:
    """How many cards of `source` compile fully, partly, not at all, and the not-understood
    lines by template."""
    return stats_of(read_cards(source, progress), str(source))


def stats_of(cards: Iterable[dict], source: str = "") -> Stats:
    """The counts of `cards stats` over any Scryfall card objects: a whole file, or one chunk
    of it (the Stats of chunks add up with `merge`); bench/corpus.py calls it on a pool."""
    stats = Stats(source)
    for card in cards:
        _, result = compiled_yaml(card)
        stats.counts[result.status] += 1
        names = card_names(card)
        for line in result.lines:
            stats.lines += 1
            if line.status == "compiled":
                stats.lines_compiled += 1
            else:
                stats.templates[template(line.text, names)] += 1
    return stats
