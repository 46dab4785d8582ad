"""``python -m bot.dispatch``: the documented name of :mod:`jobs.daily_posts`.

The daily-post process makes the on-demand solver (a job), so it lives on the entry-point floor;
this module only runs it and imports nothing, so the bot package never depends on the floor above.
"""

import runpy

if __name__ == "__main__":
    runpy.run_module("jobs.daily_posts", run_name="__main__", alter_sys=True)
