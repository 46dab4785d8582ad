"""The playable board's page, and the list of boards to play: what they show (view models of
translated words, numbers and URLs); ``templates/board.html`` and ``templates/board_list.html``
mark them up.

Without JavaScript the page says that the board needs it and links the day's page; the board,
its open cells and the pieces stay as a picture, and the tray's buttons stay disabled.
"""

from __future__ import annotations

from dataclasses import dataclass

from api.caching import Payload
from api.presenters import symmetry_count
from api.web.board import BoardView, board_data
from api.web.board_shapes import board_piece_colour, centre, hex_colour, polygon, svg_points, view_box
from api.web.board_words import board_strings
from api.web.document import document
from api.web.language import LanguageSwitch, PageLanguage, language_switch, open_cells
from api.web.solved_panel import solved_panel
from api.web.templating import render
from hints import links
from hints.catalog import Puzzle
from hints.words import board_label, puzzle_title
from i18n import N_

BOARD_DESCRIPTION = N_(
    "Play {puzzle} in your browser: every move is checked against every solution, and hints start "
    "from your own board."
)
LIST_DESCRIPTION = N_(
    "Play the A-Puzzle-A-Day calendars and the pentomino and hexiamond boards in your browser, with "
    "hints from your own board."
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
    'Ctrl+Z undoes, Ctrl+Y redoes. "Where can it go?" (W) marks every place the selected piece '
    "can go. Every move is checked against every stored solution."
)
KEYS_HELP = N_(
    "With the keyboard: the number keys pick the tray's first to ninth piece ([ and ] the previous or "
    "next one left), R and F turn it, the arrow keys move the cursor, which tells the cell, what covers "
    "it and whether the piece fits there, and Enter places the piece."
)
FACE_UP = N_("Face up: no piece may be turned over (counts and hints follow).")
NOT_REAL = N_(
    "({target} is not a real date, so no day asks for it; the board can still be filled "
    "leaving these cells open, and the count below says in how many ways.)"
)
SYMMETRIC = N_(
    "Solutions are counted up to rotation and reflection: a solution turned around or mirrored counts once."
)
SKIP = N_("Skip to the board")
HINT_BUTTONS = ((1, N_("One piece")), (2, N_("Half")), (3, N_("All the rest")))
BACK = N_("← Puzzles of the day")
STYLESHEETS = ["page.css", "board.css"]


@dataclass(frozen=True)
class Link:
    href: str
    text: str


@dataclass(frozen=True)
class Bar:
    """The bar over both pages: back to the day's puzzles, the bot, the language switch."""

    back: Link
    telegram: Link | None  # "Continue in Telegram", where the page knows the bot
    languages: LanguageSwitch
    make: Link | None = None  # the editor of people's own puzzles (not on the editor itself)


@dataclass(frozen=True)
class CellShape:
    where: str  # "row,column"
    points: str  # its corners, in SVG units
    open: bool  # a cell the target leaves open


@dataclass(frozen=True)
class CellLabel:
    x: str
    y: str
    word: str  # as the board shows it: months and weekdays translated
    open: bool


@dataclass(frozen=True)
class Drawing:
    """The board as SVG: its cells and their labels (the script draws the pieces over them)."""

    lattice: str
    view_box: str
    width: str
    height: str
    role: str
    label: str
    cells: tuple[CellShape, ...]
    labels: tuple[CellLabel, ...]


@dataclass(frozen=True)
class TrayPiece:
    """A piece of the tray, drawn in its first orientation."""

    name: str
    label: str
    view_box: str
    colour: str
    cells: tuple[str, ...]  # each cell's corners


@dataclass(frozen=True)
class Goal:
    """What to do: fill the board, or leave some cells open; in face-up mode, on a date no day has,
    and on a board with symmetry, a sentence more each."""

    sentence: str  # unfilled: {count}, and {cells} when cells stay open
    count: int
    cells: str | None
    faceup: str | None
    not_real: str | None  # unfilled: {target}
    target: str
    symmetric: str | None


@dataclass(frozen=True)
class Words:
    """The page's own words (the script's are :func:`api.web.board_words.board_strings`)."""

    pieces: str
    actions: str
    rotate: str
    flip: str
    undo: str
    redo: str
    clear: str
    where: str
    checking: str
    accept: str
    dismiss: str
    hints: str
    hint_buttons: tuple[tuple[int, str], ...]
    how_to_play: str
    trace_help: str
    help: str
    keys_help: str
    more_help: str
    link: str
    needs_js: str  # unfilled: {page}
    puzzles: str  # the day's page, as needs_js names it


def _home(language: PageLanguage) -> str:
    """The daily page in ``language``."""
    return f"/?lang={language.param}" if language.param else "/"


def _bar(language: PageLanguage, languages: LanguageSwitch, telegram: Link | None = None) -> Bar:
    make = Link(links.make(language.param), language.text(N_("Make your own puzzle")))
    return Bar(Link(_home(language), language.text(BACK)), telegram, languages, make)


def _drawing(view: BoardView) -> Drawing:
    puzzle, lattice, language = view.puzzle, view.puzzle.lattice, view.language
    cells, labels, corners = [], [], []
    for cell in puzzle.cells:
        points = polygon(lattice, cell)
        corners.extend(points)
        is_open = cell in view.target.uncovered
        cells.append(CellShape(f"{cell[0]},{cell[1]}", svg_points(points), is_open))
        label = puzzle.labels.get(cell)
        if label:
            x, y = centre(points)
            labels.append(CellLabel(f"{x:g}", f"{y:g}", board_label(label, language.code), is_open))
    x, y, width, height = view_box(corners)
    return Drawing(
        lattice=lattice.name,
        view_box=f"{x:g} {y:g} {width:g} {height:g}",
        width=f"{width:g}",
        height=f"{height:g}",
        role=language.text(N_("puzzle board")),
        label=language.text(N_("Board: {puzzle}"), puzzle=puzzle_title(puzzle, language.code)),
        cells=tuple(cells),
        labels=tuple(labels),
    )


def _tray_piece(puzzle: Puzzle, index: int, language: PageLanguage) -> TrayPiece:
    piece = puzzle.pieces[index]
    points = [polygon(puzzle.lattice, cell) for cell in piece.orientations[0]]
    x, y, width, height = view_box([p for cell in points for p in cell])
    return TrayPiece(
        name=piece.name,
        label=language.text(N_("Piece {piece}"), piece=piece.name),
        view_box=f"{x:g} {y:g} {width:g} {height:g}",
        colour=hex_colour(board_piece_colour(index)),
        cells=tuple(svg_points(p) for p in points),
    )


def _goal(view: BoardView) -> Goal:
    puzzle, target, language = view.puzzle, view.target, view.language
    if target.uncovered:
        sentence = language.unfilled(N_("Place all {count} pieces and leave {cells} uncovered."))
        cells: str | None = open_cells(puzzle, target.uncovered, language.code)
    else:
        sentence, cells = language.unfilled(N_("Fill the board with all {count} pieces.")), None
    return Goal(
        sentence=sentence,
        count=len(puzzle.pieces),
        cells=cells,
        faceup=language.text(FACE_UP) if view.faceup else None,
        not_real=None if target.real else language.unfilled(NOT_REAL),
        target=target.name,
        symmetric=language.text(SYMMETRIC) if symmetry_count(puzzle.id) > 1 else None,
    )


def _words(language: PageLanguage) -> Words:
    text = language.text
    return Words(
        pieces=text(N_("Pieces")),
        actions=text(N_("Piece and board actions")),
        rotate=text(N_("Rotate")),
        flip=text(N_("Flip")),
        undo=text(N_("Undo")),
        redo=text(N_("Redo")),
        where=text(N_("Where can it go?")),
        clear=text(N_("Clear")),
        checking=text(N_("checking the board…")),
        accept=text(N_("Accept")),
        dismiss=text(N_("Dismiss")),
        hints=text(N_("Hints from your board")),
        hint_buttons=tuple((stage, text(label)) for stage, label in HINT_BUTTONS),
        how_to_play=text(N_("How to play")),
        trace_help=text(TRACE_HELP),
        help=text(HELP),
        keys_help=text(KEYS_HELP),
        more_help=text(MORE_HELP),
        link=text(N_("Link to this board:")),
        needs_js=language.unfilled(
            N_("The playable board needs JavaScript. The {page} page shows the hints as pictures without it.")
        ),
        puzzles=text(N_("puzzles of the day")),
    )


def board_page_payload(view: BoardView) -> Payload:
    """The page as a payload, as a compute worker process renders it (see ``ApiState.rendered_apart``)."""
    return Payload.html(render_board_page(view))


def render_board_page(view: BoardView) -> str:
    """The playable page for one puzzle target and starting position."""
    puzzle, target, language = view.puzzle, view.target, view.language
    title = puzzle_title(puzzle, language.code)
    heading = title if len(puzzle.targets) == 1 else f"{title} · {target.name}"
    start = view.telegram_start()
    telegram = Link(start + view.code, language.text(N_("Continue in Telegram"))) if start else None
    usual = None
    if view.faceup:  # the way to the usual puzzle, which the script shows when no solution is face up
        href = links.play(puzzle.id, target.name, view.code, lang=language.param, fixed=view.fixed)
        usual = Link(href, language.text(N_("Play it with pieces turned over")))
    page_title = language.text(N_("Play · {puzzle}"), puzzle=heading)
    page = document(
        language.code,
        page_title,
        language.text(BOARD_DESCRIPTION, puzzle=page_title),
        STYLESHEETS,
        scripted=True,
        modules=True,
        body_class="play",
        skip=language.text(SKIP),
        skip_to="#board",
    )
    return render(
        "board.html",
        page=page,
        bar=_bar(language, language_switch(language, view.url), telegram),
        stars=view.stars,
        heading=heading,
        goal=_goal(view),
        home=_home(language),
        words=_words(language),
        tray=tuple(_tray_piece(puzzle, i, language) for i in range(len(puzzle.pieces))),
        drawing=_drawing(view),
        faceup=view.faceup,
        usual=usual,
        solved=solved_panel(language, view.challenge_url),
        share=Link(view.url(), view.code),
        data=board_data(view),
        strings=board_strings(language.code),
    )


def render_board_list(
    boards: list[tuple[str, str, str]], error: str | None = None, language: PageLanguage | None = None
) -> str:
    """The boards to play, (title, page, target) each; with ``error``, saying first what is wrong."""
    language = language or PageLanguage()
    switch = language_switch(language, lambda other: links.boards(other.param))
    heading = language.text(N_("Play a puzzle"))
    title = language.text(N_("Play · error")) if error else heading
    page = document(language.code, title, language.text(LIST_DESCRIPTION), STYLESHEETS, body_class="play")
    return render(
        "board_list.html",
        page=page,
        bar=_bar(language, switch),
        heading=heading,
        error=error,
        playable=language.text(N_("Boards you can play")),
        boards=boards,
    )
