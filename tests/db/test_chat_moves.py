"""A group that became a supergroup, in the store: everything kept under the group's id moves to
the supergroup's in one transaction, merged with what the supergroup already has. On both
databases."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from sqlalchemy.orm import Session, sessionmaker

from db import chat_moves, chats, hint_progress, outbox, solves
from db import days_repository as days
from db import positions_repository as boards
from db.hint_progress import Progress
from db.models import ChatRow, HintProgressRow
from db.solves import Solve

NOW = datetime(2026, 1, 25, 7, 0, tzinfo=UTC)
DAY = date(2026, 1, 25)
GROUP, SUPERGROUP = -5, -1005


def test_the_supergroups_newer_settings_win_and_the_groups_fill_the_rest(
    sessions: sessionmaker[Session],
) -> None:
    """Before, the group's row replaced the supergroup's: an admin's /edition in the supergroup
    was lost when the old settings arrived."""
    with sessions.begin() as session:
        chats.set_language(session=session, chat_id=GROUP, kind="group", language="ja")
        chats.set_timezone(session=session, chat_id=GROUP, kind="group", timezone="Asia/Tokyo")
        chats.set_edition(session=session, chat_id=GROUP, kind="group", edition="calendar-weekday")
        chats.set_faceup(session=session, chat_id=GROUP, kind="group", faceup=True)
        chats.subscribe(session=session, chat_id=GROUP, kind="group", post_time="07:30", now=NOW)
        chats.set_edition(
            session=session, chat_id=SUPERGROUP, kind="supergroup", edition="calendar-jarringwords"
        )
    with sessions.begin() as session:
        assert chat_moves.move_chat(session=session, old_id=GROUP, new_id=SUPERGROUP) == 1
    with sessions() as session:
        assert chats.get_chat(session=session, chat_id=GROUP) is None
        moved = chats.get_chat(session=session, chat_id=SUPERGROUP)
    assert moved is not None
    assert moved.edition == "calendar-jarringwords"  # set in the supergroup: newer
    assert (moved.language, moved.timezone, moved.faceup) == ("ja", "Asia/Tokyo", True)  # the group's
    assert moved.subscribed and moved.post_time == "07:30"  # the supergroup has no post of its own
    assert moved.kind == "supergroup"


def test_a_subscription_made_in_the_supergroup_is_kept(sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as session:
        chats.subscribe(session=session, chat_id=GROUP, kind="group", post_time="07:30", now=NOW)
        chats.subscribe(
            session=session,
            chat_id=SUPERGROUP,
            kind="supergroup",
            post_time="21:00",
            now=NOW + timedelta(hours=1),
        )
    with sessions.begin() as session:
        chat_moves.move_chat(session=session, old_id=GROUP, new_id=SUPERGROUP)
    with sessions() as session:
        moved = chats.get_chat(session=session, chat_id=SUPERGROUP)
    assert moved is not None and moved.subscribed and moved.post_time == "21:00"
    assert moved.subscribed_at == NOW + timedelta(hours=1)


def test_a_default_or_off_chosen_in_the_supergroup_wins_over_the_groups_setting(
    sessions: sessionmaker[Session],
) -> None:
    """Before, "face-up off" and "no daily post" chosen in the supergroup looked like defaults and
    lost to the group's face-up mode and post when the group's settings arrived."""
    with sessions.begin() as session:
        chats.set_faceup(session=session, chat_id=GROUP, kind="group", faceup=True)
        chats.set_edition(session=session, chat_id=GROUP, kind="group", edition="calendar-weekday")
        chats.subscribe(session=session, chat_id=GROUP, kind="group", post_time="07:30", now=NOW)
        chats.set_faceup(session=session, chat_id=SUPERGROUP, kind="supergroup", faceup=False)
        chats.set_edition(session=session, chat_id=SUPERGROUP, kind="supergroup", edition=None)
        chats.subscribe(session=session, chat_id=SUPERGROUP, kind="supergroup", post_time="09:00", now=NOW)
        assert chats.unsubscribe(session=session, chat_id=SUPERGROUP)
    with sessions.begin() as session:
        chat_moves.move_chat(session=session, old_id=GROUP, new_id=SUPERGROUP)
    with sessions() as session:
        moved = chats.get_chat(session=session, chat_id=SUPERGROUP)
    assert moved is not None
    assert (moved.faceup, moved.edition, moved.subscribed) == (False, None, False)


def test_a_chats_choices_are_remembered_defaults_included(sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as session:
        chats.set_faceup(session=session, chat_id=GROUP, kind="group", faceup=False)
        chats.set_language(session=session, chat_id=GROUP, kind="group", language="en")
        chats.remember_language(session=session, chat_id=GROUP, kind="group", language_code="ja", stored=None)
    with sessions() as session:
        row = session.get(ChatRow, GROUP)
        assert row is not None and chats.chosen(row) == {"faceup", "language"}  # not Telegram's code


def test_a_group_without_settings_moves_its_solves_and_progress(sessions: sessionmaker[Session]) -> None:
    """Before, a group that never changed a setting (no ``chats`` row) moved nothing: its /top
    and its members' hints started over in the supergroup."""
    with sessions.begin() as session:
        solves.record_solve(session=session, solve=Solve(7, "calendar", DAY, GROUP, "Ann", 1, 60), now=NOW)
        solves.count_for_group(session=session, user_id=8, kind="calendar", day=DAY, chat_id=GROUP)
        hint_progress.save_progress(
            session=session, chat_id=GROUP, user_id=7, progress=Progress("calendar", DAY, 2, 0)
        )
    with sessions.begin() as session:
        assert chat_moves.move_chat(session=session, old_id=GROUP, new_id=SUPERGROUP) == 3
    with sessions() as session:
        assert chats.get_chat(session=session, chat_id=SUPERGROUP) is None  # nothing to make up
        assert solves.chat_solves(session=session, chat_id=GROUP, day=DAY, kind="calendar") == []
        assert [s.user_id for s in solves.user_solves(session=session, user_id=7)] == [7]
        assert session.get(HintProgressRow, (SUPERGROUP, 7)) is not None
        assert session.get(HintProgressRow, (GROUP, 7)) is None


def test_the_group_as_a_person_moves_too_merged_with_the_supergroup(sessions: sessionmaker[Session]) -> None:
    """An anonymous admin's messages come as the group itself: its solves, days and saved boards are
    kept under the group's id and become the supergroup's; where both have one, the first solve,
    the most hints seen and the newer board stay."""
    later = NOW + timedelta(hours=2)
    with sessions.begin() as session:
        solves.record_solve(
            session=session, solve=Solve(GROUP, "calendar", DAY, GROUP, "Group", 1, 60), now=NOW
        )
        solves.record_solve(
            session=session, solve=Solve(SUPERGROUP, "calendar", DAY, SUPERGROUP, "Group", 3, 90), now=later
        )
        solves.record_solve(
            session=session,
            solve=Solve(GROUP, "pentomino", DAY, GROUP, "Group", 0, 30),
            now=NOW,
        )
        days.open_day(session=session, user_id=GROUP, day=DAY, puzzle="calendar", kind="calendar", now=NOW)
        days.raise_stage(
            session=session,
            user_id=GROUP,
            day=DAY,
            puzzle="calendar",
            kind="calendar",
            ladder="featured",
            stage=1,
        )
        days.open_day(
            session=session, user_id=SUPERGROUP, day=DAY, puzzle="calendar", kind="calendar", now=later
        )
        days.raise_stage(
            session=session,
            user_id=SUPERGROUP,
            day=DAY,
            puzzle="calendar",
            kind="calendar",
            ladder="board",
            stage=2,
        )
        boards.save(
            session=session,
            user_id=GROUP,
            puzzle_id="calendar-dragonfjord",
            target="01-25",
            code="old",
            now=NOW,
        )
        boards.save(
            session=session,
            user_id=SUPERGROUP,
            puzzle_id="calendar-dragonfjord",
            target="01-25",
            code="new",
            now=later,
        )
        boards.save(
            session=session, user_id=GROUP, puzzle_id="pentomino-6x10", target="board", code="p", now=NOW
        )
    with sessions.begin() as session:
        chat_moves.move_chat(session=session, old_id=GROUP, new_id=SUPERGROUP)
    with sessions() as session:
        by_kind = {s.kind: s for s in solves.user_solves(session=session, user_id=SUPERGROUP)}
        assert solves.user_solves(session=session, user_id=GROUP) == []
        first = by_kind["calendar"]
        assert first.hints == 1 and first.chat_id == SUPERGROUP  # the first report
        assert by_kind["pentomino"].hints == 0
        day = days.get_day(session=session, user_id=SUPERGROUP, day=DAY, puzzle="calendar")
        assert day is not None and (day.featured_stage, day.board_stage, day.opened_at) == (1, 2, NOW)
        assert days.get_day(session=session, user_id=GROUP, day=DAY, puzzle="calendar") is None
        board = boards.get(
            session=session, user_id=SUPERGROUP, puzzle_id="calendar-dragonfjord", target="01-25"
        )
        assert board is not None and board.code == "new"
        assert boards.get(session=session, user_id=SUPERGROUP, puzzle_id="pentomino-6x10", target="board")
        assert boards.get(session=session, user_id=GROUP, puzzle_id="pentomino-6x10", target="board") is None


def test_moving_twice_changes_nothing(sessions: sessionmaker[Session]) -> None:
    """Telegram sends the upgrade twice (to the group and to the supergroup), and a daily post to
    the old id may find it upgraded later still: the second move finds nothing to do."""
    with sessions.begin() as session:
        chats.subscribe(session=session, chat_id=GROUP, kind="group", post_time="07:30", now=NOW)
        hint_progress.save_progress(
            session=session, chat_id=GROUP, user_id=7, progress=Progress("calendar", DAY, 2, 0)
        )
    with sessions.begin() as session:
        assert chat_moves.move_chat(session=session, old_id=GROUP, new_id=SUPERGROUP) == 2
    with sessions.begin() as session:
        chats.subscribe(session=session, chat_id=SUPERGROUP, kind="supergroup", post_time="09:00", now=NOW)
        assert chat_moves.move_chat(session=session, old_id=GROUP, new_id=SUPERGROUP) == 0
    with sessions() as session:
        moved = chats.get_chat(session=session, chat_id=SUPERGROUP)
    assert moved is not None and moved.post_time == "09:00"  # the admin's change after the move stays


def test_a_group_moves_into_a_supergroup_that_already_has_rows(sessions: sessionmaker[Session]) -> None:
    """Before, the moved rows hit the supergroup's unique keys and the group never got a post again.
    The supergroup's own subscription is the newer one and stays; the group's time zone fills in."""
    with sessions.begin() as session:
        chats.set_timezone(session=session, chat_id=-5, kind="group", timezone="Asia/Tokyo")
        chats.subscribe(session=session, chat_id=-5, kind="group", post_time="07:30", now=NOW)
        chats.subscribe(session=session, chat_id=-1005, kind="supergroup", post_time="09:00", now=NOW)
        for chat_id, stage in ((-5, 1), (-1005, 2)):
            hint_progress.save_progress(
                session=session,
                chat_id=chat_id,
                user_id=7,
                progress=Progress("calendar", date(2026, 1, 25), stage, 0),
            )
        hint_progress.save_progress(
            session=session, chat_id=-5, user_id=8, progress=Progress("calendar", date(2026, 1, 25), 3, 0)
        )
        outbox.enqueue(
            session=session,
            keys=[(-5, date(2026, 1, 25)), (-1005, date(2026, 1, 25)), (-5, date(2026, 1, 24))],
            now=NOW,
        )
    with sessions.begin() as session:
        chat_moves.move_chat(session=session, old_id=-5, new_id=-1005)
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
        days = sorted((r.chat_id, r.local_date) for r in outbox.delivery_rows(session=session))
    assert days == [(-1005, date(2026, 1, 24)), (-1005, date(2026, 1, 25))]
