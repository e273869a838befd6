"""`rulekeeper` run as its own process solves in that process under a watchdog (no fork): the
same answers as the forked path click's test runner takes, and the same timeout report when the
time is up, grounding included."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulekeeper.cli.common import OwnProcess, command_deadline
from rulekeeper.cli.main import main

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = [
    "scenarios/mtg/6-spells-abilities/601-coloured-mana-divination.yaml",
    "scenarios/mtg/combat/510.1c-two-blockers-divide.yaml",
    "scenarios/almos/1000.1a-only-territories-are-occupied.yaml",
]


def own(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """The command as a user runs it: its own Python process (`python -m`, as the script)."""
    env = dict(os.environ)
    return subprocess.run([sys.executable, "-m", "rulekeeper.cli.main", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=timeout, env=env)


def existing(paths: list[str]) -> list[str]:
    found = [p for p in paths if (REPO / p).exists()]
    assert found, "the sample scenarios moved"
    return found


@pytest.mark.parametrize("path", existing(SCENARIOS))
@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_own_process_answers_as_the_forked_path(path, extra):
    forked = CliRunner().invoke(main, ["ask", path, *extra])
    mine = own("ask", path, *extra)
    assert forked.exit_code == mine.returncode      # 0, or 3 for the impossible one
    assert timeless(mine.stdout) == timeless(forked.stdout)


def timeless(out: str) -> object:
    """The output without the solving time (--json's "seconds")."""
    if not out.startswith("{"):
        return out
    data = json.loads(out)
    data.pop("seconds", None)
    return data


def test_why_in_its_own_process():
    path = existing(SCENARIOS)[0]
    forked = CliRunner().invoke(main, ["why", path, "tapped(nobody)"])
    mine = own("why", path, "tapped(nobody)")
    assert mine.returncode == forked.exit_code
    assert mine.stdout == forked.stdout


def big_board(tmp_path: Path, n: int = 500) -> Path:
    lines = ["title: a board too big for half a second", "players: [alice, bob]", "cards:",
             "  Bear: {types: [creature], power: 2, toughness: 2}", "objects:"]
    lines += [f"  - {{id: p{i}, card: Bear, controller: {'alice' if i % 2 else 'bob'}}}"
              for i in range(n)]
    lines += ["actions:", "  - deal_damage: {target: p0, amount: 3}", "  - destroy: p1"]
    path = tmp_path / "big.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("as_json", [False, True])
def test_timeout_ends_the_process_with_the_report(tmp_path, as_json):
    path = big_board(tmp_path)
    args = ["ask", str(path), "--timeout", "0.5"] + (["--json"] if as_json else [])
    done = own(*args, timeout=60)
    if done.returncode == 0:
        pytest.skip("this machine answered a 400-creature board within 0.5 s")
    assert done.returncode == 2
    if as_json:
        error = json.loads(done.stdout)["error"]
        assert error["kind"] == "timeout" and error["seconds"] == 0.5
    else:
        assert "no answer within 0.5 s" in done.stderr and done.stdout == ""


def test_only_the_console_script_runs_in_process():
    """Inside another program (click's runner, a library) a timeout must not end the process."""
    seen = {}

    import click

    @click.command()
    def probe() -> None:
        seen["deadline"] = command_deadline("f", 1.0, False)

    CliRunner().invoke(probe, [])
    assert seen["deadline"].expire is None
    CliRunner().invoke(probe, [], obj=OwnProcess())
    assert seen["deadline"].expire is not None


def test_commands_are_listed_and_run_when_loaded_lazily():
    result = CliRunner().invoke(main, ["--help"])
    for name in ("ask", "why", "legal", "test", "coverage", "graph", "consistency", "rulings",
                 "cards", "ground"):
        assert f"  {name} " in result.output
    assert CliRunner().invoke(main, ["ground", "--help"]).exit_code == 0


def test_json_does_not_depend_on_the_hash_seed():
    """A new object's atom list was built from a set: its order followed PYTHONHASHSEED."""
    path = "scenarios/mtg/707-copying/704.5e-spell-copy-on-stack-stays.yaml"
    if not (REPO / path).exists():
        found = sorted(REPO.glob("scenarios/**/704.5e-spell-copy-on-stack-stays.yaml"))
        assert found, "the sample scenario moved"
        path = str(found[0].relative_to(REPO))
    outs = []
    for seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-m", "rulekeeper.cli.main", "ask", path, "--json",
                               "--full"], cwd=REPO, capture_output=True, text=True, env=env,
                              timeout=120)
        assert done.returncode == 0
        outs.append(timeless(done.stdout))
    assert outs[0] == outs[1] == outs[2]


def test_the_console_script_module_answers_as_the_main_module():
    """cli/console.py (the console script) loads the command's modules with the collector
    off, then freezes them: the same answer as `python -m rulekeeper.cli.main`."""
    path = existing(SCENARIOS)[0]
    script = subprocess.run([sys.executable, "-m", "rulekeeper.cli.console", "ask", path],
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    assert script.returncode == 0, script.stderr
    assert script.stdout == own("ask", path).stdout


def test_importing_the_cli_leaves_the_callers_collector_alone():
    """Only the process that runs the console script tunes the cycle collector; a program
    that imports rulekeeper.cli.main keeps its own settings."""
    code = ("import gc; before = (gc.isenabled(), gc.get_threshold(), gc.get_freeze_count()); "
            "import rulekeeper.cli.main; "
            "print(before == (gc.isenabled(), gc.get_threshold(), gc.get_freeze_count()))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, timeout=60)
    assert out.stdout.strip() == "True", out.stderr


def _modules_after(args: list[str], env: dict[str, str]) -> set[str]:
    """The modules a command's process has loaded when it is done."""
    code = ("import sys\nfrom rulekeeper.cli.main import main, OwnProcess\n"
            "try:\n    main(sys.argv[1:], obj=OwnProcess())\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sorted(sys.modules)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, capture_output=True,
                          text=True, env=env, timeout=120)
    return set(done.stderr.split())


def test_ask_loads_the_card_sources_only_when_there_are_some(tmp_path):
    """Without --cards or RULEKEEPER_CARDS, `ask` does not load the card sources' module (nor
    the Scryfall reader and json it brings) for a scenario whose cards are its own; with a
    source it does, and reads it."""
    path = existing(["scenarios/mtg/704-state-based-actions/704.5h-deathtouch.yaml"])[0]
    env = {k: v for k, v in os.environ.items() if k != "RULEKEEPER_CARDS"}
    bare = _modules_after(["ask", path], dict(env, RULEKEEPER_CARDS=f" {os.pathsep} "))
    assert "rulekeeper.cli.main" in bare
    assert not {"rulekeeper.bridge.cards.sources", "rulekeeper.bridge.cards.scryfall"} & bare
    (tmp_path / "cards").mkdir()
    given = _modules_after(["ask", path, "--cards", str(tmp_path / "cards")], env)
    assert "rulekeeper.bridge.cards.sources" in given
    by_env = _modules_after(["ask", path], dict(env, RULEKEEPER_CARDS=str(tmp_path / "cards")))
    assert "rulekeeper.bridge.cards.sources" in by_env
