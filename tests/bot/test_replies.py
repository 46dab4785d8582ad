"""The daily puzzles as the bot answers them, built directly by :mod:`bot.replies`: /start, /today,
/pentomino, the hint ladder, /solution and /another, groups and "Hints in private", face-up mode.

Each test calls the reply builders on a real session over the sample store and checks the Reply:
its words (English and Japanese), its buttons and their callback data, its picture, and what it
wrote to the store. The end-to-end tests (test_bot_*.py) check that the handlers wire these in.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import replace
from datetime import date, timedelta

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bot.callbacks import Action, Callback, encode_callback
from bot.replies import hinting, puzzles, starts
from bot.replies.types import Button, Reply
from db import hint_progress
from db.hint_progress import Progress
from db.models import HintProgressRow
from hints.codes import board_placements
from hints.daily import PuzzleKind, daily_calendar, daily_puzzle
from hints.difficulty import Difficulty
from hints.player_actions import InChat
from solver.catalog import SINGLE_TARGET
from solver.stages import Stage
from tests.support import asked
from tests.support.replies import (
    CALENDAR,
    CHALLENGE_BOARD,
    GROUP,
    NO_FACEUP_DAY,
    NOW,
    OTHER_DAY,
    TODAY,
    WEB,
    asker,
    code_of,
    current,
    data,
    labels,
    open_session,
    photo_key,
    progress,
    url,
)

CAL, PEN = PuzzleKind.CALENDAR, PuzzleKind.PENTOMINO
PLAY = f"{WEB.public_url}/play/calendar-dragonfjord/01-22"  # TODAY's calendar on the web board
NO_FACEUP_NOTE = "No solution on this date without turning a piece over - here are the usual hints."


@pytest.fixture
def session(sample_url: str) -> Iterator[Session]:
    with open_session(sample_url) as session:
        yield session


def button_data(action: Action, kind: PuzzleKind, day: date) -> str:
    return encode_callback(Callback(action, kind, day))


def hints(session: Session, who: InChat, count: int) -> list[Reply]:
    """``count`` typed /hint replies in a row."""
    return [asked.next_hint(session, who, NOW) for _ in range(count)]


# ---------------------------------------------------------------- /start


def test_welcome_back_is_short_and_offers_the_puzzle_the_challenge_and_the_board() -> None:
    reply = starts.welcome(asker(), TODAY, WEB)
    assert len(reply.text) <= 400 and "/settings" in reply.text and reply.photo is None
    assert labels(reply) == ["Today's puzzle", "Pentomino challenge", "Play on the board"]
    assert data(reply, "Today's puzzle") == button_data(Action.TODAY, CAL, TODAY)
    assert data(reply, "Pentomino challenge") == button_data(Action.CHALLENGE, PEN, TODAY)
    assert url(reply, "Play on the board") == PLAY


def test_welcome_speaks_japanese_and_has_no_board_without_a_public_url() -> None:
    reply = starts.welcome(asker(language="ja"), TODAY)
    assert reply.text.startswith("おかえりなさい") and len(reply.text) <= 400
    assert "board" not in reply.text and "ボード" not in reply.text
    assert labels(reply) == ["今日の問題", "ペントミノ・チャレンジ"]


# ---------------------------------------------------------------- /today and /pentomino


def test_today_counts_the_solutions_and_names_the_cells_to_leave_open(session: Session) -> None:
    reply = asked.today(session, asker(), TODAY, WEB, NOW)
    assert reply.text == "2026-01-22: 78 solutions · difficulty ★★★★☆ (hard)\nLeave Jan and 22 uncovered."
    assert photo_key(reply) == "calendar:2026-01-22:stage0"
    assert labels(reply) == ["Hint 1 of 3", "I solved it", "Pentomino challenge", "Play on the board"]
    assert data(reply, "Hint 1 of 3") == encode_callback(Callback(Action.HINT, CAL, TODAY, 1))
    assert data(reply, "I solved it") == button_data(Action.SOLVED, CAL, TODAY)
    assert data(reply, "Pentomino challenge") == button_data(Action.CHALLENGE, PEN, TODAY)
    assert not reply.spoiler and reply.private is None  # the puzzle itself is no spoiler


def test_today_in_japanese_counts_with_counters_and_has_its_own_picture(session: Session) -> None:
    reply = asked.today(session, asker(language="ja"), TODAY)
    assert reply.text == "2026年1月22日(木)：解は78通り · 難易度 ★★★★☆（難しい）\n1月22日を空けてください。"
    assert photo_key(reply) == "calendar:2026-01-22:stage0:ja"
    assert labels(reply) == ["ヒント 1/3", "解けた！", "ペントミノ・チャレンジ"]


def test_the_puzzle_picture_is_a_png(session: Session) -> None:
    photo = asked.today(session, asker(), TODAY).photo
    assert photo is not None and photo.draw().startswith(b"\x89PNG\r\n\x1a\n")


def test_no_play_button_without_a_public_url(session: Session) -> None:
    assert "Play on the board" not in labels(asked.today(session, asker(), TODAY))
    assert "Play on the board" not in labels(asked.pentomino(session, asker(), TODAY))


def test_a_ranked_date_shows_stars_and_its_difficulty_in_both_languages(session: Session) -> None:
    """The sample store holds too few dates to rank them, so the rank is given here."""
    daily = replace(daily_calendar(session, TODAY), difficulty=Difficulty(2, "easy", 300, 366))
    assert puzzles.today_caption(daily, "en") == (
        "2026-01-22: 78 solutions · difficulty ★★☆☆☆ (easy)\nLeave Jan and 22 uncovered."
    )
    assert puzzles.today_caption(daily, "ja").startswith(
        "2026年1月22日(木)：解は78通り · 難易度 ★★☆☆☆（易しい）\n1月22日を空けてください。"
    )


def test_opening_a_puzzle_makes_it_current_and_reopening_it_keeps_the_progress(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY, now=NOW)
    assert progress(session, who) == Progress(CAL, TODAY, 0, 0, NOW)
    asked.next_hint(session, who, NOW)
    asked.today(session, who, TODAY, now=NOW + timedelta(hours=1))
    assert progress(session, who) == Progress(CAL, TODAY, 1, 0, NOW)  # same puzzle: hint and time kept
    asked.today(session, who, OTHER_DAY, now=NOW)
    assert progress(session, who) == Progress(CAL, OTHER_DAY, 0, 0, NOW)


def test_the_challenge_names_its_board_and_counts_the_pieces_placed(session: Session) -> None:
    who = asker()
    reply = asked.pentomino(session, who, TODAY, WEB, NOW)
    preplaced = daily_puzzle(session, PEN, TODAY).preplaced
    assert reply.text == (
        "Pentomino challenge 2026-01-22 (3x20): 1 piece placed; there is exactly one way to finish."
    )
    assert photo_key(reply) == "pentomino:2026-01-22:stage0"
    assert labels(reply) == ["Hint 1 of 3", "I solved it", "Play on the board"]
    assert data(reply, "Hint 1 of 3") == encode_callback(Callback(Action.HINT, PEN, TODAY, 1))
    board = f"{WEB.public_url}/play/pentomino-3x20/{SINGLE_TARGET}"
    assert url(reply, "Play on the board") == f"{board}?p={code_of(CHALLENGE_BOARD, preplaced)}"
    assert progress(session, who) == Progress(PEN, TODAY, 0, 0, NOW)


def test_the_challenge_in_japanese(session: Session) -> None:
    reply = asked.pentomino(session, asker(language="ja"), TODAY)
    assert reply.text == (
        "2026年1月22日(木)のペントミノ・チャレンジ（3x20）：1ピースが置いてあります。完成させる方法はただ一つです。"
    )


# ---------------------------------------------------------------- the hint ladder


def test_calendar_hints_show_one_piece_then_half_then_the_answer(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY)
    one, half, answer = hints(session, who, 3)
    assert one.text == "Hint 1 of 3: 1 piece shown, 28 of 78 solutions remain."
    assert half.text == "Hint 2 of 3: 4 pieces shown, 1 of 78 solutions remains."
    assert answer.text == "The full answer (2026-01-22). One of 78 solutions."
    assert [photo_key(r) for r in (one, half, answer)] == [f"calendar:2026-01-22:stage{n}" for n in (1, 2, 3)]
    assert progress(session, who) == Progress(CAL, TODAY, Stage.ANSWER, 0, None)


def test_a_first_piece_every_solution_shares_says_so_instead_of_counting(session: Session) -> None:
    """A weekday date's hint 1 read "1 piece shown, 720 of 720 solutions remain"."""
    daily = daily_calendar(session, TODAY)
    one = daily.stages[Stage.ONE_PIECE]
    shared = replace(daily, stages=(daily.stages[0], replace(one, remaining=one.total), *daily.stages[2:]))
    assert puzzles.stage_caption(shared, Stage.ONE_PIECE, "en") == (
        "Hint 1 of 3: 1 piece shown, where all 78 solutions have it: a safe start."
    )
    assert puzzles.stage_caption(daily, Stage.ONE_PIECE, "en").endswith("28 of 78 solutions remain.")


def test_each_hint_offers_the_next_and_the_answer_leaves_no_dead_end(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY)
    one, half, answer = hints(session, who, 3)
    assert labels(one) == ["Hint 2 of 3", "I solved it"] and labels(half) == [
        "Show the answer",
        "I solved it",
    ]
    assert data(one, "Hint 2 of 3") == encode_callback(Callback(Action.HINT, CAL, TODAY, 2))
    assert data(half, "Show the answer") == encode_callback(Callback(Action.REVEAL, CAL, TODAY))
    assert labels(answer) == ["I solved it", "Another solution", "Pentomino challenge"]
    assert data(answer, "I solved it") == button_data(Action.SOLVED, CAL, TODAY)
    assert data(answer, "Another solution") == button_data(Action.ANOTHER, CAL, TODAY)


def test_a_hint_button_pressed_twice_shows_its_stage_twice(session: Session) -> None:
    """A double tap on "Hint 2 of 3" edited the message twice and landed on the answer's half."""
    who = asker()
    asked.today(session, who, TODAY)
    pressed = [asked.next_hint(session, who, NOW, CAL, TODAY, stage=Stage.HALF) for _ in range(2)]
    assert [photo_key(r) for r in pressed] == ["calendar:2026-01-22:stage2"] * 2
    assert asked.next_hint(session, who, NOW).text.startswith("The full answer")  # typed: the next


def test_a_hint_button_of_an_older_day_answers_with_a_toast_unless_that_day_is_open(session: Session) -> None:
    """A button on last week's daily post used to start that day's hints in a new message."""
    who = asker()
    asked.today(session, who, TODAY)
    old = TODAY - timedelta(days=2)
    stale = asked.next_hint(session, who, NOW, CAL, old, stage=Stage.ONE_PIECE)
    assert stale.toast == "That was the puzzle of 2026-01-20. Today's: /today" and stale.photo is None
    assert current(session, who) == (CAL, TODAY, 0)  # nothing moved
    asked.today(session, who, old)  # /today 2026-01-20: an older puzzle on purpose
    shown = asked.next_hint(session, who, NOW, CAL, old, stage=Stage.ONE_PIECE)
    assert shown.toast is None and photo_key(shown) == "calendar:2026-01-20:stage1"


def test_opening_another_puzzle_keeps_this_ones_hints(session: Session) -> None:
    """/pentomino then /today reset the calendar to its first hint, and the hints it had used."""
    who = asker()
    asked.today(session, who, TODAY, None, NOW)
    hints(session, who, 2)
    asked.pentomino(session, who, TODAY, None, NOW)
    hints(session, who, 1)
    asked.today(session, who, TODAY, None, NOW)
    assert asked.next_hint(session, who, NOW).text.startswith("The full answer")  # hint 3, not 1
    solved = asked.solved(session, who, NOW, CAL, TODAY)
    assert "solved with 3 hint stages" in solved.text


def test_a_hint_after_the_answer_says_it_was_seen_and_offers_another(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY)
    (done,) = hints(session, who, 4)[3:]
    assert done.text == "You have already seen the full answer for 2026-01-22. Want to see another solution?"
    assert done.photo is None
    assert labels(done) == ["I solved it", "Another solution", "Pentomino challenge"]
    assert progress(session, who) == Progress(CAL, TODAY, Stage.ANSWER, 0, None)


def test_challenge_hints_say_there_is_one_way_to_finish_and_never_count_the_board(session: Session) -> None:
    who = asker()
    asked.pentomino(session, who, TODAY)
    one, half, answer, done = hints(session, who, 4)
    assert one.text == "Hint 1 of 3: 2 pieces shown; there is exactly one way to finish."
    assert half.text == "Hint 2 of 3: 6 pieces shown; there is exactly one way to finish."
    assert answer.text == "The only way to finish the pentomino challenge of 2026-01-22."
    assert labels(answer) == ["I solved it", "Today's puzzle"]  # no other solution to show
    assert data(answer, "Today's puzzle") == button_data(Action.TODAY, CAL, TODAY)
    assert done.text == "The pentomino challenge has exactly one completion, and you have seen it."


def test_hints_speak_japanese(session: Session) -> None:
    who = asker(language="ja")
    asked.today(session, who, TODAY)
    one, _, answer, done = hints(session, who, 4)
    assert one.text == "ヒント 1/3：1ピースを表示。残りの解は78通り中28通り。"
    assert labels(one) == ["ヒント 2/3", "解けた！"] and photo_key(one).endswith(":stage1:ja")
    assert answer.text == "2026年1月22日(木)の答えです。78通りの解のうちの一つです。"
    assert labels(answer) == ["解けた！", "別の解", "ペントミノ・チャレンジ"]
    assert done.text == "2026年1月22日(木)の答えはもう表示しました。別の解を見ますか？"


def test_a_hint_button_of_another_puzzle_starts_that_one_at_hint_one(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY)
    hints(session, who, 2)
    stale = asked.next_hint(session, who, NOW, CAL, OTHER_DAY)
    assert stale.text.startswith("Hint 1 of 3: 1 piece shown") and "of 216 solutions" in stale.text
    assert progress(session, who) == Progress(CAL, OTHER_DAY, 1, 0, None)


def test_a_hint_button_of_the_current_puzzle_goes_on_from_the_users_stage(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY)
    hints(session, who, 1)
    assert asked.next_hint(session, who, NOW, CAL, TODAY).text.startswith("Hint 2 of 3")


def test_solution_jumps_to_the_answer(session: Session) -> None:
    who = asker()
    asked.pentomino(session, who, TODAY)
    answer = asked.solution(session, who, NOW)
    assert answer.text == "The only way to finish the pentomino challenge of 2026-01-22."
    assert photo_key(answer) == "pentomino:2026-01-22:stage3"
    assert progress(session, who) == Progress(PEN, TODAY, Stage.ANSWER, 0, None)


def test_without_an_open_puzzle_the_current_one_is_todays_calendar_in_the_chats_zone(
    session: Session,
) -> None:
    evening = NOW.replace(hour=20)  # 2026-01-23 05:00 in Tokyo
    answer = asked.solution(session, asker(timezone="Asia/Tokyo"), evening)
    assert answer.text == "The full answer (2026-01-23). One of 188 solutions."


def test_another_shows_the_solutions_after_the_featured_one_in_turn(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY)
    featured = daily_calendar(session, TODAY).featured  # an ordinal from 0

    def number(step: int) -> int:
        return (featured + step) % 78 + 1

    asked.solution(session, who, NOW)
    first, second = (asked.another(session, who, NOW) for _ in range(2))
    assert first.text == f"Solution {number(1)} of 78 for 2026-01-22."
    assert second.text == f"Solution {number(2)} of 78 for 2026-01-22."
    assert photo_key(first) == f"calendar:2026-01-22:solution{number(1) - 1}"
    assert labels(first) == ["I solved it", "Another solution", "Pentomino challenge"]
    assert data(first, "Another solution") == button_data(Action.ANOTHER, CAL, TODAY)
    assert progress(session, who) == Progress(CAL, TODAY, Stage.ANSWER, 2, None)


def test_every_answer_keeps_i_solved_it_the_challenge_and_the_board(session: Session) -> None:
    """/solution had no board button; 'Another solution' kept only itself."""
    who = asker()
    asked.today(session, who, TODAY)
    everything = ["I solved it", "Another solution", "Pentomino challenge", "Play on the board"]
    assert labels(asked.solution(session, who, NOW, WEB)) == everything
    assert labels(asked.another(session, who, NOW, web=WEB)) == everything
    assert url(asked.another(session, who, NOW, web=WEB), "Play on the board") == PLAY


def test_another_comes_round_to_the_featured_solution_after_all_the_others(session: Session) -> None:
    who = asker()
    asked.solution(session, who, NOW)
    stored = Progress(CAL, TODAY, Stage.ANSWER, 77)  # 77 others of the 78 already shown
    hint_progress.save_progress(session=session, chat_id=who.chat.id, user_id=who.player.id, progress=stored)
    featured = daily_calendar(session, TODAY).featured
    assert asked.another(session, who, NOW).text == f"Solution {featured + 1} of 78 for 2026-01-22."


def test_another_on_the_challenge_says_it_has_only_one_completion(session: Session) -> None:
    who = asker()
    asked.pentomino(session, who, TODAY)
    reply = asked.another(session, who, NOW)
    assert reply.text == "The pentomino challenge has exactly one completion, and you have seen it."
    assert reply.photo is None


def test_another_button_of_another_day_shows_that_days_solutions(session: Session) -> None:
    who = asker()
    asked.today(session, who, OTHER_DAY)
    asked.solution(session, who, NOW)
    asked.today(session, who, TODAY)
    reply = asked.another(session, who, NOW, OTHER_DAY)
    assert reply.text.endswith(" of 216 for 2026-01-25.")
    assert progress(session, who) == Progress(CAL, OTHER_DAY, Stage.ANSWER, 1, None)


# ---------------------------------------------------------------- groups and private chats


def test_in_a_group_the_puzzle_is_no_spoiler_but_hints_and_answers_are(session: Session) -> None:
    who = asker(group=True)
    assert not asked.today(session, who, TODAY).spoiler
    assert asked.next_hint(session, who, NOW).spoiler
    assert asked.solution(session, who, NOW).spoiler
    assert asked.another(session, who, NOW).spoiler
    assert not asked.next_hint(session, asker(), NOW).spoiler  # a private chat hides a hint not ...


def test_a_full_answer_is_a_spoiler_in_a_private_chat_too(session: Session) -> None:
    """... but the answer had no spoiler in private chats (a phone on the table, a shared screen)."""
    who = asker()
    asked.today(session, who, TODAY)
    assert asked.solution(session, who, NOW).spoiler
    assert asked.another(session, who, NOW).spoiler
    assert not asked.today(session, who, TODAY).spoiler


def test_show_the_answer_asks_once_on_the_message_it_was_pressed_on() -> None:
    """The last hint button spent the answer with one tap."""
    who = asker()
    reveal = encode_callback(Callback(Action.REVEAL, CAL, TODAY))
    pressed = (
        Button("Show the answer", reveal),
        Button("I solved it", button_data(Action.SOLVED, CAL, TODAY)),
    )
    asking = hinting.ask_before_answer(CAL, TODAY, pressed, who)
    assert asking.keyboard_only and asking.flash == asking.text and asking.toast is None
    assert asking.text == "The answer shows every piece and counts as all three hints. Sure?"
    assert labels(asking) == ["Yes, show the answer", "I solved it"]
    assert data(asking, "Yes, show the answer") == encode_callback(Callback(Action.HINT, CAL, TODAY, 3))
    elsewhere = hinting.ask_before_answer(CAL, TODAY, (), asker(group=True))  # another member's message
    assert labels(elsewhere) == ["Yes, show the answer", "I solved it"]


def test_another_before_the_answer_offers_the_next_hint(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY)
    asked.next_hint(session, who, NOW)
    reply = asked.another(session, who, NOW)
    assert reply.photo is None and reply.text.startswith("Other solutions come after the answer (2026-01-22)")
    assert labels(reply) == ["Hint 2 of 3", "I solved it"]
    assert asked.another(session, who, NOW).text == reply.text  # asked twice: still nothing spent
    assert labels(asked.next_hint(session, who, NOW)) == ["Show the answer", "I solved it"]
    assert labels(asked.another(session, who, NOW)) == ["Show the answer", "I solved it"]


def test_a_puzzle_opened_again_names_the_hint_a_typed_hint_shows_next(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY)
    asked.next_hint(session, who, NOW)
    assert labels(asked.today(session, who, TODAY))[0] == "Hint 2 of 3"


def test_a_groups_private_link_continues_at_the_stage_seen_in_the_group(session: Session) -> None:
    """Opened at stage 2 it showed "Hint 1 of 3", and the next /hint gave the whole answer."""
    member = asker(user_id=71, group=True)
    asked.today(session, member, TODAY)
    asked.next_hint(session, member, NOW)
    asked.next_hint(session, member, NOW)
    opened = asked.from_private_link(session, asker(user_id=71), f"cal_20260122_g{-GROUP}", WEB, GROUP)
    assert opened is not None and photo_key(opened) == "calendar:2026-01-22:stage2"
    assert "Hint 2 of 3" in opened.text and labels(opened)[:2] == ["Show the answer", "I solved it"]


def test_group_replies_offer_the_same_puzzle_in_a_private_chat(session: Session) -> None:
    who = asker(group=True)  # the links name the group too: -1001 is "g1001"
    assert asked.today(session, who, TODAY).private == "cal_20260122_g1001"
    assert asked.next_hint(session, who, NOW).private == "cal_20260122_g1001"
    assert asked.pentomino(session, who, TODAY).private == "pen_20260122_g1001"
    assert asked.today(session, asker(), TODAY).private is None


def test_hint_progress_is_kept_per_user_in_a_group(session: Session) -> None:
    ann, bob = asker(group=True, user_id=10), asker(group=True, user_id=11)
    asked.today(session, ann, TODAY)
    assert [r.text[:10] for r in hints(session, ann, 2)] == ["Hint 1 of ", "Hint 2 of "]
    assert asked.next_hint(session, bob, NOW).text.startswith("Hint 1 of 3")


def test_play_is_a_mini_app_in_private_chats_and_a_plain_link_in_groups(session: Session) -> None:
    private = asked.today(session, asker(), TODAY, WEB).buttons[-1]
    group = asked.today(session, asker(group=True), TODAY, WEB).buttons[-1]
    assert (private.label, private.url, private.web_app) == ("Play on the board", PLAY, True)
    assert (group.label, group.url, group.web_app) == ("Play on the board", PLAY, False)


def test_play_links_carry_the_position_and_face_up_mode_which_boards_ignore() -> None:
    target = CALENDAR.target("01-22")
    placed = [board_placements(CALENDAR)[0][0]]  # any piece: the link carries what is on the board
    code = code_of(CALENDAR, placed)
    assert WEB.play(CALENDAR, target, faceup=True) == f"{PLAY}?faceup=1"
    assert WEB.play(CALENDAR, target, placed, faceup=True) == f"{PLAY}?p={code}&faceup=1"
    board = CHALLENGE_BOARD.target(SINGLE_TARGET)
    assert WEB.play(CHALLENGE_BOARD, board, faceup=True) == f"{WEB.public_url}/play/pentomino-3x20/board"


@pytest.mark.parametrize(
    ("payload", "kind", "day", "group"),
    [
        ("cal_20260122", CAL, date(2026, 1, 22), None),  # made before links named their group
        ("pen_20240229", PEN, date(2024, 2, 29), None),
        ("cal_20260122_g5", CAL, date(2026, 1, 22), -5),  # a group
        ("pen_20260122_g1001234567890", PEN, date(2026, 1, 22), -1001234567890),  # a supergroup
    ],
)
def test_a_private_start_payload_names_a_daily_puzzle_and_its_group(
    payload: str, kind: PuzzleKind, day: date, group: int | None
) -> None:
    assert starts.private_start(kind, day, group) == payload
    assert starts.parse_private_start(payload) == starts.PrivateStart(kind, day, group)
    assert len(payload) <= 64 and set(payload) <= set(string.ascii_letters + string.digits + "_-")


@pytest.mark.parametrize(
    "payload",
    [
        "",
        "cal",
        "cal_2026012",
        "cal_202601222",
        "cal_2026o122",
        "day_20260122",
        "cal_20260230",
        "1_0_1AAA",
        "cal_20260122_",
        "cal_20260122_g",
        "cal_20260122_g0",
        "cal_20260122_g-5",
        "cal_20260122_x5",
        "cal_20260122_g5_g6",
        "cal_20260122_g1234567890123456789",  # longer than any chat id
    ],
)
def test_other_start_payloads_are_no_private_link(payload: str) -> None:
    assert starts.parse_private_start(payload) is None


def test_a_private_link_opens_that_puzzle_as_the_current_one(session: Session) -> None:
    who = asker(user_id=70)
    opened = asked.from_private_link(session, who, "cal_20260125", WEB)
    assert opened is not None and opened.text.startswith("2026-01-25: 216 solutions")
    assert "of 216 solutions" in asked.next_hint(session, who, NOW).text
    challenge = asked.from_private_link(session, who, "pen_20260122", None)
    assert challenge is not None and challenge.text.startswith("Pentomino challenge 2026-01-22")
    assert asked.from_private_link(session, who, "nonsense", WEB) is None


# ---------------------------------------------------------------- the daily post and face-up mode


def test_the_daily_post_is_the_calendar_puzzle_and_opens_it_for_no_one(session: Session) -> None:
    post = asked.daily_post(session, "ja", TODAY)
    assert post.text == "2026年1月22日(木)：解は78通り · 難易度 ★★★★☆（難しい）\n1月22日を空けてください。"
    assert labels(post) == ["ヒント 1/3", "解けた！", "ペントミノ・チャレンジ"] and photo_key(post).endswith(
        ":ja"
    )
    assert session.scalar(select(func.count()).select_from(HintProgressRow)) == 0


def test_a_face_up_daily_post_falls_back_to_the_usual_puzzle_and_says_so(session: Session) -> None:
    assert asked.daily_post(session, "en", TODAY, faceup=True).text.startswith("2026-01-22: 3 solutions")
    fallback = asked.daily_post(session, "en", NO_FACEUP_DAY, faceup=True)
    assert fallback.text.startswith(f"{NO_FACEUP_NOTE}\n2026-01-29: 74 solutions")
    assert photo_key(fallback) == "calendar:2026-01-29:stage0"  # the usual picture


def test_face_up_mode_counts_and_hints_only_the_face_up_solutions(session: Session) -> None:
    who = asker(faceup=True)
    puzzle = asked.today(session, who, TODAY, WEB)
    assert puzzle.text.startswith("2026-01-22: 3 solutions")
    assert photo_key(puzzle) == "calendar:2026-01-22:faceup:stage0"
    assert url(puzzle, "Play on the board") == f"{PLAY}?faceup=1"
    one = asked.next_hint(session, who, NOW)
    assert "all 3 solutions" in one.text and photo_key(one) == "calendar:2026-01-22:faceup:stage1"


def test_face_up_mode_without_face_up_solutions_gives_the_usual_hints_and_says_so(session: Session) -> None:
    who = asker(faceup=True)
    puzzle = asked.today(session, who, NO_FACEUP_DAY)
    assert puzzle.text.startswith(f"{NO_FACEUP_NOTE}\n2026-01-29: 74 solutions")
    assert "of 74 solutions" in asked.next_hint(session, who, NOW).text


def test_another_in_face_up_mode_goes_round_the_face_up_solutions(session: Session) -> None:
    who = asker(faceup=True)
    asked.today(session, who, TODAY)
    asked.solution(session, who, NOW)
    captions = [asked.another(session, who, NOW).text for _ in range(4)]
    assert {c.split(" of ")[0] for c in captions[:3]} == {"Solution 1", "Solution 2", "Solution 3"}
    assert captions[3] == captions[0]
    assert all(c.endswith(" of 3 for 2026-01-22 · face up.") for c in captions)
