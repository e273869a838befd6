"""What each feature the bridge accepts relies on: the rule numbers that must be encoded for
the answer to take the feature into account. notencoded.py checks a scenario's features against
the rule base; tests/test_reliance.py checks that every accepted feature is declared here.

A number counts as encoded when some statement carries it or one of its subrules
(RuleBase.is_encoded), so a declaration names the most precise rule the feature needs.
"""
from __future__ import annotations

# Verbs of the scenario's actions (the contract's player actions and direct effects).
VERB_RULES: dict[str, tuple[str, ...]] = {
    "play_land": ("305.1",), "cast": ("601.2",), "activate": ("602.2",), "special_action": ("116.2",),
    "declare_attackers": ("508.1",), "declare_blockers": ("509.1",), "resolve": ("608.2",),
    "advance": ("500.1",), "deal_combat_damage": ("510.1", "510.2"),
    "deal_damage": ("120.2", "120.3"), "destroy": ("701.8a",), "exile": ("701.13a",),
    "return_to_hand": ("400.6",), "sacrifice": ("701.21a",), "put_counters": ("122.1",),
    "remove_counters": ("122.1",), "gain_control": ("613.1b",), "create_token": ("111.1",),
    "copy": ("707.2",), "transform": ("701.27a",), "convert": ("701.28a",),
    "harness": ("701.64a", "701.64b"), "clash": ("701.30a", "701.30b", "701.30d"), "modify": ("613.4c",),
    "gain_life": ("119.3",), "lose_life": ("119.3",), "draw": ("121.1",),
    "set_battlefield_state": ("1000.3c",),
    "prevent_damage": ("615.7",), "prevent_combat_damage": ("615.1a",),
    "regenerate": ("701.19a",), "put_onto_battlefield": ("110.2a", "122.6"),
    "become_copy": ("707.2",), "concede": ("104.3a",),
}
# Options of `cast`.
CAST_OPTION_RULES: dict[str, tuple[str, ...]] = {
    "targets": ("601.2c",), "x": ("107.3",), "without_paying_mana_cost": ("107.3b",),
    "face": ("712.8d",), "mode": ("700.2",), "kicked": ("702.33a",),
    "alternative_cost": ("118.9",), "sacrifice": ("118.8",), "using": ("118.9",),
    "face_down": ("708.4",), "as_adventure": ("715.3", "715.3b"),
    "as_omen": ("720.3", "720.3b", "720.3d"), "as_prototype": ("718.3", "718.3b", "718.5"),
    "half": ("709.3", "709.3b"), "squad": ("702.157a", "702.157b"),
}
# Card types, subtypes and supertypes whose rules act on their own (entering, intrinsic abilities).
ENTERING_TYPE_RULES: dict[str, tuple[str, ...]] = {
    "planeswalker": ("306.5b",),      # enters with its printed loyalty in loyalty counters
    "battle": ("310.4b",),            # enters with its printed defense in defense counters
}
# Intrinsic abilities of a subtype, for permanents that are or may come onto the battlefield.
INTRINSIC_SUBTYPE_RULES: dict[str, tuple[str, ...]] = {
    "siege": ("310.11b",),            # its last defense counter removed: exiled, cast transformed
}
SUBTYPE_RULES: dict[str, tuple[str, ...]] = {
    "aura": ("303.4",), "equipment": ("301.5",), "saga": ("714.2",),
}
SUPERTYPE_RULES: dict[str, tuple[str, ...]] = {"legendary": ("704.5j",)}
TYPE_RULES: dict[str, tuple[str, ...]] = {
    "creature": ("302.1",), "planeswalker": ("306.5c",), "battle": ("310.4c",),
    "land": ("305.1",), "instant": ("608.2n",), "sorcery": ("307.1",),
    "artifact": (), "enchantment": (),
}
# Fields of a card (contract: Cards).
CARD_FIELD_RULES: dict[str, tuple[str, ...]] = {
    "name": (), "mana_cost": ("202.3",), "colors": (),     # colours are data, read by keyword rules
    "supertypes": ("205.4",),
    "types": ("205.2a",), "subtypes": ("205.3",), "power": ("208.1",), "toughness": ("208.1",),
    "loyalty": ("306.5c",), "defense": ("310.4c",), "keywords": ("702.1",),
    "abilities": ("113.3",), "back": ("712.8",), "adventure": ("715.2", "715.4"), "omen": ("720.2", "720.4"),
    "prototype": ("718.2", "718.4"), "halves": ("709.4",),
    "split": ("709.3", "709.4"), "modal": ("712.11b", "712.8f"), "flip": ("710.1b", "710.2"),
    "battlefield_state": ("1000.3",),
    "not_understood": (),       # a record of Oracle lines left out; ask notes them (cards.md)
}
# Fields of an object of the described state (contract: Objects).
OBJECT_FIELD_RULES: dict[str, tuple[str, ...]] = {
    "attacking": ("506.4",), "blocking": ("509.1",), "attached_to": ("303.4",),
    "protector": ("310.8",), "occupying": ("1000.2",), "entered_this_turn": ("302.6",),
    "damage": ("120.3e",), "counters": ("122.1",), "tapped": ("110.5",), "face": ("712.8",),
    "marked": ("1000.7",), "chosen": ("607.2d",), "unlocked": ("709.5c",), "solved": ("719.3b",),
}
# Ability forms of `abilities:` and the effect verbs and trigger events they use.
ABILITY_KIND_RULES: dict[str, tuple[str, ...]] = {
    "spell": ("608.2",), "activated": ("602.2",), "triggered": ("603.2",),
    "static": ("611.3a",), "chapter": ("714.2",), "replacement": ("614.1",),
}
EFFECT_VERB_RULES: dict[str, tuple[str, ...]] = {
    "deal_damage": ("120.2",), "draw": ("121.1",), "gain_life": ("119.3",),
    "lose_life": ("119.3",), "put_counters": ("122.1",), "remove_counters": ("122.1",),
    "modify": ("613.4c",), "destroy": ("701.8a",), "exile": ("701.13a",),
    "return_to_hand": ("400.6",), "sacrifice": ("701.21a",), "counter": ("701.6a",),
    "counter_unless": ("701.6a", "118.12a"),
    "untap": ("701.26a",), "tap": ("701.26a",), "add_mana": ("106.4",),
    "set_battlefield_state": ("1000.3c",),
    "regenerate": ("701.19a",), "prevent_damage": ("615.7",),
    # issue 15 (card-form-v2)
    "discard": ("701.9a", "701.9b"), "become_copy": ("707.2",), "create_token": ("111.1", "111.4"),
    "mill": ("701.17a",), "cant_be_regenerated": ("701.19c",), "attach": ("701.3a", "701.3b"),
    "fight": ("701.14a", "701.14b"), "monstrosity": ("701.37a",), "adapt": ("701.46a",),
    "bolster": ("701.39a",), "proliferate": ("701.34a",),
    # issue 31, session 16
    "doesnt_untap_next": ("502.3",), "return_to_battlefield": ("110.2a",), "exile_if_dies": ("614.1a", "514.2"),
    # issue 32
    "goad": ("701.15a", "701.15b"), "detain": ("701.35a",), "suspect": ("701.60a", "701.60c"),
    "exert": ("701.43a",), "double": ("701.10b", "701.10d", "701.10e", "701.10f"), "triple": ("701.11b",),
    "discover": ("701.57a",), "populate": ("701.36a", "701.36b"),
    "exchange": ("701.12a", "701.12b", "701.12c"), "amass": ("701.47a", "701.47c"),
    "endure": ("701.63a", "701.63b"), "explore": ("701.44a", "701.44c"),
    "investigate": ("701.16a", "111.10f"),
    "scry": ("701.22a",), "surveil": ("701.25a",), "shuffle": ("701.24a",),
    "exile_graveyard": ("701.13a",), "fateseal": ("701.29a",), "set_life": ("119.5",),
    "lose_game": ("104.3e", "104.3f"), "win_game": ("104.2b", "104.3f"),
    "search": ("701.23a", "701.23b", "701.23d"), "move_counters": ("122.5",),
    "class_level": ("716.2a",), "time_travel": ("701.56a",),
    "become_monarch": ("724.1", "724.2", "724.3"),     # issue 31, session 15
    "get_energy": ("107.14", "122.1"),
    "incubate": ("701.53a", "111.10i"), "transform": ("701.27a",), "convert": ("701.28a",),
    "harness": ("701.64a", "701.64b"), "clash": ("701.30a", "701.30b", "701.30d"),
    "manifest": ("701.40a",), "cloak": ("701.58a",), "turn_face_down": ("708.2a", "708.2b", "712.16"), "manifest_dread": ("701.62a", "701.40a"),
    # issue 33
    "exile_until": ("701.13a",), "put_in_library": ("401.7",),
    "exile_until_leaves": ("610.3", "610.3b"),
    "return_exiled": ("607.2a",),
    "at_next_end_step": ("603.7", "603.7b", "603.7c"),
    # issue 32, cr701
    "flip": ("710.2",), "unattach": ("701.3d",), "connive": ("701.50a", "701.50b"), "forage": ("701.61a",), "solve": ("719.3a", "719.3b"), "unlock_door": ("709.5f",),
    "ring_tempts": ("701.54a", "701.54c"),
    # issue 31, session 15
    "draw_next_upkeep": ("603.7a", "603.7b", "121.1"),
}
# Forms inside an effect (issue 15): refs and amounts read from the game.
EFFECT_FORM_RULES: dict[str, tuple[str, ...]] = {
    "all": ("608.2c",), "opponent": ("608.2c", "608.2d"), "each_player": ("608.2c",),
    "each_opponent": ("608.2c",), "target_controller": ("608.2c",), "power_of": ("608.2h",),
    "toughness_of": ("608.2h",), "mana_value_of": ("608.2h",), "count": ("608.2h",), "negate": ("608.2c",),
    "damaged_player": ("603.2",),      # issue 31, session 16: "that player" of a combat damage trigger
    "party": ("700.8", "700.8a", "700.8b"),   # issue 32, session 17
}
# Restricted targets (issue 15): a target map, and the restriction items it gives (abilities.py
# _target_spec; rules_asp/mtg/1-game-concepts/115.1-restricted-targets.lp).
TARGET_FILTER_RULES: dict[str, tuple[str, ...]] = {
    "restricted": ("115.1",), "needs": ("608.2c",), "needs_not": ("608.2c",), "other": ("608.2c",),
    "controlled_by": ("608.2c",), "needs_any": ("115.1",), "keyword": ("115.1", "702.1"),
    "attacking": ("115.1", "506.4"), "not_attacking": ("115.1", "506.4"), "tapped": ("115.1",),
    "not_tapped": ("115.1",), "not_named": ("115.1",),
    "attacking_or_blocking": ("115.1", "506.3"), "not_attacking_or_blocking": ("115.1", "506.3"),
}
# Static combat restrictions (issue 15; effects.py COMBAT_RESTRICTIONS).
COMBAT_RESTRICTION_RULES: dict[str, tuple[str, ...]] = {
    "cant_attack": ("508.1c",), "cant_block": ("509.1b",), "cant_be_blocked": ("509.1b",), "block_only_flying": ("509.1b",), "cant_attack_or_block": ("508.1c", "509.1b"),
}
TRIGGER_EVENT_RULES: dict[str, tuple[str, ...]] = {
    "enters": ("603.6a",), "dies": ("700.4", "603.10a"), "leaves": ("603.10a",),
    "dealt_damage": ("120.3",), "you_cast": ("601.2i",), "beginning_of": ("603.2",),
    "counter_removed": ("122.1",), "cycled": ("702.29c",), "exploits": ("702.110b",),
    "you_scry": ("701.22d",), "you_surveil": ("701.25d",), "nth_counter": ("122.7",), "you_expend": ("700.14",),
    "ring_tempts_you": ("701.54d",), "you_discover": ("701.57b",), "you_manifest_dread": ("701.62b",),
    # issue 15 (card-form-v2)
    "attacks": ("508.1m",), "deals_combat_damage": ("510.3a",), "blocks": ("509.3a",),
    "becomes_blocked": ("509.3c",), "becomes_blocked_by_creature": ("509.3d",),
    "you_attack": ("508.3d",),
    "dies_matching": ("603.10a", "700.4"), "enters_matching": ("603.6a",),
    "you_gain_life": ("119.9",),     # issue 31, session 15
    "becomes_target": ("603.2", "601.2c"), "to_graveyard": ("603.6c", "603.10a"),
    "unlock_this_door": ("709.5h",), "you_fully_unlock": ("709.5i",),     # a Room's (cr7)
    "you_commit_crime": ("700.13",),
    "blocks_or_becomes_blocked": ("509.3a", "509.3c"), "you_control_none": ("603.8",),
}
# Keywords (cards.py accepts any word; one with no entry is reported as unknown).
KEYWORD_RULES: dict[str, tuple[str, ...]] = {
    "deathtouch": ("702.2",), "defender": ("702.3",), "double_strike": ("702.4",),
    "enchant": ("702.5a", "704.5m"), "equip": ("702.6",), "first_strike": ("702.7",),
    "flash": ("702.8",), "flying": ("702.9",), "haste": ("702.10",), "hexproof": ("702.11",),
    "indestructible": ("702.12",), "lifelink": ("702.15",), "protection": ("702.16",),
    "reach": ("702.17",), "shroud": ("702.18",), "trample": ("702.19",),
    "trample_over_planeswalkers": ("702.19c",), "vigilance": ("702.20",), "ward": ("702.21",),
    "menace": ("702.111",), "infect": ("702.90",), "wither": ("702.80",),
    "intimidate": ("702.13",), "plainswalk": ("702.14",), "islandwalk": ("702.14",),
    "swampwalk": ("702.14",), "mountainwalk": ("702.14",), "forestwalk": ("702.14",),
    "nonbasic_landwalk": ("702.14",), "legendary_landwalk": ("702.14",),
    "shadow": ("702.28",), "horsemanship": ("702.31",), "fear": ("702.36",),
    "skulk": ("702.118",), "prowess": ("702.108",), "flashback": ("702.34",),
    "cycling": ("702.29",), "convoke": ("702.51",),
    "persist": ("702.79",), "undying": ("702.93",), "exalted": ("702.83",),
    "battle_cry": ("702.91",), "annihilator": ("702.86",), "afflict": ("702.130",),
    "dethrone": ("702.105",), "melee": ("702.121",), "bushido": ("702.45",),
    "rampage": ("702.23",), "flanking": ("702.25",), "training": ("702.149",),
    "evolve": ("702.100",), "renown": ("702.112",), "riot": ("702.136",),
    "split_second": ("702.61",), "afterlife": ("702.135",),
    "mentor": ("702.134",), "toxic": ("702.164",), "devoid": ("702.114",),
    "cascade": ("702.85",), "affinity": ("702.41",),
    "changeling": ("702.73",), "unearth": ("702.84a",), "disturb": ("702.146a",),
    "echo": ("702.30a",), "suspend": ("702.62a", "702.62b"),
    "foretell": ("702.143a",), "plot": ("702.170a", "702.170d"),
    "madness": ("702.35a", "702.35b"), "morph": ("702.37a", "702.37c", "702.37e", "708.4"),
    "megamorph": ("702.37b", "702.37e"), "disguise": ("702.168a", "702.168b", "702.168d"),
    "ninjutsu": ("702.49a", "702.49c"), "start_your_engines": ("702.179a", "704.5z"),
    "station": ("702.184a",), "evoke": ("702.74a",), "buyback": ("702.27a",),
    "warp": ("702.185a", "702.185b"), "dash": ("702.109a",), "blitz": ("702.152a",),
    "vanishing": ("702.63a",), "fading": ("702.32a",), "extort": ("702.101a", "702.101b"),
    "escape": ("702.138a", "702.138b"), "outlast": ("702.107a",),
    "living_weapon": ("702.92a",),
    "crew": ("702.122a",), "saddle": ("702.171a", "702.122a"),
    "cumulative_upkeep": ("702.24a",), "ascend": ("702.131a", "702.131b"), "delve": ("702.66a",),
    "rebound": ("702.88a",), "exploit": ("702.110a", "702.110b"),
    "improvise": ("702.126a",), "storm": ("702.40a", "702.40b"),
    "modular": ("702.43a", "702.43b"), "fabricate": ("702.123a", "702.123b"),
    "bloodthirst": ("702.54a", "702.54c"), "kicker": ("702.33a", "702.33d"),
    "soulshift": ("702.46a", "702.46b"),
    "unleash": ("702.98a",),
    # session 15 (kw31)
    "devour": ("702.82a", "702.82b"), "mobilize": ("702.181a",),
    "enlist": ("702.154a", "702.154c", "702.154d"), "umbra_armor": ("702.89a", "616.1"),
    "graft": ("702.58a", "702.58b", "603.4"), "ravenous": ("702.156a", "107.3m"),
    "sunburst": ("702.44a", "702.44b"), "backup": ("702.165a", "702.165c"),
    "living_metal": ("702.161a",), "jump_start": ("702.133a",),
    "for_mirrodin": ("702.163a",), "job_select": ("702.182a", "702.163a"), "retrace": ("702.81a",), "ingest": ("702.115a", "702.115b"), "offspring": ("702.175a", "707.9b"),
    "casualty": ("702.153a", "118.3", "707.10"), "bargain": ("702.166a", "702.166b", "702.166c"),
    "soulbond": ("702.95a", "702.95c", "702.95e"), "entwine": ("702.42a",),
    "read_ahead": ("702.155a", "702.155b"),
    # session 17 (kw702)
    "demonstrate": ("702.144a", "707.10"), "provoke": ("702.39a", "702.39b", "509.1c"),
    "myriad": ("702.116a", "702.116b"), "amplify": ("702.38a", "702.38b"),
    "hideaway": ("702.75a",), "squad": ("702.157a", "702.157b", "707.2"),
    "conspire": ("702.78a", "702.78b", "118.3", "707.10"), "dredge": ("702.52a", "702.52b", "701.17a"),
    "tribute": ("702.104a", "702.104b"), "typecycling": ("702.29e", "702.29f", "701.23a"),
    "daybound": ("702.145b", "702.145c", "702.145d", "730.2a"),
    "nightbound": ("702.145e", "702.145f", "702.145g", "730.2b"),
    # the partner abilities (702.124a): deck-construction rules of Commander (903, out of
    # scope; 113.6n: they work before the game begins), so no rule of a game relies on them
    "partner": (), "friends_forever": (), "choose_a_background": (), "doctors_companion": (),
    "mark": ("1000.7",), "discipline": ("1000.6",),
    "daylightbound": ("1000.5a",), "nighttimebound": ("1000.5b",), "rainybound": ("1000.5c",),
    "heatwavebound": ("1000.5d",), "windybound": ("1000.5e",),
}
NOT_BOUND_RULE = ("1000.5f",)       # not_<state>bound keywords
# Outcome atoms (contract section 2) a scenario can ask about.
OUTCOME_RULES: dict[str, tuple[str, ...]] = {
    "zone": ("400.7",), "ceased": ("704.5d",), "controller": ("110.2",), "owner": (),
    "tapped": ("110.5",), "face": ("712.8",), "power": ("208.1",), "toughness": ("208.1",),
    "loyalty": ("306.5c",), "defense": ("310.4c",), "counters": ("122.1",),
    "damage": ("120.3e",), "has": ("702.1",), "life": ("119.3",), "poison": ("122.1f",), "speed": ("702.179d",),
    "day_night": ("730.1",), "monarch": ("724.1",), "energy": ("122.1",),
    "lost": ("704.5a",), "won": ("104.2",), "draw_game": ("104.4",), "attacking": ("508.1",),
    "blocking": ("509.1",), "protector": ("310.8",), "battlefield_state": ("1000.3",),
    "occupies": ("1000.2",), "marked": ("1000.7",), "werecreature": ("1000.8",),
    "stack": ("405.1",), "happened": (), "illegal": (), "legal": (), "hand_size": ("402.2",),
    "type": ("205.2a",), "subtype": ("205.3",), "supertype": ("205.4",), "color": (),
    "name": (), "mana_value": ("202.3",), "unlocked": ("709.5c",), "solved": ("719.3b",),
}


def keyword_rules(name: str) -> tuple[str, ...] | None:
    if name in KEYWORD_RULES:
        return KEYWORD_RULES[name]
    if name.startswith("not_") and name.endswith("bound"):
        return NOT_BOUND_RULE
    return None
