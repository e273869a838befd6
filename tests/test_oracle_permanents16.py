"""Permanents' templates of issue 31, session 16 (helper cards31b), each with a real card's Oracle
text (a small fixture: name, type line, text, printed values): the compiled form, that the card
format accepts the compiled card, and the wordings beside each template that must stay not
understood. Compile-only: the rules each form relies on have their scenarios."""
from __future__ import annotations

from oracle_cards import card
from rulekeeper.bridge.cards.oracle import compile_card
from rulekeeper.bridge.tools.cardimport import stats_of


# -- 107.17, 123: Un-set tickets and stickers are out of scope ------------------------------------
TIGHTROPE_STICKERS = card(
    "Eldrazi Guacamole Tightrope", "Stickers",
    "{TK}{TK} — Haste\n{TK}{TK}{TK}{TK}{TK} — You may cast this card from your graveyard by paying "
    "2 life in addition to paying its other costs.\n{TK}{TK} — 1/4\n{TK}{TK}{TK} — 5/3")
TICKETOMATON = card("Ticketomaton", "Artifact Creature — Robot",
                    "When Ticketomaton enters, you get {TK}, then you may put a sticker on a "
                    "nonland permanent you own.", power="1", toughness="2")


def test_tickets_and_stickers_are_out_of_scope():
    for data in (TIGHTROPE_STICKERS, TICKETOMATON):
        for line in compile_card(data).lines:
            assert line.status == "not_understood"
            assert line.reason.startswith("out of scope:") and "107.17, 123" in line.reason


def test_stats_count_out_of_scope_lines_apart_from_the_templates():
    stats = stats_of([TIGHTROPE_STICKERS, TICKETOMATON,
                      card("Grizzly Bears", "Creature — Bear", "", power="2", toughness="2")])
    assert stats.out_of_scope == 5 and stats.lines == 5 and not stats.templates
    assert stats.counts["full"] == 1 and stats.counts["none"] == 2
    assert "5 not understood as out of scope" in stats.text(10)
