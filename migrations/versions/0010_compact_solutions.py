"""Compact solutions: ``solutions`` holds one row per target with all its solutions packed.

Before: ``solutions`` (id, target_id, ordinal, encoding), one row per solution. After:
``solutions`` (target_id, codec, data), where ``data`` is the target's encodings in ordinal order
joined by newlines, as raw LZMA2 (codec 1, see ``db.repository.pack_encodings``); a target
without solutions has no row. The weekday editions have millions of solutions: about 9 bytes
each this way, 87 as rows in SQLite. The table keeps its name, so whatever checks for it still
finds it.

Both ways the data moves one target at a time into a new table (``solutions_packed`` up,
``solutions_rows`` down), the old table is dropped and the new one renamed ``solutions``; on
PostgreSQL its constraints keep the names they were created with. The codec is copied here
rather than imported, so this revision goes on writing exactly this format when the repository
moves on. On SQLite the old rows' pages are reused by new data; ``VACUUM`` returns them to the
file system.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import lzma
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

LZMA_CODEC = 1
_LZMA_FILTERS = ({"id": lzma.FILTER_LZMA2, "preset": 6, "dict_size": 1 << 20},)
TARGETS_PER_INSERT = 64  # packed sets written per statement (each up to ~100 KB)
ROWS_PER_INSERT = 5000  # solution rows written per statement when expanding again


def _pack(encodings: Sequence[str]) -> bytes:
    return lzma.compress("\n".join(encodings).encode(), format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS)


def _unpack(codec: int, data: bytes) -> list[str]:
    if codec != LZMA_CODEC:
        raise RuntimeError(f"cannot expand solution codec {codec}: downgrade the newer revision first")
    return lzma.decompress(data, format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS).decode().split("\n")


def upgrade() -> None:
    packed = op.create_table(
        "solutions_packed",
        sa.Column(
            "target_id",
            sa.Integer,
            sa.ForeignKey("targets.id", ondelete="CASCADE"),
            primary_key=True,
            autoincrement=False,
        ),
        sa.Column("codec", sa.SmallInteger, nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
    )
    bind = op.get_bind()
    rows = sa.text("SELECT encoding FROM solutions WHERE target_id = :id ORDER BY ordinal")
    batch: list[dict[str, object]] = []
    for target_id in bind.execute(sa.text("SELECT id FROM targets ORDER BY id")).scalars().all():
        encodings = bind.execute(rows, {"id": target_id}).scalars().all()
        if encodings:
            batch.append({"target_id": target_id, "codec": LZMA_CODEC, "data": _pack(encodings)})
        if len(batch) >= TARGETS_PER_INSERT:
            bind.execute(packed.insert(), batch)
            batch = []
    if batch:
        bind.execute(packed.insert(), batch)
    op.drop_index("ix_solutions_target_id", table_name="solutions")
    op.drop_table("solutions")
    op.rename_table("solutions_packed", "solutions")


def downgrade() -> None:
    expanded = op.create_table(
        "solutions_rows",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("target_id", sa.Integer, sa.ForeignKey("targets.id", ondelete="CASCADE"), nullable=False),
        sa.Column("ordinal", sa.Integer, nullable=False),
        sa.Column("encoding", sa.String(256), nullable=False),
        sa.UniqueConstraint("target_id", "ordinal", name="uq_solutions_target_ordinal"),
    )
    bind = op.get_bind()
    sets = sa.text("SELECT codec, data FROM solutions WHERE target_id = :id")
    for target_id in (
        bind.execute(sa.text("SELECT target_id FROM solutions ORDER BY target_id")).scalars().all()
    ):
        codec, data = bind.execute(sets, {"id": target_id}).one()
        encodings = _unpack(codec, data)
        for start in range(0, len(encodings), ROWS_PER_INSERT):
            chunk = encodings[start : start + ROWS_PER_INSERT]
            bind.execute(
                expanded.insert(),
                [
                    {"target_id": target_id, "ordinal": start + i, "encoding": code}
                    for i, code in enumerate(chunk)
                ],
            )
    op.drop_table("solutions")
    op.rename_table("solutions_rows", "solutions")
    op.create_index("ix_solutions_target_id", "solutions", ["target_id"])
