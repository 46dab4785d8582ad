"""A person's month (render.solved_days) and the counts of the dates solved so far
(render.date_counts): sizes, colours sampled where the layout says, legible text on a phone."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from PIL import Image

from render import date_counts, solved_days
from render.canvas import Canvas
from render.date_counts import MAX_DATES, date_counts_layout, render_date_counts
from render.palette import BORDER, EMPTY, SOLVED_CLEAN, SOLVED_HINTED, scale_colour
from render.solved_days import WIDTH, render_solved_days, solved_days_layout
from render.words import date_label, solved_days_words, stored_dates_words

PHONE = 400  # px: about how wide Telegram shows a photo
LEGIBLE = 11  # px on the phone


def open_png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def pixel(image: Image.Image, point: tuple[int, int]) -> tuple[int, int, int]:
    value = image.getpixel(point)
    assert isinstance(value, tuple)
    return (value[0], value[1], value[2])


@pytest.fixture
def text_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The size of every text drawn while the test runs."""
    sizes: list[int] = []
    draw: Callable[..., None] = Canvas.text

    def recording(
        self: Canvas, xy: tuple[int, int], text: str, size: int, *rest: object, **kw: object
    ) -> None:
        sizes.append(size)
        draw(self, xy, text, size, *rest, **kw)

    monkeypatch.setattr(Canvas, "text", recording)
    yield sizes


# ---------------------------------------------------------------- the month


def test_solved_days_with_and_without_hints_differ_at_their_squares() -> None:
    solved = {1: 0, 2: 1, 5: 3, 20: 2, 22: 0}
    image = open_png(render_solved_days(2026, 1, solved, today=22))
    layout = solved_days_layout(2026, 1)
    assert image.size == (WIDTH, image.height) and image.height > layout.legend_top
    for day in (1, 22):
        assert pixel(image, layout.fill_point(day)) == SOLVED_CLEAN
    for day in (2, 5, 20):
        assert pixel(image, layout.fill_point(day)) == SOLVED_HINTED
    for day in (3, 21, 31):
        assert pixel(image, layout.fill_point(day)) == EMPTY
    assert SOLVED_CLEAN != SOLVED_HINTED


def test_january_2026_starts_on_a_thursday_and_has_five_weeks() -> None:
    layout = solved_days_layout(2026, 1)
    assert layout.weeks == 5 and layout.first_column == 3
    assert layout.cell_box(5)[0] == layout.cell_box(1)[0] - 3 * (
        layout.cell_box(2)[0] - layout.cell_box(1)[0]
    )
    assert solved_days_layout(2026, 3).weeks == 6  # 1 March 2026 is a Sunday
    assert solved_days_layout(2021, 2).weeks == 4  # 1 February 2021 was a Monday
    heights = [
        open_png(render_solved_days(year, month, {})).height
        for year, month in ((2021, 2), (2026, 1), (2026, 3))
    ]
    assert heights == sorted(set(heights))  # 4, 5 and 6 weeks


def test_today_is_framed_in_the_gap_around_its_square() -> None:
    image = open_png(render_solved_days(2026, 1, {22: 0}, today=22))
    layout = solved_days_layout(2026, 1)
    x0, y0, x1, y1 = layout.cell_box(22)
    middle = (y0 + y1) // 2
    assert pixel(image, (x0 - 2, middle)) == BORDER and pixel(image, (x1 + 2, middle)) == BORDER
    x0, y0, _, y1 = layout.cell_box(21)
    assert pixel(image, (x0 - 2, (y0 + y1) // 2)) != BORDER  # no other day is framed


def test_an_empty_month_draws_every_day_empty() -> None:
    image = open_png(render_solved_days(2026, 2, {}, today=1))
    layout = solved_days_layout(2026, 2)
    assert {pixel(image, layout.fill_point(day)) for day in range(1, 29)} == {EMPTY}
    assert render_solved_days(2026, 2, {}) == render_solved_days(2026, 2, {})  # deterministic


def test_every_text_is_legible_on_a_phone_in_both_languages(text_sizes: list[int]) -> None:
    for language in ("en", "ja"):
        words = solved_days_words(2026, 9, language)
        render_solved_days(2026, 9, {1: 0, 2: 3}, today=30, **vars(words))
    assert min(text_sizes) * PHONE / WIDTH >= LEGIBLE


def test_the_words_are_translated() -> None:
    english, japanese = solved_days_words(2026, 1, "en"), solved_days_words(2026, 1, "ja")
    assert (english.title, english.weekday_names[0]) == ("January 2026", "Mon")
    assert (japanese.title, japanese.weekday_names) == ("2026年1月", tuple("月火水木金土日"))
    assert japanese.clean == "ヒントなしで解いた"
    drawn = {render_solved_days(2026, 1, {1: 0}, **vars(w)) for w in (english, japanese)}
    assert len(drawn) == 2


@pytest.fixture
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text drawn while the test runs, in the order drawn."""
    texts: list[str] = []
    draw: Callable[..., None] = Canvas.text

    def recording(self: Canvas, xy: tuple[int, int], text: str, *rest: object, **kw: object) -> None:
        texts.append(text)
        draw(self, xy, text, *rest, **kw)

    monkeypatch.setattr(Canvas, "text", recording)
    yield texts


@pytest.mark.parametrize(
    ("language", "headings", "column_of_the_1st"),
    [
        ("ja", list("日月火水木金土"), 4),  # Japanese calendars start on Sunday; 1 January 2026 is a Thursday
        ("en", ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], 3),
    ],
)
def test_the_month_starts_its_weeks_where_the_languages_calendars_do(
    drawn_texts: list[str], language: str, headings: list[str], column_of_the_1st: int
) -> None:
    words = solved_days_words(2026, 1, language)
    image = open_png(render_solved_days(2026, 1, {1: 0}, today=22, **vars(words)))
    assert drawn_texts[2:9] == headings  # after the title and the subtitle
    layout = solved_days_layout(2026, 1, words.first_weekday)
    assert layout.first_column == column_of_the_1st
    assert pixel(image, layout.fill_point(1)) == SOLVED_CLEAN  # the 1st is drawn in that column
    assert layout.weeks == 5


def test_bad_days_and_weekday_names_are_refused() -> None:
    with pytest.raises(ValueError, match="not in 2026-02"):
        render_solved_days(2026, 2, {29: 0})
    with pytest.raises(ValueError, match="not in 2026-02"):
        render_solved_days(2026, 2, {}, today=30)
    with pytest.raises(ValueError, match="7 names"):
        render_solved_days(2026, 2, {}, weekday_names=("M", "T"))


# ---------------------------------------------------------------- the dates solved so far


def test_date_tiles_run_from_the_fewest_to_the_most() -> None:
    dates = [("Jan 20", 35), ("Jan 21", 216), ("Jan 22", 78)]
    image = open_png(render_date_counts(dates))
    layout = date_counts_layout(3)
    assert image.size == layout.size and layout.rows == 1
    assert pixel(image, layout.fill_point(0)) == scale_colour(0.0)
    assert pixel(image, layout.fill_point(1)) == scale_colour(1.0)
    assert pixel(image, layout.fill_point(2)) not in (scale_colour(0.0), scale_colour(1.0))


def test_date_tiles_wrap_six_a_row_up_to_their_limit(text_sizes: list[int]) -> None:
    words = stored_dates_words("ja")
    dates = [(date_label(12, 1 + n % 31, "ja"), 1000 + n) for n in range(MAX_DATES)]
    image = open_png(render_date_counts(dates, title="曜日カレンダー", subtitle=words.subtitle))
    assert image.size == date_counts_layout(MAX_DATES).size and date_counts_layout(MAX_DATES).rows == 12
    assert min(text_sizes) * PHONE / date_counts.WIDTH >= LEGIBLE
    with pytest.raises(ValueError, match="between 1 and"):
        render_date_counts([*dates, ("Dec 31", 5)])
    with pytest.raises(ValueError, match="between 1 and"):
        render_date_counts([])


def test_date_labels_are_translated() -> None:
    assert date_label(1, 22, "en") == "Jan 22"
    assert date_label(1, 22, "ja") == "1月22日"


def test_both_pictures_are_drawn_at_the_same_width() -> None:
    assert solved_days.WIDTH == date_counts.WIDTH == 800
