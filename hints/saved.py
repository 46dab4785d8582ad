"""A Telegram user's saved board per puzzle target: saved from the Mini App or a deep link, read by /hint.

Saving validates the code first (a code that names no position is refused),
so a saved board is always a well-formed position of its puzzle.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from db import positions_repository as boards
from db.positions_repository import SavedPosition
from hints.positions import PositionAnalysis, analyse_position, placements_of_code
from solver.catalog import Puzzle, Target

__all__ = ["SavedPosition", "latest_board", "record_board_stage", "save_board", "saved_board", "use_board"]


def save_board(
    session: Session, user_id: int, puzzle: Puzzle, target: Target, code: str, now: datetime
) -> PositionAnalysis:
    """Store the user's board (MalformedPosition for a bad code) and return its analysis."""
    placements = placements_of_code(puzzle, code)
    analysis = analyse_position(session, puzzle, target, placements)
    boards.save(session=session, user_id=user_id, puzzle_id=puzzle.id, target=target.name, code=code, now=now)
    return analysis


def saved_board(session: Session, user_id: int, puzzle: Puzzle, target: Target) -> SavedPosition | None:
    """The user's saved board on this target, if any (active or not)."""
    return boards.get(session=session, user_id=user_id, puzzle_id=puzzle.id, target=target.name)


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
    """The user's most recently saved board on any puzzle."""
    return boards.latest(session=session, user_id=user_id)
