"""The puzzles, found by id: every puzzle shipped in ``solver/data`` (read once per process), and
the puzzles people defined, through the resolver a process installs (:func:`use_resolver`).

The solver knows nothing of where people's puzzles are kept: the service installs a resolver that
reads them from the store (``hints.custom_puzzles``), so every lookup by id — the solver's tasks,
the hints, the pictures, the codes — finds a custom puzzle exactly as it finds a shipped one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from solver.catalog import Puzzle, UnknownPuzzleError
from solver.catalog_files import load_catalog

Resolver = Callable[[str], Puzzle | None]
_resolvers: list[Resolver] = []  # at most one: the store this process serves


@cache
def all_puzzles() -> dict[str, Puzzle]:
    """Every shipped puzzle, the on-demand editions included, loaded once per process."""
    return load_catalog()


@cache
def catalog() -> dict[str, Puzzle]:
    """The shipped puzzles precomputed by default and served: all but those marked on-demand."""
    return {pid: puzzle for pid, puzzle in all_puzzles().items() if not puzzle.on_demand}


def use_resolver(resolver: Resolver) -> None:
    """Let :func:`get_puzzle` also find the puzzles ``resolver`` knows (it answers None for an id
    it does not know), instead of those of the resolver installed before (a process serves one
    store; a test opens one after another)."""
    _resolvers[:] = [resolver]


def drop_resolver(resolver: Resolver) -> None:
    """Stop asking ``resolver`` (a closed store's), if it is still the one installed."""
    if resolver in _resolvers:
        _resolvers.remove(resolver)


def get_puzzle(puzzle_id: str, puzzles: dict[str, Puzzle] | None = None) -> Puzzle:
    """The puzzle with this id: a shipped one (on-demand ones too), else one an installed resolver
    knows; UnknownPuzzleError listing the shipped ids otherwise. Given ``puzzles``, only those."""
    known = all_puzzles() if puzzles is None else puzzles
    found = known.get(puzzle_id)
    if found is None and puzzles is None:
        found = next((p for p in (resolve(puzzle_id) for resolve in _resolvers) if p is not None), None)
    if found is None:
        raise UnknownPuzzleError(f"unknown puzzle {puzzle_id!r}; valid ids: {', '.join(known)}")
    return found
