"""``python -m render``: the documented name of :mod:`jobs.render`.

The command reads the store through the service,
it lives on the entry-point floor; this module only runs it and imports nothing, so the package
never depends on the floor above it.
"""

import runpy

if __name__ == "__main__":
    runpy.run_module("jobs.render", run_name="__main__", alter_sys=True)
