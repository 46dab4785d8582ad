"""hints.pictures: one key per picture, the same for the bot's file ids and the API's payloads."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from db.pruning import dated_key_day
from hints import pictures
from hints.daily import PuzzleKind, Variant, daily_calendar, daily_puzzle, stage_key
from hints.pictures import picture_key
from solver.puzzles import get_puzzle
from solver.stages import Stage

DAY = date(2026, 1, 22)
PNG = b"\x89PNG\r\n\x1a\n"


def test_a_key_says_its_kind_then_its_day_then_what_else_it_depends_on() -> None:
    assert picture_key("calendar", "stage1", day=DAY) == "calendar:2026-01-22:stage1"
    assert (
        picture_key("calendar", "faceup", "stage1", day=DAY, language="ja")
        == "calendar:2026-01-22:faceup:stage1:ja"
    )
    assert picture_key("edition-sheet", "a|b") == "edition-sheet:a|b"


def test_the_store_prunes_a_dated_key_by_its_day_and_keeps_an_undated_one() -> None:
    """db.pruning reads the day where picture_key puts it, the calendar's editions included."""
    edition = stage_key(PuzzleKind.CALENDAR, DAY, Variant("calendar-jarringwords", True), Stage.HALF, "ja")
    assert dated_key_day(edition) == DAY
    assert dated_key_day(picture_key("board", "calendar-dragonfjord", "01-22", "1AAA", "stage2")) is None


def test_every_daily_picture_that_differs_has_its_own_key(session: Session) -> None:
    """The bot uploads each key once and re-sends its file id: two pictures must never share one."""
    daily = daily_calendar(session, DAY)
    keys = [
        daily.picture(Stage.PUZZLE).key,
        daily.picture(Stage.PUZZLE, "ja").key,
        daily.picture(Stage.ONE_PIECE).key,
        daily_calendar(session, DAY, faceup=True).picture(Stage.PUZZLE).key,
        daily_calendar(session, date(2026, 1, 25)).picture(Stage.PUZZLE).key,
        daily_puzzle(session, PuzzleKind.PENTOMINO, DAY).picture(Stage.PUZZLE).key,
        daily.solution_picture(1, daily.stages[Stage.ANSWER]).key,
    ]
    assert len(set(keys)) == len(keys)
    assert daily_calendar(session, DAY).picture(Stage.PUZZLE).key == keys[0]


def test_a_stage_picture_is_named_as_the_api_names_its_payload(session: Session) -> None:
    """The API keys a stage's PNG by stage_key before it builds the day: the same name."""
    daily = daily_calendar(session, DAY, faceup=True)
    picture = daily.picture(Stage.HALF, "ja")
    variant = Variant("calendar-dragonfjord", True)
    assert picture.key == stage_key(PuzzleKind.CALENDAR, DAY, variant, Stage.HALF, "ja")
    assert picture.draw().startswith(PNG)


def test_drawn_from_data_a_picture_changes_its_key_with_the_data() -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    one = pictures.heatmap(puzzle, {"01-22": 35}, "Solutions per date", "en")
    other = pictures.heatmap(puzzle, {"01-22": 36}, "Solutions per date", "en")
    assert one.key != other.key and one.key.startswith("heatmap:calendar-dragonfjord:")
    assert one.draw().startswith(PNG)
