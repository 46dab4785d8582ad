"""A player's own board: is it legal, how many solutions extend it, and what to take off a dead end.

A *position* is a set of placed pieces on one target. Malformed positions
raise :class:`~hints.errors.MalformedPosition`: an unknown piece, a piece placed
twice, a cell listed twice, cells off the board, pieces overlapping (a player
with the physical puzzle cannot do any of these). Positions that are well
formed but break a rule, a piece whose cells are not one of its shapes or a
piece over a cell that must stay open, are *illegal*: they are answered with
their ``problems`` and no counts.

Everything is counted over *raw* solutions: boards store one solution per
symmetry class, and a player's pieces may sit in any rotated or mirrored image
of it, so every image counts (9,356 on the 6x10 board, whose 2,339 stored
solutions are the count up to symmetry that puzzle fans know).

Dead ends: ``take_off`` is the smallest set of placed pieces whose removal
leaves a position some solution extends. Ties go to the set whose remaining
position has the most extensions, then to the set of lowest piece indices.
*Fixed* pieces (the pentomino challenge's pre-placed ones) are never taken off.

Hints from a position are :mod:`hints.position_hints`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session, sessionmaker

from hints.codes import decode_position, encode_position
from hints.errors import MalformedPosition
from hints.raw_solutions import RawSolutions, raw_cache, raw_solutions
from i18n import N_, SOURCE_LANGUAGE, translate
from render.words import board_label, day_label, join_words
from solver.catalog import Puzzle, Target
from solver.encoding import Placement
from solver.geometry import Cell
from solver.stages import SolutionSet


@dataclass(frozen=True)
class PlacedPiece:
    """A piece as a player names it, on the cells they put it on (not yet checked)."""

    piece: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class CheckResult:
    puzzle: Puzzle
    target: Target
    placements: tuple[Placement, ...]
    problems: tuple[RuleProblem, ...]
    extensions: int
    total: int
    solution: SolutionSet | None

    @property
    def legal(self) -> bool:
        return not self.problems


def cell_text(puzzle: Puzzle, cell: Cell) -> str:
    """A cell as a person names it: its label ("Jan", "25"), else its row and column from 1."""
    return _cell_words(cell, puzzle.labels.get(cell), SOURCE_LANGUAGE)


def resolve_target(puzzle: Puzzle, name: str | None) -> Target:
    """The named target (UnknownTargetError if none); single-target boards may leave the name out."""
    if name is not None:
        return puzzle.target(name)
    if len(puzzle.targets) != 1:
        raise MalformedPosition("target_required", f"{puzzle.id} has several targets: give one, e.g. 01-25")
    return puzzle.targets[0]


# ---------------------------------------------------------------- well formed and legal


def _piece_index(puzzle: Puzzle, name: str) -> int:
    try:
        return puzzle.piece_names.index(name)
    except ValueError:
        valid = ", ".join(puzzle.piece_names)
        raise MalformedPosition(
            "unknown_piece", f"unknown piece {name!r} for {puzzle.id}; pieces: {valid}"
        ) from None


def _placement(puzzle: Puzzle, board: set[Cell], item: PlacedPiece) -> Placement:
    """One well-formed placement, or MalformedPosition naming what is wrong with it."""
    index = _piece_index(puzzle, item.piece)
    cells = list(item.cells)
    if len(set(cells)) != len(cells):
        raise MalformedPosition("repeated_cell", f"piece {item.piece} lists a cell more than once")
    outside = sorted(set(cells) - board)
    if outside:
        where = ", ".join(f"[{r}, {c}]" for r, c in outside[:5])
        raise MalformedPosition(
            "cell_off_board", f"piece {item.piece} has cells off the {puzzle.id} board: {where}"
        )
    return Placement(index, tuple(sorted(cells)))


def well_formed(puzzle: Puzzle, placements: Sequence[Placement]) -> tuple[Placement, ...]:
    """The placements by piece, once checked that no piece repeats and no two overlap."""
    owner: dict[Cell, int] = {}
    seen: set[int] = set()
    for placement in placements:
        name = puzzle.pieces[placement.piece].name
        if placement.piece in seen:
            raise MalformedPosition("piece_used_twice", f"piece {name} is placed more than once")
        seen.add(placement.piece)
        for cell in placement.cells:
            if cell in owner:
                other = puzzle.pieces[owner[cell]].name
                raise MalformedPosition(
                    "overlapping_pieces", f"pieces {other} and {name} overlap at {cell_text(puzzle, cell)}"
                )
            owner[cell] = placement.piece
    return tuple(sorted(placements, key=lambda p: p.piece))


def parse_placements(puzzle: Puzzle, items: Sequence[PlacedPiece]) -> tuple[Placement, ...]:
    """Well-formed placements (known pieces, each once, on the board, not overlapping), by piece."""
    board = set(puzzle.cells)
    return well_formed(puzzle, [_placement(puzzle, board, item) for item in items])


def placements_of_code(puzzle: Puzzle, code: str) -> tuple[Placement, ...]:
    """The well-formed placements a position code names; MalformedPosition if it names none."""
    return well_formed(puzzle, decode_position(puzzle, code))


def fixed_pieces(puzzle: Puzzle, names: str | None) -> frozenset[int]:
    """The pieces named in ``names`` (comma-separated, e.g. "I,L"), by index: pieces that stay where
    they are (MalformedPosition ``unknown_piece`` for a name the puzzle does not have)."""
    return frozenset(_piece_index(puzzle, name.strip()) for name in (names or "").split(",") if name.strip())


NOT_A_SHAPE = N_("the cells of piece {piece} are not a rotation or reflection of it")
# TRANSLATORS: {cells} lists board cells by their labels, like "Jan and 25"; {target} is a target
# such as 01-25
COVERS_OPEN = N_("piece {piece} covers {cells}, which {target} leaves open")
# TRANSLATORS: a board cell without a label, by its row and column counted from 1
CELL_AT = N_("row {row}, column {column}")


@dataclass(frozen=True)
class RuleProblem:
    """A rule a position breaks, kept as a message and its facts so it can be said in any language."""

    message: str  # NOT_A_SHAPE or COVERS_OPEN (an English msgid)
    piece: str
    target: str
    cells: tuple[tuple[Cell, str | None], ...] = ()  # the open cells covered, with their board labels

    def text(self, language: str = SOURCE_LANGUAGE) -> str:
        """The problem as a sentence in ``language``, e.g. "piece L covers Jan, which 01-25 leaves
        open"."""
        cells = join_words([_cell_words(cell, label, language) for cell, label in self.cells], language)
        return translate(language, self.message).format(piece=self.piece, cells=cells, target=self.target)


def _cell_words(cell: Cell, label: str | None, language: str) -> str:
    """A cell in words: its label as the board shows it (a day as people write it: "25", "25日"),
    else its row and column counted from 1."""
    if label is None:
        return translate(language, CELL_AT).format(row=cell[0] + 1, column=cell[1] + 1)
    return day_label(int(label), language) if label.isdigit() else board_label(label, language)


def problem_texts(problems: Sequence[RuleProblem], language: str = SOURCE_LANGUAGE) -> list[str]:
    return [problem.text(language) for problem in problems]


def rule_problems(puzzle: Puzzle, target: Target, placements: Sequence[Placement]) -> tuple[RuleProblem, ...]:
    """Why well-formed placements break the puzzle's rules (empty when they are legal)."""
    problems = []
    for placement in placements:
        piece = puzzle.pieces[placement.piece]
        if puzzle.lattice.normalize(placement.cells)[0] not in piece.orientations:
            problems.append(RuleProblem(NOT_A_SHAPE, piece.name, target.name))
        blocked = sorted(set(placement.cells) & target.uncovered)
        if blocked:
            cells = tuple((cell, puzzle.labels.get(cell)) for cell in blocked)
            problems.append(RuleProblem(COVERS_OPEN, piece.name, target.name, cells))
    return tuple(problems)


def check_position(
    session: Session, puzzle: Puzzle, target: Target, items: Sequence[PlacedPiece], *, complete: bool = False
) -> CheckResult:
    """The position's legality and extension count; with ``complete``, the first extending solution."""
    placements = parse_placements(puzzle, items)
    problems = rule_problems(puzzle, target, placements)
    raw = raw_solutions(session, puzzle, target)
    extending = 0 if problems else raw.containing(placements)
    first = raw.solutions[_lowest_bit(extending)] if complete and extending else None
    return CheckResult(puzzle, target, placements, problems, extending.bit_count(), len(raw), first)


def _lowest_bit(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


# ---------------------------------------------------------------- analysis


@dataclass(frozen=True)
class PositionAnalysis:
    puzzle: Puzzle
    target: Target
    placements: tuple[Placement, ...]  # by piece
    code: str | None  # None when a piece is in no shape of its own (no code names that)
    problems: tuple[RuleProblem, ...]
    remaining: int  # raw solutions that contain every placed piece (0 when illegal)
    total: int  # raw solutions of the target: arrangements on the physical board
    distinct_total: int  # solutions up to the board's symmetry (the stored count)
    distinct_remaining: int  # of those, the classes with a raw solution containing every placed piece
    take_off: tuple[Placement, ...]  # on a dead end: the fewest pieces to remove
    solution_number: int | None  # when solved: its class's number among the solutions counted, from 1
    all_sides_total: int | None = None  # face-up mode: the raw solutions with pieces either side up

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def dead_end(self) -> bool:
        return self.legal and self.remaining == 0

    @property
    def solved(self) -> bool:
        """Every piece placed, as one of the solutions counted (in face-up mode a full board that
        turns a piece over is a dead end: the pieces to turn back are the ones to take off)."""
        return self.legal and len(self.placements) == len(self.puzzle.pieces) and self.remaining > 0


def take_off(
    raw: RawSolutions, placements: Sequence[Placement], fixed: frozenset[int] = frozenset()
) -> tuple[Placement, ...]:
    """The fewest placed pieces to remove so some solution extends the rest (ties as documented),
    never one of the ``fixed`` pieces; nothing when some solution already extends them all.

    Not a search over subsets (thousands of them on a full dead-end board): the raw solutions that
    keep the most placed pieces are found with a bit-sliced count, then split by which pieces
    they keep; each part is one candidate, its size the candidate's extensions. Well under a
    millisecond on the boards (the search took up to 10 ms on the event loop)."""
    staying = tuple(p for p in placements if p.piece in fixed)
    movable = tuple(p for p in placements if p.piece not in fixed)
    within = raw.containing(staying)
    if not within:
        return movable  # the fixed pieces alone have no extension (without them, every solution does)
    masks = [raw.masks.get(p, 0) & within for p in movable]
    best: tuple[int, tuple[int, ...], tuple[Placement, ...]] | None = None
    for kept, extending in _kept_sets(_most_kept(masks, within), masks):
        removed = tuple(p for i, p in enumerate(movable) if i not in kept)
        key = (-extending.bit_count(), tuple(p.piece for p in removed), removed)
        if best is None or key[:2] < best[:2]:
            best = key
    assert best is not None  # ``within`` is not empty, so neither is some part of it
    return best[2]


def _most_kept(masks: Sequence[int], within: int) -> int:
    """The solutions of ``within`` that contain the most of the pieces whose masks are given: a
    count per solution kept as bit planes (planes[i] holds bit i of every solution's count)."""
    planes: list[int] = []
    for mask in masks:
        carry = mask
        for i, plane in enumerate(planes):
            planes[i], carry = plane ^ carry, plane & carry
            if not carry:
                break
        if carry:
            planes.append(carry)
    most = within
    for plane in reversed(planes):  # the highest count: its bits from the top
        if most & plane:
            most &= plane
    return most


def _kept_sets(solutions: int, masks: Sequence[int]) -> list[tuple[frozenset[int], int]]:
    """``solutions`` split by which of the pieces (indices into ``masks``) each contains: every
    such set of pieces, with the mask of the solutions containing exactly it."""
    parts: list[tuple[frozenset[int], int]] = [(frozenset(), solutions)]
    for i, mask in enumerate(masks):
        split = []
        for kept, members in parts:
            inside, outside = members & mask, members & ~mask
            split += [(kept | {i}, inside)] if inside else []
            split += [(kept, outside)] if outside else []
        parts = split
    return parts


def analyse(
    raw: RawSolutions,
    puzzle: Puzzle,
    target: Target,
    placements: Sequence[Placement],
    fixed: frozenset[int] = frozenset(),
    all_sides: RawSolutions | None = None,
) -> PositionAnalysis:
    """The analysis of well-formed placements against a target's raw solutions (``fixed``: pieces
    never to take off; ``all_sides``: in face-up mode, every raw solution, to say how many there
    are when pieces may be turned over)."""
    ordered = tuple(sorted(placements, key=lambda p: p.piece))
    problems = rule_problems(puzzle, target, ordered)
    extensions = 0 if problems else raw.containing(ordered)
    remaining = extensions.bit_count()
    removed = take_off(raw, ordered, fixed) if not problems and not remaining else ()
    number = None
    if remaining and len(ordered) == len(puzzle.pieces):
        number = raw.numbers[raw.classes[raw.index[frozenset(ordered)]]]
    return PositionAnalysis(
        puzzle,
        target,
        ordered,
        encode_position(puzzle, ordered),
        problems,
        remaining,
        len(raw),
        raw.stored,
        raw.distinct(extensions),
        removed,
        number,
        None if all_sides is None else len(all_sides),
    )


def _analyse_among(
    raw: RawSolutions,
    puzzle: Puzzle,
    target: Target,
    placements: Sequence[Placement],
    faceup: bool,
    fixed: frozenset[int],
) -> PositionAnalysis:
    if faceup:
        return analyse(raw.face_up(puzzle), puzzle, target, placements, fixed, all_sides=raw)
    return analyse(raw, puzzle, target, placements, fixed)


def analyse_position(
    session: Session,
    puzzle: Puzzle,
    target: Target,
    placements: Sequence[Placement],
    faceup: bool = False,
    fixed: frozenset[int] = frozenset(),
) -> PositionAnalysis:
    """Legality, solutions left, dead end and what to take off (never a ``fixed`` piece), solved
    and which solution (``faceup``: among the solutions that turn no piece over)."""
    return _analyse_among(raw_solutions(session, puzzle, target), puzzle, target, placements, faceup, fixed)


def solutions_in_memory(sessions: sessionmaker[Session], puzzle: Puzzle, target: Target) -> bool:
    """Are the target's solutions loaded in this process (an analysis then costs no store read)?"""
    return raw_cache(sessions).peek(puzzle, target) is not None


def analyse_if_cached(
    sessions: sessionmaker[Session],
    puzzle: Puzzle,
    target: Target,
    placements: Sequence[Placement],
    faceup: bool = False,
    fixed: frozenset[int] = frozenset(),
) -> PositionAnalysis | None:
    """The analysis from the in-process cache alone (well under a millisecond), or None when the
    store must be read first (then call :func:`analyse_position` off the event loop)."""
    raw = raw_cache(sessions).peek(puzzle, target)
    if raw is None:
        return None
    return _analyse_among(raw, puzzle, target, placements, faceup, fixed)
