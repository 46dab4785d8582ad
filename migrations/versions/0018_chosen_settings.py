"""Which settings a chat chose, so a supergroup's choice made after the upgrade wins the merge.

``chats.chosen`` lists (comma-separated) the settings someone chose in the chat: ``language``,
``timezone``, ``edition``, ``faceup`` and ``subscribed`` (the daily post, on or off). When a
group becomes a supergroup, whatever the supergroup chose wins over the group's, a choice of
"off" or the default value included; before, a supergroup's explicit "no daily post" or "face-up
off" could not be told from a default and lost to the group's. Existing rows get the settings
that hold a value other than the default, as the merge read them before.

Revision ID: 0018
Revises: 0017
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

# What downgrade() deletes of people's data: nothing a person typed (the settings stay; only the
# record of which of them were chosen goes, and defaults are read as not chosen again).
PEOPLE_DATA = ()

BACKFILL = """
UPDATE chats SET chosen = rtrim(
    (CASE WHEN language IS NOT NULL THEN 'language,' ELSE '' END)
    || (CASE WHEN timezone IS NOT NULL THEN 'timezone,' ELSE '' END)
    || (CASE WHEN edition IS NOT NULL THEN 'edition,' ELSE '' END)
    || (CASE WHEN faceup THEN 'faceup,' ELSE '' END)
    || (CASE WHEN subscribed THEN 'subscribed,' ELSE '' END),
    ','
)
"""


def upgrade() -> None:
    with op.batch_alter_table("chats") as chats:
        chats.add_column(sa.Column("chosen", sa.String(64), nullable=False, server_default=""))
    op.execute(BACKFILL)


def downgrade() -> None:
    with op.batch_alter_table("chats") as chats:
        chats.drop_column("chosen")
