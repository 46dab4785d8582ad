"""The editor at ``/make``: a person draws their puzzle (board cells, labels, pieces), sees it
checked as they go, and keeps it. What the page says (view model, translated words) lives here;
``templates/make.html`` marks it up, and the script (``static/make/``) reads the page's data and
words from two JSON scripts: the known piece sets with their drawings, the limits, and the
messages in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from api.web.board_page import BACK, Bar, Link
from api.web.document import document
from api.web.language import PageLanguage, language_switch
from api.web.templating import render
from hints import custom_puzzles as custom
from hints import links
from hints.catalog import MONTH_ABBREVIATIONS, WEEKDAY_ABBREVIATIONS
from hints.words import board_label
from i18n import N_, Nn_, translate, translate_plural

DESCRIPTION = N_(
    "Draw your own calendar puzzle or board on your phone: paint its cells, label them, pick the "
    "pieces, see it checked as you go, and play it today."
)
HELP = N_(
    "Choose a tool, then drag a finger or the mouse across the grid: Paint fills cells (a stroke "
    "that starts on a filled cell empties them), Months, Days and Weekdays label the cells in order, "
    "Type labels the cell you tap. With the keyboard: the arrow keys move across the grid and Enter "
    "or Space uses the tool on the cell."
)
STYLESHEETS = ["page.css", "board.css", "make.css"]

# The script's messages (``static/make/words.js`` looks them up by key and fills their {fields}).
MAKE_TEXTS = {
    "cellAt": N_("row {row}, column {column}"),
    "cellPlain": N_("{cell}: a plain cell"),
    "cellLabelled": N_("{cell}: {label}"),
    "cellEmpty": N_("{cell}: not part of the board"),
    "checking": N_("Checking…"),
    "noProblems": N_("No problems."),
    "solvable": N_("Solvable today ({target}): {count}."),
    "unsolvable": N_("No solution for today: {target}."),
    "undecided": N_("Today's target ({target}) was not decided in the check's few seconds."),
    "moreThan": N_("more than {n} solutions"),
    "atLine": N_("line {line}: {message}"),
    "checkFailed": N_("The check could not be made right now ({status})."),
    "unreachable": N_("The server cannot be reached; your drawing stays here."),
    "saved": N_("Saved: {title}."),
    "saveFailed": N_("Not saved: {message}"),
    "copied": N_("Copied."),
    "opened": N_("The definition is open in the editor."),
    "nothingToOpen": N_("There is no board in this text to open."),
    "date": N_("{month} {day}"),
    "pieceLabel": N_("Piece {piece}"),
    "remove": N_("Remove {piece}"),
    "labelFor": N_("Label of {cell}"),
    "drawFirst": N_("Draw the piece's cells first."),
    "nameTaken": N_("There is a piece called {piece} already."),
    "solvableBoard": N_("Solvable: {count}."),
    "unsolvableBoard": N_("No solution: check the pieces and the board."),
    "summary": N_("{pieces} pieces of {cells}; the board has {board}."),
}
MAKE_COUNTED = {
    "cells": Nn_("{n} cell", "{n} cells"),
    "solutions": Nn_("{n} solution", "{n} solutions"),
    "problems": Nn_("{n} problem", "{n} problems"),
}


@dataclass(frozen=True)
class Words:
    """The page's own words (the script's are :func:`make_strings`)."""

    heading: str
    intro: str
    needs_js: str
    title: str
    untitled: str
    grid: str
    lattice: str
    square: str
    triangle: str
    hexagon: str
    rows: str
    columns: str
    tools: str
    paint: str
    months: str
    days: str
    weekdays: str
    type_label: str
    label: str
    set_label: str
    clear: str
    targets: str
    board_kind: str
    month_day: str
    month_day_weekday: str
    pieces: str
    chosen: str
    all_of: str
    draw_piece: str
    piece_name: str
    add_piece: str
    check: str
    definition: str
    definition_help: str
    copy: str
    open: str
    save: str
    help: str
    grid_label: str
    piece_grid_label: str
    play_today: str


def make_strings(language: str) -> dict[str, str | list[str]]:
    """Every message of the editor's script in ``language``: a template, or [one, more] when counted;
    the months' and weekdays' labels as a board shows them."""
    strings: dict[str, str | list[str]] = {key: translate(language, text) for key, text in MAKE_TEXTS.items()}
    for key, forms in MAKE_COUNTED.items():
        strings[key] = [translate_plural(language, forms, 1), translate_plural(language, forms, 2)]
    strings["monthNames"] = [board_label(month, language) for month in MONTH_ABBREVIATIONS]
    return strings


def make_data(language: PageLanguage) -> dict[str, object]:
    """What the script draws with: the known piece sets (name, lattice, each piece's cells), the
    limits of a person's puzzle, the labels the fill tools write, and the page's language."""
    limits = custom.limits()
    sets = [
        {
            "name": known.name,
            "lattice": known.lattice,
            "pieces": [{"name": n, "cells": c} for n, c in known.pieces],
        }
        for known in custom.piece_sets()
    ]
    japanese = language.code == "ja"
    return {
        "sets": sets,
        "maxCells": limits.max_board_cells,
        "maxPieces": limits.max_pieces,
        "lang": language.code,
        "months": [f"{m}月" for m in range(1, 13)] if japanese else list(MONTH_ABBREVIATIONS),
        "days": [str(day) for day in range(1, 32)],
        "weekdays": list("月火水木金土日") if japanese else list(WEEKDAY_ABBREVIATIONS),
    }


def _words(language: PageLanguage) -> Words:
    text = language.text
    return Words(
        heading=text(N_("Make your own puzzle")),
        intro=text(N_("Copy the calendar or board in front of you: its cells, its labels and its pieces.")),
        needs_js=text(N_("The editor needs JavaScript; a definition can be sent to the API without it.")),
        title=text(N_("Title")),
        untitled=text(N_("My puzzle")),
        grid=text(N_("Board")),
        lattice=text(N_("Grid")),
        square=text(N_("Squares")),
        triangle=text(N_("Triangles")),
        hexagon=text(N_("Hexagons")),
        rows=text(N_("Rows")),
        columns=text(N_("Columns")),
        tools=text(N_("Tool")),
        paint=text(N_("Paint")),
        months=text(N_("Months")),
        days=text(N_("Days")),
        weekdays=text(N_("Weekdays")),
        type_label=text(N_("Type")),
        label=text(N_("Label")),
        set_label=text(N_("Set label")),
        clear=text(N_("Clear the board")),
        targets=text(N_("Targets")),
        board_kind=text(N_("Fill the board")),
        month_day=text(N_("Month and day")),
        month_day_weekday=text(N_("Month, day and weekday")),
        pieces=text(N_("Pieces")),
        chosen=text(N_("Chosen pieces")),
        all_of=text(N_("All of {set}"), set="{set}"),
        draw_piece=text(N_("Draw a piece")),
        piece_name=text(N_("Name")),
        add_piece=text(N_("Add the piece")),
        check=text(N_("Check")),
        definition=text(N_("Definition")),
        definition_help=text(
            N_("The text the API reads. Copy it, or paste a definition here and open it in the editor.")
        ),
        copy=text(N_("Copy")),
        open=text(N_("Open in the editor")),
        save=text(N_("Save and get the link")),
        help=text(HELP),
        grid_label=text(N_("Board grid")),
        piece_grid_label=text(N_("Piece grid")),
        play_today=text(N_("Play today's")),
    )


def render_make_page(language: PageLanguage) -> str:
    """The editor, in ``language``."""
    words = _words(language)
    page = document(
        language.code,
        words.heading,
        language.text(DESCRIPTION),
        STYLESHEETS,
        scripted=True,
        entry="make/main.js",
        body_class="play make",
        skip=language.text(N_("Skip to the editor")),
        skip_to="#main",
    )
    home = f"/?lang={language.param}" if language.param else "/"
    bar = Bar(Link(home, language.text(BACK)), None, language_switch(language, make_link))
    return render(
        "make.html",
        page=page,
        bar=bar,
        words=words,
        data=make_data(language),
        strings=make_strings(language.code),
    )


def make_link(language: PageLanguage) -> str:
    """The editor in ``language``."""
    return links.make(language.param)
