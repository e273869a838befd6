"""Rule packs: the bundled ones (core, mtg, almos, altered) and plug-in packs read from a
directory. A game's base pack (mtg, altered) carries the game-agnostic `core` rule files.

A pack is a set of `.lp` files (every statement annotated with `%@`) plus, optionally, card
YAML files. The bundled packs live under `rules_asp/`; a plug-in pack is any directory a
designer points to (`--pack-dir DIR`, or a path in a scenario's `rules:`):

    mypack/
      pack.yaml        optional: {name: mypack, requires: [mtg, almos]}
      *.lp, sub/*.lp   the rules (read recursively, `cards/` excluded)
      cards/*.yaml     optional: the pack's cards, one a file, as in rules_asp/cards/

Without pack.yaml the pack is named after the directory and requires [mtg].
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple

from ..base.errors import ScenarioError

# name -> its directories under rules_asp/. A game's base pack carries the game-agnostic `core`
# files; `core` alone is for a plug-in pack that is a game of its own (`requires: [core]`).
# Which game a pack belongs to is said by the games (bridge/games, Game.packs).
BUNDLED = {"core": ("core",), "mtg": ("core", "mtg"), "almos": ("almos",),
           "altered": ("core", "altered")}
BUNDLED_REQUIRES = {"core": (), "mtg": (), "almos": ("mtg",), "altered": ()}
PACK_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
PACK_KEYS = {"name", "requires"}
# A plug-in pack is read whole before any answer: bounded so that `--pack-dir /` or a 9 MB pack
# is refused at once (the bundled rules are ~200 files, ~1 MB, none over 100 KB).
MAX_PACK_FILE = 1024 * 1024
MAX_PACK_BYTES = 2 * 1024 * 1024
MAX_PACK_FILES = 1000
MAX_PACK_ENTRIES = 20_000        # directory entries walked
MAX_META = 64 * 1024             # pack.yaml


class Pack(NamedTuple):
    """Where a pack's rules (and cards) are, and the packs it builds on."""

    name: str
    root: Path                      # rule files are read under root / each of `dirs`
    dirs: tuple[str, ...]
    requires: tuple[str, ...] = ()
    cards: Path | None = None
    bundled: bool = True

    def files(self) -> list[Path]:
        """The pack's rule files, in the order of their paths."""
        return [Path(f) for f in self.file_names()]

    def file_names(self, limit: int | None = None, where: str = "") -> list[str]:
        """The pack's rule files as path strings, in the order of their paths (os.walk: every
        command lists them to key the rule cache, where pathlib's rglob and Path objects cost
        several times more). With `limit`, a walk past that many entries is ScenarioError."""
        out: list[str] = []
        seen = 0
        for sub in self.dirs:
            base = os.path.join(self.root, sub) if sub else os.fspath(self.root)
            found = []
            for folder, dirs, names in os.walk(base):
                seen += len(dirs) + len(names)
                if limit is not None and seen > limit:
                    raise ScenarioError(where or base, None, "pack", f"more than {limit:,} "
                                        "entries in the pack's folder: not a rule pack")
                if not self.bundled and folder != base and \
                        "cards" in os.path.relpath(folder, base).split(os.sep):
                    continue
                found += [os.path.join(folder, n) for n in names if n.endswith(".lp")]
            out += sorted(found, key=lambda f: f.split(os.sep))
        return out

    def label(self, path: Path | str) -> str:
        """A rule file's name in messages: relative to rules_asp/, or `<pack>/<path>`."""
        text, root = os.fspath(path), os.fspath(self.root) + os.sep
        rel = text[len(root):] if text.startswith(root) else str(Path(path).relative_to(self.root))
        return rel if self.bundled else f"{self.name}/{rel}"


def bundled_pack(name: str, rules_dir: Path | None = None) -> Pack:
    if rules_dir is None:
        from ....rules_asp import RULES_DIR
        rules_dir = RULES_DIR
    return Pack(name, rules_dir, BUNDLED[name], BUNDLED_REQUIRES[name])


def is_pack_path(entry: str) -> bool:
    """In `rules:`, an entry that names a directory rather than a bundled pack."""
    return "/" in entry or entry.startswith(".") or entry.startswith("~")


def load_pack_dir(path: str | Path, where: str | None = None) -> Pack:
    """A plug-in pack from a directory; ScenarioError (exit 2) when it is not a usable pack:
    every rule file is checked now (a regular file, within the size caps; a dangling or looping
    link, a FIFO, a device is refused naming it), and the folder walked within MAX_PACK_ENTRIES."""
    where = where or str(path)
    root = Path(path).expanduser()
    if not root.is_dir():
        raise ScenarioError(where, None, "pack", f"{path}: no such pack directory")
    name, requires = _pack_meta(root)
    if not PACK_NAME.match(name) or name in BUNDLED:
        raise ScenarioError(where, None, "pack", f"{name!r} is not a usable pack name (lowercase "
                            f"identifier, not one of {', '.join(BUNDLED)})")
    pack = Pack(name, root.resolve(), ("",), requires,
                root.resolve() / "cards" if (root / "cards").is_dir() else None, bundled=False)
    files = _checked_files(pack, where)
    if not files:
        raise ScenarioError(where, None, "pack", f"{path}: no .lp rule file in the pack directory")
    return pack


def _pack_meta(root: Path) -> tuple[str, tuple[str, ...]]:
    """The pack's name and required packs, from its pack.yaml when there is one."""
    from ..base.safeio import read_text
    from ..source.yamlsrc import load_yaml
    name, requires = _pack_name(root.name), ("mtg",)
    meta = root / "pack.yaml"
    if not (meta.exists() or meta.is_symlink()):
        return name, requires
    src = load_yaml(read_text(meta, MAX_META, what="pack.yaml"), str(meta))
    data = src.data if isinstance(src.data, dict) else {}
    unknown = set(data) - PACK_KEYS
    if unknown or not isinstance(src.data, dict):
        raise ScenarioError(str(meta), None, "", f"pack.yaml is a mapping of {sorted(PACK_KEYS)}")
    given = data.get("name", name)
    if not isinstance(given, str):
        raise ScenarioError(str(meta), src.line(("name",)), "name", "the pack's name is text")
    listed = data.get("requires", ["mtg"]) or []
    if not isinstance(listed, list) or not all(isinstance(r, str) for r in listed):
        raise ScenarioError(str(meta), src.line(("requires",)), "requires",
                            f"a list of pack names, one of {', '.join(BUNDLED)}")
    for req in listed:
        if req not in BUNDLED:
            raise ScenarioError(str(meta), src.line(("requires",)), "requires",
                                f"unknown pack {req[:80]!r}; one of {', '.join(BUNDLED)}")
    return given, tuple(listed)


def _checked_files(pack: Pack, where: str) -> list[str]:
    """The pack's rule files, each a regular file inside the pack within the caps."""
    import errno
    import stat
    from ..base.safeio import kind, too_large
    files, total = [], 0
    for path in pack.file_names(limit=MAX_PACK_ENTRIES, where=where):
        try:
            info = os.stat(path)
        except OSError as exc:
            raise ScenarioError(path, None, "pack", "cannot read the rule file: "
                                + ("a symbolic link that loops" if exc.errno == errno.ELOOP else
                                   "a symbolic link to nothing" if os.path.islink(path) else
                                   exc.strerror or str(exc))) from None
        if not os.path.realpath(path).startswith(os.fspath(pack.root) + os.sep):
            raise ScenarioError(path, None, "pack", "a symbolic link to a file outside the "
                                "pack's folder: a pack reads only its own folder")
        if not stat.S_ISREG(info.st_mode):
            raise ScenarioError(path, None, "pack", f"cannot read the rule file: it is "
                                f"{kind(info.st_mode)}, not a regular file")
        if info.st_size > MAX_PACK_FILE:
            raise ScenarioError(path, None, "pack", f"the rule file is "
                                f"{too_large(info.st_size, MAX_PACK_FILE)}")
        total += info.st_size
        if total > MAX_PACK_BYTES or len(files) >= MAX_PACK_FILES:
            raise ScenarioError(where, None, "pack", f"the pack is too large (at most "
                                f"{MAX_PACK_FILES:,} rule files and {MAX_PACK_BYTES:,} bytes)")
        files.append(path)
    return files


def _pack_name(dirname: str) -> str:
    return re.sub(r"[^a-z0-9_]", "_", dirname.lower()).lstrip("_0123456789") or "pack"


def resolve(packs: list["str | Pack"], rules_dir: Path | None = None) -> list[Pack]:
    """Names and packs -> packs, each required pack included, bundled ones first."""
    by_name: dict[str, Pack] = {}
    for p in packs:
        pack = p if isinstance(p, Pack) else bundled_pack(p, rules_dir)
        for req in pack.requires:
            by_name.setdefault(req, bundled_pack(req, rules_dir))
            for sub in BUNDLED_REQUIRES[req]:
                by_name.setdefault(sub, bundled_pack(sub, rules_dir))
        by_name.setdefault(pack.name, pack)
    bases = sorted(p.name for p in by_name.values() if p.bundled and "core" in p.dirs
                   and p.name != "core")
    if len(bases) > 1:
        raise ScenarioError("rules", None, "packs", f"{' and '.join(bases)} are packs of two "
                            "games: a rule base holds the packs of one game")
    if bases:
        by_name.pop("core", None)           # a game's base pack already carries the core files
    order = list(BUNDLED)
    return sorted(by_name.values(), key=lambda k: (order.index(k.name) if k.name in order
                                                    else len(order), k.name))
