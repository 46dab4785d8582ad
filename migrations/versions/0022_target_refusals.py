"""Target refusals: a target of a person's puzzle found beyond the limits (more solutions than are
kept, or not solved in the time a target is given), recorded by whoever solved it (the asking
process or a solver worker) so that every process answers it the same way without solving again.

Revision ID: 0022
Revises: 0021
"""

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "target_refusals",
        sa.Column("puzzle_id", sa.String(64), primary_key=True),
        sa.Column("target", sa.String(32), primary_key=True),
        sa.Column("more_than", sa.Integer(), nullable=True),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("target_refusals")
