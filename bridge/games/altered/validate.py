"""Validation of an Altered scenario: YAML (with lines) -> AlteredScenario, or ScenarioError
naming file, line and field (exit 2). Same discipline as the Magic validator: unknown keys are
errors, every value is checked, references are checked once every object is known."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ...core.base.errors import ScenarioError
from ...core.source.atoms import unwrap_chose
from ...core.source.checks import Checker
from ...core.source.expect import Expect, atom_texts, expect_from
from ...core.source.yamlsrc import Located, clip
from .model import (
    DURATIONS,
    EXPEDITIONS,
    PHASES,
    REGION_ROLES,
    STATISTICS,
    TRIGGERS,
    TYPES,
    ZONES,
    AlteredAction,
    AlteredCard,
    AlteredObject,
    AlteredScenario,
    Day,
)

if TYPE_CHECKING:
    from ...core.rules.packs import Pack
    from ...core.run.deadline import Deadline

TOP_KEYS = {"title", "description", "rules", "players", "day", "deck", "hand", "expeditions",
            "cards", "objects", "actions", "expect", "choose", "readings"}
DAY_KEYS = {"number", "phase", "first_player", "turn", "passed"}
CARD_KEYS = {"type", "subtypes", "name", "printed_name", "statistics", "cost", "tough",
             "targets", "effect", "reactions", "silences", "sets_terrain"}
OBJECT_KEYS = {"id", "card", "zone", "owner", "controller", "token", "exhausted", "face_down",
               "fleeting", "region"}
PLAY_KEYS = {"player", "card", "targets", "free", "expedition", "pay"}
MAX_OBJECTS = 2000
MAX_ACTIONS = 200
DEFAULT_DECK = 30


def validate_altered(src: Located, plugins: Sequence["Pack"] = (),
                     deadline: "Deadline | None" = None) -> AlteredScenario:
    """The validated scenario of an Altered YAML document."""
    return _Validator(src, deadline).scenario()


class _Validator:
    def __init__(self, src: Located, deadline: "Deadline | None" = None):
        self.src = src
        self.chk = Checker(src)
        self.tick = deadline.check if deadline is not None else (lambda: None)
        self.cards: dict[str, AlteredCard] = {}

    def err(self, path: tuple, message: str) -> ScenarioError:
        return self.src.error(path, message)

    # -- top level ---------------------------------------------------------------------------
    def scenario(self) -> AlteredScenario:
        data, title = self.chk.scenario_top(TOP_KEYS)
        if "description" in data and not isinstance(data["description"], str):
            raise self.err(("description",), "expected text")
        rules = self._rules(data.get("rules"))
        players = self._players(data)
        self.tick()
        for name, raw in self.chk.mapping(("cards",), data.get("cards") or {}, None).items():
            card = self._card(("cards", name), raw, str(name))
            card.name = card.name or str(name)      # a card under cards: is named by its key
            self.cards[str(name)] = card
        scen = AlteredScenario(
            file=self.src.file, title=title, rules=rules, players=players,
            day=self._day(data.get("day"), players),
            deck=self._per_player("deck", data, players, DEFAULT_DECK),
            hand=self._per_player("hand", data, players, 0),
            expeditions=self._expeditions(data.get("expeditions"), players),
            objects=[], actions=[], expect=Expect(), choose=[])
        scen.objects = self._objects(data.get("objects") or [], players)
        scen.actions = self._actions(data.get("actions") or [], scen)
        scen.expect = self._expect(data.get("expect"))
        scen.choose = [unwrap_chose(t) for t in self._atoms(("choose",), data.get("choose") or [])]
        scen.readings = [self.chk.ident(("readings", i), r) for i, r in
                         enumerate(self.chk.list(("readings",), data.get("readings") or []))]
        return scen

    def _rules(self, raw: Any) -> list[str]:
        rules = self.chk.list(("rules",), raw)
        for i, r in enumerate(rules):
            if r != "altered":
                raise self.err(("rules", i), f"{clip(r)}: an Altered scenario uses rules: "
                               "[altered] (the pack builds on the core only)")
        return ["altered"]

    def _players(self, data: dict) -> list[str]:
        return self.chk.players(data, range(2, 3), "an Altered scenario has two players (in "
                                                   "seating order, clockwise)")

    def _per_player(self, key: str, data: dict, players: list[str],
                    default: int) -> dict[str, int]:
        raw = self.chk.mapping((key,), data.get(key) or {}, players)
        out = {p: default for p in players}
        for p, v in raw.items():
            out[p] = self.chk.int_value((key, p), v, minimum=0)
        return out

    def _day(self, raw: Any, players: list[str]) -> Day:
        data = self.chk.mapping(("day",), raw if raw is not None else {}, DAY_KEYS)
        day = Day(number=self.chk.int_value(("day", "number"), data.get("number", 1), minimum=1),
                  phase=self.chk.choice(("day", "phase"), data.get("phase", "afternoon"), PHASES),
                  first_player=self.chk.choice(("day", "first_player"),
                                               data.get("first_player", players[0]), players))
        passed = self.chk.list(("day", "passed"), data.get("passed") or [])
        for i, p in enumerate(passed):
            self.chk.choice(("day", "passed", i), p, players)
        if passed and day.phase != "afternoon":
            raise self.err(("day", "passed"), "players pass in the Afternoon (1.3.2.d): "
                           f"not in the {day.phase}")
        if len(set(passed)) == 2:
            raise self.err(("day", "passed"), "both players have passed: the Afternoon is "
                           "over (1.3.2.d); describe the Dusk instead (phase: dusk)")
        day.passed = list(dict.fromkeys(passed))
        if "turn" in data and day.phase != "afternoon":
            raise self.err(("day", "turn"), "turns are taken in the Afternoon (1.3.2.d)")
        if day.phase == "afternoon":
            default = next(p for p in ([day.first_player] + players) if p not in day.passed)
            day.turn = self.chk.choice(("day", "turn"), data.get("turn", default), players)
            if day.turn in day.passed:
                raise self.err(("day", "turn"), f"{day.turn} has passed and takes no more "
                               "turns this day (1.3.2.d)")
        return day

    def _expeditions(self, raw: Any, players: list[str]) -> dict[str, dict[str, int]]:
        data = self.chk.mapping(("expeditions",), raw if raw is not None else {}, players)
        out = {p: {e: 0 for e in EXPEDITIONS} for p in players}
        for p, entry in data.items():
            for e, v in self.chk.mapping(("expeditions", p), entry, EXPEDITIONS).items():
                out[p][e] = self.chk.int_value(("expeditions", p, e), v, minimum=0)
        return out

    # -- cards -------------------------------------------------------------------------------
    def _card(self, path: tuple, raw: Any, key: str) -> AlteredCard:
        data = self.chk.mapping(path, raw, CARD_KEYS)
        card = AlteredCard(key=key, name=self.chk.opt_str(path, data, "name"),
                           printed_name=self.chk.opt_str(path, data, "printed_name"))
        if "type" in data:
            if isinstance(data["type"], list):
                raise self.err(path + ("type",), "an object has a single type (2.2.1.b): "
                               "write one of " + ", ".join(TYPES))
            card.type = self.chk.choice(path + ("type",), data["type"], TYPES)
        card.subtypes = [self.chk.ident(path + ("subtypes", i), s) for i, s in
                         enumerate(self.chk.list(path + ("subtypes",), data.get("subtypes", [])))]
        stats = self.chk.mapping(path + ("statistics",), data.get("statistics") or {}, STATISTICS)
        card.statistics = {s: self.chk.int_value(path + ("statistics", s), v, minimum=0)
                           for s, v in stats.items()}
        cost = self.chk.mapping(path + ("cost",), data.get("cost") or {}, ("hand", "reserve"))
        card.cost = {k: self.chk.int_value(path + ("cost", k), v, minimum=0)
                     for k, v in cost.items()}
        card.tough = self.chk.opt_int(path, data, "tough", minimum=0)     # 7.4.5.b: a number
        card.targets = [self.chk.choice(path + ("targets", i), t, TYPES) for i, t in
                        enumerate(self.chk.list(path + ("targets",), data.get("targets", [])))]
        if "effect" in data:
            card.effect = self._effect(path + ("effect",), data["effect"])
        for i, r in enumerate(self.chk.list(path + ("reactions",), data.get("reactions", []))):
            rpath = path + ("reactions", i)
            entry = self.chk.mapping(rpath, r, {"trigger", "effect"})
            if "trigger" not in entry or "effect" not in entry:
                raise self.err(rpath, "a reaction is {trigger: at_noon, effect: ...}")
            card.reactions.append((self.chk.choice(rpath + ("trigger",), entry["trigger"],
                                                   TRIGGERS),
                                   self._effect(rpath + ("effect",), entry["effect"])))
        card.silences = [self.chk.choice(path + ("silences", i), t, TRIGGERS) for i, t in
                         enumerate(self.chk.list(path + ("silences",), data.get("silences", [])))]
        if "sets_terrain" in data:
            card.sets_terrain = self.chk.choice(path + ("sets_terrain",), data["sets_terrain"],
                                                STATISTICS)
        return card

    def _effect(self, path: tuple, raw: Any) -> Any:
        """discard | activate | {draw: N, if_you_control: {subtype, at_least}} |
        {ongoing: this_day} | {put_in_reserve: {if_type: T | if_subtype: S, draw: N}}"""
        if raw in ("discard", "activate"):
            return raw
        if isinstance(raw, dict) and "draw" in raw and set(raw) <= {"draw", "if_you_control"}:
            n = self.chk.int_value(path + ("draw",), raw["draw"], minimum=1)
            if "if_you_control" not in raw:
                return ("draw", n)
            cpath = path + ("if_you_control",)
            cond = self.chk.mapping(cpath, raw["if_you_control"], {"subtype", "at_least"})
            if set(cond) != {"subtype", "at_least"}:
                raise self.err(cpath, "write {subtype: S, at_least: K}")
            return ("draw", n, ("controls", self.chk.ident(cpath + ("subtype",), cond["subtype"]),
                                self.chk.int_value(cpath + ("at_least",), cond["at_least"], 0)))
        if isinstance(raw, dict) and list(raw) == ["ongoing"]:
            return ("ongoing", self.chk.choice(path + ("ongoing",), raw["ongoing"], DURATIONS))
        if isinstance(raw, dict) and list(raw) == ["put_in_reserve"]:
            return self._stash(path + ("put_in_reserve",), raw["put_in_reserve"])
        raise self.err(path, f"{clip(raw)} is not an effect: discard, activate, {{draw: N}}, "
                       "{ongoing: this_day} or {put_in_reserve: {...}}")

    def _stash(self, path: tuple, raw: Any) -> tuple:
        data = self.chk.mapping(path, raw, {"if_type", "if_subtype", "draw"})
        kinds = [k for k in ("if_type", "if_subtype") if k in data]
        if len(kinds) != 1 or "draw" not in data:
            raise self.err(path, "write {if_type: TYPE, draw: N} or {if_subtype: S, draw: N}")
        n = self.chk.int_value(path + ("draw",), data["draw"], minimum=1)
        if kinds[0] == "if_type":
            return ("stash", "type", self.chk.choice(path + ("if_type",), data["if_type"], TYPES), n)
        return ("stash", "subtype", self.chk.ident(path + ("if_subtype",), data["if_subtype"]), n)

    def _card_ref(self, path: tuple, raw: Any, oid: str) -> AlteredCard:
        if raw is None:
            return AlteredCard(key=oid)
        if isinstance(raw, dict):
            return self._card(path, raw, oid)
        if isinstance(raw, str) and raw in self.cards:
            return self.cards[raw]
        raise self.err(path, f"unknown card {clip(raw)}: name one under cards: or write it "
                       "inline as a map")

    # -- objects -----------------------------------------------------------------------------
    def _objects(self, raw: Any, players: list[str]) -> list[AlteredObject]:
        items = self.chk.list(("objects",), raw)
        if len(items) > MAX_OBJECTS:
            raise self.err(("objects",), f"more than {MAX_OBJECTS} objects")
        out: list[AlteredObject] = []
        seen: set[str] = set()
        for i, item in enumerate(items):
            self.tick()
            out.append(self._object(("objects", i), item, players, seen))
        return out

    def _object(self, path: tuple, raw: Any, players: list[str], seen: set[str]) -> AlteredObject:
        data = self.chk.mapping(path, raw, OBJECT_KEYS)
        if "id" not in data:
            raise self.err(path, "an object needs an id")
        oid = self.chk.ident(path + ("id",), data["id"])
        if oid in seen or oid in players:
            raise self.err(path + ("id",), f"id {oid!r} is used twice")
        seen.add(oid)
        if "zone" not in data:
            raise self.err(path, "an object needs a zone: " + ", ".join(ZONES))
        zone = self.chk.choice(path + ("zone",), data["zone"], ZONES)
        owner = data.get("owner", data.get("controller"))
        obj = AlteredObject(id=oid, card=self._card_ref(path + ("card",), data.get("card"), oid),
                            zone=zone, line=self.src.line(path))
        obj.owner = None if owner is None else self.chk.choice(path + ("owner",), owner, players)
        ctrl = data.get("controller", owner)
        obj.controller = None if ctrl is None else self.chk.choice(path + ("controller",), ctrl,
                                                                  players)
        for flag in ("token", "exhausted", "fleeting"):
            if flag in data:
                setattr(obj, flag, self.chk.bool_value(path + (flag,), data[flag]))
        obj.face_down = self.chk.bool_value(path + ("face_down",),
                                            data.get("face_down", zone == "mana"))
        if "region" in data:
            obj.region = self.chk.choice(path + ("region",), data["region"], REGION_ROLES)
        self._object_fits(path, obj)
        return obj

    def _object_fits(self, path: tuple, obj: AlteredObject) -> None:
        card = obj.card
        if obj.region is None and not obj.token and card.type is None and obj.zone != "mana":
            raise self.err(path + ("card",), "the card needs a type (2.2.1.c): "
                           + ", ".join(TYPES))
        if obj.owner is None and card.type != "emblem" and obj.region is None:
            raise self.err(path, "an object needs an owner (or a controller)")
        if obj.token and obj.zone not in ("hero_expedition", "companion_expedition", "limbo"):
            raise self.err(path + ("zone",), "a token is a Character (2.2.1.d): it is in an "
                           "expedition")

    # -- actions -----------------------------------------------------------------------------
    def _actions(self, raw: Any, scen: AlteredScenario) -> list[AlteredAction]:
        items = self.chk.list(("actions",), raw)
        if len(items) > MAX_ACTIONS:
            raise self.err(("actions",), f"more than {MAX_ACTIONS} actions")
        out = []
        for i, item in enumerate(items):
            self.tick()
            path = ("actions", i)
            if item == "next_phase":
                out.append(AlteredAction("next_phase", {}, i, self.src.line(path)))
                continue
            if not isinstance(item, dict) or len(item) != 1:
                raise self.err(path, "an action is next_phase, {pass: PLAYER} or {play: {...}}")
            (verb, args), = item.items()
            if verb == "pass":
                out.append(AlteredAction("pass", {"player": self.chk.choice(
                    path + ("pass",), args, scen.players)}, i, self.src.line(path)))
            elif verb == "play":
                out.append(AlteredAction("play", self._play(path + ("play",), args, scen), i,
                                         self.src.line(path)))
            else:
                raise self.err(path, f"unknown action {clip(verb)}: next_phase, pass or play")
        return out

    def _play(self, path: tuple, raw: Any, scen: AlteredScenario) -> dict[str, Any]:
        data = self.chk.mapping(path, raw, PLAY_KEYS)
        for key in ("player", "card"):
            if key not in data:
                raise self.err(path, f"play needs {key}")
        ids = {o.id for o in scen.objects}
        args: dict[str, Any] = {
            "player": self.chk.choice(path + ("player",), data["player"], scen.players),
            "card": self._ref(path + ("card",), data["card"], ids)}
        args["targets"] = [self._ref(path + ("targets", i), t, ids) for i, t in
                           enumerate(self.chk.list(path + ("targets",), data.get("targets", [])))]
        args["pay"] = [self._ref(path + ("pay", i), t, ids) for i, t in
                       enumerate(self.chk.list(path + ("pay",), data.get("pay", [])))]
        args["free"] = self.chk.bool_value(path + ("free",), data.get("free", False))
        card = scen.object(args["card"]).card
        if "expedition" in data:
            args["expedition"] = self.chk.choice(path + ("expedition",), data["expedition"],
                                                 EXPEDITIONS)
        elif card.type == "character":
            raise self.err(path, "a Character joins an expedition as it resolves (5.1.2.e): "
                           "give expedition: hero or companion")
        return args

    def _ref(self, path: tuple, raw: Any, ids: set[str]) -> str:
        oid = self.chk.ident(path, raw)
        if oid not in ids:
            raise self.err(path, f"no object with id {oid!r}")
        return oid

    # -- expectations ------------------------------------------------------------------------
    def _expect(self, raw: Any) -> Expect:
        return expect_from(self.chk, raw, self._rule_number)

    def _rule_number(self, path: tuple, raw: Any) -> str:
        from ...core.rules.rulebase import RULE_ID
        text = str(raw)
        if not RULE_ID.fullmatch(text) or text == "model":
            raise self.err(path, f"expected a rule number such as \"7.4.5.c\", got {clip(raw)}")
        return text

    def _atoms(self, path: tuple, raw: Any) -> list[str]:
        return atom_texts(self.chk, path, raw)
