"""The outbox asks only for due chats: each chat's next post time, indexed; 64-bit delivery ids.

Before, every tick re-inserted a delivery row for every chat whose post time
had passed (ON CONFLICT DO NOTHING), burning one id of the 32-bit sequence per
due chat per tick on PostgreSQL. Subscribed chats start with ``next_post_at``
= now, so the first tick after the upgrade looks at each once.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chats") as chats:
        chats.add_column(sa.Column("next_post_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_chats_next_post_at", "chats", ["next_post_at"])
    op.execute(sa.text("UPDATE chats SET next_post_at = CURRENT_TIMESTAMP WHERE subscribed"))
    if op.get_bind().dialect.name == "postgresql":  # SQLite's INTEGER PRIMARY KEY is 64-bit already
        op.execute(sa.text("ALTER TABLE deliveries ALTER COLUMN id TYPE BIGINT"))
        op.execute(sa.text("ALTER SEQUENCE IF EXISTS deliveries_id_seq AS BIGINT"))


def downgrade() -> None:
    op.drop_index("ix_chats_next_post_at", "chats")
    with op.batch_alter_table("chats") as chats:
        chats.drop_column("next_post_at")
