"""Solutions as the store keeps them: one character per board cell, and which pieces they show
turned over.

An encoding has one character per board cell in the data file's cell order: the letter of the
piece covering it (``A`` for the first piece) or ``.`` for a cell left open. A placement is
*flipped* when it shows the other side of its piece: a mirror image of the drawing in the data
file (the face-up side); a mirror-symmetric piece is never flipped. A solution's *flip record* is
the letters of the pieces it shows flipped.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from solver.catalog import Puzzle
from solver.geometry import Cell

UNCOVERED = "."
ENCODING_VERSION = "1"  # part of the store's fingerprint: bump if encode() changes


@dataclass(frozen=True)
class Placement:
    """One piece (by index into ``puzzle.pieces``) on a set of board cells."""

    piece: int
    cells: tuple[Cell, ...]


def piece_letter(piece_index: int) -> str:
    """The character standing for a piece in the compact solution encoding."""
    return chr(ord("A") + piece_index)


def encode(puzzle: Puzzle, placements: Iterable[Placement]) -> str:
    """One character per board cell (file order): the piece's letter, or '.' if uncovered."""
    owner: dict[Cell, str] = {}
    for placement in placements:
        for cell in placement.cells:
            owner[cell] = piece_letter(placement.piece)
    return "".join(owner.get(cell, UNCOVERED) for cell in puzzle.cells)


def decode(puzzle: Puzzle, encoding: str) -> tuple[Placement, ...]:
    """Placements from an encoding; ValueError if it does not fit the puzzle."""
    if len(encoding) != len(puzzle.cells):
        raise ValueError(f"encoding has {len(encoding)} cells, {puzzle.id} has {len(puzzle.cells)}")
    cells_by_piece: dict[int, list[Cell]] = {}
    for cell, char in zip(puzzle.cells, encoding, strict=True):
        if char == UNCOVERED:
            continue
        index = ord(char) - ord("A")
        if not 0 <= index < len(puzzle.pieces):
            raise ValueError(f"unknown piece letter {char!r} in encoding")
        cells_by_piece.setdefault(index, []).append(cell)
    return tuple(Placement(i, tuple(sorted(cells))) for i, cells in sorted(cells_by_piece.items()))


def is_flipped(puzzle: Puzzle, placement: Placement) -> bool:
    """Whether a placement shows the other side of its piece (a mirror image of its drawing)."""
    shape, _ = puzzle.lattice.normalize(placement.cells)
    return shape in puzzle.pieces[placement.piece].flipped


def flipped_pieces(puzzle: Puzzle, placements: Iterable[Placement]) -> frozenset[str]:
    """Names of the pieces a solution shows flipped; a mirror-symmetric piece is never among them."""
    return frozenset(puzzle.pieces[p.piece].name for p in placements if is_flipped(puzzle, p))


class FlipReader:
    """Which pieces stored solutions show flipped, read straight from their encodings.

    The same answer as ``flipped_pieces(puzzle, decode(puzzle, code))`` (tested), only faster
    for whole editions: each piece's placement is keyed by the encoding with every other letter
    blanked out (see :func:`encode`), judged by :func:`is_flipped` the first time it is seen, and
    remembered. Mirror-symmetric pieces are never looked at. One reader serves one puzzle.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        letters = [piece_letter(i) for i in range(len(puzzle.pieces))]
        self._chiral = [
            (index, letters[index], str.maketrans(dict.fromkeys(set(letters) - {letters[index]}, UNCOVERED)))
            for index, piece in enumerate(puzzle.pieces)
            if not piece.mirror_symmetric
        ]
        self._seen: dict[str, bool] = {}  # one piece's letters in an otherwise blank encoding -> flipped

    def flipped(self, encoding: str) -> frozenset[str]:
        """Names of the pieces the encoded solution shows flipped; ValueError if it does not fit."""
        self._check(encoding)
        return frozenset(
            self.puzzle.pieces[index].name
            for index, letter, table in self._chiral
            if self._is_flipped(index, letter, encoding.translate(table))
        )

    def record(self, encoding: str) -> str:
        """The stored flip record of an encoded solution: the letters (see :func:`piece_letter`) of
        the pieces it shows flipped, in piece order, "" when none; ValueError if it does not fit."""
        self._check(encoding)
        return "".join(
            letter
            for index, letter, table in self._chiral
            if self._is_flipped(index, letter, encoding.translate(table))
        )

    def is_face_up(self, encoding: str) -> bool:
        """Whether the encoded solution shows no piece flipped; ValueError if it does not fit."""
        self._check(encoding)
        return not any(
            self._is_flipped(index, letter, encoding.translate(table))
            for index, letter, table in self._chiral
        )

    def _check(self, encoding: str) -> None:
        if len(encoding) != len(self.puzzle.cells):
            raise ValueError(
                f"encoding has {len(encoding)} cells, {self.puzzle.id} has {len(self.puzzle.cells)}"
            )

    def _is_flipped(self, index: int, letter: str, alone: str) -> bool:
        known = self._seen.get(alone)
        if known is None:
            cells = tuple(cell for cell, char in zip(self.puzzle.cells, alone, strict=True) if char == letter)
            known = bool(cells) and is_flipped(self.puzzle, Placement(index, cells))
            self._seen[alone] = known
        return known


def flip_records(puzzle: Puzzle, encodings: Iterable[str]) -> list[str]:
    """Each encoded solution's flip record (:meth:`FlipReader.record`), as the store keeps them."""
    reader = FlipReader(puzzle)
    return [reader.record(code) for code in encodings]


def pieces_of_record(puzzle: Puzzle, record: str) -> frozenset[str]:
    """Names of the pieces a stored flip record names; ValueError for a letter no piece has."""
    letters = {piece_letter(i): piece.name for i, piece in enumerate(puzzle.pieces)}
    unknown = set(record) - letters.keys()
    if unknown:
        raise ValueError(f"flip record {record!r} names no piece of {puzzle.id}: {sorted(unknown)}")
    return frozenset(letters[letter] for letter in record)
