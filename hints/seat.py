"""A player in a chat: the puzzle they are on there, and each thing they ask for, one call each.

A *seat* is one person in one chat (a private chat with the bot, or a group). The store keeps,
per seat, the daily puzzle the person is on there (what a bare "next hint" continues) and, in a
private chat, the group whose 'Hints in private' link opened that day's puzzles: that group's
edition and face-up mode then hold for the day, and a solve counts for the group too.

Each action is one function that does everything the action means and returns what to show:
:func:`open_puzzle`, :func:`next_hint` (the day's featured ladder, or the person's saved board
when they chose to hint from it), :func:`answer`, :func:`another`, :func:`report_solve`,
:func:`board_hint_by_key`, :func:`current_board` and :func:`load_board`. Front ends format the
result; the player's day itself (hints seen, solves, streaks) is :mod:`hints.game`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime
from enum import StrEnum

from sqlalchemy.orm import Session

from db import chats, hint_progress
from db.hint_progress import GroupLink, Progress
from hints import chat_settings, game
from hints.daily import (
    DEFAULT_VARIANT,
    DailyPuzzle,
    PuzzleKind,
    Variant,
    daily_calendar,
    daily_puzzle,
    known_edition,
    other_solution,
    puzzle_target,
)
from hints.deeplink import board_of_key, decode_link
from hints.errors import MalformedPosition, NoFaceUpSolution, OutdatedCode
from hints.game import BoardHint, Play
from hints.positions import PositionAnalysis, analyse_position, placements_of_code
from hints.saved import SavedPosition, latest_board, save_board, saved_board, use_board
from solver.catalog import Puzzle, Target
from solver.puzzles import get_puzzle
from solver.stages import Hint, Stage


@dataclass(frozen=True)
class Seat:
    """One person in one chat, with the chat's calendar edition, face-up mode and time zone.
    ``via``: in a private chat, the group whose link opened the day's puzzles (see :func:`linked`)."""

    chat_id: int
    player: int
    timezone: str = "UTC"
    variant: Variant = DEFAULT_VARIANT  # the chat's calendar edition and face-up mode
    in_group: bool = False
    name: str = ""
    via: int | None = None

    def today(self, now: datetime) -> date:
        """The seat's local date at ``now`` (UTC where the zone is unknown)."""
        return chats.local_date(now, self.timezone)

    def play(self, kind: PuzzleKind, day: date) -> Play:
        """The player's puzzle variant: the seat's edition and face-up mode for the calendar."""
        if kind == PuzzleKind.PENTOMINO:
            return Play(kind, day)
        return Play(kind, day, self.variant)


# ---------------------------------------------------------------- what comes back


@dataclass(frozen=True)
class Shown:
    """A daily puzzle to show at ``stage``, to the seat as a group's link makes it.
    ``no_faceup``: face up was asked, but no solution keeps every piece face up (the usual one is shown)."""

    seat: Seat
    daily: DailyPuzzle
    stage: Stage = Stage.PUZZLE
    no_faceup: bool = False


@dataclass(frozen=True)
class StaleDay:
    """A button of an older day's puzzle the person is not on (a past daily post)."""

    day: date


@dataclass(frozen=True)
class AllSeen:
    """The answer of this puzzle was shown already: there is no next hint."""

    seat: Seat
    kind: PuzzleKind
    day: date


@dataclass(frozen=True)
class FromBoard:
    """A hint from the person's saved board. ``daily``: the daily puzzle (kind, day) the board is,
    today, if it is one (then the day's featured hints are one tap away)."""

    seat: Seat
    puzzle: Puzzle
    target: Target
    saved: SavedPosition
    found: BoardHint
    daily: tuple[PuzzleKind, date] | None


class BoardTrouble(StrEnum):
    """Why there is no board to talk about."""

    STALE_KEY = "stale_key"  # a button naming a board no longer in the catalog (or forged)
    NO_BOARD = "no_board"  # the person saved none
    OUTDATED = "outdated"  # saved for an earlier version of the puzzle
    BAD_LINK = "bad_link"  # a deep link that names no board


@dataclass(frozen=True)
class BoardStatus:
    """A saved board and what can be said of it."""

    puzzle: Puzzle
    target: Target
    analysis: PositionAnalysis


@dataclass(frozen=True)
class Another:
    """Another stored solution of the day's calendar puzzle: its number (1-based), drawn as a hint."""

    seat: Seat
    daily: DailyPuzzle
    number: int
    solution: Hint


@dataclass(frozen=True)
class SolveReport:
    """What "I solved it" recorded, and the spoiler-free text to share."""

    seat: Seat
    solved: game.Solved
    share: str


NextHint = Shown | StaleDay | AllSeen | FromBoard | BoardTrouble


# ---------------------------------------------------------------- the daily puzzles


def calendar_of(session: Session, day: date, variant: Variant) -> tuple[DailyPuzzle, bool]:
    """The calendar puzzle of ``day`` in the variant's edition, face up if asked; when no solution
    keeps every piece face up, the usual puzzle and True (say so)."""
    edition, faceup = variant
    if faceup:
        try:
            return daily_calendar(session, day, edition, faceup=True), False
        except NoFaceUpSolution:
            return daily_calendar(session, day, edition), True
    return daily_calendar(session, day, edition), False


def _daily(session: Session, seat: Seat, kind: PuzzleKind, day: date, stage: Stage = Stage.PUZZLE) -> Shown:
    if kind == PuzzleKind.CALENDAR:
        daily, no_faceup = calendar_of(session, day, seat.variant)
        return Shown(seat, daily, stage, no_faceup)
    return Shown(seat, daily_puzzle(session, kind, day), stage)


def daily_of(puzzle: Puzzle, target: Target, seat: Seat, now: datetime) -> tuple[PuzzleKind, date] | None:
    """The daily puzzle (kind, local day) this target is, today for the seat, if any (a calendar
    only in the seat's own edition)."""
    play = game.daily_play(puzzle, target, seat.today(now))
    if play is None or (play.kind == PuzzleKind.CALENDAR and puzzle.id != seat.variant.edition):
        return None
    return play.kind, play.day


# ---------------------------------------------------------------- where the person is


def linked(seat: Seat, group: GroupLink | None) -> Seat:
    """The seat in a private chat whose puzzle a group's link opened: in that group's edition and
    face-up mode, with the group as ``via`` (solves count for it too); else as it is."""
    if group is None or seat.in_group:
        return seat
    return replace(seat, variant=Variant(known_edition(group.edition), group.faceup), via=group.chat_id)


def _stored(session: Session, seat: Seat) -> Progress | None:
    """The person's puzzle in this chat and the featured stage seen of it (one query; a second when
    a group's link made it a calendar variant other than the chat's)."""
    variant = game.variant_key(PuzzleKind.CALENDAR, seat.variant)
    stored = hint_progress.get_progress(
        session=session, chat_id=seat.chat_id, user_id=seat.player, calendar_variant=variant
    )
    if stored is None or stored.group is None or stored.kind != PuzzleKind.CALENDAR:
        return stored
    other = linked(seat, stored.group)
    other_variant = game.variant_key(PuzzleKind.CALENDAR, other.variant)
    if other_variant == variant:
        return stored
    return hint_progress.get_progress(
        session=session, chat_id=seat.chat_id, user_id=seat.player, calendar_variant=other_variant
    )


def _day_group(progress: Progress | None, day: date) -> GroupLink | None:
    """The group whose link opened the puzzles of ``day`` in this chat (it holds for that day only)."""
    return progress.group if progress is not None and progress.day == day else None


def _current(session: Session, seat: Seat, now: datetime) -> Progress:
    """The person's puzzle in this chat: the stored one, else today's calendar."""
    stored = _stored(session, seat)
    return stored or Progress(PuzzleKind.CALENDAR, seat.today(now), 0, 0)


def _save(session: Session, seat: Seat, progress: Progress) -> None:
    hint_progress.save_progress(session=session, chat_id=seat.chat_id, user_id=seat.player, progress=progress)


def _start(
    session: Session,
    seat: Seat,
    kind: PuzzleKind,
    day: date,
    now: datetime | None = None,
    link: GroupLink | None = None,
) -> Seat:
    """Make (kind, day) the person's puzzle in this chat, keeping its progress if it already was;
    ``now``: when they opened it (the time a solve reports). ``link``: the group whose private link
    opens it; without one, a group's link of that day holds. The seat as linked."""
    stored = _stored(session, seat)
    group = link or _day_group(stored, day)
    if stored is None or (stored.kind, stored.day, stored.group) != (kind, day, group):
        _save(session, seat, Progress(kind, day, 0, 0, now, group))
    seat = linked(seat, group)
    if now is not None:
        game.open_play(session, seat.player, seat.play(kind, day), now)
    return seat


def leave_group(session: Session, seat: Seat) -> None:
    """The chat chose its own edition or face-up mode: a group's link of the day holds no more."""
    stored = None if seat.in_group else _stored(session, seat)
    if stored is not None and stored.group is not None:
        _save(session, seat, replace(stored, group=None))


# ---------------------------------------------------------------- the actions


def open_puzzle(
    session: Session,
    seat: Seat,
    kind: PuzzleKind,
    day: date,
    now: datetime | None = None,
    link: GroupLink | None = None,
) -> Shown:
    """Show the daily puzzle (kind, day) and make it the person's puzzle in this chat."""
    seat = _start(session, seat, kind, day, now, link)
    return _daily(session, seat, kind, day)


def group_link(session: Session, group: int) -> GroupLink:
    """A group's link with the group's edition and face-up mode, as stored."""
    settings = chats.get_chat(session=session, chat_id=group)
    return GroupLink(group, settings.edition if settings else None, bool(settings and settings.faceup))


def next_hint(
    session: Session,
    seat: Seat,
    now: datetime,
    kind: PuzzleKind | None = None,
    day: date | None = None,
    stage: Stage | None = None,
) -> NextHint:
    """A hint of the person's puzzle here (or of the puzzle a button names): the ``stage`` a button
    names (a second press shows it again), else the next one. A typed request (no ``kind``) on a
    puzzle whose saved board the person chose to hint from hints from that board instead."""
    stored = _stored(session, seat)
    progress = stored or Progress(PuzzleKind.CALENDAR, seat.today(now), 0, 0)
    if kind is not None and day is not None and (progress.kind, progress.day) != (kind, day):
        if day < seat.today(now):
            return StaleDay(day)
        progress = Progress(kind, day, 0, 0, group=_day_group(stored, day))
    moved = stored is None or (stored.kind, stored.day) != (progress.kind, progress.day)
    seat = linked(seat, progress.group)
    current = PuzzleKind(progress.kind)
    if kind is None:
        puzzle, target = puzzle_target(current, progress.day, seat.variant.edition)
        saved = saved_board(session, seat.player, puzzle, target)
        if saved is not None and saved.active:
            return _board_hint(session, seat, now, puzzle, target, saved)
    seen = None if moved else Stage(progress.stage)  # read with the pointer: no second query
    shown = game.take_hint(session, seat.player, seat.play(current, progress.day), wanted=stage, seen=seen)
    if shown is None:
        return AllSeen(seat, current, progress.day)
    hint = _daily(session, seat, current, progress.day, shown)
    if moved:  # the button's puzzle is the person's puzzle in this chat from now on
        _save(session, seat, replace(progress, stage=shown))
    return hint


def featured_hint(session: Session, seat: Seat, now: datetime, kind: PuzzleKind, day: date) -> NextHint:
    """Stop hinting from the saved board of this daily puzzle: the next of the day's featured hints."""
    linked_seat = linked(seat, _day_group(_stored(session, seat), day))
    puzzle, target = puzzle_target(kind, day, linked_seat.variant.edition)
    use_board(session, seat.player, puzzle, target, False)
    return next_hint(session, seat, now, kind, day)


def answer(session: Session, seat: Seat, now: datetime) -> Shown:
    """The full answer of the person's puzzle here, recorded as seen."""
    progress = _current(session, seat, now)
    seat = linked(seat, progress.group)
    kind = PuzzleKind(progress.kind)
    shown = _daily(session, seat, kind, progress.day, Stage.ANSWER)
    game.take_hint(session, seat.player, seat.play(kind, progress.day), wanted=Stage.ANSWER)
    _save(session, seat, replace(progress, stage=Stage.ANSWER))
    return shown


def another(session: Session, seat: Seat, now: datetime, day: date | None = None) -> Another | None:
    """The next stored solution of the calendar puzzle here (or of ``day``'s), cycling through all of
    them, recorded as the answer seen; None when the person is on the challenge (it has one)."""
    progress = _current(session, seat, now)
    if day is not None and (progress.kind, progress.day) != (PuzzleKind.CALENDAR, day):
        progress = Progress(PuzzleKind.CALENDAR, day, 0, 0, group=_day_group(progress, day))
    seat = linked(seat, progress.group)
    if progress.kind != PuzzleKind.CALENDAR:
        return None
    daily, _ = calendar_of(session, progress.day, seat.variant)
    step = progress.another + 1
    number, solution = other_solution(session, daily, step)
    _save(session, seat, replace(progress, stage=Stage.ANSWER, another=step))
    game.take_hint(session, seat.player, seat.play(PuzzleKind.CALENDAR, progress.day), wanted=Stage.ANSWER)
    return Another(seat, daily, number, solution)


def report_solve(
    session: Session,
    seat: Seat,
    now: datetime,
    kind: PuzzleKind | None = None,
    day: date | None = None,
    language: str = "en",
) -> SolveReport:
    """ "I solved it" for the person's puzzle here (or the one a button names), with the text to
    share in ``language``. It counts for the group it is reported in, or in a private chat for the
    group whose link opened that day's puzzles there (:func:`hints.game.solve`)."""
    progress = _current(session, seat, now)
    kind, day = kind or PuzzleKind(progress.kind), day or progress.day
    seat = linked(seat, _day_group(progress, day))
    group = seat.chat_id if seat.in_group else seat.via
    play = seat.play(kind, day)
    solved = game.solve(session, seat.player, play, seat.today(now), now, seat.chat_id, seat.name, group)
    return SolveReport(
        seat, solved, game.share_text(solved, *game.share_heading(session, play, language), language)
    )


def choose_variant(
    session: Session,
    seat: Seat,
    chat_kind: str,
    now: datetime,
    *,
    edition: str | None = None,
    faceup: bool | None = None,
) -> Shown:
    """The chat chose its calendar edition or face-up mode (stored; a group's link of the day holds
    no more): today's calendar puzzle in it, made the person's puzzle here. InvalidSetting, with
    nothing written, for an edition there is not."""
    variant = seat.variant
    if edition is not None:
        variant = variant._replace(
            edition=chat_settings.set_edition(session, seat.chat_id, chat_kind, edition).id
        )
    if faceup is not None:
        chat_settings.set_faceup(session, seat.chat_id, chat_kind, faceup)
        variant = variant._replace(faceup=faceup)
    leave_group(session, seat)
    seat = replace(seat, variant=variant)
    return open_puzzle(session, seat, PuzzleKind.CALENDAR, seat.today(now), now)


# ---------------------------------------------------------------- the person's own board


def _board_hint(
    session: Session, seat: Seat, now: datetime, puzzle: Puzzle, target: Target, saved: SavedPosition
) -> FromBoard | BoardTrouble:
    kind_day = daily_of(puzzle, target, seat, now)
    play = seat.play(*kind_day) if kind_day is not None else None
    try:
        found = game.board_hint(session, seat.player, puzzle, target, saved, play)
    except OutdatedCode:
        return BoardTrouble.OUTDATED
    return FromBoard(seat, puzzle, target, saved, found, kind_day)


def board_hint_by_key(session: Session, seat: Seat, now: datetime, key: str) -> FromBoard | BoardTrouble:
    """'Hint from my board': the next hint from the board saved for the target a button names, which
    the person's typed hints now come from too."""
    try:
        puzzle, target = board_of_key(key)
    except MalformedPosition:
        return BoardTrouble.STALE_KEY
    saved = saved_board(session, seat.player, puzzle, target)
    if saved is None:
        return BoardTrouble.NO_BOARD
    use_board(session, seat.player, puzzle, target, True)
    return _board_hint(session, seat, now, puzzle, target, saved)


def current_board(session: Session, seat: Seat, now: datetime) -> BoardStatus | BoardTrouble:
    """The person's saved board of their puzzle here, else their latest saved board, analysed."""
    progress = _current(session, seat, now)
    seat = linked(seat, progress.group)
    puzzle, target = puzzle_target(PuzzleKind(progress.kind), progress.day, seat.variant.edition)
    saved = saved_board(session, seat.player, puzzle, target) or latest_board(session, seat.player)
    if saved is None:
        return BoardTrouble.NO_BOARD
    puzzle = get_puzzle(saved.puzzle_id)
    target = puzzle.target(saved.target)
    try:
        analysis = analyse_position(session, puzzle, target, placements_of_code(puzzle, saved.code))
    except OutdatedCode:
        return BoardTrouble.OUTDATED
    return BoardStatus(puzzle, target, analysis)


def load_board(session: Session, seat: Seat, now: datetime, payload: str) -> BoardStatus | BoardTrouble:
    """A deep link from the web board: save that board as the person's (and, when it is one of
    today's puzzles, make it their puzzle here), analysed."""
    try:
        link = decode_link(payload)
        analysis = save_board(session, seat.player, link.puzzle, link.target, link.code, now)
    except OutdatedCode:
        return BoardTrouble.OUTDATED
    except MalformedPosition:
        return BoardTrouble.BAD_LINK
    kind_day = daily_of(link.puzzle, link.target, seat, now)
    if kind_day is not None:
        _start(session, seat, *kind_day)
    return BoardStatus(link.puzzle, link.target, analysis)
