"""Groups count fairly, built directly by :mod:`bot.replies`: a group's 'Hints in private' link
opens the group's puzzle (its edition and face-up mode) in a member's private chat, and what
they solve there counts on the group's /top and its post's line about yesterday. Whether the
asker is a member is the handler's question to Telegram (test_bot_groups.py); here it comes as
``member_of``."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.orm import Session

from db import chats, solves
from db.engine import make_engine, session_factory
from hints.daily import PuzzleKind
from hints.player_actions import InChat
from hints.players import Chat, Player
from jobs.target_solving import OnDemand
from solver.puzzles import get_puzzle
from tests.support import asked
from tests.support.replies import GROUP, NOW, OTHER_DAY, TODAY, WEB, asker, open_session, photo_key
from tests.support.stores import copy_sqlite_file

CAL = PuzzleKind.CALENDAR
FROM_GROUP = "Your group's puzzle: when you solve it here, it counts on the group's /top too."
LINK = "cal_20260122_g1001"  # TODAY's calendar puzzle, offered in GROUP (-1001)
FACE_UP = "2026-01-22: 3 solutions"  # TODAY's calendar puzzle face up (78 solutions otherwise)
USUAL = "2026-01-22: 78 solutions"


@pytest.fixture
def session(sample_url: str) -> Iterator[Session]:
    with open_session(sample_url) as session:
        chats.set_faceup(session=session, chat_id=GROUP, kind="supergroup", faceup=True)  # the group's choice
        yield session


def top_names(session: Session) -> list[str]:
    """The group's /top today, as its lines after the heading."""
    board = asked.top(session, asker(user_id=99, group=True), NOW).text.split("\n")
    return board[1:] if board[0].startswith("Solved today") else []


def test_a_members_private_solve_from_the_groups_link_counts_on_its_top_and_yesterday_line(
    session: Session,
) -> None:
    in_group = asker(user_id=70, group=True, faceup=True, first_name="Mia")
    assert asked.today(session, in_group, TODAY, WEB, NOW).private == LINK
    mia = asker(user_id=70, first_name="Mia")  # her private chat: DragonFjord's, not face up
    opened = asked.from_private_link(session, mia, LINK, WEB, member_of=GROUP)
    assert opened is not None and opened.text.startswith(f"{FROM_GROUP}\n{FACE_UP}")
    assert photo_key(opened).startswith("calendar:2026-01-22:faceup:") and opened.private is None
    assert any(b.url and b.url.endswith("?faceup=1") for b in opened.buttons)  # the board, face up too
    hint = asked.next_hint(session, mia, NOW)  # typed in her chat: still the group's puzzle
    assert hint.text.startswith("Hint 1 of 3") and "all 3 solutions" in hint.text
    assert photo_key(hint).startswith("calendar:2026-01-22:faceup:")
    assert asked.solved(session, mia, NOW).text.startswith("Well done! 2026-01-22 solved with 1 hint stage")
    assert top_names(session) == ["1. Mia - 1 hint stage, 1 min"]
    (mine,) = solves.user_solves(session=session, user_id=70)
    assert mine.chat_id == 70  # reported in private, counted for the group besides
    assert asked.yesterday_line(session, GROUP, TODAY + timedelta(days=1), "en") == (
        "Yesterday: 1 solved, 0 with no hint."
    )


def test_a_link_to_a_group_the_asker_is_not_in_opens_their_own_puzzle_and_counts_for_no_group(
    session: Session,
) -> None:
    mia = asker(user_id=70)
    for member_of in (None, -5):  # Telegram said no, or she is in another group
        opened = asked.from_private_link(session, mia, LINK, WEB, member_of=member_of)
        assert opened is not None and opened.text.startswith(USUAL)
    asked.solved(session, mia, NOW)
    assert top_names(session) == []


def test_links_made_before_they_named_their_group_open_the_puzzle_as_before(session: Session) -> None:
    opened = asked.from_private_link(session, asker(user_id=70), "cal_20260122", WEB, member_of=GROUP)
    assert opened is not None and opened.text.startswith(USUAL)


def test_the_link_holds_for_the_days_puzzles_until_another_day_or_the_chats_own_choice(
    session: Session,
) -> None:
    mia = asker(user_id=70, first_name="Mia")
    asked.from_private_link(session, mia, LINK, WEB, member_of=GROUP)
    asked.pentomino(session, mia, TODAY, now=NOW)  # the day's other puzzle, and back
    assert asked.today(session, mia, TODAY, now=NOW).text.startswith(FACE_UP)
    assert asked.solution(session, mia, NOW).text.endswith("One of 3 solutions.")
    assert asked.another(session, mia, NOW).text.startswith("Solution 2 of 3 for 2026-01-22")
    assert asked.today(session, mia, OTHER_DAY).text.startswith("2026-01-25: 216 solutions")  # another day
    assert asked.today(session, mia, TODAY).text.startswith(USUAL)  # the link is over

    asked.from_private_link(session, mia, LINK, WEB, member_of=GROUP)
    chosen = asked.set_faceup(session, mia, False, NOW)  # her chat chooses for itself
    assert chosen.text.startswith(f"Face-up mode off: pieces may be turned over.\n{USUAL}")
    asked.solved(session, mia, NOW)
    assert top_names(session) == []


def test_a_solve_reported_in_a_second_group_counts_there_too_and_is_forgotten_with_the_rest(
    session: Session,
) -> None:
    first = asker(user_id=70, group=True, first_name="Mia")
    asked.today(session, first, TODAY, now=NOW)
    asked.next_hint(session, first, NOW)
    asked.solved(session, first, NOW)
    second = InChat(Player(70, "UTC", language="en", name="Mia"), Chat(-5, "group"))
    assert asked.solved(session, second, NOW).text.startswith("You already solved 2026-01-22")
    for group in (GROUP, -5):  # the first report's hints, in both
        board = asked.top(session, InChat(Player(99, "UTC", language="en"), Chat(group, "group")), NOW).text
        assert board.endswith("\n1. Mia - 1 hint stage, 1 min")
    asked.forget(session, asker(user_id=70))
    assert solves.chat_solves(session=session, chat_id=-5, day=TODAY, kind=CAL) == []


JARRING = get_puzzle("calendar-jarringwords")


@pytest.fixture
def edition_session(sample_store: Path, tmp_path: Path) -> Iterator[Session]:
    """The sample store with JarringWords' 01-22 solved (well under a second), and a group that
    owns that edition."""
    url = copy_sqlite_file(sample_store, tmp_path / "editions.db")
    engine = make_engine(url)
    try:
        OnDemand(session_factory(engine), processes=1).ensure(JARRING, JARRING.target("01-22"))
    finally:
        engine.dispose()
    with open_session(url) as session:
        chats.set_edition(session=session, chat_id=GROUP, kind="supergroup", edition=JARRING.id)
        yield session


def test_the_link_opens_the_groups_edition_in_private_and_the_solve_counts_for_it(
    edition_session: Session,
) -> None:
    session, mia = edition_session, asker(user_id=70, first_name="Mia")
    opened = asked.from_private_link(session, mia, LINK, WEB, member_of=GROUP)
    assert opened is not None and opened.text.startswith(f"{FROM_GROUP}\n{JARRING.title}\n2026-01-22: ")
    assert photo_key(opened).startswith("calendar:2026-01-22:calendar-jarringwords:")
    hint = asked.next_hint(session, mia, NOW)
    assert photo_key(hint).startswith("calendar:2026-01-22:calendar-jarringwords:")
    asked.solved(session, mia, NOW)
    assert top_names(session) == ["1. Mia - 1 hint stage"]  # opened by the link alone: no time
