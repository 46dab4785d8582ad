"""The playable board, ``/play/{puzzle_id}/{target}?p=CODE``: a page with the puzzle's data inline.

The server draws the board (one SVG polygon per cell, from the lattice's cell
corners) and the piece tray, and embeds everything the script needs as
``<script type="application/json" id="board-data">`` (data, not code, so the
page keeps its ``script-src 'self'`` policy):

- the board cells with their labels and polygons, in SVG units (one cell side = :data:`SIDE`);
- per piece its name, colours (:func:`render.palette.piece_colour`, as in the images) and
  its :class:`OrientationTable`: every orientation, the one a rotation step and a flip lead
  to, and the *anchor* cell that a tap or a drop puts on the chosen board cell;
- the target's open cells, the position the code names, and the URLs of the API.

The words the script writes come separately, translated into the page's language
(``<script type="application/json" id="strings">``, :mod:`api.web.board_words`).
``/static/board.js`` does the rest (placing, analysing through the position API, hints);
``/static/telegram.js`` lets the same page run as a Telegram Mini App.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from html import escape
from typing import Any

from api import links
from api.presenters import symmetry_count
from api.web import assets
from api.web.board_words import board_strings
from api.web.language import PageLanguage, language_switch, open_cells
from api.web.solved_panel import solved_panel
from i18n import N_
from render.palette import DARK_EMPTY, EMPTY, RGB, dark_piece_colour, mix
from render.words import board_label, puzzle_title
from solver.catalog import Piece, Puzzle, Target
from solver.encoding import Placement
from solver.geometry import Cell, Lattice, Shape, Transform

SIDE = 40.0  # one cell side, in SVG units
PADDING = 4.0  # around the board, in SVG units
LIGHTER = 0.55  # hint pieces: this far from the piece's colour towards white
TELEGRAM = "https://t.me"

# The board's piece fills in light mode: the images' hues (render.palette.PALETTE, same order), those
# too light for the white empty cell (EMPTY) darkened, so that every piece stands 3:1 or more against
# it (the images outline every piece in black and keep PALETTE). Dark mode: render.palette.DARK_PALETTE.
BOARD_PALETTE: tuple[str, ...] = (
    "#cc6677",  # rose
    "#332288",  # indigo
    "#a07a22",  # sand, darkened to ochre
    "#117733",  # green
    "#2a7fa8",  # cyan, darkened
    "#882255",  # wine
    "#2b8a78",  # teal, darkened
    "#8a8a2a",  # olive, darkened
    "#aa4499",  # purple
    "#c8602e",  # orange, darkened
    "#4d70c8",  # blue, darkened
    "#d9468c",  # pink, darkened
)


def board_piece_colour(index: int) -> RGB:
    """Piece ``index``'s fill on the board in light mode (:data:`BOARD_PALETTE`)."""
    code = BOARD_PALETTE[index % len(BOARD_PALETTE)]
    return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)


# ---------------------------------------------------------------- orientations


@dataclass(frozen=True)
class OrientationTable:
    """A piece's orientations and how the rotate and flip buttons move between them.

    ``rotate[i]`` is the orientation one rotation step clockwise on screen from
    orientation ``i`` (90° on squares, 60° on triangles); ``flip[i]`` its mirror
    image left to right. ``anchors[i]`` holds, for a chosen board cell with
    ``row + col`` even and odd, the index of the cell of orientation ``i`` that
    goes there: the cell nearest the piece's centre among those a lattice
    translation can move onto such a cell (on triangles only cells pointing the
    same way), or None when there is none.
    """

    shapes: tuple[Shape, ...]
    rotate: tuple[int, ...]
    flip: tuple[int, ...]
    anchors: tuple[tuple[int | None, int | None], ...]


def _image(lattice: Lattice, transform: Transform, shape: Shape) -> Shape:
    return lattice.normalize(lattice.apply(transform, cell) for cell in shape)[0]


def _anchors(lattice: Lattice, shape: Shape) -> tuple[int | None, int | None]:
    centres = [lattice.centroid(cell) for cell in shape]
    mid_x = sum(x for x, _ in centres) / len(centres)
    mid_y = sum(y for _, y in centres) / len(centres)

    def nearest(parity: int) -> int | None:
        fitting = [i for i, (r, c) in enumerate(shape) if lattice.is_translation(-r, parity - c)]
        if not fitting:
            return None
        return min(fitting, key=lambda i: (math.dist(centres[i], (mid_x, mid_y)), i))

    return nearest(0), nearest(1)


def orientation_table(lattice: Lattice, piece: Piece) -> OrientationTable:
    """The piece's orientations (in catalog order) with their rotate, flip and anchor tables."""
    shapes = piece.orientations
    step = Transform(1, mirrored=False)
    mirror = Transform(lattice.rotation_steps // 2, mirrored=True)  # (x, y) -> (-x, y): left to right
    return OrientationTable(
        shapes=shapes,
        rotate=tuple(shapes.index(_image(lattice, step, shape)) for shape in shapes),
        flip=tuple(shapes.index(_image(lattice, mirror, shape)) for shape in shapes),
        anchors=tuple(_anchors(lattice, shape) for shape in shapes),
    )


def orientation_of(lattice: Lattice, piece: Piece, cells: tuple[Cell, ...]) -> int:
    """The index of the orientation the cells of a well-formed placement are in."""
    return piece.orientations.index(lattice.normalize(cells)[0])


# ---------------------------------------------------------------- geometry


def _point(lattice: Lattice, vertex: tuple[int, int]) -> tuple[float, float]:
    k, row = vertex
    return round(k * lattice.vertex_step[0] * SIDE, 2), round(row * lattice.vertex_step[1] * SIDE, 2)


def polygon(lattice: Lattice, cell: Cell) -> list[tuple[float, float]]:
    """The corners of a cell in SVG units, clockwise on screen."""
    return [_point(lattice, vertex) for vertex in lattice.vertices(cell)]


def _centre(points: list[tuple[float, float]]) -> tuple[float, float]:
    return (
        round(sum(x for x, _ in points) / len(points), 2),
        round(sum(y for _, y in points) / len(points), 2),
    )


def _svg_points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)


def view_box(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    """x, y, width, height of the box around ``points`` with :data:`PADDING` on each side."""
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    left, top = min(xs) - PADDING, min(ys) - PADDING
    width, height = max(xs) + PADDING - left, max(ys) + PADDING - top
    return round(left, 2), round(top, 2), round(width, 2), round(height, 2)


def _hex(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


# ---------------------------------------------------------------- data


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


def _piece_data(puzzle: Puzzle, index: int) -> dict[str, Any]:
    piece = puzzle.pieces[index]
    table = orientation_table(puzzle.lattice, piece)
    colour = board_piece_colour(index)
    return {
        "name": piece.name,
        "colour": _hex(colour),
        "light": _hex(mix(colour, EMPTY, LIGHTER)),
        "dark": _hex(dark_piece_colour(index)),  # in dark mode
        "darkLight": _hex(mix(dark_piece_colour(index), DARK_EMPTY, LIGHTER)),
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
    """Everything ``/static/board.js`` needs, as JSON-ready data."""
    puzzle, target = view.puzzle, view.target
    lattice = puzzle.lattice
    cells = []
    for cell in puzzle.cells:
        points = polygon(lattice, cell)
        label = puzzle.labels.get(cell)
        name = board_label(label, view.language.code) if label else None  # as the board shows it
        cells.append(
            {"cell": list(cell), "label": label, "name": name, "points": points, "centre": _centre(points)}
        )
    telegram = None
    if view.telegram_bot and view.telegram_payload_prefix is not None:
        telegram = f"{TELEGRAM}/{view.telegram_bot}?start={view.telegram_payload_prefix}"
    return {
        "puzzle": puzzle.id,
        "title": puzzle_title(puzzle, view.language.code),
        "target": target.name,
        "lattice": lattice.name,
        "cells": cells,
        "uncovered": sorted(list(cell) for cell in target.uncovered),
        "pieces": [_piece_data(puzzle, i) for i in range(len(puzzle.pieces))],
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
            "query": links.position_query(view.faceup, view.language.code, view.fixed),
        },
        "faceup": view.faceup,
        "fixed": [name for name in view.fixed.split(",") if name],
        "telegram": telegram,
    }


def _json_script(data: dict[str, Any]) -> str:
    """JSON that is safe inside ``<script>``: no ``<``, ``>`` or ``&`` can end or open a tag."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# ---------------------------------------------------------------- markup


def _board_svg(view: BoardView) -> str:
    puzzle, lattice, language = view.puzzle, view.puzzle.lattice, view.language
    polygons, labels, corners = [], [], []
    for cell in puzzle.cells:
        points = polygon(lattice, cell)
        corners.extend(points)
        open_cell = " open" if cell in view.target.uncovered else ""
        where, corners_text = f"{cell[0]},{cell[1]}", _svg_points(points)
        polygons.append(f'<polygon class="cell{open_cell}" data-cell="{where}" points="{corners_text}"/>')
        label = puzzle.labels.get(cell)
        if label:
            x, y = _centre(points)
            word = escape(board_label(label, language.code))  # months and weekdays translated
            labels.append(f'<text class="label{open_cell}" x="{x:g}" y="{y:g}">{word}</text>')
    x, y, width, height = view_box(corners)
    role = language.text(N_("puzzle board"))
    label = language.text(N_("Board: {puzzle}"), puzzle=puzzle_title(puzzle, language.code))
    return (
        f'<svg id="board" class="board {lattice.name}" viewBox="{x:g} {y:g} {width:g} {height:g}" '
        f'data-width="{width:g}" data-height="{height:g}" tabindex="0" role="application" '
        f'aria-roledescription="{escape(role)}" aria-label="{escape(label)}" '
        'aria-describedby="board-help">'
        '<defs><pattern id="take-off-stripes" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="4" height="8" fill="#ffffff" fill-opacity="0.55"/>'
        "</pattern></defs>"
        f'<g class="frame"><g class="cells">{"".join(polygons)}</g>'
        f'<g class="labels" aria-hidden="true">{"".join(labels)}</g>'
        '<g class="pieces"></g><g class="hint-pieces"></g><g class="trace"></g><g class="preview"></g>'
        '<polygon class="cursor" points="0,0" visibility="hidden"/></g></svg>'
    )


def _tray_button(puzzle: Puzzle, index: int, language: PageLanguage) -> str:
    piece = puzzle.pieces[index]
    shape = piece.orientations[0]
    points = [polygon(puzzle.lattice, cell) for cell in shape]
    x, y, width, height = view_box([p for cell in points for p in cell])
    colour = _hex(board_piece_colour(index))
    cells = "".join(f'<polygon points="{_svg_points(p)}" fill="{colour}"/>' for p in points)
    name = escape(piece.name)
    label = escape(language.text(N_("Piece {piece}"), piece=piece.name))
    return (
        # disabled until the script runs: without it the tray only shows the pieces
        f'<li><button type="button" class="tray-piece" data-piece="{name}" data-orientation="0" disabled '
        f'aria-pressed="false" aria-label="{label}">'
        f'<svg viewBox="{x:g} {y:g} {width:g} {height:g}" aria-hidden="true" focusable="false">{cells}</svg>'
        f'<span class="name">{name}</span></button></li>'
    )


def _goal(view: BoardView) -> str:
    puzzle, target, language = view.puzzle, view.target, view.language
    count = str(len(puzzle.pieces))
    if not target.uncovered:
        goal = language.html(N_("Fill the board with all {count} pieces."), count=count)
    else:
        cells = open_cells(puzzle, target.uncovered, language.code)
        goal = language.html(
            N_("Place all {count} pieces and leave {cells} uncovered."),
            count=count,
            cells=f"<strong>{escape(cells)}</strong>",
        )
    if view.faceup:
        goal += " " + language.html(N_("Face up: no piece may be turned over (counts and hints follow)."))
    if not target.real:
        goal += " " + language.html(
            N_(
                "({target} is not a real date, so no day asks for it; the board can still be filled "
                "leaving these cells open, and the count below says in how many ways.)"
            ),
            target=escape(target.name),
        )
    if symmetry_count(puzzle.id) > 1:
        goal += " " + language.html(
            N_(
                "Solutions are counted up to rotation and reflection: a solution turned around or "
                "mirrored counts once."
            )
        )
    return goal


def _usual_row(view: BoardView) -> str:
    """Face-up mode: the way to the usual puzzle (pieces may be turned over), which the script shows
    when no solution keeps every piece face up."""
    if not view.faceup:
        return ""
    href = links.play(view.puzzle.id, view.target.name, view.code, lang=view.language.param, fixed=view.fixed)
    text = view.language.text(N_("Play it with pieces turned over"))
    return f'<p id="usual-row" hidden><a id="usual-link" href="{escape(href)}">{escape(text)}</a></p>'


def _telegram_link(view: BoardView) -> str:
    if not view.telegram_bot or view.telegram_payload_prefix is None:
        return ""
    href = f"{TELEGRAM}/{view.telegram_bot}?start={view.telegram_payload_prefix}{view.code}"
    text = view.language.text(N_("Continue in Telegram"))
    return f'<a id="telegram-link" class="telegram" href="{escape(href)}">{escape(text)}</a>'


BOARD_DESCRIPTION = N_(
    "Play {puzzle} in your browser: every move is checked against every solution, and hints start "
    "from your own board."
)
LIST_DESCRIPTION = N_(
    "Play the A-Puzzle-A-Day calendars and the pentomino and hexiamond boards in your browser, with "
    "hints from your own board."
)


def _document(
    title: str, body: str, scripts: bool, language: PageLanguage, description: str = "", skip: str = ""
) -> str:
    """The page; ``skip``: the words of a first link to the board (pages with one)."""
    head = assets.head_tags(
        description or language.text(LIST_DESCRIPTION),
        ["page.css", "board.css"],
        ["telegram.js", "game.js", "board.js"] if scripts else [],
    )
    if scripts:  # <html class="js"> when scripts run: board.css shows the controls only then
        head = assets.scripted_tag() + head
    return (
        f'<!doctype html><html lang="{escape(language.code)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{escape(title)}</title>{head}</head><body class="play">'
        + (f'<a class="skip" href="#board">{escape(skip)}</a>' if skip else "")
        + f"{body}</body></html>"
    )


TRACE_HELP = N_(
    "Trace a piece across the cells it covers: drag a finger or the mouse over them, or tap them one "
    "after another. The board recognises the piece and places it; a trace over placed pieces replaces "
    "them. Tap a marked cell to unmark it."
)
HELP = N_(
    "Or pick a piece from the tray, then tap a board cell to put the piece's middle there, or drag it "
    "onto the board. R rotates (Shift+R the other way), F flips. Tap a placed piece to pick it up "
    "again. On the board, the arrow keys move a cursor (Home: the first cell) and Enter places, "
    "picks up, or marks a cell to trace."
)
MORE_HELP = N_(
    "Drag a placed piece off the board to take it off. Esc puts the selected piece back; "
    "Ctrl+Z undoes. Every move is checked against every stored solution."
)
KEYS_HELP = N_(
    "With the keyboard: the number keys pick the tray's first to ninth piece ([ and ] the previous or "
    "next one left), R and F turn it, the arrow keys move the cursor, which tells the cell, what covers "
    "it and whether the piece fits there, and Enter places the piece."
)
SKIP = N_("Skip to the board")
HINT_BUTTONS = ((1, N_("One piece")), (2, N_("Half")), (3, N_("All the rest")))
BACK = N_("← Puzzles of the day")


def _home(language: PageLanguage) -> str:
    """The daily page in ``language``."""
    return f"/?lang={language.param}" if language.param else "/"


def _bar(language: PageLanguage, switch: str, extra: str = "") -> str:
    back = f'<a class="back" href="{escape(_home(language))}">{escape(language.text(BACK))}</a>'
    return f'<header class="bar">{back}{extra}{switch}</header>'


def _controls(view: BoardView) -> str:
    """Rotate, flip (not in face-up mode), undo, clear."""
    text = view.language.text
    rotate, flip, undo, clear = text(N_("Rotate")), text(N_("Flip")), text(N_("Undo")), text(N_("Clear"))
    actions = text(N_("Piece and board actions"))
    return (
        f'<div class="controls" role="toolbar" aria-label="{escape(actions)}">'
        f'<button type="button" id="rotate" aria-keyshortcuts="R">{escape(rotate)} <kbd>R</kbd></button>'
        f'<button type="button" id="flip" aria-keyshortcuts="F"{" hidden" if view.faceup else ""}>'
        f"{escape(flip)} <kbd>F</kbd></button>"
        f'<button type="button" id="undo" aria-keyshortcuts="Control+Z">{escape(undo)}</button>'
        f'<button type="button" id="clear">{escape(clear)}</button></div>'
    )


def _status(language: PageLanguage, extra: str = "") -> str:
    """Next to the board: how many solutions remain, what the board's analysis says, what the last
    move or hint said, and the buttons that act on it (all filled in by the script); ``extra``
    follows the analysis. Its height is reserved, so the tray below does not move between moves."""
    text = language.text
    checking, accept, dismiss = text(N_("checking the board…")), text(N_("Accept")), text(N_("Dismiss"))
    return (
        '<div class="status" id="status">'
        # one live region speaks each move once, its words and the count in one sentence (board.js)
        '<p id="says" class="visually-hidden" aria-live="polite" aria-atomic="true"></p>'
        '<p class="count"><span class="remaining" data-testid="remaining">…</span> '
        f'<span id="count-text">{escape(checking)}</span></p>'
        '<p id="verdict" class="verdict" data-state="loading"></p>'
        f"{extra}"
        '<div class="notes"><p id="message" class="message"></p>'
        '<p id="hint-text" class="hint-text" aria-live="polite"></p>'
        '<p id="save-note" class="save-note" hidden></p></div>'
        '<div class="status-actions">'
        '<p id="take-off-row" hidden><button type="button" id="take-off" class="action warn"></button></p>'
        '<p id="trace-row" hidden><button type="button" id="trace-place" class="action"></button></p>'
        '<p id="hint-actions" class="hint-actions" hidden>'
        f'<button type="button" id="accept" class="action">{escape(accept)}</button>'
        f'<button type="button" id="dismiss">{escape(dismiss)}</button></p></div>'
        "</div>"
    )


def _hints(language: PageLanguage) -> str:
    """The hint buttons; a hint's words and its Accept and Dismiss buttons are in the status."""
    text = language.text
    buttons = "".join(
        f'<button type="button" class="hint-button" data-stage="{stage}">{escape(text(label))}</button>'
        for stage, label in HINT_BUTTONS
    )
    title = text(N_("Hints from your board"))
    return (
        '<section class="hints" aria-labelledby="hints-title">'
        f'<h2 id="hints-title">{escape(title)}</h2>'
        f'<div class="hint-buttons">{buttons}</div></section>'
    )


def _help(view: BoardView) -> str:
    """How to play, and the link to this very board."""
    language = view.language
    summary, link = language.text(N_("How to play")), language.text(N_("Link to this board:"))
    return (
        f'<details class="help"><summary>{escape(summary)}</summary>'
        f'<div id="board-help"><p>{escape(language.text(TRACE_HELP))}</p>'
        f"<p>{escape(language.text(HELP))}</p><p>{escape(language.text(KEYS_HELP))}</p></div>"
        f"<p>{escape(language.text(MORE_HELP))}</p></details>"
        f'<p class="share">{escape(link)} <a id="share-link" href="{escape(view.url())}">'
        f"{escape(view.code)}</a></p>"
    )


def _noscript(language: PageLanguage) -> str:
    page = language.text(N_("puzzles of the day"))
    home = f'<a href="{escape(_home(language))}">{escape(page)}</a>'
    message = language.html(
        N_("The playable board needs JavaScript. The {page} page shows the hints as pictures without it."),
        page=home,
    )
    return f'<p class="error needs-js">{message}</p>'  # hidden where the script runs (board.css)


def render_board_page(view: BoardView) -> str:
    """The playable page for one puzzle target and starting position."""
    puzzle, target, language = view.puzzle, view.target, view.language
    title = puzzle_title(puzzle, language.code)
    heading = title if len(puzzle.targets) == 1 else f"{title} · {target.name}"
    tray = "".join(_tray_button(puzzle, i, language) for i in range(len(puzzle.pieces)))
    switch = language_switch(language, view.url)
    pieces = language.text(N_("Pieces"))
    stars = f' data-stars="{escape(view.stars)}"' if view.stars else ""
    body = (
        f"{_bar(language, switch, _telegram_link(view))}"
        f'<main id="main" data-moves="0" data-analysed="-1"{stars}><h1>{escape(heading)}</h1>'
        f'<p class="goal">{_goal(view)}</p>'
        f"{_noscript(language)}"
        '<div class="play-grid">'
        # in the order of the Tab key: the tray, the board, the actions (board.css places them)
        '<div class="tray-area">'
        f'<h2 id="tray-title" class="visually-hidden">{escape(pieces)}</h2>'
        f'<ul class="tray" aria-labelledby="tray-title">{tray}</ul></div>'
        f'<div class="board-frame">{_board_svg(view)}'
        '<p id="cursor-says" class="visually-hidden" aria-live="polite" aria-atomic="true"></p></div>'
        f"{_controls(view)}{_status(language, _usual_row(view))}{_hints(language)}"
        f"{solved_panel(language, view.challenge_url)}"
        f'<div class="more">{_help(view)}</div>'
        "</div></main>"
        f'<script type="application/json" id="board-data">{_json_script(board_data(view))}</script>'
        f'<script type="application/json" id="strings">{_json_script(board_strings(language.code))}</script>'
    )
    title = language.text(N_("Play · {puzzle}"), puzzle=heading)
    description = language.text(BOARD_DESCRIPTION, puzzle=title)
    return _document(title, body, True, language, description, language.text(SKIP))


def render_board_list(
    boards: list[tuple[str, str, str]], error: str | None = None, language: PageLanguage | None = None
) -> str:
    """The boards to play, (title, page, target) each; with ``error``, saying first what is wrong."""
    language = language or PageLanguage()
    items = "".join(
        f'<li><a href="{escape(href)}">{escape(title)}</a> <span class="muted">{escape(target)}</span></li>'
        for title, href, target in boards
    )
    alert = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    switch = language_switch(
        language, lambda other: "/play" + (f"?lang={other.param}" if other.param else "")
    )
    heading, playable = language.text(N_("Play a puzzle")), language.text(N_("Boards you can play"))
    body = (
        f"{_bar(language, switch)}"
        f'<main id="main"><h1>{escape(heading)}</h1>{alert}'
        f'<h2>{escape(playable)}</h2><ul class="boards">{items}</ul></main>'
    )
    title = language.text(N_("Play · error")) if error else heading
    return _document(title, body, False, language)
