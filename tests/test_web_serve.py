"""`rulekeeper serve` as a command: it prints the address it serves, answers there, and stops
on Ctrl-C with exit 130; bad options are exit 2 with a message, before anything is served."""
from __future__ import annotations

import json
import select
import signal
import socket
import subprocess
import sys
import urllib.request

SERVE = [sys.executable, "-m", "rulekeeper.cli.main", "serve"]


def test_serve_prints_its_address_answers_and_stops_on_ctrl_c() -> None:
    proc = subprocess.Popen(SERVE + ["--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        line = proc.stdout.readline() if ready else ""
        assert "http://127.0.0.1:" in line, (line, proc.stderr.read() if not ready else "")
        address = line[line.index("http://"):].split()[0]
        with urllib.request.urlopen(address + "api/cards?q=grizz", timeout=30) as response:
            assert json.load(response)["cards"][0]["name"] == "Grizzly Bears"
        proc.send_signal(signal.SIGINT)
        assert proc.wait(30) == 130
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def test_bad_options_are_bad_input(tmp_path) -> None:
    not_rules = tmp_path / "notes.txt"
    not_rules.write_text("no rules here\n", encoding="utf-8")
    done = subprocess.run(SERVE + ["--cr", str(not_rules)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "no numbered rules found" in done.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run(SERVE + ["--port", str(port)], capture_output=True, text=True,
                              timeout=60)
    assert done.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in done.stderr
