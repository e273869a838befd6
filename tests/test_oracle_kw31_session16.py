"""Keyword lines of session 16's kw31 part (issue 32's 702 keywords by card count, continued;
docs/keywords.md), each with a real card's Oracle text (a small fixture: name, type line, text):
the compiled form, and that the card format accepts the compiled card."""
from __future__ import annotations

from oracle_cards import card, full


# -- 702.163 For Mirrodin! -----------------------------------------------------------------------
def test_mirran_bardiche_for_mirrodin():
    got = full(card("Mirran Bardiche", "Artifact — Equipment",
                    "For Mirrodin! (When this Equipment enters, create a 2/2 red Rebel creature "
                    "token, then attach this to it.)\nEquipped creature gets +2/+1 and has "
                    "vigilance.\nEquip {3}{W} ({3}{W}: Attach to target creature you control. "
                    "Equip only as a sorcery.)", mana_cost="{4}{W}"))
    assert got["keywords"] == ["for_mirrodin", {"equip": "{3}{W}"}]
