"""Several dispatchers: who claimed a delivery, and heartbeats.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("deliveries") as batch:
        batch.add_column(sa.Column("claimed_by", sa.String(64), nullable=True))
    op.create_table(
        "dispatcher_heartbeats",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("beat_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_total", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("dispatcher_heartbeats")
    with op.batch_alter_table("deliveries") as batch:
        batch.drop_column("claimed_by")
