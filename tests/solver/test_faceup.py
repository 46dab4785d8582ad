"""Face-up counts: which pieces a stored solution shows flipped, and how many solutions show none.

Hand-checked placements first, then the fast reader against the plain definition and the
verifier's own geometry, then the counts against the independent enumeration of
``tests/support/exact_cover.py`` restricted to face-up orientations.
"""

from __future__ import annotations

import pytest
from sqlalchemy import update
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.engine import make_engine, session_factory
from db.models import SolutionSetRow
from db.repository import pack_encodings
from jobs.precompute import run
from jobs.reports import report
from solver.catalog import Puzzle
from solver.encoding import (
    FlipReader,
    Placement,
    decode,
    flip_records,
    flipped_pieces,
    is_flipped,
    pieces_of_record,
)
from solver.problem import TargetProblem, face_up_count
from solver.puzzles import get_puzzle
from solver.verify import InvalidSolution, check_flipped
from tests.support import exact_cover

Cell = tuple[int, int]


def _cells(*rows: str, at: Cell = (2, 0)) -> tuple[Cell, ...]:
    """The ``#`` cells of a small drawing, shifted to ``at`` (row 2 is the first day row of a calendar)."""
    return tuple(
        (at[0] + r, at[1] + c) for r, row in enumerate(rows) for c, char in enumerate(row) if char == "#"
    )


def _piece(puzzle: Puzzle, name: str) -> int:
    return puzzle.piece_names.index(name)


def _all_solutions(puzzle: Puzzle, target_name: str) -> tuple[TargetProblem, list[str]]:
    """The stored form of a target's solutions: one encoding per symmetry class."""
    problem = TargetProblem(puzzle, puzzle.target(target_name))
    return problem, [code for sub in problem.subproblems() for code in problem.solve_subproblem(sub)]


# ---------------------------------------------------------------- hand-checked placements

# The L is drawn "####" over "#...". Turning it keeps it face up; a mirror image shows the back.
L_FACE_UP = [("####", "#..."), ("...#", "####"), ("##", ".#", ".#", ".#"), ("#.", "#.", "#.", "##")]
L_FLIPPED = [("####", "...#"), ("#...", "####"), ("##", "#.", "#.", "#."), (".#", ".#", ".#", "##")]


@pytest.mark.parametrize("rows", L_FACE_UP)
def test_a_turned_l_is_face_up(rows: tuple[str, ...]) -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    placement = Placement(_piece(puzzle, "L"), _cells(*rows))
    assert not is_flipped(puzzle, placement)
    assert flipped_pieces(puzzle, [placement]) == frozenset()


@pytest.mark.parametrize("rows", L_FLIPPED)
def test_a_mirror_image_of_the_l_drawing_is_flipped(rows: tuple[str, ...]) -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    placement = Placement(_piece(puzzle, "L"), _cells(*rows))
    assert is_flipped(puzzle, placement)
    assert flipped_pieces(puzzle, [placement]) == {"L"}


@pytest.mark.parametrize(
    ("puzzle_id", "name"), [("calendar-jarringwords", "T"), ("calendar-dragonfjord", "U")]
)
def test_no_placement_of_a_mirror_symmetric_piece_is_flipped(puzzle_id: str, name: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    index = _piece(puzzle, name)
    assert puzzle.pieces[index].mirror_symmetric
    problem = TargetProblem(puzzle, puzzle.target("01-25"))
    placements = [p for p in problem.placements if p.piece == index]
    assert len(placements) > 40  # every orientation, all over the board
    assert not any(is_flipped(puzzle, p) for p in placements)
    mirrored = Placement(index, tuple(sorted((r, 6 - c) for r, c in puzzle.pieces[index].cells)))
    assert not is_flipped(puzzle, mirrored)


def test_the_reader_sees_the_l_flipped_exactly_in_the_hand_drawn_mirror_shapes() -> None:
    puzzle = get_puzzle("calendar-dragonfjord")
    _, codes = _all_solutions(puzzle, "01-25")
    mirror_shapes = {puzzle.lattice.normalize(_cells(*rows))[0] for rows in L_FLIPPED}
    reader = FlipReader(puzzle)
    seen = set()
    for code in codes:
        l_cells = next(p.cells for p in decode(puzzle, code) if puzzle.pieces[p.piece].name == "L")
        l_flipped = puzzle.lattice.normalize(l_cells)[0] in mirror_shapes
        assert ("L" in reader.flipped(code)) == l_flipped
        seen.add(l_flipped)
    assert seen == {True, False}


# ---------------------------------------------------------------- the reader against the definition


@pytest.mark.parametrize(
    ("puzzle_id", "target_name"),
    [
        ("calendar-dragonfjord", "01-25"),
        ("calendar-creamakerspace", "06-23"),  # the hexomino H6, mirror-asymmetric
        ("calendar-weekday", "10-06-mon"),
        pytest.param("hexiamond-rhombus-6x6", "board", marks=pytest.mark.slow),  # the triangle lattice
    ],
)
def test_the_reader_agrees_with_the_definition_and_the_verifier(puzzle_id: str, target_name: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    _, codes = _all_solutions(puzzle, target_name)
    reader = FlipReader(puzzle)
    for code in codes:
        placements = decode(puzzle, code)
        flipped = reader.flipped(code)
        assert flipped == flipped_pieces(puzzle, placements)
        assert reader.is_face_up(code) == (not flipped)
        check_flipped(puzzle, placements, flipped)  # the verifier's own geometry; raises if it disagrees


def test_the_reader_refuses_an_encoding_of_another_board() -> None:
    reader = FlipReader(get_puzzle("calendar-dragonfjord"))
    with pytest.raises(ValueError, match="encoding has 3 cells"):
        reader.is_face_up("ABC")


# ---------------------------------------------------------------- counts against the independent enumeration


@pytest.mark.parametrize(
    ("puzzle_id", "target_name", "expected"),
    [
        ("calendar-dragonfjord", "01-25", 11),
        ("calendar-jarringwords", "01-25", 10),
        ("calendar-creamakerspace", "06-23", 1),
        ("calendar-tetromino", "06-23", 216),
    ],
)
def test_the_face_up_count_of_a_calendar_is_the_independent_face_up_enumeration(
    puzzle_id: str, target_name: str, expected: int
) -> None:
    puzzle = get_puzzle(puzzle_id)
    problem, codes = _all_solutions(puzzle, target_name)
    independent = exact_cover.solve(puzzle, problem.target, face_up_only=True)
    assert face_up_count(problem, codes) == len(independent) == expected


def _turned(solution: exact_cover.NamedSolution, size: int) -> exact_cover.NamedSolution:
    """A quarter turn of a solution on a ``size`` x ``size`` square board: (r, c) -> (c, size - 1 - r)."""
    return frozenset((name, frozenset((c, size - 1 - r) for r, c in cells)) for name, cells in solution)


@pytest.mark.slow  # puzzles enumerated: a second or more
def test_on_a_symmetric_board_the_face_up_count_is_up_to_rotation() -> None:
    # 65 solutions up to the square's 8 symmetries; the store keeps one of each class. A class counts
    # when a member is face up, and its face-up members are one another's quarter turns.
    puzzle = get_puzzle("pentomino-8x8-hole")
    problem, codes = _all_solutions(puzzle, "board")
    assert len(codes) == 65 and len(problem.symmetry_group) == 8
    independent = set(exact_cover.solve(puzzle, problem.target, face_up_only=True))
    up_to_rotation = set()
    for solution in independent:
        turns = [solution]
        for _ in range(3):
            turns.append(_turned(turns[-1], 8))
        assert set(turns) <= independent  # a quarter turn keeps every piece face up
        up_to_rotation.add(frozenset(turns))
    assert (len(independent), len(up_to_rotation)) == (12, 3)
    assert face_up_count(problem, codes) == 3
    assert sum(FlipReader(puzzle).is_face_up(code) for code in codes) <= 3  # the stored one may be a mirror


# ---------------------------------------------------------------- the report


@pytest.fixture
def sqlite_sessions(database_url: str) -> sessionmaker[Session]:
    return session_factory(make_engine(database_url))


@pytest.mark.slow  # puzzles enumerated: a second or more
def test_report_json_counts_face_up_solutions_from_the_store(sqlite_sessions: sessionmaker[Session]) -> None:
    jarring = get_puzzle("calendar-jarringwords")
    chosen = ["01-25", "02-30", "10-06"]  # 02-30 is not a real date
    run(sqlite_sessions, [jarring], targets=chosen, say=lambda _: None)
    run(sqlite_sessions, [get_puzzle("pentomino-8x8-hole")], say=lambda _: None)
    puzzles = [jarring, get_puzzle("pentomino-8x8-hole"), get_puzzle("pentomino-3x20")]
    entries = report(sqlite_sessions, puzzles)["puzzles"]
    assert isinstance(entries, list)
    by_id = {entry["id"]: entry for entry in entries}
    independent = {
        name: len(exact_cover.solve(jarring, jarring.target(name), face_up_only=True)) for name in chosen
    }
    edition = by_id["calendar-jarringwords"]
    assert edition["faceup_targets"] == independent == {"01-25": 10, "02-30": 3, "10-06": 0}
    assert edition["faceup_total"] == sum(independent.values())
    assert edition["faceup_real_total"] == independent["01-25"] + independent["10-06"]
    assert all(edition["faceup_targets"][n] <= edition["targets"][n] for n in chosen)
    board = by_id["pentomino-8x8-hole"]
    assert (board["faceup_targets"], board["faceup_total"]) == ({"board": 3}, 3)
    assert (by_id["pentomino-3x20"]["faceup_targets"], by_id["pentomino-3x20"]["faceup_total"]) == ({}, 0)


# ---------------------------------------------------------------- the stored flip records


def test_each_stored_solution_records_its_flipped_pieces(sqlite_sessions: sessionmaker[Session]) -> None:
    creamakerspace = get_puzzle("calendar-creamakerspace")  # the hexomino H6 and the W
    run(sqlite_sessions, [creamakerspace], targets=["06-23", "12-31"], say=lambda _: None)
    with sqlite_sessions() as session:
        for name in ("06-23", "12-31"):
            stored = repository.get_solutions(session=session, puzzle_id=creamakerspace.id, target=name)
            assert stored is not None and stored.flips is not None
            assert len(stored.flips) == len(stored.encodings) > 0
            for code, record in zip(stored.encodings, stored.flips, strict=True):
                placements = decode(creamakerspace, code)
                assert pieces_of_record(creamakerspace, record) == flipped_pieces(creamakerspace, placements)
                check_flipped(creamakerspace, placements, pieces_of_record(creamakerspace, record))
        assert any(stored.flips) and "" in stored.flips  # 12-31 has both kinds


def test_a_wrong_flip_record_is_never_stored(
    sqlite_sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch
) -> None:
    from solver import tasks

    def every_piece_flipped(puzzle: Puzzle, encodings: list[str]) -> list[str]:
        return ["ABCDEFGH"[: len(puzzle.pieces)]] * len(encodings)

    monkeypatch.setattr(tasks, "flip_records", every_piece_flipped)
    with pytest.raises(InvalidSolution, match="flipped pieces are"):
        run(sqlite_sessions, [get_puzzle("calendar-dragonfjord")], targets=["01-25"], say=lambda _: None)
    with sqlite_sessions() as session:
        assert (
            repository.target_key(session=session, puzzle_id="calendar-dragonfjord", target="01-25") is None
        )


def test_a_store_packed_before_flip_records_gets_them_on_the_next_run(
    sqlite_sessions: sessionmaker[Session],
) -> None:
    jarring = get_puzzle("calendar-jarringwords")
    run(sqlite_sessions, [jarring], targets=["01-25", "10-06"], say=lambda _: None)
    before = report(sqlite_sessions, [jarring])
    with sqlite_sessions.begin() as session:  # repack both targets as revision 0010 wrote them
        for name in ("01-25", "10-06"):
            codes = repository.get_encodings(session=session, puzzle_id=jarring.id, target=name)
            key = repository.target_key(session=session, puzzle_id=jarring.id, target=name)
            assert key is not None
            codec, data = pack_encodings(codes)
            session.execute(
                update(SolutionSetRow)
                .where(SolutionSetRow.target_id == key.id)
                .values(codec=codec, data=data)
            )
    assert report(sqlite_sessions, [jarring]) == before  # read off the encodings meanwhile
    said: list[str] = []
    summary = run(sqlite_sessions, [jarring], targets=["01-25", "10-06"], say=said.append)
    assert summary.puzzles[jarring.id].targets_computed == 0  # nothing solved again
    assert "added flip records to 2 stored target(s) packed before they were kept" in said
    with sqlite_sessions() as session:
        assert repository.targets_without_flip_records(session=session) == []
        stored = repository.get_solutions(session=session, puzzle_id=jarring.id, target="01-25")
    assert stored is not None and stored.flips == flip_records(jarring, stored.encodings)
    assert report(sqlite_sessions, [jarring]) == before


def test_counting_from_records_or_from_encodings_agrees() -> None:
    puzzle = get_puzzle("calendar-tetromino")
    problem, codes = _all_solutions(puzzle, "06-23")
    assert face_up_count(problem, codes, records=flip_records(puzzle, codes)) == face_up_count(problem, codes)
    with pytest.raises(ValueError):
        face_up_count(problem, codes, records=flip_records(puzzle, codes)[1:])
