"""Hypothesis generators of scenario inputs, as a new user's typos and an attacker's files
would be: mutations of the bundled scenarios, wrong types in every field, injection strings in
every string field, YAML edge cases, huge boards, and files that are not files.

Each generator gives a `FuzzInput`: the bytes of a file (or a special path kind), the command
line to run on it, and the kind of input (for the figures of the long run).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

SCENARIOS = Path(__file__).resolve().parent.parent.parent / "scenarios"
MARKER = "rkinj"          # every injection string carries it; it must never reach clingo as text

INJECTIONS = [
    f"x). #script (python) import os; os.system('touch /tmp/{MARKER}') #end.",
    f"#program base. {MARKER}.",
    f'a\\"). {MARKER} :- c. %',
    f"{MARKER}). #show. %",
    f'#include "/etc/passwd". {MARKER}.',
    f"#const {MARKER}=1.",
    f"{{{MARKER}}}.",
    f"{MARKER}\n",
    f"{MARKER}\u200b",
    f"{MARKER}\x00",
    f"\u202e{MARKER}",
    f"{MARKER}(X) :- {MARKER}(X).",
    f":- not {MARKER}.",
    f"zone({MARKER},graveyard). #script (lua) os.exit() #end.",
]
# values that look almost right: trailing newlines, invisible characters, case, Unicode digits
NEAR_MISSES = ["alice\n", "alice ", " alice", "Alice", "alice\u200b", "ali\u0441e", "bear\r",
               "deathtouch\n", "flying\t", "704.5g\n", "\u0667\u0660\u0664.5g", "target\u0661",
               "battlefield\n", "graveyard\u00a0", "c0\n", "{2}{W}\n", "", " ", "\t"]
WRONG_VALUES: list[Any] = [None, True, False, 0, -1, 1, 2**31, -(2**63), 10**30, 1.5,
                           float("inf"), float("nan"), "", "x", "a" * 600, [], [1], {},
                           {"a": 1}, [[[]]], ["alice"], {"alice": 20}, "1", "true", "null"]
# YAML text fragments that PyYAML's constructors or parser reject or mis-read
YAML_SCALARS = ["2001-13-45", "2001-02-30", "!!int ''", "!!bool maybe", "!!timestamp x",
                "!!float abc", "!!int 0x", "!!null x", "!!str", "!!binary aGk=", "!!set {a}",
                "!!python/object:os.system", "!!python/name:os.system", "!custom x",
                "!<tag:yaml.org,2002:int> x", "9" * 5001, "-" + "9" * 4400, "1e400", ".nan",
                "-.inf", "0o777", "0x_", "1_000", "190:20:30", "~", "*undefined_alias",
                "&a [*a]", "'unterminated", '"\\ud800"', '"\\x00"', '"\\uFFFF"', "|\n  x",
                ">-\n  y", "[a, b", "{a: 1", "@reserved", "`backtick", "%TAG", "? [a]\n  : b",
                "<<: {x: 1}", "!!merge <<", "- - - -", "\t tab"]


@dataclass
class FuzzInput:
    kind: str                       # what sort of input (for the figures)
    command: list[str]              # the CLI arguments, FILE written as "{file}"
    data: bytes = b""               # the file's bytes (when special is None)
    special: str | None = None      # "fifo", "dir", "dev_zero", "dev_urandom", "missing", "large"
    notes: dict = field(default_factory=dict)


@cache
def bundled() -> list[tuple[str, dict]]:
    """The bundled scenarios as plain data (the small ones: fuzzing needs quick answers)."""
    out = []
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if len(text) > 2500:
            continue
        data = yaml.safe_load(text)
        if isinstance(data, dict):
            out.append((path.name, data))
    return out


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path into a document (keys and list indexes)."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, prefix + (i,))
    return out


def _set(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = value
    return doc


def _strings(doc: Any, prefix: tuple = ()) -> list[tuple]:
    return [p for p in _paths(doc, prefix) if isinstance(_get(doc, p), str)]


def _get(doc: Any, path: tuple) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _dump(doc: Any) -> bytes:
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False).encode("utf-8", "surrogatepass")


# -- commands --------------------------------------------------------------------------------
ATOMS = ["zone(bear,graveyard)", "-zone(bear,graveyard)", "life(alice,20)", "lost(bob)",
         "werewolf(x)", "life(alice,", "X", "zone(X,Y)", f"{MARKER}). #show.", "a" * 5000,
         "life(alice,99999999999)", '"str"', "f(" * 200 + ")" * 200,
         "f(" * 400 + "x" + ")" * 400, "f(" * 20 + "x" + ")" * 20,
         "life(alice," + "9" * 5000 + ")", "-", "--", "-" * 3, "\n", "zone(bear,graveyard)\n"]


def commands(timeout: float) -> st.SearchStrategy[list[str]]:
    t = ["--timeout", str(timeout)]
    return st.one_of(
        st.just(["ask", *t, "{file}"]),
        st.just(["ask", "--json", *t, "{file}"]),
        st.builds(lambda a: ["why", *t, "{file}", "--", a] if a.startswith("-")
                  else ["why", *t, "{file}", a], st.sampled_from(ATOMS)),
        st.just(["legal", *t, "{file}"]),
        st.just(["legal", "--json", *t, "{file}"]),
        st.just(["test", "-q", *t, "{file}"]),
    )


# -- the input kinds -------------------------------------------------------------------------
@st.composite
def mutated(draw, timeout: float = 3.0) -> FuzzInput:
    """A bundled scenario with one to three random edits: a value replaced (wrong type, near
    miss, injection), a key deleted or misspelt, a list entry duplicated."""
    name, original = draw(st.sampled_from(bundled()))
    doc = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        op = draw(st.sampled_from(["replace", "delete", "rename", "duplicate", "near"]))
        doc = _mutate(draw, doc, path, op)
    return FuzzInput("mutation", draw(commands(timeout)), _dump(doc), notes={"base": name})


def _mutate(draw, doc: Any, path: tuple, op: str) -> Any:
    if op == "replace" or not path:
        # a copy: a later edit must not change the shared list (hypothesis replays draws)
        return _set(doc, path, copy.deepcopy(draw(st.sampled_from(WRONG_VALUES + INJECTIONS
                                                                  + NEAR_MISSES))))
    parent = _get(doc, path[:-1])
    if op == "delete":
        del parent[path[-1]]
    elif op == "rename" and isinstance(parent, dict):
        parent[str(path[-1]) + draw(st.sampled_from(["s", "\n", "_", " "]))] = parent.pop(path[-1])
    elif op == "duplicate" and isinstance(parent, list):
        parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
    elif op == "near":
        value = _get(doc, path)
        if isinstance(value, str):
            _set(doc, path, value + draw(st.sampled_from(["\n", "\u200b", " ", "\r", "\x0b"])))
    return doc


@st.composite
def wrong_types(draw, timeout: float = 3.0) -> FuzzInput:
    """One field of a bundled scenario given a value of another type."""
    name, original = draw(st.sampled_from(bundled()))
    doc = copy.deepcopy(original)
    path = draw(st.sampled_from(_paths(doc)[1:] or [()]))
    doc = _set(doc, path, copy.deepcopy(draw(st.sampled_from(WRONG_VALUES))))
    return FuzzInput("wrong_type", draw(commands(timeout)), _dump(doc), notes={"base": name})


@st.composite
def injected(draw, timeout: float = 3.0) -> FuzzInput:
    """Every string field (or one, or every key) of a bundled scenario set to injection text."""
    name, original = draw(st.sampled_from(bundled()))
    doc = copy.deepcopy(original)
    where = draw(st.sampled_from(["all", "one", "keys"]))
    if where == "keys" and isinstance(doc.get("cards"), dict) and doc["cards"]:
        doc["cards"] = {draw(st.sampled_from(INJECTIONS)) + k: v for k, v in doc["cards"].items()}
    else:
        strings = _strings(doc)
        chosen = strings if where == "all" else draw(st.lists(st.sampled_from(strings or [()]),
                                                                min_size=1, max_size=1))
        for path in chosen:
            if path:
                _set(doc, path, draw(st.sampled_from(INJECTIONS)))
    return FuzzInput("injection", draw(commands(timeout)), _dump(doc), notes={"base": name})


@st.composite
def yaml_edges(draw, timeout: float = 3.0) -> FuzzInput:
    """Scenario text with a YAML edge case spliced in as a value, or the whole file odd."""
    name, original = draw(st.sampled_from(bundled()))
    lines = _dump(original).decode("utf-8", "surrogatepass").splitlines()
    form = draw(st.sampled_from(["value", "line", "deep", "whole", "bytes"]))
    fragment = draw(st.sampled_from(YAML_SCALARS))
    if form == "value":
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        head, sep, _ = lines[i].partition(": ")
        lines[i] = f"{head}: {fragment}" if sep else f"{lines[i]} {fragment}"
        text = "\n".join(lines)
    elif form == "line":
        lines.insert(draw(st.integers(0, len(lines))), fragment)
        text = "\n".join(lines)
    elif form == "deep":
        depth = draw(st.sampled_from([39, 41, 100, 500, 5000]))
        open_, close = draw(st.sampled_from([("[", "]"), ("{a: ", "}"), ("- ", "")]))
        nested = open_ * depth + "x" + close * depth if open_ != "- " else \
            "\n".join("  " * d + "- " for d in range(depth)) + "x"
        text = "\n".join(lines) + f"\nobjects: {nested}\n" if open_ != "- " else \
            "\n".join(lines) + f"\nobjects:\n{nested}\n"
    elif form == "whole":
        text = draw(st.sampled_from(["", "---", "--- a\n--- b", "# only a comment", "[]", "42",
                                     "null", "title: t\nplayers: [alice]\n" * 3,
                                     "\ufefftitle: t\nplayers: [alice]",
                                     "title: t\r\nplayers: [alice]\r\n",
                                     "a: &a [*a]", "a: &x {b: *x}",
                                     "title: &t x\nplayers: *t"]))
    else:
        raw = _dump(original)
        pos = draw(st.integers(0, len(raw)))
        junk = draw(st.sampled_from([b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80", b"\x1b[2J",
                                     b"\r", b"\t", b"\xef\xbb\xbf"]))
        return FuzzInput("yaml_edge", draw(commands(timeout)), raw[:pos] + junk + raw[pos:],
                         notes={"form": form})
    return FuzzInput("yaml_edge", draw(commands(timeout)),
                     text.encode("utf-8", "surrogatepass"), notes={"form": form})


@st.composite
def huge(draw, timeout: float = 3.0, boards: tuple[int, ...] = (50, 300, 1500, 3000)) -> FuzzInput:
    """Large boards and large documents: many objects, long flat lists, long strings, alias
    bombs, files just over the size limit."""
    form = draw(st.sampled_from(["board", "flat", "string", "bomb", "oversize", "keys"]))
    if form == "board":
        n = draw(st.sampled_from(boards))
        acts = draw(st.sampled_from([0, 5, 40]))
        doc = {"title": "huge board", "players": ["alice", "bob"],
               "cards": {"Bear": {"types": ["creature"], "power": 2, "toughness": 2,
                                  "keywords": ["deathtouch"]}},
               "objects": [{"id": f"c{i}", "card": "Bear", "controller": "alice"}
                           for i in range(n)],
               "actions": [{"deal_damage": {"target": f"c{i % max(n, 1)}", "amount": 1}}
                           for i in range(acts)]}
        data = yaml.safe_dump(doc, default_flow_style=True, width=10**9).encode()
    elif form == "flat":
        n = draw(st.sampled_from([49_000, 60_000, 300_000]))
        data = b"title: t\nplayers: [alice]\nchoose: [" + b",".join([b"a"] * n) + b"]\n"
    elif form == "string":
        n = draw(st.sampled_from([501, 10_000, 1_000_000]))
        field_ = draw(st.sampled_from(["title", "name", "id", "card"]))
        value = "x" * n
        doc = {"title": value if field_ == "title" else "t", "players": ["alice"],
               "cards": {"C": {"name": value if field_ == "name" else "C", "types": ["creature"],
                               "power": 1, "toughness": 1}},
               "objects": [{"id": value if field_ == "id" else "o",
                            "card": value if field_ == "card" else "C"}]}
        data = yaml.safe_dump(doc, width=10**9).encode()
    elif form == "bomb":
        levels = draw(st.integers(3, 12))
        lines = ["title: t", "players: [alice]", 'a0: &a0 ["x","x","x","x","x","x","x","x"]']
        lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 8) + "]" for i in range(1, levels)]
        data = "\n".join(lines).encode()
    elif form == "oversize":
        size = draw(st.sampled_from([2 * 1024 * 1024 + 1, 3_000_000]))
        data = b"title: t\nplayers: [alice]\n#" + b"x" * size
    else:
        n = draw(st.sampled_from([1000, 20_000]))
        data = b"title: t\nplayers: [alice]\nlife: {" + b",".join(
            f"k{i}: {i}".encode() for i in range(n)) + b"}\n"
    return FuzzInput("huge", draw(commands(timeout)), data, notes={"form": form})


@st.composite
def special_files(draw, timeout: float = 3.0) -> FuzzInput:
    """What is not a regular file: FIFO, directory, devices, a missing path."""
    special = draw(st.sampled_from(["fifo", "dir", "dev_zero", "dev_urandom", "missing",
                                    "nul_in_name", "symlink_loop"]))
    return FuzzInput("special_file", draw(commands(timeout)), special=special)


def any_input(timeout: float = 3.0) -> st.SearchStrategy[FuzzInput]:
    return st.one_of(mutated(timeout), wrong_types(timeout), injected(timeout),
                     yaml_edges(timeout), huge(timeout), special_files(timeout))
