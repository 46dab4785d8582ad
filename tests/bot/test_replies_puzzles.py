"""What the chat sees at once while a target is worked out for the first time (a date's words for a
calendar, the puzzle alone for a board's one target), and what a message keeps of its buttons."""

from __future__ import annotations

from datetime import date

import pytest

from bot.replies.buttons import after_answer_buttons, lasting, still_kept
from bot.replies.puzzles import working_out
from bot.replies.record import share_button
from hints.catalog import get_puzzle
from hints.custom_puzzles import read
from hints.daily import PuzzleKind

BOX = "title: Three in a box\ntargets: board\npieces: pentominoes L P V\nboard:\n" + "# # # # #\n" * 3


def test_a_calendar_target_is_named_by_its_date() -> None:
    reply = working_out(get_puzzle("calendar-weekday"), "02-03-tue", 9.6, "en")
    assert reply.text == "Working out 3 Feb for Weekday calendar (Sunday first): about 10 s…"


@pytest.mark.parametrize(
    ("seconds", "language", "expected"),
    [
        (None, "en", "Working out Three in a box for the first time…"),
        (2.2, "en", "Working out Three in a box: about 2 s…"),
        (2.2, "ja", "Three in a boxを解いています（約2秒）…"),
    ],
)
def test_a_boards_one_target_is_named_by_the_puzzle_alone(
    seconds: float | None, language: str, expected: str
) -> None:
    """Before, a board's target ("board") was read as a date and the reply failed."""
    definition = read(BOX, "en")
    assert not isinstance(definition, list)
    assert working_out(definition.puzzle("u2345678.1"), "board", seconds, language).text == expected


def test_a_solves_share_button_stays_until_a_later_days_puzzle() -> None:
    """Before, a newer message took the Share button off the solve's answer at once."""
    day = date(2026, 1, 22)
    share = share_button("en", PuzzleKind.CALENDAR, day)
    report = lasting((share,))
    assert report.buttons == (share,) and report.day == day
    assert still_kept(report, lasting(after_answer_buttons("en", PuzzleKind.CALENDAR, day))) == (share,)
    tomorrow = lasting(after_answer_buttons("en", PuzzleKind.CALENDAR, date(2026, 1, 23)))
    assert still_kept(report, tomorrow) == ()
