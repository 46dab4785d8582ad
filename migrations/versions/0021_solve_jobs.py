"""Solve jobs: procrastinate's queue (its tables, types, functions and triggers) on PostgreSQL, where
targets of the editions solved on demand go as jobs to solver workers (``SOLVE_JOBS=queue``,
:mod:`jobs.solve_jobs`). SQLite keeps solving in the asking process and gets nothing.

The schema is procrastinate's own ``schema.sql`` of the pinned release, kept beside the
migrations (``migrations/procrastinate/``) so that this revision means the same on every
machine; a later procrastinate release that changes it comes with a revision of its own that
applies procrastinate's migration files (``tests/db/test_migrations.py`` compares the copy with
the installed package).

Revision ID: 0021
Revises: 0020
"""

from pathlib import Path

from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None

SCHEMA = Path(__file__).resolve().parent.parent / "procrastinate" / "schema-3.10.0.sql"

# Every object procrastinate's schema makes, for the downgrade: its tables (jobs, workers, events,
# periodic defers) and types; its functions are dropped by name prefix.
_DROP = """
DROP TABLE IF EXISTS procrastinate_events, procrastinate_periodic_defers, procrastinate_jobs,
    procrastinate_workers CASCADE;
DROP TYPE IF EXISTS procrastinate_job_to_defer_v1, procrastinate_job_event_type,
    procrastinate_job_status CASCADE;
DO $$
DECLARE f regprocedure;
BEGIN
    FOR f IN SELECT oid::regprocedure FROM pg_proc WHERE proname LIKE 'procrastinate\\_%' LOOP
        EXECUTE 'DROP FUNCTION ' || f || ' CASCADE';
    END LOOP;
END;
$$;
"""


def _run_script(sql: str) -> None:
    """Run a script of many statements as it is: straight to psycopg, no placeholders parsed."""
    driver_connection = op.get_bind().connection.driver_connection
    assert driver_connection is not None
    driver_connection.execute(sql)


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    _run_script(SCHEMA.read_text(encoding="utf-8"))


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    _run_script(_DROP)
