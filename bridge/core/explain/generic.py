"""The ruling of a game that words nothing more than its outcome atoms: each change since the
described state, in the game's words (`Game.sentence`), with the rules that decided it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cite import cite_in_answer
from .words import warning_lines, with_citations

if TYPE_CHECKING:
    from ..game import Game
    from ..rules.rulebase import RuleBase
    from ..solve.answer import Answer


def generic_ruling(game: "Game", scen: Any, answer: "Answer", rules: "RuleBase",
                   notes: list[str], remarks: list[str]) -> str:
    """What happens in every outcome, then what happens in some only, each line cited."""
    always = sorted((a for a in answer.always if a not in answer.initially), key=str)
    sometimes = sorted((a for a in answer.sometimes if a not in answer.initially), key=str)
    n = len(answer.models)
    lines = [f"Ruling: {scen.title}"] + warning_lines(notes, remarks)
    lines.append(f"({n} possible outcome{'s' if n != 1 else ''})")
    if not always and not sometimes:
        lines.append("Nothing changes: no encoded rule applies to this situation.")
    if always:
        lines.append("What happens:" if n < 2 else f"In every one of the {n} outcomes:")
        lines += [f"- {_line(game, a, answer, rules)}" for a in always]
    if sometimes:
        lines.append("Depending on the choices players make:")
        lines += [f"- sometimes: {_line(game, a, answer, rules)}" for a in sometimes]
    return "\n".join(lines)


def _line(game: "Game", atom, answer: "Answer", rules: "RuleBase") -> str:
    return with_citations(game.sentence(atom), cite_in_answer(atom, answer, rules))


def generic_outcomes_json(game: "Game", answer: "Answer",
                          rules: "RuleBase") -> tuple[list[dict], list[dict]]:
    """`changes` (new in every outcome) and `outcomes.list` (one entry per outcome)."""
    def change(atom, model=None) -> dict:
        found = cite_in_answer(atom, answer, rules, model)
        return {"text": game.sentence(atom), "atoms": [str(atom)],
                "rules": [c.rule for c in found], "summaries": {c.rule: c.summary for c in found}}

    changes = [change(a) for a in sorted(answer.always - answer.initially, key=str)]
    listed = []
    for i, model in enumerate(answer.models):
        choices = sorted(answer.choices[i], key=str) if answer.choices else []
        differs = sorted(model - answer.always, key=str)
        listed.append({"index": i + 1, "choices": [str(c) for c in choices],
                       "choice_text": [str(c) for c in choices],
                       "differs": [str(a) for a in differs],
                       "changes": [change(a, i) for a in differs if a not in answer.initially]})
    return changes, listed
