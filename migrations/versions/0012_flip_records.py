"""Solution codec 2: each packed solution set also records which pieces every solution flips.

No schema change: ``solutions.codec`` already says how each row is packed. From this revision the
repository writes codec 2 (Zstandard, the encodings and then one flip record per solution; see
``db.repository.pack_solutions``) and still reads codec 1. Upgrading leaves codec-1 rows as they
are: a flip record needs the puzzle's pieces, which a migration must not import, so
``python -m solver.precompute`` (run by ``make run``) adds them, target by target, without
solving again. Downgrading repacks every codec-2 row as codec 1 (the flip records are dropped),
which revision 0010's own downgrade can then expand. Both codecs are copied here rather than
imported, so this revision keeps reading and writing exactly these formats.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import lzma

import sqlalchemy as sa
import zstandard
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

LZMA_CODEC = 1
ZSTD_CODEC = 2
_LZMA_FILTERS = ({"id": lzma.FILTER_LZMA2, "preset": 6, "dict_size": 1 << 20},)


def _encodings_of_codec_2(data: bytes) -> str:
    """The newline-joined encodings of a codec-2 value (what precedes the NUL)."""
    text = zstandard.ZstdDecompressor().decompress(data).decode()
    return text.split("\0")[0]


def upgrade() -> None:
    """Nothing to move: codec-1 rows stay readable and get their flip records from precompute."""


def downgrade() -> None:
    bind = op.get_bind()
    ids = bind.execute(
        sa.text("SELECT target_id FROM solutions WHERE codec = :codec ORDER BY target_id"),
        {"codec": ZSTD_CODEC},
    )
    for target_id in ids.scalars().all():
        data = bind.execute(
            sa.text("SELECT data FROM solutions WHERE target_id = :id"), {"id": target_id}
        ).scalar_one()
        packed = lzma.compress(
            _encodings_of_codec_2(data).encode(), format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS
        )
        bind.execute(
            sa.text("UPDATE solutions SET codec = :codec, data = :data WHERE target_id = :id"),
            {"codec": LZMA_CODEC, "data": packed, "id": target_id},
        )
