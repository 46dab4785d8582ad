"""``python -m db.transfer``: the documented name of :mod:`jobs.transfer`.

The command is a job run by hand between two stores,
it lives on the entry-point floor; this module only runs it and imports nothing, so the package
never depends on the floor above it.
"""

import runpy

if __name__ == "__main__":
    runpy.run_module("jobs.transfer", run_name="__main__", alter_sys=True)
