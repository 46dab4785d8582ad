"""The daily posts' outbox (``deliveries``): posts enqueued as due, claimed under a lease by one
dispatcher at a time, and finished under that claim only; the dispatchers' heartbeats."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import ColumnElement, and_, func, or_, select, update
from sqlalchemy.orm import Session

from db.models import DeliveryRow, DeliveryStatus, DispatcherHeartbeatRow
from db.moments import aware, utc
from db.statements import insert_ignoring_conflicts, rowcount


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
        if rowcount(taken) == 1:
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
                    DeliveryRow.updated_at >= utc(now) - timedelta(days=1),
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
    return rowcount(result)


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
    return rowcount(result) == 1


def release_claims(*, session: Session) -> int:
    """Return every 'sending' row to 'due' (only safe when no other dispatcher can be running)."""
    result = session.execute(
        update(DeliveryRow)
        .where(DeliveryRow.status == DeliveryStatus.SENDING)
        .values(status=DeliveryStatus.DUE, claim_token=None)
    )
    return rowcount(result)


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
    return rowcount(result) == 1


def delivery_rows(*, session: Session) -> list[DeliveryRow]:
    """Every outbox row (for tests and reports)."""
    return list(session.scalars(select(DeliveryRow).order_by(DeliveryRow.id)))


# ---------------------------------------------------------------- the dispatchers' heartbeats


def beat(*, session: Session, name: str, now: datetime, sent: int) -> None:
    """Record a dispatcher's heartbeat and its running total of posts sent."""
    row = session.get(DispatcherHeartbeatRow, name)
    if row is None:
        session.add(DispatcherHeartbeatRow(name=name, beat_at=now, sent_total=sent))
    else:
        row.beat_at, row.sent_total = now, row.sent_total + sent


def last_heartbeat(*, session: Session) -> datetime | None:
    """The newest heartbeat of any dispatcher."""
    return aware(session.scalar(select(func.max(DispatcherHeartbeatRow.beat_at))))
