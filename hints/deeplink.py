"""Telegram ``/start`` payloads that carry a board: ``<puzzle>_<target>_<code>``.

``puzzle`` is the puzzle's id and ``target`` the target's name, neither of
which has an ``_`` (a test checks every puzzle), so a link names the same board
whatever puzzles are added. The longest payload of any puzzle is 50 characters
(a 23-character id, a 9-character target, a 16-character code), within
Telegram's 64 characters of ``A-Za-z0-9_-``. A position code may itself contain
``_`` (base64url), so the payload splits on the first two underscores only.
:func:`board_key`, the first two parts, is also the bot's board button data.

Links and buttons made before named the puzzle by its index in the catalog
sorted by id and the target by its index in the puzzle, both decimal
(``3_24_…``). They still name the same board, through the catalog they were
made with (:data:`INDEX_CATALOG`); one whose puzzle has changed its targets
since is refused as outdated, never read as another target.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from hints.errors import MalformedPosition, OutdatedCode
from solver.catalog import Puzzle, Target, UnknownPuzzleError, UnknownTargetError
from solver.puzzles import get_puzzle

MAX_PAYLOAD = 64
KEY_PART = re.compile(r"[A-Za-z0-9-]{1,40}")

# The catalog that index links were made with: (puzzle id, targets_digest) by index. Never edit.
INDEX_CATALOG: tuple[tuple[str, str], ...] = (
    ("calendar-dragonfjord", "9941d9a8cce16f84"),
    ("hexiamond-rhombus-6x6", "859169b38185780d"),
    ("hexiamond-tenyo", "859169b38185780d"),
    ("pentomino-3x20", "859169b38185780d"),
    ("pentomino-4x15", "859169b38185780d"),
    ("pentomino-5x12", "859169b38185780d"),
    ("pentomino-6x10", "859169b38185780d"),
    ("pentomino-8x8-hole", "859169b38185780d"),
)


@dataclass(frozen=True)
class BoardLink:
    puzzle: Puzzle
    target: Target
    code: str


def targets_digest(puzzle: Puzzle) -> str:
    """16 hex digits of a SHA-256 of the puzzle's target names, in order (what a target index means)."""
    return hashlib.sha256("\n".join(t.name for t in puzzle.targets).encode()).hexdigest()[:16]


def board_key(puzzle: Puzzle, target: Target) -> str:
    """``<puzzle>_<target>``: a puzzle target by id and name (for links and button data)."""
    return f"{puzzle.id}_{target.name}"


def _names_none() -> MalformedPosition:
    return MalformedPosition("invalid_link", "this link names no puzzle of this catalog")


def _indexed_board(puzzle_index: int, target_index: int) -> tuple[Puzzle, Target]:
    """The puzzle target of an index key, read with the catalog it was made with."""
    if puzzle_index >= len(INDEX_CATALOG):
        raise _names_none()
    puzzle_id, targets = INDEX_CATALOG[puzzle_index]
    try:
        puzzle = get_puzzle(puzzle_id)
    except UnknownPuzzleError:
        raise _names_none() from None
    if targets_digest(puzzle) != targets:
        raise OutdatedCode(puzzle.id)
    if target_index >= len(puzzle.targets):
        raise _names_none()
    return puzzle, puzzle.targets[target_index]


def board_of_key(key: str) -> tuple[Puzzle, Target]:
    """The puzzle target of a :func:`board_key` or an index key made before; MalformedPosition
    (``invalid_link``) for a key that names none, OutdatedCode for an index key gone stale."""
    parts = key.split("_")
    if len(parts) != 2 or not all(KEY_PART.fullmatch(part) for part in parts):
        raise MalformedPosition("invalid_link", "this link does not name a board")
    if all(part.isdigit() for part in parts):  # ASCII digits: KEY_PART admits no others
        return _indexed_board(int(parts[0]), int(parts[1]))
    try:
        puzzle = get_puzzle(parts[0])
        return puzzle, puzzle.target(parts[1])
    except (UnknownPuzzleError, UnknownTargetError):
        raise _names_none() from None


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
