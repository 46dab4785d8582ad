"""The playable board, ``/play/{puzzle_id}/{target}?p=CODE``: a page with the puzzle's data inline.

The server draws the board (one SVG polygon per cell, from the lattice's cell
corners) and the piece tray (:mod:`api.web.board_page`), and embeds everything the
script needs as ``<script type="application/json" id="board-data">`` (data, not
code, so the page keeps its ``script-src 'self'`` policy), :func:`board_data`:

- the board cells with their labels and polygons, in SVG units (one cell side =
  :data:`api.web.board_shapes.SIDE`);
- per piece its name, colours (:func:`render.palette.piece_colour`, as in the images) and
  its :class:`~api.web.board_shapes.OrientationTable`: every orientation, the one a rotation
  step and a flip lead to, and the *anchor* cell that a tap or a drop puts on the chosen board cell;
- the target's open cells, the position the code names, and the URLs of the API.

The words the script writes come separately, translated into the page's language
(``<script type="application/json" id="strings">``, :mod:`api.web.board_words`).
The board's script (ES modules under ``/static/board/``, entry ``main.js``) does the rest
(placing, analysing through the position API, hints); its ``telegram.js`` lets the same page run
as a Telegram Mini App.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cachetools import LRUCache, cached

from api.web.board_shapes import board_piece_colour, centre, hex_colour, orientation_table, polygon
from api.web.language import PageLanguage
from hints import links
from hints.catalog import Placement, Puzzle, Target
from hints.game import record_kind
from hints.words import DARK_EMPTY, EMPTY, board_label, dark_piece_colour, mix, puzzle_title

LIGHTER = 0.55  # hint pieces: this far from the piece's colour towards white
TELEGRAM = "https://t.me"
STATIC_PUZZLES = 64  # puzzles (and languages) whose static board data is kept: the catalog, twice over


@dataclass(frozen=True)
class BoardView:
    """One page: a puzzle, a target, the position a code names (validated) and that code."""

    puzzle: Puzzle
    target: Target
    placements: tuple[Placement, ...]
    code: str
    telegram_bot: str | None = None  # the bot's username, for "Continue in Telegram"
    telegram_payload_prefix: str | None = None  # "<puzzle>_<target>_" of the /start payload
    faceup: bool = False  # face-up mode: no flip, counts and hints among face-up solutions
    language: PageLanguage = field(default_factory=PageLanguage)  # of the page and of its hints
    challenge_url: str | None = None  # the day's pentomino challenge, offered once a calendar is solved
    fixed: str = ""  # placed pieces that stay where they are, comma-separated (the challenge's pre-placed)
    stars: str | None = None  # a calendar target's difficulty (★★★☆☆) for the share text, when known

    def url(self, language: PageLanguage | None = None) -> str:
        """This board with its position, in face-up mode or not, in ``language`` (the page's)."""
        lang = (language or self.language).param
        return links.play(
            self.puzzle.id, self.target.name, self.code, faceup=self.faceup, lang=lang, fixed=self.fixed
        )

    def telegram_start(self) -> str | None:
        """The bot's chat opening this board (without its position), when the page knows the bot."""
        if not self.telegram_bot or self.telegram_payload_prefix is None:
            return None
        return f"{TELEGRAM}/{self.telegram_bot}?start={self.telegram_payload_prefix}"


def _static_key(puzzle: Puzzle, *rest: object) -> tuple[object, ...]:
    return (puzzle.id, puzzle.fingerprint, *rest)


@cached(LRUCache(maxsize=STATIC_PUZZLES), key=_static_key)
def _pieces_data(puzzle: Puzzle) -> tuple[dict[str, Any], ...]:
    """Every piece's colours and orientation tables: the same for every page of ``puzzle``, so
    worked out once (about half of a board page's rendering); never mutated by a caller."""
    return tuple(_piece_data(puzzle, i) for i in range(len(puzzle.pieces)))


@cached(LRUCache(maxsize=STATIC_PUZZLES), key=_static_key)
def _cells_data(puzzle: Puzzle, language_code: str) -> tuple[dict[str, Any], ...]:
    """Every cell of the board with its corners and its label as ``language_code`` shows it."""
    cells = []
    for cell in puzzle.cells:
        points = polygon(puzzle.lattice, cell)
        label = puzzle.labels.get(cell)
        name = board_label(label, language_code) if label else None  # as the board shows it
        cells.append(
            {"cell": list(cell), "label": label, "name": name, "points": points, "centre": centre(points)}
        )
    return tuple(cells)


def _piece_data(puzzle: Puzzle, index: int) -> dict[str, Any]:
    piece = puzzle.pieces[index]
    table = orientation_table(puzzle.lattice, piece)
    colour = board_piece_colour(index)
    return {
        "name": piece.name,
        "colour": hex_colour(colour),
        "light": hex_colour(mix(colour, EMPTY, LIGHTER)),
        "dark": hex_colour(dark_piece_colour(index)),  # in dark mode
        "darkLight": hex_colour(mix(dark_piece_colour(index), DARK_EMPTY, LIGHTER)),
        "orientations": [
            {
                "cells": [list(cell) for cell in shape],
                "points": [polygon(puzzle.lattice, cell) for cell in shape],
                "rotate": table.rotate[i],
                "flip": table.flip[i],
                "anchors": list(table.anchors[i]),
            }
            for i, shape in enumerate(table.shapes)
        ],
    }


def board_data(view: BoardView) -> dict[str, Any]:
    """Everything the board's script needs, as JSON-ready data."""
    puzzle, target = view.puzzle, view.target
    return {
        "puzzle": puzzle.id,
        "title": puzzle_title(puzzle, view.language.code),
        "target": target.name,
        "lattice": puzzle.lattice.name,
        "cells": _cells_data(puzzle, view.language.code),
        "uncovered": sorted(list(cell) for cell in target.uncovered),
        "pieces": _pieces_data(puzzle),
        "placements": [
            {"piece": puzzle.pieces[p.piece].name, "cells": [list(cell) for cell in p.cells]}
            for p in view.placements
        ],
        "code": view.code,
        "api": {
            "position": links.position(puzzle.id, target.name),
            "positions": links.position_code(puzzle.id, target.name, ""),
            "saved": links.saved_position(puzzle.id, target.name),
            "days": links.my_day(puzzle.id, target.name),
            "me": links.me(),
            # the calendars' moves are analysed in the page, from every solution of the target
            "digits": links.solution_digits(puzzle.id, target.name) if puzzle.is_calendar else None,
            "query": links.position_query(view.faceup, view.language.code, view.fixed),
        },
        "faceup": view.faceup,
        "record": str(record_kind(puzzle)),  # which of the player's records the board shows
        "fixed": [name for name in view.fixed.split(",") if name],
        "telegram": view.telegram_start(),
    }
