"""The puzzles as the front ends name them: the catalog, its targets, pieces, placements, hint
stages and board geometry.

The bot and the API reach the solver only through the service; these are the solver's types and
lookups they speak in (a puzzle, a target, a placement, a stage), re-exported here so that the
import contracts can forbid ``solver`` to every front end module.
"""

from __future__ import annotations

from solver.catalog import (
    MONTH_ABBREVIATIONS,
    WEEKDAY_ABBREVIATIONS,
    Piece,
    Puzzle,
    Target,
    UnknownPuzzleError,
    UnknownTargetError,
    dates_of_year,
    target_for_date,
)
from solver.encoding import Placement
from solver.geometry import Cell, Lattice, Shape, Transform, symmetries
from solver.puzzles import catalog, get_puzzle
from solver.stages import HINT_STAGES, Stage

__all__ = [
    "HINT_STAGES",
    "MONTH_ABBREVIATIONS",
    "WEEKDAY_ABBREVIATIONS",
    "Cell",
    "Lattice",
    "Piece",
    "Placement",
    "Puzzle",
    "Shape",
    "Stage",
    "Target",
    "Transform",
    "UnknownPuzzleError",
    "UnknownTargetError",
    "catalog",
    "dates_of_year",
    "get_puzzle",
    "symmetries",
    "target_for_date",
]
