"""Each puzzle's board analysis (its blockers, :func:`solver.problem.board_blockers`) shared by the
run's processes and kept between runs.

A process finds a puzzle's blockers the first time it builds a cover for it (0.2-0.9 s a puzzle,
about 9 s for all of them), so every pytest-xdist worker paid for each puzzle its tests touched.
The analysis depends on the solver's code and the puzzle files alone: it is written to pytest's
cache, a file per puzzle under the key of the precomputed stores
(:func:`tests.support.stores.catalog_key`), as soon as a process has found it, and a process
missing it reads that file before finding it itself. So a fresh clone finds each analysis about
once in a run (two workers may both find one at the same moment), and a later run none until the
solver changes. ``tests/solver/test_blockers.py`` checks a kept analysis against a fresh one.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np

from solver import problem
from solver.blockers import Blockers
from solver.catalog import SINGLE_TARGET, Target
from solver.puzzles import all_puzzles
from tests.support.stores import catalog_key

FIELDS = ("lone", "lone_item", "pairs", "pair_item")
KIND = "blockers"  # solver.problem's key for a puzzle's board analysis
Key = tuple[str, str, str]  # solver.problem's: kind, puzzle id, fingerprint


class SharedAnalyses(OrderedDict[Key, Any]):
    """:data:`solver.problem._PER_PUZZLE` whose catalog puzzles' blockers are read from and written to
    files in ``folder``; every other entry stays in the process, as before."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self._folder = folder
        self._key = catalog_key()

    def get(self, key: Key, default: Any = None) -> Any:
        found = super().get(key)
        if found is None and self._shared(key):
            found = self._read(key)
            if found is not None:
                super().__setitem__(key, found)
        return default if found is None else found

    def __setitem__(self, key: Key, value: Any) -> None:
        super().__setitem__(key, value)
        if self._shared(key) and not self._path(key).exists():
            self._write(key, value[1])

    def _shared(self, key: Key) -> bool:
        kind, puzzle_id, fingerprint = key
        puzzle = all_puzzles().get(puzzle_id)
        return kind == KIND and puzzle is not None and puzzle.fingerprint == fingerprint

    def _path(self, key: Key) -> Path:
        _, puzzle_id, fingerprint = key
        return self._folder / f"blockers-{self._key}-{puzzle_id}-{fingerprint}.npz"

    def _read(self, key: Key) -> tuple[problem.TargetProblem, Blockers] | None:
        try:
            with np.load(self._path(key)) as kept:
                blockers = Blockers(*(kept[field] for field in FIELDS))
        except OSError:  # not found yet
            return None
        puzzle = all_puzzles()[key[1]]
        return problem.TargetProblem(puzzle, Target(SINGLE_TARGET)), blockers  # as board_blockers pairs them

    def _write(self, key: Key, blockers: Blockers) -> None:
        writing = self._folder / f"writing-{os.getpid()}-{key[1]}.npz"
        np.savez(writing, allow_pickle=False, **{field: getattr(blockers, field) for field in FIELDS})
        writing.replace(self._path(key))  # whole or not there, for the other processes


def share_board_analyses(folder: Path) -> None:
    """Make this process read and write the catalog's board analyses in ``folder``; the analyses of
    another key (an older solver) are removed."""
    folder.mkdir(parents=True, exist_ok=True)
    shared = SharedAnalyses(folder)
    for stale in folder.glob("blockers-*.npz"):
        if not stale.name.startswith(f"blockers-{catalog_key()}-"):
            stale.unlink(missing_ok=True)
    shared.update(problem._PER_PUZZLE)
    problem._PER_PUZZLE = shared
