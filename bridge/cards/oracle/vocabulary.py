"""The words the Oracle grammar can place: a line with any other word matches no template, so
it is reported not understood at once, without running the parser (most lines of the card pool
that are not understood are such lines, and parsing them is where the time went).

The vocabulary is read from the grammar itself (every literal, every word its regular
expressions name) plus the open word classes the semantics accept: subtypes (205.3, every
written form), card types and their plurals, colours, "non"-words of those, and the kind of a
counter (any word right before "counter").
"""
from __future__ import annotations

import re
from functools import cache

from lark import Lark
from lark.lexer import PatternStr

from .subtypes import written_forms
from .words import CARD_TYPES, COLOR_WORDS, CONDITION_WORDS, CONTROLLERS, NOT_SUBTYPES

WORD = re.compile(r"[a-z][a-z'\-]*")
MANA = re.compile(r"\{[^}]*\}")
OPEN_WORDS = CARD_TYPES + COLOR_WORDS + NOT_SUBTYPES + CONDITION_WORDS + (
    "permanent", "instant", "sorcery", "sorceries", "spell", "colorless", "other", "another",
    "attacking", "blocking", "tapped", "untapped") + tuple(w for p in CONTROLLERS for w in p)


@cache
def vocabulary(parser: Lark) -> frozenset[str]:
    """Every word a line the grammar accepts can hold (a superset)."""
    words: set[str] = set()
    for term in parser.terminals:
        source = term.pattern.value
        found = WORD.findall(source.lower()) if isinstance(term.pattern, PatternStr) \
            else re.findall(r"[a-z']+", source)
        for word in found:
            words |= {word, word[:-1], word + "s"} if word.endswith("s") else {word, word + "s"}
    closed = set(written_forms()) | {w + s for w in OPEN_WORDS for s in ("", "s")}
    words |= closed | {f"non{sep}{w}" for w in closed for sep in ("", "-")}
    return frozenset(words)


def unknown_word(norm: str, parser: Lark) -> str | None:
    """The first word of a normalised line that no template can place, or None."""
    known = vocabulary(parser)
    text = MANA.sub(" ", norm)
    for match in WORD.finditer(text):
        word = match.group(0)
        forms = (word, word.rstrip("'-"), word[:-2] if word.endswith("'s") else word)
        if any(f in known for f in forms) or text.startswith(" counter", match.end()):
            continue
        return word
    return None


# Digital-only mechanics of MTG Arena (Alchemy): not in the Comprehensive Rules, so out of scope
# (docs/keywords.md). A line with one stays not understood, with this reason (session 15, kw31).
DIGITAL_ONLY = re.compile(r"^(specialize|double team|starting intensity)\b"
                          r"|\b(perpetually|conjures?|spellbook|intensif(y|ies))\b")
DIGITAL_REASON = ("out of scope: a digital-only (MTG Arena Alchemy) mechanic, not in the "
                  "Comprehensive Rules")


# Paper mechanics newer than the Comprehensive Rules of 2025-09-19 (docs/keywords.md): no rule
# to encode yet. A line with one stays not understood, with this reason (session 16, kw31).
NEWER_THAN_CR = re.compile(r"^(teamwork|firebending) \d|\bprepared\b")
NEWER_REASON = ("not in the Comprehensive Rules of 2025-09-19 (a mechanic newer than it: "
                "Teamwork, Firebending, prepared): no rule to encode yet")


def digital_only(norm: str) -> bool:
    """The normalised line uses an Alchemy mechanic (DIGITAL_ONLY)."""
    return DIGITAL_ONLY.search(norm) is not None


# Un-set (Unfinity) tickets and stickers: the ticket symbol {TK} (107.17) and stickers (123) are
# out of scope (rules_asp/mtg/out-of-scope.yaml: not tournament Magic). A sticker sheet's lines
# ("{TK}{TK} — 5/5") and a card's ticket costs or sticker instructions stay not understood, with
# this reason (session 16, cards31b).
UNSET_ONLY = re.compile(r"\{tk\}|\bstickers?\b")
UNSET_REASON = ("out of scope: Un-set tickets and stickers (107.17, 123), not tournament Magic "
                "(rules_asp/mtg/out-of-scope.yaml)")
OUT_OF_SCOPE = "out of scope:"


def out_of_scope(norm: str) -> str | None:
    """Why the normalised line is out of scope (a digital-only mechanic, one newer than the CR
    the rules encode, an Un-set ticket or sticker), or None."""
    if digital_only(norm):
        return DIGITAL_REASON
    if NEWER_THAN_CR.search(norm) is not None:
        return NEWER_REASON
    return UNSET_REASON if UNSET_ONLY.search(norm) else None
