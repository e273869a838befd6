"""Reading Scryfall card JSON: one card object, a list object, or a bulk array of cards.

A bulk array ("oracle cards", ~100 MB) is streamed: its elements are decoded one by one from a
sliding buffer (json.JSONDecoder.raw_decode), so the whole file is never held as Python objects.
A single card or a list object (an API answer, at most a page of cards) is read whole. Any fault
is bad input naming the file, the line and column, and the element.
"""
from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Callable, Iterator

from ..core.base.errors import ScenarioError

CHUNK = 1 << 20                         # characters read at a time from a bulk array
Progress = Callable[[int, int], None]   # (characters read, file size in bytes)
_WS = re.compile(r"[ \t\n\r]*")


def normalise(name: str) -> str:
    """The form names are matched in: case, accents and punctuation ignored ("Ajani's
    Pridemate" = "ajanis pridemate", "Æther" = "aether"), hyphens as spaces, spaces collapsed."""
    text = "".join(ch for ch in unicodedata.normalize("NFKD", ascii_letters(name).casefold())
                   if not unicodedata.combining(ch))
    text = re.sub(r"[-/_]", " ", text)          # Lim-Dûl = lim dul; "A // B" = "a b"
    text = re.sub(r"[^\w\s]", "", text)
    return " ".join(text.split())


def ascii_letters(text: str) -> str:
    """The ligatures NFKD keeps, spelled out (Æther Vial -> Aether Vial)."""
    for old, new in (("Æ", "Ae"), ("æ", "ae"), ("Œ", "Oe"), ("œ", "oe"), ("ß", "ss")):
        text = text.replace(old, new)
    return text


def card_names(card: dict) -> list[str]:
    """The names a card is found by: its full name and, for "A // B", each face's name."""
    name = card["name"]
    faces = [f.get("name") for f in card.get("card_faces") or [] if isinstance(f, dict)]
    parts = [p.strip() for p in name.split("//")] if "//" in name else []
    return list(dict.fromkeys([name] + [p for p in parts + faces if isinstance(p, str) and p]))


def read_cards(path: Path, progress: Progress | None = None) -> Iterator[dict]:
    """Every card object of the file, in order (see the module docstring for the forms)."""
    try:
        fh = path.open(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(str(path), None, "", f"cannot read the card file: {exc}") from None
    with fh:
        try:
            first = _first_char(fh)
            if first == "[":
                yield from _stream_array(fh, str(path), progress)
            elif first == "{":
                yield from _whole(fh.read(), str(path))
            else:
                raise ScenarioError(str(path), 1, "", "not Scryfall card JSON: expected a card "
                                    "object, a list object or an array of cards")
        except UnicodeDecodeError as exc:
            raise ScenarioError(str(path), None, "", f"not UTF-8 text (byte {exc.start})") from None


def _first_char(fh) -> str:
    while True:
        ch = fh.read(1)
        if ch == "" or not ch.isspace():
            fh.seek(0)
            return ch


def _whole(text: str, file: str) -> Iterator[dict]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(file, exc.lineno, "", f"bad JSON at line {exc.lineno}, column "
                                                  f"{exc.colno}: {exc.msg}") from None
    if data.get("object") == "list":
        cards = data.get("data")
        if not isinstance(cards, list):
            raise ScenarioError(file, None, "data", "a list object holds its cards in `data`")
        for i, card in enumerate(cards):
            yield _card(card, file, None, f"data[{i}]")
    elif data.get("object") == "error":
        raise ScenarioError(file, None, "", f"a Scryfall error object, not cards: "
                                            f"{str(data.get('details', ''))[:200]}")
    else:
        yield _card(data, file, None, "")


def _card(card: object, file: str, line: int | None, where: str) -> dict:
    if not isinstance(card, dict) or not isinstance(card.get("name"), str) \
            or not card["name"].strip() or card.get("object", "card") != "card":
        raise ScenarioError(file, line, where, "not a Scryfall card object (an object with "
                                               "\"object\": \"card\" and a name)")
    return card


class _Buffer:
    """The unread part of a streamed file: `text[pos:]`, with the line and column of `pos`
    (advancing moves `pos`; the text is only copied when a chunk is appended)."""

    def __init__(self, fh, progress: Progress | None, size: int):
        self.fh, self.progress, self.size = fh, progress, size
        self.text, self.pos, self.eof, self.read_chars = "", 0, False, 0
        self.line, self.col = 1, 1          # of text[pos]

    def more(self) -> bool:
        if self.eof:
            return False
        chunk = self.fh.read(CHUNK)
        self.eof = chunk == ""
        self.text = self.text[self.pos:] + chunk
        self.pos = 0
        self.read_chars += len(chunk)
        if self.progress and chunk:
            self.progress(min(self.read_chars, self.size), self.size)
        return not self.eof

    def peek(self) -> str:
        return self.text[self.pos:self.pos + 1]

    def drop(self, n: int) -> None:
        end = self.pos + n
        newlines = self.text.count("\n", self.pos, end)
        if newlines:
            self.line += newlines
            self.col = end - self.text.rfind("\n", self.pos, end)
        else:
            self.col += n
        self.pos = end

    def where(self, at: int) -> tuple[int, int]:
        """Line and column of text[at] (at >= pos)."""
        newlines = self.text.count("\n", self.pos, at)
        if newlines:
            return self.line + newlines, at - self.text.rfind("\n", self.pos, at)
        return self.line, self.col + at - self.pos

    def skip_ws(self) -> None:
        while True:
            self.drop(_WS.match(self.text, self.pos).end() - self.pos)
            if self.pos < len(self.text) or not self.more():
                return


def _stream_array(fh, file: str, progress: Progress | None) -> Iterator[dict]:
    buf = _Buffer(fh, progress, Path(file).stat().st_size)
    decoder = json.JSONDecoder()
    buf.more()
    buf.skip_ws()
    buf.drop(1)                              # the "["
    index = 0
    while True:
        buf.skip_ws()
        if buf.peek() == "]" and index == 0:
            buf.drop(1)
            break
        card, end = _decode(decoder, buf, file)
        yield _card(card, file, buf.line, f"[{index}]")
        buf.drop(end - buf.pos)
        index += 1
        buf.skip_ws()
        sep = buf.peek()
        if sep == ",":
            buf.drop(1)
        elif sep == "]":
            buf.drop(1)
            break
        else:
            _fail(buf, file, buf.pos, "expected ',' or ']' after an element of the array")
    buf.skip_ws()
    if buf.peek():
        _fail(buf, file, buf.pos, "extra data after the array")


def _decode(decoder: json.JSONDecoder, buf: _Buffer, file: str) -> tuple[object, int]:
    """The JSON value at `pos` and the index after it (reading more while it is cut off)."""
    while True:
        try:
            return decoder.raw_decode(buf.text, buf.pos)
        except json.JSONDecodeError as exc:
            offset = exc.pos - buf.pos          # more() moves the unread text to index 0
            if not buf.more():
                _fail(buf, file, buf.pos + offset, exc.msg)


def _fail(buf: _Buffer, file: str, pos: int, message: str) -> None:
    line, col = buf.where(pos)
    raise ScenarioError(file, line, "", f"bad JSON at line {line}, column {col}: {message}")
