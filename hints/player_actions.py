"""A player in a chat: the puzzle they are on there, and each thing they ask for, one call each.

A player plays in a chat (a private chat with the bot, or a group): :class:`InChat`, the
:class:`hints.players.Player` with the chat's settings and the :class:`hints.players.Chat`. The
store keeps, per player and chat, the daily puzzle they are on there (what a bare "next hint"
continues) and, in a private chat, the group whose 'Hints in private' link opened that day's
puzzles: that group's edition and face-up mode then hold for the day, and a solve counts for the
group too.

Each action is one function that does everything the action means and returns what to show:
:func:`open_puzzle`, :func:`next_hint` (the day's featured ladder, or the person's saved board
when they chose to hint from it), :func:`answer`, :func:`another`, :func:`report_solve`,
:func:`board_hint_by_key`, :func:`current_board` and :func:`load_board`. Front ends format the
result; the player's day itself (hints seen, solves, streaks) is :mod:`hints.game`. Every path
to the answer keeps the ladder: another solution only after the answer.
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
from hints.players import Chat, Player
from hints.positions import PositionAnalysis, analyse_position, placements_of_code
from hints.saved import SavedPosition, latest_board, save_board, saved_board, use_board
from i18n import SOURCE_LANGUAGE
from solver.catalog import Puzzle, Target
from solver.puzzles import get_puzzle
from solver.stages import Hint, Stage


@dataclass(frozen=True)
class InChat:
    """A player in a chat, with the chat's settings (a group's zone, edition and face-up mode hold
    for everyone in it): what the bot's actions take and return."""

    player: Player
    chat: Chat

    @property
    def language(self) -> str:
        """The language to answer in (the source language when none is known)."""
        return self.player.language or SOURCE_LANGUAGE

    def choosing(
        self, *, timezone: str | None = None, variant: Variant | None = None, language: str | None = None
    ) -> InChat:
        """The player here with the settings given (None: unchanged), as a choice leaves them."""
        player = self.player
        return InChat(
            replace(
                player,
                timezone=timezone or player.timezone,
                variant=variant or player.variant,
                language=language or player.language,
            ),
            self.chat,
        )

    def play(self, kind: PuzzleKind, day: date) -> Play:
        """The player's puzzle variant: their edition and face-up mode here for the calendar."""
        if kind == PuzzleKind.PENTOMINO:
            return Play(kind, day)
        return Play(kind, day, self.player.variant)


# ---------------------------------------------------------------- what comes back


@dataclass(frozen=True)
class Shown:
    """A daily puzzle to show at ``stage``, to the player as a group's link makes it.
    ``no_faceup``: face up was asked, but no solution keeps every piece face up (the usual one is shown)."""

    here: InChat
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

    here: InChat
    kind: PuzzleKind
    day: date


@dataclass(frozen=True)
class FromBoard:
    """A hint from the person's saved board. ``daily``: the daily puzzle (kind, day) the board is,
    today, if it is one (then the day's featured hints are one tap away)."""

    here: InChat
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

    here: InChat
    daily: DailyPuzzle
    number: int
    solution: Hint


@dataclass(frozen=True)
class AnswerFirst:
    """Another solution was asked for before the answer was seen: it would give the answer away
    and spend every stage, so the next hint is offered instead (``next``)."""

    here: InChat
    kind: PuzzleKind
    day: date
    next: Stage


@dataclass(frozen=True)
class SolveReport:
    """What "I solved it" recorded, and the spoiler-free text to share."""

    here: InChat
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


def _daily(session: Session, here: InChat, kind: PuzzleKind, day: date, stage: Stage = Stage.PUZZLE) -> Shown:
    if kind == PuzzleKind.CALENDAR:
        daily, no_faceup = calendar_of(session, day, here.player.variant)
        return Shown(here, daily, stage, no_faceup)
    return Shown(here, daily_puzzle(session, kind, day), stage)


def daily_of(puzzle: Puzzle, target: Target, here: InChat, now: datetime) -> tuple[PuzzleKind, date] | None:
    """The daily puzzle (kind, local day) this target is, today for the player here, if any (a calendar
    only in their own edition here)."""
    play = game.daily_play(puzzle, target, here.player.today(now))
    if play is None or (play.kind == PuzzleKind.CALENDAR and puzzle.id != here.player.variant.edition):
        return None
    return play.kind, play.day


# ---------------------------------------------------------------- where the person is


def linked(here: InChat, group: GroupLink | None) -> InChat:
    """The player in a private chat whose puzzle a group's link opened: in that group's edition and
    face-up mode, with the group as ``via`` (solves count for it too); else as it is."""
    if group is None or here.chat.in_group:
        return here
    variant = Variant(known_edition(group.edition), group.faceup)
    return InChat(replace(here.player, variant=variant), replace(here.chat, via=group.chat_id))


def _stored(session: Session, here: InChat) -> Progress | None:
    """The person's puzzle in this chat and the featured stage seen of it (one query; a second when
    a group's link made it a calendar variant other than the chat's)."""
    variant = game.variant_key(PuzzleKind.CALENDAR, here.player.variant)
    stored = hint_progress.get_progress(
        session=session, chat_id=here.chat.id, user_id=here.player.id, calendar_variant=variant
    )
    if stored is None or stored.group is None or stored.kind != PuzzleKind.CALENDAR:
        return stored
    other = linked(here, stored.group)
    other_variant = game.variant_key(PuzzleKind.CALENDAR, other.player.variant)
    if other_variant == variant:
        return stored
    return hint_progress.get_progress(
        session=session, chat_id=here.chat.id, user_id=here.player.id, calendar_variant=other_variant
    )


def _day_group(progress: Progress | None, day: date) -> GroupLink | None:
    """The group whose link opened the puzzles of ``day`` in this chat (it holds for that day only)."""
    return progress.group if progress is not None and progress.day == day else None


def _current(session: Session, here: InChat, now: datetime) -> Progress:
    """The person's puzzle in this chat: the stored one, else today's calendar."""
    stored = _stored(session, here)
    return stored or Progress(PuzzleKind.CALENDAR, here.player.today(now), 0, 0)


def _save(session: Session, here: InChat, progress: Progress) -> None:
    hint_progress.save_progress(
        session=session, chat_id=here.chat.id, user_id=here.player.id, progress=progress
    )


def _start(
    session: Session,
    here: InChat,
    kind: PuzzleKind,
    day: date,
    now: datetime | None = None,
    link: GroupLink | None = None,
) -> InChat:
    """Make (kind, day) the person's puzzle in this chat, keeping its progress if it already was;
    ``now``: when they opened it (the time a solve reports). ``link``: the group whose private link
    opens it; without one, a group's link of that day holds. The player here as linked."""
    stored = _stored(session, here)
    group = link or _day_group(stored, day)
    if stored is None or (stored.kind, stored.day, stored.group) != (kind, day, group):
        _save(session, here, Progress(kind, day, 0, 0, now, group))
    here = linked(here, group)
    if now is not None:
        game.open_play(session, here.player.id, here.play(kind, day), now)
    return here


def leave_group(session: Session, here: InChat) -> None:
    """The chat chose its own edition or face-up mode: a group's link of the day holds no more."""
    stored = None if here.chat.in_group else _stored(session, here)
    if stored is not None and stored.group is not None:
        _save(session, here, replace(stored, group=None))


# ---------------------------------------------------------------- the actions


def open_puzzle(
    session: Session,
    here: InChat,
    kind: PuzzleKind,
    day: date,
    now: datetime | None = None,
    link: GroupLink | None = None,
) -> Shown:
    """Show the daily puzzle (kind, day) and make it the person's puzzle in this chat, with the
    stage they have seen of it (anywhere: a group's link continues where the group left off), so
    its hint button names the stage a typed /hint shows next."""
    here = _start(session, here, kind, day, now, link)
    seen = game.stage_seen(session, here.player.id, here.play(kind, day))
    return _daily(session, here, kind, day, seen)


def group_link(session: Session, group: int) -> GroupLink:
    """A group's link with the group's edition and face-up mode, as stored."""
    settings = chats.get_chat(session=session, chat_id=group)
    return GroupLink(group, settings.edition if settings else None, bool(settings and settings.faceup))


def next_hint(
    session: Session,
    here: InChat,
    now: datetime,
    kind: PuzzleKind | None = None,
    day: date | None = None,
    stage: Stage | None = None,
) -> NextHint:
    """A hint of the person's puzzle here (or of the puzzle a button names): the ``stage`` a button
    names (a second press shows it again), else the next one. A typed request (no ``kind``) on a
    puzzle whose saved board the person chose to hint from hints from that board instead."""
    stored = _stored(session, here)
    progress = stored or Progress(PuzzleKind.CALENDAR, here.player.today(now), 0, 0)
    if kind is not None and day is not None and (progress.kind, progress.day) != (kind, day):
        if day < here.player.today(now):
            return StaleDay(day)
        progress = Progress(kind, day, 0, 0, group=_day_group(stored, day))
    moved = stored is None or (stored.kind, stored.day) != (progress.kind, progress.day)
    here = linked(here, progress.group)
    current = PuzzleKind(progress.kind)
    if kind is None:
        puzzle, target = puzzle_target(current, progress.day, here.player.variant.edition)
        saved = saved_board(session, here.player.id, puzzle, target)
        if saved is not None and saved.active:
            return _board_hint(session, here, now, puzzle, target, saved)
    seen = None if moved else Stage(progress.stage)  # read with the pointer: no second query
    shown = game.take_hint(session, here.player.id, here.play(current, progress.day), wanted=stage, seen=seen)
    if shown is None:
        return AllSeen(here, current, progress.day)
    hint = _daily(session, here, current, progress.day, shown)
    if moved:  # the button's puzzle is the person's puzzle in this chat from now on
        _save(session, here, replace(progress, stage=shown))
    return hint


def featured_hint(session: Session, here: InChat, now: datetime, kind: PuzzleKind, day: date) -> NextHint:
    """Stop hinting from the saved board of this daily puzzle: the next of the day's featured hints."""
    linked_here = linked(here, _day_group(_stored(session, here), day))
    puzzle, target = puzzle_target(kind, day, linked_here.player.variant.edition)
    use_board(session, here.player.id, puzzle, target, False)
    return next_hint(session, here, now, kind, day)


def answer(session: Session, here: InChat, now: datetime) -> Shown:
    """The full answer of the person's puzzle here, recorded as seen."""
    progress = _current(session, here, now)
    here = linked(here, progress.group)
    kind = PuzzleKind(progress.kind)
    shown = _daily(session, here, kind, progress.day, Stage.ANSWER)
    game.take_hint(session, here.player.id, here.play(kind, progress.day), wanted=Stage.ANSWER)
    _save(session, here, replace(progress, stage=Stage.ANSWER))
    return shown


def another(
    session: Session, here: InChat, now: datetime, day: date | None = None
) -> Another | AnswerFirst | None:
    """The next stored solution of the calendar puzzle here (or of ``day``'s), cycling through all of
    them; None when the person is on the challenge (it has one). Only once the answer was seen
    (on any ladder): before, another solution would be the answer by another road, so the next
    hint is offered instead (:class:`AnswerFirst`) and nothing is recorded."""
    progress = _current(session, here, now)
    if day is not None and (progress.kind, progress.day) != (PuzzleKind.CALENDAR, day):
        progress = Progress(PuzzleKind.CALENDAR, day, 0, 0, group=_day_group(progress, day))
    here = linked(here, progress.group)
    if progress.kind != PuzzleKind.CALENDAR:
        return None
    seen = game.hints_used(session, here.player.id, PuzzleKind.CALENDAR, progress.day)
    if seen < Stage.ANSWER:
        return AnswerFirst(here, PuzzleKind.CALENDAR, progress.day, Stage(seen + 1))
    daily, _ = calendar_of(session, progress.day, here.player.variant)
    step = progress.another + 1
    number, solution = other_solution(session, daily, step)
    _save(session, here, replace(progress, stage=Stage.ANSWER, another=step))
    game.take_hint(session, here.player.id, here.play(PuzzleKind.CALENDAR, progress.day), wanted=Stage.ANSWER)
    return Another(here, daily, number, solution)


def report_solve(
    session: Session,
    here: InChat,
    now: datetime,
    kind: PuzzleKind | None = None,
    day: date | None = None,
    language: str = "en",
) -> SolveReport:
    """ "I solved it" for the person's puzzle here (or the one a button names), with the text to
    share in ``language``. It counts for the group it is reported in, or in a private chat for the
    group whose link opened that day's puzzles there (:func:`hints.game.solve`)."""
    progress = _current(session, here, now)
    kind, day = kind or PuzzleKind(progress.kind), day or progress.day
    here = linked(here, _day_group(progress, day))
    group = here.chat.id if here.chat.in_group else here.chat.via
    play = here.play(kind, day)
    solved = game.solve(session, here.player, play, now, here.chat.id, group)
    return SolveReport(
        here, solved, game.share_text(solved, *game.share_heading(session, play, language), language)
    )


def share(session: Session, here: InChat, now: datetime, kind: PuzzleKind, day: date) -> str | None:
    """The text to share of the person's solve of (kind, day) in their language (an inline query:
    a Share button pressed); None when they have not solved it."""
    return game.shared_solve(session, here.player, here.play(kind, day), now, here.language)


def choose_variant(
    session: Session,
    here: InChat,
    now: datetime,
    *,
    edition: str | None = None,
    faceup: bool | None = None,
) -> Shown:
    """The chat chose its calendar edition or face-up mode (stored; a group's link of the day holds
    no more): today's calendar puzzle in it, made the person's puzzle here. InvalidSetting, with
    nothing written, for an edition there is not."""
    variant = here.player.variant
    if edition is not None:
        variant = variant._replace(
            edition=chat_settings.set_edition(session, here.chat.id, here.chat.kind, edition).id
        )
    if faceup is not None:
        chat_settings.set_faceup(session, here.chat.id, here.chat.kind, faceup)
        variant = variant._replace(faceup=faceup)
    leave_group(session, here)
    here = here.choosing(variant=variant)
    return open_puzzle(session, here, PuzzleKind.CALENDAR, here.player.today(now), now)


# ---------------------------------------------------------------- the person's own board


def _board_hint(
    session: Session, here: InChat, now: datetime, puzzle: Puzzle, target: Target, saved: SavedPosition
) -> FromBoard | BoardTrouble:
    kind_day = daily_of(puzzle, target, here, now)
    play = here.play(*kind_day) if kind_day is not None else None
    try:
        found = game.board_hint(session, here.player.id, puzzle, target, saved, play)
    except OutdatedCode:
        return BoardTrouble.OUTDATED
    return FromBoard(here, puzzle, target, saved, found, kind_day)


def board_hint_by_key(session: Session, here: InChat, now: datetime, key: str) -> FromBoard | BoardTrouble:
    """'Hint from my board': the next hint from the board saved for the target a button names, which
    the person's typed hints now come from too."""
    try:
        puzzle, target = board_of_key(key)
    except MalformedPosition:
        return BoardTrouble.STALE_KEY
    saved = saved_board(session, here.player.id, puzzle, target)
    if saved is None:
        return BoardTrouble.NO_BOARD
    use_board(session, here.player.id, puzzle, target, True)
    return _board_hint(session, here, now, puzzle, target, saved)


def current_board(session: Session, here: InChat, now: datetime) -> BoardStatus | BoardTrouble:
    """The person's saved board of their puzzle here, else their latest saved board, analysed."""
    progress = _current(session, here, now)
    here = linked(here, progress.group)
    puzzle, target = puzzle_target(PuzzleKind(progress.kind), progress.day, here.player.variant.edition)
    saved = saved_board(session, here.player.id, puzzle, target) or latest_board(session, here.player.id)
    if saved is None:
        return BoardTrouble.NO_BOARD
    puzzle = get_puzzle(saved.puzzle_id)
    target = puzzle.target(saved.target)
    try:
        analysis = analyse_position(session, puzzle, target, placements_of_code(puzzle, saved.code))
    except OutdatedCode:
        return BoardTrouble.OUTDATED
    return BoardStatus(puzzle, target, analysis)


def load_board(session: Session, here: InChat, now: datetime, payload: str) -> BoardStatus | BoardTrouble:
    """A deep link from the web board: save that board as the person's (and, when it is one of
    today's puzzles, make it their puzzle here), analysed."""
    try:
        link = decode_link(payload)
        analysis = save_board(session, here.player.id, link.puzzle, link.target, link.code, now)
    except OutdatedCode:
        return BoardTrouble.OUTDATED
    except MalformedPosition:
        return BoardTrouble.BAD_LINK
    kind_day = daily_of(link.puzzle, link.target, here, now)
    if kind_day is not None:
        _start(session, here, *kind_day)
    return BoardStatus(link.puzzle, link.target, analysis)
