"""Repository functions for the bot: chat settings, hint progress, the post outbox, file ids."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, and_, case, delete, func, or_, select, tuple_, update
from sqlalchemy.orm import Session
from sqlalchemy.sql.schema import ScalarElementColumnDefault

from db.models import (
    ChatRow,
    DeliveryRow,
    DeliveryStatus,
    DispatcherHeartbeatRow,
    FileIdRow,
    HintProgressRow,
    PlayerDayRow,
    SavedPositionRow,
    SendBudgetRow,
    SolveGroupRow,
    SolveRow,
)
from db.statements import dialect_insert, insert_ignoring_conflicts, upsert


@dataclass(frozen=True)
class ChatSettings:
    id: int
    kind: str
    language: str | None
    timezone: str | None
    subscribed: bool
    post_time: str
    subscribed_at: datetime | None
    next_post_at: datetime | None = None
    edition: str | None = None  # the chat's calendar edition; None: the default one
    faceup: bool = False  # face-up mode: only solutions that turn no piece over
    # Telegram's language_code of the chat's person: a private chat's user, a group's subscribing admin
    telegram_language: str | None = None


@dataclass(frozen=True)
class GroupLink:
    """A group whose 'Hints in private' link opened a day's puzzles in a private chat, with its
    calendar edition (None: the default one) and face-up mode."""

    chat_id: int
    edition: str | None = None
    faceup: bool = False


@dataclass(frozen=True)
class Progress:
    kind: str  # "calendar" or "pentomino"
    day: date
    stage: int  # 0 = puzzle shown, 3 = full answer shown
    another: int  # how many other solutions were shown
    opened_at: datetime | None = None  # when the user first opened this puzzle (None: unknown)
    group: GroupLink | None = None  # in a private chat: the group whose link opened this day's puzzles


NEVER = datetime.min.replace(tzinfo=UTC)  # sorts before any stored moment


def _aware(moment: datetime | None) -> datetime | None:
    """SQLite returns naive datetimes even for timezone-aware columns; we always store UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def _settings(row: ChatRow) -> ChatSettings:
    return ChatSettings(
        row.id,
        row.kind,
        row.language,
        row.timezone,
        row.subscribed,
        row.post_time,
        _aware(row.subscribed_at),
        _aware(row.next_post_at),
        row.edition,
        bool(row.faceup),
        row.telegram_language,
    )


def get_chat(*, session: Session, chat_id: int) -> ChatSettings | None:
    row = session.get(ChatRow, chat_id)
    return None if row is None else _settings(row)


def _ensure(session: Session, chat_id: int, kind: str) -> ChatRow:
    row = session.get(ChatRow, chat_id)
    if row is None:
        row = ChatRow(id=chat_id, kind=kind, subscribed=False, post_time="08:00")
        session.add(row)
    return row


def set_language(*, session: Session, chat_id: int, kind: str, language: str) -> None:
    _ensure(session, chat_id, kind).language = language


TELEGRAM_LANGUAGE_LENGTH = 16  # the column's width; Telegram's codes are IETF tags like "pt-br"


def remember_language(
    *, session: Session, chat_id: int, kind: str, language_code: str | None, stored: ChatSettings | None
) -> None:
    """Keep Telegram's language_code of the chat's person (nothing when Telegram sent none).

    ``stored``: the chat as :func:`get_chat` read it in this unit of work. Writes only when the
    code changed, so a steady chat costs no statement; a chat without a row gets one, in one
    insert that a concurrent first insert cannot make fail.
    """
    if not language_code:
        return
    code = language_code[:TELEGRAM_LANGUAGE_LENGTH]
    if stored is not None:
        if stored.telegram_language != code:
            session.execute(update(ChatRow).where(ChatRow.id == chat_id).values(telegram_language=code))
        return
    statement = dialect_insert(session, ChatRow).values(
        id=chat_id, kind=kind, subscribed=False, post_time="08:00", faceup=False, telegram_language=code
    )
    session.execute(
        statement.on_conflict_do_update(
            index_elements=["id"], set_={"telegram_language": statement.excluded.telegram_language}
        )
    )


def set_edition(*, session: Session, chat_id: int, kind: str, edition: str | None) -> None:
    """The chat's calendar edition (None: the default one)."""
    _ensure(session, chat_id, kind).edition = edition


def set_faceup(*, session: Session, chat_id: int, kind: str, faceup: bool) -> None:
    """Face-up mode for the chat's calendar puzzles."""
    _ensure(session, chat_id, kind).faceup = faceup


def set_timezone(
    *, session: Session, chat_id: int, kind: str, timezone: str, now: datetime | None = None
) -> None:
    """Set the chat's zone; a subscribed chat's schedule is looked at again from ``now``."""
    row = _ensure(session, chat_id, kind)
    row.timezone = timezone
    if row.subscribed and now is not None:
        row.next_post_at = _utc(now)


def subscribe(
    *,
    session: Session,
    chat_id: int,
    kind: str,
    post_time: str,
    now: datetime,
    language_code: str | None = None,
) -> None:
    """Subscribe (or change the time). Posts scheduled before the first subscription are not sent.

    The dispatcher looks at the chat on its next tick and schedules its next post from there.
    ``language_code``: Telegram's language of whoever subscribed (kept unless None).
    """
    row = _ensure(session, chat_id, kind)
    if language_code:
        row.telegram_language = language_code[:TELEGRAM_LANGUAGE_LENGTH]
    if not row.subscribed:
        row.subscribed_at = now
    row.subscribed = True
    row.post_time = post_time
    row.next_post_at = _utc(now)


def unsubscribe(*, session: Session, chat_id: int) -> bool:
    """Stop daily posts; False if the chat was not subscribed."""
    row = session.get(ChatRow, chat_id)
    if row is None or not row.subscribed:
        return False
    row.subscribed = False
    row.subscribed_at = None
    row.next_post_at = None
    return True


def due_chats(*, session: Session, now: datetime, limit: int = 1000) -> list[ChatSettings]:
    """Subscribed chats whose next post time has come, locked for this dispatcher (SKIP LOCKED).

    Only the index on ``next_post_at`` is read: a tick costs what is due, not what is subscribed.
    """
    query = (
        select(ChatRow)
        .where(ChatRow.next_post_at <= _utc(now), ChatRow.subscribed.is_(True))
        .order_by(ChatRow.next_post_at)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    return [_settings(r) for r in session.scalars(query)]


def _utc(moment: datetime) -> datetime:
    """The same instant in UTC: SQLite keeps only the wall time, so every stored instant is UTC."""
    return moment.astimezone(UTC)


def schedule(*, session: Session, next_posts: dict[int, datetime]) -> None:
    """Record each chat's next post time."""
    for chat_id, moment in next_posts.items():
        session.execute(update(ChatRow).where(ChatRow.id == chat_id).values(next_post_at=_utc(moment)))


# Columns of a chat's daily post: they move together, the newer subscription's as a whole.
SUBSCRIPTION_COLUMNS = ("subscribed", "post_time", "subscribed_at", "next_post_at")


def _explicit(row: ChatRow, column: Any) -> bool:
    """Whether ``row`` holds a value someone chose: not NULL and not the column's default."""
    value = getattr(row, column.key)
    default = column.default.arg if isinstance(column.default, ScalarElementColumnDefault) else None
    return value is not None and value != default


def _merged_chat(old: ChatRow, new: ChatRow | None) -> dict[str, Any]:
    """What the supergroup keeps of the group's settings and its own.

    Telegram gives the supergroup a new id at the upgrade, so whatever is kept under it was set
    after everything kept under the group's: the newer explicit setting is the supergroup's where
    it made one, the group's elsewhere; the daily post moves as a whole, the supergroup's when it
    is subscribed. Every column of ``chats`` but the id is merged so (a column added later too).
    """
    post = new if new is not None and new.subscribed else old
    values: dict[str, Any] = {"kind": new.kind if new is not None else "supergroup"}
    for column in ChatRow.__table__.columns:
        if column.key in ("id", "kind"):
            continue
        if column.key in SUBSCRIPTION_COLUMNS:
            values[column.key] = getattr(post, column.key)
        elif new is not None and _explicit(new, column):
            values[column.key] = getattr(new, column.key)
        else:
            values[column.key] = getattr(old, column.key)
    return values


def _count(result: Any) -> int:
    return int(result.rowcount)


def _reassign(session: Session, column: Any, old_id: int, new_id: int) -> int:
    """Set ``column`` to ``new_id`` wherever it is ``old_id``; how many rows changed."""
    return _count(session.execute(update(column.class_).where(column == old_id).values({column.key: new_id})))


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
    return moved + _move_person(session, old_id, new_id)


def _move_person(session: Session, old_id: int, new_id: int) -> int:
    """The group as a person (its anonymous admins) becomes the supergroup: rows keyed by
    ``user_id``, merged where the supergroup has the same key."""
    moved = 0
    # Solves: the first report counts, whichever id made it (on a tie the supergroup's stays).
    reports: dict[tuple[str, date], list[tuple[datetime, int]]] = {}
    for user_id, kind, day, solved_at in session.execute(
        select(SolveRow.user_id, SolveRow.kind, SolveRow.day, SolveRow.solved_at).where(
            SolveRow.user_id.in_((old_id, new_id))
        )
    ):
        reports.setdefault((kind, day), []).append((_aware(solved_at) or NEVER, user_id))
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
        openings = [t for t in (_aware(kept.opened_at), _aware(row.opened_at)) if t is not None]
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
        older = mine if (_aware(mine.updated_at) or NEVER) <= (_aware(board.updated_at) or NEVER) else board
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


def get_progress(
    *, session: Session, chat_id: int, user_id: int, calendar_variant: str = "calendar"
) -> Progress | None:
    """Which puzzle the user is on in this chat, with the featured hint stage they have seen of it
    (``player_days``: of ``calendar_variant`` for a calendar puzzle), in one query."""
    variant = case((HintProgressRow.kind == "pentomino", "pentomino"), else_=calendar_variant)
    seen = and_(
        PlayerDayRow.user_id == HintProgressRow.user_id,
        PlayerDayRow.day == HintProgressRow.day,
        PlayerDayRow.puzzle == variant,
    )
    query = (
        select(HintProgressRow, PlayerDayRow.featured_stage)
        .outerjoin(PlayerDayRow, seen)
        .where(HintProgressRow.chat_id == chat_id, HintProgressRow.user_id == user_id)
    )
    found = session.execute(query).first()
    if found is None:
        return None
    row, stage = found
    group = None if row.group_id is None else GroupLink(row.group_id, row.group_edition, row.group_faceup)
    return Progress(row.kind, row.day, stage or 0, row.another, _aware(row.opened_at), group)


def save_progress(*, session: Session, chat_id: int, user_id: int, progress: Progress) -> None:
    """Record the user's progress with its group link, if any (one upsert: no read, no first-insert race)."""
    group = progress.group
    values = {
        "chat_id": chat_id,
        "user_id": user_id,
        "kind": str(progress.kind),
        "day": progress.day,
        "stage": int(progress.stage),
        "another": progress.another,
        "group_id": None if group is None else group.chat_id,
        "group_edition": None if group is None else group.edition,
        "group_faceup": group is not None and group.faceup,
    }
    if progress.opened_at is not None:  # None leaves a stored opening time alone
        values["opened_at"] = _utc(progress.opened_at)
    upsert(session, HintProgressRow, ("chat_id", "user_id"), values)


# ---------------------------------------------------------------- solves


@dataclass(frozen=True)
class Solve:
    user_id: int
    kind: str
    day: date
    chat_id: int
    first_name: str
    hints: int
    seconds: int | None
    on_day: bool = True  # solved on the puzzle's own (local) day: only those make a streak


def record_solve(*, session: Session, solve: Solve, now: datetime) -> bool:
    """Record that a user solved a daily puzzle; False if they had already (the first report counts)."""
    values = {
        "user_id": solve.user_id,
        "kind": str(solve.kind),
        "day": solve.day,
        "chat_id": solve.chat_id,
        "first_name": solve.first_name[:64],
        "hints": solve.hints,
        "seconds": solve.seconds,
        "solved_at": _utc(now),
        "on_day": solve.on_day,
    }
    statement = (
        insert_ignoring_conflicts(session, SolveRow, "user_id", "kind", "day")
        .values(values)
        .returning(SolveRow.user_id)
    )
    return session.scalar(statement) is not None  # no row comes back when it already existed


def count_for_group(*, session: Session, user_id: int, kind: str, day: date, chat_id: int) -> None:
    """Let a solve count for one more group (its /top and the line about yesterday); once per group."""
    values = {"user_id": user_id, "kind": str(kind), "day": day, "chat_id": chat_id}
    session.execute(
        insert_ignoring_conflicts(session, SolveGroupRow, "user_id", "kind", "day", "chat_id").values(values)
    )


def _solve(row: SolveRow) -> Solve:
    return Solve(
        row.user_id, row.kind, row.day, row.chat_id, row.first_name, row.hints, row.seconds, row.on_day
    )


def user_solves(*, session: Session, user_id: int) -> list[Solve]:
    """Everything one user solved, oldest first."""
    query = select(SolveRow).where(SolveRow.user_id == user_id).order_by(SolveRow.day, SolveRow.kind)
    return [_solve(r) for r in session.scalars(query)]


def chat_solves(*, session: Session, chat_id: int, day: date, kind: str) -> list[Solve]:
    """Who solved the day's puzzle for this chat (reported in it, or counted for it: ``solve_groups``):
    fewest hints first, then fastest (unknown times last)."""
    counted = select(SolveGroupRow.user_id).where(
        SolveGroupRow.chat_id == chat_id, SolveGroupRow.day == day, SolveGroupRow.kind == str(kind)
    )
    query = (
        select(SolveRow)
        .where(
            SolveRow.day == day,
            SolveRow.kind == str(kind),
            or_(SolveRow.chat_id == chat_id, SolveRow.user_id.in_(counted)),
        )
        .order_by(SolveRow.hints, SolveRow.seconds.is_(None), SolveRow.seconds, SolveRow.solved_at)
    )
    return [_solve(r) for r in session.scalars(query)]


def forget_user(*, session: Session, user_id: int) -> int:
    """Delete everything kept about one person (solves, hint progress, their days, saved boards)
    and, for a Telegram user, their private chat: its settings, daily post and the post's outbox
    (a private chat's id is its user's). A chat someone posted as (a channel, a group's anonymous
    admin; negative ids) keeps its settings: they are the chat's, not one person's. Rows deleted."""
    deleted = 0
    for model in (SolveRow, SolveGroupRow, HintProgressRow, PlayerDayRow, SavedPositionRow):
        deleted += _count(session.execute(delete(model).where(model.user_id == user_id)))
    if user_id > 0:
        deleted += _count(session.execute(delete(DeliveryRow).where(DeliveryRow.chat_id == user_id)))
        deleted += _count(session.execute(delete(ChatRow).where(ChatRow.id == user_id)))
    return deleted


# ---------------------------------------------------------------- the outbox


@dataclass(frozen=True)
class Delivery:
    id: int
    chat_id: int
    local_date: date
    status: DeliveryStatus
    attempts: int
    token: str | None = None  # the claim this copy was read under; changes are conditional on it


def _delivery(row: DeliveryRow) -> Delivery:
    return Delivery(
        row.id, row.chat_id, row.local_date, DeliveryStatus(row.status), row.attempts, row.claim_token
    )


def enqueue(*, session: Session, keys: Iterable[tuple[int, date]], now: datetime) -> None:
    """Record posts as due; a row that exists already (another dispatcher's, say) is left alone."""
    values = [
        {
            "chat_id": chat_id,
            "local_date": day,
            "status": DeliveryStatus.DUE,
            "attempts": 0,
            "updated_at": now,
        }
        for chat_id, day in keys
    ]
    if not values:
        return
    statement = insert_ignoring_conflicts(session, DeliveryRow, "chat_id", "local_date")
    for start in range(0, len(values), 500):
        session.execute(statement, values[start : start + 500])


def claim_next(
    *,
    session: Session,
    since: date,
    now: datetime,
    lease: timedelta,
    worker: str,
    skip: Iterable[int] = (),
) -> Delivery | None:
    """Lock and take one due delivery (or one whose sender's lease ran out); None if there is none.

    On PostgreSQL the row lock uses SKIP LOCKED, so concurrent dispatchers never
    take the same row; SQLite ignores the lock clause and relies on there being
    a single dispatcher. Each claim writes a fresh ``claim_token``: the previous
    holder's renewals and outcome no longer match and change nothing. The caller commits.
    """
    claimable = _claimable(now, lease)
    skipped = list(skip)
    while True:
        query = (
            select(DeliveryRow.id)
            .where(DeliveryRow.local_date >= since, claimable)
            .order_by(DeliveryRow.id)
            .limit(1)
            .with_for_update(skip_locked=True)
        )
        if skipped:
            query = query.where(DeliveryRow.id.not_in(skipped))
        found = session.scalar(query)
        if found is None:
            return None
        # The conditional update makes the claim atomic where SKIP LOCKED does not exist (SQLite).
        taken = session.execute(
            update(DeliveryRow)
            .where(DeliveryRow.id == found, claimable)
            .values(
                status=DeliveryStatus.SENDING,
                attempts=DeliveryRow.attempts + 1,
                updated_at=now,
                claimed_by=worker,
                claim_token=secrets.token_hex(16),
            )
        )
        if taken.rowcount == 1:  # type: ignore[attr-defined]
            row = session.get(DeliveryRow, found)
            assert row is not None
            session.refresh(row)
            return _delivery(row)
        skipped.append(found)


def _claimable(now: datetime, lease: timedelta) -> ColumnElement[bool]:
    """Due rows, and rows claimed by a dispatcher whose lease ran out."""
    return or_(
        DeliveryRow.status == DeliveryStatus.DUE,
        and_(DeliveryRow.status == DeliveryStatus.SENDING, DeliveryRow.updated_at < now - lease),
    )


def has_pending(*, session: Session, since: date, now: datetime, lease: timedelta) -> bool:
    """Whether some post for a local day on or after ``since`` waits to be claimed."""
    query = select(DeliveryRow.id).where(DeliveryRow.local_date >= since, _claimable(now, lease)).limit(1)
    return session.scalar(query) is not None


@dataclass(frozen=True)
class OutboxHealth:
    expired_today: int  # posts closed unsent in the last day ("expired": their day ended)
    overdue: int  # posts still waiting for a local day before yesterday (UTC)
    uncertain_today: int = 0  # sends in the last day that got no answer and were not repeated


def outbox_health(*, session: Session, now: datetime) -> OutboxHealth:
    """What the outbox could not deliver on time: nothing is lost silently."""

    def failed_today(reason: str) -> int:
        return int(
            session.scalar(
                select(func.count())
                .select_from(DeliveryRow)
                .where(
                    DeliveryRow.status == DeliveryStatus.FAILED,
                    DeliveryRow.error.like(f"{reason}%"),
                    DeliveryRow.updated_at >= _utc(now) - timedelta(days=1),
                )
            )
            or 0
        )

    overdue = session.scalar(
        select(func.count())
        .select_from(DeliveryRow)
        .where(
            DeliveryRow.status.in_((DeliveryStatus.DUE, DeliveryStatus.SENDING)),
            DeliveryRow.local_date < now.date() - timedelta(days=1),
        )
    )
    return OutboxHealth(failed_today("expired"), int(overdue or 0), failed_today("uncertain"))


def expire(*, session: Session, before: date, now: datetime) -> int:
    """Close the posts still due for local days before ``before``, with the reason; how many."""
    result = session.execute(
        update(DeliveryRow)
        .where(DeliveryRow.local_date < before, DeliveryRow.status == DeliveryStatus.DUE)
        .values(
            status=DeliveryStatus.FAILED,
            error="expired: its day ended before it could be sent",
            updated_at=now,
        )
    )
    return int(result.rowcount)  # type: ignore[attr-defined]


def _held(delivery_id: int, token: str) -> ColumnElement[bool]:
    """The row is still in flight under this claim (no other dispatcher took it over)."""
    return and_(
        DeliveryRow.id == delivery_id,
        DeliveryRow.claim_token == token,
        DeliveryRow.status == DeliveryStatus.SENDING,
    )


def renew(*, session: Session, delivery_id: int, token: str, now: datetime) -> bool:
    """Extend a claim's lease while its send is in flight; False if the claim was lost."""
    result = session.execute(update(DeliveryRow).where(_held(delivery_id, token)).values(updated_at=now))
    return int(result.rowcount) == 1  # type: ignore[attr-defined]


def release_claims(*, session: Session) -> int:
    """Return every 'sending' row to 'due' (only safe when no other dispatcher can be running)."""
    result = session.execute(
        update(DeliveryRow)
        .where(DeliveryRow.status == DeliveryStatus.SENDING)
        .values(status=DeliveryStatus.DUE, claim_token=None)
    )
    return int(result.rowcount)  # type: ignore[attr-defined]


def beat(*, session: Session, name: str, now: datetime, sent: int) -> None:
    """Record a dispatcher's heartbeat and its running total of posts sent."""
    row = session.get(DispatcherHeartbeatRow, name)
    if row is None:
        session.add(DispatcherHeartbeatRow(name=name, beat_at=now, sent_total=sent))
    else:
        row.beat_at, row.sent_total = now, row.sent_total + sent


def last_heartbeat(*, session: Session) -> datetime | None:
    """The newest heartbeat of any dispatcher."""
    return _aware(session.scalar(select(func.max(DispatcherHeartbeatRow.beat_at))))


def finish(
    *,
    session: Session,
    delivery_id: int,
    token: str,
    status: DeliveryStatus,
    now: datetime,
    message_id: int | None = None,
    error: str | None = None,
) -> bool:
    """Record a delivery's outcome: sent (with Telegram's message id), failed (with the reason) or
    due again; only under the claim that sent it (False, and nothing changed, if it was lost)."""
    result = session.execute(
        update(DeliveryRow)
        .where(_held(delivery_id, token))
        .values(
            status=status,
            message_id=message_id,
            error=(error or "")[:500] or None,
            updated_at=now,
            claim_token=None,
        )
    )
    return int(result.rowcount) == 1  # type: ignore[attr-defined]


# ---------------------------------------------------------------- the shared send budget


def reserve_send_slot(*, session: Session, name: str, now: float, interval: float) -> float:
    """Reserve the next free moment (Unix seconds) at which this process may send one message.

    All processes sending with one bot token share the row ``name``: each
    reservation moves its ``next_slot`` on by ``interval`` in one atomic
    UPDATE, so however many processes send, slots are ``interval`` apart and
    no second holds more than ``1 / interval`` messages. The caller commits,
    then waits until the returned moment.
    """
    start = case((SendBudgetRow.next_slot > now, SendBudgetRow.next_slot), else_=now)
    statement = (
        update(SendBudgetRow)
        .where(SendBudgetRow.name == name)
        .values(next_slot=start + interval)
        .returning(SendBudgetRow.next_slot)
    )
    following = session.scalar(statement)
    if following is None:  # the first send ever under this name
        session.execute(
            insert_ignoring_conflicts(session, SendBudgetRow, "name"), {"name": name, "next_slot": now}
        )
        following = session.scalar(statement)
    assert following is not None
    return float(following) - interval


def delivery_rows(*, session: Session) -> list[DeliveryRow]:
    """Every outbox row (for tests and reports)."""
    return list(session.scalars(select(DeliveryRow).order_by(DeliveryRow.id)))


# ---------------------------------------------------------------- file ids


def get_file_id(*, session: Session, key: str) -> str | None:
    row = session.get(FileIdRow, key)
    return None if row is None else row.file_id


def save_file_id(*, session: Session, key: str, file_id: str, now: datetime) -> None:
    upsert(session, FileIdRow, ("key",), {"key": key, "file_id": file_id, "stored_at": _utc(now)})


def forget_file_id(*, session: Session, key: str) -> None:
    session.execute(delete(FileIdRow).where(FileIdRow.key == key))


# ---------------------------------------------------------------- pruning


@dataclass(frozen=True)
class Pruned:
    deliveries: int
    heartbeats: int
    file_ids: int


def _dated_key_day(key: str) -> date | None:
    """The date in an image key like ``calendar:2026-01-25:stage0`` (None for undated keys)."""
    parts = key.split(":")
    if len(parts) < 2:
        return None
    try:
        return date.fromisoformat(parts[1])
    except ValueError:
        return None


# File ids of images whose key names no day (a saved board's picture) are kept this long.
KEEP_UNDATED_FILE_IDS = timedelta(days=30)


def prune(*, session: Session, now: datetime, keep_deliveries_days: int = 30) -> Pruned:
    """Delete what no one needs any more: finished posts older than ``keep_deliveries_days``,
    heartbeats of dispatchers silent for a week, file ids of daily images two days past, and
    those of other images (keys made from users' boards, so without bound) stored over
    :data:`KEEP_UNDATED_FILE_IDS` ago or before their age was recorded."""
    today = now.date()
    finished = DeliveryRow.status.in_((DeliveryStatus.SENT, DeliveryStatus.FAILED))
    deliveries = session.execute(
        delete(DeliveryRow).where(
            finished, DeliveryRow.local_date < today - timedelta(days=keep_deliveries_days)
        )
    )
    heartbeats = session.execute(
        delete(DispatcherHeartbeatRow).where(DispatcherHeartbeatRow.beat_at < _utc(now) - timedelta(days=7))
    )
    old = _utc(now) - KEEP_UNDATED_FILE_IDS
    stale = [
        key
        for key, stored_at in session.execute(select(FileIdRow.key, FileIdRow.stored_at))
        if ((day := _dated_key_day(key)) is not None and day < today - timedelta(days=2))
        or (day is None and ((stored := _aware(stored_at)) is None or stored < old))
    ]
    if stale:
        session.execute(delete(FileIdRow).where(FileIdRow.key.in_(stale)))
    return Pruned(int(deliveries.rowcount), int(heartbeats.rowcount), len(stale))  # type: ignore[attr-defined]
