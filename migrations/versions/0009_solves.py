"""Solves: who solved which daily puzzle, with how many hints and how long after first opening it.

``hint_progress.opened_at`` is when the user first opened their current puzzle;
``solves`` has one row per user, puzzle kind and day (the first "I solved it"
counts), kept with the chat it was reported in (for a group's /top).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

from db.data_loss import PeopleData

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

# What downgrade() deletes of people's data: refused unless allowed (db.data_loss).
PEOPLE_DATA = (PeopleData("solves"), PeopleData("hint_progress", "opened_at"))


def upgrade() -> None:
    with op.batch_alter_table("hint_progress") as progress:
        progress.add_column(sa.Column("opened_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "solves",
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("day", sa.Date, primary_key=True),
        sa.Column("chat_id", sa.BigInteger, nullable=False),
        sa.Column("first_name", sa.String(64), nullable=False),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.Column("seconds", sa.Integer, nullable=True),
        sa.Column("solved_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_solves_chat_day", "solves", ["chat_id", "day"])


def downgrade() -> None:
    op.drop_index("ix_solves_chat_day", "solves")
    op.drop_table("solves")
    with op.batch_alter_table("hint_progress") as progress:
        progress.drop_column("opened_at")
