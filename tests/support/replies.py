"""Helpers of the reply tests (tests/bot/test_replies*.py): who asks and when, what came back, and
boards to save.

The reply functions of :mod:`bot.replies` are pure: a test of their words builds the answer
itself; a test of a rule and its words together asks as the handler does
(:mod:`tests.support.asked`: the service call on a real session over the sample store,
:data:`tests.support.stores.SAMPLE`, then the reply): no Telegram, no fake Bot API, no polling
Application. What the handlers add around them (the asker's name in groups, editing in place, the
unit of work's commit) is the end-to-end tests' business.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, date, datetime

from sqlalchemy.orm import Session

from bot.replies.types import Reply, Web
from db import hint_progress
from db.engine import make_engine, session_factory
from db.hint_progress import Progress
from hints.codes import board_placements, encode_position
from hints.daily import CALENDAR_ID, Variant
from hints.player_actions import InChat
from hints.players import Chat, Player
from hints.raw_solutions import raw_solutions
from hints.saved import save_board
from solver.catalog import Puzzle, Target
from solver.encoding import Placement
from solver.puzzles import get_puzzle

# The clock of every test: 10:00 UTC on a sample date whose daily puzzles are both in the sample
# store (the calendar's 01-22: 78 solutions, 3 of them face up; the challenge on pentomino-3x20).
NOW = datetime(2026, 1, 22, 10, 0, tzinfo=UTC)
TODAY = NOW.date()
OTHER_DAY = date(2026, 1, 25)  # another stored calendar date (216 solutions)
NO_FACEUP_DAY = date(2026, 1, 29)  # every solution of 01-29 turns some piece over
WEB = Web("https://puzzles.example.org")
GROUP = -1_001
CALENDAR = get_puzzle(CALENDAR_ID)
CHALLENGE_BOARD = get_puzzle("pentomino-3x20")  # TODAY's challenge board


def asker(
    *,
    user_id: int = 1,
    group: bool = False,
    language: str = "en",
    timezone: str = "UTC",
    first_name: str = "Ann",
    edition: str = CALENDAR_ID,
    faceup: bool = False,
) -> InChat:
    """InChat asks: a user in their private chat (its id is theirs), or in the test supergroup."""
    chat_id, kind = (GROUP, "supergroup") if group else (user_id, "private")
    player = Player(user_id, "UTC", timezone, Variant(edition, faceup), language, first_name)
    return InChat(player, Chat(chat_id, kind))


@contextmanager
def open_session(url: str) -> Iterator[Session]:
    """A session on ``url`` (never committed: the replies' writes are read back in it)."""
    engine = make_engine(url)
    try:
        with session_factory(engine)() as session:
            yield session
    finally:
        engine.dispose()


def labels(reply: Reply) -> list[str]:
    return [button.label for button in reply.buttons]


def data(reply: Reply, label: str) -> str:
    """The callback data of the button labelled ``label`` (StopIteration if there is none)."""
    return next(button.data for button in reply.buttons if button.label == label)


def url(reply: Reply, label: str) -> str | None:
    return next(button.url for button in reply.buttons if button.label == label)


def photo_key(reply: Reply) -> str:
    """The cache key of the reply's picture (AssertionError if it has none)."""
    assert reply.photo is not None
    return reply.photo.key


def progress(session: Session, who: InChat) -> Progress | None:
    return hint_progress.get_progress(session=session, chat_id=who.chat.id, user_id=who.player.id)


def current(session: Session, who: InChat) -> tuple[str, date, int] | None:
    """The asker's current puzzle and hint stage (kind, day, stage), if they opened one."""
    found = progress(session, who)
    return None if found is None else (found.kind, found.day, found.stage)


# ---------------------------------------------------------------- boards


def a_solution(session: Session, puzzle: Puzzle, target: Target) -> list[Placement]:
    """The target's first raw solution, by piece."""
    return sorted(raw_solutions(session, puzzle, target).solutions[0], key=lambda p: p.piece)


def off_every_solution(session: Session, puzzle: Puzzle, target: Target) -> Placement:
    """A placement that breaks no rule of the target but is in none of its solutions (a dead end)."""
    used = raw_solutions(session, puzzle, target).masks
    return next(
        p
        for placements in board_placements(puzzle)
        for p in placements
        if p not in used and not set(p.cells) & target.uncovered
    )


def over_an_open_cell(puzzle: Puzzle, target: Target) -> Placement:
    """A placement that covers a cell the target leaves open (a broken rule)."""
    return next(
        p for placements in board_placements(puzzle) for p in placements if set(p.cells) & target.uncovered
    )


def code_of(puzzle: Puzzle, placements: Sequence[Placement]) -> str:
    code = encode_position(puzzle, placements)
    assert code is not None
    return code


def save(
    session: Session,
    who: InChat,
    puzzle: Puzzle,
    target: Target,
    placements: Sequence[Placement],
    at: datetime = NOW,
) -> str:
    """Save ``placements`` as the asker's board on the target at ``at`` (as the Mini App does); its code."""
    code = code_of(puzzle, placements)
    save_board(session, who.player.id, puzzle, target, code, at)
    return code


def piece_name(puzzle: Puzzle, placement: Placement) -> str:
    return puzzle.pieces[placement.piece].name
