"""People's own puzzles: a definition in the catalog's format, read and checked in one go.

A definition is the text of a catalog puzzle file without ``id:`` (a puzzle gets its id when it is
stored), ``precompute:`` and ``published:``: a title, the kind of targets, the pieces (from a
known set or drawn in place) and the board, with labels in English or Japanese
(:mod:`solver.labels`). :func:`parse_definition` answers with a :class:`Definition` or with every
:class:`~solver.problems.Problem` the text has, each in words with its line and column, in the
language asked for. The :class:`Limits` (board cells, pieces, and the solving limits
:mod:`solver.bounded` honours) are the deployment's settings, handed down by the caller.

    found = parse_definition(text, language="ja", limits=limits)
    if isinstance(found, list):
        ...  # every problem, in line order
    else:
        puzzle = found.puzzle("p-3f9a")  # a solver Puzzle: the solver enumerates it as any other
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from solver.catalog import Piece, Published, Puzzle, Target, TargetsKind
from solver.geometry import Cell, Lattice
from solver.problems import Problem, problem
from solver.puzzle_text import PieceSets, Rules, read_puzzle

PIECES_DIR = Path(__file__).parent / "data" / "pieces"
MAX_DEFINITION_CHARS = 20_000  # longer texts are refused before reading: a 64-cell board is ~1,000
MAX_TITLE_CHARS = 80


@dataclass(frozen=True)
class Limits:
    """How large a person's puzzle may be and how much solving one target may take.

    Beyond ``solutions_per_target`` a target is answered "more than N", with hints from the first
    N found (:mod:`solver.bounded`); a target not decided in ``seconds_per_target`` is reported so.
    """

    max_board_cells: int = 64
    max_pieces: int = 13
    seconds_per_target: float = 20.0
    solutions_per_target: int = 5000


@dataclass(frozen=True)
class Definition:
    """A definition without problems: what it describes, ready to become a solver puzzle."""

    title: str
    lattice: Lattice
    pieces: tuple[Piece, ...]
    cells: tuple[Cell, ...]
    labels: dict[Cell, str]
    targets_kind: TargetsKind
    targets: tuple[Target, ...]
    fingerprint: str  # of the text and the piece sets it uses: an equal text gives an equal print
    text: str

    def puzzle(self, puzzle_id: str) -> Puzzle:
        """The solver's puzzle, under the id the caller gives it; solved on demand."""
        return Puzzle(
            id=puzzle_id,
            title=self.title,
            lattice=self.lattice,
            pieces=self.pieces,
            cells=self.cells,
            labels=self.labels,
            targets=self.targets,
            published=Published(),
            fingerprint=self.fingerprint,
            targets_kind=self.targets_kind,
            on_demand=True,
        )


def parse_definition(
    text: str, *, language: str = "en", limits: Limits | None = None, pieces_dir: Path = PIECES_DIR
) -> Definition | list[Problem]:
    """The definition ``text`` describes, or every problem in it (line order), in ``language``."""
    if len(text) > MAX_DEFINITION_CHARS:
        return [problem(1, 1, "too-long", language, chars=len(text), limit=MAX_DEFINITION_CHARS)]
    limits = limits or Limits()
    rules = Rules(
        catalog=False,
        max_board_cells=limits.max_board_cells,
        max_pieces=limits.max_pieces,
        max_title=MAX_TITLE_CHARS,
    )
    sets = PieceSets(pieces_dir)
    read = read_puzzle(text, sets, rules, language)
    if read.problems:
        return sorted(read.problems, key=lambda p: (p.line, p.column))
    assert read.targets_kind is not None
    return Definition(
        title=read.headers["title"].text,
        lattice=read.lattice,
        pieces=read.pieces,
        cells=read.cells,
        labels=read.labels,
        targets_kind=read.targets_kind,
        targets=read.targets,
        fingerprint=read.digest(text.encode("utf-8"), sets),
        text=text,
    )
