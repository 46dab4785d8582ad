"""A chat's calendar edition (``/edition``; NULL is DragonFjord's, the default) and face-up mode
(``/faceup on|off``: only solutions that turn no piece over).

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

from db.data_loss import PeopleData

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

# What downgrade() deletes of people's data: refused unless allowed (db.data_loss). A chat that
# never chose face-up mode holds nothing in that column (false is the default).
PEOPLE_DATA = (PeopleData("chats", "edition"), PeopleData("chats", "faceup", held="faceup"))


def upgrade() -> None:
    with op.batch_alter_table("chats") as chats:
        chats.add_column(sa.Column("edition", sa.String(64), nullable=True))
        chats.add_column(sa.Column("faceup", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("chats") as chats:
        chats.drop_column("faceup")
        chats.drop_column("edition")
