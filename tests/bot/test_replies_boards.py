"""The user's own board in the chat, built directly by :mod:`bot.replies`: deep links from the web
board, /check, hints from a saved board (one piece, half, all) and the way back to the day's hints.

Boards are made from the sample store's solutions of TODAY's calendar (01-22, 78 solutions, no
symmetry) and of TODAY's challenge board (pentomino-3x20, 2 solutions up to symmetry).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy.orm import Session

from bot.callbacks import Action, Callback, encode_board_callback, encode_callback
from bot.handlers import setup as setup_handlers
from bot.replies.boards import copy_your_board
from db import positions_repository
from hints.daily import PuzzleKind
from hints.deeplink import board_key, encode_link
from hints.saved import latest_board, saved_board
from solver.catalog import SINGLE_TARGET, Puzzle, Target
from solver.encoding import Placement
from tests.support import asked
from tests.support.replies import (
    CALENDAR,
    CHALLENGE_BOARD,
    NOW,
    OTHER_DAY,
    TODAY,
    WEB,
    a_solution,
    asker,
    code_of,
    current,
    data,
    labels,
    off_every_solution,
    open_session,
    over_an_open_cell,
    photo_key,
    piece_name,
    save,
    url,
)

CAL, PEN = PuzzleKind.CALENDAR, PuzzleKind.PENTOMINO
JAN_22 = CALENDAR.target("01-22")
JAN_25 = CALENDAR.target(f"{OTHER_DAY:%m-%d}")
BOARD = CHALLENGE_BOARD.target(SINGLE_TARGET)
STATUS = "Your board (A-Puzzle-A-Day calendar (DragonFjord), 01-22):"
BACK = "The day's hints instead"


@pytest.fixture
def session(sample_url: str) -> Iterator[Session]:
    with open_session(sample_url) as session:
        yield session


def link(puzzle: Puzzle, target: Target, placements: list[Placement]) -> str:
    """The /start payload the web board makes for a board."""
    return encode_link(puzzle, target, code_of(puzzle, placements))


def one_piece(session: Session) -> list[Placement]:
    """One piece of a solution of 01-22: 6 of its 78 solutions go on from there."""
    return a_solution(session, CALENDAR, JAN_22)[:1]


def board_button(puzzle: Puzzle, target: Target) -> str:
    return encode_board_callback(board_key(puzzle, target))


# ---------------------------------------------------------------- deep links and /check


def test_check_without_a_board_says_how_to_make_one(session: Session) -> None:
    assert asked.check(session, asker(), NOW).text.startswith("You have no saved board yet.")
    assert asked.check(session, asker(language="ja"), NOW).text.startswith("保存されたボードはまだありません")


def test_a_deep_link_saves_the_board_and_says_how_many_solutions_are_left(session: Session) -> None:
    who, placed = asker(), one_piece(session)
    reply = asked.load_board(session, who, NOW, link(CALENDAR, JAN_22, placed), WEB)
    assert reply.text == f"{STATUS} 1 placed. 6 of 78 solutions remain."
    assert labels(reply) == ["Hint from my board", "Play on the board"] and reply.photo is None
    assert data(reply, "Hint from my board") == board_button(CALENDAR, JAN_22)
    code = code_of(CALENDAR, placed)
    assert url(reply, "Play on the board") == f"{WEB.public_url}/play/calendar-dragonfjord/01-22?p={code}"
    saved = saved_board(session, who.player.id, CALENDAR, JAN_22)
    assert saved is not None and (saved.code, saved.active, saved.stage) == (code, True, 0)


def test_a_deep_link_to_todays_puzzle_makes_it_the_current_one(session: Session) -> None:
    who = asker()
    asked.today(session, who, OTHER_DAY)
    asked.load_board(session, who, NOW, link(CALENDAR, JAN_22, one_piece(session)))
    assert current(session, who) == (CAL, TODAY, 0)
    other = asker(user_id=2)
    asked.load_board(session, other, NOW, link(CALENDAR, JAN_25, a_solution(session, CALENDAR, JAN_25)[:2]))
    assert current(session, other) is None  # not a puzzle of today: nothing opened


@pytest.mark.parametrize(
    "payload", ["nonsense", "99_0_1AAAAAAAAAA", "0_0_1AAAA", "3_1_zzzzzzzzzzz", "²_0_1AAAAAAAAAA"]
)
def test_links_that_name_no_board_save_nothing_and_leave_the_greeting_to_start(
    session: Session, payload: str
) -> None:
    """A referral or an old link is no board: /start greets as if it had no payload."""
    started = setup_handlers.start(session, asker(), NOW, payload, None)
    assert started == setup_handlers.Started()  # a private chat never set up: the onboarding follows
    assert latest_board(session, 1) is None


def test_a_dead_end_board_says_what_to_take_off_and_still_offers_a_hint(session: Session) -> None:
    dead = off_every_solution(session, CALENDAR, JAN_22)
    reply = asked.load_board(session, asker(), NOW, link(CALENDAR, JAN_22, [dead]))
    assert reply.text == f"{STATUS} 1 placed. Dead end: take off {piece_name(CALENDAR, dead)} to go on."
    assert labels(reply) == ["Hint from my board"]


def test_a_solved_board_says_which_solution_it_is_and_offers_no_hint(session: Session) -> None:
    reply = asked.load_board(
        session, asker(), NOW, link(CALENDAR, JAN_22, a_solution(session, CALENDAR, JAN_22))
    )
    assert reply.text == f"{STATUS} 8 placed. Solved! This is solution 1 of 78."
    assert labels(reply) == []


def test_a_board_that_breaks_a_rule_names_the_rule_and_offers_no_hint(session: Session) -> None:
    wrong = over_an_open_cell(CALENDAR, JAN_22)
    reply = asked.load_board(session, asker(), NOW, link(CALENDAR, JAN_22, [wrong]), WEB)
    name = piece_name(CALENDAR, wrong)
    rule = f"piece {name} covers Jan, which 01-22 leaves open"
    assert reply.text == f"{STATUS} 1 placed. This board breaks a rule: {rule}"
    assert labels(reply) == ["Play on the board"]


def test_boards_with_symmetries_count_distinct_solutions_and_say_so(session: Session) -> None:
    one = a_solution(session, CHALLENGE_BOARD, BOARD)[:1]
    english = asked.load_board(session, asker(), NOW, link(CHALLENGE_BOARD, BOARD, one))
    assert english.text == (
        "Your board (Pentominoes 3 × 20, board): 1 placed. 1 of 2 solutions remains"
        " (distinct solutions, up to rotation and reflection)."
    )
    japanese = asked.load_board(
        session, asker(user_id=2, language="ja"), NOW, link(CHALLENGE_BOARD, BOARD, one)
    )
    assert japanese.text == (
        "あなたのボード（ペントミノ 3 × 20・board）：1個を配置済み。残りの解は2通り中1通り"
        "（回転・裏返しで重なるものを同じとみなした解の数）。"
    )
    assert current(session, asker()) == (PEN, TODAY, 0)  # today's challenge opened


def test_check_reports_the_current_puzzles_board_else_the_latest_saved(session: Session) -> None:
    who = asker()
    save(session, who, CALENDAR, JAN_22, one_piece(session))
    save(
        session, who, CALENDAR, JAN_25, a_solution(session, CALENDAR, JAN_25)[:1], NOW + timedelta(minutes=1)
    )
    asked.today(session, who, TODAY)
    assert asked.check(session, who, NOW).text == f"{STATUS} 1 placed. 6 of 78 solutions remain."
    asked.today(session, who, TODAY - timedelta(days=1))  # no board saved for 01-21
    assert asked.check(session, who, NOW).text.startswith(
        "Your board (A-Puzzle-A-Day calendar (DragonFjord), 01-25): 1 placed."
    )


# ---------------------------------------------------------------- hints from the saved board


def test_hints_from_a_saved_board_add_one_piece_then_half_then_all(session: Session) -> None:
    who = asker()
    code = save(session, who, CALENDAR, JAN_22, a_solution(session, CALENDAR, JAN_22)[:3])
    asked.today(session, who, TODAY)
    one, half, answer = (asked.next_hint(session, who, NOW) for _ in range(3))
    assert one.text == "From your board, hint 1 of 3: add P. 1 of 78 solutions remains."
    assert half.text == "From your board, hint 2 of 3: add P, U and V. 1 of 78 solutions remains."
    assert answer.text == "From your board, hint 3 of 3: add P, U, V, Y and Z. 1 of 78 solutions remains."
    keys = [f"board:calendar-dragonfjord:01-22:{code}:stage{n}" for n in (1, 2, 3)]
    assert [photo_key(r) for r in (one, half, answer)] == keys
    assert current(session, who) == (CAL, TODAY, 0)  # the day's own ladder untouched


def test_board_hints_offer_the_next_and_the_days_hints_until_the_answer(session: Session) -> None:
    who = asker()
    save(session, who, CALENDAR, JAN_22, one_piece(session))
    one, _, answer, again = (asked.next_hint(session, who, NOW) for _ in range(4))
    assert labels(one) == ["Next hint", BACK]
    assert data(one, "Next hint") == board_button(CALENDAR, JAN_22)
    assert data(one, BACK) == encode_callback(Callback(Action.FEATURED, CAL, TODAY))
    assert labels(answer) == [BACK]
    assert again.text == answer.text  # stays at the answer
    saved = saved_board(session, who.player.id, CALENDAR, JAN_22)
    assert saved is not None and saved.stage == 3


def test_a_dead_end_board_hint_says_what_to_take_off_first(session: Session) -> None:
    who = asker()
    dead = off_every_solution(session, CALENDAR, JAN_22)
    save(session, who, CALENDAR, JAN_22, [dead])
    reply = asked.next_hint(session, who, NOW)
    name = piece_name(CALENDAR, dead)
    assert reply.text.startswith(
        f"Your board is a dead end: take off {name} first. From your board, hint 1 of 3"
    )


def test_a_piece_taken_off_and_put_back_elsewhere_is_moved_not_taken_off_and_added(session: Session) -> None:
    """The answer from a dead end puts the wrong piece elsewhere: "move V", not "take off V … add V"."""
    who = asker()
    dead = off_every_solution(session, CALENDAR, JAN_22)
    save(session, who, CALENDAR, JAN_22, [dead])
    answer = [asked.next_hint(session, who, NOW) for _ in range(3)][-1]
    name = piece_name(CALENDAR, dead)
    assert answer.text.startswith(f"From your board, hint 3 of 3: move {name} and add ")
    assert f"take off {name}" not in answer.text


def test_a_complete_board_has_nothing_left_to_hint(session: Session) -> None:
    who = asker()
    save(session, who, CALENDAR, JAN_22, a_solution(session, CALENDAR, JAN_22))
    reply = asked.next_hint(session, who, NOW)
    assert reply.text == "Your board is complete: nothing left to hint."
    assert labels(reply) == [BACK]  # no next hint


def test_an_illegal_saved_board_gets_its_status_instead_of_a_hint(session: Session) -> None:
    who = asker()
    save(session, who, CALENDAR, JAN_22, [over_an_open_cell(CALENDAR, JAN_22)])
    reply = asked.next_hint(session, who, NOW, web=WEB)
    assert reply.text.startswith(f"{STATUS} 1 placed. This board breaks a rule:")
    assert reply.photo is None and labels(reply) == ["Play on the board"]
    saved = saved_board(session, who.player.id, CALENDAR, JAN_22)
    assert saved is not None and saved.stage == 0


def test_the_days_hints_instead_leaves_the_board_for_the_featured_ladder(session: Session) -> None:
    who = asker()
    save(session, who, CALENDAR, JAN_22, one_piece(session))
    asked.next_hint(session, who, NOW)
    featured = asked.featured_hint(session, who, NOW, CAL, TODAY)
    assert featured.text == "Hint 1 of 3: 1 piece shown, 28 of 78 solutions remain."
    assert asked.next_hint(session, who, NOW).text.startswith("Hint 2 of 3: 4 pieces shown")
    saved = saved_board(session, who.player.id, CALENDAR, JAN_22)
    assert saved is not None and not saved.active


def test_hint_from_my_board_goes_back_to_the_board_where_it_was(session: Session) -> None:
    who = asker()
    save(session, who, CALENDAR, JAN_22, one_piece(session))
    asked.next_hint(session, who, NOW)
    asked.featured_hint(session, who, NOW, CAL, TODAY)
    back = asked.board_hint_by_key(session, who, NOW, board_key(CALENDAR, JAN_22))
    assert back.text.startswith("From your board, hint 2 of 3")
    saved = saved_board(session, who.player.id, CALENDAR, JAN_22)
    assert saved is not None and saved.active


def test_hint_from_my_board_without_a_board_says_there_is_none(session: Session) -> None:
    reply = asked.board_hint_by_key(session, asker(), NOW, board_key(CALENDAR, JAN_22))
    assert reply.text.startswith("You have no saved board yet.") and reply.photo is None


@pytest.mark.parametrize("key", ["0_abc", "99_1", "²_0", "0_9999", ""])
def test_a_forged_or_stale_board_button_is_no_longer_valid(session: Session, key: str) -> None:
    assert asked.board_hint_by_key(session, asker(), NOW, key).text.startswith(
        "This button is no longer valid"
    )
    assert latest_board(session, 1) is None


def test_only_a_board_of_a_puzzle_of_today_offers_the_days_hints(session: Session) -> None:
    who = asker()
    save(session, who, CALENDAR, JAN_25, a_solution(session, CALENDAR, JAN_25)[:2])
    assert BACK not in labels(asked.board_hint_by_key(session, who, NOW, board_key(CALENDAR, JAN_25)))
    save(session, who, CHALLENGE_BOARD, BOARD, a_solution(session, CHALLENGE_BOARD, BOARD)[:1])
    challenge = asked.board_hint_by_key(session, who, NOW, board_key(CHALLENGE_BOARD, BOARD))
    assert data(challenge, BACK) == encode_callback(Callback(Action.FEATURED, PEN, TODAY))


def test_board_hints_count_distinct_solutions_on_boards_with_symmetries(session: Session) -> None:
    who = asker()
    save(session, who, CHALLENGE_BOARD, BOARD, a_solution(session, CHALLENGE_BOARD, BOARD)[:1])
    reply = asked.board_hint_by_key(session, who, NOW, board_key(CHALLENGE_BOARD, BOARD))
    assert reply.text == (
        "From your board, hint 1 of 3: add I. 1 of 2 solutions remains"
        " (distinct solutions, up to rotation and reflection)."
    )


def test_board_hints_speak_japanese_and_draw_a_japanese_picture(session: Session) -> None:
    who = asker(language="ja")
    save(session, who, CALENDAR, JAN_22, a_solution(session, CALENDAR, JAN_22)[:3])
    reply = asked.board_hint_by_key(session, who, NOW, board_key(CALENDAR, JAN_22))
    assert reply.text == "あなたのボードから・ヒント 1/3：P を置く。残りの解は78通り中1通り。"
    assert labels(reply) == ["次のヒント", "今日のヒントに戻る"]
    assert reply.photo is not None and reply.photo.key.endswith(":stage1:ja")
    assert reply.photo.draw().startswith(b"\x89PNG\r\n\x1a\n")


def test_board_hints_are_spoilers_in_a_group_with_a_plain_play_link(session: Session) -> None:
    who = asker(group=True)
    save(session, who, CALENDAR, JAN_22, one_piece(session))
    reply = asked.board_hint_by_key(session, who, NOW, board_key(CALENDAR, JAN_22), WEB)
    assert reply.spoiler
    assert [b.web_app for b in reply.buttons if b.label == "Play on the board"] == [False]


# ---------------------------------------------------------------- boards of an older puzzle version

OUTDATED = "This board was saved for an older version of the puzzle, so I cannot read it any more."


def outdated_code(puzzle: Puzzle) -> str:
    """A code of the right shape whose layout tag is not the puzzle's (a piece redrawn since)."""
    code = code_of(puzzle, [])
    return code[0] + ("AAA" if code[1:4] != "AAA" else "BBB") + code[4:]


def test_a_link_or_saved_board_of_an_older_puzzle_version_says_so(session: Session) -> None:
    who = asker()
    payload = encode_link(CALENDAR, JAN_22, outdated_code(CALENDAR))
    assert asked.load_board(session, who, NOW, payload).text.startswith(OUTDATED)
    assert latest_board(session, who.player.id) is None  # nothing saved
    positions_repository.save(
        session=session,
        user_id=who.player.id,
        puzzle_id=CALENDAR.id,
        target=JAN_22.name,
        code=outdated_code(CALENDAR),
        now=NOW,
    )  # saved before the puzzle changed
    asked.today(session, who, TODAY)
    assert asked.check(session, who, NOW).text.startswith(OUTDATED)
    assert asked.board_hint_by_key(session, who, NOW, board_key(CALENDAR, JAN_22)).text.startswith(OUTDATED)


def test_a_photo_is_answered_with_how_to_copy_the_board_onto_the_web_board() -> None:
    """Before, a photo of a board ("what next?") got "I answer commands only"."""
    who = asker(edition="calendar-weekday")
    reply = copy_your_board(who, TODAY, WEB)
    assert reply.text.startswith("I can't read a board from a photo, but I can hint from yours")
    (play,) = reply.buttons
    assert play.label == "Play on the board" and play.web_app  # the Mini App, which saves the board
    assert play.url == WEB.public_url + "/play/calendar-weekday/" + TODAY.strftime("%m-%d") + "-thu"
    japanese = copy_your_board(asker(language="ja"), TODAY, None)
    assert japanese.buttons == () and japanese.text.startswith("写真から盤面は読み取れません")
