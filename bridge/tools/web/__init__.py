"""`rulekeeper serve`: the judge's page and the JSON API over the engine (docs/web.md).
`create_app(Settings(...))` builds the ASGI application; `cli/serve.py` serves it with uvicorn."""
from .app import Settings, create_app

__all__ = ["Settings", "create_app"]
