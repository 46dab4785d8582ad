"""The player's day (hints.game): hints seen per puzzle variant and ladder, the solve, the streak
and the share text, on the sample store with nothing else around."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db import solves
from hints import game
from hints.codes import encode_position
from hints.daily import PuzzleKind, Variant, challenge_board
from hints.errors import NotSolved, SignedBeforeDay
from hints.game import Ladder, Play
from hints.players import Player
from hints.raw_solutions import raw_solutions
from hints.saved import save_board, saved_board
from solver.puzzles import get_puzzle
from solver.stages import Stage

CAL, PEN = PuzzleKind.CALENDAR, PuzzleKind.PENTOMINO
DAY = date(2026, 1, 22)
NOW = datetime(2026, 1, 22, 9, tzinfo=UTC)
ANN = 7
ANN_PLAYER = Player(ANN, "UTC", name="Ann")


@pytest.fixture
def session(own_sessions: sessionmaker[Session]) -> Iterator[Session]:
    with own_sessions() as opened:
        yield opened


def test_the_variants_are_told_apart() -> None:
    keys = {
        Play(CAL, DAY).key,
        Play(CAL, DAY, Variant(faceup=True)).key,
        Play(CAL, DAY, Variant("calendar-jarringwords")).key,
        Play(CAL, DAY, Variant("calendar-jarringwords", True)).key,
        Play(PEN, DAY).key,
    }
    assert (
        len(keys) == 5
        and Play(CAL, DAY).key == "calendar"
        and Play(PEN, DAY, Variant("x", True)).key == "pentomino"
    )


def test_hints_go_one_stage_at_a_time_up_to_the_answer(session: Session) -> None:
    play = Play(CAL, DAY)
    assert [game.take_hint(session, ANN, play) for _ in range(4)] == [1, 2, 3, None]  # then: all seen
    assert game.stage_seen(session, ANN, play) == Stage.ANSWER


def test_a_named_stage_is_shown_again_and_never_lowers_what_was_seen(session: Session) -> None:
    play = Play(CAL, DAY)
    assert game.take_hint(session, ANN, play, wanted=Stage.HALF) == Stage.HALF
    assert game.take_hint(session, ANN, play, wanted=Stage.HALF) == Stage.HALF  # the double tap
    assert game.take_hint(session, ANN, play, wanted=Stage.ONE_PIECE) == Stage.ONE_PIECE  # looking back
    assert game.stage_seen(session, ANN, play) == Stage.HALF
    assert game.take_hint(session, ANN, play) == Stage.ANSWER


def test_each_puzzle_keeps_its_own_hints_and_the_count_takes_the_most_of_any(session: Session) -> None:
    dragon, faceup, challenge = Play(CAL, DAY), Play(CAL, DAY, Variant(faceup=True)), Play(PEN, DAY)
    game.take_hint(session, ANN, faceup, wanted=Stage.HALF)
    game.take_hint(session, ANN, challenge, wanted=Stage.ANSWER)
    game.open_play(session, ANN, dragon, NOW)
    assert game.stage_seen(session, ANN, dragon) == Stage.PUZZLE  # nothing reset, nothing shared
    assert game.stage_seen(session, ANN, faceup) == Stage.HALF
    game.take_hint(session, ANN, dragon, Ladder.BOARD, Stage.ONE_PIECE)
    assert game.hints_used(session, ANN, CAL, DAY) == 2  # face-up's two, wherever seen
    assert game.hints_used(session, ANN, PEN, DAY) == 3
    assert game.hints_used(session, ANN, CAL, DAY + timedelta(days=1)) == 0


def test_a_solve_counts_the_hints_and_the_time_since_first_opened(session: Session) -> None:
    play = Play(CAL, DAY)
    game.open_play(session, ANN, play, NOW)
    game.open_play(session, ANN, play, NOW + timedelta(minutes=5))  # opened again: the first counts
    game.take_hint(session, ANN, play)
    solved = game.solve(session, ANN_PLAYER, play, NOW + timedelta(minutes=12), 1)
    assert (solved.fresh, solved.hints, solved.seconds, solved.on_day, solved.streak) == (
        True,
        1,
        720,
        True,
        1,
    )
    game.take_hint(session, ANN, play)
    again = game.solve(session, ANN_PLAYER, play, NOW + timedelta(minutes=20), 1)
    assert (again.fresh, again.hints, again.seconds) == (False, 1, 720)  # the first report stands


def solve_on(session: Session, day: date, today: date, kind: PuzzleKind = CAL) -> game.Solved:
    at = datetime.combine(today, datetime.min.time(), UTC) + timedelta(hours=12)
    return game.solve(session, ANN_PLAYER, Play(kind, day), at, 1)


def test_a_past_date_is_recorded_but_neither_extends_nor_repairs_a_streak(session: Session) -> None:
    for offset in (5, 4):  # two days solved on their days, then a gap on day 3
        solve_on(session, DAY - timedelta(days=offset), DAY - timedelta(days=offset))
    backfilled = solve_on(session, DAY - timedelta(days=3), DAY)  # yesterday... three days late
    assert backfilled.fresh and not backfilled.on_day
    assert game.streaks(session, ANN, CAL, DAY) == (0, 2)
    today = solve_on(session, DAY, DAY)
    assert (today.streak, today.best) == (1, 2)  # the gap stays a gap
    late = solve_on(session, DAY - timedelta(days=1), DAY)
    assert late.streak == 1  # yesterday solved today does not join it either


def test_the_challenge_has_a_streak_of_its_own(session: Session) -> None:
    solve_on(session, DAY - timedelta(days=1), DAY - timedelta(days=1))
    solve_on(session, DAY, DAY, PEN)
    assert game.streaks(session, ANN, CAL, DAY) == (1, 1)
    assert game.streaks(session, ANN, PEN, DAY) == (1, 1)


def test_the_record_has_both_streaks_this_months_solved_dates_and_the_hints_on_average(
    session: Session,
) -> None:
    assert game.record(session, ANN, DAY) == game.Record(0, 0, 0, 0, 0, {}, 0, 0.0)
    last_month = date(2025, 12, 31)
    solve_on(session, last_month, last_month)
    game.take_hint(session, ANN, Play(CAL, DAY - timedelta(days=1)), wanted=Stage.HALF)
    solve_on(session, DAY - timedelta(days=1), DAY - timedelta(days=1))
    solve_on(session, DAY - timedelta(days=5), DAY)  # late: this month's, but no streak
    solve_on(session, DAY, DAY)
    solve_on(session, DAY, DAY, PEN)
    found = game.record(session, ANN, DAY)
    assert (found.streak, found.best, found.challenge_streak, found.challenge_best) == (2, 2, 1, 1)
    assert found.challenge_solves == 1 and found.solves == 5 and found.average_hints == 0.4
    assert found.month == {DAY - timedelta(days=5): 0, DAY - timedelta(days=1): 2, DAY: 0}  # the calendar's


def days_before(*offsets: int) -> list[date]:
    return [DAY - timedelta(days=o) for o in offsets]


def test_streaks_count_consecutive_days_kept_until_the_day_is_over() -> None:
    assert game.streak_of([], DAY) == (0, 0)
    assert game.streak_of(days_before(0, 1, 2), DAY) == (3, 3)
    assert game.streak_of(days_before(1, 2), DAY) == (2, 2)  # today is not over: the streak stands
    assert game.streak_of(days_before(2, 3, 4, 5), DAY) == (0, 4)  # yesterday was missed
    assert game.streak_of(days_before(0, 0, 1, 5, 6, 7, 8), DAY) == (2, 4)  # duplicates count once


def test_the_share_text_names_the_puzzle_and_the_hints_but_no_cell_or_piece(session: Session) -> None:
    play = Play(CAL, DAY)
    game.open_play(session, ANN, play, NOW)
    game.take_hint(session, ANN, play, wanted=Stage.HALF)
    solved = game.solve(session, ANN_PLAYER, play, NOW + timedelta(minutes=7), 1)
    text = game.share_text(solved, "A-Puzzle-A-Day", "★★★☆☆", "en")
    assert text == "A-Puzzle-A-Day · 2026-01-22 · ★★★☆☆\nHints ■■□ · 7 min · streak 1 🔥"
    pieces = {piece.name for piece in get_puzzle("calendar-dragonfjord").pieces}
    words = set(re.findall(r"[A-Za-z]+", text))
    assert not words & pieces and not re.search(r"\d+\s*,\s*\d+", text)  # no piece, no coordinates
    japanese = game.share_text(solved, "A-Puzzle-A-Day", None, "ja")
    assert japanese == "A-Puzzle-A-Day · 2026年1月22日(木)\nヒント ■■□ · 7分 · 1日連続 🔥"


def test_the_share_text_says_no_hints_and_the_streak() -> None:
    solved = game.Solved(Play(PEN, DAY), True, 0, None, True, 4, 4)
    assert game.share_text(solved, "Pentomino 6x10", None, "en") == (
        "Pentomino 6x10 · 2026-01-22\nSolved with no hints · streak 4 🔥"
    )


def test_hints_from_a_saved_board_nest_and_count_for_the_days_solve(session: Session) -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    target = puzzle.target("01-22")
    solution = sorted(raw_solutions(session, puzzle, target).solutions[0], key=lambda p: p.piece)
    save_board(session, ANN, puzzle, target, encode_position(puzzle, solution[:2]), NOW)
    play = Play(CAL, DAY)
    added = []
    for expected in (Stage.ONE_PIECE, Stage.HALF, Stage.ANSWER):
        found = game.board_hint(session, ANN, puzzle, target, saved_board(session, ANN, puzzle, target), play)
        assert found.stage == expected and found.hint is not None
        added.append(set(found.hint.added))
    assert added[0] <= added[1] <= added[2]
    assert game.stage_seen(session, ANN, play, Ladder.BOARD) == Stage.ANSWER
    assert game.hints_used(session, ANN, CAL, DAY) == 3  # the board's hints count for the solve


# ---------------------------------------------------------------- the web board's day

CALENDAR = get_puzzle("calendar-dragonfjord")


def solution_code(session: Session, puzzle_id: str, target: str, faceup: bool = False) -> str:
    """A solved board of the target (its first raw solution, face up when asked)."""
    puzzle = get_puzzle(puzzle_id)
    raw = raw_solutions(session, puzzle, puzzle.target(target))
    solution = (raw.face_up(puzzle) if faceup else raw).solutions[0]
    code = encode_position(puzzle, sorted(solution, key=lambda p: p.piece))
    assert code is not None
    return code


def web_solve(
    session: Session, at: datetime, board: str, code: str | None, faceup: bool = False
) -> tuple[game.Solved, str] | None:
    """The web board's solve of ``puzzle/target`` at ``at``, signed in then, in UTC (a pentomino
    board with the challenge's pre-placed pieces)."""
    puzzle_id, target = board.split("/")
    puzzle = get_puzzle(puzzle_id)
    ann = Player(ANN, "UTC", name="Ann", signed_at=at)
    opened = game.Board(puzzle, puzzle.target(target), faceup, pre_placed=not puzzle.is_calendar)
    return game.solved_on_board(session, ann, opened, at, "en", code)


def test_a_sign_in_records_only_the_day_it_was_made_on_in_the_players_zone() -> None:
    target = CALENDAR.target("01-22")

    def signed(at: datetime, zone: str) -> Player:
        return Player(ANN, "UTC", zone, signed_at=at)

    board = game.Board(CALENDAR, target)
    play = game.board_play(board, NOW, signed(NOW - timedelta(hours=8), "Asia/Tokyo"))
    assert play == Play(CAL, DAY, Variant(CALENDAR.id))  # 09:00 and 01:00 there
    with pytest.raises(SignedBeforeDay, match="opened before 2026-01-22"):  # 23:59 on the 21st in Tokyo
        game.board_play(board, NOW, signed(datetime(2026, 1, 21, 14, 59, tzinfo=UTC), "Asia/Tokyo"))
    with pytest.raises(SignedBeforeDay):  # the same sign-in 23 h 50 min later, in UTC
        game.board_play(board, NOW, signed(NOW - timedelta(hours=23, minutes=50), "UTC"))
    assert game.board_play(game.Board(CALENDAR, CALENDAR.target("01-21")), NOW, signed(NOW, "UTC")) is None


def test_the_challenge_board_without_its_pre_placed_pieces_is_no_puzzle_of_the_day() -> None:
    board = get_puzzle(challenge_board(DAY))
    ann = Player(ANN, "UTC")
    free = game.board_play(game.Board(board, board.targets[0]), NOW, ann)
    challenge = game.board_play(game.Board(board, board.targets[0], pre_placed=True), NOW, ann)
    assert free is None
    assert challenge == Play(PEN, DAY)


def test_a_web_solve_needs_a_solved_board_and_is_recorded_once(session: Session) -> None:
    board = "calendar-dragonfjord/01-22"
    with pytest.raises(NotSolved) as nothing:
        web_solve(session, NOW, board, None)
    assert nothing.value.code == "no_board"
    solution = sorted(
        raw_solutions(session, CALENDAR, CALENDAR.target("01-22")).solutions[0], key=lambda p: p.piece
    )
    with pytest.raises(NotSolved, match="2 of 8 pieces placed") as unsolved:
        web_solve(session, NOW, board, encode_position(CALENDAR, solution[:2]))
    assert unsolved.value.code == "not_solved"
    assert game.streaks(session, ANN, CAL, DAY) == (0, 0)
    code = encode_position(CALENDAR, solution)
    first = web_solve(session, NOW, board, code)
    again = web_solve(session, NOW + timedelta(minutes=1), board, code)
    assert first is not None and again is not None
    assert (first[0].fresh, again[0].fresh, again[0].streak) == (True, False, 1)
    assert len(solves.user_solves(session=session, user_id=ANN)) == 1


def test_a_board_saved_on_an_earlier_day_proves_nothing(session: Session) -> None:
    """The 3x20 board is the challenge of the 22nd and of the 27th: a solve saved on the 22nd is
    no solve of the 27th."""
    puzzle = get_puzzle("pentomino-3x20")
    code = solution_code(session, puzzle.id, "board")
    save_board(session, ANN, puzzle, puzzle.target("board"), code, NOW)
    solved = web_solve(session, NOW, "pentomino-3x20/board", None)
    assert solved is not None and solved[0].play == Play(PEN, DAY)
    later = NOW + timedelta(days=5)
    with pytest.raises(NotSolved) as stale:
        web_solve(session, later, "pentomino-3x20/board", None)
    assert stale.value.code == "no_board"
    save_board(session, ANN, puzzle, puzzle.target("board"), code, later)
    assert web_solve(session, later, "pentomino-3x20/board", None) is not None


def test_a_full_board_that_turns_a_piece_over_is_no_face_up_solve(session: Session) -> None:
    raw = raw_solutions(session, CALENDAR, CALENDAR.target("01-22"))
    turned = next(s for s in raw.solutions if s not in set(raw.face_up(CALENDAR).solutions))
    code = encode_position(CALENDAR, sorted(turned, key=lambda p: p.piece))
    with pytest.raises(NotSolved, match="dead end with 8 of 8"):
        web_solve(session, NOW, "calendar-dragonfjord/01-22", code, faceup=True)
    face_up = solution_code(session, CALENDAR.id, "01-22", faceup=True)
    assert web_solve(session, NOW, "calendar-dragonfjord/01-22", face_up, faceup=True) is not None
