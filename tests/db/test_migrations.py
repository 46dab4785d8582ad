"""Real Alembic migrations on real databases (SQLite file and PostgreSQL): up, down, up again."""

from sqlalchemy import inspect

from db.engine import make_engine
from db.migrate import downgrade, upgrade
from db.models import Base


def tables(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        return set(inspect(engine).get_table_names())
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
