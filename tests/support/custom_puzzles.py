"""A fresh store whose people's puzzles every lookup by id finds (the service's resolver)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.orm import Session, sessionmaker

from db.engine import make_engine, session_factory
from db.migrate import upgrade
from hints import custom_puzzles

# DragonFjord's calendar written as a person's definition (every label in place, the set by name).
CALENDAR = """title: My calendar
targets: month-day
pieces: calendar
board:
Jan Feb Mar Apr May Jun .
Jul Aug Sep Oct Nov Dec .
1   2   3   4   5   6   7
8   9   10  11  12  13  14
15  16  17  18  19  20  21
22  23  24  25  26  27  28
29  30  31
"""

# A 4 × 5 box of four pentominoes: one target, 4 solutions (up to symmetry), solved in a blink.
FOUR_BY_FIVE = """title: Four in a box
targets: board
pieces: pentominoes L P V T
board:
# # # # #
# # # # #
# # # # #
# # # # #
"""


@contextmanager
def custom_store(folder: Path) -> Iterator[sessionmaker[Session]]:
    """Sessions on a new migrated SQLite store in ``folder``, its resolver installed meanwhile."""
    url = f"sqlite:///{folder / 'store.db'}"
    upgrade(url)
    engine = make_engine(url)
    made = session_factory(engine)
    uninstall = custom_puzzles.install(made)
    try:
        yield made
    finally:
        uninstall()
        engine.dispose()
