"""Pruning on both databases: finished posts, silent dispatchers' heartbeats and old file ids
go, the rest stays."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from sqlalchemy.orm import Session, sessionmaker

from db import file_ids, outbox, pruning
from db.models import DeliveryStatus, DispatcherHeartbeatRow, FileIdRow


def test_old_rows_are_pruned_and_recent_ones_kept(sessions: sessionmaker[Session]) -> None:
    now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    with sessions.begin() as session:
        outbox.enqueue(
            session=session,
            keys=[(1, date(2026, 1, 5)), (1, date(2026, 2, 25)), (2, date(2026, 1, 6))],
            now=now,
        )
        rows = outbox.delivery_rows(session=session)
        for row in rows:
            if row.chat_id == 1:
                row.status = DeliveryStatus.SENT
        session.add(DispatcherHeartbeatRow(name="gone", beat_at=now - timedelta(days=9), sent_total=1))
        session.add(DispatcherHeartbeatRow(name="alive", beat_at=now - timedelta(minutes=1), sent_total=1))
        for key in (
            "calendar:2026-02-20:stage0",
            "calendar:2026-02-28:stage1",
            "heatmap:abc",
            "board:x:y:1AA:stage1",
        ):
            file_ids.save_file_id(session=session, key=key, file_id=f"id-{key}", now=now)
        file_ids.save_file_id(
            session=session, key="board:x:y:1AB:stage1", file_id="old", now=now - timedelta(days=31)
        )
        session.add(FileIdRow(key="board:x:y:1AC:stage2", file_id="ageless", stored_at=None))  # before 0013
    with sessions.begin() as session:
        pruned = pruning.prune(session=session, now=now)
    assert (pruned.deliveries, pruned.heartbeats, pruned.file_ids) == (1, 1, 3)
    with sessions() as session:
        left = sorted((r.chat_id, r.local_date.isoformat()) for r in outbox.delivery_rows(session=session))
        assert left == [(1, "2026-02-25"), (2, "2026-01-06")]  # the old row still due is not thrown away here
        assert file_ids.get_file_id(session=session, key="calendar:2026-02-20:stage0") is None
        assert file_ids.get_file_id(session=session, key="calendar:2026-02-28:stage1") is not None
        assert file_ids.get_file_id(session=session, key="heatmap:abc") is not None
        assert file_ids.get_file_id(session=session, key="board:x:y:1AA:stage1") is not None  # recent
        assert file_ids.get_file_id(session=session, key="board:x:y:1AB:stage1") is None  # a month old
        assert file_ids.get_file_id(session=session, key="board:x:y:1AC:stage2") is None  # age unknown
