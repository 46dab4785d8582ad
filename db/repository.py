"""Repository functions over the solution store; keyword-only, no commits hidden inside reads.

A target's solutions are stored together, packed into one value (see :func:`pack_encodings`);
ordinals are positions in that list, and callers see plain encodings as before.
"""

from __future__ import annotations

import dataclasses
import lzma
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, insert, select
from sqlalchemy.orm import Session

from db.models import HintCacheRow, PuzzleRow, SolutionSetRow, TargetRow
from db.statements import insert_ignoring_conflicts

# ---------------------------------------------------------------- packed solution sets

# Codec 1: the encodings joined by newlines (UTF-8), as raw LZMA2 with a 1 MiB dictionary (a
# target's text is at most a few hundred KB; preset 9's 64 MiB would cost every read that much
# memory for nothing). Measured on 40 calendar-weekday targets, 84,176 solutions: 9.1 bytes per
# solution, read back in 0.6-0.8 us per solution; zlib level 9 takes 12.5 bytes, one row per
# solution 87 bytes of SQLite. The filter chain is part of the stored format: change it only
# under a new codec number, keeping the old one readable.
LZMA_CODEC = 1
_LZMA_FILTERS = ({"id": lzma.FILTER_LZMA2, "preset": 6, "dict_size": 1 << 20},)


def pack_encodings(encodings: Sequence[str]) -> tuple[int, bytes]:
    """The codec and packed bytes of non-empty encodings without newlines; ValueError otherwise."""
    text = "\n".join(encodings)
    if not encodings or not all(encodings) or text.count("\n") != len(encodings) - 1:
        raise ValueError("only a non-empty list of non-empty encodings without newlines can be packed")
    return LZMA_CODEC, lzma.compress(text.encode(), format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS)


def unpack_encodings(codec: int, data: bytes) -> list[str]:
    """The encodings packed by :func:`pack_encodings`, in order; ValueError for an unknown codec."""
    if codec != LZMA_CODEC:
        raise ValueError(f"unknown solution codec {codec} (the store was written by a newer version)")
    return lzma.decompress(data, format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS).decode().split("\n")


# ---------------------------------------------------------------- puzzles and targets


@dataclass(frozen=True)
class StoredTarget:
    puzzle_id: str
    name: str
    is_real: bool
    solution_count: int
    seconds: float


@dataclass(frozen=True)
class TargetKey:
    """A stored target's row id and count; the id changes whenever the target is stored again."""

    id: int
    solution_count: int


def sync_puzzle(*, session: Session, puzzle_id: str, title: str, lattice: str, fingerprint: str) -> bool:
    """Record the puzzle's definition; if it changed, drop its stored targets. True when dropped."""
    row = session.get(PuzzleRow, puzzle_id)
    if row is None:
        session.add(PuzzleRow(id=puzzle_id, title=title, lattice=lattice, fingerprint=fingerprint))
        return False
    changed = row.fingerprint != fingerprint
    if changed:
        delete_targets(session=session, puzzle_id=puzzle_id)
    row.title, row.lattice, row.fingerprint = title, lattice, fingerprint
    return changed


def delete_targets(*, session: Session, puzzle_id: str, names: Sequence[str] | None = None) -> None:
    """Delete a puzzle's targets (all, or those named) and their solutions."""
    query = select(TargetRow.id).where(TargetRow.puzzle_id == puzzle_id)
    if names is not None:
        query = query.where(TargetRow.name.in_(names))
    target_ids = list(session.scalars(query))
    if target_ids:
        session.execute(delete(HintCacheRow).where(HintCacheRow.target_id.in_(target_ids)))
        session.execute(delete(SolutionSetRow).where(SolutionSetRow.target_id.in_(target_ids)))
        session.execute(delete(TargetRow).where(TargetRow.id.in_(target_ids)))


def stored_target_names(*, session: Session, puzzle_id: str) -> set[str]:
    """Names of the targets whose solutions are completely stored."""
    return set(session.scalars(select(TargetRow.name).where(TargetRow.puzzle_id == puzzle_id)))


def save_target(
    *, session: Session, puzzle_id: str, name: str, is_real: bool, encodings: Sequence[str], seconds: float
) -> None:
    """Replace one target's solutions (ordinals: their order here, which callers keep sorted).

    Call inside one transaction so the write is all or nothing. ValueError for an empty encoding
    or one with a newline.
    """
    delete_targets(session=session, puzzle_id=puzzle_id, names=[name])
    target = TargetRow(
        puzzle_id=puzzle_id, name=name, is_real=is_real, solution_count=len(encodings), seconds=seconds
    )
    session.add(target)
    session.flush()
    if encodings:
        codec, data = pack_encodings(encodings)
        session.execute(insert(SolutionSetRow), [{"target_id": target.id, "codec": codec, "data": data}])


def list_targets(*, session: Session, puzzle_id: str | None = None) -> list[StoredTarget]:
    """Stored targets (of one puzzle, or all), ordered by puzzle and name."""
    query = select(TargetRow).order_by(TargetRow.puzzle_id, TargetRow.name)
    if puzzle_id is not None:
        query = query.where(TargetRow.puzzle_id == puzzle_id)
    return [
        StoredTarget(t.puzzle_id, t.name, t.is_real, t.solution_count, t.seconds)
        for t in session.scalars(query)
    ]


def target_key(*, session: Session, puzzle_id: str, target: str) -> TargetKey | None:
    """The stored target's id and solution count, or None when it has not been computed."""
    query = select(TargetRow.id, TargetRow.solution_count).where(
        TargetRow.puzzle_id == puzzle_id, TargetRow.name == target
    )
    row = session.execute(query).first()
    return None if row is None else TargetKey(row.id, row.solution_count)


def get_encodings(
    *, session: Session, puzzle_id: str, target: str, offset: int = 0, limit: int | None = None
) -> list[str]:
    """Stored solution encodings of a target in ordinal order, from ``offset``, at most ``limit``.

    [] if the target is not stored (or has no solutions). The target's whole set is unpacked and
    then sliced: one query and 0.6-0.8 us per stored solution, whatever the slice.
    ValueError for a negative offset or limit.
    """
    if offset < 0 or (limit is not None and limit < 0):
        raise ValueError("offset and limit must not be negative")
    query = (
        select(SolutionSetRow.codec, SolutionSetRow.data)
        .join(TargetRow, TargetRow.id == SolutionSetRow.target_id)
        .where(TargetRow.puzzle_id == puzzle_id, TargetRow.name == target)
    )
    row = session.execute(query).first()
    if row is None:
        return []
    codes = unpack_encodings(row.codec, row.data)
    return codes[offset:] if limit is None else codes[offset : offset + limit]


def count_solutions(*, session: Session, puzzle_id: str, target: str) -> int | None:
    """Number of stored solutions, or None when the target has not been computed."""
    key = target_key(session=session, puzzle_id=puzzle_id, target=target)
    return None if key is None else key.solution_count


# ---------------------------------------------------------------- hint cache


@dataclass(frozen=True)
class CachedHints:
    preplaced: str
    stage1: str
    stage2: str
    remaining1: int
    remaining2: int
    total: int


def get_cached_hints(*, session: Session, target_id: int, ordinal: int) -> CachedHints | None:
    """Hint stages stored for this featured solution, or None."""
    row = session.scalars(
        select(HintCacheRow).where(HintCacheRow.target_id == target_id, HintCacheRow.ordinal == ordinal)
    ).first()
    if row is None:
        return None
    return CachedHints(row.preplaced, row.stage1, row.stage2, row.remaining1, row.remaining2, row.total)


def save_cached_hints(*, session: Session, target_id: int, ordinal: int, hints: CachedHints) -> None:
    """Store hint stages for a featured solution; a no-op if another writer stored them first.

    The insert ignores a conflicting row instead of raising, so a concurrent
    writer never turns the caller's read into an ``IntegrityError``. Not committed.
    """
    values = {"target_id": target_id, "ordinal": ordinal, **dataclasses.asdict(hints)}
    session.execute(insert_ignoring_conflicts(session, HintCacheRow, "target_id", "ordinal"), [values])


def real_target_counts(*, session: Session, puzzle_id: str) -> dict[str, int]:
    """Solution count per real (not impossible) stored target."""
    query = select(TargetRow.name, TargetRow.solution_count).where(
        TargetRow.puzzle_id == puzzle_id, TargetRow.is_real.is_(True)
    )
    return {name: count for name, count in session.execute(query)}
