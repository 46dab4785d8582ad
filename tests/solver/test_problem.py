"""Exact counts from enumeration, and one stored representative per symmetry class."""

from collections.abc import Iterator

import pytest

from solver.catalog import Puzzle, get_puzzle
from solver.cover import enumerate_solutions
from solver.problem import Placement, TargetProblem, decode, encode


def enumerate_target(puzzle_id: str, target: str) -> list[str]:
    puzzle = get_puzzle(puzzle_id)
    problem = TargetProblem(puzzle, puzzle.target(target))
    return [code for sub in problem.subproblems() for code in problem.solve_subproblem(sub)]


@pytest.mark.parametrize(
    ("puzzle_id", "expected"),
    [
        ("pentomino-3x20", 2),
        ("pentomino-8x8-hole", 65),
        ("pentomino-4x15", 368),
        ("hexiamond-rhombus-6x6", 156),
    ],
)
def test_small_boards_match_published_counts(puzzle_id: str, expected: int) -> None:
    codes = enumerate_target(puzzle_id, "board")
    assert len(codes) == expected
    assert len(set(codes)) == expected


def _exact_cover_count(puzzle: Puzzle, target: str) -> int:
    """An independent Algorithm X (no CP-SAT) counting coverings of one calendar target."""
    problem = TargetProblem(puzzle, puzzle.target(target))
    rows = {i: {*p.cells, ("piece", p.piece)} for i, p in enumerate(problem.placements)}
    columns: dict[object, set[int]] = {}
    for i, row in rows.items():
        for column in row:
            columns.setdefault(column, set()).add(i)

    def search() -> Iterator[None]:
        if not columns:
            yield None
            return
        column = min(columns, key=lambda c: len(columns[c]))
        for i in list(columns[column]):
            removed = []
            for c in rows[i]:
                for j in columns[c]:
                    for other in rows[j]:
                        if other != c:
                            columns[other].discard(j)
                removed.append((c, columns.pop(c)))
            yield from search()
            for c, members in reversed(removed):
                columns[c] = members
                for j in members:
                    for other in rows[j]:
                        if other != c:
                            columns[other].add(j)

    return sum(1 for _ in search())


@pytest.mark.parametrize(
    ("date", "published"), [("10-06", 7), ("01-25", 216), ("07-14", None), ("02-29", None)]
)
def test_calendar_dates_match_published_and_independent_counts(date: str, published: int | None) -> None:
    codes = enumerate_target("calendar-dragonfjord", date)
    assert len(codes) == _exact_cover_count(get_puzzle("calendar-dragonfjord"), date)
    if published is not None:
        assert len(codes) == published


def _image(puzzle: Puzzle, code: str, mapping: dict[tuple[int, int], tuple[int, int]]) -> str:
    moved = [Placement(p.piece, tuple(sorted(mapping[c] for c in p.cells))) for p in decode(puzzle, code)]
    return encode(puzzle, moved)


@pytest.mark.parametrize(
    "puzzle_id",
    [
        "pentomino-3x20",
        pytest.param("pentomino-8x8-hole", marks=pytest.mark.slow),  # 18 s without symmetry breaking
        pytest.param("hexiamond-rhombus-6x6", marks=pytest.mark.slow),
    ],
)
def test_exactly_one_representative_per_symmetry_class(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    problem = TargetProblem(puzzle, puzzle.target("board"))
    raw = {encode(puzzle, problem.to_placements(s)) for s in enumerate_solutions(problem.cover)}
    classes = {min(_image(puzzle, code, g) for g in problem.symmetry_group) for code in raw}
    kept = enumerate_target(puzzle_id, "board")
    assert len(kept) == len(classes)
    assert {min(_image(puzzle, code, g) for g in problem.symmetry_group) for code in kept} == classes
    assert len(raw) == len(classes) * len(problem.symmetry_group)  # no solution is self-symmetric here


def test_encoding_round_trips() -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    code = enumerate_target("calendar-dragonfjord", "10-06")[0]
    placements = decode(puzzle, code)
    assert len(placements) == 8
    assert encode(puzzle, placements) == code
    assert code.count(".") == 2
    with pytest.raises(ValueError):
        decode(puzzle, code[:-1])
    with pytest.raises(ValueError):
        decode(puzzle, "z" + code[1:])
