"""Copy a whole store between databases: ``python -m db.transfer SOURCE_URL TARGET_URL``.

For moving a precomputed SQLite store to PostgreSQL (or back) without solving
again. The target is migrated first and must be empty.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy import Engine, func, insert, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from db.engine import DatabaseUnavailable, make_engine
from db.migrate import upgrade
from db.models import Base

BATCH = 2000


def _copy_table(source: Engine, target: Engine, table_name: str) -> int:
    table = Base.metadata.tables[table_name]
    copied = 0
    with source.connect() as reader, target.begin() as writer:
        result = reader.execution_options(yield_per=BATCH).execute(select(table))
        for rows in result.partitions(BATCH):
            writer.execute(insert(table), [dict(row._mapping) for row in rows])
            copied += len(rows)
    return copied


def _reset_sequences(target: Engine) -> None:
    """After explicit ids were inserted, PostgreSQL's serial counters must move past them."""
    if target.dialect.name != "postgresql":
        return
    with target.begin() as connection:
        for table in Base.metadata.sorted_tables:
            column = table.columns.get("id")
            if column is not None and column.autoincrement is True:
                connection.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                        f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"
                    )
                )


def transfer(source_url: str, target_url: str) -> dict[str, int]:
    """Copy every table; returns rows copied per table. ValueError if the target is not empty."""
    upgrade(target_url)
    source, target = make_engine(source_url), make_engine(target_url)
    try:
        with target.connect() as connection:
            for table in Base.metadata.sorted_tables:
                if connection.scalar(select(func.count()).select_from(table)):
                    raise ValueError(f"the target database is not empty (table {table.name} has rows)")
        present = set(inspect(source).get_table_names())  # an older source may lack newer tables
        counts = {
            table.name: _copy_table(source, target, table.name)
            for table in Base.metadata.sorted_tables
            if table.name in present
        }
        _reset_sequences(target)
        return counts
    finally:
        source.dispose()
        target.dispose()


def copy_sqlite(source_url: str, target: Path) -> str:
    """Copy a SQLite store to a new file with SQLite's backup API (WAL pages included), migrated; its URL."""
    source = sqlite3.connect(str(make_url(source_url).database))
    destination = sqlite3.connect(str(target))
    try:
        source.backup(destination)
    finally:
        source.close()
        destination.close()
    url = f"sqlite:///{target}"
    upgrade(url)
    return url


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m db.transfer", description=__doc__.split("\n\n")[0])
    parser.add_argument("source_url")
    parser.add_argument("target_url")
    args = parser.parse_args(argv)
    try:
        counts = transfer(args.source_url, args.target_url)
    except (ValueError, DatabaseUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except SQLAlchemyError as exc:
        print(f"error: {type(exc).__name__}: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 1
    print(", ".join(f"{name}: {count}" for name, count in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
