"""``python -m solver.precompute``: the documented name of :mod:`jobs.precompute`.

The command is a job (it writes the store), so it lives on the entry-point floor; this module only
runs it, and imports nothing, so the solver package never depends on the floor above it.
"""

import runpy

if __name__ == "__main__":
    runpy.run_module("jobs.precompute", run_name="__main__", alter_sys=True)
