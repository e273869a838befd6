"""Reading Scryfall card JSON: one card object, a list object, or a bulk array of cards.

A bulk array ("oracle cards", ~100 MB) is streamed: its elements are decoded one by one from a
sliding buffer (json.JSONDecoder.raw_decode), so the whole file is never held as Python objects.
A single card or a list object (an API answer, at most a page of cards) is read whole. Any fault
is bad input naming the file, the line and column, and the element.
"""
from __future__ import annotations

import io
import json
import os
import re
import unicodedata
from pathlib import Path
from typing import Callable, Iterator

from ..core.base.errors import ScenarioError
from ..core.base.safeio import open_stream

CHUNK = 1 << 20                         # characters read at a time from a bulk array
Progress = Callable[[int, int], None]   # (characters read, file size in bytes)
Skip = Callable[[ScenarioError], None]  # told of a card object that is not a usable card
MAX_FILE = 8 * 1024 ** 3                # Scryfall's largest bulk file is about 2.3 GB
TEXT_FIELDS = ("name", "mana_cost", "type_line", "oracle_text", "layout", "power", "toughness",
               "loyalty", "defense", "object", "flavor_name", "printed_name")
LIST_FIELDS = ("colors", "color_identity", "keywords")
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


def read_cards(path: Path, progress: Progress | None = None, *,
               check: Callable[[], None] | None = None, skip: Skip | None = None
               ) -> Iterator[dict]:
    """Every card object of the file, in order (see the module docstring for the forms). The
    file is read through the bounded input path (a regular file; a FIFO or a device is refused).
    `check` is called between cards (the command's Deadline); with `skip`, an element that is
    not a usable card is handed to it and left out, else it ends the read (exit 2)."""
    raw = open_stream(path, MAX_FILE, what="card file")
    size = os.fstat(raw.fileno()).st_size
    with raw, io.TextIOWrapper(raw, encoding="utf-8") as fh:
        try:
            first = _first_char(fh)
            if first == "[":
                cards = _stream_array(fh, str(path), progress, size)
            elif first == "{":
                cards = _whole(fh.read(), str(path))
            else:
                raise ScenarioError(str(path), 1, "", "not Scryfall card JSON: expected a card "
                                    "object, a list object or an array of cards")
            for card in cards:
                if check is not None:
                    check()
                if isinstance(card, ScenarioError):
                    if skip is None:
                        raise card
                    skip(card)
                    continue
                yield card
        except UnicodeDecodeError as exc:
            raise ScenarioError(str(path), None, "", f"not UTF-8 text (byte {exc.start})") from None


def _first_char(fh) -> str:
    while True:
        ch = fh.read(1)
        if ch == "" or not ch.isspace():
            fh.seek(0)
            return ch


def _whole(text: str, file: str) -> Iterator[dict | ScenarioError]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(file, exc.lineno, "", f"bad JSON at line {exc.lineno}, column "
                                                  f"{exc.colno}: {exc.msg}") from None
    except (RecursionError, ValueError) as exc:     # nesting too deep, a 5 000-digit number
        raise ScenarioError(file, None, "", f"bad JSON: {_fault(exc)}") from None
    if not isinstance(data, dict):
        raise ScenarioError(file, 1, "", "not Scryfall card JSON: expected a card object, a "
                                         "list object or an array of cards")
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


def _card(card: object, file: str, line: int | None, where: str) -> dict | ScenarioError:
    """The card, or the error saying why it is not a usable card object."""
    if not isinstance(card, dict) or not isinstance(card.get("name"), str) \
            or not card["name"].strip() or card.get("object", "card") != "card":
        return ScenarioError(file, line, where, "not a Scryfall card object (an object with "
                                                "\"object\": \"card\" and a name)")
    fault = _shape_fault(card)
    if fault is not None:
        return ScenarioError(file, line, f"{where}.{fault[0]}" if where else fault[0], fault[1])
    return card


def _shape_fault(card: dict) -> tuple[str, str] | None:
    """(field, reason) of the first field of a card object of a type the readers do not take
    (every text is UTF-8 text; the text fields are text, the list fields lists of text,
    `card_faces` a list of card-like objects), or None."""
    faces = card.get("card_faces")
    if faces is not None and not (isinstance(faces, list) and all(isinstance(f, dict) for f in faces)):
        return "card_faces", "must be a list of face objects"
    for prefix, part in [("", card)] + [(f"card_faces[{i}].", f) for i, f in enumerate(faces or [])]:
        for key in TEXT_FIELDS:
            if part.get(key) is not None and not isinstance(part[key], str):
                return prefix + key, f"must be text, not {type(part[key]).__name__}"
        for key in LIST_FIELDS:
            value = part.get(key)
            if value is not None and not (isinstance(value, list)
                                          and all(isinstance(v, str) for v in value)):
                return prefix + key, "must be a list of text"
    try:
        json.dumps(card, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        return "name" if _unencodable(card["name"]) else "", \
            f"holds a character that is not valid UTF-8 text ({exc.reason})"
    except (RecursionError, ValueError) as exc:
        return "", _fault(exc)
    return None


def _unencodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _fault(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deep"
    return str(exc).split(";")[0][:200]


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


def _stream_array(fh, file: str, progress: Progress | None,
                  size: int) -> Iterator[dict | ScenarioError]:
    buf = _Buffer(fh, progress, size)
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
        except (RecursionError, ValueError) as exc:
            if not isinstance(exc, json.JSONDecodeError):   # too deep, a 5 000-digit number
                _fail(buf, file, buf.pos, _fault(exc))
            offset = exc.pos - buf.pos          # more() moves the unread text to index 0
            if not buf.more():
                _fail(buf, file, buf.pos + offset, exc.msg)


def _fail(buf: _Buffer, file: str, pos: int, message: str) -> None:
    line, col = buf.where(pos)
    raise ScenarioError(file, line, "", f"bad JSON at line {line}, column {col}: {message}")
