"""Static-ability rules of the Oracle transformer (semantics.OracleTransformer) added in issue 31,
session 13: "can't be countered" (101.2), block and attack restrictions by a quality (509.1b,
508.1c), untap choices (502.3), hand size (402.2), land plays (305.2), "must be blocked" (509.1c)
and "you have hexproof" (702.11c). Each returns a ("static", form) piece."""
from __future__ import annotations

from lark import Token


def _land_type(token: Token) -> str:
    """A basic land type word in the singular ("Island" -> island; "Plains" stays)."""
    word = str(token)
    return word if word == "plains" else word.rstrip("s")


class StaticRules:
    """Mixed into OracleTransformer: one method per static rule of grammar.lark listed above."""

    def uncounterable(self, _):
        # 101.2, 113.6g: "this spell can't be countered": the spell's own static ability,
        # read on the stack (rules_asp/mtg/1-game-concepts/101.2-cant-be-countered.lp)
        return ("static", {"cant_be_countered": True})

    def cant_attack_unless_land(self, items):
        # 508.1c: it can attack a player, planeswalker or battle only if that defending player
        # controls a land of the basic land type (305.6)
        return ("static", {"cant_attack_unless_defender_controls": _land_type(items[-1])})

    def cant_be_blocked_by(self, items):
        # 509.1b: no creature of the quality may block it (the blocker's quality as blocks are declared)
        return ("static", {**items[0], "cant_be_blocked_by": items[1]})

    def block_only_flying(self, items):
        # 509.1b: it may block an attacker only if that attacker has flying
        return ("static", {**items[0], "combat_restriction": "block_only_flying"})

    def blockers_power(self, items):
        return {"power_at_most" if str(items[1]) == "less" else "power_at_least": int(str(items[0]))}

    def blockers_color(self, items):
        return {"colors": [str(items[0])]}

    def blockers_artifact(self, _):
        return {"types": ["artifact"]}

    def blockers_flying(self, _):
        return {"keywords": ["flying"]}

    def blockers_walls(self, _):
        return {"subtypes": ["wall"]}

    def may_not_untap(self, _):
        # 502.3: its controller determines whether it untaps (502.3-may-not-untap.lp)
        return ("static", {"may_not_untap": True})

    def no_max_hand(self, _):
        # 402.2: the controller's cleanup discard (514.1) no longer applies (402.2-no-maximum-hand-size.lp)
        return ("static", {"no_maximum_hand_size": True})

    def life_lock(self, items):
        # 119.7: the players who can't gain life (119.7-cant-gain-or-lose-life.lp)
        who = "each_player" if str(items[0]) == "players" else "opponents"
        return ("static", {"cant_gain_life": who})

    def life_total_cant_change(self, _):
        # 119.7, 119.8: its controller can neither gain nor lose life
        return ("static", {"cant_gain_life": "you", "cant_lose_life": "you"})

    def draw_limit(self, items):
        # 121.2b: the players who can't draw more than one card each turn (121.2b-draw-limit.lp)
        return ("static", {"draw_limit": "opponents" if str(items[0]) == "each opponent" else "each_player"})

    def cant_prevent(self, _):
        # 615.12: prevention effects prevent nothing (615.12-cant-be-prevented.lp)
        return ("static", {"damage_cant_be_prevented": True})

    def cost_change(self, items):
        # 601.2f, 118.7: a generic cost increase or reduction (118.7-cost-changes.lp)
        kind = next((str(t) for t in items if t.type == "SPELL_KIND"), None)
        caster = next((str(t) for t in items if t.type == "SPELL_CASTER"), None)
        amount = int(next(str(t) for t in items if t.type == "COST_GENERIC")[1:-1])
        less = next(str(t) for t in items if t.type == "MORE_LESS") == "less"
        change: dict = {"amount": -amount if less else amount,
                        "whose": {"you cast": "you", "your opponents cast": "opponents"}.get(caster or "", "each_player")}
        if kind == "noncreature":
            change["not_types"] = ["creature"]
        elif kind == "instant and sorcery":
            change["types"] = ["instant", "sorcery"]
        elif kind in ("white", "blue", "black", "red", "green"):
            change["colors"] = [kind]
        elif kind:
            change["types"] = [kind]
        return ("static", {"cost_change": change})

    def attack_tax(self, items):
        # 508.1h: a cost to attack its controller (508.1h-attack-costs.lp)
        return ("static", {"attack_tax": int(str(items[0])[1:-1])})

    def extra_land(self, _):
        # 305.2: one more land play in its controller's turns (305.2-additional-land-play.lp)
        return ("static", {"additional_land_play": True})

    def must_be_blocked(self, _):
        # 509.1c: a requirement on the blockers (509.1c-block-requirements.lp)
        return ("static", {"combat_requirement": "must_be_blocked"})

    def you_have_hexproof(self, _):
        # 702.11c: its controller has hexproof (702.1-player-keywords.lp)
        return ("static", {"player_keywords": ["hexproof"]})
