"""Fuzzing the surfaces other than scenarios (issue 38): card JSON, pack folders, cache files
and write targets. Each surface is a hypothesis strategy of inputs and a `check_*` function that
runs one input through the real code and returns the problems found (empty: it ended as
promised). tests/test_fuzz_surfaces.py runs a few of each; tests/fuzz/long_run.py `--surfaces`
runs thousands and prints the figures of docs/robustness.md.

What counts as a problem, on every surface: an exception other than the program's own input
errors (a traceback), a process that dies (a segfault: packs are parsed in a forked child), a
run past the time bound. Surface by surface besides:
- card JSON: `cards stats` / `cards import` end with exit 0 or 2 (2 naming the file);
- pack folders: loading ends with the pack or exit 2; no file outside the pack is read
  (`#include`), no `#script` reaches clingo;
- cache files: after any damage to an entry (byte flips, truncation, garbage, another entry's
  bytes, a FIFO, a device, a symlink, a directory) the rule base read is the true one, and a
  regular-file entry is rebuilt;
- write targets: a write either succeeds with the right content in the folder or is exit 2; the
  file outside the folder is never changed, no temporary file is left.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

SECONDS = 10.0                 # the time bound of one input (generous: a loaded machine)
SMALL_RULES = """%@ 704.5g a damaged creature dies
dies(X) :- damage(X,D), toughness(X,T), D >= T.

%@ 120.3 choose a target for the damage
{ target(X) : creature(X) } = 1.
#show dies/1.
"""


@dataclass
class Case:
    surface: str
    build: Any                        # what check_* needs to make the input
    notes: dict = field(default_factory=dict)


# -- card JSON ------------------------------------------------------------------------------------
_TEXT = st.one_of(st.text(max_size=30), st.sampled_from(["", "Creature — Bear", "{1}{G}",
                  "Flying\nTrample", "2", "*", "\u0000", "A // B", "x" * 300]))
_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 6, 10 ** 6),
                    st.floats(allow_nan=True), _TEXT)
_VALUE = st.recursive(_SCALAR, lambda inner: st.one_of(st.lists(inner, max_size=4),
                      st.dictionaries(_TEXT, inner, max_size=4)), max_leaves=12)
_FIELDS = ["name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty",
           "colors", "keywords", "card_faces", "layout", "object"]


@st.composite
def _card(draw) -> dict:
    card = {"object": "card", "name": draw(_TEXT), "type_line": "Creature — Bear",
            "oracle_text": draw(_TEXT), "power": "2", "toughness": "2"}
    for key in draw(st.lists(st.sampled_from(_FIELDS), max_size=3)):
        card[key] = draw(st.one_of(_VALUE, st.lists(st.dictionaries(
            st.sampled_from(_FIELDS), _VALUE, max_size=4), max_size=3)))
    return card


_RAW_FAULTS = [
    lambda: "[" * 1000 + "]" * 1000, lambda: '[{"object": "card", "name": "X", "n": ' + "9" * 5000 + "}]",
    lambda: '[{"object": "card", "name": "A\\ud800"}]', lambda: '{"object": "list", "data": 7}',
    lambda: "[1, 2", lambda: "", lambda: "nul\x00l", lambda: '{"object": "error", "details": 5}',
    lambda: '[{"object": "card", "name": "' + "N" * 251 + '"}]',
    lambda: '{"object": "card", "name": "X", "deep": ' + "{\"a\":" * 900 + "1" + "}" * 900 + "}"]


@st.composite
def card_json(draw) -> Case:
    form = draw(st.sampled_from(["array", "list", "single", "raw", "bytes"]))
    cards = draw(st.lists(_card(), min_size=0, max_size=5))
    if form == "array":
        data = json.dumps(cards, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")
    elif form == "list":
        data = json.dumps({"object": "list", "data": cards}).encode()
    elif form == "single":
        data = json.dumps(cards[0] if cards else {}).encode()
    elif form == "raw":
        data = draw(st.sampled_from(_RAW_FAULTS))().encode("utf-8", "surrogatepass")
    else:
        data = json.dumps(cards).encode()[:draw(st.integers(0, 400))] + \
            draw(st.binary(max_size=8))
    command = draw(st.sampled_from(["stats", "import", "show", "list"]))
    return Case("card_json", (data, command), {"form": form, "command": command})


def check_card_json(case: Case, work: Path, real: bool = False) -> list[str]:
    data, command = case.build
    folder = _fresh(work)
    path = folder / "cards.json"
    path.write_bytes(data)
    args = {"stats": ["cards", "stats", str(path)],
            "import": ["cards", "import", str(path), "--into", str(folder / "out")],
            "show": ["cards", "show", "Bear", "--cards", str(path)],
            "list": ["cards", "list", "--cards", str(path)]}[command]
    return _invoked(args + ["--json", "--timeout", str(SECONDS)], {0, 2}, real)


# -- card folders (--cards DIR of card YAML files) ------------------------------------------------
_CARD_YAML = ["name: Fuzz Bear\ntypes: [creature]\npower: 2\ntoughness: 2\n",
              "name: Fuzz Bolt\ntypes: [instant]\nmana_cost: \"{R}\"\n",
              "name: [not, text]\n", "types: creature\n", "power: {a: 1}\n", "- a\n- b\n",
              "name: &a x\nalias: *a\n", "a: &a [*a]\n", "!!python/object:os.system {}\n",
              "name: " + "x" * 300 + "\n", "keywords: [" + ", ".join(["flying"] * 500) + "]\n",
              "{{{{\n", "name: Fuzz\x00Nul\n", ""]


@st.composite
def card_folder(draw) -> Case:
    files = []
    for i in range(draw(st.integers(1, 4))):
        parts = draw(st.lists(st.sampled_from(range(len(_CARD_YAML))), max_size=3))
        text = "".join(_CARD_YAML[p] for p in parts) + draw(st.sampled_from(
            ["", "oracle_text: " + json.dumps(draw(st.text(max_size=40))) + "\n"]))
        extra = draw(st.sampled_from(["", "", "nonutf8", "huge", "bom"]))
        data = text.encode("utf-8", "surrogatepass")
        data = {"nonutf8": data + b"\xff\xfe\n", "huge": data + b"# pad\n" * 400_000,
                "bom": b"\xef\xbb\xbf" + data}.get(extra, data)
        files.append((f"{'sub/' if draw(st.booleans()) else ''}c{i}.yaml", data))
    specials = draw(st.lists(st.sampled_from(["loop", "dangling", "fifo", "devzero", "dir.yaml",
                                              "outside"]), max_size=2, unique=True))
    command = draw(st.sampled_from(["list", "show"]))
    return Case("card_folder", (files, specials, command),
                {"specials": specials, "command": command})


def check_card_folder(case: Case, work: Path, real: bool = False) -> list[str]:
    files, specials, command = case.build
    folder = _fresh(work)
    cards = folder / "cards"
    (cards / "sub").mkdir(parents=True)
    for name, data in files:
        (cards / name).write_bytes(data)
    for kind in specials:
        link = cards / f"z-{kind}.yaml"
        if kind == "dir.yaml":
            (cards / kind).mkdir()
        elif kind == "fifo":
            os.mkfifo(link)
        else:
            link.symlink_to({"loop": link, "dangling": cards / "nothing.yaml",
                             "devzero": Path("/dev/zero"),
                             "outside": folder / "outside.yaml"}[kind])
    (folder / "outside.yaml").write_text("name: Outside Card\ntypes: [creature]\n")
    args = ["cards", "list"] if command == "list" else ["cards", "show", "Fuzz Bear"]
    return _invoked(args + ["--cards", str(cards), "--json", "--timeout", str(SECONDS)], {0, 2},
                    real)


# -- pack folders ---------------------------------------------------------------------------------
_LP = ["%@ 9999.1 a rule\nglow(X) :- object(X).\n",
       "%@ 9999.2 a rule\nfoo(1..3).\n",
       '#script (python)\nimport os\n#end.\n',
       '#include "/etc/passwd".\n', '#include "../outside.lp".\n', '#include "a.lp".\n',
       "#include <incmode>.\n", "% #script in a comment\n", '"#include" .\n',
       "%* a block\n #script *%\n",
       "p(" + "f(" * 20000 + "x" + ")" * 20000 + ").\n",
       "p(" + "+".join(["1"] * 20000) + ").\n",
       "p(" + "-" * 20000 + "1).\n",
       "q :- p(" + "(" * 150 + "1" + ")" * 150 + ").\n",
       "unannotated(1).\n", "%@ bad number\nx.\n", "syntax error here (((\n"]


@st.composite
def pack_folder(draw) -> Case:
    files: list[tuple[str, Any]] = []
    for i in range(draw(st.integers(1, 4))):
        parts = draw(st.lists(st.sampled_from(range(len(_LP))), min_size=1, max_size=3))
        content: Any = "\n".join(_LP[p] for p in parts)
        extra = draw(st.sampled_from(["", "nonutf8", "huge", "nul"]))
        if extra == "nonutf8":
            content = content.encode() + b"% \xff\xfe\n"
        elif extra == "huge":
            content = "%@ 9999.1 big\n" + "big(1).\n" * 200_000
        elif extra == "nul":
            content = content + "\x00"
        files.append((f"{'sub/' if draw(st.booleans()) else ''}{chr(97 + i)}.lp", content))
    specials = draw(st.lists(st.sampled_from(["loop", "dangling", "fifo", "devzero", "outside",
                                              "dir.lp"]), max_size=2, unique=True))
    meta = draw(st.sampled_from([None, "name: mypack\n", "requires: 5\n", "requires: [5]\n",
                                 "requires: mtg\n", "name: [x]\n", "name: mtg\n", "- a\n",
                                 "requires: [nosuch]\n", "\xff"]))
    return Case("pack_folder", (files, specials, meta),
                {"specials": specials, "meta": meta is not None})


def check_pack_folder(case: Case, work: Path) -> list[str]:
    """The pack loaded (and its rule base built, without the cache) in a forked child: a
    segfault is seen as the child's death, not the end of the run."""
    files, specials, meta = case.build
    folder = _fresh(work)
    pack = folder / "pack"
    (pack / "sub").mkdir(parents=True)
    (folder / "outside.lp").write_text("%@ 9999.1 outside\nsecret(1).\n")
    for name, content in files:
        target = pack / name
        target.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    for kind in specials:
        link = pack / f"z-{kind}.lp"
        if kind == "loop":
            link.symlink_to(link)
        elif kind == "dangling":
            link.symlink_to(pack / "nothing.lp")
        elif kind == "fifo":
            os.mkfifo(link)
        elif kind == "devzero":
            link.symlink_to("/dev/zero")
        elif kind == "outside":
            link.symlink_to(folder / "outside.lp")
        else:
            (pack / kind).mkdir()
    if meta is not None:
        (pack / "pack.yaml").write_bytes(meta.encode("utf-8", "surrogateescape"))
    root = small_root(folder)
    return _in_child(lambda: _load_pack(pack, root))


def _load_pack(pack: Path, root: Path) -> str:
    from rulekeeper.bridge.core.base.errors import RulekeeperError
    from rulekeeper.bridge.core.rules.packs import load_pack_dir
    from rulekeeper.bridge.core.rules.rulebase import RuleBase
    os.environ["RULEKEEPER_NO_CACHE"] = "1"
    try:
        base = RuleBase(root, ["mtg", load_pack_dir(pack)])
    except RulekeeperError as err:
        text = str(err)
        return "read outside the pack" if "root:" in text or "secret" in text else ""
    texts = " ".join(r.text for r in base.rules)
    return "read outside the pack" if "secret" in texts else ""


# -- cache files ----------------------------------------------------------------------------------
@st.composite
def cache_damage(draw) -> Case:
    kind = draw(st.sampled_from(["flip", "flips", "truncate", "extend", "garbage", "swap",
                                 "zero", "fifo", "devzero", "symlink", "dir", "empty"]))
    return Case("cache_file", (kind, draw(st.integers(0, 10 ** 9)), draw(st.integers(1, 8))),
                {"damage": kind})


def check_cache_damage(case: Case, work: Path) -> list[str]:
    from rulekeeper.bridge.core.rules.rulebase import RuleBase
    kind, at, count = case.build
    folder = _fresh(work)
    os.environ["RULEKEEPER_CACHE_DIR"] = str(folder / "cache")
    os.environ.pop("RULEKEEPER_NO_CACHE", None)
    root = small_root(folder)
    truth = shape(RuleBase(root, ["mtg"]))
    [entry] = (folder / "cache").glob("rulebase-*.marshal")
    good = entry.read_bytes()
    _damage(entry, good, kind, at, count, folder)
    began = time.monotonic()
    problems = []
    if shape(RuleBase(root, ["mtg"])) != truth:
        problems.append(f"{kind} damage changed the rule base")
    if kind not in ("dir",) and not entry.is_symlink() and entry.is_file() \
            and entry.read_bytes() != good:
        problems.append(f"{kind} damage: the entry was not rebuilt")
    if time.monotonic() - began > SECONDS:
        problems.append(f"took too long ({time.monotonic() - began:.1f} s)")
    return problems


def _damage(entry: Path, good: bytes, kind: str, at: int, count: int, folder: Path) -> None:
    data = bytearray(good)
    if kind in ("flip", "flips"):
        for k in range(1 if kind == "flip" else count):
            data[(at + k * 7919) % len(data)] ^= 1 << ((at + k) % 8)
    elif kind == "truncate":
        data = data[:at % len(data)]
    elif kind == "extend":
        data += bytes([at % 256]) * count
    elif kind == "garbage":
        data = bytearray(os.urandom(count * 64))
    elif kind == "zero":
        data[at % len(data):] = bytes(len(data) - at % len(data))
    elif kind == "swap":                            # another kind's entry under this name
        others = [p for p in entry.parent.glob("*.marshal") if p != entry]
        data = bytearray(others[at % len(others)].read_bytes()) if others else bytearray()
    elif kind == "empty":
        data = bytearray()
    if kind in SPECIALS:
        not_a_file(entry, kind, good, folder / "outside.bin")
        return
    entry.write_bytes(bytes(data))


SPECIALS = ("fifo", "devzero", "symlink", "dir")


def not_a_file(entry: Path, kind: str, good: bytes, outside: Path) -> None:
    """Put at `entry` something that is not a regular file (one of SPECIALS); `outside` gets
    the entry's good bytes (a symlink points to it: a write through the link would change it)."""
    entry.unlink()
    outside.write_bytes(good)
    {"fifo": lambda: os.mkfifo(entry), "devzero": lambda: entry.symlink_to("/dev/zero"),
     "symlink": lambda: entry.symlink_to(outside), "dir": lambda: entry.mkdir()}[kind]()


# -- write targets --------------------------------------------------------------------------------
@st.composite
def write_target(draw) -> Case:
    state = draw(st.sampled_from(["none", "file", "symlink-out", "symlink-dir", "dangling",
                                  "directory", "fifo", "folder-is-file", "below-a-file",
                                  "proc", "sys", "name-slash", "name-dots", "long-name"]))
    via = draw(st.sampled_from(["write_file", "import"]))
    return Case("write_target", (state, via, draw(st.text(max_size=200))),
                {"state": state, "via": via})


def check_write_target(case: Case, work: Path) -> list[str]:
    from rulekeeper.bridge.core.base.errors import RulekeeperError
    from rulekeeper.bridge.core.base.safeio import prepare_folder, write_file
    state, via, text = case.build
    base = _fresh(work)
    outside = base / "outside.txt"
    outside.write_text("keep\n")
    folder, name = base / "out", "craw-wurm.yaml"
    folder.mkdir()
    target = folder / name
    if state == "file":
        target.write_text("old\n")
    elif state == "symlink-out":
        target.symlink_to(outside)
    elif state == "symlink-dir":
        target.symlink_to(base)
    elif state == "dangling":
        target.symlink_to(base / "nothing")
    elif state == "directory":
        target.mkdir()
    elif state == "fifo":
        os.mkfifo(target)
    elif state == "folder-is-file":
        shutil.rmtree(folder)
        folder.write_text("a file\n")
    elif state == "below-a-file":
        folder = outside / "out"
    elif state in ("proc", "sys"):
        folder = Path(f"/{state}/rulekeeper-fuzz")
    elif state == "name-slash":
        name = "../outside.txt"
    elif state == "name-dots":
        name = ".."
    elif state == "long-name":
        name = "n" * 300 + ".yaml"
    data = text.encode("utf-8", "surrogatepass") if text else b"x"
    began = time.monotonic()
    problems: list[str] = []
    try:
        if via == "import":
            from rulekeeper.bridge.tools.cardimport import import_cards
            source = base / "cards.json"
            source.write_text(json.dumps([{"object": "card", "name": "Craw Wurm",
                                           "type_line": "Creature — Wurm", "power": "6",
                                           "toughness": "4", "oracle_text": text[:50]}]))
            import_cards(source, folder)
        else:
            prepare_folder(folder, "--write")
            written = write_file(folder, name, data, field="--write")
            if written.is_symlink() or written.read_bytes() != data:
                problems.append("the written file is not what was written")
    except RulekeeperError:
        pass
    except Exception as exc:                        # noqa: BLE001 - the judged outcome
        problems.append(f"traceback: {type(exc).__name__}: {exc}")
    if outside.read_text() != "keep\n":
        problems.append("the file outside the folder was changed")
    if folder.is_dir() and any(p.name.endswith(".tmp") for p in folder.iterdir()):
        problems.append("a temporary file was left")
    if time.monotonic() - began > SECONDS:
        problems.append(f"took too long ({time.monotonic() - began:.1f} s)")
    return problems


# -- shared ---------------------------------------------------------------------------------------
SURFACES = {"card_json": (card_json, check_card_json), "pack_folder": (pack_folder, check_pack_folder),
            "card_folder": (card_folder, check_card_folder),
            "cache_file": (cache_damage, check_cache_damage),
            "write_target": (write_target, check_write_target)}
# the surfaces run through the CLI: their checks take `real=True` (a process of their own)
IN_OWN_PROCESS = frozenset({"card_json", "card_folder"})


def _fresh(work: Path) -> Path:
    folder = work / f"case-{os.getpid()}-{time.monotonic_ns()}"
    folder.mkdir(parents=True)
    return folder


def small_root(folder: Path) -> Path:
    """A rule root of one small annotated file (mtg's folder empty): a rule base cheap to build."""
    root = folder / "rules"
    (root / "core").mkdir(parents=True)
    (root / "mtg").mkdir()
    (root / "core" / "a.lp").write_text(SMALL_RULES)
    return root


def shape(base) -> tuple:
    """Everything a rule base read from the cache holds: equal shapes, equal answers."""
    return ([(r.index, r.rule, r.summary, r.file, r.line, r.text, r.pack,
              [tuple(h) for h in r.heads], [tuple(b) for b in r.bodies]) for r in base.rules],
            list(base.statement_texts), dict(base.summaries), list(base.unannotated))


def _invoked(args: list[str], codes: set[int], real: bool) -> list[str]:
    """`rulekeeper ARGS` judged: in this process (click's runner), or with `real` in a process
    of its own, as a user runs it (its exit code, a traceback on stderr, its wall time)."""
    began = time.monotonic()
    if not real:
        from click.testing import CliRunner
        from rulekeeper.cli.main import main
        return _judged(CliRunner().invoke(main, args), began, codes)
    import subprocess
    import sys
    try:
        done = subprocess.run([sys.executable, "-m", "rulekeeper.cli.console", *args],
                              capture_output=True, text=True, errors="replace",
                              timeout=SECONDS * 3)
    except subprocess.TimeoutExpired:
        return ["hung"]
    problems = [f"exit code {done.returncode}"] if done.returncode not in codes else []
    if "Traceback (most recent call last)" in done.stderr or "PANIC" in done.stderr:
        problems.append("traceback: " + done.stderr[-300:])
    if time.monotonic() - began > SECONDS:
        problems.append(f"took too long ({time.monotonic() - began:.1f} s)")
    return problems


def _judged(result, began: float, codes: set[int]) -> list[str]:
    problems = []
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        problems.append(f"traceback: {type(result.exception).__name__}: {result.exception}")
    elif result.exit_code not in codes:
        problems.append(f"exit code {result.exit_code}")
    if time.monotonic() - began > SECONDS:
        problems.append(f"took too long ({time.monotonic() - began:.1f} s)")
    return problems


def _in_child(work) -> list[str]:
    """work() in a forked child: its problem text, or the child's death, as problems."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:                                     # the child
        os.close(read)
        try:
            message = work()
        except Exception as exc:                    # noqa: BLE001 - the judged outcome
            message = f"traceback: {type(exc).__name__}: {exc}"
        os.write(write, message.encode("utf-8", "replace")[:2000])
        os._exit(0)
    import select
    os.close(write)
    began = time.monotonic()
    chunks, problems = [], []
    while True:
        left = SECONDS * 3 - (time.monotonic() - began)
        if left <= 0 or not select.select([read], [], [], left)[0]:
            os.kill(pid, signal.SIGKILL)
            problems.append("hung")
            break
        chunk = os.read(read, 4096)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status) and not problems:
        problems.append(f"the process died: {signal.Signals(os.WTERMSIG(status)).name}")
    text = b"".join(chunks).decode("utf-8", "replace")
    if text:
        problems.append(text)
    if time.monotonic() - began > SECONDS:
        problems.append(f"took too long ({time.monotonic() - began:.1f} s)")
    return problems
