"""Downgrades that would delete people's data refuse unless the operator allows it.

A revision whose ``downgrade()`` drops a table or column holding what people made (a chat's
settings, hint progress, solves, saved boards, the daily posts' outbox: the tables of
deploy/README.md, "Backups") lists it in ``PEOPLE_DATA``. Before the first step of a run,
``migrations/env.py`` looks at every revision the run will downgrade: when one of them would
drop rows that hold data, the whole run is refused (nothing has changed yet) with a message
naming the tables, columns and rows, unless the operator allowed it:

    alembic -x allow-data-loss=true downgrade REVISION
    python -m db.migrate --downgrade REVISION --allow-data-loss

Solutions, the hint cache, Telegram file ids and the other tables that can be made again are
not listed: downgrades that drop only those run without the flag.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from alembic.runtime.migration import MigrationContext, RevisionStep
from alembic.util import CommandError
from sqlalchemy import text

X_ARGUMENT = "allow-data-loss"  # alembic -x allow-data-loss=true downgrade ...
ATTRIBUTE = "allow_data_loss"  # Config.attributes, set by db.migrate.downgrade(allow_data_loss=True)
_YES = {"", "1", "true", "yes", "on"}
_NO = {"0", "false", "no", "off"}

StepsFunction = Callable[[Any, MigrationContext], Iterable[Any]]


class DataLossRefused(CommandError):
    """A downgrade would delete people's data and was not allowed to (the alembic command line
    prints it as ``FAILED: ...``)."""


@dataclass(frozen=True)
class PeopleData:
    """People's data one downgrade deletes: a whole table, or one column of it.

    ``held``: the SQL condition of the rows that hold data (default: every row of a table; the
    rows where the column is not NULL).
    """

    table: str
    column: str | None = None
    held: str | None = None

    @property
    def name(self) -> str:
        return self.table if self.column is None else f"{self.table}.{self.column}"

    def rows(self, migration: MigrationContext) -> int:
        """How many rows hold data that the downgrade would delete."""
        condition = self.held or (None if self.column is None else f"{self.column} IS NOT NULL")
        query = f"SELECT count(*) FROM {self.table}" + ("" if condition is None else f" WHERE {condition}")
        assert migration.connection is not None, "rows are counted online only"
        return int(migration.connection.scalar(text(query)) or 0)


def allowed(value: str | None, attribute: object = None) -> bool:
    """Whether the operator allowed data loss: ``-x allow-data-loss[=true]`` or the config
    attribute; CommandError for a value that is neither yes nor no."""
    if attribute:
        return True
    if value is None:
        return False
    if value.strip().lower() in _YES:
        return True
    if value.strip().lower() in _NO:
        return False
    raise CommandError(f"-x {X_ARGUMENT}={value}: say true or false")


def dropped_by(steps: Sequence[Any]) -> list[tuple[str, PeopleData]]:
    """(revision, people's data) of every downgrade step that deletes people's data, in run order."""
    found = []
    for step in steps:
        if isinstance(step, RevisionStep) and step.is_downgrade:
            script = step.revision
            found += [(script.revision, item) for item in getattr(script.module, "PEOPLE_DATA", ())]
    return found


def check(steps: Sequence[Any], migration: MigrationContext) -> None:
    """DataLossRefused when ``steps`` would delete rows holding people's data (in ``--sql`` mode,
    where nothing can be counted, when they would drop any of it)."""
    found = dropped_by(steps)
    if not found:
        return
    if migration.as_sql:
        held = [
            f"{item.name} (revision {revision}; rows are not counted in --sql mode)"
            for revision, item in found
        ]
    else:
        counts = [(revision, item, item.rows(migration)) for revision, item in found]
        held = [
            f"{item.name}: {n} row{'' if n == 1 else 's'} (revision {revision})"
            for revision, item, n in counts
            if n
        ]
    if held:
        raise DataLossRefused(
            "refusing to downgrade: it would delete people's data, which cannot be made again: "
            + "; ".join(held)
            + ". Back them up first (deploy/README.md, Backups), stop the bot and the API, then run the "
            f"same downgrade with `alembic -x {X_ARGUMENT}=true downgrade ...` or "
            "`python -m db.migrate --downgrade ... --allow-data-loss`."
        )


def guarded(steps: StepsFunction, allow: bool) -> StepsFunction:
    """Alembic's step function ``steps``, checked (:func:`check`) before the first step runs."""

    def plan(heads: Any, migration: MigrationContext) -> list[Any]:
        planned = list(steps(heads, migration))
        if not allow:
            check(planned, migration)
        return planned

    return plan
