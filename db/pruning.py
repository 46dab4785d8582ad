"""Deleting what no one needs any more: finished posts, silent dispatchers' heartbeats, old
file ids."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from db.models import DeliveryRow, DeliveryStatus, DispatcherHeartbeatRow, FileIdRow
from db.moments import aware, utc
from db.statements import rowcount


@dataclass(frozen=True)
class Pruned:
    deliveries: int
    heartbeats: int
    file_ids: int


def dated_key_day(key: str) -> date | None:
    """The day of a picture key (``kind:YYYY-MM-DD:…``, as ``hints.pictures.picture_key`` makes them),
    or None for a key that names no day."""
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
        delete(DispatcherHeartbeatRow).where(DispatcherHeartbeatRow.beat_at < utc(now) - timedelta(days=7))
    )
    old = utc(now) - KEEP_UNDATED_FILE_IDS
    stale = [
        key
        for key, stored_at in session.execute(select(FileIdRow.key, FileIdRow.stored_at))
        if ((day := dated_key_day(key)) is not None and day < today - timedelta(days=2))
        or (day is None and ((stored := aware(stored_at)) is None or stored < old))
    ]
    if stale:
        session.execute(delete(FileIdRow).where(FileIdRow.key.in_(stale)))
    return Pruned(rowcount(deliveries), rowcount(heartbeats), len(stale))
