"""The catalog's types: a puzzle, its pieces and its targets, and which target a date names.

The data files and their parser are :mod:`solver.catalog_files`; the shipped
puzzles, read once per process and found by id, are :mod:`solver.puzzles`.
A calendar puzzle has one target per date: ``MM-DD`` (a month and a day cell
left uncovered) or ``MM-DD-ddd`` (a weekday too, in lowercase English, e.g.
``01-25-sun``); a board has one target, ``board``, every cell covered.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from typing import Literal

from solver.geometry import Cell, Lattice, Shape

# English, whatever the locale: these are the board labels.
MONTH_ABBREVIATIONS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
WEEKDAY_ABBREVIATIONS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")  # by date.weekday()
LEAP_YEAR = 2024
SINGLE_TARGET = "board"  # the one target of a board puzzle: every cell covered

TargetsKind = Literal["board", "month-day", "month-day-weekday"]
TARGET_PATTERNS: dict[TargetsKind, str] = {"month-day": "MM-DD", "month-day-weekday": "MM-DD-ddd"}


class UnknownPuzzleError(KeyError):
    """No puzzle has this id; the message lists the valid ids."""

    exit_code = 2  # jobs.cli.EXIT_USAGE

    def __str__(self) -> str:
        return str(self.args[0])


class UnknownTargetError(KeyError):
    """The puzzle has no target of this name; the message lists the valid targets."""

    exit_code = 2  # jobs.cli.EXIT_USAGE

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class Piece:
    """A piece's drawing (its face-up side) and its orientations on the lattice.

    ``orientations`` lists the face-up ones (rotations of the drawing) first;
    ``flipped`` holds the ones only the other side shows, the mirror images.
    It is empty for a mirror-symmetric piece, which is never flipped.
    """

    name: str
    cells: Shape
    orientations: tuple[Shape, ...]
    flipped: frozenset[Shape] = frozenset()

    @property
    def mirror_symmetric(self) -> bool:
        return not self.flipped


@dataclass(frozen=True)
class Target:
    """A goal for one puzzle: the cells to leave uncovered, and whether it is a real date."""

    name: str
    uncovered: frozenset[Cell] = frozenset()
    real: bool = True


@dataclass(frozen=True)
class Published:
    """Counts from the literature, for verification only."""

    per_target: dict[str, int] = field(default_factory=dict)
    real_targets_total: int | None = None
    fewest: tuple[str, int] | None = None
    most: tuple[str, int] | None = None


@dataclass(frozen=True)
class Puzzle:
    id: str
    title: str
    lattice: Lattice
    pieces: tuple[Piece, ...]
    cells: tuple[Cell, ...]
    labels: dict[Cell, str]
    targets: tuple[Target, ...]
    published: Published
    fingerprint: str  # of the text it was read from: a new title or comment gives a new print
    targets_kind: TargetsKind = "board"
    on_demand: bool = False  # left out of catalog() and the default precompute run

    @cached_property
    def solutions_digest(self) -> str:
        """A digest of what the puzzle's solutions, as stored, depend on (16 hex digits): the
        lattice, the board's cells in file order, each piece's name and drawing in order, and each
        target's name, open cells and whether it is real. Its title, comments, labels' words,
        published counts and precompute mode are left out: changing them keeps every solution."""
        content = {
            "lattice": self.lattice.name,
            "cells": [list(cell) for cell in self.cells],
            "pieces": [[piece.name, sorted(list(cell) for cell in piece.cells)] for piece in self.pieces],
            "targets": [
                [target.name, sorted(list(cell) for cell in target.uncovered), target.real]
                for target in self.targets
            ],
        }
        encoded = json.dumps(content, separators=(",", ":"), sort_keys=True).encode("ascii")
        return hashlib.sha256(encoded).hexdigest()[:16]

    @cached_property
    def _targets_by_name(self) -> dict[str, Target]:
        return {target.name: target for target in self.targets}

    def target(self, name: str) -> Target:
        """The target called ``name``; UnknownTargetError listing the valid targets otherwise."""
        try:
            return self._targets_by_name[name]
        except KeyError:
            pass
        names = [t.name for t in self.targets]
        pattern = TARGET_PATTERNS.get(self.targets_kind, "")
        listing = (
            ", ".join(names) if len(names) <= 12 else f"{', '.join(names[:3])}, … {names[-1]} ({pattern})"
        )
        raise UnknownTargetError(f"unknown target {name!r} for {self.id}; valid targets: {listing}")

    @property
    def piece_names(self) -> tuple[str, ...]:
        return tuple(piece.name for piece in self.pieces)

    @property
    def is_calendar(self) -> bool:
        """Whether each date has its own target (``MM-DD`` or ``MM-DD-ddd``), not one ``board``."""
        return self.targets_kind != "board"

    @property
    def has_weekdays(self) -> bool:
        """Whether a date's target names its weekday too (``MM-DD-ddd``), so it depends on the year."""
        return self.targets_kind == "month-day-weekday"


def date_target_name(month: int, day: int, weekday: str | None) -> str:
    """``MM-DD``, or ``MM-DD-ddd`` with the weekday label in lowercase."""
    name = f"{month:02d}-{day:02d}"
    return name if weekday is None else f"{name}-{weekday.lower()}"


def dates_of_year(year: int) -> tuple[date, ...]:
    """Every date of ``year`` (1-9999) in order, by day number: stepping a date past 9999-12-31
    would overflow."""
    first, last = date(year, 1, 1).toordinal(), date(year, 12, 31).toordinal()
    return tuple(date.fromordinal(day) for day in range(first, last + 1))


def target_for_date(puzzle: Puzzle, day: date) -> Target:
    """The target of a date: ``MM-DD``, or ``MM-DD-ddd`` with its real weekday; a board's only target."""
    if not puzzle.is_calendar:
        return puzzle.targets[0]
    weekday = WEEKDAY_ABBREVIATIONS[day.weekday()] if puzzle.has_weekdays else None
    return puzzle.target(date_target_name(day.month, day.day, weekday))
