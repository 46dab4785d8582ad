"""``python -m api``: the documented name of :mod:`jobs.api`.

Serving is a process that makes the on-demand solver (a job), so it lives on the entry-point floor;
this module only runs it and imports nothing, so the API package never depends on the floor above.
"""

import runpy

if __name__ == "__main__":
    runpy.run_module("jobs.api", run_name="__main__", alter_sys=True)
