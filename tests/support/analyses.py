"""Each puzzle's board analysis (its blockers, :func:`solver.problem.board_blockers`) kept between runs.

A process finds a puzzle's blockers the first time it builds a cover for it (0.15-0.75 s a puzzle,
about 5.5 s for all thirteen), so every pytest-xdist worker paid for each puzzle its tests touched,
in every run. The analysis depends on the solver's code and the puzzle files alone, so it is kept
in pytest's cache under the key of the precomputed stores (:func:`tests.support.stores.catalog_key`):
a change to the solver finds them again. ``tests/solver/test_blockers.py`` checks a kept analysis
against a fresh one.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import numpy.typing as npt

from solver import problem
from solver.blockers import Blockers
from solver.catalog import SINGLE_TARGET, Puzzle, Target
from solver.puzzles import all_puzzles
from tests.support.stores import catalog_key, file_lock

FIELDS = ("lone", "lone_item", "pairs", "pair_item")
KIND = "blockers"  # solver.problem's key for a puzzle's board analysis


def _kept(folder: Path) -> Path:
    return folder / f"blockers-{catalog_key()}.npz"


def _prefix(puzzle_id: str, fingerprint: str) -> str:
    return f"{puzzle_id}:{fingerprint}"


def _read(path: Path) -> dict[str, npt.NDArray[np.int64]]:
    if not path.exists():
        return {}
    with np.load(path) as kept:
        return {name: kept[name] for name in kept.files}


def load_board_analyses(folder: Path) -> list[Puzzle]:
    """Give this process the blockers kept in ``folder`` by earlier runs; the puzzles that had some."""
    arrays = _read(_kept(folder))
    given = []
    for puzzle in all_puzzles().values():
        prefix = _prefix(puzzle.id, puzzle.fingerprint)
        if f"{prefix}.lone" not in arrays:
            continue
        blockers = Blockers(*(arrays[f"{prefix}.{field}"] for field in FIELDS))
        board = problem.TargetProblem(puzzle, Target(SINGLE_TARGET))  # what board_blockers pairs them with
        problem._PER_PUZZLE[(KIND, puzzle.id, puzzle.fingerprint)] = (board, blockers)
        given.append(puzzle)
    return given


def keep_board_analyses(folder: Path) -> None:
    """Add the blockers this process found to those kept in ``folder`` (other workers add theirs
    under the same lock); analyses of an older key are dropped."""
    found = {key: value for key, value in problem._PER_PUZZLE.items() if key[0] == KIND}
    path = _kept(folder)
    with file_lock(folder / "blockers.lock"):
        arrays = _read(path)
        before = len(arrays)
        for (_, puzzle_id, fingerprint), (_, blockers) in found.items():
            prefix = _prefix(puzzle_id, fingerprint)
            for field in FIELDS:
                arrays.setdefault(f"{prefix}.{field}", getattr(blockers, field))
        if len(arrays) == before:
            return
        for stale in folder.glob("blockers-*.npz"):
            stale.unlink()
        writing = folder / f"writing-blockers-{os.getpid()}.npz"
        np.savez(writing, allow_pickle=False, **arrays)
        writing.replace(path)
