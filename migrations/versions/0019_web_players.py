"""Web players: a visitor of the web board without an account, known by a signed cookie, with
their time zone, calendar edition, face-up mode, language and (once they opened the board in the
Mini App) the Telegram user they are; and the server's own secrets (the cookie's key when no
setting gives one).

Revision ID: 0019
Revises: 0018
"""

import sqlalchemy as sa
from alembic import op

from db.data_loss import PeopleData

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

# What downgrade() deletes of people's data: refused unless allowed (db.data_loss). A web player's
# solves and days stay under their player id, but without the row no cookie finds them again. The
# server's secrets are not people's data: a new one is made (and old cookies start afresh).
PEOPLE_DATA = (PeopleData("web_players"),)


def upgrade() -> None:
    op.create_table(
        "web_players",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("timezone", sa.String(64), nullable=True),
        sa.Column("edition", sa.String(64), nullable=True),
        sa.Column("faceup", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("language", sa.String(8), nullable=True),
        sa.Column("linked_user", sa.BigInteger(), nullable=True),
    )
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_secrets")
    op.drop_table("web_players")
