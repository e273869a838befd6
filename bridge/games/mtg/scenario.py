"""The scenario model: what a validated scenario file says, as plain typed data."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.base.record import Record
from ...core.source.expect import Expect

STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat",
         "declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
         "end_of_combat", "postcombat_main", "end", "cleanup")
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
PACKS = ("mtg", "almos")
BATTLEFIELD_STATES = ("empty", "daylight", "rainy", "nighttime", "heat_wave", "windy")
STATEBOUND = ("daylightbound", "nighttimebound", "rainybound", "heatwavebound", "windybound")
COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@dataclass(init=False, repr=False, eq=False)
class Keyword(Record):
    """One keyword instance: `flying`, or `{discipline: [instant], amount: 2}`."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(init=False, repr=False, eq=False)
class Card(Record):
    """A card's printed characteristics (one face; `back` holds the other)."""

    key: str                      # unique key in the scenario's card table
    name: str | None = None
    mana_cost: str | None = None
    colors: list[str] | None = None
    supertypes: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    keywords: list[Keyword] = field(default_factory=list)
    abilities: list[dict[str, Any]] = field(default_factory=list)
    statics: dict[int, dict[str, Any]] = field(default_factory=dict)  # ability index -> effect
    chapters: dict[int, list[int]] = field(default_factory=dict)      # ability index -> 714.2 numbers
    back: Card | None = None
    modal: bool = False             # 712.2: `back` is a modal double-faced card's other face (not transforming)
    adventure: Card | None = None   # 715.2: an adventurer card's Adventure (instant or sorcery)
    omen: Card | None = None        # 720.2: an omen card's Omen (instant or sorcery)
    prototype: Card | None = None   # 718.2: the alternative mana cost, power and toughness
    halves: list[Card] = field(default_factory=list)   # 709.1: a split card's two halves, left first
    flip: Card | None = None        # 710.1b: a flip card's alternative characteristics (flipped)
    battlefield_state: str | None = None
    line: int | None = None
    not_understood: list[str] = field(default_factory=list)   # Oracle lines left out (imported)

    def faces(self) -> list[Card]:
        """This card's sets of characteristics: its face, its back face (712), its Adventure
        (715) or Omen (720), its halves (709), its flipped characteristics (710) and its
        prototype's (718), those it has."""
        return [f for f in (self, self.back, self.adventure, self.omen, self.flip, self.prototype) if f is not None] + self.halves


@dataclass(init=False, repr=False, eq=False)
class GameObject(Record):
    """An object of the described state (contract section 1, Objects)."""

    id: str
    card: Card
    zone: str = "battlefield"
    owner: str | None = None
    controller: str | None = None
    token: bool = False
    tapped: bool = False
    face: str = "front"
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    entered_this_turn: bool = False
    attacking: str | None = None
    blocking: list[str] = field(default_factory=list)
    attached_to: str | None = None
    protector: str | None = None
    occupying: str | None = None
    chosen: str | None = None
    marked: bool = False
    unlocked: list[str] = field(default_factory=list)   # 709.5c: a Room's unlocked halves
    solved: bool = False            # 719.3b: a Case that is solved
    timestamp: int | None = None
    line: int | None = None


@dataclass(init=False, repr=False, eq=False)
class Action(Record):
    """One entry of `actions:`: a verb and its (validated) arguments."""

    verb: str
    args: Any
    index: int
    line: int | None = None


@dataclass(init=False, repr=False, eq=False)
class Turn(Record):
    """Whose turn it is, in which step, and its number."""

    active: str
    step: str = "precombat_main"
    number: int = 1


@dataclass(init=False, repr=False, eq=False)
class Scenario(Record):
    """A whole validated scenario."""

    file: str
    title: str
    rules: list[str]
    players: list[str]
    life: dict[str, int]
    poison: dict[str, int]
    library: dict[str, int]
    turn: Turn
    battlefield_state: str
    objects: list[GameObject]
    actions: list[Action]
    expect: Expect
    choose: list[str]
    cards: dict[str, Card] = field(default_factory=dict)
    tokens: dict[str, Card] = field(default_factory=dict)  # ids created by actions
    legal_query: bool = False     # `rulekeeper legal`: ask the rules for every legal play
    plugins: list = field(default_factory=list)   # plug-in packs named in `rules:` (packs.Pack)
    readings: list[str] = field(default_factory=list)  # extension: readings chosen (interpretations)
    speed: dict[str, int] = field(default_factory=dict)  # extension: a player's speed (702.179), if any
    # extension: spells each player cast this turn before the scenario starts (702.40a storm)
    spells_cast: dict[str, int] = field(default_factory=dict)
    spells_cast_last_turn: dict[str, int] = field(default_factory=dict)
    # extension: damage each player was dealt this turn before the scenario starts (702.54a)
    damage_this_turn: dict[str, int] = field(default_factory=dict)
    # extension: permanent cards put into each player's graveyard this turn before the start (700.11)
    descended_this_turn: dict[str, int] = field(default_factory=dict)
    # extension: mana each player spent this turn to cast spells before the start (700.14)
    mana_spent_this_turn: dict[str, int] = field(default_factory=dict)
    # extension: cards each player drew this turn before the scenario starts (121.2b)
    cards_drawn_this_turn: dict[str, int] = field(default_factory=dict)
    day_night: str | None = None  # extension: the game's day/night designation at the start (730.1)

    def object(self, oid: str) -> GameObject | None:
        return next((o for o in self.objects if o.id == oid), None)
