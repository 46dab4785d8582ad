"""Custom puzzles: the puzzles people define, as the text they wrote, one immutable version per
edit, owned by a player and unlisted unless published; a deleted one stays as a tombstone.

Revision ID: 0020
Revises: 0019
"""

import sqlalchemy as sa
from alembic import op

from db.data_loss import PeopleData

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

# What downgrade() deletes of people's data: refused unless allowed (db.data_loss).
PEOPLE_DATA = (PeopleData("custom_puzzles"),)


def upgrade() -> None:
    op.create_table(
        "custom_puzzles",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("owner", sa.BigInteger(), nullable=True),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("published", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("current_version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_custom_puzzles_owner", "custom_puzzles", ["owner"])
    op.create_table(
        "custom_puzzle_versions",
        sa.Column(
            "puzzle_id",
            sa.String(16),
            sa.ForeignKey("custom_puzzles.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("version", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("definition", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("custom_puzzle_versions")
    op.drop_index("ix_custom_puzzles_owner", table_name="custom_puzzles")
    op.drop_table("custom_puzzles")
