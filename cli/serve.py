"""`rulekeeper serve`: the judge's page and the JSON API on this machine (docs/web.md)."""
from __future__ import annotations

import socket
import sys
from pathlib import Path

import click
from rulekeeper.bridge.core.base.errors import ScenarioError
from rulekeeper.cli.cardsopt import CARDS, card_sources
from rulekeeper.cli.common import reported, timeout_option
from rulekeeper.cli.packdir import PACK_DIR, plugins

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@click.command()
@CARDS
@click.option("--cr", "cr_file", type=str, default=None,
              help="the Comprehensive Rules text: a rule's text is shown beside its summary")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="the address to listen on (another than this machine's loopback lets "
                   "anyone who reaches it use the server)")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="the port (0: any free one; the address printed says which)")
@PACK_DIR
@timeout_option()
def serve(cr_file: str | None, host: str, port: int, pack_dirs: tuple[str, ...], timeout: float) -> None:
    """Start the judge's page and the JSON API; prints the address and opens nothing.
    Ctrl-C stops it. With --pack-dir, every question is answered with the plug-in packs too
    (as `ask --pack-dir` does); the page names them."""
    with reported():
        sources = card_sources()
        cr = _rules_text(cr_file)
        packs = plugins(pack_dirs)          # a faulty pack is bad input before the server starts
        listener = _listen(host, port)
    from rulekeeper.bridge.tools.web.app import Settings, create_app
    app = create_app(Settings(cards=sources, cr_file=cr, timeout=timeout, plugins=packs))
    address = _address(host, listener.getsockname()[1])
    click.echo(f"rulekeeper: the judge's page is at {address} (the JSON API under {address}api/, "
               f"described at {address}api/openapi.json); Ctrl-C stops it")
    if host not in LOOPBACK:
        click.echo("note: listening beyond this machine: anyone who can reach it can use the "
                   "server", err=True)
    sys.stdout.flush()
    _run(app, listener)


def _rules_text(cr_file: str | None) -> Path | None:
    """The --cr file, read once now so that a wrong file is bad input before the server
    starts."""
    if cr_file is None:
        return None
    from rulekeeper.bridge.core.rules.crtext import read_cr
    read_cr(cr_file)
    return Path(cr_file)


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound now: the address printed is the one served (--port 0)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except (OSError, OverflowError) as err:
        sock.close()
        raise ScenarioError("serve", None, "--host/--port",
                            f"cannot listen on {host}:{port}: {getattr(err, 'strerror', None) or err}"
                            ) from None
    sock.listen(64)
    return sock


def _address(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def _run(app, listener: socket.socket) -> None:
    import uvicorn
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=5))
    try:
        server.run(sockets=[listener])
    except KeyboardInterrupt:           # uvicorn re-raises the Ctrl-C it caught, once stopped
        sys.exit(130)
    sys.exit(130 if server.started else 1)      # it stops only on a signal (or fails to start)
