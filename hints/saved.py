"""A Telegram user's saved board per puzzle target: saved from the Mini App or a deep link, read by /hint.

Saving validates the code first (a code that names no position is refused) and
stores the position's own code, in the current version, so a saved board is a
well-formed position of its puzzle. Reading gives the current code of a board
stored before (a version-1 code, even one with spare bits set, as was accepted
then); a board whose puzzle has been redrawn since keeps its code, which
decoding refuses as outdated (:class:`~hints.errors.OutdatedCode`).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sqlalchemy.orm import Session

from db import positions_repository as boards
from db.positions_repository import SavedPosition
from hints.codes import current_code
from hints.errors import MalformedPosition
from hints.positions import PositionAnalysis, analyse_position, placements_of_code
from solver.catalog import Puzzle, Target, UnknownPuzzleError
from solver.puzzles import get_puzzle

__all__ = ["SavedPosition", "latest_board", "record_board_stage", "save_board", "saved_board", "use_board"]


def save_board(
    session: Session, user_id: int, puzzle: Puzzle, target: Target, code: str, now: datetime
) -> PositionAnalysis:
    """Store the user's board under its current code (MalformedPosition for a bad code, OutdatedCode
    for one made for an earlier version of the puzzle) and return its analysis."""
    placements = placements_of_code(puzzle, code)
    analysis = analyse_position(session, puzzle, target, placements)
    assert analysis.code is not None, "a decoded position always has a code"
    boards.save(
        session=session, user_id=user_id, puzzle_id=puzzle.id, target=target.name, code=analysis.code, now=now
    )
    return analysis


def _current(saved: SavedPosition | None) -> SavedPosition | None:
    """The saved board with its current code; as stored when it names no position any more."""
    if saved is None:
        return None
    try:
        return replace(saved, code=current_code(get_puzzle(saved.puzzle_id), saved.code))
    except (MalformedPosition, UnknownPuzzleError):
        return saved


def saved_board(session: Session, user_id: int, puzzle: Puzzle, target: Target) -> SavedPosition | None:
    """The user's saved board on this target, if any (active or not), with its current code."""
    return _current(boards.get(session=session, user_id=user_id, puzzle_id=puzzle.id, target=target.name))


def use_board(session: Session, user_id: int, puzzle: Puzzle, target: Target, active: bool) -> bool:
    """Hint from the saved board (True) or from the day's featured solution (False)."""
    return boards.update_board(
        session=session, user_id=user_id, puzzle_id=puzzle.id, target=target.name, active=active
    )


def record_board_stage(session: Session, user_id: int, puzzle: Puzzle, target: Target, stage: int) -> None:
    """Remember how many hints the user has seen from the saved board."""
    boards.update_board(
        session=session, user_id=user_id, puzzle_id=puzzle.id, target=target.name, stage=stage
    )


def latest_board(session: Session, user_id: int) -> SavedPosition | None:
    """The user's most recently saved board on any puzzle, with its current code."""
    return _current(boards.latest(session=session, user_id=user_id))
