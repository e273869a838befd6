"""The judge's page in a real browser: `rulekeeper serve` started as a command, Debian's
headless Chromium driven by Playwright (pointed at /usr/bin/chromium: Playwright downloads no
browser). Marked `browser`: `pytest -m "not browser"` leaves it out; `.ci/run` installs
Chromium, and under CI (the CI variable set) a missing Chromium is a failure, not a skip.

Set RULEKEEPER_SCREENSHOTS=DIR to save the builder and an answer as PNG files (docs/web.md)."""
from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from rulekeeper.bridge.core.base.errors import ScenarioError

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parent.parent
ORDERS = REPO / "scenarios/mtg/616-interaction/616.1-furnace-and-salve-on-creature.yaml"
# Real Oracle texts (a small Scryfall file): Doubling Season and a planeswalker, Ajani Goldmane
DOUBLING = REPO / "tests/fixtures/scryfall/doubling-season.json"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
START_SECONDS = 120         # the server prints its address once it listens
ANSWER_MS = 240_000         # a first answer parses the rule base (cold cache, a busy machine)


def _need_browser() -> None:
    missing = None
    if not Path(CHROMIUM).exists():
        missing = "Chromium is not installed (apt-get install chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            missing = "Playwright is not installed (pip install '.[test]')"
    if missing and os.environ.get("CI"):
        pytest.fail(f"{missing}: CI must run the browser tests")
    if missing:
        pytest.skip(missing)


@pytest.fixture(scope="module")
def rules_text(tmp_path_factory, engine) -> Path:
    """A rules text in the CR's layout, written for the test: one line for every encoded
    rule of Magic, in words of the test's own (the CR itself is never shipped)."""
    numbers = sorted(n for n in engine.rules(["mtg", "almos"]).rule_numbers()
                     if n[:3].isdigit() and n[3] == ".")
    path = tmp_path_factory.mktemp("cr") / "rules.txt"
    path.write_text("Rules excerpt written for the browser test\n\n"
                    + "".join(f"{n} Test text of rule {n}.\n\n" for n in numbers)
                    + "Glossary\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def server(rules_text) -> Iterator[str]:
    """`rulekeeper serve --port 0` as its own process; its address, read from its output."""
    yield from _serve(rules_text)


def _serve(rules_text: Path, *more: str) -> Iterator[str]:
    _need_browser()
    proc = subprocess.Popen([sys.executable, "-m", "rulekeeper.cli.main", "serve", "--port", "0",
                             "--cr", str(rules_text), "--timeout", "200", *more],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        yield _address(proc)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def _address(proc: subprocess.Popen) -> str:
    ready, _, _ = select.select([proc.stdout], [], [], START_SECONDS)
    line = proc.stdout.readline() if ready else ""
    if "http://" not in line:
        proc.kill()
        pytest.fail(f"the server did not start: {line!r} {proc.stderr.read()[-2000:]!r}")
    return line[line.index("http://"):].split()[0]


@pytest.fixture
def page(server, tmp_path):
    yield from _browse(server, tmp_path)


def _browse(server: str, tmp_path: Path):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1500, "height": 1100})
        context.set_default_timeout(60_000)
        tab = context.new_page()
        tab.goto(server)
        try:
            yield tab
        finally:
            context.close()


def _pick_card(page, typed: str, name: str) -> None:
    page.fill("#card-search", typed)
    page.locator("#card-hits li", has_text=name).click()


def _shoot(page, name: str) -> None:
    folder = os.environ.get("RULEKEEPER_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name), full_page=True)


def test_build_a_board_by_typing_card_names_and_read_the_ruling(page) -> None:
    """Furnace of Rath (a replacement effect: damage doubled) and Grizzly Bears, found by
    typing; 1 damage to the Bears becomes 2 and they die."""
    _pick_card(page, "furn", "Furnace of Rath")
    _pick_card(page, "grizz", "Grizzly Bears")
    page.select_option('[aria-label="controller of grizzly_bears"]', "bob")
    page.select_option("#verb", "deal_damage")
    page.click("#add-action")
    page.fill('[aria-label="deal_damage target"]', "grizzly_bears")
    page.fill('[aria-label="deal_damage amount"]', "1")
    page.press('[aria-label="deal_damage amount"]', "Tab")
    _shoot(page, "builder.png")
    page.click("#run")
    page.wait_for_selector("#answer-body:not([hidden])", timeout=ANSWER_MS)
    assert page.inner_text("#headline").startswith("1 outcome")
    change = page.locator("#changes .change").first
    assert "grizzly_bears dies" in change.inner_text()
    after = page.inner_text("#board-after")
    assert "graveyard" in after and "Grizzly Bears" in after
    chip = change.locator(".rule-chip").first
    number = chip.inner_text()
    chip.click()
    page.wait_for_selector("#rule:not([hidden])")
    page.wait_for_function("document.getElementById('rule-number').textContent.includes("
                           + json.dumps(number) + ")")
    assert page.inner_text("#rule-text") == f"Test text of rule {number}."
    assert page.locator("#rule-graph g.node").count() >= 2       # the rule and a neighbour
    _shoot(page, "answer.png")
    page.locator("#atoms button", has_text="zone(grizzly_bears,graveyard)").click()
    page.wait_for_selector("#why details")
    assert "holds in 1 of 1" in page.inner_text("#why")


def test_a_loaded_scenario_gets_the_outcomes_of_ask(page) -> None:
    page.set_input_files("#upload", str(ORDERS))
    page.wait_for_function("document.getElementById('status').textContent.includes('accepted')")
    page.click("#run")
    page.wait_for_selector("#answer-body:not([hidden])", timeout=ANSWER_MS)
    shown = {kind: sorted(page.locator(f"#atoms button.{kind}").all_inner_texts())
             for kind in ("always", "sometimes")}
    cli = subprocess.run([sys.executable, "-m", "rulekeeper.cli.main", "ask", "--json",
                          str(ORDERS)], capture_output=True, text=True, timeout=600)
    asked = json.loads(cli.stdout)
    assert shown == {"always": asked["outcomes"]["always"],
                     "sometimes": asked["outcomes"]["sometimes"]}
    assert page.inner_text("#headline").startswith(f"{asked['models']} outcomes")


def test_an_unknown_card_is_told_beside_its_field(page) -> None:
    _pick_card(page, "grizz", "Grizzly Bears")
    card = page.locator('[data-field="objects[0].card"]')
    card.fill("Grizly Bears")
    card.press("Tab")
    page.click("#run")
    message = page.locator(".field-error")
    message.wait_for()
    assert "unknown card 'Grizly Bears'" in message.inner_text()
    assert "invalid" in (card.get_attribute("class") or "")


def test_an_altered_board_built_in_its_form(page, engine, tmp_path) -> None:
    """The Altered form: a Character played from the Reserve into the companion expedition
    (5.1.2.e), built field by field; then a refused field is told beside it with the message
    the CLI gives for the same board."""
    page.select_option("#game", label="altered")
    page.click("#alt-add-card")
    page.fill('[aria-label="name of card Card"]', "Ordis Cadet")
    page.press('[aria-label="name of card Card"]', "Tab")
    page.fill('[aria-label="forest of Ordis Cadet"]', "1")
    page.fill('[aria-label="reserve cost of Ordis Cadet"]', "1")
    page.press('[aria-label="reserve cost of Ordis Cadet"]', "Tab")
    for _ in range(2):
        page.click("#alt-add-object")
    page.fill('[aria-label="id of object"]', "cadet")
    page.press('[aria-label="id of object"]', "Tab")
    page.select_option('[aria-label="card of cadet"]', "Ordis Cadet")
    page.select_option('[aria-label="zone of cadet"]', "reserve")
    page.fill('[aria-label="id of object_2"]', "orb")
    page.press('[aria-label="id of object_2"]', "Tab")
    page.select_option('[aria-label="zone of orb"]', "mana")
    page.select_option("#alt-verb", "play")
    page.click("#alt-add-action")
    page.select_option('[aria-label="play card"]', "cadet")
    page.select_option('[aria-label="play expedition"]', "companion")
    page.click("#run")
    page.wait_for_selector("#answer-body:not([hidden])", timeout=ANSWER_MS)
    atoms = page.locator("#atoms button.always").all_inner_texts()
    assert {"zone(cadet,companion_expedition)", "fleeting(cadet)", "exhausted(orb)"} <= set(atoms)

    page.fill('[aria-label="forest of Ordis Cadet"]', "-1")
    page.press('[aria-label="forest of Ordis Cadet"]', "Tab")
    page.click("#run")
    message = page.locator(".field-error")
    message.wait_for()
    board = json.loads(page.evaluate("JSON.stringify(toScenario())"))
    path = tmp_path / "board.yaml"
    path.write_text(json.dumps(board), encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        engine.load(path)
    assert refused.value.field == "cards.Ordis Cadet.statistics.forest"
    assert message.inner_text() == f"[{refused.value.field}] {refused.value.message}"
    forest = page.locator('[aria-label="forest of Ordis Cadet"]')
    assert "invalid" in (forest.get_attribute("class") or "")


def _doubling_lines() -> tuple[list[str], list[str]]:
    """(needed, ignored): the lines the Doubling Season test relies on that the Oracle compiler
    does not understand (Doubling Season's counter line and Ajani Goldmane's +1), and the other
    Doubling Season lines it does not understand (asked of the compiler, not written down here;
    the page must name those at the top of the answer)."""
    from rulekeeper.bridge.cards.oracle.compile import compile_card
    needed, ignored = [], []
    for card in json.loads(DOUBLING.read_text(encoding="utf-8")):
        for line in compile_card(card).lines:
            if line.status == "compiled":
                continue
            if "counters" in line.text and card["name"] == "Doubling Season" or line.text.startswith("+1:"):
                needed.append(f"{card['name']}: {line.text!r}")
            elif card["name"] == "Doubling Season":
                ignored.append(line.text)
    return needed, ignored


def _not_understood_for_doubling() -> list[str]:
    return _doubling_lines()[0]


@pytest.fixture(scope="module")
def doubling_server(rules_text) -> Iterator[str]:
    missing = _not_understood_for_doubling()
    if missing:
        pytest.skip("the Oracle compiler does not understand yet: " + "; ".join(missing))
    yield from _serve(rules_text, "--cards", str(DOUBLING))


@pytest.fixture
def doubling_page(doubling_server, tmp_path):
    yield from _browse(doubling_server, tmp_path)


def test_doubling_season_doubles_a_planeswalkers_loyalty_as_it_enters(doubling_page) -> None:
    """Doubling Season and Ajani Goldmane, real Oracle texts found by typing: Ajani enters
    with 8 loyalty counters (its 4 doubled: 306.5b, 614.1c), and its +1 adds one counter,
    not two (the counters of a cost are not put by an effect: the card's official ruling);
    alice gains 2 life."""
    page = doubling_page
    _pick_card(page, "doubling se", "Doubling Season")
    _pick_card(page, "ajani gold", "Ajani Goldmane")
    page.select_option('[aria-label="zone of ajani_goldmane"]', "hand")
    for verb in ("put_onto_battlefield", "activate", "resolve"):
        page.select_option("#verb", verb)
        page.click("#add-action")
    page.fill('[aria-label="put_onto_battlefield object"]', "ajani_goldmane")
    page.fill('[aria-label="activate object"]', "ajani_goldmane")
    page.fill('[aria-label="activate ability"]', "1")
    page.press('[aria-label="activate ability"]', "Tab")
    page.click("#run")
    page.wait_for_selector("#answer-body:not([hidden])", timeout=ANSWER_MS)
    assert page.inner_text("#headline").startswith("1 outcome")
    notes = page.inner_text("#notes")
    ignored = _doubling_lines()[1]
    # a line the compiler does not understand is never silent: the answer names it at the top
    assert ("Doubling Season" in notes) == bool(ignored)
    always = set(page.locator("#atoms button.always").all_inner_texts())
    assert {'counters(ajani_goldmane,"loyalty",9)', "loyalty(ajani_goldmane,9)",
            "life(alice,22)"} <= always
    change = page.locator("#changes .change", has_text="loyalty").first
    assert "9" in change.inner_text()
    chip = change.locator(".rule-chip").first
    number = chip.inner_text()
    chip.click()
    page.wait_for_function("document.getElementById('rule-number').textContent.includes("
                           + json.dumps(number) + ")")
    assert page.inner_text("#rule-text") == f"Test text of rule {number}."
