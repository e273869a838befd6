"""Cards: parsing card definitions (library, local `cards:`, inline) into Card."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ...cards.found import Found
from ...core.base import rulecache
from ...core.base.safeio import read_card_file
from ...core.source.checks import Checker
from ...core.source.yamlsrc import clip, load_yaml
from .abilities import parse_abilities
from .effects import static_ability
from .keywords import check_backup, parse_keyword
from .scenario import BATTLEFIELD_STATES, COLORS, Card
from .vocab import MANA_SYMBOL, WORD

CARD_FIELDS = {"name", "mana_cost", "colors", "supertypes", "types", "subtypes", "power",
               "toughness", "loyalty", "defense", "keywords", "abilities", "back", "adventure", "split",
               "battlefield_state", "not_understood", "modal", "flip", "omen", "prototype"}
MAX_NAME = 300        # longer than any card name (the longest printed is ~140 characters)


def parse_card(chk: Checker, path: tuple, raw: Any, key: str, allow_back: bool = True) -> Card:
    """Validate one card map at `path` and build a Card (with its back face)."""
    data = chk.mapping(path, raw, CARD_FIELDS)
    card = Card(key=key, line=chk.src.line(path))
    card.name = chk.opt_str(path, data, "name")
    card.mana_cost = _mana_cost(chk, path, data)
    card.colors = _colors(chk, path, data, card.mana_cost)
    for fld in ("supertypes", "types", "subtypes"):
        setattr(card, fld, chk.word_list(path + (fld,), data.get(fld, []), WORD))
    for fld in ("power", "toughness", "loyalty", "defense"):
        setattr(card, fld, chk.opt_int(path, data, fld))
    card.keywords = [parse_keyword(chk, path + ("keywords", i), k)
                     for i, k in enumerate(chk.list(path + ("keywords",), data.get("keywords", [])))]
    card.abilities = parse_abilities(chk, path + ("abilities",), data.get("abilities", []))
    card.statics = _statics(chk, path + ("abilities",), data.get("abilities", []))
    card.chapters = _chapters(chk, path + ("abilities",), data.get("abilities", []))
    check_backup(chk, path, card)
    state = chk.opt_str(path, data, "battlefield_state")
    if state is not None and state not in BATTLEFIELD_STATES:
        raise chk.src.error(path + ("battlefield_state",),
                            f"unknown battlefield state {clip(state)}; one of {', '.join(BATTLEFIELD_STATES)}")
    card.battlefield_state = state
    # Oracle lines an imported card's compiler did not understand (docs/cards.md): ask notes them
    card.not_understood = [chk.str_value(path + ("not_understood", i), line) for i, line in
                           enumerate(chk.list(path + ("not_understood",), data.get("not_understood", [])))]
    if "back" in data:
        if not allow_back:
            raise chk.src.error(path + ("back",), "a back face or an Adventure cannot have a back face")
        card.back = parse_card(chk, path + ("back",), data["back"], key, allow_back=False)
    if "modal" in data:     # 712.2: a modal double-faced card (its faces are chosen, never transformed)
        card.modal = chk.bool_value(path + ("modal",), data["modal"])
        if card.modal and "back" not in data:
            raise chk.src.error(path + ("modal",), "modal: true needs the card's other face as `back`")
    if "adventure" in data:   # 715.2: the Adventure's alternative characteristics
        card.adventure = _alt_spell(chk, path, data, key, allow_back, "adventure", "an Adventure", "715.2")
    if "omen" in data:        # 720.2: the Omen's alternative characteristics
        card.omen = _alt_spell(chk, path, data, key, allow_back, "omen", "an Omen", "720.2")
    if "prototype" in data:   # 718.2: `prototype: {mana_cost, power, toughness}`, all three
        proto = chk.mapping(path + ("prototype",), data["prototype"], {"mana_cost", "power", "toughness"})
        if len(proto) != 3 or not allow_back:
            raise chk.src.error(path + ("prototype",), "a card's prototype gives mana_cost, power and toughness (718.2)")
        card.prototype = parse_card(chk, path + ("prototype",), proto, key, allow_back=False)
    if "split" in data:
        card.halves = _halves(chk, path, data, key, allow_back)
    if "flip" in data:        # 710.1b: the flipped name, types, text box, power and toughness
        if not allow_back:
            raise chk.src.error(path + ("flip",), "a back face, half or Adventure cannot be a flip card")
        card.flip = parse_card(chk, path + ("flip",), data["flip"], key, allow_back=False)
        if {"mana_cost", "colors"} & set(data["flip"]):
            raise chk.src.error(path + ("flip",), "a flip card's colour and mana cost are its "
                                                  "normal ones (710.1c): give them on the card only")
    return card


def _alt_spell(chk: Checker, path: tuple, data: dict, key: str, allow_back: bool, fld: str,
               noun: str, rule: str) -> Card:
    """An Adventure or an Omen: an instant or sorcery set of characteristics the card may have as
    a spell (715.2, 720.2)."""
    if not allow_back:
        raise chk.src.error(path + (fld,), f"a back face, an Adventure or an Omen cannot have {noun}")
    alt = parse_card(chk, path + (fld,), data[fld], key, allow_back=False)
    if not alt.types or set(alt.types) - {"instant", "sorcery"}:
        raise chk.src.error(path + (fld, "types"),
                            f"{noun} is an instant or a sorcery ({rule}): types [instant] or [sorcery]")
    return alt


def _halves(chk: Checker, path: tuple, data: dict, key: str, allow_back: bool) -> list[Card]:
    """709.1: `split: [LEFT, RIGHT]`, the two halves of a split card, each a card map; the card
    itself has no other characteristics (709.4: off the stack they are the halves' combined)."""
    if not allow_back:
        raise chk.src.error(path + ("split",), "a back face or a half cannot be split")
    others = set(data) - {"split", "not_understood"}
    if others:
        raise chk.src.error(path + (min(others),), "a split card's characteristics are its halves' "
                                                         "(709.4): give them in `split: [LEFT, RIGHT]` only")
    raw = chk.list(path + ("split",), data["split"])
    if len(raw) != 2:
        raise chk.src.error(path + ("split",), "a split card has two halves: split: [LEFT, RIGHT]")
    return [parse_card(chk, path + ("split", i), h, key, allow_back=False) for i, h in enumerate(raw)]


def _statics(chk: Checker, path: tuple, abilities: list) -> dict[int, dict]:
    """Static abilities (`{static: {...}}`, docs/abilities-static.md), by ability index, read
    from the raw ability entries (whatever form the other ability kinds take)."""
    abilities = [a if isinstance(a, dict) else {} for a in chk.list(path, abilities)]
    return {i: static_ability(chk, path + (i, "static"), a["static"])
            for i, a in enumerate(abilities) if "static" in a}


def _chapters(chk: Checker, path: tuple, abilities: list) -> dict[int, list[int]]:
    """Saga chapter abilities (`{chapter: N}` or `{chapter: [N, M]}`, 714.2), by ability index."""
    out: dict[int, list[int]] = {}
    for i, ability in enumerate(chk.list(path, abilities)):
        if isinstance(ability, dict) and "chapter" in ability:
            raw = ability["chapter"]
            numbers = raw if isinstance(raw, list) else [raw]
            out[i] = [chk.int_value(path + (i, "chapter"), n, minimum=1) for n in numbers]
    return out


def _mana_cost(chk: Checker, path: tuple, data: dict) -> str | None:
    raw = data.get("mana_cost")
    if isinstance(raw, str) and not raw.strip():
        return None  # 202.1b: an empty mana cost is no mana cost (a Siege's back face)
    cost = chk.opt_str(path, data, "mana_cost")
    if cost is None:
        return None
    if MANA_SYMBOL.sub("", cost) != "":
        raise chk.src.error(path + ("mana_cost",),
                            f"bad mana cost {clip(cost)}: use symbols like {{2}}{{W}}{{U}}, {{X}}, {{W/U}}, {{G/P}}")
    return cost


def _colors(chk: Checker, path: tuple, data: dict, cost: str | None) -> list[str] | None:
    if "colors" in data:
        colors = chk.word_list(path + ("colors",), data["colors"], WORD)
        bad = [c for c in colors if c not in COLORS.values()]
        if bad:
            raise chk.src.error(path + ("colors",), f"unknown colour {clip(bad[0])}")
        return colors
    return None


def derived_colors(card: Card) -> list[str]:
    """105.2/202.2: a card's colours are those of the mana symbols in its cost."""
    if card.colors is not None:
        return card.colors
    found = []
    for sym in MANA_SYMBOL.findall(card.mana_cost or ""):
        for letter in sym.split("/"):
            colour = COLORS.get(letter)
            if colour and colour not in found:
                found.append(colour)
    return found


class CardLibrary:
    """The bundled card library (one YAML file a card, under rules_asp/cards/), the cards of
    plug-in packs, and user card sources (`--cards`: folders of card YAML, Scryfall JSON files).

    A name is looked up in the user sources first, in the order given, then in the packs and the
    bundled library: a user's card overrides a bundled card of the same name (docs/cards.md).
    Names match exactly or, failing that, ignoring case and punctuation."""

    def __init__(self, root: Path, extra: tuple[Path, ...] = (), sources: tuple[Path, ...] = ()):
        self.root = root
        self.extra = tuple(extra)       # plug-in packs' cards/ folders
        self.sources = tuple(sources)   # --cards folders and Scryfall files, first wins
        self._index: dict[str, str] | None = None      # card name -> its file's path
        self._opened: list | None = None

    def with_cards(self, folders: list[Path]) -> "CardLibrary":
        """This library and the cards of plug-in packs (a pack's card wins on a name clash)."""
        new = tuple(f for f in folders if f not in self.extra)
        return self if not new else CardLibrary(self.root, self.extra + new, self.sources)

    def with_sources(self, paths: list[Path] | tuple[Path, ...]) -> "CardLibrary":
        """This library and user card sources, searched before it (the first source wins)."""
        new = tuple(Path(p) for p in paths if Path(p) not in self.sources)
        return self if not new else CardLibrary(self.root, self.extra, self.sources + new)

    def opened(self) -> list:
        """The user sources, opened (a Scryfall file's index is built on first use)."""
        if self._opened is None:
            self._opened = []
            if self.sources:            # none: the sources' module (Scryfall, JSON) not loaded
                from ...cards.sources import open_source
                self._opened = [open_source(p) for p in self.sources]
        return self._opened

    def _scan(self) -> dict[str, str]:
        """{card name: file path} of the bundled library and the packs' cards. Reading every
        card file to learn its name costs more than an `ask` grounds, so the index is kept in
        the rule cache under the files' names, sizes and modification times (listed with
        os.walk, as path strings: a scenario naming one card need not build a Path a file)."""
        if self._index is None:
            paths = [p for root in (self.root,) + self.extra for p in _yaml_files(root)]
            stamps = _stamps(paths)
            key = rulecache.stamps_key(stamps) if stamps is not None else None
            stored = rulecache.load_binary("card-names", key) if key else None
            if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == stamps \
                    and isinstance(stored[1], dict):
                self._index = stored[1]
                return self._index
            self._index = {}
            for path in paths:
                src = self._located(Path(path))
                name = src.data.get("name") if isinstance(src.data, dict) else None
                if name:
                    self._index[name] = path
            if key:
                rulecache.store_binary("card-names", key, (stamps, dict(self._index)))
        return self._index

    @staticmethod
    def _located(path: Path) -> Any:
        """The card file parsed (a fresh copy: callers may change what they are given)."""
        return load_yaml(read_card_file(path), str(path))

    def names(self) -> list[str]:
        """The bundled and pack cards' names (see all_names for the user sources too)."""
        return sorted(self._scan())

    def all_names(self) -> list[str]:
        return sorted({*self._scan(), *(n for s in self.opened() for n in s.names())})

    def close_names(self, name: str, n: int = 5) -> list[str]:
        """The names nearest to `name` (difflib), for an unknown card's message."""
        import difflib
        if len(name) > MAX_NAME:
            return []
        names = self.all_names()
        by_norm = {_norm(x): x for x in names}
        close = difflib.get_close_matches(_norm(name), list(by_norm), n=n, cutoff=0.6)
        return [by_norm[c] for c in close]

    def path(self, name: str) -> Path | None:
        """The file of the card named `name`, if the bundled library or a pack has it."""
        index = self._scan()
        if name in index or len(name) > MAX_NAME:
            found = index.get(name)
        else:
            wanted = _norm(name)
            found = next((p for n, p in index.items() if _norm(n) == wanted), None)
        return None if found is None else Path(found)

    def find(self, name: str):
        """The card's YAML map and origin (a Found), or None."""
        if len(name) > MAX_NAME:
            return None                 # no card has such a name; spare the lookups
        for source in self.opened():
            found = source.find(name)
            if found is not None:
                return found
        path = self.path(name)
        if path is None:
            return None
        src = self._located(path)
        return Found(src.data["name"], src.data, str(path), path=path)

    def get(self, name: str) -> Card | None:
        found = self.find(name)
        if found is None:
            return None
        if found.path is not None:
            src = self._located(found.path)
            return parse_card(Checker(src), (), src.data, key=name)
        return parse_card_map(found.data, found.origin, key=name)


def _yaml_files(root: Path) -> list[str]:
    """The .yaml files under `root`, in the order of their paths (as sorted Paths would be)."""
    found = [os.path.join(folder, n) for folder, _, names in os.walk(root)
             for n in names if n.endswith(".yaml")]
    return sorted(found, key=lambda f: f.split(os.sep))


def _stamps(paths: list[str]) -> tuple | None:
    """Each file's (path, size, modification time): they change when a file is added,
    removed, renamed or edited; None if one can't be read. The index is stored with them and
    taken back only when they are equal (its key is a checksum of them, not a proof)."""
    out = []
    try:
        for path in paths:
            stat = os.stat(path)
            out.append((path, stat.st_size, stat.st_mtime_ns))
    except OSError:
        return None
    return tuple(out)


def parse_card_map(data: dict, origin: str, key: str) -> Card:
    """A card YAML map (read from a file or compiled) as a Card; faults name `origin`."""
    import yaml
    src = load_yaml(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), origin)
    return parse_card(Checker(src), (), src.data, key=key)


def _norm(name: str) -> str:
    from ...cards.scryfall import normalise
    return normalise(name)


def default_library() -> CardLibrary:
    from ....rules_asp import RULES_DIR
    return CardLibrary(RULES_DIR / "cards")
