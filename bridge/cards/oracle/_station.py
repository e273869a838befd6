"""Station cards (721, 702.184), issue 31 session 17: the striations of a Spacecraft or a Planet,
read after every line of a face was compiled alone (like levels.py's level symbols).

- A station symbol and its striation, "8+ | Flying, vigilance" (MTGJSON's one line) or a line
  "STATION 8+" followed by the striation's lines (Scryfall's layout), is a static ability
  (721.2a): each ability of the striation is the permanent's only while it has eight or more
  charge counters, `station: 8` on the ability entry (rules 721-station-cards.lp); a keyword line
  is a static keyword grant to the permanent itself.
- The power/toughness box (721.2b) sits in the striation the Station keyword's reminder text
  names ("It's an artifact creature at 8+."): it is the ability `{station: 8, static: {affects:
  self, add_types: [creature], set_power: P, set_toughness: T}}`, joined to that striation's
  first line, and the card has no printed power or toughness (721.2c: none off the battlefield).
  Without that reminder, or with no line at that threshold, the box is not read and the card's
  P/T fields say so ("power 4: ..."), as are lines of a striation that did not compile.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

INLINE = re.compile(r"^(\d+)\+ \| (.+)$")
HEADER = re.compile(r"^STATION (\d+)\+$", re.IGNORECASE)
CREATURE_AT = re.compile(r"It[’']s an artifact creature at (\d+)\+")
GATED = ("static", "triggered", "activated")
NO_BOX = ("the power/toughness box of a station card (721.2b) belongs to the striation its Station "
          "reminder names ('It's an artifact creature at N+'): not found")


def read_stations(lines: list, out: dict[str, Any], compile_line: Callable[..., Any],
                  ability: Callable[..., dict], name: str) -> None:
    """Rewrite, in place, the LineResults of a station card's face and its card map `out` (see
    the module); `compile_line` and `ability` are compile.py's (passed in: no import cycle)."""
    if not any(HEADER.match(ln.text.strip()) for ln in lines) and not any(
            ln.text.lower().startswith("station") for ln in lines):
        return      # not a station card: "15+ | ..." is a die roll's result line (706.2)
    first: dict[int, Any] = {}                 # threshold -> the striation's first line
    section: int | None = None
    for line in lines:
        text = line.text.strip()
        inline, header = INLINE.match(text), HEADER.match(text)
        if header:
            section = int(header.group(1))
            line.status, line.reason, line.piece = "compiled", None, ("level_symbol", None)
            line.fragment = {"station_symbol": f"{section}+"}
            continue
        if inline:
            meant = compile_line(inline.group(2), name, spell=False)
            threshold = int(inline.group(1))
            line.status, line.reason, line.piece = meant.status, meant.reason, meant.piece
        elif section is not None:
            threshold = section
        else:
            continue
        first.setdefault(threshold, line)
        gate_line(line, ("station", threshold), ability, "a station striation (721.2a)")
    _box(lines, out, first, ability)


def gate_line(line: Any, section: tuple[str, Any], ability: Callable[..., dict], where: str) -> None:
    """A compiled line of a station striation or a level section made the ability of that section
    (`section`: ("station", 8), ("levels", "2-6"), ("level", 2)); a keyword line becomes a static
    keyword grant to the permanent itself; a line with no gated form is made not understood
    (`where`: the section and its rules, for the reason). levels.py gates its sections with it."""
    if line.status != "compiled":
        return
    kind, payload = line.piece
    if kind == "keywords" and all(isinstance(k, str) for k in payload):
        inner = ("static", {"affects": "self", "keywords": list(payload)})
    elif kind in GATED:
        inner = (kind, payload)
    else:
        line.status, line.fragment, line.piece = "not_understood", None, None
        line.reason = f"a {kind} line inside {where} has no gated form"
        return
    piece = ("gated", (section, inner))
    line.status, line.reason, line.piece, line.fragment = "compiled", None, piece, ability(*piece)


def _box(lines: list, out: dict[str, Any], first: dict[int, Any], ability: Callable[..., dict]) -> None:
    """721.2b-c: the P/T box as the static ability of its striation; no printed P/T."""
    if "power" not in out and "toughness" not in out:
        return
    said = [CREATURE_AT.search(ln.text) for ln in lines if ln.text.lower().startswith("station")]
    threshold = int(said[0].group(1)) if said and said[0] else None
    line = first.get(threshold) if threshold is not None else None
    if line is None or line.status != "compiled" or not isinstance(out.get("power"), int) \
            or not isinstance(out.get("toughness"), int):
        box = f"{out.pop('power', '')}/{out.pop('toughness', '')}"
        lines.append(type(lines[0])(f"power/toughness {box}", "not_understood", reason=NO_BOX))
        return
    pt = ("static", {"affects": "self", "add_types": ["creature"], "set_power": out.pop("power"),
                     "set_toughness": out.pop("toughness")})
    pieces = [line.piece, ("gated", (("station", threshold), pt))]
    line.piece = ("several", pieces)
    line.fragment = {"abilities": [ability(*p) for p in pieces]}
