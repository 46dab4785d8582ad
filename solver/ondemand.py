"""``python -m solver.ondemand --window``: the documented name of :mod:`jobs.window`.

Solving on demand is a job (a process pool, locks and store writes), so it lives on the
entry-point floor (:mod:`jobs.target_solving`); this module only runs the command and imports nothing.
"""

import runpy

if __name__ == "__main__":
    runpy.run_module("jobs.window", run_name="__main__", alter_sys=True)
