"""Ctrl-C (SIGINT) in the `rulekeeper` command's own process: one line, exit 130, within a
second, whatever the process is doing (issue 38).

The handler (no KeyboardInterrupt: click would turn it into "Aborted!" and exit 1) ends the
process: the solving children are killed with their process groups, the temporary files being
written are removed (nothing partial is left), one line is printed, exit 130. Python runs a
handler in the main thread only between bytecodes, and clingo grounding or solving in this
process (the console script solves in-process, bridge/deadline.py) can keep it from the
interpreter for as long as it runs; so the signal is also written to a pipe (a socket on Windows)
(`signal.set_wakeup_fd`: Python's C handler does that at once, in any state of the main thread),
and a watcher thread waiting on it ends the process if the main thread has not within GRACE.
"""
from __future__ import annotations

import os
import signal
import sys
import threading

EXIT_INTERRUPTED = 130
GRACE = 0.3          # seconds the main thread gets to unwind by KeyboardInterrupt itself
MESSAGE = "error: interrupted (Ctrl-C)"
_HINT: list[str] = []    # what the running command adds to the line (hint); set once per process


def hint(text: str) -> None:
    """Add `text` to the interrupt's one line (e.g. how to go on: `rulings --all --resume`)."""
    _HINT[:] = [text]


class Interrupts:
    """The process's interrupt handling (made once, by the console script)."""

    def __init__(self) -> None:
        self._ending = threading.Lock()

    def install(self) -> None:
        """Watch SIGINT from a thread (main thread only; a no-op where it cannot be done)."""
        if threading.current_thread() is not threading.main_thread():
            return
        try:
            receive, send = _wakeup_pair()
            signal.set_wakeup_fd(send, warn_on_full_buffer=False)
        except (OSError, ValueError, AttributeError):
            return
        self._wakeup = (receive, send)      # kept open for the life of the process
        signal.signal(signal.SIGINT, lambda _sig, _frame: self.end())
        threading.Thread(target=self._watch, args=(receive,), daemon=True,
                         name="rulekeeper-interrupt").start()

    def _watch(self, receive) -> None:
        while True:
            try:
                data = receive.recv(64) if hasattr(receive, "recv") else os.read(receive, 64)
            except OSError:
                return
            if not data:
                return
            if signal.SIGINT in data:
                threading.Event().wait(GRACE)
                self.end()

    def end(self) -> None:
        """Kill the solving children, remove partial files, print one line, exit 130."""
        if not self._ending.acquire(blocking=False):
            threading.Event().wait(10)      # the other thread is ending the process
            return
        # only modules already loaded: nothing is imported in a signal handler (the main
        # thread may be inside an import); a module not loaded has no child or file to clean
        deadline = sys.modules.get("rulekeeper.bridge.core.run.deadline")
        if deadline is not None:
            deadline.kill_children()
        safeio = sys.modules.get("rulekeeper.bridge.core.base.safeio")
        if safeio is not None:
            safeio.discard_pending()
        try:
            sys.stdout.flush()
        except (OSError, ValueError):
            pass
        try:
            os.write(2, ("; ".join([MESSAGE] + _HINT) + "\n").encode())
        except OSError:
            pass
        os._exit(EXIT_INTERRUPTED)


def _wakeup_pair() -> tuple:
    """(what the watcher reads, the fd the C handler writes to, non-blocking). A pipe where
    there is one: importing `socket` (selectors, enum classes) cost every command ~7 ms of CPU;
    Windows' set_wakeup_fd takes a socket only."""
    if os.name == "nt":
        import socket
        receive, send = socket.socketpair()
        send.setblocking(False)
        return receive, send.fileno()
    receive_fd, send_fd = os.pipe()
    os.set_blocking(send_fd, False)
    return receive_fd, send_fd
