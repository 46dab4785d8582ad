"""Telegram ``/start`` payloads that carry a board: ``<puzzle>_<target>_<code>``.

``puzzle`` is the puzzle's index in the catalog sorted by id and ``target``
the target's index in the puzzle, both decimal, so the longest payload (two
digits, three digits, a 16-character code) stays far below Telegram's limit of
64 characters of ``A-Za-z0-9_-``. A position code may itself contain ``_``
(base64url), so the payload splits on the first two underscores only.
"""

from __future__ import annotations

from dataclasses import dataclass

from hints.errors import MalformedPosition
from solver.catalog import Puzzle, Target, catalog

MAX_PAYLOAD = 64


@dataclass(frozen=True)
class BoardLink:
    puzzle: Puzzle
    target: Target
    code: str


def _puzzles() -> list[Puzzle]:
    return [catalog()[key] for key in sorted(catalog())]


def board_key(puzzle: Puzzle, target: Target) -> str:
    """``<puzzle>_<target>``: a puzzle target in a few characters (for links and button data)."""
    puzzle_key = [p.id for p in _puzzles()].index(puzzle.id)
    target_key = [t.name for t in puzzle.targets].index(target.name)
    return f"{puzzle_key}_{target_key}"


def board_of_key(key: str) -> tuple[Puzzle, Target]:
    """The puzzle target of a :func:`board_key`; MalformedPosition (``invalid_link``) otherwise."""
    parts = key.split("_")
    # ASCII digits only: str.isdigit() also takes "²", which int() then refuses
    if len(parts) != 2 or not all(part.isascii() and part.isdigit() and len(part) <= 4 for part in parts):
        raise MalformedPosition("invalid_link", "this link does not name a board")
    puzzles = _puzzles()
    puzzle_key, target_key = int(parts[0]), int(parts[1])
    if puzzle_key >= len(puzzles) or target_key >= len(puzzles[puzzle_key].targets):
        raise MalformedPosition("invalid_link", "this link names no puzzle of this catalog")
    puzzle = puzzles[puzzle_key]
    return puzzle, puzzle.targets[target_key]


def encode_link(puzzle: Puzzle, target: Target, code: str) -> str:
    """The ``/start`` payload of a board."""
    return f"{board_key(puzzle, target)}_{code}"


def decode_link(payload: str) -> BoardLink:
    """The board a payload names; MalformedPosition (code ``invalid_link``) when it names none."""
    parts = payload.split("_", 2)
    if len(payload) > MAX_PAYLOAD or len(parts) != 3:
        raise MalformedPosition("invalid_link", "this link does not name a board")
    puzzle, target = board_of_key(f"{parts[0]}_{parts[1]}")
    return BoardLink(puzzle, target, parts[2])
