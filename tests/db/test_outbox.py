"""The outbox on both databases: a claim fences its holder's renewals and outcome."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from sqlalchemy.orm import Session, sessionmaker

from db import outbox
from db.models import DeliveryStatus

NOW = datetime(2026, 1, 25, 7, 0, tzinfo=UTC)


def test_a_dispatcher_whose_claim_was_taken_over_can_neither_renew_nor_record(
    sessions: sessionmaker[Session],
) -> None:
    """Fencing: before, renew() and finish() matched the row by id alone, so the first holder's
    late 'sent' overwrote the outcome of the dispatcher that had taken the post over."""
    lease = timedelta(minutes=5)
    with sessions.begin() as session:
        outbox.enqueue(session=session, keys=[(1, date(2026, 1, 25))], now=NOW)
    with sessions.begin() as session:
        first = outbox.claim_next(session=session, since=date(2026, 1, 24), now=NOW, lease=lease, worker="a")
    later = NOW + lease + timedelta(seconds=1)  # a's lease ran out: b takes the post over
    with sessions.begin() as session:
        second = outbox.claim_next(
            session=session, since=date(2026, 1, 24), now=later, lease=lease, worker="b"
        )
    assert first is not None and second is not None and first.id == second.id
    assert first.token and second.token and first.token != second.token
    with sessions.begin() as session:
        assert not outbox.renew(session=session, delivery_id=first.id, token=first.token, now=later)
        assert not outbox.finish(
            session=session,
            delivery_id=first.id,
            token=first.token,
            status=DeliveryStatus.SENT,
            now=later,
            message_id=1,
        )
    with sessions() as session:
        (row,) = outbox.delivery_rows(session=session)
        assert (row.status, row.claimed_by, row.message_id) == (DeliveryStatus.SENDING, "b", None)
    with sessions.begin() as session:
        assert outbox.renew(session=session, delivery_id=second.id, token=second.token, now=later)
        assert outbox.finish(
            session=session,
            delivery_id=second.id,
            token=second.token,
            status=DeliveryStatus.SENT,
            now=later,
            message_id=2,
        )
    with sessions.begin() as session:  # a closed row is no one's any more
        assert not outbox.finish(
            session=session,
            delivery_id=second.id,
            token=second.token,
            status=DeliveryStatus.FAILED,
            now=later,
        )
    with sessions() as session:
        (row,) = outbox.delivery_rows(session=session)
        assert (row.status, row.message_id) == (DeliveryStatus.SENT, 2)
