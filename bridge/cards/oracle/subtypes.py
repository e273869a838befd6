"""The subtypes of the Comprehensive Rules (205.3g-205.3q) and the plural forms Oracle text
writes them in, so that a word of a card line is read as a subtype only when it is one.

The lists are package data (subtypes.txt: one subtype a line under a `[card type]` header),
kept from the rules' own lists; a word that is no subtype ("commander", "modified", "those",
"graveyard") is never taken for one, and plurals are read back to the listed singular
("Elves" -> elf, "Plains" -> plains, "Fungi" -> fungus).
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

# plurals no suffix rule gives (and words whose plural is the word itself)
IRREGULAR_PLURALS = {
    "elf": ("elves",), "dwarf": ("dwarves",), "wolf": ("wolves",), "werewolf": ("werewolves",),
    "mouse": ("mice",), "octopus": ("octopuses", "octopi"), "fungus": ("fungi", "funguses"),
    "homunculus": ("homunculi",), "ox": ("oxen",), "cyclops": ("cyclopes", "cyclops"),
    "pegasus": ("pegasi", "pegasuses"), "child": ("children",), "plains": ("plains",),
    "hero": ("heroes",), "djinn": ("djinn", "djinns"), "elk": ("elk", "elks"),
    "sheep": ("sheep",), "fish": ("fish", "fishes"), "jellyfish": ("jellyfish",),
    "starfish": ("starfish",), "aurochs": ("aurochs",), "astartes": ("astartes",),
    "custodes": ("custodes",), "merfolk": ("merfolk",), "kithkin": ("kithkin",),
    "moonfolk": ("moonfolk",), "treefolk": ("treefolk",), "dauthi": ("dauthi",),
    "soltari": ("soltari",), "thalakos": ("thalakos",), "lammasu": ("lammasu", "lammasus"),
    "kor": ("kor",), "sand": ("sand",), "mongoose": ("mongooses",), "nautilus": ("nautiluses",),
}


def word_form(raw: str) -> str:
    """A subtype as the compiler writes it: lower case, no apostrophe ("Urza's" -> urzas)."""
    return re.sub(r"[^a-z0-9_ \-]", "", raw.lower().replace("\u2019", "'"))


@cache
def subtypes_by_type() -> dict[str, frozenset[str]]:
    """{card type: its subtypes} as listed in subtypes.txt."""
    out: dict[str, set[str]] = {}
    kind = None
    # read beside the module (as probes.py reads its folder): importlib.resources would load
    # tempfile, shutil, zipfile and the compression modules into every `ask` (~10 ms of CPU)
    text = Path(__file__).with_name("subtypes.txt").read_text(encoding="utf-8")
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            kind = line[1:-1]
            out.setdefault(kind, set())
        elif kind is not None:
            out[kind].add(word_form(line))
    return {k: frozenset(v) for k, v in out.items()}


def plurals(subtype: str) -> tuple[str, ...]:
    """The plural forms of one subtype (English suffix rules, then the irregular ones)."""
    if subtype in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[subtype]
    if re.search(r"(s|x|z|ch|sh)$", subtype):
        return (subtype + "es",)
    if re.search(r"[^aeiou]y$", subtype):
        return (subtype[:-1] + "ies",)
    return (subtype + "s",)


@cache
def written_forms() -> dict[str, str]:
    """Every written form (singular or plural) of a one-word subtype -> the subtype."""
    out: dict[str, str] = {}
    every = sorted({s for group in subtypes_by_type().values() for s in group if " " not in s})
    for subtype in every:
        out[subtype] = subtype
    for subtype in every:
        for plural in plurals(subtype):
            out.setdefault(plural, subtype)
    return out


def subtype_of(word: str) -> str | None:
    """The subtype a word of Oracle text names ("goblins" -> goblin), or None if it names none."""
    return written_forms().get(word_form(word))


def is_subtype(word: str) -> bool:
    return subtype_of(word) is not None
