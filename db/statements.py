"""SQL building blocks shared by the repositories."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session
from sqlalchemy.sql.dml import Insert

from db.models import Base


def dialect_insert(session: Session, model: type[Base]) -> Any:
    """The dialect's ``INSERT`` (PostgreSQL's or SQLite's, both know ``ON CONFLICT``)."""
    dialect = session.get_bind().dialect.name
    return (postgresql_insert if dialect == "postgresql" else sqlite_insert)(model)


def insert_ignoring_conflicts(session: Session, model: type[Base], *unique: str) -> Insert:
    """``INSERT ... ON CONFLICT (unique) DO NOTHING`` for the session's database.

    A concurrent writer of the same row then never raises ``IntegrityError``:
    the second insert simply does nothing, inside the caller's transaction.
    """
    statement: Insert = dialect_insert(session, model).on_conflict_do_nothing(index_elements=list(unique))
    return statement


def upsert(session: Session, model: type[Base], unique: Sequence[str], values: Mapping[str, Any]) -> None:
    """Insert a row, or update the existing one with the same ``unique`` columns: one statement, no read."""
    statement = dialect_insert(session, model).values(**values)
    changed = {name: statement.excluded[name] for name in values if name not in unique}
    session.execute(statement.on_conflict_do_update(index_elements=list(unique), set_=changed))


def rowcount(result: Any) -> int:
    """How many rows an ``UPDATE`` or ``DELETE`` changed."""
    return int(result.rowcount)
