"""What is wrong with a puzzle's text, in words: one :class:`Problem` per mistake, with its place.

Every problem has a stable ``code`` and the values its message names (``params``), so a caller can
keep or compare problems without their words, and a message in any language the project has
(:mod:`i18n`; the English templates below are the source strings). The parser of the catalog's
files and of people's definitions (:mod:`solver.puzzle_text`) reports through this one type: the
catalog raises the first problem in English, a definition answers with all of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from i18n import N_, translate

ParamValue = str | int

# code -> (template, template when a "suggestion" parameter is given). Fields in braces are params.
_TEMPLATES: dict[str, tuple[str, str | None]] = {
    "too-long": (N_("the definition has {chars} characters; at most {limit} are read"), None),
    "not-a-header": (N_("expected 'key: value', got '{text}'"), None),
    "unknown-key": (
        N_("unknown key '{key}' (the keys are {keys})"),
        N_("unknown key '{key}' (did you mean '{suggestion}'?)"),
    ),
    "catalog-only-key": (N_("'{key}:' is only for the catalog's own files: leave it out"), None),
    "repeated-key": (N_("'{key}:' is given twice (first on line {first})"), None),
    "missing-key": (N_("missing '{key}:'"), None),
    "empty-title": (N_("'title:' is empty: give the puzzle a name"), None),
    "title-too-long": (N_("the title has {chars} characters; at most {limit}"), None),
    "unknown-lattice": (N_("unknown lattice '{name}' (use square or triangle)"), None),
    "unknown-targets": (
        N_("unknown targets kind '{name}' (use board, month-day or month-day-weekday)"),
        None,
    ),
    "unknown-precompute": (N_("unknown precompute mode '{name}' (use 'default' or 'on-demand')"), None),
    "missing-pieces": (N_("missing 'pieces:' (or a piece drawn below 'piece NAME')"), None),
    "unknown-piece-set": (
        N_("no piece set '{name}' (the sets are {sets})"),
        N_("no piece set '{name}' (did you mean '{suggestion}'?)"),
    ),
    "unknown-piece": (
        N_("piece set '{set}' has no piece '{name}' (it has {names})"),
        N_("piece set '{set}' has no piece '{name}' (did you mean '{suggestion}'?)"),
    ),
    "duplicate-piece": (N_("piece name '{name}' is used twice (first on line {first})"), None),
    "lattice-mismatch": (N_("piece set '{set}' is on the {found} lattice, not {expected}"), None),
    "bad-piece-name": (
        N_("piece name '{name}' must be one word of at most {limit} characters, such as A or L4"),
        None,
    ),
    "piece-no-name": (N_("'piece' needs a name, such as 'piece A'"), None),
    "piece-no-drawing": (N_("piece '{name}' has no drawing: draw it below with '#' and '.'"), None),
    "piece-no-cells": (N_("piece '{name}' has no cells"), None),
    "piece-bad-character": (N_("unexpected character '{char}' in piece drawing (use '#' and '.')"), None),
    "piece-not-connected": (N_("piece '{name}' is not connected: its cells must join edge to edge"), None),
    "too-many-pieces": (N_("{count} pieces; at most {limit} are allowed"), None),
    "missing-board": (N_("missing 'board:' and the board's rows below it"), None),
    "board-value": (N_("write the board's rows on the lines below 'board:', not after it"), None),
    "empty-board": (N_("the board has no cells: draw its rows below 'board:'"), None),
    "board-too-large": (N_("the board has {cells} cells; at most {limit} are allowed"), None),
    "board-row-indented": (
        N_(
            "this row is indented unlike the first: cells are counted by tokens, not spaces "
            "(write '.' for a gap)"
        ),
        None,
    ),
    "triangle-row-indented": (
        N_(
            "on the triangle lattice each token is one triangle, pointing up when row + column is even: "
            "start the row with '.' for each gap, not spaces"
        ),
        None,
    ),
    "unknown-label": (
        N_(
            "unknown label '{token}' (use '#', '.', a month such as Jan, a day 1-31 or a weekday such as Sun)"
        ),
        N_("unknown label '{token}' (did you mean '{suggestion}'?)"),
    ),
    "day-out-of-range": (N_("no day {day}: days run from 1 to 31"), None),
    "repeated-label": (
        N_("label '{label}' is used twice (first on line {first}, column {first_column})"),
        None,
    ),
    "label-on-board": (
        N_(
            "label '{token}' on a board whose targets is 'board': write '#' for a plain cell, "
            "or 'targets: month-day' for a calendar"
        ),
        None,
    ),
    "weekday-unused": (
        N_(
            "weekday label '{token}', but 'targets: month-day' opens no weekday: "
            "use 'targets: month-day-weekday' or '#'"
        ),
        None,
    ),
    "missing-months": (N_("{kind} targets need cells labelled with every month: {missing} missing"), None),
    "missing-days": (N_("{kind} targets need cells labelled with every day 1-31: {missing} missing"), None),
    "missing-weekdays": (
        N_("{kind} targets need cells labelled with every weekday: {missing} missing"),
        None,
    ),
    "area-board": (N_("the pieces cover {pieces} cells but the board has {cells} to cover"), None),
    "area-dates": (
        N_(
            "the pieces cover {pieces} cells but each target leaves {to_cover} to cover: "
            "the board's {cells} cells less the {open} left open"
        ),
        None,
    ),
    "piece-set-empty": (N_("a piece set needs 'lattice:' and at least one piece"), None),
}

CODES = frozenset(_TEMPLATES)


def render(code: str, params: Mapping[str, ParamValue], language: str) -> str:
    """The message of a problem in ``language`` (English for a language without a catalog)."""
    plain, suggesting = _TEMPLATES[code]
    template = suggesting if suggesting is not None and "suggestion" in params else plain
    return translate(language, template).format(**params)


@dataclass(frozen=True)
class Problem:
    """One mistake: where (``line`` and ``column`` count from 1), its ``code``, the values its
    message names, and the message in the language it was read for."""

    line: int
    column: int
    code: str
    message: str
    params: Mapping[str, ParamValue] = field(default_factory=dict, compare=False)

    def in_language(self, language: str) -> Problem:
        """The same problem with its message in ``language``."""
        return Problem(
            self.line, self.column, self.code, render(self.code, self.params, language), self.params
        )

    def as_dict(self) -> dict[str, object]:
        """The problem as plain JSON-ready values."""
        return {"line": self.line, "column": self.column, "code": self.code, "message": self.message}


def problem(line: int, column: int, code: str, language: str, **params: ParamValue) -> Problem:
    """A problem with its message rendered in ``language``."""
    return Problem(line, column, code, render(code, params, language), params)
