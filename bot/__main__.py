"""``python -m bot``: the documented name of :mod:`jobs.bot`.

Running the bot is a process that makes the on-demand solver (a job), so it lives on the
entry-point floor; this module only runs it and imports nothing, so the bot package never depends
on the floor above it.
"""

import runpy

if __name__ == "__main__":
    runpy.run_module("jobs.bot", run_name="__main__", alter_sys=True)
