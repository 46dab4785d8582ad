"""Hint images and text from the real store, and the store-backed render CLI (its ``main``, in process)."""

from __future__ import annotations

import io
from datetime import date

from PIL import Image

from db.engine import make_engine, session_factory
from hints.daily import daily_calendar
from render import EMPTY, MARKED, board_layout, piece_colour
from render.fonts import cjk_font_file, printable
from render.hint import caption, hint_image, hint_text, stage_title
from render.images import name_cell
from render.words import board_labels
from solver.encoding import Placement
from solver.puzzles import get_puzzle
from solver.stages import Hint, Stage

DAY = date(2026, 1, 25)


def test_captions_count_what_remains() -> None:
    one = Hint(1, (Placement(0, ((0, 0),)),), 3, 47)
    assert caption(one) == "With this piece placed, 3 of the day's 47 solutions remain"
    two = Hint(2, (Placement(0, ((0, 0),)), Placement(1, ((0, 1),))), 1, 47)
    assert caption(two) == "With these 2 pieces placed, 1 of the day's 47 solutions remains"
    assert caption(Hint(3, (), 1, 47)) == "The full answer: one of the day's 47 solutions"
    assert caption(Hint(1, two.shown, 1, 9356), preplaced=1) == (
        "With 1 more piece placed: exactly one way to finish"  # never "1 of the board's 9356"
    )
    assert caption(Hint(3, two.shown, 1, 9356), preplaced=1) == "The only way to finish"
    assert caption(Hint(0, (), 47, 47)).startswith("47 solutions on this date")


def test_a_piece_every_solution_shares_is_said_so() -> None:
    """A weekday date's first hint read "720 of the day's 720 solutions remain"."""
    common = Hint(1, (Placement(0, ((0, 0),)),), 720, 720)
    assert caption(common) == "Every solution of the day has this piece here"


def test_each_calendar_stage_image_shows_exactly_its_pieces(sample_url: str) -> None:
    with session_factory(make_engine(sample_url))() as session:
        daily = daily_calendar(session, DAY)
        stages = daily_calendar(session, DAY).hints
    layout = board_layout(daily.puzzle)
    for hint in stages:
        png = hint_image(daily.puzzle, hint, heading=DAY.isoformat(), marked=daily.target.uncovered)
        image = Image.open(io.BytesIO(png)).convert("RGB")
        owner = {cell: p.piece for p in hint.shown for cell in p.cells}
        badges = {name_cell(layout, p) for p in hint.shown}  # each piece's name badge covers its cell
        for cell in set(daily.puzzle.cells) - badges:
            colour = image.getpixel(layout.fill_point(cell))
            if cell in owner:
                assert colour == piece_colour(owner[cell])
            elif cell in daily.target.uncovered:
                assert colour == MARKED
            else:
                assert colour == EMPTY
        text = hint_text(daily.puzzle, hint, heading=DAY.isoformat(), marked=daily.target.uncovered)
        assert caption(hint) in text and "[Jan]" in text and "[25]" in text


def test_a_stage_marks_the_pieces_it_adds_and_names_every_piece(sample_url: str) -> None:
    """Before, stage 2 drew its four pieces alike: which one was new, and which letter is which,
    could not be told (or read aloud)."""
    from render.images import badge_radius
    from solver.stages import Stage

    with session_factory(make_engine(sample_url))() as session:
        daily = daily_calendar(session, DAY)
    before, shown = daily.stages[Stage.ONE_PIECE].shown, daily.stages[Stage.HALF].shown
    image = Image.open(io.BytesIO(daily.image(Stage.HALF))).convert("RGB")
    layout = board_layout(daily.puzzle)
    for placement in shown:
        fill = piece_colour(placement.piece)
        badge_cell = name_cell(layout, placement)
        plain = image.getpixel(layout.fill_point(next(c for c in placement.cells if c != badge_cell)))
        if placement in before:
            assert plain == fill  # shown by the previous stage: drawn as usual
        else:
            assert plain != fill and sum(plain) > sum(fill)  # new in this stage: drawn lighter
        cx, cy = layout.centre(badge_cell)
        badge = image.getpixel((cx - badge_radius(layout, badge_cell) + 5, cy))
        assert badge != plain and sum(badge) > sum(fill)  # a light badge with the name on the name cell
    assert any(p not in before for p in shown)  # stage 2 adds pieces
    stage_one = Image.open(io.BytesIO(daily.image(Stage.ONE_PIECE))).convert("RGB")
    (first,) = before
    first_plain = next(c for c in first.cells if c != name_cell(layout, first))
    assert stage_one.getpixel(layout.fill_point(first_plain)) != piece_colour(first.piece)  # new in stage 1


def test_captions_are_translated_with_each_languages_plurals() -> None:
    one = Hint(1, (Placement(0, ((0, 0),)),), 3, 47)
    assert caption(one, language="ja") == "このピースを置くと、この日の47通りの解のうち3通りが残ります"
    two = Hint(1, (*one.shown, Placement(1, ((0, 1),))), 1, 9356)
    assert caption(two, preplaced=1, language="ja") == ("さらに1ピース置くと、完成させる方法はただ一つ")
    assert stage_title(Stage.ANSWER, "ja") == "答え" and stage_title(Stage.ANSWER) == "The answer"
    three = Hint(2, (*one.shown, Placement(1, ((0, 1),)), Placement(2, ((0, 2),))), 2, 47)
    assert caption(three, preplaced=1) == "With 2 more pieces placed: exactly one way to finish"


def test_japanese_images_draw_japanese_words_with_a_japanese_face() -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    target = puzzle.target("01-25")
    hint = Hint(Stage.PUZZLE, (), 64, 64)
    english = hint_image(puzzle, hint, heading="2026-01-25", marked=target.uncovered)
    japanese = hint_image(puzzle, hint, heading="2026-01-25", marked=target.uncovered, language="ja")
    assert english != japanese
    assert cjk_font_file() is not None, "make install puts fonts-ipaexfont-gothic on the machine"
    words = [caption(hint, language="ja"), *board_labels(puzzle, "ja").values()]
    assert "?" not in "".join(printable(word, 20) for word in words)  # every glyph drawable
    layout = board_layout(puzzle)
    january = next(cell for cell, label in puzzle.labels.items() if label == "Jan")
    box = _cell_box(layout, january)
    crop_en = Image.open(io.BytesIO(english)).convert("RGB").crop(box)
    crop_ja = Image.open(io.BytesIO(japanese)).convert("RGB").crop(box)
    assert crop_en.tobytes() != crop_ja.tobytes()  # "1月" where English has "Jan"


def _cell_box(layout, cell) -> tuple[int, int, int, int]:  # type: ignore[no-untyped-def]
    xs = [x for x, _ in layout.polygons[cell]]
    ys = [y for _, y in layout.polygons[cell]]
    return (min(xs) + 4, min(ys) + 4, max(xs) - 4, max(ys) - 4)
