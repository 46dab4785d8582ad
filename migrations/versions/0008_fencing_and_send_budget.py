"""Fenced outbox claims and one Telegram send budget shared by every process.

``deliveries.claim_token``: every claim writes a fresh token and every later
change of the row (lease renewal, the outcome) is conditional on it, so a
dispatcher whose lease ran out can neither send nor record a post another
dispatcher took over. ``send_budget``: one row per bot token holding the next
free send slot; each message reserves a slot first, so all processes together
stay under Telegram's per-bot rate.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("deliveries") as deliveries:
        deliveries.add_column(sa.Column("claim_token", sa.String(32), nullable=True))
    op.create_table(
        "send_budget",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("next_slot", sa.Float(precision=53), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("send_budget")
    with op.batch_alter_table("deliveries") as deliveries:
        deliveries.drop_column("claim_token")
