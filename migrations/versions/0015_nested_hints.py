"""The hint ladder nests (stage 2 keeps stage 1's piece): hints cached by the rule before are
dropped, so none is served again. They are computed again on first use (``python -m hints.warm``
refills the coming days). The hint cache holds nothing of people's; a downgrade keeps the new
hints, which the older code reads as well.

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(sa.text("DELETE FROM hint_cache"))


def downgrade() -> None:
    pass
