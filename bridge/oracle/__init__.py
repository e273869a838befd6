"""STAND-IN Oracle compiler (branch cards-cli): keyword lines and vanilla cards only.

The real compiler (a lark grammar, branch `oracle`) replaces this whole package at merge with the
same API: `compile_card(scryfall_card) -> CompiledCard`. This stand-in exists so `--cards`, `cards
import/show/stats/list` work and are tested before that merge. It compiles a card's frame (name,
mana cost, colours, type line, power/toughness, loyalty, the faces of a double-faced card) and
Oracle lines that are only keywords without reminder text ("Flying, vigilance", "Protection from
red", "Ward {2}", "Enchant creature"); every other line is reported as not
understood, never guessed at.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
SUPERTYPES = {"basic", "legendary", "snow", "world", "ongoing"}
# keywords without parameters the card format has (bridge/reliance.py KEYWORD_RULES)
SIMPLE_KEYWORDS = {"deathtouch", "defender", "double strike", "first strike", "flash", "flying",
                   "haste", "hexproof", "indestructible", "lifelink", "reach", "shroud",
                   "trample", "vigilance", "menace", "infect", "wither", "changeling"}
REMINDER = re.compile(r"\s*\([^()]*\)")
PROTECTION = re.compile(r"protection from (white|blue|black|red|green)")
WARD = re.compile(r"ward \{(\d+)\}")
ENCHANT = re.compile(r"enchant (creature|permanent|land|artifact|enchantment|planeswalker)")
DFC_LAYOUTS = {"transform", "modal_dfc", "double_faced_token", "reversible_card"}


@dataclass
class LineResult:
    """One Oracle line: compiled (to `compiled`, the card-format fragment) or not understood."""

    text: str
    status: str                      # "compiled" | "not_understood"
    reason: str = ""
    compiled: Any = None
    face: str | None = None          # the face's name, for a double-faced card


@dataclass
class CompiledCard:
    yaml_card: dict[str, Any]
    lines: list[LineResult] = field(default_factory=list)

    @property
    def status(self) -> str:
        """full: every line compiled; none: no line did (and the card has lines); else partial."""
        done = sum(1 for line in self.lines if line.status == "compiled")
        if done == len(self.lines):
            return "full"
        return "none" if done == 0 else "partial"


def compile_card(scryfall_card: dict) -> CompiledCard:
    """The card YAML of a Scryfall card object, with the fate of each of its Oracle lines."""
    faces = scryfall_card.get("card_faces") or []
    if scryfall_card.get("layout") in DFC_LAYOUTS and len(faces) == 2:
        front, front_lines = _face(faces[0], scryfall_card, faces[0].get("name"))
        back, back_lines = _face(faces[1], {}, faces[1].get("name"))
        front["back"] = back
        return CompiledCard(front, front_lines + back_lines)
    card, lines = _face(scryfall_card, scryfall_card, None)
    return CompiledCard(card, lines)


def _face(face: dict, whole: dict, face_name: str | None) -> tuple[dict, list[LineResult]]:
    name = face.get("name") or whole.get("name")
    card: dict[str, Any] = {"name": name}
    cost = face.get("mana_cost")
    if cost:
        card["mana_cost"] = cost
    colors = face.get("colors", whole.get("colors"))
    if colors is not None:
        card["colors"] = [COLOR_WORDS[c] for c in colors if c in COLOR_WORDS]
    card.update(_type_line(face.get("type_line") or ""))
    for fld in ("power", "toughness", "loyalty", "defense"):
        value = face.get(fld)
        if isinstance(value, str) and value.lstrip("-").isdigit():
            card[fld] = int(value)
    keywords: list[Any] = []
    lines = []
    for text in (face.get("oracle_text") or "").split("\n"):
        line = _line(text, name, keywords)
        if line is not None:
            line.face = face_name
            lines.append(line)
    if keywords:
        card["keywords"] = keywords
    return card, lines


def _type_line(type_line: str) -> dict[str, list[str]]:
    left, _, right = type_line.partition("—")
    out: dict[str, list[str]] = {}
    words = [w.lower() for w in left.split() if w.isalpha()]        # not a split card's "//"
    supers = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w not in SUPERTYPES]
    subtypes = [re.sub(r"[^a-z0-9\-]", "", w.lower()) for w in right.split()]
    for key, value in (("supertypes", supers), ("types", types), ("subtypes", subtypes)):
        if value:
            out[key] = [v for v in value if v]
    return out


def _line(text: str, name: str, keywords: list) -> LineResult | None:
    """A keyword line's keywords are added to `keywords`; anything else is not understood."""
    bare = REMINDER.sub("", text).strip()
    if not bare:
        return None              # reminder text only (a basic land's mana ability, 305.6)
    found = [_keyword(part.strip().lower()) for part in bare.split(",")]
    if all(k is not None for k in found):
        keywords.extend(found)
        return LineResult(text, "compiled", compiled={"keywords": found})
    return LineResult(text, "not_understood", reason="stand-in compiler: keyword lines only")


def _keyword(part: str) -> Any:
    if part in SIMPLE_KEYWORDS:
        return part.replace(" ", "_")
    for pattern, make in ((PROTECTION, lambda m: {"protection": m.group(1)}),
                          (WARD, lambda m: {"ward": int(m.group(1))}),
                          (ENCHANT, lambda m: {"enchant": m.group(1)})):
        match = pattern.fullmatch(part)
        if match:
            return make(match)
    return None
