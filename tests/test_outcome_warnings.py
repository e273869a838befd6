"""An effect that reached a library's unnamed cards (401.2) is said before the answer: in
ask's text and in --json's warnings, never only as an event among the outcomes."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from rulekeeper.cli.main import main

ROOT = Path(__file__).resolve().parent.parent / "scenarios" / "mtg" / "701-keyword-actions"


def test_unnamed_library_top_is_warned_at_the_top() -> None:
    path = str(ROOT / "701.44a-explore-unnamed-top-warned.yaml")
    text = CliRunner().invoke(main, ["ask", path])
    assert text.exit_code == 0, text.output
    head = text.output.split("\n", 3)
    assert head[1].startswith("WARNING") and "unnamed library cards" in head[2]
    data = json.loads(CliRunner().invoke(main, ["ask", "--json", path]).output)
    assert any("explore (701.44a) reached alice's unnamed" in w for w in data["warnings"])


def test_named_library_top_has_no_such_warning() -> None:
    data = json.loads(CliRunner().invoke(main, ["ask", "--json",
                                                str(ROOT / "701.44a-explore-land.yaml")]).output)
    assert not [w for w in data["warnings"] if "unnamed" in w]


THINK_AGAIN = """players: [alice, bob]
turn: {active: alice, step: precombat_main, number: 2}
library: {alice: 5}
cards:
  Riffle: {types: [sorcery], abilities: [{spell: {effects: [{shuffle: {player: you}}]}}]}
  Think Again:
    types: [sorcery]
    mana_cost: "{0}"
    abilities: [{spell: {effects: [{draw: {player: you, amount: 1}},
                                   {mill: {player: you, amount: 1}}]}}]
objects:
  - {id: riffle, card: Riffle, zone: hand, owner: alice}
  - {id: tt, card: Think Again, zone: hand, owner: alice}
  - {id: c1, card: Grizzly Bears, zone: library, owner: alice}
  - {id: c2, card: Shock, zone: library, owner: alice}
actions:
"""
SHUFFLED_DRAW_THEN_MILL = 'title: "draw, then mill, from a shuffled library: still not sequenced (608.2c)"\n' + \
    THINK_AGAIN + """  - cast: {card: riffle, without_paying_mana_cost: true}
  - resolve
  - cast: tt
  - resolve
"""


def test_an_outcome_no_game_can_be_in_is_said_at_the_top_and_not_reliable(tmp_path):
    # after a shuffle the known card is at an unknown place (401.2); "draw, then mill" from such
    # a library is still performed at one time point, so the draw and the mill may both take
    # the Bears: that outcome gives it two zones, and the resolution is reported unsequenced
    path = tmp_path / "shuffled-draw-then-mill.yaml"
    path.write_text(SHUFFLED_DRAW_THEN_MILL)
    data = json.loads(CliRunner().invoke(main, ["ask", "--json", str(path)]).output)
    assert data["reliable"] is False
    assert any("two values of zone" in w and "c1" in w for w in data["warnings"])
    assert any("tt's instructions" in w and "608.2c" in w for w in data["warnings"])


DRAW_THEN_MILL = 'title: "draw, then mill, in one spell: followed in order (608.2c)"\n' + THINK_AGAIN + """  - cast: tt
  - resolve
"""


def test_draw_then_mill_is_sequenced_and_nothing_is_flagged(tmp_path):
    path = tmp_path / "draw-then-mill.yaml"
    path.write_text(DRAW_THEN_MILL)
    data = json.loads(CliRunner().invoke(main, ["ask", "--json", str(path)]).output)
    assert "zone(c1,hand)" in data["outcomes"]["always"]
    assert "zone(c2,graveyard)" in data["outcomes"]["always"]
    assert data["reliable"] is True
    assert not data["warnings"]


KW = Path(__file__).resolve().parent.parent / "scenarios" / "mtg" / "702-keywords"
STORM = (KW / "702.40a-storm-counts-spells-before-the-scenario.yaml").read_text()


def _warnings(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "storm.yaml"
    path.write_text(text)
    out = CliRunner().invoke(main, ["ask", "--json", str(path)])
    assert out.exit_code == 0, out.output
    return json.loads(out.output)["warnings"]


def test_storm_copies_without_ids_are_warned(tmp_path: Path) -> None:
    # a storm count of 2 and one copy named: the other is said, not silently left out
    text = STORM.replace("copies: [c1, c2, c3]", "copies: [c1]").replace(
        'choose: ["target(c1,1,bob)", "target(c2,1,bob)"]', 'choose: ["target(c1,1,bob)"]')
    assert any("1 copies the storm ability of gs makes have no id" in w
               for w in _warnings(tmp_path, text))
    assert not any("storm" in w for w in _warnings(tmp_path, STORM))


def test_storm_of_a_countered_spell_is_warned(tmp_path: Path) -> None:
    # the spell countered before its storm ability resolves: the copies (made from the spell as
    # it last existed) are not modelled, and the answer says so
    text = STORM.replace("  - {id: gs, card: Grapeshot, zone: hand, owner: alice}\n",
                         "  - {id: gs, card: Grapeshot, zone: hand, owner: alice}\n"
                         "  - {id: cn, card: Cancel, zone: hand, owner: bob}\n")
    text = text.replace("  - resolve: {copies: [c1, c2, c3]}\n",
                        "  - cast: {card: cn, targets: [gs], without_paying_mana_cost: true}\n"
                        "  - resolve\n  - resolve: {copies: [c1, c2]}\n")
    text = text.replace('choose: ["target(c1,1,bob)", "target(c2,1,bob)"]\n', "")
    text = text.split("expect:")[0]
    assert any("resolved after the spell left the stack" in w for w in _warnings(tmp_path, text))


def test_retrace_with_a_drawn_card_is_warned() -> None:
    # 702.81a: a drawn (unnamed) card might be the land card retrace discards: said at the top
    path = str(ROOT.parent / "702-keywords" / "702.81a-retrace-drawn-card-unknown.yaml")
    data = json.loads(CliRunner().invoke(main, ["ask", "--json", path]).output)
    assert any(w.startswith("retrace (702.81a) discards a land card: alice's hand holds drawn")
               for w in data["warnings"])
