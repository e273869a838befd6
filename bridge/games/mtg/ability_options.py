"""Abilities whose instructions are chosen among option groups as they resolve, not as they are
cast (docs/abilities.md): the groups are the ability's `modes:`, but no one announces them.

- `villainous_choice: true` (701.55a): "[an opponent] faces a villainous choice — A, or B";
  two modes, the options the opponent chooses between.
- `roll_die: {sides: N, modifier: M, results: [[LO, HI], ...]}` (706): "roll a dN", with a
  results table (706.3a): one range per mode, in order (`HI` may be omitted: "N+", up to the
  highest result); the mode whose range holds the result is followed.
- `flip_coin: win_lose` (705.2: "flip a coin. If you win the flip, A. If you lose the flip, B")
  or `flip_coin: heads_tails` ("if it comes up heads, A; tails, B"): two modes, in that order.
- `vote: {tie: M}` (701.38a: "starting with you, each player votes for A or B. If A gets more
  votes, ... If B gets more votes or the vote is tied, ..."): each player votes for one mode;
  the mode with the most votes is followed, on a tie mode M (`vote: true`: none).
"""
from __future__ import annotations

from typing import Any

from clingo import Function, Number, Symbol

from ...core.source.checks import Checker

OPTION_TABLES = ("villainous_choice", "roll_die", "flip_coin", "vote")


def option_table(chk: Checker, p: tuple, data: dict, ab: dict[str, Any]) -> None:
    """Validate the option-table keys of an ability body into `ab` (modes already parsed)."""
    given = [k for k in OPTION_TABLES if k in data]
    if not given:
        return
    if len(given) > 1 or "choose" in data or not ab["modes"]:
        raise chk.src.error(p + (given[0],), f"{given[0]} needs `modes:` (its options) and no `choose` "
                                             "or other option table")
    if any(m["targets"] for m in ab["modes"]):
        raise chk.src.error(p + ("modes",), "options chosen as the ability resolves take no targets")
    if given[0] == "villainous_choice":
        if chk.bool_value(p + (given[0],), data[given[0]]):
            if len(ab["modes"]) != 2:
                raise chk.src.error(p + ("modes",), "a villainous choice has two options (701.55a)")
            ab["villainous"] = True
        return
    if given[0] == "flip_coin":
        if len(ab["modes"]) != 2:
            raise chk.src.error(p + ("modes",), "a coin flip has two modes: win then lose, or heads then tails")
        ab["coin"] = chk.choice(p + (given[0],), data[given[0]], ("win_lose", "heads_tails"))
        return
    if given[0] == "vote":
        raw = data["vote"]
        tie = 0 if raw is True else chk.int_value(p + ("vote", "tie"), chk.mapping(p + ("vote",), raw, {"tie"}).get("tie"), 1)
        if tie > len(ab["modes"]):
            raise chk.src.error(p + ("vote", "tie"), f"tie names one of the {len(ab['modes'])} modes")
        ab["vote"] = tie
        return
    ab["die"] = _die(chk, p + ("roll_die",), data["roll_die"], len(ab["modes"]))


def _die(chk: Checker, p: tuple, raw: Any, modes: int) -> dict[str, Any]:
    d = chk.mapping(p, raw, {"sides", "modifier", "results"})
    sides = chk.int_value(p + ("sides",), d.get("sides"), 2)
    if sides > 100:
        raise chk.src.error(p + ("sides",), "a die of at most 100 sides")
    modifier = chk.int_value(p + ("modifier",), d.get("modifier", 0), -100)
    rows = chk.list(p + ("results",), d.get("results"))
    if len(rows) != modes:
        raise chk.src.error(p + ("results",), f"one result range per mode: {len(rows)} ranges, {modes} modes")
    ranges = []
    for j, row in enumerate(rows):
        parts = chk.list(p + ("results", j), row)
        if len(parts) not in (1, 2):
            raise chk.src.error(p + ("results", j), "a range is [LOW, HIGH], or [LOW] for LOW or more")
        lo = chk.int_value(p + ("results", j, 0), parts[0], -100)
        hi = chk.int_value(p + ("results", j, 1), parts[1], lo) if len(parts) == 2 else 1000
        ranges.append((lo, hi))
    return {"sides": sides, "modifier": modifier, "ranges": ranges}


def option_facts(head: list[Symbol], ab: dict[str, Any]) -> list[Symbol] | None:
    """The facts that make the modes an option table (None: an ordinary modal ability)."""
    if ab.get("villainous"):
        return [Function("ability_villainous", head)]
    if ab.get("vote") is not None:
        return [Function("ability_vote", head + [Number(ab["vote"])])]
    if ab.get("coin"):
        return [Function("ability_coin", head + [Function(ab["coin"])])]
    die = ab.get("die")
    if die:
        out = [Function("ability_die", head + [Number(die["sides"]), Number(die["modifier"])])]
        out += [Function("ability_die_row", head + [Number(m), Number(lo), Number(hi)])
                for m, (lo, hi) in enumerate(die["ranges"], start=1)]
        return out
    return None
