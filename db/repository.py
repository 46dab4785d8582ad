"""Repository functions over the solution store; keyword-only, no commits hidden inside reads.

A target's solutions are stored together, packed into one value (see :func:`pack_encodings`);
ordinals are positions in that list, and callers see plain encodings as before.
"""

from __future__ import annotations

import dataclasses
import lzma
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import zstandard
from sqlalchemy import Row, String, cast, delete, func, insert, literal, select, update
from sqlalchemy.orm import Session

from db.models import HintCacheRow, PuzzleRow, SolutionSetRow, TargetRow
from db.statements import insert_ignoring_conflicts

# ---------------------------------------------------------------- packed solution sets

# Codec 1 (revisions 0010-0011, still read): the encodings joined by newlines (UTF-8), as raw LZMA2
# with a 1 MiB dictionary. 9.1 bytes per solution measured on 40 calendar-weekday targets, but
# LZMA reads at only 0.4-0.6 us per solution: 4-5 ms for the largest weekday targets (9,000+).
LZMA_CODEC = 1
_LZMA_FILTERS = ({"id": lzma.FILTER_LZMA2, "preset": 6, "dict_size": 1 << 20},)

# Codec 2 (written since revision 0012): one Zstandard frame (level 19) of UTF-8 text, the
# encodings joined by newlines, a NUL, then each solution's flip record joined by newlines (the
# letters of the pieces it shows turned over, "" for none). About 11 bytes per weekday-edition
# solution (the flip records about 1 of them): the whole calendar-weekday edition, 4.94 M
# solutions, is a 57.0 MB SQLite file; a target is read, query included, in 1.35 ms for the
# largest (10,374 solutions; docs/benchmarks.md, "The solution store"). The
# format is frozen: a change needs a new codec number, keeping the old ones readable.
ZSTD_CODEC = 2
_ZSTD_LEVEL = 19
_RECORDS_SEPARATOR = "\0"


@dataclass(frozen=True)
class PackedSolutions:
    """A target's encodings in ordinal order, and each one's flip record (None: codec 1 kept none)."""

    encodings: list[str]
    flips: list[str] | None


def _check_lines(values: Sequence[str], what: str, *, allow_empty: bool) -> None:
    text = "\n".join(values)
    if text.count("\n") != len(values) - 1 or _RECORDS_SEPARATOR in text:
        raise ValueError(f"{what} must not contain newlines or NUL characters")
    if not allow_empty and not all(values):
        raise ValueError(f"{what} must not be empty")


def pack_solutions(encodings: Sequence[str], flips: Sequence[str]) -> tuple[int, bytes]:
    """The codec and packed bytes of a target's encodings and their flip records (codec 2).

    ValueError for an empty list, an empty encoding, a newline or NUL inside a value, or a flip
    record count that differs from the encodings'.
    """
    if not encodings or len(flips) != len(encodings):
        raise ValueError("pack a non-empty list of encodings and one flip record for each")
    _check_lines(encodings, "encodings", allow_empty=False)
    _check_lines(flips, "flip records", allow_empty=True)
    text = "\n".join(encodings) + _RECORDS_SEPARATOR + "\n".join(flips)
    return ZSTD_CODEC, zstandard.ZstdCompressor(level=_ZSTD_LEVEL).compress(text.encode())


def pack_encodings(encodings: Sequence[str]) -> tuple[int, bytes]:
    """Codec 1 bytes of encodings alone (no flip records): what stores before revision 0012 hold,
    and what ``db.transfer`` packs from a source older than revision 0010."""
    if not encodings:
        raise ValueError("only a non-empty list of non-empty encodings without newlines can be packed")
    _check_lines(encodings, "encodings", allow_empty=False)
    text = "\n".join(encodings)
    return LZMA_CODEC, lzma.compress(text.encode(), format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS)


def unpack_solutions(codec: int, data: bytes) -> PackedSolutions:
    """The encodings (and flip records, codec 2) packed as ``codec`` says; ValueError for an unknown codec."""
    if codec == ZSTD_CODEC:
        text = zstandard.ZstdDecompressor().decompress(data).decode()
        encodings, flips = text.split(_RECORDS_SEPARATOR)
        return PackedSolutions(encodings.split("\n"), flips.split("\n"))
    if codec == LZMA_CODEC:
        text = lzma.decompress(data, format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS).decode()
        return PackedSolutions(text.split("\n"), None)
    raise ValueError(f"unknown solution codec {codec} (the store was written by a newer version)")


def unpack_encodings(codec: int, data: bytes) -> list[str]:
    """The encodings packed as ``codec`` says, in order; ValueError for an unknown codec."""
    return unpack_solutions(codec, data).encodings


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
    """A stored target's row id, count, time of storing and generation, which change whenever the
    target is stored again (SQLite may hand a deleted row's id to the next row; the generation is
    drawn anew every time)."""

    id: int
    solution_count: int
    computed_at: datetime
    generation: str


def sync_puzzle(
    *,
    session: Session,
    puzzle_id: str,
    title: str,
    lattice: str,
    fingerprint: str,
    former: Collection[str] = (),
) -> bool:
    """Record the puzzle's definition; if it changed, drop its stored targets. True when dropped.
    A row holding one of the ``former`` prints (the same definition, printed as it once was) takes
    the new print and keeps its targets."""
    row = session.get(PuzzleRow, puzzle_id)
    if row is None:
        session.add(PuzzleRow(id=puzzle_id, title=title, lattice=lattice, fingerprint=fingerprint))
        return False
    changed = row.fingerprint != fingerprint and row.fingerprint not in former
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
    *,
    session: Session,
    puzzle_id: str,
    name: str,
    is_real: bool,
    encodings: Sequence[str],
    flips: Sequence[str],
    seconds: float,
) -> None:
    """Replace one target's solutions (ordinals: their order here, which callers keep sorted) and
    each one's flip record (``flips[i]`` for ``encodings[i]``: the letters of the pieces shown
    turned over, "" for none).

    Call inside one transaction so the write is all or nothing. ValueError for an empty encoding,
    a newline or NUL inside a value, or a flip record count that differs from the encodings'.
    """
    if len(flips) != len(encodings):
        raise ValueError(f"{len(encodings)} encodings but {len(flips)} flip records")
    delete_targets(session=session, puzzle_id=puzzle_id, names=[name])
    target = TargetRow(
        puzzle_id=puzzle_id,
        name=name,
        is_real=is_real,
        solution_count=len(encodings),
        seconds=seconds,
        computed_at=datetime.now(UTC),  # to the microsecond: part of TargetKey
    )
    session.add(target)
    session.flush()
    if encodings:
        codec, data = pack_solutions(encodings, flips)
        session.execute(insert(SolutionSetRow), [{"target_id": target.id, "codec": codec, "data": data}])


def targets_without_flip_records(*, session: Session) -> list[tuple[str, str]]:
    """(puzzle id, target name) of stored solution sets packed before flip records were kept (codec 1)."""
    query = (
        select(TargetRow.puzzle_id, TargetRow.name)
        .join(SolutionSetRow, SolutionSetRow.target_id == TargetRow.id)
        .where(SolutionSetRow.codec == LZMA_CODEC)
        .order_by(TargetRow.puzzle_id, TargetRow.name)
    )
    return [(row.puzzle_id, row.name) for row in session.execute(query)]


def add_flip_records(*, session: Session, puzzle_id: str, target: str, flips: Sequence[str]) -> None:
    """Repack a codec-1 solution set with its flip records; the target keeps its row, id and key.

    ValueError when the target has no codec-1 solution set or the record count is wrong.
    """
    row = _solution_set(session, puzzle_id, target)
    if row is None or row.codec != LZMA_CODEC:
        raise ValueError(f"{puzzle_id} {target} has no solution set without flip records")
    codec, data = pack_solutions(unpack_encodings(row.codec, row.data), flips)
    session.execute(
        update(SolutionSetRow).where(SolutionSetRow.target_id == row.target_id).values(codec=codec, data=data)
    )


def list_targets(*, session: Session, puzzle_id: str | None = None) -> list[StoredTarget]:
    """Stored targets (of one puzzle, or all), ordered by puzzle and name."""
    query = select(TargetRow).order_by(TargetRow.puzzle_id, TargetRow.name)
    if puzzle_id is not None:
        query = query.where(TargetRow.puzzle_id == puzzle_id)
    return [
        StoredTarget(t.puzzle_id, t.name, t.is_real, t.solution_count, t.seconds)
        for t in session.scalars(query)
    ]


@dataclass(frozen=True)
class TargetSummary:
    """A puzzle's stored targets in a few numbers: how many (real ones too), their solutions, and
    the newest storing (its time and row id, so a target stored again shows)."""

    targets: int
    real_targets: int
    total: int
    real_total: int
    latest: datetime | None
    last_id: int
    seconds: float = 0.0  # the mean time a target took to solve (how long a new one may take)


def target_summaries(*, session: Session) -> dict[str, TargetSummary]:
    """The summary of each puzzle with a stored target: one aggregate query, no target row read
    into Python."""
    real = TargetRow.is_real.is_(True)
    query = select(
        TargetRow.puzzle_id,
        func.count(),
        func.count().filter(real),
        func.coalesce(func.sum(TargetRow.solution_count), 0),
        func.coalesce(func.sum(TargetRow.solution_count).filter(real), 0),
        func.max(TargetRow.computed_at),
        func.max(TargetRow.id),
        func.coalesce(func.avg(TargetRow.seconds), 0.0),
    ).group_by(TargetRow.puzzle_id)
    return {
        puzzle_id: TargetSummary(targets, real, total, real_total, latest, last_id, float(seconds))
        for puzzle_id, targets, real, total, real_total, latest, last_id, seconds in session.execute(query)
    }


# A target stored before revision 0014 (or by a process older than it) has no generation of its
# own and counts as "legacy-ID", which no drawn generation (32 hex digits) can equal.
_generation = func.coalesce(TargetRow.generation, literal("legacy-", String) + cast(TargetRow.id, String))


def target_key(*, session: Session, puzzle_id: str, target: str) -> TargetKey | None:
    """The stored target's id and solution count, or None when it has not been computed."""
    query = select(
        TargetRow.id, TargetRow.solution_count, TargetRow.computed_at, _generation.label("generation")
    ).where(TargetRow.puzzle_id == puzzle_id, TargetRow.name == target)
    row = session.execute(query).first()
    return None if row is None else TargetKey(row.id, row.solution_count, row.computed_at, row.generation)


def get_encodings(
    *, session: Session, puzzle_id: str, target: str, offset: int = 0, limit: int | None = None
) -> list[str]:
    """Stored solution encodings of a target in ordinal order, from ``offset``, at most ``limit``.

    [] if the target is not stored (or has no solutions). The target's whole set is unpacked and
    then sliced: one query and about 0.16 us per stored solution (codec 2), whatever the slice.
    ValueError for a negative offset or limit.
    """
    if offset < 0 or (limit is not None and limit < 0):
        raise ValueError("offset and limit must not be negative")
    row = _solution_set(session, puzzle_id, target)
    if row is None:
        return []
    codes = unpack_encodings(row.codec, row.data)
    return codes[offset:] if limit is None else codes[offset : offset + limit]


def get_solutions(*, session: Session, puzzle_id: str, target: str) -> PackedSolutions | None:
    """A target's encodings and flip records (``flips`` None when packed before they were kept);
    None if the target is not stored or has no solutions."""
    row = _solution_set(session, puzzle_id, target)
    return None if row is None else unpack_solutions(row.codec, row.data)


def _solution_set(session: Session, puzzle_id: str, target: str) -> Row[int, int, bytes] | None:
    query = (
        select(SolutionSetRow.target_id, SolutionSetRow.codec, SolutionSetRow.data)
        .join(TargetRow, TargetRow.id == SolutionSetRow.target_id)
        .where(TargetRow.puzzle_id == puzzle_id, TargetRow.name == target)
    )
    return session.execute(query).first()


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


def save_cached_hints(*, session: Session, target: TargetKey, ordinal: int, hints: CachedHints) -> None:
    """Store hint stages computed for a featured solution of ``target`` as the caller read it.

    A no-op if another writer stored them first, and if the target was stored again since it was
    read (its row has another generation, or is gone): the hints came from solutions the store no
    longer holds, and must not land on the new row, which may have the old row's id. The check
    and the write are one statement (``INSERT ... SELECT`` from the target row, ``ON CONFLICT DO
    NOTHING``), so a concurrent re-store cannot come between them; on PostgreSQL the target row is
    locked ``FOR KEY SHARE``, so a re-store that deleted it meanwhile leaves nothing to insert
    rather than a foreign-key error. Not committed.
    """
    values = {"ordinal": ordinal, **dataclasses.asdict(hints)}
    columns = HintCacheRow.__table__.c
    source = (
        select(TargetRow.id, *(literal(value, columns[name].type) for name, value in values.items()))
        .where(TargetRow.id == target.id, _generation == target.generation)
        .with_for_update(read=True, key_share=True)
    )
    statement = insert_ignoring_conflicts(session, HintCacheRow, "target_id", "ordinal")
    session.execute(statement.from_select(["target_id", *values], source))


def real_target_counts(*, session: Session, puzzle_id: str) -> dict[str, int]:
    """Solution count per real (not impossible) stored target."""
    query = select(TargetRow.name, TargetRow.solution_count).where(
        TargetRow.puzzle_id == puzzle_id, TargetRow.is_real.is_(True)
    )
    return {name: count for name, count in session.execute(query)}
