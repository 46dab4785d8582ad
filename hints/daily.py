"""The daily puzzles: for a date, the calendar puzzle and the pentomino challenge with their hints.

For a date the daily calendar puzzle is the target ``MM-DD`` of
``calendar-dragonfjord``; the pentomino challenge is a board chosen by rotating
through :data:`PENTOMINO_BOARDS` by date, one of its stored solutions chosen
by a hash of the date, and the fewest of its pieces that force that solution
(over every raw solution: the stored representatives and their symmetric
images). Everything is deterministic, so every user sees the same puzzle on
the same day.

A :class:`DailyPuzzle` holds all four stages (0 the puzzle, 1 one piece, 2 half
the pieces, 3 the answer) and draws them; a :class:`DailyBundle` holds both
puzzles of a day. Each is computed once per request from a handful of reads:
the hints of the featured solution come from :mod:`hints.featured`, the
difficulty from :mod:`hints.difficulty`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import NamedTuple

from sqlalchemy.orm import Session

from db.custom_puzzles import looks_custom
from db.repository import TargetKey
from hints.difficulty import Difficulty, edition_difficulty
from hints.errors import NoFaceUpSolution, NotPrecomputed
from hints.featured import HintStages, calendar_computer, challenge_computer, featured_hints
from hints.pictures import Picture, hint_png, picture_key
from hints.raw_solutions import raw_solutions
from hints.solutions import solution_at, stored_key, year_counts
from i18n import N_, translator
from i18n.locale_data import written_date
from render.hint import caption, hint_text, stage_title
from solver.catalog import SINGLE_TARGET, Puzzle, Target, UnknownPuzzleError, target_for_date
from solver.encoding import Placement
from solver.geometry import Cell
from solver.puzzles import all_puzzles, get_puzzle
from solver.stages import Hint, Stage, hint_stages

CALENDAR_ID = "calendar-dragonfjord"
PENTOMINO_BOARDS = (
    "pentomino-6x10",
    "pentomino-5x12",
    "pentomino-4x15",
    "pentomino-3x20",
    "pentomino-8x8-hole",
)
FACE_UP = N_("face up")  # the images' heading in face-up mode


class PuzzleKind(StrEnum):
    """The two daily puzzles."""

    CALENDAR = "calendar"
    PENTOMINO = "pentomino"


def stage_key(kind: PuzzleKind, day: date, variant: Variant, stage: Stage, language: str) -> str:
    """The picture key of a daily puzzle's stage image: the calendar's names its edition and mode;
    the challenge is the same in every variant."""
    return picture_key(kind, *_variant_parts(kind, variant), f"stage{int(stage)}", day=day, language=language)


def _variant_parts(kind: PuzzleKind, variant: Variant) -> tuple[str, ...]:
    """What of a variant a daily picture depends on: the calendar's edition (unless the default
    one) and face-up mode (if on); nothing for the challenge, the same in every variant."""
    if kind != PuzzleKind.CALENDAR:
        return ()
    edition = () if variant.edition == CALENDAR_ID else (variant.edition,)
    return (*edition, *(("faceup",) if variant.faceup else ()))


class Variant(NamedTuple):
    """Which calendar puzzle of a day someone plays: the edition they own, and whether pieces may be
    turned over (``faceup``: no). The pentomino challenge is the same in every variant."""

    edition: str = CALENDAR_ID
    faceup: bool = False


DEFAULT_VARIANT = Variant()  # DragonFjord's calendar, pieces may be turned over


@dataclass(frozen=True)
class DailyPuzzle:
    """One daily puzzle and its stages 0 (the puzzle) to 3 (the answer), ready to draw."""

    kind: PuzzleKind
    day: date
    puzzle: Puzzle
    target: Target
    featured: int  # ordinal of the featured stored solution
    preplaced: tuple[Placement, ...]
    heading: str
    stages: tuple[Hint, Hint, Hint, Hint]
    difficulty: Difficulty | None = None  # calendars only
    faceup: bool = False  # only solutions that turn no piece over (face-up mode)

    @property
    def total(self) -> int:
        """Solutions of the target (raw on boards: every symmetric image counts)."""
        return self.stages[Stage.PUZZLE].total

    @property
    def hints(self) -> HintStages:
        return self.stages[1], self.stages[2], self.stages[3]

    @property
    def marked(self) -> frozenset[Cell]:
        return self.target.uncovered

    def title(self, stage: Stage, language: str = "en") -> str:
        return stage_title(stage, language)

    def caption(self, stage: Stage, language: str = "en") -> str:
        return caption(self.stages[stage], len(self.preplaced), language)

    def heading_in(self, language: str) -> str:
        """The heading drawn on the images, in ``language`` (``heading`` is the English one)."""
        if self.kind == PuzzleKind.PENTOMINO:
            return challenge_heading(self.day, self.puzzle, language)
        on = written_date(self.day, language)
        return f"{on} · {translator(language).gettext(FACE_UP)}" if self.faceup else on

    def image(self, stage: Stage, language: str = "en") -> bytes:
        """PNG of a stage, the pieces it adds to the previous stage marked as new."""
        before = self.stages[Stage(stage - 1)].shown if stage > Stage.PUZZLE else None
        return self.draw(self.stages[stage], before, language)

    def picture(self, stage: Stage, language: str = "en") -> Picture:
        """A stage's image, named by :func:`stage_key`."""
        variant = Variant(self.puzzle.id, self.faceup)
        key = stage_key(self.kind, self.day, variant, stage, language)
        return Picture(key, lambda: self.image(stage, language))

    def solution_picture(self, index: int, solution: Hint, language: str = "en") -> Picture:
        """Another solution of this puzzle (the ``index``-th after the featured one) as an answer."""
        where = _variant_parts(self.kind, Variant(self.puzzle.id, self.faceup))
        key = picture_key(self.kind, *where, f"solution{index}", day=self.day, language=language)
        return Picture(key, lambda: self.draw(solution, language=language))

    def text(self, stage: Stage) -> str:
        """Text drawing of a stage."""
        return hint_text(
            self.puzzle,
            self.stages[stage],
            heading=self.heading,
            marked=self.marked,
            preplaced=len(self.preplaced),
        )

    def draw(self, hint: Hint, before: Collection[Placement] | None = None, language: str = "en") -> bytes:
        """PNG of any hint on this puzzle (a stage, or another solution shown as an answer); the
        pieces not in ``before`` are marked as new."""
        return hint_png(
            self.puzzle,
            hint,
            heading=self.heading_in(language),
            marked=self.marked,
            preplaced=len(self.preplaced),
            before=before,
            language=language,
        )


@dataclass(frozen=True)
class DailyBundle:
    day: date
    calendar: DailyPuzzle
    pentomino: DailyPuzzle

    @property
    def difficulty(self) -> Difficulty:
        assert self.calendar.difficulty is not None
        return self.calendar.difficulty

    def of(self, kind: PuzzleKind) -> DailyPuzzle:
        return self.calendar if kind == PuzzleKind.CALENDAR else self.pentomino


# ---------------------------------------------------------------- choosing the day's puzzles


def target_name(day: date) -> str:
    return f"{day.month:02d}-{day.day:02d}"


def calendar_editions() -> tuple[Puzzle, ...]:
    """Every calendar edition a chat or a page can choose: DragonFjord's first, then the others
    (precomputed or solved on demand) in catalog order."""
    calendars = [p for p in all_puzzles().values() if p.is_calendar]
    return tuple(sorted(calendars, key=lambda p: (p.id != CALENDAR_ID, p.id)))


def edition_of(edition_id: str | None) -> Puzzle:
    """The calendar edition ``edition_id`` (DragonFjord's when None), or the puzzle a person made
    with this id (its current version for a bare id); UnknownPuzzleError for an id that is neither
    (the error lists the editions)."""
    if edition_id is None:
        return get_puzzle(CALENDAR_ID)
    if looks_custom(edition_id):
        return get_puzzle(edition_id)
    editions = {p.id: p for p in calendar_editions()}
    return get_puzzle(edition_id, editions)


def edition_choice(edition_id: str) -> Puzzle | None:
    """The calendar edition with this id, or the puzzle a person made with this id (any of them may
    be a player's or a chat's daily puzzle: a board's one target every day), or None."""
    if looks_custom(edition_id):
        try:
            return get_puzzle(edition_id)
        except UnknownPuzzleError:
            return None
    return next((p for p in calendar_editions() if p.id == edition_id), None)


def edition_to_keep(edition_id: str, edition: Puzzle) -> str:
    """What a player's or a chat's setting keeps of the edition they chose: a person's puzzle as
    named (a bare id follows its current version, an edit included), any other by its id."""
    return edition_id if looks_custom(edition_id) else edition.id


def find_edition(name: str) -> Puzzle | None:
    """The calendar edition a person names: its id, the id without ``calendar-``, the last word of
    it (``monday``), or its title, in any case; None when none or several match."""
    wanted = " ".join(name.strip().lower().replace("_", "-").split())
    if not wanted:
        return None
    for names in (
        lambda p: {p.id, p.id.removeprefix("calendar-"), p.title.lower()},
        lambda p: {p.id.rsplit("-", 1)[-1]},
    ):
        found = [p for p in calendar_editions() if wanted in names(p)]
        if len(found) == 1:
            return found[0]
    return None


def known_edition(edition_id: str | None) -> str:
    """The puzzle id of a chat's or a player's edition: theirs if it is still in the catalog, the
    current version's of a person's puzzle that still exists, else the default one."""
    found = None if edition_id is None else edition_choice(edition_id)
    return CALENDAR_ID if found is None else found.id


def puzzle_target(kind: PuzzleKind, day: date, edition: str = CALENDAR_ID) -> tuple[Puzzle, Target]:
    """The catalog puzzle and target of a daily puzzle (the calendar one in ``edition``)."""
    if kind == PuzzleKind.CALENDAR:
        calendar = edition_of(edition)
        return calendar, target_for_date(calendar, day)
    board = get_puzzle(challenge_board(day))
    return board, board.target(SINGLE_TARGET)


def pick(day: date, key: str, count: int) -> int:
    """A deterministic index in range(count) derived from the date and a key."""
    digest = hashlib.sha256(f"{day.isoformat()}|{key}".encode()).hexdigest()
    return int(digest, 16) % count


def challenge_board(day: date) -> str:
    """The pentomino board of the day, rotating through the boards by date."""
    return PENTOMINO_BOARDS[day.toordinal() % len(PENTOMINO_BOARDS)]


# ---------------------------------------------------------------- the daily puzzles


def daily_calendar(
    session: Session, day: date, edition: str = CALENDAR_ID, faceup: bool = False
) -> DailyPuzzle:
    """The calendar puzzle of ``day`` in an edition (its date's target, with the real weekday in the
    weekday editions): count, difficulty, featured solution and hints (4 reads warm). NotPrecomputed
    when the target is not stored (an edition solved on demand: see :mod:`solver.ondemand`).

    ``faceup``: only the solutions that turn no piece over count (the engraved side up): the count,
    the difficulty, the featured solution and the hints; NoFaceUpSolution when there is none.
    """
    puzzle = edition_of(edition)
    target = target_for_date(puzzle, day)
    key = stored_key(session, puzzle, target)
    if faceup:
        return _faceup_calendar(session, day, puzzle, target, key)
    rank = edition_difficulty(session, puzzle, key.solution_count)
    featured = pick(day, puzzle.id, key.solution_count)
    _, hints = featured_hints(
        session, puzzle, target, key, featured, calendar_computer(session, puzzle, target, key)
    )
    first = Hint(Stage.PUZZLE, (), key.solution_count, key.solution_count)
    return DailyPuzzle(
        PuzzleKind.CALENDAR, day, puzzle, target, featured, (), day.isoformat(), (first, *hints), rank
    )


def _faceup_calendar(
    session: Session, day: date, puzzle: Puzzle, target: Target, key: TargetKey
) -> DailyPuzzle:
    """The face-up variant: the featured solution and the hints among the face-up solutions only
    (computed, not cached: the hint cache holds the day's usual hints)."""
    faceup = raw_solutions(session, puzzle, target, faceup=True)
    if not faceup.solutions:
        raise NoFaceUpSolution(f"{puzzle.id} {target.name}", key.solution_count)
    chosen = pick(day, f"{puzzle.id}:faceup", len(faceup.solutions))
    featured = faceup.solutions[chosen]
    hints = hint_stages(featured, faceup.solutions)
    total = len(faceup.solutions)
    first = Hint(Stage.PUZZLE, (), total, total)
    rank = edition_difficulty(session, puzzle, total, faceup=True)
    heading = f"{day.isoformat()} · {FACE_UP}"
    return DailyPuzzle(
        PuzzleKind.CALENDAR,
        day,
        puzzle,
        target,
        faceup.classes[chosen],
        (),
        heading,
        (first, *hints),
        rank,
        faceup=True,
    )


def challenge_heading(day: date, puzzle: Puzzle, language: str = "en") -> str:
    template = translator(language).gettext("{date} · pentomino challenge ({board})")
    return template.format(date=written_date(day, language), board=puzzle.id.removeprefix("pentomino-"))


def daily_challenge(session: Session, day: date) -> DailyPuzzle:
    """The pentomino challenge of ``day``: board, pre-placed pieces (a unique completion) and hints."""
    puzzle = get_puzzle(challenge_board(day))
    target = puzzle.target(SINGLE_TARGET)
    key = stored_key(session, puzzle, target)
    featured = pick(day, puzzle.id, key.solution_count)
    preplaced, hints = featured_hints(
        session, puzzle, target, key, featured, challenge_computer(session, puzzle, target, key)
    )
    first = Hint(Stage.PUZZLE, preplaced, 1, hints[0].total)
    heading = challenge_heading(day, puzzle)
    return DailyPuzzle(
        PuzzleKind.PENTOMINO, day, puzzle, target, featured, preplaced, heading, (first, *hints)
    )


def daily_puzzle(
    session: Session, kind: PuzzleKind, day: date, edition: str = CALENDAR_ID, faceup: bool = False
) -> DailyPuzzle:
    """One of the day's puzzles (the calendar one in ``edition``, face up or not)."""
    if kind == PuzzleKind.CALENDAR:
        return daily_calendar(session, day, edition, faceup)
    return daily_challenge(session, day)


def daily_bundle(
    session: Session, day: date, edition: str = CALENDAR_ID, faceup: bool = False
) -> DailyBundle:
    """Both puzzles of ``day``; NotPrecomputed when the store lacks them."""
    calendar = daily_calendar(session, day, edition, faceup)
    return DailyBundle(day, calendar, daily_challenge(session, day))


def other_solution(session: Session, daily: DailyPuzzle, step: int) -> tuple[int, Hint]:
    """The calendar solution ``step`` places after the featured one (cycling), as (number from 1, answer).

    Calendars have no symmetry, so their total is the stored count.
    """
    if daily.kind != PuzzleKind.CALENDAR:
        raise ValueError("only the calendar puzzle has other solutions to show")
    if daily.faceup:  # the face-up solutions only, in stored order
        faceup = raw_solutions(session, daily.puzzle, daily.target, faceup=True)
        index = (faceup.classes.index(daily.featured) + step) % len(faceup.solutions)
        shown = tuple(sorted(faceup.solutions[index], key=lambda p: p.piece))
        return index + 1, Hint(Stage.ANSWER, shown, 1, daily.total)
    ordinal = (daily.featured + step) % daily.total
    placements = solution_at(session, daily.puzzle, daily.target, ordinal)
    return ordinal + 1, Hint(Stage.ANSWER, placements, 1, daily.total)


@dataclass(frozen=True)
class EditionYear:
    """An edition's stored solutions per date ("MM-DD") over a year (what /heatmap draws)."""

    puzzle: Puzzle
    year: int
    counts: dict[str, int]


def edition_year(session: Session, edition_id: str | None, year: int) -> EditionYear:
    """The chat's edition's solution counts over ``year`` (:func:`hints.solutions.year_counts`);
    NotPrecomputed when an edition solved ahead of time has none (one solved on demand may have
    none yet: that is an answer too)."""
    puzzle = edition_of(edition_id)
    counts = year_counts(session, puzzle, year)
    if not counts and not puzzle.on_demand:
        raise NotPrecomputed(puzzle.id)
    return EditionYear(puzzle, year, counts)
