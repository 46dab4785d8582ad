"""A Telegram user's saved board per puzzle target, on a private copy of the sample store."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db import positions_repository as boards
from hints.codes import encode_position
from hints.errors import MalformedPosition, OutdatedCode
from hints.positions import placements_of_code
from hints.saved import latest_board, record_board_stage, save_board, saved_board, use_board
from hints.solutions import all_solutions
from solver.puzzles import get_puzzle

CALENDAR = get_puzzle("calendar-dragonfjord")
DATE = CALENDAR.target("01-25")
HOLE = get_puzzle("pentomino-8x8-hole")
NOON = datetime(2026, 1, 25, 12, tzinfo=UTC)
USER = 77


def two_pieces(session: Session) -> str:
    """The code of two pieces of the first stored solution of 01-25."""
    first = sorted(all_solutions(session, CALENDAR, DATE)[0], key=lambda p: p.piece)
    code = encode_position(CALENDAR, first[:2])
    assert code is not None
    return code


def test_saving_a_board_answers_its_analysis_and_keeps_it(own_sessions: sessionmaker[Session]) -> None:
    with own_sessions.begin() as session:
        code = two_pieces(session)
        analysis = save_board(session, USER, CALENDAR, DATE, code, NOON)
    assert analysis.code == code and analysis.placements == placements_of_code(CALENDAR, code)
    assert analysis.legal and 1 <= analysis.remaining < 216
    with own_sessions() as session:
        saved = saved_board(session, USER, CALENDAR, DATE)
    assert saved is not None and (saved.code, saved.active, saved.stage) == (code, True, 0)


def test_a_bad_code_is_refused_and_nothing_saved(own_sessions: sessionmaker[Session]) -> None:
    with own_sessions.begin() as session, pytest.raises(MalformedPosition, match="11 characters"):
        save_board(session, USER, CALENDAR, DATE, "1AA", NOON)
    with own_sessions() as session:
        assert saved_board(session, USER, CALENDAR, DATE) is None


def test_boards_are_per_user_and_per_target(own_sessions: sessionmaker[Session]) -> None:
    with own_sessions.begin() as session:
        save_board(session, USER, CALENDAR, DATE, two_pieces(session), NOON)
    with own_sessions() as session:
        assert saved_board(session, USER + 1, CALENDAR, DATE) is None
        assert saved_board(session, USER, CALENDAR, CALENDAR.target("01-24")) is None


def test_hints_switch_between_the_saved_board_and_the_featured_solution(
    own_sessions: sessionmaker[Session],
) -> None:
    with own_sessions.begin() as session:
        assert use_board(session, USER, CALENDAR, DATE, False) is False  # nothing saved yet
        save_board(session, USER, CALENDAR, DATE, two_pieces(session), NOON)
        assert use_board(session, USER, CALENDAR, DATE, False) is True
        record_board_stage(session, USER, CALENDAR, DATE, 2)
    with own_sessions() as session:
        saved = saved_board(session, USER, CALENDAR, DATE)
    assert saved is not None and (saved.active, saved.stage) == (False, 2)


def test_saving_again_makes_the_board_active_from_stage_0(own_sessions: sessionmaker[Session]) -> None:
    with own_sessions.begin() as session:
        code = two_pieces(session)
        save_board(session, USER, CALENDAR, DATE, code, NOON)
        use_board(session, USER, CALENDAR, DATE, False)
        record_board_stage(session, USER, CALENDAR, DATE, 3)
        save_board(session, USER, CALENDAR, DATE, code, NOON + timedelta(minutes=1))
        saved = saved_board(session, USER, CALENDAR, DATE)
    assert saved is not None and (saved.active, saved.stage) == (True, 0)


def test_the_latest_board_is_the_one_saved_last_on_any_puzzle(own_sessions: sessionmaker[Session]) -> None:
    empty_hole = encode_position(HOLE, [])
    assert empty_hole is not None
    with own_sessions.begin() as session:
        assert latest_board(session, USER) is None
        save_board(session, USER, CALENDAR, DATE, two_pieces(session), NOON)
        save_board(session, USER, HOLE, HOLE.target("board"), empty_hole, NOON + timedelta(hours=1))
        save_board(session, USER + 1, CALENDAR, DATE, two_pieces(session), NOON + timedelta(hours=2))
        latest = latest_board(session, USER)
    assert latest is not None and (latest.puzzle_id, latest.target, latest.code) == (
        HOLE.id,
        "board",
        empty_hole,
    )


# ---------------------------------------------------------------- codes of other versions

V1_TWO_PIECES = "1AAAAAAAc6A"  # version 1: the first placement of piece R, the last of L
V1_ALIAS = "1AAAAAAAc6B"  # the same with a spare low bit set, as version 1 accepted and stored it


def test_a_board_saved_with_a_version_1_code_is_kept_under_its_current_code(
    own_sessions: sessionmaker[Session],
) -> None:
    with own_sessions.begin() as session:
        analysis = save_board(session, USER, CALENDAR, DATE, V1_TWO_PIECES, NOON)
    current = encode_position(CALENDAR, placements_of_code(CALENDAR, V1_TWO_PIECES))
    assert current is not None and current.startswith("2") and analysis.code == current
    with own_sessions() as session:
        saved = saved_board(session, USER, CALENDAR, DATE)
    assert saved is not None and saved.code == current


def test_a_board_stored_before_is_read_under_its_current_code(own_sessions: sessionmaker[Session]) -> None:
    """Rows version 1 wrote, spare bits and all, read back as the one current code of the position."""
    current = encode_position(CALENDAR, placements_of_code(CALENDAR, V1_TWO_PIECES))
    with own_sessions.begin() as session:
        boards.save(
            session=session, user_id=USER, puzzle_id=CALENDAR.id, target="01-25", code=V1_ALIAS, now=NOON
        )
    with own_sessions() as session:
        saved, latest = saved_board(session, USER, CALENDAR, DATE), latest_board(session, USER)
    assert saved is not None and latest is not None and saved.code == latest.code == current


def test_a_board_of_an_earlier_version_of_the_puzzle_is_kept_and_refused_when_read(
    own_sessions: sessionmaker[Session],
) -> None:
    outdated = "2AAA" + "A" * 10  # a tag no layout of the calendar has
    with own_sessions.begin() as session:
        boards.save(
            session=session, user_id=USER, puzzle_id=CALENDAR.id, target="01-25", code=outdated, now=NOON
        )
    with own_sessions() as session:
        saved = saved_board(session, USER, CALENDAR, DATE)
    assert saved is not None and saved.code == outdated
    with pytest.raises(OutdatedCode, match="older version of the puzzle"):
        placements_of_code(CALENDAR, saved.code)


@pytest.mark.parametrize(
    ("code", "error"), [(V1_ALIAS, "canonical form"), ("2AAA" + "A" * 10, "older version")]
)
def test_an_alias_or_an_outdated_code_is_not_saved(
    own_sessions: sessionmaker[Session], code: str, error: str
) -> None:
    with own_sessions.begin() as session, pytest.raises(MalformedPosition, match=error):
        save_board(session, USER, CALENDAR, DATE, code, NOON)
    with own_sessions() as session:
        assert saved_board(session, USER, CALENDAR, DATE) is None
