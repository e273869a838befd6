"""The Comprehensive Rules as a text file the user supplies: its numbered rules and the
cross-references between them. The project never ships the CR; this only reads a given copy.

A numbered rule is a line that starts with a number such as `100.1.` or `100.1a` (headings such
as `100. General` are not rules). The glossary after the rules is not read.
"""
from __future__ import annotations

import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..base.errors import ScenarioError

MAX_CR_BYTES = 8 * 1024 * 1024
RULE_LINE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s")
# "rule 120.3", "rules 702.19b and 702.19c", "see rule 704.5g": a number in running text.
REFERENCE = re.compile(r"\b(\d{3}(?:\.\d+[a-z]?)?)\b")
REFERENCE_CONTEXT = re.compile(r"\brules?\s+(\d{3}(?:\.\d+[a-z]?)?(?:(?:,\s*|,?\s+(?:and|or|through)\s+)"
                               r"\d{3}(?:\.\d+[a-z]?)?)*)")
SECTION_NAMES = {"1": "Game Concepts", "2": "Parts of a Card", "3": "Card Types",
                 "4": "Zones", "5": "Turn Structure", "6": "Spells, Abilities, and Effects",
                 "7": "Additional Rules", "8": "Multiplayer Rules", "9": "Casual Variants"}


@dataclass
class CRRule:
    number: str
    line: int
    references: list[str] = field(default_factory=list)
    text: str = ""          # the rule's words after its number (coverage.copied_summaries)

    @property
    def section(self) -> str:
        return self.number[0]

    @property
    def group(self) -> str:
        return self.number[:3]

    @property
    def parent(self) -> str | None:
        """`702.19` for `702.19b` (Altered: `7.4.5` for `7.4.5.c`); None without a letter."""
        return self.number[:-1].rstrip(".") if self.number[-1].isalpha() else None


def read_cr(path: str | Path) -> list[CRRule]:
    """The numbered rules of a CR text file, in order. Bad files are a ScenarioError (exit 2)."""
    text = _read_text(Path(path))
    rules: list[CRRule] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() == "Glossary" and rules:
            break
        match = RULE_LINE.match(line)
        if match:
            rest = line[match.end():]
            rules.append(CRRule(match.group(1), number, _references(rest), rest.strip()))
    if not rules:
        raise ScenarioError(str(path), None, "--cr", "no numbered rules found: is this the "
                            "Comprehensive Rules text file (e.g. MagicCompRules-2025-09-19.txt)?")
    return rules


def _references(text: str) -> list[str]:
    found: list[str] = []
    for phrase in REFERENCE_CONTEXT.finditer(text):
        for number in REFERENCE.findall(phrase.group(1)):
            if number not in found:
                found.append(number)
    return found


def _read_text(path: Path) -> str:
    try:
        info = path.stat()
    except OSError as err:
        raise ScenarioError(str(path), None, "--cr", f"cannot read: {err.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ScenarioError(str(path), None, "--cr", "not a regular file")
    if info.st_size > MAX_CR_BYTES:
        raise ScenarioError(str(path), None, "--cr",
                            f"file larger than {MAX_CR_BYTES // (1024 * 1024)} MB")
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_CR_BYTES + 1)
    except OSError as err:
        raise ScenarioError(str(path), None, "--cr", f"cannot read: {err.strerror}") from None
    for encoding in ("utf-8-sig", "cp1252"):  # the official file has been published in both
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ScenarioError(str(path), None, "--cr", "not a text file")
