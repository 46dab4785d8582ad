"""Real Alembic migrations on real databases (SQLite file and PostgreSQL): up, down, up again."""

from sqlalchemy import func, inspect, select, text

from db import repository
from db.engine import make_engine, session_factory
from db.migrate import downgrade, upgrade
from db.models import Base, SolutionSetRow
from tests.db.factories import encodings, store_targets


def tables(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def columns(url: str, table: str) -> set[str]:
    engine = make_engine(url)
    try:
        return {column["name"] for column in inspect(engine).get_columns(table)}
    finally:
        engine.dispose()


def test_upgrade_downgrade_upgrade(any_database_url: str) -> None:
    url = any_database_url  # already at head
    assert set(Base.metadata.tables) | {"alembic_version"} <= tables(url)
    downgrade(url, "base")
    assert tables(url) <= {"alembic_version"}
    upgrade(url)
    assert set(Base.metadata.tables) <= tables(url)


def test_models_match_the_migrations(any_database_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    engine = make_engine(any_database_url)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []


# ---------------------------------------------------------------- 0010: one packed row per target


def old_rows(url: str) -> list[tuple[int, int, str]]:
    """``(target_id, ordinal, encoding)`` of every row of the pre-0010 ``solutions`` table."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            query = text("SELECT target_id, ordinal, encoding FROM solutions ORDER BY target_id, ordinal")
            return [(row.target_id, row.ordinal, row.encoding) for row in connection.execute(query)]
    finally:
        engine.dispose()


def store_old_layout(url: str, targets: dict[str, list[str]]) -> None:
    """Targets and their solutions as revision 0009 stored them: one ``solutions`` row each."""
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO puzzles (id, title, lattice, fingerprint) VALUES ('cal', 'Cal', 'square', 'f')")
        )
        for name, codes in targets.items():
            connection.execute(
                text(
                    "INSERT INTO targets (puzzle_id, name, is_real, solution_count, seconds) "
                    "VALUES ('cal', :name, :real, :count, 1.5)"
                ),
                {"name": name, "real": bool(codes), "count": len(codes)},
            )
            target_id = connection.scalar(text("SELECT id FROM targets WHERE name = :name"), {"name": name})
            if codes:
                connection.execute(
                    text("INSERT INTO solutions (target_id, ordinal, encoding) VALUES (:t, :o, :e)"),
                    [{"t": target_id, "o": i, "e": code} for i, code in enumerate(codes)],
                )
            connection.execute(
                text(
                    "INSERT INTO hint_cache (target_id, ordinal, preplaced, stage1, stage2, remaining1, "
                    "remaining2, total) VALUES (:t, 0, '', 'A', 'AB', 3, 1, :n)"
                ),
                {"t": target_id, "n": len(codes)},
            )
    engine.dispose()


def test_0010_packs_stored_solutions_and_downgrade_expands_them_again(any_database_url: str) -> None:
    url = any_database_url
    targets = {f"01-{day:02}": encodings(count, seed=day) for day, count in ((1, 1), (2, 700), (3, 90))}
    targets["02-30"] = []  # a target without solutions
    downgrade(url, "0009")
    store_old_layout(url, targets)
    before = old_rows(url)
    assert len(before) == 791

    upgrade(url)
    assert columns(url, "solutions") == {"target_id", "codec", "data"}
    engine = make_engine(url)
    with session_factory(engine)() as session:
        for name, codes in targets.items():
            assert repository.get_encodings(session=session, puzzle_id="cal", target=name) == codes
            assert repository.count_solutions(session=session, puzzle_id="cal", target=name) == len(codes)
            assert (
                repository.get_encodings(session=session, puzzle_id="cal", target=name, offset=5, limit=3)
                == codes[5:8]
            )
        sets = session.scalar(select(func.count()).select_from(SolutionSetRow))
        key = repository.target_key(session=session, puzzle_id="cal", target="01-02")
        assert key is not None
        assert repository.get_cached_hints(session=session, target_id=key.id, ordinal=0) is not None
    engine.dispose()
    assert sets == 3  # one row per target with solutions

    downgrade(url, "0009")
    assert columns(url, "solutions") == {"id", "target_id", "ordinal", "encoding"}
    engine = make_engine(url)
    found = inspect(engine)
    assert "ix_solutions_target_id" in {index["name"] for index in found.get_indexes("solutions")}
    assert {"uq_solutions_target_ordinal"} == {u["name"] for u in found.get_unique_constraints("solutions")}
    engine.dispose()
    assert old_rows(url) == before
    upgrade(url)  # and up again, to the same solutions
    engine = make_engine(url)
    with session_factory(engine)() as session:
        assert repository.get_encodings(session=session, puzzle_id="cal", target="01-02") == targets["01-02"]
    engine.dispose()


# ---------------------------------------------------------------- 0012: codec 2 with flip records


def test_0012_downgrade_repacks_flip_records_away_and_0010_still_expands(any_database_url: str) -> None:
    url = any_database_url
    targets = {"01-01": encodings(1), "01-02": encodings(400, seed=2), "02-30": []}
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        store_targets(session, targets)
    engine.dispose()

    downgrade(url, "0011")
    upgrade(url)  # upgrading leaves codec 1 as it is: precompute adds the records
    engine = make_engine(url)
    with session_factory(engine)() as session:
        assert set(session.scalars(select(SolutionSetRow.codec))) == {repository.LZMA_CODEC}
        for name, codes in targets.items():
            stored = repository.get_solutions(session=session, puzzle_id="cal", target=name)
            assert (stored.encodings, stored.flips) == (codes, None) if codes else stored is None
        assert repository.targets_without_flip_records(session=session) == [
            ("cal", "01-01"),
            ("cal", "01-02"),
        ]
    engine.dispose()

    downgrade(url, "0009")  # through 0012 and 0010: one row per solution again
    assert [row[2] for row in old_rows(url)] == targets["01-01"] + targets["01-02"]
