"""Puzzles people define (``custom_puzzles``, ``custom_puzzle_versions``): stored as the text they
wrote, one immutable version per edit.

A custom puzzle's id is short and stable (``u`` and 7 characters of an alphabet without look-alike
letters, never containing ``-``, so it never meets a built-in id); the solver knows each version as
``ID.VERSION`` (:func:`version_id`), so the solutions, codes and links of one version stay valid
after an edit. Who may change what is the service's rule (``hints.custom_puzzles``); this module
only reads and writes.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete as delete_rows
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from db.models import CustomPuzzleRow, CustomPuzzleVersionRow, TargetRefusalRow
from db.moments import aware, utc
from db.statements import rowcount, upsert

ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
ID_LENGTH = 7
ID_PREFIX = "u"


@dataclass(frozen=True)
class CustomPuzzle:
    """A custom puzzle as stored. ``owner`` and ``title`` are None once it is deleted."""

    id: str
    owner: int | None
    title: str | None
    published: bool
    current_version: int
    created_at: datetime
    deleted: bool

    @property
    def current_id(self) -> str:
        """The solver's id of the current version."""
        return version_id(self.id, self.current_version)


def version_id(puzzle_id: str, version: int) -> str:
    """The solver's id of one version of a custom puzzle: ``ID.VERSION``."""
    return f"{puzzle_id}.{version}"


def split_version_id(solver_id: str) -> tuple[str, int | None]:
    """``(ID, VERSION)`` of ``ID.VERSION``; ``(ID, None)`` for a bare id (the current version)."""
    stable, dot, version = solver_id.partition(".")
    return stable, (int(version) if dot and version.isdigit() else None)


def looks_custom(puzzle_id: str) -> bool:
    """Whether an id has the shape of a custom puzzle's (bare or with a version); says nothing of
    whether one exists."""
    stable, version = split_version_id(puzzle_id)
    if "." in puzzle_id and version is None:
        return False
    body = stable[len(ID_PREFIX) :]
    return stable.startswith(ID_PREFIX) and len(body) == ID_LENGTH and set(body) <= set(ID_ALPHABET)


def new_id() -> str:
    """A fresh random id (31^7, about 2.7e10 of them: the caller retries on the rare clash)."""
    return ID_PREFIX + "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def _puzzle(row: CustomPuzzleRow) -> CustomPuzzle:
    created = aware(row.created_at)
    assert created is not None
    return CustomPuzzle(
        row.id,
        row.owner,
        row.title if row.deleted_at is None else None,
        bool(row.published),
        row.current_version,
        created,
        row.deleted_at is not None,
    )


def create(*, session: Session, owner: int, title: str, definition: str, now: datetime) -> CustomPuzzle:
    """A new custom puzzle with its first version, under a fresh id."""
    puzzle_id = new_id()
    while session.get(CustomPuzzleRow, puzzle_id) is not None:
        puzzle_id = new_id()
    row = CustomPuzzleRow(
        id=puzzle_id, owner=owner, title=title, published=False, current_version=1, created_at=utc(now)
    )
    session.add(row)
    session.flush()
    session.add(
        CustomPuzzleVersionRow(puzzle_id=puzzle_id, version=1, definition=definition, created_at=utc(now))
    )
    session.flush()
    return _puzzle(row)


def get(*, session: Session, puzzle_id: str) -> CustomPuzzle | None:
    """The custom puzzle with this stable id, deleted ones included; None when there is none."""
    row = session.get(CustomPuzzleRow, puzzle_id)
    return None if row is None else _puzzle(row)


def definition(*, session: Session, puzzle_id: str, version: int) -> str | None:
    """The text of one version; None when there is none (or the puzzle was deleted)."""
    row = session.get(CustomPuzzleVersionRow, (puzzle_id, version))
    return None if row is None else row.definition


def add_version(
    *, session: Session, puzzle_id: str, title: str, definition: str, now: datetime
) -> CustomPuzzle:
    """A new version becomes the current one (the earlier ones stay as they were). LookupError when
    there is no such live puzzle."""
    row = session.get(CustomPuzzleRow, puzzle_id)
    if row is None or row.deleted_at is not None:
        raise LookupError(puzzle_id)
    row.current_version += 1
    row.title = title
    session.add(
        CustomPuzzleVersionRow(
            puzzle_id=puzzle_id, version=row.current_version, definition=definition, created_at=utc(now)
        )
    )
    session.flush()
    return _puzzle(row)


def change(
    *, session: Session, puzzle_id: str, title: str | None = None, published: bool | None = None
) -> bool:
    """Rename and/or (un)list a live puzzle (None: unchanged). False when there is none."""
    values: dict[str, object] = {}
    if title is not None:
        values["title"] = title
    if published is not None:
        values["published"] = published
    live = (CustomPuzzleRow.id == puzzle_id) & CustomPuzzleRow.deleted_at.is_(None)
    return (
        bool(values) and rowcount(session.execute(update(CustomPuzzleRow).where(live).values(**values))) == 1
    )


def delete(*, session: Session, puzzle_id: str, now: datetime) -> bool:
    """Delete a puzzle: its definitions, owner and title go, the row stays as a tombstone so that
    records naming it read as a deleted puzzle. False when there was no live puzzle."""
    row = session.get(CustomPuzzleRow, puzzle_id)
    if row is None or row.deleted_at is not None:
        return False
    _tombstone(session, row, now)
    return True


def _tombstone(session: Session, row: CustomPuzzleRow, now: datetime) -> None:
    session.execute(delete_rows(CustomPuzzleVersionRow).where(CustomPuzzleVersionRow.puzzle_id == row.id))
    row.deleted_at = utc(now)
    row.owner = None
    row.title = ""
    row.published = False


def delete_owned(*, session: Session, owner: int, now: datetime) -> int:
    """Delete every live puzzle of one person (when they ask to be forgotten); how many."""
    rows = session.scalars(
        select(CustomPuzzleRow).where(CustomPuzzleRow.owner == owner, CustomPuzzleRow.deleted_at.is_(None))
    ).all()
    for row in rows:
        _tombstone(session, row, now)
    return len(rows)


def owned(*, session: Session, owner: int) -> list[CustomPuzzle]:
    """One person's live puzzles, newest first."""
    rows = session.scalars(
        select(CustomPuzzleRow)
        .where(CustomPuzzleRow.owner == owner, CustomPuzzleRow.deleted_at.is_(None))
        .order_by(CustomPuzzleRow.created_at.desc(), CustomPuzzleRow.id)
    ).all()
    return [_puzzle(row) for row in rows]


def published(*, session: Session, limit: int = 100) -> list[CustomPuzzle]:
    """Listed live puzzles, newest first."""
    rows = session.scalars(
        select(CustomPuzzleRow)
        .where(CustomPuzzleRow.published.is_(True), CustomPuzzleRow.deleted_at.is_(None))
        .order_by(CustomPuzzleRow.created_at.desc(), CustomPuzzleRow.id)
        .limit(limit)
    ).all()
    return [_puzzle(row) for row in rows]


def versions_written_since(*, session: Session, owner: int, since: datetime) -> int:
    """How many versions (new puzzles and edits) a person wrote since a moment: the daily quota."""
    return int(
        session.scalar(
            select(func.count())
            .select_from(CustomPuzzleVersionRow)
            .join(CustomPuzzleRow, CustomPuzzleRow.id == CustomPuzzleVersionRow.puzzle_id)
            .where(CustomPuzzleRow.owner == owner, CustomPuzzleVersionRow.created_at >= utc(since))
        )
        or 0
    )


@dataclass(frozen=True)
class TargetRefusal:
    """A target of one version found beyond the limits: more than ``more_than`` solutions, or (None)
    not solved within ``seconds``."""

    more_than: int | None
    seconds: float


def record_refusal(
    *, session: Session, puzzle_id: str, target: str, more_than: int | None, seconds: float, now: datetime
) -> None:
    """Keep a target's refusal (the latest verdict replaces an earlier one)."""
    upsert(
        session,
        TargetRefusalRow,
        ("puzzle_id", "target"),
        {
            "puzzle_id": puzzle_id,
            "target": target,
            "more_than": more_than,
            "seconds": seconds,
            "decided_at": utc(now),
        },
    )


def refusal(*, session: Session, puzzle_id: str, target: str) -> TargetRefusal | None:
    """The refusal kept for one target of one version (``ID.N``); None when there is none."""
    row = session.get(TargetRefusalRow, (puzzle_id, target))
    return None if row is None else TargetRefusal(row.more_than, row.seconds)
