"""hints.player_actions: each thing a player asks for in a chat, one call, on the sample store (no
Telegram)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from sqlalchemy.orm import Session

from db import solves
from db.hint_progress import GroupLink
from hints import game, player_actions
from hints.codes import encode_position
from hints.daily import CALENDAR_ID, PuzzleKind, daily_calendar, puzzle_target
from hints.deeplink import board_key
from hints.players import Chat, Player
from hints.saved import save_board, use_board
from solver.stages import Stage

NOW = datetime(2026, 1, 22, 9, 0, tzinfo=UTC)
TODAY = date(2026, 1, 22)
ANN = Player(501, "UTC", name="Ann")
PRIVATE = player_actions.InChat(ANN, Chat(501))
GROUP_ID = -1001234
IN_GROUP = player_actions.InChat(ANN, Chat(GROUP_ID, "supergroup"))


def test_a_typed_hint_goes_one_stage_at_a_time_and_ends_with_all_seen(session: Session) -> None:
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, TODAY, NOW)
    stages = [player_actions.next_hint(session, PRIVATE, NOW) for _ in range(4)]
    assert [s.stage for s in stages[:3] if isinstance(s, player_actions.Shown)] == [1, 2, 3]
    assert stages[3] == player_actions.AllSeen(PRIVATE, PuzzleKind.CALENDAR, TODAY)


def test_a_button_pressed_twice_shows_its_stage_twice(session: Session) -> None:
    twice = [
        player_actions.next_hint(session, PRIVATE, NOW, PuzzleKind.CALENDAR, TODAY, Stage.ONE_PIECE)
        for _ in range(2)
    ]
    assert [s.stage for s in twice if isinstance(s, player_actions.Shown)] == [
        Stage.ONE_PIECE,
        Stage.ONE_PIECE,
    ]
    typed = player_actions.next_hint(session, PRIVATE, NOW)
    assert isinstance(typed, player_actions.Shown) and typed.stage == Stage.HALF


def test_opening_the_challenge_and_back_keeps_the_calendars_hints(session: Session) -> None:
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, TODAY, NOW)
    player_actions.next_hint(session, PRIVATE, NOW)
    player_actions.next_hint(session, PRIVATE, NOW)
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.PENTOMINO, TODAY, NOW)
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, TODAY, NOW)
    after = player_actions.next_hint(session, PRIVATE, NOW)
    assert isinstance(after, player_actions.Shown) and after.stage == Stage.ANSWER
    assert game.hints_used(session, PRIVATE.player.id, PuzzleKind.CALENDAR, TODAY) == 3


def test_an_older_days_button_is_stale_but_a_typed_date_opens_it(session: Session) -> None:
    yesterday = TODAY - timedelta(days=1)
    assert player_actions.next_hint(
        session, PRIVATE, NOW, PuzzleKind.CALENDAR, yesterday, Stage.ONE_PIECE
    ) == (player_actions.StaleDay(yesterday))
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, yesterday, NOW)
    opened = player_actions.next_hint(session, PRIVATE, NOW, PuzzleKind.CALENDAR, yesterday, Stage.ONE_PIECE)
    assert isinstance(opened, player_actions.Shown) and opened.daily.day == yesterday


def test_the_answer_counts_as_every_hint_and_a_solve_says_so(session: Session) -> None:
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, TODAY, NOW)
    shown = player_actions.answer(session, PRIVATE, NOW)
    assert shown.stage == Stage.ANSWER
    report = player_actions.report_solve(session, PRIVATE, NOW + timedelta(minutes=4))
    assert (report.solved.hints, report.solved.seconds, report.solved.on_day) == (3, 240, True)
    heading, hints = report.share.splitlines()
    daily = daily_calendar(session, TODAY)
    stars = "" if daily.difficulty is None else f" · {daily.difficulty.stars}"  # ranks need the whole year
    assert heading == f"{daily.puzzle.title} · {TODAY.isoformat()}{stars}"
    assert hints.startswith("Hints ■■■")


def test_a_past_dates_solve_is_kept_off_the_streak(session: Session) -> None:
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, TODAY - timedelta(days=1), NOW)
    report = player_actions.report_solve(session, PRIVATE, NOW)
    assert (report.solved.on_day, report.solved.streak) == (False, 0)


def test_another_solution_cycles_and_the_challenge_has_none(session: Session) -> None:
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, TODAY, NOW)
    player_actions.answer(session, PRIVATE, NOW)
    first = player_actions.another(session, PRIVATE, NOW, TODAY)
    second = player_actions.another(session, PRIVATE, NOW, TODAY)
    assert isinstance(first, player_actions.Another) and isinstance(second, player_actions.Another)
    assert second.number != first.number
    assert (
        game.stage_seen(session, PRIVATE.player.id, PRIVATE.play(PuzzleKind.CALENDAR, TODAY)) == Stage.ANSWER
    )
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.PENTOMINO, TODAY, NOW)
    assert player_actions.another(session, PRIVATE, NOW) is None


def test_a_groups_link_opens_its_edition_in_private_and_the_solve_counts_for_it(session: Session) -> None:
    link = GroupLink(GROUP_ID, None, faceup=True)  # the sample stores DragonFjord's edition only
    shown = player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, TODAY, NOW, link)
    assert (shown.here.player.variant.faceup, shown.here.chat.via) == (True, GROUP_ID)
    later = player_actions.next_hint(session, PRIVATE, NOW)
    assert isinstance(later, player_actions.Shown) and later.here.player.variant.faceup
    assert game.stage_seen(session, PRIVATE.player.id, later.here.play(PuzzleKind.CALENDAR, TODAY)) == 1
    report = player_actions.report_solve(session, PRIVATE, NOW)
    assert report.here.chat.via == GROUP_ID and report.solved.fresh
    group_board = solves.chat_solves(session=session, chat_id=GROUP_ID, day=TODAY, kind=PuzzleKind.CALENDAR)
    assert [s.user_id for s in group_board] == [PRIVATE.player.id]


def test_a_typed_hint_comes_from_the_saved_board_the_person_chose(session: Session) -> None:
    puzzle, target = puzzle_target(PuzzleKind.CALENDAR, TODAY, CALENDAR_ID)
    save_board(session, PRIVATE.player.id, puzzle, target, encode_position(puzzle, ()), NOW)
    use_board(session, PRIVATE.player.id, puzzle, target, True)
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, TODAY, NOW)
    found = player_actions.next_hint(session, PRIVATE, NOW)
    assert isinstance(found, player_actions.FromBoard)
    assert found.found.stage == Stage.ONE_PIECE and found.daily == (PuzzleKind.CALENDAR, TODAY)
    featured = player_actions.featured_hint(session, PRIVATE, NOW, PuzzleKind.CALENDAR, TODAY)
    assert isinstance(featured, player_actions.Shown) and featured.stage == Stage.ONE_PIECE


def test_board_troubles_are_named(session: Session) -> None:
    puzzle, target = puzzle_target(PuzzleKind.CALENDAR, TODAY, CALENDAR_ID)
    assert (
        player_actions.board_hint_by_key(session, PRIVATE, NOW, "no-such-key")
        == player_actions.BoardTrouble.STALE_KEY
    )
    assert player_actions.board_hint_by_key(session, PRIVATE, NOW, board_key(puzzle, target)) == (
        player_actions.BoardTrouble.NO_BOARD
    )
    assert player_actions.current_board(session, PRIVATE, NOW) == player_actions.BoardTrouble.NO_BOARD
    assert (
        player_actions.load_board(session, PRIVATE, NOW, "nonsense") == player_actions.BoardTrouble.BAD_LINK
    )


def test_another_before_the_answer_offers_the_next_hint_and_spends_nothing(session: Session) -> None:
    """/another after hint 1 showed a whole solution and counted as three stages."""
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, TODAY, NOW)
    player_actions.next_hint(session, PRIVATE, NOW)
    assert player_actions.another(session, PRIVATE, NOW) == player_actions.AnswerFirst(
        PRIVATE, PuzzleKind.CALENDAR, TODAY, Stage.HALF
    )
    assert game.hints_used(session, PRIVATE.player.id, PuzzleKind.CALENDAR, TODAY) == 1


def test_a_groups_link_opened_after_hints_there_continues_at_the_same_stage(session: Session) -> None:
    """The link at stage 2 showed "Hint 1 of 3", then the next /hint gave the whole answer."""
    player_actions.open_puzzle(session, IN_GROUP, PuzzleKind.CALENDAR, TODAY, NOW)
    player_actions.next_hint(session, IN_GROUP, NOW)
    player_actions.next_hint(session, IN_GROUP, NOW)
    link = GroupLink(GROUP_ID, None, faceup=False)
    opened = player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, TODAY, NOW, link)
    assert opened.stage == Stage.HALF
    following = player_actions.next_hint(session, PRIVATE, NOW)
    assert isinstance(following, player_actions.Shown) and following.stage == Stage.ANSWER


def test_the_share_of_a_solve_is_its_first_report_and_nothing_before_it(session: Session) -> None:
    assert player_actions.share(session, PRIVATE, NOW, PuzzleKind.CALENDAR, TODAY) is None
    player_actions.open_puzzle(session, PRIVATE, PuzzleKind.CALENDAR, TODAY, NOW)
    player_actions.next_hint(session, PRIVATE, NOW)
    report = player_actions.report_solve(session, PRIVATE, NOW + timedelta(minutes=3))
    player_actions.answer(session, PRIVATE, NOW + timedelta(minutes=4))  # after the report: not counted
    assert (
        player_actions.share(session, PRIVATE, NOW + timedelta(minutes=5), PuzzleKind.CALENDAR, TODAY)
        == report.share
    )
