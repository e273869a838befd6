"""Permanents' templates of issue 31, session 17 (helper cards31d), each with a real card's Oracle
text: values chosen as a permanent enters and the abilities linked to them (614.12, 607.2d), and
station cards' striations (721). Compile-only (each form's rules have their scenarios): the
compiled abilities, that the card format accepts the card, and the wordings beside each template
that must stay not understood."""
from __future__ import annotations

import pytest
from oracle_cards import card, full
from rulekeeper.bridge.cards.oracle import compile_card, compile_line

CHOOSE_COLOR = {"replacement": {"choose": "color"}}
CHOOSE_TYPE = {"replacement": {"choose": "creature_type"}}
TAPPED = {"replacement": {"enters_tapped": True}}


def _chosen_mana(*letters: str) -> dict:
    return {"activated": {"cost": ["{T}"], "effects": [{"add_mana": [*letters, "chosen"]}]}}


def _station(n: int, static: dict) -> dict:
    return {"static": static, "station": n}


FORMS = [
    # 614.12 + 614.1c: "This land enters tapped. As it enters, choose a color." is two replacements
    (card("Uncharted Haven", "Land", "This land enters tapped. As it enters, choose a color.\n"
          "{T}: Add one mana of the chosen color."), [TAPPED, CHOOSE_COLOR, _chosen_mana()]),
    (card("Heraldic Banner", "Artifact", "As this artifact enters, choose a color.\nCreatures you control of "
          "the chosen color get +1/+0.\n{T}: Add one mana of the chosen color.", mana_cost="{3}"),
     [CHOOSE_COLOR, {"static": {"affects": {"controller": "you", "types": ["creature"], "colors": ["chosen"]},
                                "power": 1}}, _chosen_mana()]),
    (card("Patchwork Banner", "Artifact", "As this artifact enters, choose a creature type.\nCreatures you "
          "control of the chosen type get +1/+1.\n{T}: Add one mana of any color.", mana_cost="{3}"),
     [CHOOSE_TYPE, {"static": {"affects": {"controller": "you", "types": ["creature"], "subtypes": ["chosen"]},
                               "power": 1, "toughness": 1}},
      {"activated": {"cost": ["{T}"], "effects": [{"add_mana": ["W", "U", "B", "R", "G"]}]}}]),
    (card("Steely Resolve", "Enchantment", "As this enchantment enters, choose a creature type.\nCreatures of "
          "the chosen type have shroud. (They can't be the targets of spells or abilities.)", mana_cost="{1}{G}"),
     [CHOOSE_TYPE, {"static": {"affects": {"types": ["creature"], "subtypes": ["chosen"]}, "keywords": ["shroud"]}}]),
    # 721.2a-c: each striation's abilities gated by its station symbol; the P/T box in the striation
    # the Station reminder names; no printed P/T
    (card("Galvanizing Sawship", "Artifact — Spacecraft", "Station (Tap another creature you control: Put "
          "charge counters equal to its power on this Spacecraft. Station only as a sorcery. It's an artifact "
          "creature at 3+.)\n3+ | Flying, haste", mana_cost="{5}{R}", power="6", toughness="5"),
     [_station(3, {"affects": "self", "keywords": ["flying", "haste"]}),
      _station(3, {"affects": "self", "add_types": ["creature"], "set_power": 6, "set_toughness": 5})]),
    (card("Lumen-Class Frigate", "Artifact — Spacecraft", "Station (Tap another creature you control: Put "
          "charge counters equal to its power on this Spacecraft. Station only as a sorcery. It's an artifact "
          "creature at 12+.)\nSTATION 2+\nOther creatures you control get +1/+1.\nSTATION 12+\nFlying, lifelink",
          mana_cost="{1}{W}", power="3", toughness="5"),     # Scryfall's layout: a STATION N+ line
     [_station(2, {"affects": {"other": True, "controller": "you", "types": ["creature"]}, "power": 1,
                   "toughness": 1}),
      _station(12, {"affects": "self", "keywords": ["flying", "lifelink"]}),
      _station(12, {"affects": "self", "add_types": ["creature"], "set_power": 3, "set_toughness": 5})]),
]


@pytest.mark.parametrize("data, abilities", FORMS, ids=lambda v: v["name"] if isinstance(v, dict) else "")
def test_session_seventeen_forms(data, abilities):
    got = full(data)
    assert got["abilities"] == abilities
    assert "power" not in got and "toughness" not in got


def test_a_die_roll_result_line_is_no_station_striation():
    # 706.2: "20+ | ..." of a d20 table on a creature without Station (Druid of the Emerald Grove)
    got = compile_card(card("Druid of the Emerald Grove", "Creature — Dwarf Druid", "When this creature "
                            "enters, search your library for up to two basic land cards and reveal them, then "
                            "roll a d20.\n9 or less | Put those cards into your hand, then shuffle.\n20+ | Put "
                            "those cards onto the battlefield tapped, then shuffle.", power="2", toughness="2"))
    assert got.yaml_card["power"] == 2 and not any(ln.text.startswith("power/") for ln in got.lines)
    assert "station" not in str(got.yaml_card)


# the reader is understood only with its choice compiled on the same face (607.2d, 607.5a)
UNBOUND = [
    card("Thriving Grove", "Land", "This land enters tapped. As it enters, choose a color other than green.\n"
         "{T}: Add {G} or one mana of the chosen color."),
    card("Odd Banner", "Artifact", "As this artifact enters, choose a color.\n"
         "Creatures you control of the chosen type get +1/+1."),      # a type read, a colour chosen
    card("Odd Relic", "Artifact", "As this artifact enters, choose a color.\nAs this artifact enters, choose a "
         "creature type.\nCreatures you control of the chosen type get +1/+1."),   # two choices
    # a reader inside a station striation is bound like any other (checked after the striations)
    card("Odd Ship", "Artifact — Spacecraft", "Station\n2+ | Creatures you control of the chosen type get +1/+1."),
    # a station striation with no line at the reminder's threshold: the P/T box is not read
    card("Odd Skiff", "Artifact — Spacecraft", "Station (Tap another creature you control: Put charge "
         "counters equal to its power on this Spacecraft. Station only as a sorcery. It's an artifact creature "
         "at 8+.)\n3+ | Flying", power="4", toughness="4"),
]


@pytest.mark.parametrize("data", UNBOUND, ids=lambda c: c["name"])
def test_readers_without_their_choice_not_understood(data):
    result = compile_card(data)
    assert result.status != "full"
    assert all(ln.status == "not_understood" for ln in result.lines if "chosen type" in ln.text
               or "chosen color" in ln.text or ln.text.startswith("power/toughness"))
    assert "power" not in result.yaml_card


BEYOND = [
    "As this creature enters, choose a color and a creature type.",
    "As this enchantment enters, choose a color and an opponent.",
    "As this creature enters, choose a nonland card name.",
    "As this Aura enters, choose a basic land type.",
    "As this creature enters, choose two colors.",
    "Enchanted creature has protection from the chosen color. This effect doesn't remove this Aura.",
    "This creature is the chosen type in addition to its other types.",
    "Spells you cast of the chosen type cost {1} less to cast.",
    "Creatures of the chosen type your opponents control have shroud and get +1/+1.",
    "Each creature you control of the chosen type other than this Vehicle gets +1/+1.",
    "Permanents you control of the chosen color have hexproof.",
    "{T}: Add two mana of the chosen color.",
    "{T}: Add {G}{G} or one mana of the chosen color.",
    "8+ | {T}: Add {G} for each creature you control.",
]


@pytest.mark.parametrize("text", BEYOND)
def test_lines_beyond_the_templates_not_understood(text):
    got = compile_card(card("Minas Tirith", "Artifact", text))
    assert [ln.status for ln in got.lines] == ["not_understood"]


def test_a_reader_alone_compiles_as_a_line():
    # the check is the card's: compiled alone, "cards show" still shows the form it would take
    line = compile_line("{T}: Add one mana of the chosen color.", "Coldsteel Heart", spell=False)
    assert line.fragment == _chosen_mana()
