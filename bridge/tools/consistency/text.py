"""`consistency --text RULES.txt`: what a careful rules editor finds in a pack's own rules
document, read as text (never solved): numbers with no statement and no out-of-scope reason,
terms used as members of a list that the list does not define (with the closest one), sentences
copied from rules about another mechanic, and wordings with more than one reading (a "may"
choice, an ordering, "each" upkeep, a state worded as a trigger, a limit a later rule forgets,
a parameter list whose items "may" be separate types).

The document is numbered like the CR (`1000.2a. text`, headings `1000.2. Title`)."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from ...core.rules.crtext import read_cr
from ...core.base.errors import ScenarioError

MAX_TEXT_BYTES = 2 * 1024 * 1024
LINE = re.compile(r"^\s*(\d{3,4}(?:\.\d+[a-z]?)?)\.?\s+(.*\S)\s*$")
WORD = re.compile(r"[a-z0-9/+-]+")
SHINGLE = 4                 # words per shingle when comparing sentences
COPIED = 0.6                # share of a sentence's shingles found in one CR rule


@dataclass
class TextRule:
    number: str
    line: int
    text: str

    @property
    def parent(self) -> str | None:
        """`1000.2` for `1000.2a`, `3001` for `3001.1`; None for a section number."""
        if self.number[-1].isalpha():
            return self.number[:-1]
        return self.number.rsplit(".", 1)[0] if "." in self.number else None

    @property
    def title(self) -> str:
        """The first phrase (a heading's title, a list entry's name)."""
        return re.split(r"[.:]", self.text, maxsplit=1)[0].strip()


@dataclass
class TextFinding:
    kind: str           # unstated / undefined_term / copied / reading
    rules: list[str]
    summary: str
    fix: str
    details: dict = field(default_factory=dict)

    def as_json(self) -> dict:
        return {"kind": self.kind, "rules": self.rules, "summary": self.summary, "fix": self.fix,
                **self.details}


def read_text(path: str | Path) -> list[TextRule]:
    """The numbered rules of a pack's rules document. A missing, oversized or unnumbered file
    is bad input (exit 2)."""
    p = Path(path)
    try:
        if not p.is_file():
            raise ScenarioError(str(p), None, "--text", "not a readable file")
        if p.stat().st_size > MAX_TEXT_BYTES:
            raise ScenarioError(str(p), None, "--text", f"larger than {MAX_TEXT_BYTES} bytes")
        raw = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ScenarioError(str(p), None, "--text", f"cannot read it: {err}") from None
    out = [TextRule(m.group(1), n, m.group(2)) for n, line in enumerate(raw.splitlines(), start=1)
           if (m := LINE.match(line))]
    if not out:
        raise ScenarioError(str(p), None, "--text", "no numbered rules found (lines such as "
                            "'1000.2a. text')")
    return out


def check_text(rules: list[TextRule], encoded: set[str], out_of_scope: list[str],
               readings: dict[str, list[str]], cr_path: str | Path | None = None) -> list[TextFinding]:
    """Every finding on the document. `encoded`: the rule numbers the pack's statements carry;
    `out_of_scope`: numbers or prefixes given a reason; `readings`: rule number -> recorded
    reading topics; `cr_path`: the CR text, to find copied sentences (optional)."""
    return (unstated(rules, encoded, out_of_scope) + undefined_terms(rules)
            + copied(rules, cr_path) + readings_found(rules, readings))


# -- numbers with no statement --------------------------------------------------------------------

def unstated(rules: list[TextRule], encoded: set[str], out_of_scope: list[str]) -> list[TextFinding]:
    parents = {r.parent for r in rules if r.parent}
    out = []
    for r in rules:
        if r.number in parents:          # a heading: its sub-rules are the statements
            continue
        covered = r.number in encoded or any(e.startswith(r.number) for e in encoded) or \
            any(r.number == s or r.number.startswith(s) for s in out_of_scope) or \
            (r.parent is not None and r.parent in encoded)
        if not covered:
            out.append(TextFinding(
                "unstated", [r.number], f"{r.number} has no statement in the pack and no "
                "out-of-scope reason", f"encode {r.number} (a `%@ {r.number}` statement) or give "
                "it a reason in the pack's out-of-scope.yaml", {"line": r.line}))
    return out


# -- terms used as members of a list that does not define them --------------------------------------

def _lists(rules: list[TextRule]) -> dict[str, tuple[str, list[str]]]:
    """"List of Battlefield States" -> ("battlefield state", [Daylight, Rainy, ...]): a heading
    titled "List of X" defines its entries' names as the Xs."""
    out = {}
    for r in rules:
        m = re.match(r"list of (.+?)s?$", r.title, re.IGNORECASE)
        if m:
            entries = [s.title for s in rules if s.parent == r.number]
            out[r.number] = (m.group(1).lower(), entries)
    return out


def undefined_terms(rules: list[TextRule]) -> list[TextFinding]:
    out = []
    for number, (noun, members) in _lists(rules).items():
        names = {m.lower() for m in members}
        pat = re.compile(rf"\b(?i:{re.escape(noun)})\s+(?:is|becomes)\s+(?:not\s+)?"
                         r"([A-Z][\w-]*(?:\s[A-Z][\w-]*)*|[a-z][\w-]*)")
        enum = re.compile(rf"\b(?i:{re.escape(noun)})\s+can be:?\s+([^.]+)")
        for r in rules:
            used = [m.group(1) for m in pat.finditer(r.text)]
            for m in enum.finditer(r.text):
                used += [w.strip() for w in re.split(r",|\bor\b|\band\b", m.group(1)) if w.strip()]
            for term in dict.fromkeys(used):
                if term.lower() in names or re.fullmatch(r"[A-Z]", term) or term.lower() in ("the", "a"):
                    continue
                close = difflib.get_close_matches(term.lower(), list(names), n=1, cutoff=0.5)
                closest = next((m for m in members if close and m.lower() == close[0]), None)
                out.append(TextFinding(
                    "undefined_term", [r.number],
                    f"{r.number} uses '{term}' as a {noun}, which {number} does not list"
                    + (f" (closest: {closest})" if closest else ""),
                    f"write '{closest}'" if closest else f"add '{term}' to {number} or reword {r.number}",
                    {"term": term, "closest": closest, "list": number, "line": r.line}))
    return out


# -- sentences copied from another mechanic's rules ---------------------------------------------------

def _shingles(text: str) -> set[tuple[str, ...]]:
    words = WORD.findall(text.lower())
    return {tuple(words[i:i + SHINGLE]) for i in range(max(len(words) - SHINGLE + 1, 1))}


def copied(rules: list[TextRule], cr_path: str | Path | None) -> list[TextFinding]:
    """A sentence most of whose words follow a CR rule about a mechanic (its heading's title)
    that the sentence names and its own section's title does not."""
    if cr_path is None:
        return []
    cr = read_cr(cr_path)
    titles = {c.number: c.text.rstrip(".").strip() for c in cr if c.parent is None}
    index: dict[tuple, set[int]] = {}
    shingles = [_shingles(c.text) for c in cr]
    for i, sh in enumerate(shingles):
        for s in sh:
            index.setdefault(s, set()).add(i)
    own = {r.number: r.title.lower() for r in rules}
    out = []
    for r in rules:
        mine = _shingles(r.text)
        hits: dict[int, int] = {}
        for s in mine:
            for i in index.get(s, ()):
                hits[i] = hits.get(i, 0) + 1
        if not hits:
            continue
        best = max(hits, key=lambda i: (hits[i], -i))
        if hits[best] / len(mine) < COPIED:
            continue
        rule = cr[best]
        mechanic = titles.get(rule.parent or rule.number, "")
        section = own.get(r.parent or r.number, "")
        if not mechanic or mechanic.lower() not in r.text.lower() or mechanic.lower() in section:
            continue
        out.append(TextFinding(
            "copied", [r.number],
            f"{r.number} repeats {rule.number} ({mechanic}) and names {mechanic.lower()}, a "
            f"mechanic of the CR, not of its own section ({section or r.number})",
            f"write it about the section's mechanic, or delete it if {rule.number} already applies",
            {"cr_rule": rule.number, "mechanic": mechanic, "line": r.line}))
    return out


# -- wordings with more than one reading --------------------------------------------------------------

CUES = (
    ("may", re.compile(r"\bmay (?:choose|put|return|search)\b", re.I),
     "a 'may' choice: optional, or required whenever there is a candidate?"),
    ("ordering", re.compile(r"\bin order of\b|\bmost recent\b|\bfollowed by\b", re.I),
     "an ordering: which comes first, and by what (timestamp, cast order)?"),
    ("each", re.compile(r"\bat the beginning of each (?:upkeep|draw step|end step|combat)\b", re.I),
     "'each': every player's step, or its controller's only?"),
    ("when_state", re.compile(r"(?:^|\. )When the [\w ]+ is\b"),
     "'When ... is' reads as a trigger (603.1); the other entries say 'While' (a condition)"),
    ("switched_off", re.compile(r"\bha(?:ve|s) no effect\b|\bnegate the effects? of\b", re.I),
     "abilities switched off: also one granted after this began (a later timestamp, 613.7), "
     "or only those the objects had?"),
    ("separate", re.compile(r"\bmay (?:represent|be) (?:separate|different)\b", re.IGNORECASE),
     ("a parameter list whose items 'may' be separate: may one item be listed twice "
      "(instant/instant), and does it then count once or twice?")),
)


def readings_found(rules: list[TextRule], readings: dict[str, list[str]]) -> list[TextFinding]:
    out = []
    for r in rules:
        for kind, pattern, question in CUES:
            if pattern.search(r.text):
                out.append(_reading(r, kind, question, readings))
    out += forgotten_limits(rules, readings) + repeated_items(rules)
    return out


def _reading(r: TextRule, kind: str, question: str, readings: dict[str, list[str]],
             extra: dict | None = None) -> TextFinding:
    topics = readings.get(r.number, []) or ([] if kind == "limit" else readings.get(r.parent or "", []))
    fix = (f"recorded as the reading {', '.join(topics)}" if topics
           else f"decide, record the decision for {r.number} (docs, a scenario) or a switchable reading")
    return TextFinding("reading", [r.number], f"{r.number}: {question}", fix,
                       {"cue": kind, "recorded": topics, "line": r.line, **(extra or {})})


CHOOSE = re.compile(r"\bchoose an? (?:new )?(\w+(?: permanent| card| spell)?)((?:(?!\bchoose\b)[^.])*)", re.I)
LIMIT = re.compile(r"\bthat (?:do|does) not [^.,]+", re.I)


def forgotten_limits(rules: list[TextRule], readings: dict[str, list[str]]) -> list[TextFinding]:
    """A later rule of a section chooses the same kind of thing as an earlier one without the
    earlier rule's limit ("that do not have the occupying status")."""
    out = []
    seen: dict[tuple[str | None, str], tuple[TextRule, str]] = {}
    for r in rules:
        for m in CHOOSE.finditer(r.text):
            noun = m.group(1).strip().lower()
            key = (r.parent, noun)
            limit = LIMIT.search(m.group(2))
            if limit:
                seen[key] = (r, limit.group(0).strip())
            elif key in seen:
                earlier, words = seen[key]
                out.append(_reading(r, "limit", f"chooses a {noun} without {earlier.number}'s "
                                    f"limit '{words}': does the limit still apply?", readings,
                                    {"limit_from": earlier.number}))
    return out


SLASH_LIST = re.compile(r"\b([a-z]+(?:/[a-z]+)+)\b", re.I)


def repeated_items(rules: list[TextRule]) -> list[TextFinding]:
    """A parameter list naming one item twice (discipline instant/sorcery/instant), and a word
    listed in two entries of one "List of" heading's "have no effect" sentences (trample under
    two states): a slip, or meant?"""
    out = []
    for r in rules:
        for m in SLASH_LIST.finditer(r.text):
            items = [w.lower() for w in m.group(1).split("/")]
            twice = sorted({w for w in items if items.count(w) > 1})
            if twice:
                out.append(TextFinding("repeated", [r.number], f"{r.number} lists {', '.join(twice)} "
                                       f"twice in '{m.group(1)}'", "list each item once, or say "
                                       "that a repeated item counts twice", {"line": r.line}))
    for number, (noun, _) in _lists(rules).items():
        entries = [r for r in rules if r.parent == number]
        seen: dict[str, list[str]] = {}
        for r in entries:
            m = re.search(r"(?:,|\.)\s*([\w ,]+?)\s+(?:ha(?:ve|s) no effect)|negate the effects? of ([\w ,]+)",
                          r.text, re.I)
            if not m:
                continue
            words = re.split(r",\s*|\s+and\s+", (m.group(1) or m.group(2)).strip().lower())
            for w in words:
                seen.setdefault(w.strip(), []).append(r.number)
        for word, where in seen.items():
            if len(where) > 1:
                out.append(TextFinding("repeated", where, f"{word} is switched off by "
                                       f"{' and '.join(where)} (two entries of {number})",
                                       "check that both are meant (a copy slip lists one twice)",
                                       {"word": word}))
    return out
