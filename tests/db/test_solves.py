"""Solves on both databases: the first report counts, a chat's board ranks them, the groups they
count for, and how a move and /forget take them along."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy.orm import Session, sessionmaker

from db import chat_moves, chats, forgetting, hint_progress, solves
from db.hint_progress import Progress

NOW = datetime(2026, 1, 25, 7, 0, tzinfo=UTC)


def test_solves_count_once_rank_by_hints_then_time_and_are_forgotten(sessions: sessionmaker[Session]) -> None:
    day = date(2026, 1, 25)
    with sessions.begin() as session:
        for user, hints, seconds in ((1, 2, 60), (2, 0, None), (3, 0, 300), (4, 0, 30)):
            solve = solves.Solve(user, "calendar", day, -9, f"user{user}", hints, seconds)
            assert solves.record_solve(session=session, solve=solve, now=NOW)
        again = solves.Solve(1, "calendar", day, -9, "user1", 0, 1)
        assert not solves.record_solve(session=session, solve=again, now=NOW)  # the first report counts
        hint_progress.save_progress(
            session=session, chat_id=-9, user_id=1, progress=Progress("calendar", day, 3, 0, NOW)
        )
    with sessions() as session:
        ranked = solves.chat_solves(session=session, chat_id=-9, day=day, kind="calendar")
        assert [s.user_id for s in ranked] == [4, 3, 2, 1]  # no hints first, fastest first, unknown time last
        progress = hint_progress.get_progress(session=session, chat_id=-9, user_id=1)
        assert progress is not None and progress.opened_at == NOW
    with sessions.begin() as session:
        assert forgetting.forget_user(session=session, user_id=1) == 2
    with sessions() as session:
        assert solves.user_solves(session=session, user_id=1) == []
        assert [s.user_id for s in solves.user_solves(session=session, user_id=2)] == [2]


def test_solves_count_for_every_group_they_are_linked_to_in_the_same_order(
    sessions: sessionmaker[Session],
) -> None:
    """``chat_solves`` reads the chat a solve was reported in and the groups it counts for besides
    (``solve_groups``); a group that became a supergroup takes both along, /forget deletes both."""
    day = date(2026, 1, 25)
    with sessions.begin() as session:
        for user, chat_id, hints, seconds in ((1, -9, 1, 60), (2, 2, 0, 300), (3, -7, 0, 30), (4, 4, 0, 10)):
            solve = solves.Solve(user, "calendar", day, chat_id, f"user{user}", hints, seconds)
            assert solves.record_solve(session=session, solve=solve, now=NOW)
        solves.count_for_group(session=session, user_id=2, kind="calendar", day=day, chat_id=-9)  # private
        solves.count_for_group(session=session, user_id=2, kind="calendar", day=day, chat_id=-9)  # once only
        solves.count_for_group(
            session=session, user_id=3, kind="calendar", day=day, chat_id=-9
        )  # reported again
        solves.count_for_group(
            session=session, user_id=1, kind="calendar", day=day, chat_id=-9
        )  # its own chat
        solves.count_for_group(
            session=session, user_id=4, kind="pentomino", day=day, chat_id=-9
        )  # another kind
    with sessions() as session:
        ranked = solves.chat_solves(session=session, chat_id=-9, day=day, kind="calendar")
        assert [s.user_id for s in ranked] == [3, 2, 1]  # no hints first, fastest first; each once
        assert [
            s.user_id for s in solves.chat_solves(session=session, chat_id=-7, day=day, kind="calendar")
        ] == [3]
        assert solves.chat_solves(session=session, chat_id=-9, day=date(2026, 1, 24), kind="calendar") == []
    with sessions.begin() as session:
        solves.count_for_group(session=session, user_id=3, kind="calendar", day=day, chat_id=-1009)
        chats.subscribe(session=session, chat_id=-9, kind="group", post_time="08:00", now=NOW)
        chat_moves.move_chat(session=session, old_id=-9, new_id=-1009)
    with sessions() as session:
        assert solves.chat_solves(session=session, chat_id=-9, day=day, kind="calendar") == []
        moved = solves.chat_solves(session=session, chat_id=-1009, day=day, kind="calendar")
        assert [s.user_id for s in moved] == [3, 2, 1]
    with sessions.begin() as session:
        assert forgetting.forget_user(session=session, user_id=2) == 2  # the solve and its group
    with sessions() as session:
        moved = solves.chat_solves(session=session, chat_id=-1009, day=day, kind="calendar")
        assert [s.user_id for s in moved] == [3, 1]
