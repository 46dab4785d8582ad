"""render.editions: every edition's name fits its tile on the sheet the bot sends."""

from __future__ import annotations

from bot.edition_names import edition_name
from hints.daily import calendar_editions
from render.editions import (
    LETTER_SIZE,
    MIN_TITLE_SIZE,
    PADDING,
    PIECE_CELL,
    SHEET_WIDTH,
    TILE_WIDTH,
    TITLE_SIZE,
    _title_size,
)
from render.fonts import text_width


def test_a_long_edition_name_is_drawn_smaller_so_it_fits_its_tile() -> None:
    room = TILE_WIDTH - 2 * PADDING
    names = [edition_name(p, language) for p in calendar_editions() for language in ("en", "ja")]
    sizes = {name: _title_size(name, room) for name in names}
    assert all(text_width(name, size) <= room for name, size in sizes.items())
    assert min(sizes.values()) >= MIN_TITLE_SIZE and max(sizes.values()) == TITLE_SIZE
    assert any(size < TITLE_SIZE for size in sizes.values())  # one name ("CreaMakerspace (hexomino)")


def test_the_pieces_and_their_letters_stay_readable_on_a_phone() -> None:
    """Telegram shows the sheet about 400 px wide: pieces in 11 px cells, letters 9 px high."""
    assert PIECE_CELL * 400 / SHEET_WIDTH >= 11 and LETTER_SIZE * 400 / SHEET_WIDTH >= 9
