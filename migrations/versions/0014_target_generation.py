"""Each stored target's generation: a token drawn every time the target is stored, which a
hint-cache write must still find on the target row, or it is dropped.

SQLite hands a target deleted and stored again (``python -m solver.precompute --force``, a changed
puzzle) the id the old row had; hints computed from the old solutions while that happened would
otherwise be written onto the new row and served from then on. Rows stored before this revision,
or by a process older than it while the upgrade rolls out, keep NULL and count as ``legacy-ID``
(never a drawn token; see ``db.repository.target_key``), so nothing is rewritten here. The column
stays nullable: making it NOT NULL would rebuild ``targets`` on SQLite, whose drop would cascade
to every solution. The hint cache is emptied, so no stale entry from before outlives the
upgrade: it is computed again on first use (``python -m hints.warm`` refills the coming days).

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("targets", sa.Column("generation", sa.String(32), nullable=True))
    op.execute(sa.text("DELETE FROM hint_cache"))


def downgrade() -> None:
    op.drop_column("targets", "generation")  # ALTER TABLE ... DROP COLUMN: no rebuild, no cascade
