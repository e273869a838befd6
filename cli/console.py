"""The `rulekeeper` console script (pyproject's [project.scripts]); `python -m
rulekeeper.cli.console` runs it too. The process is the command's own (cli/main.run).

Python's cycle collector runs after every 700 new container objects. Importing click, clingo
and the bridge builds tens of thousands (functions, classes, dicts), all meant to live until
the process ends, and each collection scans them again: about 10 ms of CPU in a small `ask`
(docs/performance.md, "The CLI's own process, third round"). So the collector is off while the
command's modules load, and what they built is frozen (`gc.freeze`: kept out of every later
collection) before it is turned back on. Only the process that runs the command does this:
another program that imports rulekeeper.cli.main keeps its collector as it was.
"""
import gc

gc.disable()
from rulekeeper.cli.main import run  # noqa: E402  (the collector off while it loads)

gc.freeze()
gc.enable()

if __name__ == "__main__":  # pragma: no cover
    run()
