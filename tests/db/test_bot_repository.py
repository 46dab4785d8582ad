"""The bot's chat-state repository on both databases: lifecycle edge cases."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime

from sqlalchemy.orm import Session, sessionmaker

from db import bot_repository as chats
from db.bot_repository import Progress
from db.models import HintProgressRow

NOW = datetime(2026, 1, 25, 7, 0, tzinfo=UTC)


def test_a_group_moves_into_a_supergroup_that_already_has_rows(sessions: sessionmaker[Session]) -> None:
    """Before, the moved rows hit the supergroup's unique keys and the group never got a post again.
    The supergroup's own subscription is the newer one and stays; the group's time zone fills in."""
    with sessions.begin() as session:
        chats.set_timezone(session=session, chat_id=-5, kind="group", timezone="Asia/Tokyo")
        chats.subscribe(session=session, chat_id=-5, kind="group", post_time="07:30", now=NOW)
        chats.subscribe(session=session, chat_id=-1005, kind="supergroup", post_time="09:00", now=NOW)
        for chat_id, stage in ((-5, 1), (-1005, 2)):
            chats.save_progress(
                session=session,
                chat_id=chat_id,
                user_id=7,
                progress=Progress("calendar", date(2026, 1, 25), stage, 0),
            )
        chats.save_progress(
            session=session, chat_id=-5, user_id=8, progress=Progress("calendar", date(2026, 1, 25), 3, 0)
        )
        chats.enqueue(
            session=session,
            keys=[(-5, date(2026, 1, 25)), (-1005, date(2026, 1, 25)), (-5, date(2026, 1, 24))],
            now=NOW,
        )
    with sessions.begin() as session:
        chats.move_chat(session=session, old_id=-5, new_id=-1005)
    with sessions() as session:
        moved = chats.get_chat(session=session, chat_id=-1005)
        assert chats.get_chat(session=session, chat_id=-5) is None
        assert (
            moved is not None
            and moved.subscribed
            and (moved.post_time, moved.timezone) == ("09:00", "Asia/Tokyo")
        )
        seven = session.get(HintProgressRow, (-1005, 7))
        eight = session.get(HintProgressRow, (-1005, 8))
        assert seven is not None and seven.stage == 2  # the supergroup's own progress stays
        assert eight is not None and eight.stage == 3  # the group's moves over
        days = sorted((r.chat_id, r.local_date) for r in chats.delivery_rows(session=session))
    assert days == [(-1005, date(2026, 1, 24)), (-1005, date(2026, 1, 25))]


def test_old_rows_are_pruned_and_recent_ones_kept(sessions: sessionmaker[Session]) -> None:
    from datetime import timedelta

    from db.models import DeliveryStatus, DispatcherHeartbeatRow, FileIdRow

    now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    with sessions.begin() as session:
        chats.enqueue(
            session=session,
            keys=[(1, date(2026, 1, 5)), (1, date(2026, 2, 25)), (2, date(2026, 1, 6))],
            now=now,
        )
        rows = chats.delivery_rows(session=session)
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
            chats.save_file_id(session=session, key=key, file_id=f"id-{key}", now=now)
        chats.save_file_id(
            session=session, key="board:x:y:1AB:stage1", file_id="old", now=now - timedelta(days=31)
        )
        session.add(FileIdRow(key="board:x:y:1AC:stage2", file_id="ageless", stored_at=None))  # before 0013
    with sessions.begin() as session:
        pruned = chats.prune(session=session, now=now)
    assert (pruned.deliveries, pruned.heartbeats, pruned.file_ids) == (1, 1, 3)
    with sessions() as session:
        left = sorted((r.chat_id, r.local_date.isoformat()) for r in chats.delivery_rows(session=session))
        assert left == [(1, "2026-02-25"), (2, "2026-01-06")]  # the old row still due is not thrown away here
        assert chats.get_file_id(session=session, key="calendar:2026-02-20:stage0") is None
        assert chats.get_file_id(session=session, key="calendar:2026-02-28:stage1") is not None
        assert chats.get_file_id(session=session, key="heatmap:abc") is not None
        assert chats.get_file_id(session=session, key="board:x:y:1AA:stage1") is not None  # recent
        assert chats.get_file_id(session=session, key="board:x:y:1AB:stage1") is None  # a month old
        assert chats.get_file_id(session=session, key="board:x:y:1AC:stage2") is None  # age unknown


def test_a_dispatcher_whose_claim_was_taken_over_can_neither_renew_nor_record(
    sessions: sessionmaker[Session],
) -> None:
    """Fencing: before, renew() and finish() matched the row by id alone, so the first holder's
    late 'sent' overwrote the outcome of the dispatcher that had taken the post over."""
    from datetime import timedelta

    from db.models import DeliveryStatus

    lease = timedelta(minutes=5)
    with sessions.begin() as session:
        chats.enqueue(session=session, keys=[(1, date(2026, 1, 25))], now=NOW)
    with sessions.begin() as session:
        first = chats.claim_next(session=session, since=date(2026, 1, 24), now=NOW, lease=lease, worker="a")
    later = NOW + lease + timedelta(seconds=1)  # a's lease ran out: b takes the post over
    with sessions.begin() as session:
        second = chats.claim_next(
            session=session, since=date(2026, 1, 24), now=later, lease=lease, worker="b"
        )
    assert first is not None and second is not None and first.id == second.id
    assert first.token and second.token and first.token != second.token
    with sessions.begin() as session:
        assert not chats.renew(session=session, delivery_id=first.id, token=first.token, now=later)
        assert not chats.finish(
            session=session,
            delivery_id=first.id,
            token=first.token,
            status=DeliveryStatus.SENT,
            now=later,
            message_id=1,
        )
    with sessions() as session:
        (row,) = chats.delivery_rows(session=session)
        assert (row.status, row.claimed_by, row.message_id) == (DeliveryStatus.SENDING, "b", None)
    with sessions.begin() as session:
        assert chats.renew(session=session, delivery_id=second.id, token=second.token, now=later)
        assert chats.finish(
            session=session,
            delivery_id=second.id,
            token=second.token,
            status=DeliveryStatus.SENT,
            now=later,
            message_id=2,
        )
    with sessions.begin() as session:  # a closed row is no one's any more
        assert not chats.finish(
            session=session,
            delivery_id=second.id,
            token=second.token,
            status=DeliveryStatus.FAILED,
            now=later,
        )
    with sessions() as session:
        (row,) = chats.delivery_rows(session=session)
        assert (row.status, row.message_id) == (DeliveryStatus.SENT, 2)


def test_send_slots_are_spaced_by_the_interval_whoever_reserves_them(sessions: sessionmaker[Session]) -> None:
    interval, start = 1 / 30, 1_800_000_000.0
    slots = []
    for _ in range(60):  # sixty senders asking at the same moment, each in its own transaction
        with sessions.begin() as session:
            slots.append(chats.reserve_send_slot(session=session, name="bot0", now=start, interval=interval))
    assert slots[0] == start
    gaps = [b - a for a, b in itertools.pairwise(slots)]
    assert all(abs(gap - interval) < 1e-6 for gap in gaps)
    with sessions.begin() as session:  # after a quiet spell the next slot is "now", not in the past
        assert (
            chats.reserve_send_slot(session=session, name="bot0", now=start + 100, interval=interval)
            == start + 100
        )
        assert chats.reserve_send_slot(session=session, name="other", now=start, interval=interval) == start


def test_solves_count_once_rank_by_hints_then_time_and_are_forgotten(sessions: sessionmaker[Session]) -> None:
    day = date(2026, 1, 25)
    with sessions.begin() as session:
        for user, hints, seconds in ((1, 2, 60), (2, 0, None), (3, 0, 300), (4, 0, 30)):
            solve = chats.Solve(user, "calendar", day, -9, f"user{user}", hints, seconds)
            assert chats.record_solve(session=session, solve=solve, now=NOW)
        again = chats.Solve(1, "calendar", day, -9, "user1", 0, 1)
        assert not chats.record_solve(session=session, solve=again, now=NOW)  # the first report counts
        chats.save_progress(
            session=session, chat_id=-9, user_id=1, progress=Progress("calendar", day, 3, 0, NOW)
        )
    with sessions() as session:
        ranked = chats.chat_solves(session=session, chat_id=-9, day=day, kind="calendar")
        assert [s.user_id for s in ranked] == [4, 3, 2, 1]  # no hints first, fastest first, unknown time last
        progress = chats.get_progress(session=session, chat_id=-9, user_id=1)
        assert progress is not None and progress.opened_at == NOW
    with sessions.begin() as session:
        assert chats.forget_user(session=session, user_id=1) == 2
    with sessions() as session:
        assert chats.user_solves(session=session, user_id=1) == []
        assert [s.user_id for s in chats.user_solves(session=session, user_id=2)] == [2]


def test_solves_count_for_every_group_they_are_linked_to_in_the_same_order(
    sessions: sessionmaker[Session],
) -> None:
    """``chat_solves`` reads the chat a solve was reported in and the groups it counts for besides
    (``solve_groups``); a group that became a supergroup takes both along, /forget deletes both."""
    day = date(2026, 1, 25)
    with sessions.begin() as session:
        for user, chat_id, hints, seconds in ((1, -9, 1, 60), (2, 2, 0, 300), (3, -7, 0, 30), (4, 4, 0, 10)):
            solve = chats.Solve(user, "calendar", day, chat_id, f"user{user}", hints, seconds)
            assert chats.record_solve(session=session, solve=solve, now=NOW)
        chats.count_for_group(session=session, user_id=2, kind="calendar", day=day, chat_id=-9)  # private
        chats.count_for_group(session=session, user_id=2, kind="calendar", day=day, chat_id=-9)  # once only
        chats.count_for_group(
            session=session, user_id=3, kind="calendar", day=day, chat_id=-9
        )  # reported again
        chats.count_for_group(
            session=session, user_id=1, kind="calendar", day=day, chat_id=-9
        )  # its own chat
        chats.count_for_group(
            session=session, user_id=4, kind="pentomino", day=day, chat_id=-9
        )  # another kind
    with sessions() as session:
        ranked = chats.chat_solves(session=session, chat_id=-9, day=day, kind="calendar")
        assert [s.user_id for s in ranked] == [3, 2, 1]  # no hints first, fastest first; each once
        assert [
            s.user_id for s in chats.chat_solves(session=session, chat_id=-7, day=day, kind="calendar")
        ] == [3]
        assert chats.chat_solves(session=session, chat_id=-9, day=date(2026, 1, 24), kind="calendar") == []
    with sessions.begin() as session:
        chats.count_for_group(session=session, user_id=3, kind="calendar", day=day, chat_id=-1009)
        chats.subscribe(session=session, chat_id=-9, kind="group", post_time="08:00", now=NOW)
        chats.move_chat(session=session, old_id=-9, new_id=-1009)
    with sessions() as session:
        assert chats.chat_solves(session=session, chat_id=-9, day=day, kind="calendar") == []
        moved = chats.chat_solves(session=session, chat_id=-1009, day=day, kind="calendar")
        assert [s.user_id for s in moved] == [3, 2, 1]
    with sessions.begin() as session:
        assert chats.forget_user(session=session, user_id=2) == 2  # the solve and its group
    with sessions() as session:
        moved = chats.chat_solves(session=session, chat_id=-1009, day=day, kind="calendar")
        assert [s.user_id for s in moved] == [3, 1]


def test_a_private_progress_keeps_the_group_whose_link_opened_it(sessions: sessionmaker[Session]) -> None:
    day = date(2026, 1, 25)
    linked = Progress("calendar", day, 0, 0, NOW, chats.GroupLink(-1005, "calendar-weekday", True))
    with sessions.begin() as session:
        chats.save_progress(session=session, chat_id=7, user_id=7, progress=linked)
    with sessions() as session:
        assert chats.get_progress(session=session, chat_id=7, user_id=7) == linked
    with sessions.begin() as session:
        chats.subscribe(session=session, chat_id=-1005, kind="supergroup", post_time="08:00", now=NOW)
        chats.move_chat(session=session, old_id=-1005, new_id=-1006)
        moved = chats.get_progress(session=session, chat_id=7, user_id=7)
        assert moved is not None and moved.group == chats.GroupLink(-1006, "calendar-weekday", True)
        chats.save_progress(session=session, chat_id=7, user_id=7, progress=Progress("calendar", day, 0, 0))
    with sessions() as session:
        found = chats.get_progress(session=session, chat_id=7, user_id=7)
        assert found is not None and found.group is None and found.opened_at == NOW  # unlinked, time kept


def test_a_chats_telegram_language_is_written_only_when_it_is_new(sessions: sessionmaker[Session]) -> None:
    """A private chat's row is made on first contact and written again only when its user's
    language changes; a group keeps the language of the admin who subscribed it."""
    from sqlalchemy import event

    written: list[str] = []

    def remember(code: str | None) -> None:
        with sessions.begin() as session:
            engine = session.get_bind()
            stored = chats.get_chat(session=session, chat_id=7)
            event.listen(engine, "before_cursor_execute", record)
            try:
                chats.remember_language(
                    session=session, chat_id=7, kind="private", language_code=code, stored=stored
                )
                session.flush()
            finally:
                event.remove(engine, "before_cursor_execute", record)

    def record(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        written.append(statement.split()[0])

    def language(chat_id: int) -> str | None:
        with sessions() as session:
            found = chats.get_chat(session=session, chat_id=chat_id)
            return None if found is None else found.telegram_language

    remember("ja")
    assert (written, language(7)) == (["INSERT"], "ja")
    remember("ja")
    remember(None)  # Telegram sent none: the last one known stays
    assert (written, language(7)) == (["INSERT"], "ja")
    remember("en")
    assert (written, language(7)) == (["INSERT", "UPDATE"], "en")
    with sessions() as session:
        chat = chats.get_chat(session=session, chat_id=7)
        assert chat is not None and (chat.kind, chat.subscribed, chat.post_time, chat.language) == (
            "private",
            False,
            "08:00",
            None,
        )
    with sessions.begin() as session:
        chats.subscribe(
            session=session, chat_id=-5, kind="group", post_time="08:00", now=NOW, language_code="ja"
        )
        chats.subscribe(session=session, chat_id=-5, kind="group", post_time="09:00", now=NOW)  # code unknown
    assert language(-5) == "ja"
    with sessions.begin() as session:
        chats.move_chat(session=session, old_id=-5, new_id=-1005)
    assert language(-1005) == "ja"
