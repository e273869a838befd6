"""The `*` power and toughness boxes of a card (604.3): understood when a line of the card compiled
to the characteristic-defining ability that defines them (split from compile.py)."""
from __future__ import annotations

from typing import Any


def cda_fields(lines: list[Any]) -> None:
    """A `*` power and toughness are understood when a line of the card compiled to the
    characteristic-defining ability that defines both (604.3, `pt_count`); a `*` power alone
    (toughness alone) when one compiled to the ability that defines it (`power_count`,
    `toughness_count`); the other `*` stays not understood. `lines`: compile.py's LineResults."""
    defined = {key for ln in lines if ln.status == "compiled" and ln.piece[0] == "static"
               for key in ("pt_count", "power_count", "toughness_count") if key in ln.piece[1]}
    # "its toughness is equal to that number plus 1" (Tarmogoyf): the toughness box is "1+*", not "*"
    plus = {f"toughness {ln.piece[1]['toughness_plus']}+*" for ln in lines if ln.status == "compiled"
            and ln.piece[0] == "static" and "toughness_plus" in ln.piece[1]}
    boxes = ("power *",) + (tuple(plus) if plus else ("toughness *",))
    stars = {ln.text.split()[0]: ln for ln in lines if ln.text in boxes}
    if "pt_count" in defined and len(stars) == 2:
        chosen = {"pt_count": list(stars.values())}
    else:
        chosen = {f"{k}_count": [ln] for k, ln in stars.items() if f"{k}_count" in defined}
    for key, found in chosen.items():
        for ln in found:
            ln.status, ln.reason, ln.piece = "compiled", None, ("cda_field", None)
            ln.fragment = {ln.text.split()[0]: f"defined by the {key} ability (604.3)"}
