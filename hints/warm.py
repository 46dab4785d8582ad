"""``python -m hints.warm``: the documented name of :mod:`jobs.warm`.

The command opens the store and commits what it fills, so
it lives on the entry-point floor; this module only runs it and imports nothing, so the package
never depends on the floor above it.
"""

import runpy

if __name__ == "__main__":
    runpy.run_module("jobs.warm", run_name="__main__", alter_sys=True)
