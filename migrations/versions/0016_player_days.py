"""The player's day: per person, local date and puzzle variant, the highest hint stage seen on
each ladder (the day's featured hints, the saved board's) and when it was first opened; and per
solve whether it was made on the puzzle's own day (only those make a streak).

``hint_progress`` keeps which puzzle a person is on in a chat; how far they got now lives here,
so opening another puzzle no longer resets it. Progress recorded before this revision is carried
over; solves from before it count as made on their day.

Revision ID: 0016
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

# A downgrade deletes no data the older code had: it still keeps each person's current puzzle and
# stage in hint_progress and their solves; what goes is the per-variant detail added here (and
# whether a solve was made on its day), so it needs no permission (db.data_loss).
PEOPLE_DATA = ()


def upgrade() -> None:
    op.create_table(
        "player_days",
        sa.Column("user_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("day", sa.Date(), primary_key=True),
        sa.Column("puzzle", sa.String(80), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("featured_stage", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("board_stage", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.execute(
        sa.text(
            "INSERT INTO player_days (user_id, day, puzzle, kind, featured_stage, board_stage, opened_at) "
            "SELECT user_id, day, kind, kind, max(stage), 0, min(opened_at) FROM hint_progress "
            "GROUP BY user_id, day, kind"
        )
    )
    with op.batch_alter_table("solves") as solves:
        solves.add_column(sa.Column("on_day", sa.Boolean(), nullable=False, server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("solves") as solves:
        solves.drop_column("on_day")
    op.drop_table("player_days")
