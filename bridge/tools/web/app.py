"""The page server: a FastAPI application (ASGI, served by uvicorn) with the judge's page at
`/` and the JSON API under `/api/` (OpenAPI description at `/api/openapi.json`; the
interactive docs page is off: it would load its scripts from a CDN).

FastAPI rather than bare Starlette: the request models give the OpenAPI description and the
checks of each request's fields for free. Errors are the CLI's `{"error": {...}}` with a 4xx
status, never a traceback: 400 a malformed request, 413 a body over the limit, 422 bad
scenario input (an unknown card, a field the validator refuses), 408 no answer within the time
limit, 409 an impossible situation, 429 busy."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from ...core.base.errors import RulekeeperError
from ...core.rules.packs import Pack
from .bodylimit import BodyLimit
from .cardsearch import DEFAULT_LIMIT, CardSearch
from .forms import builder_options
from .rulebook import RuleBook
from .scenariotext import scenario_data, scenario_text
from .service import Limits, Service, TextEngine

HERE = Path(__file__).parent
STATUS = {"bad_input": 422, "timeout": 408, "impossible": 409, "busy": 429,
          "out_of_memory": 422, "too_large": 413, "bad_request": 400}


@dataclass
class Settings:
    """What `rulekeeper serve` was started with."""

    cards: list[Path] = field(default_factory=list)
    cr_file: Path | None = None
    timeout: float = 20.0
    plugins: list[Pack] = field(default_factory=list)   # --pack-dir: in every question's rules


# -- request bodies (the OpenAPI description is read off them) ---------------------------------
class ScenarioBody(BaseModel):
    scenario: Union[str, dict] = Field(description="the scenario: YAML text, or its data as JSON")
    timeout: float | None = Field(None, gt=0, description="seconds (at most the server's limit)")


class AskBody(ScenarioBody):
    full: bool = Field(False, description="as `ask --full --json`: every rule met")
    atoms: bool = Field(False, description="also each outcome's atoms (`outcome_atoms`)")


class WhyBody(ScenarioBody):
    atom: str = Field(max_length=2000, description="an outcome atom, e.g. zone(bear,graveyard)")
    depth: int = Field(12, ge=1, le=60)


class LegalBody(ScenarioBody):
    player: str | None = Field(None, max_length=200)


class DataBody(BaseModel):
    scenario: dict


class TextBody(BaseModel):
    text: str


def create_app(settings: Settings | None = None) -> FastAPI:
    """The application for these settings; the engine and the card pool live on it."""
    settings = settings or Settings()
    limits = Limits(timeout=settings.timeout)
    engine = TextEngine(cards=settings.cards, plugins=settings.plugins)
    service = Service(engine, limits)
    app = FastAPI(title="rulekeeper", description=__doc__, docs_url=None, redoc_url=None,
                  openapi_url="/api/openapi.json")
    app.add_middleware(BodyLimit, limit=2 * limits.scenario_bytes + 65536)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")
    state = _State(settings, engine)
    _errors(app)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page(request: Request) -> Any:
        return templates.TemplateResponse(request, "index.html", {
            "options": builder_options(_pack_names(settings)), "has_cr": settings.cr_file is not None,
            "cards": len(state.cards)})

    @app.post("/api/validate", summary="Check a scenario as `ask` does")
    def validate(body: ScenarioBody) -> dict:
        return service.validate(_text(body.scenario), body.timeout)

    @app.post("/api/ask", summary="`rulekeeper ask --json`")
    def ask(body: AskBody) -> dict:
        return service.ask(_text(body.scenario), body.timeout, body.full, body.atoms)

    @app.post("/api/why", summary="`rulekeeper why --json`")
    def why(body: WhyBody) -> dict:
        return service.why(_text(body.scenario), body.atom, body.depth, body.timeout)

    @app.post("/api/legal", summary="`rulekeeper legal --json`")
    def legal(body: LegalBody) -> dict:
        return service.legal(_text(body.scenario), body.player, body.timeout)

    @app.get("/api/rulings", summary="`rulekeeper rulings CARD --json`")
    def rulings(card: str = Query(max_length=200), timeout: float | None = Query(None, gt=0)
                ) -> dict:
        return service.rulings(card, timeout)

    @app.get("/api/cards", summary="Card names matching a query (as you type)")
    async def cards(q: str = Query("", max_length=200),
                    limit: int = Query(DEFAULT_LIMIT, ge=1, le=100)) -> dict:
        # async: answered on the event loop (well under a millisecond), no worker thread
        return {"query": q, "cards": [h.as_json() for h in state.cards.search(q, limit)],
                "pool": len(state.cards)}

    @app.get("/api/rules/{number}", summary="A rule: summary, text, graph neighbours")
    def rule(number: str, game: str = Query("mtg", pattern="^(mtg|altered)$")) -> dict:
        return state.book(game).info(number[:40])

    @app.post("/api/yaml", response_class=PlainTextResponse, summary="Scenario data as YAML")
    def to_yaml(body: DataBody) -> str:
        return scenario_text(body.scenario, limits.scenario_bytes)

    @app.post("/api/load", summary="A scenario file's text as data, for the builder")
    def load(body: TextBody) -> dict:
        return {"scenario": scenario_data(body.text, limits.scenario_bytes)}

    @app.get("/api/options", summary="The builder's steps, zones and action verbs")
    def options() -> dict:
        return builder_options(_pack_names(settings))

    return app


class _State:
    """The app's lazily built parts: the card pool and a rule book per game."""

    def __init__(self, settings: Settings, engine: TextEngine):
        self.settings = settings
        self.engine = engine
        self.cards = CardSearch(card_pools(settings.cards))
        self._books: dict[str, RuleBook] = {}

    def book(self, game: str) -> RuleBook:
        if game not in self._books:
            packs = ["altered"] if game == "altered" else ["mtg", "almos"]
            cr = self.settings.cr_file if game == "mtg" else None
            self._books[game] = RuleBook.for_packs(self.engine, packs, cr)
        return self._books[game]


def _pack_names(settings: Settings) -> list[str]:
    return [pack.name for pack in settings.plugins]


def card_pools(sources: list[Path]) -> list[tuple[str, list[str]]]:
    """Each `--cards` source's names, then the bundled library's (the first wins a name)."""
    from ...games.mtg.cards import default_library
    library = default_library().with_sources(sources)
    pools = [(str(path), source.names()) for path, source in zip(library.sources,
                                                                 library.opened())]
    return pools + [("bundled", library.names())]


def _text(scenario: str | dict) -> str:
    return scenario if isinstance(scenario, str) else scenario_text(scenario)


def _errors(app: FastAPI) -> None:
    """Every error as `{"error": {...}}` with its status; a bug as a message, its traceback
    on the server's stderr only."""

    @app.exception_handler(RulekeeperError)
    def rulekeeper_error(_request: Request, err: RulekeeperError) -> JSONResponse:
        return JSONResponse(err.as_json(), status_code=STATUS.get(err.kind, 422))

    @app.exception_handler(RequestValidationError)
    def bad_request(_request: Request, err: RequestValidationError) -> JSONResponse:
        first = err.errors()[0] if err.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return JSONResponse({"error": {"file": None, "line": None, "field": where or None,
                                       "message": str(first.get("msg", "malformed request")),
                                       "kind": "bad_request"}}, status_code=400)

    @app.exception_handler(Exception)
    def bug(_request: Request, err: Exception) -> JSONResponse:
        import traceback
        traceback.print_exception(err, file=sys.stderr)
        return JSONResponse({"error": {"file": None, "line": None, "field": None,
                                       "message": f"internal error ({type(err).__name__}); "
                                       "the server's log has the details", "kind": "bug"}},
                            status_code=500)

