"""The day page's two puzzles: for each, its facts, the stages revealed, the hint buttons (links
that reveal a stage without the script) and the way to its playable board; in face-up mode on a
date without a face-up solution, the calendar puzzle's place says so (``templates/daily.html``)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from api.presenters import board_link, symmetry_count
from api.web.day_view import View
from api.web.language import PageLanguage, open_cells
from hints import links
from hints.catalog import HINT_STAGES, Placement, Puzzle, Stage
from hints.daily import DailyPuzzle, PuzzleKind
from hints.words import board_layout, puzzle_title
from i18n import N_, Nn_

STAGE_BUTTONS = {
    Stage.ONE_PIECE: N_("Hint 1: one piece"),
    Stage.HALF: N_("Hint 2: half the pieces"),
    Stage.ANSWER: N_("Show the answer"),
}
CONFIRM_ANSWER = N_("Show the whole solution? It ends the puzzle's hints.")
CONFIRM_YES = N_("Yes, show the answer")
PARAM = {PuzzleKind.CALENDAR: "stage", PuzzleKind.PENTOMINO: "pstage"}
SECTION_TITLES = {
    PuzzleKind.CALENDAR: N_("Calendar puzzle"),
    PuzzleKind.PENTOMINO: N_("Pentomino challenge"),
}
EXACTLY_ONE = N_("exactly one")  # way to finish the pentomino challenge
NO_FACEUP = Nn_(
    "No solution on this date without turning a piece over; {n} with turning.",
    "No solution on this date without turning a piece over; {n} with turning.",
)


@dataclass(frozen=True)
class Figure:
    """One stage of a puzzle: its picture, and the words and size the page shows it with (a button
    carries its stage's, for the script to show it in place)."""

    stage: int
    src: str
    alt: str
    title: str
    caption: str
    width: int
    height: int


@dataclass(frozen=True)
class Confirm:
    """The question the answer's button asks before the link that reveals it."""

    question: str
    yes: str


@dataclass(frozen=True)
class HintButton:
    """A link revealing a stage (``done``: revealed already; ``confirm``: asked about first)."""

    stage: Figure
    href: str
    text: str
    done: bool
    confirm: Confirm | None = None


@dataclass(frozen=True)
class Difficulty:
    sentence: str  # unfilled: {label}, {level}
    label: str
    level: int


@dataclass(frozen=True)
class CalendarFacts:
    sentence: str  # unfilled: {puzzle}, {cells}, {n}
    puzzle: str
    cells: str
    total: int
    difficulty: Difficulty | None


@dataclass(frozen=True)
class ChallengeFacts:
    sentence: str  # unfilled: {board}, {n}, {exactly_one}, {total}
    board: str
    count: int
    exactly_one: str
    total: int


@dataclass(frozen=True)
class Section:
    """One puzzle: its facts, the stages revealed, the hint buttons and the way to its board."""

    kind: str
    param: str  # the query parameter of its stage
    day: str
    title: str
    facts: CalendarFacts | ChallengeFacts
    figures: tuple[Figure, ...]
    hints_label: str
    buttons: tuple[HintButton, ...]
    hide: str
    hide_href: str
    hidden: bool  # the hide link, while nothing is revealed (the script unhides it)
    play: str
    play_href: str


@dataclass(frozen=True)
class NoFaceUp:
    """Face-up mode on a date every solution of which turns some piece over: said, with the usual
    puzzle one tap away."""

    title: str
    says: str
    usual: str
    usual_href: str


def _placement_words(puzzle: Puzzle, placement: Placement, language: PageLanguage) -> str:
    """A placed piece as the picture shows it: its name and the cells it covers, by their labels
    ("L on Jan, Feb, Mar, 7 and 8"), or on a board without labels by its rows and columns."""
    name = puzzle.pieces[placement.piece].name
    cells = sorted(placement.cells)
    if all(cell in puzzle.labels for cell in cells):
        covered = open_cells(puzzle, cells, language.code)
        return language.text(N_("{piece} on {cells}"), piece=name, cells=covered)
    rows, columns = sorted({r for r, _ in cells}), sorted({c for _, c in cells})
    return language.text(
        N_("{piece} in rows {rows}, columns {columns}"),
        piece=name,
        rows=_span(rows),
        columns=_span(columns),
    )


def _span(numbers: list[int]) -> str:
    """Rows or columns counted from 1: "3" or "3–5"."""
    first, last = numbers[0] + 1, numbers[-1] + 1
    return str(first) if first == last else f"{first}–{last}"


def pieces_shown(daily: DailyPuzzle, stage: Stage, language: PageLanguage) -> str:
    """What a stage's picture shows, in words for its alt text (the text drawing's facts: each
    piece shown and the cells it covers), or "" when it shows none."""
    shown = daily.stages[stage].shown
    if not shown:
        return ""
    parts = [_placement_words(daily.puzzle, placement, language) for placement in shown]
    return language.text(N_("Pieces shown: {pieces}."), pieces=language.text(N_("; ")).join(parts))


def _figure(daily: DailyPuzzle, stage: Stage, language: PageLanguage) -> Figure:
    width, height = board_layout(daily.puzzle).size  # the page reserves its room before it loads
    title, caption = daily.title(stage, language.code), daily.caption(stage, language.code)
    alt = language.text(
        N_("{section}, {title}: {caption}"),
        section=language.text(SECTION_TITLES[daily.kind]),
        title=title,
        caption=caption,
    )
    shown = pieces_shown(daily, stage, language)
    if shown:
        alt = language.text(N_("{picture}. {pieces}"), picture=alt.rstrip(".。"), pieces=shown)
    src = links.stage_image(daily.day, daily.kind, stage, daily.puzzle.id, daily.faceup, language.code)
    return Figure(int(stage), src, alt, title, caption, width, height)


def _calendar_facts(daily: DailyPuzzle, language: PageLanguage) -> CalendarFacts:
    level = daily.difficulty
    difficulty = None
    if level is not None:
        sentence = language.unfilled(N_("difficulty {label} (level {level} of 5)"))
        label = language.text(level.label)  # a hints.difficulty.DIFFICULTY_LABELS msgid
        difficulty = Difficulty(sentence, label, level.level)
    forms = Nn_(
        "{puzzle}: leave {cells} uncovered. {n} solution",
        "{puzzle}: leave {cells} uncovered. {n} solutions",
    )
    return CalendarFacts(
        language.unfilled_plural(forms, daily.total),
        puzzle_title(daily.puzzle, language.code),
        open_cells(daily.puzzle, daily.marked, language.code),
        daily.total,
        difficulty,
    )


def distinct_total(daily: DailyPuzzle) -> int:
    """The challenge board's one total, as its playable board counts it: solutions up to rotation and
    reflection (the stored count). ``daily.total`` counts every turned and mirrored image; no
    pentomino solution of a challenge board is its own image, so each stands for as many images as
    the board has symmetries."""
    return daily.total // symmetry_count(daily.puzzle.id)


def _challenge_facts(daily: DailyPuzzle, language: PageLanguage) -> ChallengeFacts:
    count = len(daily.preplaced)
    forms = Nn_(
        "{board}: {n} piece pre-placed, {exactly_one} way to finish (the board has {total} solutions "
        "up to rotation and reflection).",
        "{board}: {n} pieces pre-placed, {exactly_one} way to finish (the board has {total} solutions "
        "up to rotation and reflection).",
    )
    return ChallengeFacts(
        language.unfilled_plural(forms, count),
        puzzle_title(daily.puzzle, language.code),
        count,
        language.text(EXACTLY_ONE),
        distinct_total(daily),
    )


def puzzle_section(daily: DailyPuzzle, view: View) -> Section:
    kind, language = daily.kind, view.language
    revealed = view.revealed(kind)
    title = language.text(SECTION_TITLES[kind])
    facts = (
        _calendar_facts(daily, language) if kind == PuzzleKind.CALENDAR else _challenge_facts(daily, language)
    )
    confirm = Confirm(language.text(CONFIRM_ANSWER), language.text(CONFIRM_YES))
    buttons = tuple(
        HintButton(
            _figure(daily, stage, language),
            view.with_stage(kind, stage).url(f"{kind}-stage-{stage}"),
            language.text(STAGE_BUTTONS[stage]),
            stage <= revealed,
            confirm if stage == Stage.ANSWER else None,
        )
        for stage in HINT_STAGES
    )
    return Section(
        kind=str(kind),
        param=PARAM[kind],
        day=daily.day.isoformat(),
        title=title,
        facts=facts,
        figures=tuple(_figure(daily, stage, language) for stage in Stage if stage <= revealed),
        hints_label=language.text(N_("{section} hints"), section=title),
        buttons=buttons,
        hide=language.text(N_("Hide the hints")),
        hide_href=view.with_stage(kind, 0).url(str(kind)),
        hidden=not revealed,
        # the playable board, with the challenge's pre-placed pieces already on it, fixed
        play=language.text(N_("Play this on the board")),
        play_href=board_link(daily, language.param),
    )


def no_faceup_section(daily: DailyPuzzle, view: View) -> NoFaceUp:
    """``daily``: the usual puzzle of a date without a face-up solution."""
    language = view.language
    return NoFaceUp(
        language.text(SECTION_TITLES[PuzzleKind.CALENDAR]),
        language.plural(NO_FACEUP, daily.total),
        language.text(N_("Show the usual hints (pieces may be turned over)")),
        replace(view, faceup=False).url("calendar"),
    )
