"""Bot: chats, hint progress, the daily-post outbox, Telegram file ids.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

from db.data_loss import PeopleData

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

# What downgrade() deletes of people's data: refused unless allowed (db.data_loss).
PEOPLE_DATA = (PeopleData("chats"), PeopleData("hint_progress"), PeopleData("deliveries"))


def upgrade() -> None:
    op.create_table(
        "chats",
        sa.Column("id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("language", sa.String(8), nullable=True),
        sa.Column("timezone", sa.String(64), nullable=True),
        sa.Column("subscribed", sa.Boolean, nullable=False),
        sa.Column("post_time", sa.String(5), nullable=False),
        sa.Column("subscribed_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "hint_progress",
        sa.Column("chat_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("stage", sa.Integer, nullable=False),
        sa.Column("another", sa.Integer, nullable=False),
    )
    op.create_table(
        "deliveries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("chat_id", sa.BigInteger, nullable=False),
        sa.Column("local_date", sa.Date, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("message_id", sa.BigInteger, nullable=True),
        sa.Column("error", sa.String(500), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("chat_id", "local_date", name="uq_deliveries_chat_day"),
    )
    op.create_index("ix_deliveries_chat_id", "deliveries", ["chat_id"])
    op.create_index("ix_deliveries_status", "deliveries", ["status"])
    op.create_table(
        "telegram_files",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("file_id", sa.String(300), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("telegram_files")
    op.drop_index("ix_deliveries_status", table_name="deliveries")
    op.drop_index("ix_deliveries_chat_id", table_name="deliveries")
    op.drop_table("deliveries")
    op.drop_table("hint_progress")
    op.drop_table("chats")
