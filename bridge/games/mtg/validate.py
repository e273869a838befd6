"""Validation: a YAML document -> a Scenario, or a ScenarioError naming file, line, field."""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ...core.base.errors import ScenarioError
from ...core.source.atoms import unwrap_chose
from ...core.source.checks import IDENT, Checker
from ...core.source.expect import Expect, atom_texts, expect_from
from ...core.source.source import read_source
from ...core.source.yamlsrc import Located, clip, load_yaml
from .actions import ACTION_SPECS
from .cards import CardLibrary, default_library, parse_card
from .scenario import (
    BATTLEFIELD_STATES,
    PACKS,
    STEPS,
    ZONES,
    Action,
    Card,
    GameObject,
    Scenario,
    Turn,
)
from .vocab import COUNTER_ALIASES

if TYPE_CHECKING:       # deadline imports solve, which imports this module
    from ...core.run.deadline import Deadline

TOP_KEYS = {"title", "rules", "cards", "players", "life", "poison", "library", "turn", "speed",
            "spells_cast", "spells_cast_last_turn", "damage_this_turn", "descended_this_turn", "mana_spent_this_turn", "cards_drawn_this_turn", "day_night", "battlefield_state", "objects", "actions",
            "expect", "choose", "description", "query", "readings"}
OBJECT_KEYS = {"id", "card", "zone", "owner", "controller", "token", "tapped", "face", "damage", "unlocked", "solved",
               "counters", "entered_this_turn", "attacking", "blocking", "attached_to",
               "protector", "occupying", "marked", "timestamp", "chosen"}
RULE_NUMBER = re.compile(r"\d{3,4}(\.\d+[a-z]?)?|choose", re.ASCII)   # fullmatch


def load_scenario(path: str | Path, library: CardLibrary | None = None,
                  deadline: Deadline | None = None) -> Scenario:
    """Read and validate one scenario file (refused before reading if it is not a regular
    file or is too large: source.read_source); `deadline` is checked at every stage."""
    text = read_source(path)
    return parse_scenario(text, str(path), library, deadline)


def parse_scenario(text: str, file: str, library: CardLibrary | None = None,
                   deadline: Deadline | None = None) -> Scenario:
    tick = deadline.check if deadline is not None else (lambda: None)
    tick()
    src = load_yaml(text, file, tick)
    return _Validator(src, library or default_library(), deadline).scenario()


def validate_yaml(src: Located, library: CardLibrary | None = None,
                  deadline: Deadline | None = None) -> Scenario:
    """A scenario from YAML already read (the engine reads it first to choose the game)."""
    return _Validator(src, library or default_library(), deadline).scenario()


class _Validator:
    def __init__(self, src: Located, library: CardLibrary, deadline: Deadline | None = None):
        self.src = src
        self.chk = Checker(src)
        self.library = library
        self.local_cards: dict[str, Card] = {}
        self.tick = deadline.check if deadline is not None else (lambda: None)

    def err(self, path: tuple, message: str) -> ScenarioError:
        return self.src.error(path, message)

    # -- top level ---------------------------------------------------------------------------
    def scenario(self) -> Scenario:
        data, title = self.chk.scenario_top(TOP_KEYS)
        rules, plugins = self._rules(data.get("rules", ["mtg"]))
        if plugins:
            self.library = self.library.with_cards([p.cards for p in plugins if p.cards])
        players = self._players(data)
        self.tick()
        for name, raw in self.chk.mapping(("cards",), data.get("cards") or {}, None).items():
            self.tick()
            card = parse_card(self.chk, ("cards", name), raw, key=name)
            if card.name is None:       # a local card is named by its key under cards:
                card.name = name
            self.local_cards[name] = card
        turn = self._turn(data.get("turn"), players)
        state = data.get("battlefield_state", "empty")
        self.chk.choice(("battlefield_state",), state, BATTLEFIELD_STATES)
        if state != "empty" and "almos" not in rules:
            raise self.err(("battlefield_state",), "battlefield_state needs rules: [mtg, almos]")
        scen = Scenario(
            file=self.src.file, title=title, rules=rules, players=players,
            life=self._per_player("life", data, players, 20),
            poison=self._per_player("poison", data, players, 0, minimum=0),
            library=self._per_player("library", data, players, 40, minimum=0),
            turn=turn, battlefield_state=state, objects=[], actions=[], expect=Expect(),
            choose=[], cards=self.local_cards, plugins=plugins)
        scen.objects = self._objects(data.get("objects", []), scen)
        scen.actions = self._actions(data.get("actions", []), scen)
        self._check_references(scen)
        scen.expect = self._expect(data.get("expect", {}))
        scen.choose = [unwrap_chose(t) for t in self._atoms(("choose",), data.get("choose", []))]
        # extension: `readings: [name, ...]` selects readings of recorded interpretations
        scen.readings = [self.chk.ident(("readings", i), r)
                         for i, r in enumerate(self.chk.list(("readings",), data.get("readings", [])))]
        # extension: `speed: {alice: 2}`, the players that have a speed (702.179b: none by default)
        scen.speed = {p: self.chk.int_value(("speed", p), v, minimum=1)
                      for p, v in self.chk.mapping(("speed",), data.get("speed") or {}, players).items()}
        for p, v in scen.speed.items():
            if v > 4:
                raise self.err(("speed", p), f"speed {v} out of range (1 to 4, 702.179d)")
        # extensions, a count per player (none by default), each before the scenario starts:
        # `spells_cast: {alice: 2}`, the spells each player cast this turn (702.40a storm counts
        # them); `spells_cast_last_turn: {bob: 2}`, those cast in the turn before (603.4: the old
        # werewolves' "if no spells were cast last turn"); `damage_this_turn: {bob: 3}`, the damage
        # each player was dealt this turn (702.54a bloodthirst); `descended_this_turn` (permanent
        # cards put into their graveyard; 700.11); `mana_spent_this_turn` (the mana spent to cast
        # spells; 700.14, expend); `cards_drawn_this_turn: {bob: 2}`, the cards each player drew
        # this turn (121.2b; the rules default to the active player's draw-step card once the
        # scenario starts after that step, 504.1)
        for key in ("spells_cast", "spells_cast_last_turn", "damage_this_turn", "descended_this_turn",
                    "mana_spent_this_turn", "cards_drawn_this_turn"):
            setattr(scen, key, {p: self.chk.int_value((key, p), v, minimum=0)
                                for p, v in self.chk.mapping((key,), data.get(key) or {}, players).items()})
        # extension: `day_night: day|night`, the game's designation as the scenario starts (730.1:
        # neither by default)
        if data.get("day_night") is not None:
            scen.day_night = self.chk.choice(("day_night",), data["day_night"], ("day", "night"))
        if "query" in data:
            # extension: `query: legal` adds the legal(A) plays of the final state to the outcomes
            scen.legal_query = self.chk.choice(("query",), data["query"], ("legal",)) == "legal"
        return scen

    def _rules(self, raw: Any) -> tuple[list[str], list]:
        """Bundled pack names, and plug-in pack directories (a path relative to the scenario
        file: an entry with a `/` or starting with `.`); the packs they require are added."""
        from ...core.rules.packs import is_pack_path, load_pack_dir, resolve
        rules = self.chk.list(("rules",), raw)
        plugins = []
        for i, r in enumerate(rules):
            if isinstance(r, str) and is_pack_path(r):
                where = f"{self.src.file}:{self.src.line(('rules', i)) or ''}"
                plugins.append(load_pack_dir(Path(self.src.file).parent / Path(r).expanduser(),
                                             where))
            else:
                self.chk.choice(("rules", i), r, PACKS)
        named = [r for r in rules if not (isinstance(r, str) and is_pack_path(r))]
        if "almos" in named and "mtg" not in named:
            raise self.err(("rules",), "almos extends mtg: write rules: [mtg, almos]")
        names = [p.name for p in resolve((named or ["mtg"]) + plugins)]
        return names, plugins

    def _players(self, data: dict) -> list[str]:
        return self.chk.players(data, range(1, 9), "between 1 and 8 players")

    def _per_player(self, key: str, data: dict, players: list[str], default: int,
                    minimum: int = -1_000_000) -> dict[str, int]:
        raw = self.chk.mapping((key,), data.get(key) or {}, players)
        out = {p: default for p in players}
        for p, v in raw.items():
            out[p] = self.chk.int_value((key, p), v, minimum)
        return out

    def _turn(self, raw: Any, players: list[str]) -> Turn:
        if raw is None:
            return Turn(active=players[0])
        data = self.chk.mapping(("turn",), raw, {"active", "step", "number"})
        active = self.chk.choice(("turn", "active"), data.get("active", players[0]), players)
        step = self.chk.choice(("turn", "step"), data.get("step", "precombat_main"), STEPS)
        number = self.chk.int_value(("turn", "number"), data.get("number", 1), minimum=1)
        return Turn(active, step, number)

    # -- cards and objects ---------------------------------------------------------------------
    def card(self, path: tuple, raw: Any, owner_id: str) -> Card:
        if isinstance(raw, str):
            if raw in self.local_cards:
                return self.local_cards[raw]
            found = self.library.get(raw)
            if found is None:
                close = self.library.close_names(raw)
                hint = f"; did you mean: {', '.join(close)}?" if close else ""
                raise self.err(path, f"unknown card {clip(raw)}: not under cards: and not in the "
                                     f"card library{hint}")
            self.local_cards.setdefault(raw, found)
            return found
        return parse_card(self.chk, path, raw, key=f"#inline:{owner_id}")

    def _objects(self, raw: Any, scen: Scenario) -> list[GameObject]:
        out: list[GameObject] = []
        seen: set[str] = set()
        for i, item in enumerate(self.chk.list(("objects",), raw)):
            self.tick()
            path = ("objects", i)
            data = self.chk.mapping(path, item, OBJECT_KEYS)
            for need in ("id", "card"):
                if need not in data:
                    raise self.err(path, f"an object needs {clip(need)}")
            oid = self.chk.ident(path + ("id",), data["id"])
            if oid in seen or oid in scen.players:
                raise self.err(path + ("id",), f"duplicate id {clip(oid)}")
            seen.add(oid)
            out.append(self._object(path, data, oid, scen))
        return out

    def _object(self, path: tuple, data: dict, oid: str, scen: Scenario) -> GameObject:
        chk = self.chk
        obj = GameObject(id=oid, card=self.card(path + ("card",), data["card"], oid),
                         line=self.src.line(path))
        obj.zone = chk.choice(path + ("zone",), data.get("zone", "battlefield"), ZONES)
        players = scen.players
        ctrl = data.get("controller", data.get("owner", players[0]))
        obj.controller = chk.choice(path + ("controller",), ctrl, players)
        obj.owner = chk.choice(path + ("owner",), data.get("owner", obj.controller), players)
        for flag in ("token", "tapped", "entered_this_turn", "marked", "solved"):
            if flag in data:
                setattr(obj, flag, chk.bool_value(path + (flag,), data[flag]))
        obj.face = chk.choice(path + ("face",), data.get("face", "front"), ("front", "back", "down", "flipped"))
        if obj.face == "back" and obj.card.back is None:
            raise self.err(path + ("face",), "face: back, but the card has no back face")
        if obj.face == "flipped" and (obj.card.flip is None or obj.zone != "battlefield"):
            raise self.err(path + ("face",), "face: flipped is a flip card's permanent (710.2)")
        if obj.face == "down" and obj.zone != "battlefield":
            raise self.err(path + ("face",), "face: down is only encoded for permanents (708)")
        obj.unlocked = self._unlocked(path + ("unlocked",), obj, data.get("unlocked", []))
        obj.damage = chk.int_value(path + ("damage",), data.get("damage", 0), minimum=0)
        obj.counters = self._counters(path + ("counters",), data.get("counters") or {})
        obj.timestamp = chk.opt_int(path, data, "timestamp", minimum=0)
        for ref in ("attacking", "attached_to", "protector", "occupying"):
            if data.get(ref) is not None:
                setattr(obj, ref, chk.ident(path + (ref,), data[ref]))
        if data.get("chosen") is not None:   # 607.2d: the value chosen as it entered (a color, a creature type)
            if obj.zone != "battlefield":
                raise self.err(path + ("chosen",), "chosen is the value a permanent's ability chose as it entered: battlefield only")
            obj.chosen = chk.ident(path + ("chosen",), data["chosen"])
        blocking = data.get("blocking", [])
        blocking = [blocking] if isinstance(blocking, str) else chk.list(path + ("blocking",), blocking)
        obj.blocking = [chk.ident(path + ("blocking", j), b) for j, b in enumerate(blocking)]
        if obj.occupying is not None or obj.marked:
            if "almos" not in scen.rules:
                raise self.err(path, "occupying and marked need rules: [mtg, almos]")
        return obj

    def _unlocked(self, path: tuple, obj: GameObject, raw: Any) -> list[str]:
        """`unlocked: [left, right]`: a Room's halves unlocked on the battlefield (709.5c)."""
        halves = [self.chk.choice(path + (i,), h, ("left", "right")) for i, h in enumerate(self.chk.list(path, raw))]
        if halves and (not obj.card.halves or obj.zone != "battlefield"):
            raise self.err(path, "unlocked is for a split card on the battlefield (a Room, 709.5c)")
        return sorted(set(halves))

    def _counters(self, path: tuple, raw: Any) -> dict[str, int]:
        data = self.chk.mapping(path, raw, None)
        out: dict[str, int] = {}
        for kind, amount in data.items():
            if not isinstance(kind, str) or not (kind in ("+1/+1", "-1/-1") or IDENT.fullmatch(kind)):
                raise self.err(path + (kind,), f"bad counter kind {clip(kind)}")
            kind = COUNTER_ALIASES.get(kind, kind)
            out[kind] = self.chk.int_value(path + (kind,), amount, minimum=0)
        return out

    def _check_references(self, scen: Scenario) -> None:
        ids = {o.id for o in scen.objects} | set(scen.tokens)
        targets = ids | set(scen.players)
        for i, obj in enumerate(scen.objects):
            path = ("objects", i)
            for ref, pool in (("attacking", targets), ("attached_to", targets),
                              ("occupying", ids), ("protector", set(scen.players))):
                value = getattr(obj, ref)
                if value is not None and value not in pool:
                    raise self.err(path + (ref,), f"{ref} names {clip(value)}, which is not "
                                                  f"{'a player' if ref == 'protector' else 'an object or player'} of this scenario")
            for j, b in enumerate(obj.blocking):
                if b not in ids:
                    raise self.err(path + ("blocking", j), f"blocking names {clip(b)}, not an object "
                                                           "of this scenario")

    # -- actions -------------------------------------------------------------------------------
    def _actions(self, raw: Any, scen: Scenario) -> list[Action]:
        out = []
        for i, item in enumerate(self.chk.list(("actions",), raw)):
            self.tick()
            path = ("actions", i)
            if isinstance(item, str):
                verb, args = item, None
            elif isinstance(item, dict) and len(item) == 1:
                verb, args = next(iter(item.items()))
            else:
                raise self.err(path, "an action is a verb, or a map with one verb as key")
            if verb not in ACTION_SPECS:
                raise self.err(path, f"unknown action {clip(verb)}; known: "
                                     + ", ".join(sorted(ACTION_SPECS)))
            spec: Callable = ACTION_SPECS[verb].validate
            args = spec(self, path + (verb,) if isinstance(item, dict) else path, args, scen)
            out.append(Action(verb, args, i, self.src.line(path)))
        return out

    # -- expectations --------------------------------------------------------------------------
    def _expect(self, raw: Any) -> Expect:
        return expect_from(self.chk, raw, self._rule_number)

    def _rule_number(self, path: tuple, raw: Any) -> str:
        """A rule number (or `choose`); YAML may read 704.5 as a number, so it is taken as text."""
        text = str(raw) if isinstance(raw, (int, float)) and not isinstance(raw, bool) else raw
        if not isinstance(text, str) or not RULE_NUMBER.fullmatch(text):
            raise self.err(path, f"expected a rule number such as \"110.5d\", got {clip(raw)}")
        return text

    def _atoms(self, path: tuple, raw: Any) -> list[str]:
        return atom_texts(self.chk, path, raw)


