"""Every message in its person's language, and groups that count their members' private solves.

``chats.telegram_language`` keeps Telegram's language_code of a chat's person: a private chat's
user (kept up to date as they write), or the admin who subscribed a group. A chat that chose no
``/language`` gets its daily post in it.

``hint_progress.group_id`` (with ``group_edition`` and ``group_faceup``) is, in a private chat,
the group whose 'Hints in private' link opened that day's puzzles there, and that group's
calendar variant. ``solve_groups`` lists the groups a solve counts for besides the chat it was
reported in (``solves.chat_id``), so a group's /top and its post's line about yesterday include
members who solved in private from its link, or who reported it there after solving elsewhere.

Revision ID: 0017
Revises: 0016
"""

import sqlalchemy as sa
from alembic import op

from db.data_loss import PeopleData

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

# What downgrade() deletes of people's data: refused unless allowed (db.data_loss). A private
# chat's language comes back with its user's next message, a group's only when an admin subscribes
# it again; a day's private link is gone by the next day, so only the groups' languages count.
PEOPLE_DATA = (
    PeopleData("solve_groups"),
    PeopleData("chats", "telegram_language", held="telegram_language IS NOT NULL AND id < 0"),
)


def upgrade() -> None:
    with op.batch_alter_table("chats") as chats:
        chats.add_column(sa.Column("telegram_language", sa.String(16), nullable=True))
    with op.batch_alter_table("hint_progress") as progress:
        progress.add_column(sa.Column("group_id", sa.BigInteger, nullable=True))
        progress.add_column(sa.Column("group_edition", sa.String(64), nullable=True))
        progress.add_column(sa.Column("group_faceup", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "solve_groups",
        sa.Column("user_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("day", sa.Date, primary_key=True),
        sa.Column("chat_id", sa.BigInteger, primary_key=True, autoincrement=False),
    )
    op.create_index("ix_solve_groups_chat_day", "solve_groups", ["chat_id", "day"])


def downgrade() -> None:
    op.drop_index("ix_solve_groups_chat_day", "solve_groups")
    op.drop_table("solve_groups")
    with op.batch_alter_table("hint_progress") as progress:
        progress.drop_column("group_faceup")
        progress.drop_column("group_edition")
        progress.drop_column("group_id")
    with op.batch_alter_table("chats") as chats:
        chats.drop_column("telegram_language")
