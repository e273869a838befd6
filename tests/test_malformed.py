"""Bad input: every file under tests/malformed/ is refused with exit code 2, a message naming the
file and the line of the fault, and no traceback. Runs the real CLI in-process."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rulekeeper.cli.main import main

MALFORMED = Path(__file__).resolve().parent / "malformed"

# file -> (line of the fault, a fragment the message must contain)
CASES: dict[str, tuple[int, str]] = {
    "yaml_syntax_error.yaml": (3, "YAML syntax error"),
    "unlocked_on_a_plain_card.yaml": (4, "unlocked is for a split card"),      # 709.5c (cr7)
    "flip_with_mana_cost.yaml": (7, "710.1c"),
    "prototype_without_toughness.yaml": (9, "mana_cost, power and toughness (718.2)"),
    "face_down_in_hand.yaml": (5, "face: down is only encoded for permanents"),
    "resolve_creates_duplicate.yaml": (6, "duplicate id 'bear'"),
    "exile_until_bad_rest.yaml": (7, "'graveyard' is not one of"),
    "become_copy_missing_of.yaml": (6, "missing 'of'"),
    "effect_all_filter_not_list.yaml": (6, "expected a list"),          # issue 15 card form
    "effect_player_ref_unknown.yaml": (7, "'each_playr'"),
    "create_token_missing_types.yaml": (9, "missing 'types'"),
    "dies_filter_unknown_key.yaml": (8, "unknown key 'controler'"),
    "replacement_two_forms.yaml": (7, "exactly one of enters_tapped"),
    "replacement_damage_with_affects.yaml": (7, "takes no affects"),      # issue 32
    "max_hand_size_set_and_change.yaml": (7, "one of set (a number) or change"),   # 402.2
    "chosen_in_effect_filter.yaml": (7, "read only by a static ability"),   # 607.2d
    "land_type_not_basic.yaml": (7, "'desert' is not one of"),            # 305.7
    "enters_as_copy_self_without_affects.yaml": (7, "needs affects"),
    "equip_cost_with_x.yaml": (7, "bad equip cost"),
    "equip_map_without_quality.yaml": (7, "names a quality"),
    "activate_equip_without_equip.yaml": (6, "has no Equip ability"),
    "discard_random_not_bool.yaml": (7, "random"),
    "bad_loyalty_cost.yaml": (8, "expected a whole number"),
    "flashback_without_cost.yaml": (6, "flashback needs its cost"),   # docs/keywords.md
    "flashback_bad_cost.yaml": (7, "bad flashback cost"),
    "cycling_x_cost.yaml": (8, "bad cycling cost"),
    "cycling_bad_cost_item.yaml": (9, "or {pay_life: N}"),
    "annihilator_without_number.yaml": (8, "annihilator needs its number N"),   # docs/keywords.md
    "ward_without_cost.yaml": (6, "ward needs its cost"),        # 702.21a: a free ward was paid with nothing
    "ward_word_cost.yaml": (6, "bad ward cost"),
    "effect_names_missing_target.yaml": (11, "target2: the ability has 1 target"),   # 115.1
    "token_doubler_without_affects.yaml": (7, "a tokens replacement names whose tokens it doubles"),   # 614.1a
    "backup_with_abilities.yaml": (6, "a card with backup (702.165a) can have only keywords"),     # a word other than discard (702.21a)
    "ward_gained_without_cost.yaml": (8, "a gained ward is not encoded"),
    "bushido_word_amount.yaml": (8, "bushido takes a number N"),
    "persist_with_parameter.yaml": (8, "persist takes no parameter"),
    "suspend_without_amount.yaml": (6, "suspend needs its number N"),      # issue 32, 702 keywords
    "speed_out_of_range.yaml": (4, "speed 5 out of range"),
    "spells_cast_negative.yaml": (4, "number -1 out of range"),
    "damage_this_turn_word.yaml": (4, "expected a whole number"),          # 702.54a bloodthirst
    "day_night_unknown.yaml": (3, "'dusk' is not one of"),                  # 730.1                      # 702.40a storm
    "resolve_without_creates_or_copies.yaml": (4, "missing 'creates' (or 'copies')"),
    "special_action_unknown.yaml": (6, "'foretel' is not one of"),
    "cast_using_unknown.yaml": (6, "'evok' is not one of"),
    "unearth_with_life.yaml": (8, "(mana only)"),
    "rampage_zero.yaml": (8, "rampage 0 out of range"),
    "renown_without_number.yaml": (8, "renown needs its number N"),
    "activate_unknown_keyword_ability.yaml": (6, "'cyclng' is not one of: cycling"),
    "bad_prevent_amount.yaml": (4, "expected a whole number"),
    "unknown_top_key.yaml": (3, "unknown key 'objcts'"),
    "unknown_object_key.yaml": (7, "unknown key 'tappd'"),
    "unknown_card_key.yaml": (6, "unknown key 'powr'"),
    "unknown_action_key.yaml": (7, "unknown key 'sorce'"),
    "wrong_type_life.yaml": (5, "expected a whole number"),
    "wrong_type_players.yaml": (3, "expected a list"),
    "duplicate_id.yaml": (6, "duplicate id 'bear'"),
    "duplicate_key.yaml": (4, "duplicate key 'life'"),
    "dangling_attacking.yaml": (6, "'carol'"),
    "dangling_blocking.yaml": (8, "'ghost'"),
    "dangling_attached_to.yaml": (5, "'nobody'"),
    "dangling_target.yaml": (7, "'ghost' is not an object or player"),
    "unknown_card.yaml": (4, "unknown card"),
    "unknown_verb.yaml": (7, "unknown action 'obliterate'"),
    "action_not_single_key.yaml": (6, "one verb as key"),
    "huge_number.yaml": (5, "out of range"),
    "huge_life.yaml": (3, "out of range"),
    "negative_damage.yaml": (6, "out of range"),
    "negative_counters.yaml": (6, "out of range"),
    "bad_zone.yaml": (4, "'ante' is not one of"),
    "bad_expect_atom.yaml": (8, "not an atom"),
    "expect_variable.yaml": (4, "not an atom"),
    "injection_id.yaml": (4, "expected an id"),
    "injection_player.yaml": (2, "expected an id"),
    "injection_expect.yaml": (6, "not an atom"),
    "alias_bomb.yaml": (7, "too large"),
    "python_tag.yaml": (1, "not allowed"),
    "empty.yaml": (1, "the file is empty"),
    "missing_title.yaml": (1, "missing required field 'title'"),
    "missing_players.yaml": (1, "missing required field 'players'"),
    "top_level_list.yaml": (1, "expected a map"),
    "impossible_bad_rule.yaml": (4, "expected a list"),
    "bad_unicode_title.yaml": (2, "Unicode"),
    "expect_huge_number.yaml": (5, "out of range"),
    "bad_counter_kind_action.yaml": (6, "bad counter kind '#script'"),
    "expect_not_a_map.yaml": (3, "expected a map"),
    "modal_one_mode.yaml": (8, "at least two modes"),
    "if_kicked_without_kicker.yaml": (9, "needs a kicker"),
    "bad_mode_value.yaml": (6, "expected a whole number"),
    "typecycling_without_for.yaml": (6, "typecycling needs the kind of card it finds"),   # 702.29e
    "devotion_without_less_than.yaml": (7, "devotion needs less_than"),   # 700.5
}


def test_every_malformed_file_has_a_case():
    on_disk = {p.name for p in MALFORMED.glob("*.yaml")}
    assert on_disk == set(CASES)
    assert len(CASES) >= 15


def _refused(args: list[str], name: str, line: int, fragment: str) -> None:
    result = CliRunner().invoke(main, args)
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exit_code == 2, output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in output
    assert f"{name}:{line}:" in output, output
    assert fragment in output, output


@pytest.mark.parametrize("name", sorted(CASES))
def test_ask_refuses(name):
    line, fragment = CASES[name]
    _refused(["ask", str(MALFORMED / name)], name, line, fragment)


@pytest.mark.parametrize("name", sorted(CASES))
def test_test_command_refuses(name):
    line, fragment = CASES[name]
    _refused(["test", str(MALFORMED / name)], name, line, fragment)


def test_why_refuses_a_bad_atom():
    good = Path(__file__).resolve().parent.parent / "scenarios" / "mtg" / "119-life" / "119.3-gain-life.yaml"
    result = CliRunner().invoke(main, ["why", str(good), "life(alice,"])
    assert result.exit_code == 2
    assert "not an atom" in result.output and "Traceback" not in result.output


def test_missing_file():
    result = CliRunner().invoke(main, ["ask", str(MALFORMED / "no-such-file.yaml")])
    assert result.exit_code == 2
    assert "no-such-file.yaml" in result.output and "Traceback" not in result.output
