"""Hint cache: computed hint stages per featured solution.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hint_cache",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("target_id", sa.Integer, sa.ForeignKey("targets.id", ondelete="CASCADE"), nullable=False),
        sa.Column("ordinal", sa.Integer, nullable=False),
        sa.Column("preplaced", sa.String(256), nullable=False),
        sa.Column("stage1", sa.String(256), nullable=False),
        sa.Column("stage2", sa.String(256), nullable=False),
        sa.Column("remaining1", sa.Integer, nullable=False),
        sa.Column("remaining2", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.UniqueConstraint("target_id", "ordinal", name="uq_hint_cache_target_ordinal"),
    )
    op.create_index("ix_hint_cache_target_id", "hint_cache", ["target_id"])


def downgrade() -> None:
    op.drop_index("ix_hint_cache_target_id", table_name="hint_cache")
    op.drop_table("hint_cache")
