"""The page server's JSON API (rulekeeper.bridge.tools.web), through Starlette's test client: the
CLI's `--json` shapes and answers, and bad input as a message with a 4xx status."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
import yaml

with warnings.catch_warnings():          # starlette's note about httpx's successor
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from rulekeeper.bridge.games.mtg.actions import ACTION_SPECS
from rulekeeper.bridge.tools.web.app import Settings, create_app

REPO = Path(__file__).resolve().parent.parent
LETHAL = REPO / "scenarios/mtg/704-state-based-actions/704.5g-lethal-damage.yaml"
ORDERS = REPO / "scenarios/mtg/616-interaction/616.1-furnace-and-salve-on-creature.yaml"
# A rules text in the CR's layout, written for these tests (the CR itself is never shipped).
CR_EXCERPT = """Comprehensive Rules excerpt written for the tests

704.5g Test wording: a creature whose marked damage reaches its toughness is destroyed.

Glossary
"""


@pytest.fixture(scope="module")
def client(tmp_path_factory) -> TestClient:
    cr = tmp_path_factory.mktemp("cr") / "cr.txt"
    cr.write_text(CR_EXCERPT, encoding="utf-8")
    return TestClient(create_app(Settings(cr_file=cr, timeout=60.0)))


def _error(response, status: int) -> dict:
    assert response.status_code == status, response.text
    return response.json()["error"]


def test_ask_gives_the_cli_answer(client, engine) -> None:
    got = client.post("/api/ask", json={"scenario": ORDERS.read_text(), "atoms": True})
    assert got.status_code == 200, got.text
    data = got.json()
    cli = engine.ask(ORDERS).as_json()
    assert data["outcomes"] == cli["outcomes"]
    assert data["changes"] == cli["changes"]
    assert data["rules"] == cli["rules"] and data["models"] == cli["models"] == 2
    models = [set(m) for m in data["outcome_atoms"]]
    assert sorted(set.intersection(*models)) == data["outcomes"]["always"]
    assert sorted(set.union(*models) - set.intersection(*models)) == data["outcomes"]["sometimes"]


def test_scenario_as_json_data_is_the_same_question(client) -> None:
    text = LETHAL.read_text()
    as_data = client.post("/api/ask", json={"scenario": yaml.safe_load(text)}).json()
    as_text = client.post("/api/ask", json={"scenario": text}).json()
    assert as_data["outcomes"] == as_text["outcomes"]
    assert "zone(bear,graveyard)" in as_data["outcomes"]["always"]


def test_why_and_legal(client) -> None:
    why = client.post("/api/why", json={"scenario": LETHAL.read_text(),
                                        "atom": "zone(bear,graveyard)"}).json()
    assert why["holds_in"] == 1 and why["derivation"]
    rules = json.dumps(why["derivation"])
    assert '"rule": "704.5g"' in rules
    legal = client.post("/api/legal", json={"scenario": LETHAL.read_text()})
    assert legal.status_code == 200 and set(legal.json()) == {"not_understood", "reliable", "legal", "not_encoded"}


def test_unknown_card_is_named_beside_its_field(client) -> None:
    text = LETHAL.read_text().replace("card: Bear", "card: Grizly Bears")
    err = _error(client.post("/api/ask", json={"scenario": text}), 422)
    assert err["field"] == "objects[0].card" and "unknown card 'Grizly Bears'" in err["message"]
    assert "Grizzly Bears" in err["message"]            # the close name is offered
    check = _error(client.post("/api/validate", json={"scenario": text}), 422)
    assert check == err


def test_malformed_scenario_upload(client) -> None:
    err = _error(client.post("/api/load", json={"text": "title: x\nplayers: [a\n"}), 422)
    assert err["line"] is not None and err["kind"] == "bad_input"
    err = _error(client.post("/api/ask", json={"scenario": "- just\n- a list\n"}), 422)
    assert err["kind"] == "bad_input"
    assert client.post("/api/load", json={"text": LETHAL.read_text()}).json()["scenario"][
        "title"].startswith("704.5g")


def test_a_10_mb_body_is_refused_unread(client) -> None:
    body = json.dumps({"scenario": "x" * (10 * 1024 * 1024)})
    err = _error(client.post("/api/ask", content=body,
                             headers={"content-type": "application/json"}), 413)
    assert "too large" in err["message"]


def test_a_scenario_over_2_mb_is_refused(client) -> None:
    text = "title: big\nplayers: [a]\ndescription: " + "y" * (2 * 1024 * 1024) + "\n"
    err = _error(client.post("/api/ask", json={"scenario": text}), 422)
    assert "too large" in err["message"] and "2,097,152" in err["message"]


def test_a_solve_past_the_time_limit(client) -> None:
    objects = [{"id": f"c{i}", "card": "Grizzly Bears", "controller": "a" if i % 2 else "b"}
               for i in range(40)]
    board = {"title": "a long turn", "players": ["a", "b"], "objects": objects,
             "actions": [{"advance": "cleanup"}, {"advance": "end"}]}
    err = _error(client.post("/api/ask", json={"scenario": board, "timeout": 0.2}), 408)
    assert err["kind"] == "timeout" and "no answer within 0.2 s" in err["message"]


def test_the_server_reads_no_file_a_request_names(client) -> None:
    board = {"title": "t", "players": ["a"], "rules": ["mtg", "../../etc"]}
    err = _error(client.post("/api/ask", json={"scenario": board}), 422)
    assert err["field"] == "rules[1]" and "not read by the page server" in err["message"]
    err = _error(client.get("/api/rulings", params={"card": str(LETHAL)}), 422)
    assert "reads no card file" in err["message"]


def test_malformed_requests_are_400_without_a_traceback(client) -> None:
    for body in (b"{not json", b"[1, 2]", json.dumps({"scenario": 3}).encode(),
                 json.dumps({"scenario": {"a": _nested(60)}}).encode()):
        got = client.post("/api/ask", content=body, headers={"content-type": "application/json"})
        assert 400 <= got.status_code < 500, (body[:40], got.text)
        assert "Traceback" not in got.text and got.json()["error"]["message"]


def _nested(depth: int):
    value: object = 1
    for _ in range(depth):
        value = {"k": value}
    return value


def test_card_search(client) -> None:
    found = client.get("/api/cards", params={"q": "grizz"}).json()
    assert found["cards"][0] == {"name": "Grizzly Bears", "source": "bundled"}
    assert found["pool"] >= 50
    assert client.get("/api/cards", params={"q": ""}).json()["cards"] == []
    assert len(client.get("/api/cards", params={"q": "e", "limit": 3}).json()["cards"]) == 3
    _error(client.get("/api/cards", params={"q": "x" * 500}), 400)


def test_a_rule_with_its_text_and_neighbours(client) -> None:
    rule = client.get("/api/rules/704.5g").json()
    assert rule["text"].startswith("Test wording")
    assert rule["summary"] and rule["encoded"]
    assert rule["uses"] and all(e["via"] for e in rule["uses"])
    assert any(e["rule"] == "120.6" for e in rule["uses"])
    without_text = client.get("/api/rules/120.6").json()
    assert without_text["text"] is None and without_text["summary"]
    _error(client.get("/api/rules/999.9z"), 422)


def test_download_is_a_scenario_ask_accepts(client, engine, tmp_path) -> None:
    board = {"title": "round trip", "players": ["alice", "bob"],
             "objects": [{"id": "bear", "card": "Grizzly Bears", "controller": "bob",
                          "counters": {"+1/+1": 1}}],
             "actions": [{"deal_damage": {"target": "bear", "amount": 3}}]}
    text = client.post("/api/yaml", json={"scenario": board}).text
    assert client.post("/api/load", json={"text": text}).json()["scenario"] == board
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    assert "zone(bear,graveyard)" in engine.ask(path).as_json()["outcomes"]["always"]


def test_every_verb_is_offered_and_the_api_is_described(client) -> None:
    options = client.get("/api/options").json()
    assert set(options["verbs"]) == set(ACTION_SPECS)
    paths = client.get("/api/openapi.json").json()["paths"]
    assert {"/api/ask", "/api/why", "/api/legal", "/api/cards", "/api/rulings"} <= set(paths)
    page = client.get("/")
    assert page.status_code == 200 and "board builder" in page.text
    assert client.get("/static/page.js").status_code == 200


ALTERED_BOARD = {
    "title": "Altered from the form", "rules": ["altered"], "players": ["alice", "bob"],
    "day": {"phase": "afternoon"},
    "cards": {"Cadet": {"type": "character", "statistics": {"forest": 1},
                        "cost": {"hand": 2, "reserve": 1}}},
    "objects": [{"id": "cadet", "card": "Cadet", "zone": "reserve", "owner": "alice"},
                {"id": "orb", "zone": "mana", "owner": "alice"}],
    "actions": [{"play": {"player": "alice", "card": "cadet", "expedition": "companion"}},
                {"pass": "alice"}, "next_phase"]}


def test_the_altered_form_offers_what_the_validator_takes(client) -> None:
    """Every choice the Altered form offers is one the validator accepts: each verb (the board
    above uses them all), and each phase, zone and region in its field."""
    altered = client.get("/api/options").json()["altered"]
    assert set(altered["verbs"]) == {"next_phase", "pass", "play"}
    got = client.post("/api/validate", json={"scenario": ALTERED_BOARD})
    assert got.status_code == 200, got.text
    for field, values in (("phase", altered["phases"]), ("zone", altered["zones"]),
                          ("region", altered["regions"])):
        for value in values:
            board = json.loads(json.dumps(ALTERED_BOARD))
            if field == "phase":
                board["day"] = {"phase": value}
                board["actions"] = []
            else:
                board["objects"].append({"id": "x", "card": "Cadet", "zone": "hand",
                                         "owner": "bob", field: value})
            err = client.post("/api/validate", json={"scenario": board})
            assert err.status_code == 200, (field, value, err.text)


def test_an_altered_refusal_names_the_forms_field(client) -> None:
    """The message of a refused Altered field names the path the form's input carries."""
    board = json.loads(json.dumps(ALTERED_BOARD))
    board["actions"][0]["play"]["expedition"] = "sideways"
    err = _error(client.post("/api/validate", json={"scenario": board}), 422)
    assert err["field"] == "actions[0].play.expedition"
    assert "sideways" in err["message"]


# -- plug-in packs (`serve --pack-dir`): part of every question, as with `ask --pack-dir` -------
TINKER = REPO / "tests" / "packs" / "tinker"
GUARD = """title: a tapped creature with the pack's keyword vigil
rules: [mtg]
players: [alice, bob]
turn: {active: alice, step: precombat_main, number: 2}
cards:
  Guard: {types: [creature], power: 2, toughness: 2, keywords: [vigil]}
objects:
  - {id: g, card: Guard, controller: alice, tapped: true}
"""


def test_a_servers_plugin_pack_answers_every_question() -> None:
    from rulekeeper.bridge.core.rules.packs import load_pack_dir
    with_pack = TestClient(create_app(Settings(timeout=60.0, plugins=[load_pack_dir(TINKER)])))
    assert with_pack.get("/api/options").json()["packs"] == ["tinker"]
    data = with_pack.post("/api/ask", json={"scenario": GUARD}).json()
    assert "toughness(g,4)" in data["outcomes"]["always"]          # tinker's 3003.1 fired
    assert data["not_encoded"] == []                               # vigil is the pack's keyword
    rule = with_pack.get("/api/rules/3003.1").json()          # the rule panel knows the pack
    assert rule["encoded"] and "vigil" in rule["summary"]


def test_without_the_pack_its_keyword_is_not_known(client) -> None:
    assert client.get("/api/options").json()["packs"] == []
    data = client.post("/api/ask", json={"scenario": GUARD}).json()
    assert "toughness(g,4)" not in data["outcomes"]["always"]
    assert data["not_encoded"] == ["keyword vigil: not something the rule base knows; it has no effect here"]


def test_serve_refuses_a_bad_pack_dir_before_starting(tmp_path) -> None:
    from click.testing import CliRunner
    from rulekeeper.cli.main import main
    result = CliRunner().invoke(main, ["serve", "--pack-dir", str(tmp_path / "none"), "--port", "0"])
    assert result.exit_code == 2, result.output
    assert "none" in result.output and "Traceback" not in result.output
