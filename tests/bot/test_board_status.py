"""The words under a player's board in the bot: a broken rule is said in the chat's language."""

from __future__ import annotations

from bot.replies.boards import board_status
from hints.positions import COVERS_OPEN, NOT_A_SHAPE, PositionAnalysis, RuleProblem
from solver.puzzles import get_puzzle

CALENDAR = get_puzzle("calendar-dragonfjord")


def illegal(*problems: RuleProblem) -> PositionAnalysis:
    return PositionAnalysis(CALENDAR, CALENDAR.target("01-25"), (), None, problems, 0, 216, 216, 0, (), None)


def test_a_broken_rule_is_said_in_the_chat_language() -> None:
    over_jan = RuleProblem(COVERS_OPEN, "L", "01-25", (((0, 0), "Jan"),))
    bent = RuleProblem(NOT_A_SHAPE, "N", "01-25")
    english = board_status(illegal(over_jan, bent), "en")
    japanese = board_status(illegal(over_jan, bent), "ja")
    assert "piece L covers Jan, which 01-25 leaves open; the cells of piece N are not" in english
    assert (
        "ピース L が 1月 を覆っています（01-25 では空けておくマスです）; "
        "ピース N の形になっていません" in japanese
    )
    assert "leaves open" not in japanese and "Jan" not in japanese
