"""A group that became a supergroup: everything kept under the group's id moves to the
supergroup's, merged with what is already kept under it."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import delete, select, tuple_, update
from sqlalchemy.orm import Session
from sqlalchemy.sql.schema import ScalarElementColumnDefault

from db.chats import CHOSEN, chosen
from db.models import (
    ChatRow,
    DeliveryRow,
    HintProgressRow,
    PlayerDayRow,
    SavedPositionRow,
    SolveGroupRow,
    SolveRow,
)
from db.moments import NEVER, aware
from db.statements import rowcount

# Columns of a chat's daily post: they move together, the newer subscription's as a whole.
SUBSCRIPTION_COLUMNS = ("subscribed", "post_time", "subscribed_at", "next_post_at")


def _explicit(row: ChatRow, column: Any) -> bool:
    """Whether ``row`` holds a value of a column no one chooses (``telegram_language``) that
    someone's message set: not NULL and not the column's default."""
    value = getattr(row, column.key)
    default = column.default.arg if isinstance(column.default, ScalarElementColumnDefault) else None
    return value is not None and value != default


def _merged_chat(old: ChatRow, new: ChatRow | None) -> dict[str, Any]:
    """What the supergroup keeps of the group's settings and its own.

    Telegram gives the supergroup a new id at the upgrade, so whatever is kept under it was set
    after everything kept under the group's: a setting the supergroup chose (``chosen``, a
    default value or "no daily post" included) is the supergroup's, any other the group's; the
    daily post moves as a whole. Every column of ``chats`` but the id is merged so (a column
    added later too: the supergroup's when it holds a value other than the default).
    """
    mine = chosen(new) if new is not None else set()
    post = new if new is not None and "subscribed" in mine else old
    values: dict[str, Any] = {"kind": new.kind if new is not None else "supergroup"}
    for column in ChatRow.__table__.columns:
        if column.key in ("id", "kind"):
            continue
        if column.key in SUBSCRIPTION_COLUMNS:
            values[column.key] = getattr(post, column.key)
        elif column.key == "chosen":
            values[column.key] = ",".join(sorted(chosen(old) | mine))
        elif column.key in CHOSEN:
            values[column.key] = getattr(new if column.key in mine else old, column.key)
        elif new is not None and _explicit(new, column):
            values[column.key] = getattr(new, column.key)
        else:
            values[column.key] = getattr(old, column.key)
    return values


def _reassign(session: Session, column: Any, old_id: int, new_id: int) -> int:
    """Set ``column`` to ``new_id`` wherever it is ``old_id``; how many rows changed."""
    return rowcount(
        session.execute(update(column.class_).where(column == old_id).values({column.key: new_id}))
    )


def move_chat(*, session: Session, old_id: int, new_id: int) -> int:
    """A group became a supergroup: everything kept under the group's id moves to the
    supergroup's, in the caller's transaction, merged with what is already kept under it.

    - ``chats``: the settings, merged as :func:`_merged_chat` says (the newer explicit one wins);
    - the members' hint progress in the chat, its outbox and the solves reported in it, and the
      solves counted for it (``solve_groups``); on a clash the supergroup's row stays (it is the
      newer), except an outbox day, whose supergroup row stays as well;
    - private chats' progress opened by the group's "Hints in private" link;
    - the group as a person (a message an anonymous admin sent as the group): its solves (the
      first report stays), days (the most hints seen, the first opening), saved boards (the newer)
      and progress.

    Moving twice, or a group with nothing kept, changes nothing. How many rows moved.
    """
    if old_id == new_id:
        return 0
    rows = {
        row.id: row
        for row in session.scalars(select(ChatRow).where(ChatRow.id.in_((old_id, new_id))).with_for_update())
    }
    old, new = rows.get(old_id), rows.get(new_id)
    moved = 0
    if old is not None:
        values = _merged_chat(old, new)
        session.delete(old)
        if new is None:
            session.add(ChatRow(id=new_id, **values))
        else:
            for key, value in values.items():
                setattr(new, key, value)
        session.flush()
        moved += 1
    taken_users = select(HintProgressRow.user_id).where(HintProgressRow.chat_id == new_id)
    session.execute(
        delete(HintProgressRow).where(
            HintProgressRow.chat_id == old_id, HintProgressRow.user_id.in_(taken_users)
        )
    )
    moved += _reassign(session, HintProgressRow.chat_id, old_id, new_id)
    taken_days = select(DeliveryRow.local_date).where(DeliveryRow.chat_id == new_id)
    session.execute(
        delete(DeliveryRow).where(DeliveryRow.chat_id == old_id, DeliveryRow.local_date.in_(taken_days))
    )
    moved += _reassign(session, DeliveryRow.chat_id, old_id, new_id)
    moved += _reassign(session, SolveRow.chat_id, old_id, new_id)
    taken_solves = select(SolveGroupRow.user_id, SolveGroupRow.kind, SolveGroupRow.day).where(
        SolveGroupRow.chat_id == new_id
    )
    session.execute(
        delete(SolveGroupRow).where(
            SolveGroupRow.chat_id == old_id,
            tuple_(SolveGroupRow.user_id, SolveGroupRow.kind, SolveGroupRow.day).in_(taken_solves),
        )
    )
    moved += _reassign(session, SolveGroupRow.chat_id, old_id, new_id)
    moved += _reassign(session, HintProgressRow.group_id, old_id, new_id)
    return moved + move_person(session=session, old_id=old_id, new_id=new_id)


def move_person(*, session: Session, old_id: int, new_id: int) -> int:
    """One person's rows keyed by ``user_id`` (solves, the groups they count for, days, saved
    boards, progress) become another's, merged where the other has the same key: the first solve
    stays, the most hints seen and the first opening, the newer saved board, the other's progress.
    A group as a person (its anonymous admins) becoming the supergroup; a web player becoming the
    Telegram user (``db.web_players.link``). How many rows moved."""
    moved = 0
    # Solves: the first report counts, whichever id made it (on a tie the supergroup's stays).
    reports: dict[tuple[str, date], list[tuple[datetime, int]]] = {}
    for user_id, kind, day, solved_at in session.execute(
        select(SolveRow.user_id, SolveRow.kind, SolveRow.day, SolveRow.solved_at).where(
            SolveRow.user_id.in_((old_id, new_id))
        )
    ):
        reports.setdefault((kind, day), []).append((aware(solved_at) or NEVER, user_id))
    for (kind, day), both in reports.items():
        first = min(both, key=lambda report: (report[0], report[1] != new_id))
        for _solved_at, user_id in both:
            if user_id != first[1]:
                session.execute(
                    delete(SolveRow).where(
                        SolveRow.user_id == user_id, SolveRow.kind == kind, SolveRow.day == day
                    )
                )
    moved += _reassign(session, SolveRow.user_id, old_id, new_id)
    # The groups a solve counts for: once each.
    taken_groups = select(SolveGroupRow.kind, SolveGroupRow.day, SolveGroupRow.chat_id).where(
        SolveGroupRow.user_id == new_id
    )
    session.execute(
        delete(SolveGroupRow).where(
            SolveGroupRow.user_id == old_id,
            tuple_(SolveGroupRow.kind, SolveGroupRow.day, SolveGroupRow.chat_id).in_(taken_groups),
        )
    )
    moved += _reassign(session, SolveGroupRow.user_id, old_id, new_id)
    # Days: the most hints seen on each ladder, the first opening.
    days = select(PlayerDayRow)
    theirs = {(r.day, r.puzzle): r for r in session.scalars(days.where(PlayerDayRow.user_id == new_id))}
    for row in list(session.scalars(days.where(PlayerDayRow.user_id == old_id))):
        kept = theirs.get((row.day, row.puzzle))
        if kept is None:
            continue
        kept.featured_stage = max(kept.featured_stage, row.featured_stage)
        kept.board_stage = max(kept.board_stage, row.board_stage)
        openings = [t for t in (aware(kept.opened_at), aware(row.opened_at)) if t is not None]
        kept.opened_at = min(openings) if openings else None
        session.delete(row)
    session.flush()
    moved += _reassign(session, PlayerDayRow.user_id, old_id, new_id)
    # Saved boards: the newer of the two.
    boards = {
        (r.puzzle_id, r.target): r
        for r in session.scalars(select(SavedPositionRow).where(SavedPositionRow.user_id == new_id))
    }
    for mine in list(session.scalars(select(SavedPositionRow).where(SavedPositionRow.user_id == old_id))):
        board = boards.get((mine.puzzle_id, mine.target))
        if board is None:
            continue
        older = mine if (aware(mine.updated_at) or NEVER) <= (aware(board.updated_at) or NEVER) else board
        session.delete(older)
    session.flush()
    moved += _reassign(session, SavedPositionRow.user_id, old_id, new_id)
    # Progress in a chat (the group's own moved above): the supergroup's stays.
    taken_chats = select(HintProgressRow.chat_id).where(HintProgressRow.user_id == new_id)
    session.execute(
        delete(HintProgressRow).where(
            HintProgressRow.user_id == old_id, HintProgressRow.chat_id.in_(taken_chats)
        )
    )
    moved += _reassign(session, HintProgressRow.user_id, old_id, new_id)
    return moved
