"""One search per target in a forked child of the process holding the ground program: each
target starts from the same fresh solver state (a solver that searched for one target is slow
on the next), and a child that overruns its time box is killed."""
from __future__ import annotations

import json
import os
import select
import signal
import time
from typing import Callable

from clingo import parse_term

from .search import Result, Target

GRACE = 2.0     # seconds past the time box before the child is killed


def run_isolated(run: Callable[[Target, float], Result], target: Target, seconds: float) -> Result:
    """`run(target, seconds)` in a child process (in this one where fork is missing)."""
    if not hasattr(os, "fork"):
        return run(target, seconds)
    start = time.monotonic()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:        # the child: search, send the result as JSON, leave without cleanup
        os.close(read_fd)
        try:
            res = run(target, seconds)
            payload = {"status": res.status, "board": [str(s) for s in res.board],
                       "seconds": res.seconds, "optimal": res.optimal}
        except BaseException as err:     # noqa: BLE001 - reported to the parent, never raised
            payload = {"status": "gave_up", "board": [], "seconds": seconds, "optimal": False,
                       "error": repr(err)}
        os.write(write_fd, json.dumps(payload).encode())
        os._exit(0)
    os.close(write_fd)
    data = _read_all(read_fd, seconds + GRACE)
    os.close(read_fd)
    if data is None:
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    if not data:
        return Result(target.kind, target.info.index, "gave_up", [], time.monotonic() - start)
    got = json.loads(data)
    return Result(target.kind, target.info.index, got["status"], [parse_term(s) for s in got["board"]],
                  got["seconds"], got["optimal"])


def _read_all(fd: int, seconds: float) -> bytes | None:
    """Everything the child writes, or None when it has not finished within `seconds`."""
    end = time.monotonic() + seconds
    chunks = []
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return None
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
