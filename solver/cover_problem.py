"""An exact-cover problem as data: items, groups, options, constraints and a solution, and the error
of a search that did not finish (:mod:`solver.cover` searches; :mod:`solver.cpsat` runs CP-SAT)."""

from __future__ import annotations

from dataclasses import dataclass

Solution = tuple[int, ...]


class SearchIncomplete(RuntimeError):
    """CP-SAT did not finish an enumeration (stopped early, or rejected the model); names the status."""


@dataclass(frozen=True)
class Option:
    group: int
    items: tuple[int, ...]


@dataclass(frozen=True)
class CoverProblem:
    """The items, groups and options; optionally, facts about the options that no solution breaks.

    ``dead`` options are in no solution, and each ``(a, bs)`` of ``excludes`` says that no
    solution holds option ``a`` together with any of ``bs`` (see :mod:`solver.blockers`).
    They change no answer, only how soon CP-SAT sees a dead end.
    """

    n_items: int
    n_groups: int
    options: tuple[Option, ...]
    dead: tuple[int, ...] = ()
    excludes: tuple[tuple[int, tuple[int, ...]], ...] = ()


@dataclass(frozen=True)
class Constraints:
    """Options forced in, options forbidden, and whole solutions to exclude."""

    fixed: tuple[int, ...] = ()
    forbidden: tuple[int, ...] = ()
    excluded: tuple[Solution, ...] = ()
