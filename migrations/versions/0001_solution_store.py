"""Solution store: puzzles, targets, solutions.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "puzzles",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("lattice", sa.String(16), nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
    )
    op.create_table(
        "targets",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("puzzle_id", sa.String(64), sa.ForeignKey("puzzles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("is_real", sa.Boolean, nullable=False),
        sa.Column("solution_count", sa.Integer, nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("computed_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.UniqueConstraint("puzzle_id", "name", name="uq_targets_puzzle_name"),
    )
    op.create_index("ix_targets_puzzle_id", "targets", ["puzzle_id"])
    op.create_table(
        "solutions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("target_id", sa.Integer, sa.ForeignKey("targets.id", ondelete="CASCADE"), nullable=False),
        sa.Column("ordinal", sa.Integer, nullable=False),
        sa.Column("encoding", sa.String(256), nullable=False),
        sa.UniqueConstraint("target_id", "ordinal", name="uq_solutions_target_ordinal"),
    )
    op.create_index("ix_solutions_target_id", "solutions", ["target_id"])


def downgrade() -> None:
    op.drop_index("ix_solutions_target_id", table_name="solutions")
    op.drop_table("solutions")
    op.drop_index("ix_targets_puzzle_id", table_name="targets")
    op.drop_table("targets")
    op.drop_table("puzzles")
