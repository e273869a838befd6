"""The Altered scenario model: what a validated Altered scenario file says, as typed data."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.source.expect import Expect

TYPES = ("character", "emblem", "hero", "permanent", "region", "spell")        # 2.2.1.a
PHASES = ("morning", "noon", "afternoon", "dusk", "night")                    # 1.3.2.a
ZONES = ("hand", "reserve", "discard", "mana", "landmark", "hero_expedition",
         "companion_expedition", "hero", "adventure", "limbo")
EXPEDITIONS = ("hero", "companion")
STATISTICS = ("forest", "mountain", "water")
REGION_ROLES = ("hero", "companion", "arena", "tumult")
TRIGGERS = ("at_noon",)
DURATIONS = ("this_day",)


@dataclass
class AlteredCard:
    """A card's (or token's, or emblem's) characteristics as the scenario writes them."""

    key: str
    type: str | None = None              # the leading word of the type line (2.2.1.c)
    subtypes: list[str] = field(default_factory=list)
    name: str | None = None              # the English name (2.2.3.c)
    printed_name: str | None = None      # the name printed on a card in another language
    statistics: dict[str, int] = field(default_factory=dict)
    cost: dict[str, int] = field(default_factory=dict)     # hand / reserve
    tough: int | None = None
    targets: list[str] = field(default_factory=list)       # types a target may have
    effect: Any = None                   # discard | activate | ("draw", N) | ("ongoing", D)
    reactions: list[tuple[str, Any]] = field(default_factory=list)   # (trigger, effect)
    silences: list[str] = field(default_factory=list)      # triggers that cannot activate
    sets_terrain: str | None = None      # passive: "all regions are [terrain]" (2.2.2.p)


@dataclass
class AlteredObject:
    id: str
    card: AlteredCard
    zone: str
    owner: str | None = None
    controller: str | None = None
    token: bool = False
    exhausted: bool = False
    face_down: bool = False
    fleeting: bool = False
    region: str | None = None            # hero / companion / arena / tumult
    line: int | None = None


@dataclass
class AlteredAction:
    verb: str                            # play / pass / next_phase
    args: dict[str, Any]
    index: int
    line: int | None = None


@dataclass
class Day:
    number: int = 1
    phase: str = "afternoon"
    first_player: str = ""
    turn: str | None = None              # whose Afternoon turn it is
    passed: list[str] = field(default_factory=list)


@dataclass
class AlteredScenario:
    """A whole validated Altered scenario (the core reads file, title, rules, plugins,
    readings, choose, expect, actions)."""

    file: str
    title: str
    rules: list[str]
    players: list[str]
    day: Day
    deck: dict[str, int]
    hand: dict[str, int]                 # unknown cards in hand besides the named ones
    expeditions: dict[str, dict[str, int]]
    objects: list[AlteredObject]
    actions: list[AlteredAction]
    expect: Expect
    choose: list[str]
    plugins: list = field(default_factory=list)
    readings: list[str] = field(default_factory=list)

    def object(self, oid: str) -> AlteredObject | None:
        return next((o for o in self.objects if o.id == oid), None)
