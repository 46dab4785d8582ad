"""When each Telegram file id was stored, so those of images with no date in their key (a saved
board's picture, say) can be pruned by age like the daily images are by date. Rows stored before
this revision have none: the next prune treats them as old (their images are uploaded again).

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("telegram_files") as files:
        files.add_column(sa.Column("stored_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("telegram_files") as files:
        files.drop_column("stored_at")
