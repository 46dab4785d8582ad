"""The player's day: hints seen, the solve, the streak and the share text, one rule each, here.

A *play* is one person's day with one puzzle variant: the calendar puzzle of an edition (or
its face-up mode) or the pentomino challenge, on a local date. For each play the store keeps
the highest hint stage seen on each *ladder* (the day's featured hints, and the hints from the
person's saved board) and when it was first opened. Front ends (the bot, the API, the board)
make one call per action and only format what comes back:

- :func:`open_play` when a puzzle is shown; :func:`take_hint` for "show me a hint", with the
  stage a button names (the same stage on a second press: a double tap never skips ahead) or
  the next one; opening another puzzle never lowers what was seen on this one.
- :func:`solve` for "I solved it": the hints used are the most stages seen on any ladder of
  any variant of that kind of puzzle that day, wherever they were seen (never lowered);
  the first report counts.
- The web board (the Mini App) records a day only with a sign-in made on that day (in the
  player's time zone), so a sign-in replayed the next day records nothing; and its solve only
  for a board the service sees solved (:func:`solved_board`): the one it sends, or else the one
  the player saved that day.
- Streaks (:func:`streaks`) count consecutive days whose puzzle was solved **on that day**
  (in the person's time zone): solving a past date is recorded but neither extends nor
  repairs a streak. The calendar (any edition) and the pentomino challenge each have their own.
- :func:`record`: a person's streaks, the days of this month they solved, their hints on average.
- :func:`share_text`: what a person can paste anywhere, spoiler-free (no cell, no piece).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from enum import StrEnum

from sqlalchemy.orm import Session

from db import days_repository as days
from db import solves
from db.custom_puzzles import looks_custom
from hints.daily import (
    DEFAULT_VARIANT,
    PENTOMINO_BOARDS,
    PuzzleKind,
    Variant,
    challenge_board,
    challenge_heading,
    daily_calendar,
    edition_of,
)
from hints.errors import MalformedPosition, NoFaceUpSolution, NotPrecomputed, NotSolved, SignedBeforeDay
from hints.players import Player
from hints.position_hints import PositionHint, position_hint
from hints.positions import PositionAnalysis, analyse_position, placements_of_code, problem_texts
from hints.saved import SavedPosition, record_board_stage, saved_board
from hints.words import puzzle_title, written_date
from i18n import N_, translator
from solver.catalog import Puzzle, Target, target_for_date
from solver.encoding import Placement
from solver.puzzles import get_puzzle
from solver.stages import Stage


class Ladder(StrEnum):
    """Where a hint comes from: the day's featured solution, or the person's saved board."""

    FEATURED = "featured"
    BOARD = "board"


@dataclass(frozen=True)
class Play:
    """Which puzzle of which day: the kind, the local date, and for the calendar its edition and
    face-up mode (the variant)."""

    kind: PuzzleKind
    day: date
    variant: Variant = DEFAULT_VARIANT

    @property
    def key(self) -> str:
        return variant_key(self.kind, self.variant)


def variant_key(kind: PuzzleKind, variant: Variant = DEFAULT_VARIANT) -> str:
    """A puzzle variant as stored: ``calendar`` (DragonFjord's, not face up), ``calendar:<edition>``
    with ``:faceup`` in face-up mode, ``pentomino``."""
    if kind == PuzzleKind.PENTOMINO:
        return str(PuzzleKind.PENTOMINO)
    if variant == DEFAULT_VARIANT:
        return str(PuzzleKind.CALENDAR)
    return f"{PuzzleKind.CALENDAR}:{variant.edition}" + (":faceup" if variant.faceup else "")


def record_kind(puzzle: Puzzle) -> PuzzleKind:
    """Whose record a board of ``puzzle`` shows: the pentomino challenge's on its boards, the daily
    calendar's on any other (a person's own puzzle is played as their daily calendar)."""
    return PuzzleKind.PENTOMINO if puzzle.id in PENTOMINO_BOARDS else PuzzleKind.CALENDAR


def daily_play(
    puzzle: Puzzle, target: Target, today: date, faceup: bool = False, *, pre_placed: bool = True
) -> Play | None:
    """The play a board of ``puzzle`` and ``target`` is on ``today``: its calendar puzzle (any
    edition, or a person's own puzzle: a board's one target every day) or its pentomino challenge;
    None when the board is not one of the day's puzzles. ``pre_placed``: the board holds pieces
    that stay where they are; the challenge board without them is the free board, no day's puzzle
    (no streak, no tomorrow's puzzle)."""
    if puzzle.is_calendar or looks_custom(puzzle.id):
        if target.name != target_for_date(puzzle, today).name:
            return None
        return Play(PuzzleKind.CALENDAR, today, Variant(puzzle.id, faceup))
    if not pre_placed or puzzle.id != challenge_board(today):
        return None
    return Play(PuzzleKind.PENTOMINO, today)


def open_play(session: Session, player_id: int, play: Play, now: datetime) -> None:
    """The puzzle was shown to the player: its day starts now if it had not yet."""
    days.open_day(session=session, user_id=player_id, day=play.day, puzzle=play.key, kind=play.kind, now=now)


def stage_seen(session: Session, player_id: int, play: Play, ladder: Ladder = Ladder.FEATURED) -> Stage:
    """The highest stage the player has seen on one ladder of this play (0: none)."""
    found = days.get_day(session=session, user_id=player_id, day=play.day, puzzle=play.key)
    if found is None:
        return Stage.PUZZLE
    return Stage(found.featured_stage if ladder == Ladder.FEATURED else found.board_stage)


def take_hint(
    session: Session,
    player_id: int,
    play: Play,
    ladder: Ladder = Ladder.FEATURED,
    wanted: Stage | None = None,
    seen: Stage | None = None,
) -> Stage | None:
    """The stage to show, recorded as seen: ``wanted`` when a button names it (so pressing it twice
    shows it twice), else the one after the highest seen; None when the answer was seen already.
    ``seen``: the highest stage seen, when the caller has just read it (saves a query)."""
    if wanted is None:
        seen = stage_seen(session, player_id, play, ladder) if seen is None else seen
        if seen >= Stage.ANSWER:
            return None
        wanted = Stage(seen + 1)
    days.raise_stage(
        session=session,
        user_id=player_id,
        day=play.day,
        puzzle=play.key,
        kind=play.kind,
        ladder=ladder,
        stage=int(wanted),
    )
    return wanted


@dataclass(frozen=True)
class BoardHint:
    """The next hint from a saved board: the stage, and the hint (None when the board breaks a
    rule: then ``analysis`` says what is wrong)."""

    stage: Stage
    placements: tuple[Placement, ...]
    hint: PositionHint | None
    analysis: PositionAnalysis | None


def board_hint(
    session: Session, player_id: int, puzzle: Puzzle, target: Target, saved: SavedPosition, play: Play | None
) -> BoardHint:
    """The next stage of the hints from the player's saved board (one piece, half the missing
    pieces, all of them, nested), recorded on the board and, when the board is one of the day's
    puzzles (``play``), as seen on its board ladder (so the solve counts it).
    OutdatedCode when the board was saved for an older version of the puzzle."""
    placements = placements_of_code(puzzle, saved.code)
    stage = Stage(min(saved.stage + 1, Stage.ANSWER))
    try:
        hint = position_hint(session, puzzle, target, placements, stage)
    except MalformedPosition:  # an illegal board: no hint, its status instead
        return BoardHint(stage, placements, None, analyse_position(session, puzzle, target, placements))
    record_board_stage(session, player_id, puzzle, target, stage)
    if play is not None:
        take_hint(session, player_id, play, Ladder.BOARD, stage)
    return BoardHint(stage, placements, hint, None)


@dataclass(frozen=True)
class Board:
    """A web board as the player has it open: the puzzle, the target, face-up mode, and whether
    pieces are pre-placed on it to stay (the day's challenge; the same board without is free)."""

    puzzle: Puzzle
    target: Target
    faceup: bool = False
    pre_placed: bool = False


def board_play(board: Board, now: datetime, player: Player) -> Play | None:
    """The play the web board is for ``player`` today (their local date); None when it is none of
    their puzzles today. SignedBeforeDay when their Mini App sign-in was made before that day began
    in their zone: it may not record that day (a web visitor's cookie has no sign-in time)."""
    play = daily_play(
        board.puzzle, board.target, player.today(now), board.faceup, pre_placed=board.pre_placed
    )
    signed_at = player.signed_at
    if play is not None and signed_at is not None and signed_at.astimezone(player.zone).date() < play.day:
        raise SignedBeforeDay(play.day.isoformat())
    return play


def opened_on_board(session: Session, player: Player, board: Board, now: datetime) -> Play | None:
    """The player opened the web board: when it is one of their puzzles today, its day starts now
    if it had not yet (the solve's time counts from then); None when it is not. SignedBeforeDay as
    :func:`board_play`."""
    play = board_play(board, now, player)
    if play is not None:
        open_play(session, player.id, play, now)
    return play


def seen_on_board(session: Session, player: Player, board: Board, stage: Stage, now: datetime) -> Play | None:
    """A hint stage the player saw on the web board, recorded on its board ladder when the board is
    one of their puzzles today (their local date); None when not. SignedBeforeDay for a sign-in
    made before that day (:func:`board_play`)."""
    play = board_play(board, now, player)
    if play is not None:
        take_hint(session, player.id, play, Ladder.BOARD, stage)
    return play


def solved_on_board(
    session: Session, player: Player, board: Board, now: datetime, language: str, code: str | None = None
) -> tuple[Solved, str] | None:
    """The player solved the web board: the solve (recorded once a day) and its share text in their
    language (else ``language``); None when the board is not one of their puzzles today. The board
    must be solved: ``code``, or else the board they saved today (:func:`solved_board`);
    SignedBeforeDay for a sign-in made before that day."""
    play = board_play(board, now, player)
    if play is None:
        return None
    solved_board(session, player.id, board.puzzle, board.target, play, code, player.zone)
    solved = solve(session, player, play, now, player.id)
    words = player.language or language
    return solved, share_text(solved, *share_heading(session, play, words), words)


def solved_board(
    session: Session,
    player_id: int,
    puzzle: Puzzle,
    target: Target,
    play: Play,
    code: str | None,
    zone: tzinfo,
) -> PositionAnalysis:
    """The analysis of the board that shows ``play`` solved: the position ``code`` names, or
    without one the board the player saved on the play's day (in ``zone``), judged among the
    play's solutions (face up or not). NotSolved when there is no such board or it is not solved;
    MalformedPosition (OutdatedCode) for a code that names no position (any more)."""
    where = f"{puzzle.id} {target.name}"
    if code is None:
        saved = saved_board(session, player_id, puzzle, target)
        if saved is None or saved.saved_at.astimezone(zone).date() < play.day:
            raise NotSolved(
                "no_board",
                f"no board of yours on {where} was sent or saved today: send the solved board's code",
            )
        code = saved.code
    placements = placements_of_code(puzzle, code)
    analysis = analyse_position(session, puzzle, target, placements, play.variant.faceup)
    if not analysis.solved:
        raise NotSolved(
            "not_solved",
            f"the board on {where} is not solved ({_short_of_solved(analysis)}); nothing recorded",
        )
    return analysis


def _short_of_solved(analysis: PositionAnalysis) -> str:
    """What keeps a board from being solved, in a few words."""
    if not analysis.legal:
        return "it breaks a rule: " + "; ".join(problem_texts(analysis.problems))
    placed, pieces = len(analysis.placements), len(analysis.puzzle.pieces)
    if analysis.dead_end:
        return f"a dead end with {placed} of {pieces} pieces placed"
    return f"{placed} of {pieces} pieces placed"


def hints_used(session: Session, player_id: int, kind: PuzzleKind, day: date) -> int:
    """The most hint stages the player saw of that day's puzzle of this kind, on any ladder and variant."""
    return days.most_stages(session=session, user_id=player_id, day=day, kind=kind)


# ---------------------------------------------------------------- solves and streaks


@dataclass(frozen=True)
class Solved:
    """What "I solved it" did: ``fresh`` False when the player had reported it before."""

    play: Play
    fresh: bool
    hints: int
    seconds: int | None
    on_day: bool
    streak: int
    best: int


def solve(
    session: Session,
    player: Player,
    play: Play,
    now: datetime,
    chat_id: int,
    group: int | None = None,
) -> Solved:
    """Record the player's solve (on their local date now) and say what it counts for.

    ``chat_id`` is where it is reported; ``group``, the group it counts for (the chat itself in a
    group, the group whose private link opened the puzzle in a private chat). A solve counts for
    every group it is reported in or linked from, though only the first report sets its hints.
    """
    today = player.today(now)
    hints = hints_used(session, player.id, play.kind, play.day)
    opened = days.first_opened(session=session, user_id=player.id, day=play.day, kind=play.kind)
    seconds = int((now - opened).total_seconds()) if opened is not None and now >= opened else None
    on_day = play.day == today
    record = solves.Solve(player.id, play.kind, play.day, chat_id, player.name or "?", hints, seconds, on_day)
    fresh = solves.record_solve(session=session, solve=record, now=now)
    if group is not None and not (fresh and group == chat_id):  # a fresh report in a group is its own row
        solves.count_for_group(
            session=session, user_id=player.id, kind=play.kind, day=play.day, chat_id=group
        )
    mine = solves.user_solves(session=session, user_id=player.id)
    if not fresh:  # the first report counts: say what it recorded
        first = next(s for s in mine if s.kind == play.kind and s.day == play.day)
        hints, seconds, on_day = first.hints, first.seconds, first.on_day
    current, best = _streaks_of(mine, play.kind, today)
    return Solved(play, fresh, hints, seconds, on_day, current, best)


def streak_of(days_solved: Iterable[date], today: date) -> tuple[int, int]:
    """(current, best) runs of consecutive days. The current run ends today, or yesterday while
    today's puzzle is not solved yet (a streak is not lost before the day is over)."""
    solved = sorted(set(days_solved))
    best = run = 0
    previous: date | None = None
    for day in solved:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    present = set(solved)
    end = today if today in present else today - timedelta(days=1)
    current = 0
    while end in present:
        current += 1
        end -= timedelta(days=1)
    return current, best


def streaks(session: Session, player_id: int, kind: PuzzleKind, today: date) -> tuple[int, int]:
    """(current, best) streak of one kind of puzzle: days solved on the day itself only."""
    return _streaks_of(solves.user_solves(session=session, user_id=player_id), kind, today)


def _streaks_of(mine: Iterable[solves.Solve], kind: PuzzleKind, today: date) -> tuple[int, int]:
    return streak_of((s.day for s in mine if s.kind == kind and s.on_day), today)


@dataclass(frozen=True)
class Record:
    """A player's record as of a day: their streaks, the calendar puzzles of that day's month they
    solved, and how many hints they took overall."""

    streak: int  # the calendar's, any edition
    best: int
    challenge_streak: int
    challenge_best: int
    challenge_solves: int
    month: dict[date, int]  # each date of the month whose calendar puzzle was solved -> hint stages used
    solves: int  # of both kinds, every day
    average_hints: float  # per solve, 0.0 without any


def record(session: Session, player_id: int, today: date) -> Record:
    """The player's record on ``today`` (their local date), from one read of their solves."""
    mine = solves.user_solves(session=session, user_id=player_id)

    def days_on_time(kind: PuzzleKind) -> list[date]:
        return [s.day for s in mine if s.kind == kind and s.on_day]

    streak, best = streak_of(days_on_time(PuzzleKind.CALENDAR), today)
    challenge_streak, challenge_best = streak_of(days_on_time(PuzzleKind.PENTOMINO), today)
    month = {
        s.day: s.hints
        for s in mine
        if s.kind == PuzzleKind.CALENDAR and (s.day.year, s.day.month) == (today.year, today.month)
    }
    return Record(
        streak=streak,
        best=best,
        challenge_streak=challenge_streak,
        challenge_best=challenge_best,
        challenge_solves=sum(1 for s in mine if s.kind == PuzzleKind.PENTOMINO),
        month=month,
        solves=len(mine),
        average_hints=sum(s.hints for s in mine) / len(mine) if mine else 0.0,
    )


@dataclass(frozen=True)
class KindRecord:
    """One kind of puzzle in a player's record: the days played (opened, or a hint seen), the
    puzzles solved (on any day), the streaks of those solved on their own day, the hint stages
    used over the solves, and whether today's puzzle is solved."""

    played: int
    solved: int
    streak: int
    best: int
    hints: int = 0
    solved_today: bool = False


@dataclass(frozen=True)
class Standing:
    """A player's today and their record for the calendar (any edition) and the challenge."""

    today: date
    calendar: KindRecord
    challenge: KindRecord


def standing(session: Session, player: Player, now: datetime) -> Standing:
    """The player's record as of their local date at ``now``."""
    today = player.today(now)
    mine = solves.user_solves(session=session, user_id=player.id)
    opened = days.days_played(session=session, user_id=player.id)

    def of(kind: PuzzleKind) -> KindRecord:
        kinds = [s for s in mine if s.kind == kind]
        solved = {s.day for s in kinds}
        streak, best = _streaks_of(mine, kind, today)
        hints = sum(s.hints for s in kinds)
        return KindRecord(
            len(opened.get(kind, set()) | solved), len(solved), streak, best, hints, today in solved
        )

    return Standing(today, of(PuzzleKind.CALENDAR), of(PuzzleKind.PENTOMINO))


# ---------------------------------------------------------------- sharing

HINT_MARKS = ("■", "□")  # a hint stage used, one not used
SHARE_HEADING = N_("{puzzle} · {date} · {stars}")
SHARE_NO_HINTS = N_("Solved with no hints")
SHARE_HINTS = N_("Hints {marks}")
SHARE_MINUTES = N_("{minutes} min")
SHARE_SECONDS = N_("{seconds} s")
SHARE_STREAK = N_("streak {days}")


def hint_marks(hints: int) -> str:
    """■■□: the hint stages used of the three."""
    used = max(0, min(hints, len(Stage) - 1))
    return HINT_MARKS[0] * used + HINT_MARKS[1] * (len(Stage) - 1 - used)


def share_heading(session: Session, play: Play, language: str) -> tuple[str, str | None]:
    """The puzzle's name in the share text, in ``language``, and the calendar puzzle's difficulty
    stars when known (:func:`hints.difficulty.edition_difficulty`)."""
    if play.kind == PuzzleKind.PENTOMINO:
        return challenge_heading(play.day, get_puzzle(challenge_board(play.day)), language), None
    try:
        daily = daily_calendar(session, play.day, *play.variant)
    except (NotPrecomputed, NoFaceUpSolution):
        return puzzle_title(edition_of(play.variant.edition), language), None
    stars = daily.difficulty.stars if daily.difficulty is not None else None
    return puzzle_title(daily.puzzle, language), stars


def share_text(solved: Solved, title: str, stars: str | None, language: str) -> str:
    """The solve in two lines anyone can read without seeing the answer: the puzzle, its date and
    difficulty; hints used, the time when known, the streak. No cell and no piece is named."""
    words = translator(language)
    on = written_date(solved.play.day, language)  # 2026-01-22, 2026年1月22日(木)
    heading = words.gettext(SHARE_HEADING).format(puzzle=title, date=on, stars=stars or "").rstrip(" ·")
    parts = [
        words.gettext(SHARE_NO_HINTS)
        if solved.hints == 0
        else words.gettext(SHARE_HINTS).format(marks=hint_marks(solved.hints))
    ]
    if solved.seconds is not None:
        parts.append(_share_time(solved.seconds, words.gettext))
    if solved.streak >= 1:
        parts.append(words.gettext(SHARE_STREAK).format(days=solved.streak) + " 🔥")
    return f"{heading}\n{' · '.join(parts)}"


def shared_solve(session: Session, player: Player, play: Play, now: datetime, language: str) -> str | None:
    """The share text of the player's solve of ``play`` as first reported (the streak as of now),
    in ``language``; None when they have not reported it solved."""
    mine = solves.user_solves(session=session, user_id=player.id)
    first = next((s for s in mine if s.kind == play.kind and s.day == play.day), None)
    if first is None:
        return None
    current, best = _streaks_of(mine, play.kind, player.today(now))
    solved = Solved(play, False, first.hints, first.seconds, first.on_day, current, best)
    return share_text(solved, *share_heading(session, play, language), language)


def _share_time(seconds: int, gettext: Callable[[str], str]) -> str:
    """How long the solve took: seconds under a minute (it said "1 min" for 8 s), else minutes."""
    if seconds < 60:
        return gettext(SHARE_SECONDS).format(seconds=max(1, seconds))
    return gettext(SHARE_MINUTES).format(minutes=round(seconds / 60))


Solver = solves.Solve  # one person's solve of a chat's puzzle, as /top and the daily post count it


def chat_solvers(session: Session, chat_id: int, day: date) -> list[Solver]:
    """Who solved ``day``'s calendar puzzle for this chat (in it, or counted for it from a private
    chat): fewest hints first, then fastest."""
    return solves.chat_solves(session=session, chat_id=chat_id, day=day, kind=PuzzleKind.CALENDAR)
