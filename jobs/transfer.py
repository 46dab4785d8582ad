"""Copy a whole store between databases: ``python -m db.transfer SOURCE_URL TARGET_URL``.

For moving a precomputed SQLite store to PostgreSQL (or back) without solving
again. The target is migrated first and must be empty. A source from before
revision 0010 (one ``solutions`` row per solution) is read as it is: its
solutions are packed on the way, one row per target.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Iterable, Iterator, Sequence
from itertools import groupby, islice
from operator import itemgetter
from pathlib import Path

from sqlalchemy import Engine, Integer, Row, String, column, func, insert, inspect, select, text
from sqlalchemy import table as table_clause
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from db.engine import DatabaseUnavailable, make_engine
from db.migrate import upgrade
from db.models import Base, SolutionSetRow
from db.repository import pack_encodings

BATCH = 2000
# Rows per batch where one row is large: a solution set is a whole target (up to ~100 KB).
BATCH_BY_TABLE = {SolutionSetRow.__tablename__: 64}

# ``solutions`` before revision 0010 (one row per solution), as a copy from an older source reads it.
legacy_solutions = table_clause(
    "solutions", column("target_id", Integer), column("ordinal", Integer), column("encoding", String)
)


def _copy_table(source: Engine, target: Engine, table_name: str, columns: set[str]) -> int:
    """Copy one table's rows; only ``columns`` (the source's), so newer columns take their defaults."""
    table = Base.metadata.tables[table_name]
    batch = BATCH_BY_TABLE.get(table_name, BATCH)
    copied = 0
    with source.connect() as reader, target.begin() as writer:
        query = select(*(c for c in table.columns if c.name in columns))
        result = reader.execution_options(yield_per=batch).execute(query)
        for rows in result.partitions(batch):
            writer.execute(insert(table), [dict(row._mapping) for row in rows])
            copied += len(rows)
    return copied


def _legacy_solution_sets(rows: Iterable[Row[int, str]]) -> Iterator[dict[str, object]]:
    """One packed solution set per target, from ``(target_id, encoding)`` rows in ordinal order."""
    for target_id, group in groupby(rows, key=itemgetter(0)):
        codec, data = pack_encodings([encoding for _, encoding in group])
        yield {"target_id": target_id, "codec": codec, "data": data}


def _pack_legacy_solutions(source: Engine, target: Engine) -> int:
    """Pack an old source's ``solutions`` rows into the target's solution sets; sets written."""
    query = select(legacy_solutions.c.target_id, legacy_solutions.c.encoding).order_by(
        legacy_solutions.c.target_id, legacy_solutions.c.ordinal
    )
    batch = BATCH_BY_TABLE[SolutionSetRow.__tablename__]
    written = 0
    with source.connect() as reader, target.begin() as writer:
        sets = _legacy_solution_sets(reader.execution_options(yield_per=BATCH).execute(query))
        while chunk := list(islice(sets, batch)):
            writer.execute(insert(SolutionSetRow), chunk)
            written += len(chunk)
    return written


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
    """Copy every table; returns rows copied per table. ValueError if the target is not empty.

    An older source lacking newer tables or columns is fine (new columns take their defaults);
    from one with a solution per row (before revision 0010) the count for ``solutions`` is the
    number of targets whose solutions were packed.
    """
    upgrade(target_url)
    source, target = make_engine(source_url), make_engine(target_url)
    try:
        with target.connect() as connection:
            for table in Base.metadata.sorted_tables:
                if connection.scalar(select(func.count()).select_from(table)):
                    raise ValueError(f"the target database is not empty (table {table.name} has rows)")
        # An older source may lack newer tables and columns, or have solutions one row each.
        inspector = inspect(source)
        columns = {
            name: {c["name"] for c in inspector.get_columns(name)} for name in inspector.get_table_names()
        }
        legacy = "encoding" in columns.get(legacy_solutions.name, ())
        counts = {}
        for table in Base.metadata.sorted_tables:
            if table.name == legacy_solutions.name and legacy:
                counts[table.name] = _pack_legacy_solutions(source, target)
            elif table.name in columns:
                counts[table.name] = _copy_table(source, target, table.name, columns[table.name])
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
