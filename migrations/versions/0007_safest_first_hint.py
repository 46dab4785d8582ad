"""The first hint is now the safest piece (the featured placement most solutions share), not the
one that narrows the solutions most: cached hints computed by the old rule are dropped and are
computed again on first use (``python -m hints.warm`` refills a week at once).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(sa.text("DELETE FROM hint_cache"))


def downgrade() -> None:
    op.execute(sa.text("DELETE FROM hint_cache"))  # the old rule's hints are computed again too
