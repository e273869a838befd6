"""The predefined tokens of 111.10 as card-format maps (data only: the card parser reads them in
predefined.py), and the effect verbs that create one without naming it."""
from __future__ import annotations

from typing import Any

__all__ = ["PREDEFINED", "VERB_TOKENS"]

PREDEFINED: dict[str, dict[str, Any]] = {
    # 111.10a: "{T}, Sacrifice this token: Add one mana of any color."
    "treasure": {"name": "Treasure", "types": ["artifact"], "subtypes": ["treasure"],
                 "abilities": [{"activated": {"cost": ["{T}", "sacrifice"],
                                              "effects": [{"add_mana": ["W", "U", "B", "R", "G"]}]}}]},
    # 111.10b: "{2}, {T}, Sacrifice this token: You gain 3 life."
    "food": {"name": "Food", "types": ["artifact"], "subtypes": ["food"],
             "abilities": [{"activated": {"cost": ["{2}", "{T}", "sacrifice"],
                                          "effects": [{"gain_life": {"player": "you", "amount": 3}}]}}]},
    # 111.10c: "Sacrifice this token: Add one mana of any color."
    "gold": {"name": "Gold", "types": ["artifact"], "subtypes": ["gold"],
             "abilities": [{"activated": {"cost": ["sacrifice"],
                                          "effects": [{"add_mana": ["W", "U", "B", "R", "G"]}]}}]},
    # 111.10d: a 2/2 black Zombie creature named Walker
    "walker": {"name": "Walker", "types": ["creature"], "subtypes": ["zombie"], "colors": ["black"],
               "power": 2, "toughness": 2},
    # 111.10t: "{T}, Sacrifice this token: Exile the top card of your library. You may play that
    # card this turn. Activate only as a sorcery."
    "junk": {"name": "Junk", "types": ["artifact"], "subtypes": ["junk"],
             "abilities": [{"activated": {"cost": ["{T}", "sacrifice"], "as_sorcery": True,
                                          "effects": [{"exile_until": {"player": "you", "count": 1,
                                                                       "may_play": "end_of_turn"}}]}}]},
    # 111.10f: "{2}, Sacrifice this token: Draw a card."
    "clue": {"name": "Clue", "types": ["artifact"], "subtypes": ["clue"],
             "abilities": [{"activated": {"cost": ["{2}", "sacrifice"],
                                          "effects": [{"draw": {"player": "you", "amount": 1}}]}}]},
    # 111.10s: "{1}, {T}, Sacrifice this token: Target creature you control explores. Activate
    # only as a sorcery."
    "map": {"name": "Map", "types": ["artifact"], "subtypes": ["map"],
            "abilities": [{"activated": {"cost": ["{1}", "{T}", "sacrifice"], "as_sorcery": True,
                                         "targets": [{"kind": "creature", "controller": "you"}],
                                         "effects": [{"explore": "target"}]}}]},
    # 111.10u: "{2}, {T}, Sacrifice this token: Search your library for a basic land card, put it
    # onto the battlefield tapped, then shuffle."
    "lander": {"name": "Lander", "types": ["artifact"], "subtypes": ["lander"],
               "abilities": [{"activated": {"cost": ["{2}", "{T}", "sacrifice"],
                                            "effects": [{"search": {"for": {"supertypes": ["basic"], "types": ["land"]},
                                                                    "to": "battlefield", "tapped": True}},
                                                        {"shuffle": {"player": "you"}}]}}]},
    # 111.10i, 701.53b: a double-faced token: "{2}: Transform this token."; its back face a 0/0
    # colourless Phyrexian artifact creature named "Phyrexian Token"
    "incubator": {"name": "Incubator", "types": ["artifact"], "subtypes": ["incubator"],
                  "abilities": [{"activated": {"cost": ["{2}"], "effects": [{"transform": "self"}]}}],
                  "back": {"name": "Phyrexian Token", "types": ["artifact", "creature"],
                           "subtypes": ["phyrexian"], "power": 0, "toughness": 0}},
    # 111.10j-q: Role tokens, colourless Aura Role enchantments with enchant creature, created
    # attached to a creature (`attached_to: target`)
    # 111.10j: Cursed: "Enchanted creature has base power and toughness 1/1."
    "cursed_role": {"name": "Cursed", "types": ["enchantment"], "subtypes": ["aura", "role"],
                        "keywords": [{"enchant": "creature"}],
                        "abilities": [{"static": {"affects": "attached", "set_power": 1, "set_toughness": 1}}]},
    # 111.10k: Monster: "Enchanted creature gets +1/+1 and has trample."
    "monster_role": {"name": "Monster", "types": ["enchantment"], "subtypes": ["aura", "role"],
                        "keywords": [{"enchant": "creature"}],
                        "abilities": [{"static": {"affects": "attached", "power": 1, "toughness": 1, "keywords": ["trample"]}}]},
    # 111.10p: Virtuous: "Enchanted creature gets +1/+1 for each enchantment you control."
    "virtuous_role": {"name": "Virtuous", "types": ["enchantment"], "subtypes": ["aura", "role"],
                        "keywords": [{"enchant": "creature"}],
                        "abilities": [{"static": {"affects": "attached", "power": 1, "toughness": 1, "per_count": {"types": ["enchantment"], "controller": "you"}}}]},
    # 111.10q: Wicked: "Enchanted creature gets +1/+1." and "When this token is put into a
    # graveyard from the battlefield, each opponent loses 1 life."
    "wicked_role": {"name": "Wicked", "types": ["enchantment"], "subtypes": ["aura", "role"],
                        "keywords": [{"enchant": "creature"}],
                        "abilities": [{"static": {"affects": "attached", "power": 1, "toughness": 1}},
                                      {"triggered": {"when": "to_graveyard", "effects": [{"lose_life": {"player": "each_opponent", "amount": 1}}]}}]},
}
# the effect verbs that create a predefined token without naming it (701.16a: investigate;
# 701.53a: incubate)
VERB_TOKENS = {"investigate": "clue", "incubate": "incubator"}


