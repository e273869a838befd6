"""What `ask` says before an Altered ruling: where the excerpt stops short of what the scenario
asks (not_encoded), and values of the scenario the rules set aside (ignored)."""
from __future__ import annotations

from .model import AlteredScenario

SUBTYPES = {                                    # the lists of 2.2.2.d-h (2.2.2.a: Hero none)
    "character": {"adventurer", "animal", "apprentice", "artist", "bureaucrat", "citizen",
                  "companion", "deity", "dragon", "druid", "elemental", "engineer", "fairy",
                  "leviathan", "mage", "messenger", "noble", "plant", "robot", "soldier",
                  "scholar", "spirit", "titan", "trainer"},
    "permanent": {"landmark"}, "region": {"forest", "mountain", "water"},
    "spell": {"boon", "conjuration", "disruption", "maneuver", "song"},
    "emblem": {"reaction", "ongoing"}, "hero": set(),
}


def not_encoded(scen: AlteredScenario) -> list[str]:
    """The gaps of the excerpt this scenario runs into."""
    notes = []
    reaches_dusk = scen.day.phase == "dusk" or any(a.verb in ("pass", "next_phase")
                                                   for a in scen.actions)
    if reaches_dusk:
        notes.append("the excerpt stops in the middle of 1.3.2.e: at Dusk expeditions are "
                     "totalled (expedition_stat) but none moves forward (docs/altered.md, gaps)")
    return notes


def ignored(scen: AlteredScenario) -> list[str]:
    """Values the rules set aside, each with the rule that does."""
    notes = []
    for obj in scen.objects:
        card, kind = obj.card, _kind(obj)
        wrong = [s for s in card.subtypes if kind in SUBTYPES and s not in SUBTYPES[kind]]
        if wrong and not (obj.region == "tumult" and obj.face_down):
            rule = "2.2.2.a" if kind == "hero" else "2.2.2.c"
            notes.append(f"{obj.id}: sub-type(s) {', '.join(wrong)} not on the {kind} list "
                         f"({rule})")
        if card.tough is not None and kind not in ("character", "permanent"):
            notes.append(f"{obj.id}: tough {card.tough} is ignored: Tough is for Characters "
                         "and Permanents (7.4.5.a)")
        if card.name is not None and kind == "emblem":
            notes.append(f"{obj.id}: an emblem has no name (2.2.3.g)")
        if obj.token and card.type not in (None, "character"):
            notes.append(f"{obj.id}: a token is a Character whatever its card says (2.2.1.d)")
    return notes


def _kind(obj) -> str | None:
    """The object's type as the rules will see it at the start (2.2.1.b-g)."""
    if obj.token:
        return "character"
    if obj.region is not None:
        return "region"
    if obj.zone == "mana" and obj.face_down:
        return "mana_orb"
    return obj.card.type
