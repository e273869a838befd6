"""What a scenario uses that the rule base does not encode yet: reported, never ignored."""
from __future__ import annotations

from .actions import ACTION_SPECS
from .rulebase import RuleBase
from .scenario import Card, Scenario

# Keyword -> the rule that gives it meaning.
KEYWORD_RULES = {
    "deathtouch": "702.2", "defender": "702.3", "double_strike": "702.4", "first_strike": "702.7",
    "flash": "702.8", "flying": "702.9", "haste": "702.10", "hexproof": "702.11",
    "indestructible": "702.12", "lifelink": "702.15", "protection": "702.16", "reach": "702.17",
    "shroud": "702.18", "trample": "702.19", "trample_over_planeswalkers": "702.19c", "vigilance": "702.20", "ward": "702.21",
    "menace": "702.111", "infect": "702.90", "wither": "702.80", "changeling": "702.73",
    "mark": "1000.7", "discipline": "1000.6",
    "daylightbound": "1000.5a", "nighttimebound": "1000.5b", "rainybound": "1000.5c",
    "heatwavebound": "1000.5d", "windybound": "1000.5e",
}
FIELD_RULES = {
    "attacking": "506.4", "blocking": "509.1", "attached_to": "303.4", "protector": "310.8",
    "occupying": "1000.2", "entered_this_turn": "302.6", "abilities": "113.3",
    "battlefield_state": "1000.3", "back": "712.8",
}


def _keyword_rule(name: str) -> str | None:
    if name in KEYWORD_RULES:
        return KEYWORD_RULES[name]
    if name.startswith("not_") and name.endswith("bound"):
        return "1000.5f"
    return None


def not_encoded(scen: Scenario, rules: RuleBase) -> list[str]:
    """Human-readable notes, one per feature whose rules are missing from the rule base."""
    notes: dict[str, str] = {}

    def need(number: str, what: str) -> None:
        if not rules.is_encoded(number):
            notes.setdefault(what, f"{what}: rule {number} is not encoded yet; it has no effect here")

    for action in scen.actions:
        for number in ACTION_SPECS[action.verb].rules:
            need(number, f"action {action.verb}")
        if action.verb == "cast" and action.args.get("modes"):
            need("700.2", "cast with a mode")
        if action.verb == "cast" and action.args.get("kicked"):
            need("702.33a", "cast kicked")
        if action.verb == "cast" and action.args.get("alternative") is not None:
            need("118.9", "cast for an alternative cost")
    cards = [o.card for o in scen.objects] + [c for c in scen.tokens.values() if c]
    for card in cards:
        for face in (card, card.back):
            if face is None:
                continue
            for kw in face.keywords:
                number = _keyword_rule(kw.name)
                if number is None:
                    notes.setdefault(f"keyword {kw.name}",
                                     f"keyword {kw.name}: not a keyword the rule base knows")
                else:
                    need(number, f"keyword {kw.name}")
            _card_fields(face, need)
    for obj in scen.objects:
        for fld in ("attacking", "attached_to", "protector", "occupying"):
            if getattr(obj, fld) is not None:
                need(FIELD_RULES[fld], f"field {fld}")
        if obj.blocking:
            need(FIELD_RULES["blocking"], "field blocking")
        if obj.entered_this_turn:
            need(FIELD_RULES["entered_this_turn"], "field entered_this_turn")
    if scen.battlefield_state != "empty":
        need("1000.3", "battlefield_state")
    return sorted(notes.values())


def _card_fields(card: Card, need) -> None:
    if any(a.get("kind") not in ("static", "chapter") for a in card.abilities):
        need(FIELD_RULES["abilities"], "card abilities")
    if card.statics:
        need("611.3a", "static abilities")
    if card.battlefield_state:
        need(FIELD_RULES["battlefield_state"], "card battlefield_state")
    if card.back is not None:
        need(FIELD_RULES["back"], "double-faced cards")
