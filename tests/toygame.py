"""Piles, a toy game plugged into the core through bridge/games (the tests of the per-game
interface): its rules are the plug-in pack tests/fixtures/toygame/pack (requires only `core`),
its scenarios name `rules: [toy]`:

    title: ...
    rules: [toy]
    piles: {alice: 2, bob: 3}
    actions: [{take: {player: alice, amount: 2}}, {take_some: bob}]
    expect: {always: [...], sometimes: [...], never: [...]}
"""
from __future__ import annotations

import re
from pathlib import Path

from clingo import Function, Number, Symbol

from rulekeeper.bridge.core.source.checks import Checker
from rulekeeper.bridge.core.rules.crtext import CRRule
from rulekeeper.bridge.core.game import Game, Layout, Source
from rulekeeper.bridge.core.solve.timeline import timeline
from rulekeeper.bridge.core.rules.packs import load_pack_dir
from rulekeeper.bridge.core.source.expect import Expect
from rulekeeper.bridge.core.source.atoms import parse_atom

HERE = Path(__file__).resolve().parent / "fixtures" / "toygame"
RULE_LINE = re.compile(r"^(\d+(?:\.\d+){2,}(?:\.[a-z])?)\s")
KEYS = {"title", "description", "rules", "piles", "actions", "expect", "choose"}


class ToyScenario:
    def __init__(self, file: str, title: str, piles: dict[str, int], actions: list[Symbol],
                 expect: Expect, choose: list[str]):
        self.file, self.title, self.piles, self.actions = file, title, piles, actions
        self.expect, self.choose = expect, choose
        self.rules = ["toy"]
        self.plugins = [load_pack_dir(HERE / "pack")]
        self.readings: list[str] = []


class ToyGame(Game):
    name = "toy"
    packs = ("toy",)
    rules_title = "the Piles rules"
    rules_heading = "Piles rules"
    section_names = {"1": "Piles", "2": "Taking", "3": "Winning", "4": "Tournaments"}

    def load(self, source: Source, plugins=(), deadline=None) -> ToyScenario:
        src, chk = source.yaml, Checker(source.yaml)
        data = chk.mapping((), src.data, KEYS)
        piles = {chk.ident(("piles", p), p): chk.int_value(("piles", p), n, minimum=0)
                 for p, n in chk.mapping(("piles",), data.get("piles", {}), None).items()}
        actions = [self._action(chk, ("actions", i), a, piles)
                   for i, a in enumerate(chk.list(("actions",), data.get("actions", [])))]
        expect = chk.mapping(("expect",), data.get("expect", {}), {"always", "sometimes", "never"})
        for kind, atoms in expect.items():
            for i, text in enumerate(chk.list(("expect", kind), atoms)):
                parse_atom(text, lambda m, p=("expect", kind, i): src.error(p, m))
        return ToyScenario(source.file, chk.str_value(("title",), data.get("title")), piles,
                           actions, Expect(**expect), list(data.get("choose", [])))

    def _action(self, chk: Checker, path: tuple, raw, piles: dict[str, int]) -> Symbol:
        verb, args = next(iter(chk.mapping(path, raw, {"take", "take_some"}).items()))
        if verb == "take_some":
            return Function("take_some", [Function(self._player(chk, path + (verb,), args, piles))])
        args = chk.mapping(path + (verb,), args, {"player", "amount"})
        return Function("take", [Function(self._player(chk, path + (verb, "player"),
                                                       args.get("player"), piles)),
                                 Number(chk.int_value(path + (verb, "amount"), args.get("amount"),
                                                      minimum=1))])

    def _player(self, chk: Checker, path: tuple, raw, piles: dict[str, int]) -> str:
        if raw not in piles:
            raise chk.src.error(path, f"{raw!r} is not a player with a pile")
        return raw

    def facts(self, scen: ToyScenario, layout: Layout) -> list[Symbol]:
        line = timeline(len(scen.actions), layout.checks)
        out = line.facts()
        out += [Function("init", [Function("pile", [Function(p), Number(n)])])
                for p, n in scen.piles.items()]
        out += [Function("event", [Number(t), a]) for t, a in zip(line.event_times, scen.actions)]
        return out

    def sentence(self, atom: Symbol) -> str:
        a = [str(x) for x in atom.arguments]
        return {"pile": lambda: f"{a[0]} has {a[1]} stone(s) in their pile",
                "won": lambda: f"{a[0]} wins"}.get(atom.name, lambda: str(atom))()

    def outcome_names(self) -> set[str]:
        return {"pile", "won", "happened", "illegal"}

    def read_rules_text(self, path) -> list[CRRule]:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        return [CRRule(m.group(1), n) for n, line in enumerate(lines, start=1)
                if (m := RULE_LINE.match(line))]

    def owns_rule_number(self, number: str) -> bool:
        return bool(re.fullmatch(r"\d(\.\d+){2,}(\.[a-z])?", number))

    def group_of(self, number: str) -> str:
        return ".".join(number.split(".")[:2])


TOY = ToyGame()
