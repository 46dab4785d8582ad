"""What the chat sees at once while a target is worked out for the first time: a date's words for a
calendar, the puzzle alone for a board's one target (a person's own box)."""

from __future__ import annotations

import pytest

from bot.replies.puzzles import working_out
from hints.catalog import get_puzzle
from hints.custom_puzzles import read

BOX = "title: Three in a box\ntargets: board\npieces: pentominoes L P V\nboard:\n" + "# # # # #\n" * 3


def test_a_calendar_target_is_named_by_its_date() -> None:
    reply = working_out(get_puzzle("calendar-weekday"), "02-03-tue", 9.6, "en")
    assert (
        reply.text
        == "Working out 3 Feb for Weekday calendar puzzle, Sunday first (common edition): about 10 s…"
    )


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
