"""Saved boards: each Telegram user's own position per puzzle target (Mini App, deep links, /hint).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

from db.data_loss import PeopleData

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

# What downgrade() deletes of people's data: refused unless allowed (db.data_loss).
PEOPLE_DATA = (PeopleData("saved_positions"),)


def upgrade() -> None:
    op.create_table(
        "saved_positions",
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("puzzle_id", sa.String(64), primary_key=True),
        sa.Column("target", sa.String(32), primary_key=True),
        sa.Column("code", sa.String(64), nullable=False),
        sa.Column("active", sa.Boolean, nullable=False),
        sa.Column("stage", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("saved_positions")
