"""Leveler cards (711, 702.87) and Class cards (716): lines whose meaning depends on the lines
before them, read after every line of a face was compiled alone (compile.py's `_face`).

- "Level up {1}" (702.87a) means "{1}: Put a level counter on this permanent. Activate only as a
  sorcery.": it is compiled as that activated ability.
- A level symbol "LEVEL 2-6" / "LEVEL 7+" (711.2) gates the lines after it, up to the next level
  symbol: its power/toughness box "3/3" becomes `{static: {affects: self, set_power: 3,
  set_toughness: 3}, levels: "2-6"}` (711.2a: base power and toughness), a keyword line a static
  keyword grant to the permanent itself, and any other compiled ability gets `levels: "2-6"`.
- A class level bar "{2}{U}: Level 2" (716.2a) is the activated ability `{class_level: 2}` (the
  rules check the level and the sorcery timing); the lines after it, up to the next bar, get
  `level: 2` (a keyword line becomes a static keyword grant to the Class itself).

A line of a section that did not compile stays not understood; one that compiled to a form that
cannot be gated (a replacement effect, a keyword with a parameter) is made not understood.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ._station import gate_line, read_stations

LEVEL_SYMBOL = re.compile(r"^LEVEL (\d+)(?:-(\d+)|(\+))$")
LEVEL_UP = re.compile(r"^Level up ((?:\{[^}]+\})+)(?: \(.*\))?$")
CLASS_BAR = re.compile(r"^((?:\{[^}]+\})+): Level (\d+)$")
PT_BOX = re.compile(r"^(\d+)/(\d+)$")


def read_levels(lines: list, compile_line: Callable[..., Any], ability: Callable[..., dict],
                name: str, out: dict[str, Any] | None = None) -> None:
    """Rewrite, in place, the LineResults of a leveler's, a Class's or a station card's face (see
    the module and _station.py; `out`: the face's card map): `compile_line` and `ability` are
    compile.py's (passed in: compile.py imports this module)."""
    read_stations(lines, out if out is not None else {}, compile_line, ability, name)
    if not any(LEVEL_SYMBOL.match(ln.text.strip()) or CLASS_BAR.match(ln.text.strip()) for ln in lines):
        return
    section: tuple[str, Any] | None = None     # ("levels", "2-6") or ("level", 2)
    boxed = False
    for line in lines:
        text = line.text.strip()
        symbol, bar, level_up = LEVEL_SYMBOL.match(text), CLASS_BAR.match(text), LEVEL_UP.match(text)
        if level_up and section is None:     # 702.87a: what "level up [cost]" means
            meant = compile_line(f"{level_up.group(1)}: Put a level counter on this creature. "
                                 "Activate only as a sorcery.", name, spell=False)
            if meant.status == "compiled":
                _set(line, meant.piece, meant.fragment)
        elif symbol:
            low = int(symbol.group(1))
            high = symbol.group(2)
            if high is not None and int(high) < low:
                continue
            section, boxed = ("levels", f"{low}-{high}" if high is not None else f"{low}+"), False
            _set(line, ("level_symbol", None), {"level_symbol": section[1]})
        elif bar and (section is None or section[0] == "level"):
            level = int(bar.group(2))
            if level < 2:
                continue
            section = ("level", level)
            piece = ("activated", {"cost": [bar.group(1).upper()], "effects": [{"class_level": level}]})
            _set(line, piece, {"activated": {"cost": piece[1]["cost"], "effects": piece[1]["effects"]}})
        elif section is not None:
            boxed = _gate(line, section, boxed, ability)


def _gate(line: Any, section: tuple[str, Any], boxed: bool, ability: Callable[..., dict]) -> bool:
    """One line of a section; returns whether the section's P/T box was read."""
    box = PT_BOX.match(line.text.strip())
    if box and section[0] == "levels" and not boxed:    # 711.2a: the striation's P/T box
        inner = ("static", {"affects": "self", "set_power": int(box.group(1)),
                            "set_toughness": int(box.group(2))})
        _set(line, ("gated", (section, inner)), ability("gated", (section, inner)))
        return True
    gate_line(line, section, ability, "a level section (711.2, 716.2a)")
    return boxed


def _set(line: Any, piece: tuple[str, Any], fragment: dict[str, Any]) -> None:
    line.status, line.reason, line.piece, line.fragment = "compiled", None, piece, fragment
