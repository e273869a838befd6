"""`rulekeeper legal`: the legal plays the rules find in the described state."""
from __future__ import annotations

from ..cards.ignored import IgnoredLine, scenario_ignored
from ..core.run.deadline import Deadline
from ..core.source.yamlsrc import clip
from ..games.mtg.notencoded import not_encoded


def legal_actions(engine, path, player: str | None, timeout: float,
                  deadline: Deadline | None = None) -> tuple[list[str], list[str], list[IgnoredLine]]:
    """legal(A) atoms of the described state (actions are ignored), the not-encoded notes, and
    the card lines not understood that the answer ignores (bridge/cards/ignored.py)."""
    deadline = deadline or Deadline(timeout, str(path))
    scen = engine.load(path, deadline)
    _legal_supported(scen)
    if player is not None and player not in scen.players:
        from ..core.base.errors import ScenarioError
        raise ScenarioError(str(path), None, "--player", f"{clip(player)} is not a player of the scenario")
    scen.actions = []
    scen.tokens = {}        # the tokens those actions would have created go with them,
    scen.choose = []        # and the choices made while they happen
    scen.legal_query = True
    answer = engine.answer(scen, deadline=deadline)
    rules = engine.scenario_rules(scen)
    atoms = sorted({a.arguments[0] for a in answer.union if a.name == "legal"}, key=str)
    if player is not None:
        atoms = [a for a in atoms if _actor(scen, a) == player]
    notes = [] if any(rules.is_encoded(n) for n in ("305.1", "601.2", "508.1", "509.1")) else \
        ["no rule that makes a play legal is encoded yet (305, 601, 602, 508, 509)"]
    return [str(a) for a in atoms], notes + not_encoded(scen, rules), scenario_ignored(scen)


def _actor(scen, atom) -> str | None:
    """The player who would take the action: the controller of the object it names (the
    owner for a card in hand)."""
    if not atom.arguments:
        return None
    obj = scen.object(str(atom.arguments[0]))
    if obj is None:
        return None
    return obj.owner if obj.zone == "hand" else obj.controller


def _legal_supported(scen) -> None:
    """`legal` asks the rules of Magic for plays: another game says it is not available."""
    from ..core.base.errors import ScenarioError
    from ..core.registry import game_of
    game = game_of(scen)
    if not game.supports_legal:
        raise ScenarioError(scen.file, None, "rules", f"rulekeeper legal is not available for "
                            f"the game {game.name}")
