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

from db.data_loss import PeopleData

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

# What downgrade() deletes of people's data: refused unless allowed (db.data_loss). hint_progress
# keeps only each person's current puzzle and stage: a player_days row the upgrade would make from
# it again (below) loses nothing, any other (hints seen on another day or variant, the saved
# board's) goes for good. A solve made after its day would count for a streak again (the upgrade
# marks every solve as made on its day). NULLs count as held: CASE, not NOT, turns them into 1.
_SAME_DAY = "h.user_id = player_days.user_id AND h.day = player_days.day AND h.kind = player_days.puzzle"
_FIRST_OPENED = f"(SELECT min(h.opened_at) FROM hint_progress h WHERE {_SAME_DAY})"
_REMADE_BY_UPGRADE = (
    "player_days.board_stage = 0"
    f" AND player_days.featured_stage = (SELECT max(h.stage) FROM hint_progress h WHERE {_SAME_DAY})"
    f" AND (player_days.opened_at = {_FIRST_OPENED}"
    f" OR (player_days.opened_at IS NULL AND {_FIRST_OPENED} IS NULL))"
)
PEOPLE_DATA = (
    PeopleData("player_days", held=f"(CASE WHEN {_REMADE_BY_UPGRADE} THEN 0 ELSE 1 END) = 1"),
    PeopleData("solves", "on_day", held="NOT on_day"),
)


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
