"""Stored solutions as the front ends read them, on the sample store: counts, numbers, pages and
face-up variants."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import update
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.models import SolutionSetRow, TargetRow
from hints import solutions as solutions_module
from hints.cache import BoundedCache
from hints.daily import calendar_editions
from hints.errors import NotPrecomputed, OffsetOutOfRange, UnknownSolution
from hints.raw_solutions import raw_solutions
from hints.solution_pages import solution_page
from hints.solutions import (
    all_solutions,
    complete_counts,
    describe,
    faceup_cache_entries,
    faceup_counts,
    heatmap_year,
    solution_counts,
    stored_key,
    stored_solution,
    stored_targets,
    target_count,
    year_counts,
)
from solver.catalog import Puzzle
from solver.encoding import is_flipped
from solver.puzzles import catalog, get_puzzle
from solver.tasks import fingerprint

CALENDAR = get_puzzle("calendar-dragonfjord")
DATE = CALENDAR.target("01-25")  # 216 solutions, 11 of them face up
LINE = get_puzzle("pentomino-3x20")  # 2 solutions up to symmetry, 8 arrangements
HOLE = get_puzzle("pentomino-8x8-hole")  # 65 up to symmetry, 520 arrangements
BOARD = "board"


# ---------------------------------------------------------------- counts and stored solutions


def test_describe_names_the_target_only_on_puzzles_with_several() -> None:
    assert describe(CALENDAR, DATE) == "calendar-dragonfjord 01-25"
    assert describe(LINE, LINE.target(BOARD)) == "pentomino-3x20"


def test_counts_are_the_stored_solutions_per_symmetry_class(session: Session) -> None:
    assert target_count(session, CALENDAR, DATE) == 216 == stored_key(session, CALENDAR, DATE).solution_count
    assert [target_count(session, p, p.target(BOARD)) for p in (LINE, HOLE)] == [2, 65]


def test_solution_counts_list_the_real_stored_targets_only(session: Session) -> None:
    counts = solution_counts(session, CALENDAR)
    assert len(counts) == 14 and "02-30" not in counts  # 02-30 is stored, but no real date
    assert counts["01-25"] == 216 and counts["11-24"] == 35


def test_every_stored_solution_leaves_exactly_the_date_open(session: Session) -> None:
    solutions = all_solutions(session, CALENDAR, DATE)
    assert len(solutions) == 216 and len(set(solutions)) == 216
    open_cells = set(CALENDAR.cells) - DATE.uncovered
    for solution in solutions:
        assert sorted(cell for p in solution for cell in p.cells) == sorted(open_cells)


def test_a_target_not_stored_has_no_solutions_to_read(session: Session) -> None:
    with pytest.raises(NotPrecomputed, match="calendar-dragonfjord 03-01 is not precomputed yet"):
        all_solutions(session, CALENDAR, CALENDAR.target("03-01"))
    with pytest.raises(NotPrecomputed, match=r"^pentomino-6x10 is not precomputed yet"):
        target_count(session, get_puzzle("pentomino-6x10"), get_puzzle("pentomino-6x10").target(BOARD))


def test_stored_solution_n_counts_from_one_in_store_order(session: Session) -> None:
    solutions = all_solutions(session, CALENDAR, DATE)
    first, last = stored_solution(session, CALENDAR, DATE, 1), stored_solution(session, CALENDAR, DATE, 216)
    assert (first.number, first.placements, first.total) == (1, solutions[0], 216)
    assert (last.number, last.placements) == (216, solutions[-1])


@pytest.mark.parametrize("number", [0, 217, -1])
def test_a_solution_number_outside_one_to_count_is_unknown(session: Session, number: int) -> None:
    with pytest.raises(UnknownSolution) as caught:
        stored_solution(session, CALENDAR, DATE, number)
    assert str(caught.value) == f"calendar-dragonfjord 01-25 has solutions 1 to 216, not {number}"
    assert (caught.value.number, caught.value.total, caught.value.code) == (number, 216, "unknown_solution")


# ---------------------------------------------------------------- pages


def test_a_page_is_a_numbered_slice_of_the_stored_solutions(session: Session) -> None:
    solutions = all_solutions(session, CALENDAR, DATE)
    page = solution_page(session, CALENDAR, DATE, 210, 20)
    assert (page.total, page.offset) == (216, 210)
    assert [(s.number, s.placements, s.total) for s in page.solutions] == [
        (n, solutions[n - 1], 216) for n in range(211, 217)
    ]


def test_a_page_at_the_end_is_empty_and_past_it_out_of_range(session: Session) -> None:
    assert solution_page(session, CALENDAR, DATE, 216, 5).solutions == ()
    with pytest.raises(
        OffsetOutOfRange, match="offset 217 is past the end: calendar-dragonfjord 01-25 has 216"
    ):
        solution_page(session, CALENDAR, DATE, 217, 5)


def test_a_face_up_page_lists_the_face_up_solutions_with_their_stored_numbers(session: Session) -> None:
    solutions = all_solutions(session, CALENDAR, DATE)
    page = solution_page(session, CALENDAR, DATE, 0, 100, faceup=True)
    face_up = [n for n, s in enumerate(solutions, start=1) if not any(is_flipped(CALENDAR, p) for p in s)]
    assert page.total == 11 and [s.number for s in page.solutions] == face_up
    assert all(s.placements == solutions[s.number - 1] and s.total == 11 for s in page.solutions)
    assert [s.number for s in solution_page(session, CALENDAR, DATE, 9, 5, faceup=True).solutions] == face_up[
        9:
    ]
    with pytest.raises(OffsetOutOfRange, match="has 11 solutions"):
        solution_page(session, CALENDAR, DATE, 12, 5, faceup=True)


def test_a_face_up_board_page_lists_the_classes_with_some_face_up_arrangement(session: Session) -> None:
    raw = raw_solutions(session, HOLE, HOLE.target(BOARD), faceup=True)
    page = solution_page(session, HOLE, HOLE.target(BOARD), 0, 100, faceup=True)
    assert [s.number for s in page.solutions] == sorted({c + 1 for c in raw.classes})
    assert page.total == raw.stored == len(page.solutions) < 65


# ---------------------------------------------------------------- whole puzzles


def test_complete_counts_need_every_real_target(session: Session) -> None:
    assert complete_counts(session, LINE) == {BOARD: 2}
    with pytest.raises(NotPrecomputed, match=r"^calendar-dragonfjord is not fully precomputed yet"):
        complete_counts(session, CALENDAR)
    with pytest.raises(NotPrecomputed, match=r"^pentomino-6x10 is not precomputed yet"):
        complete_counts(session, get_puzzle("pentomino-6x10"))


def test_stored_targets_are_grouped_by_puzzle(session: Session) -> None:
    every = stored_targets(session)
    assert set(every) == set(catalog()) and every["pentomino-6x10"] == []
    assert [t.name for t in every["pentomino-8x8-hole"]] == [BOARD]
    assert (
        len(every["calendar-dragonfjord"]) == 15
        and sum(t.is_real for t in every["calendar-dragonfjord"]) == 14
    )
    assert list(stored_targets(session, LINE)) == ["pentomino-3x20"]


def count_target(session: Session, puzzle: Puzzle, name: str, count: int) -> None:
    """Record a target's count without its solutions (enough for every per-date count)."""
    repository.sync_puzzle(
        session=session,
        puzzle_id=puzzle.id,
        title=puzzle.title,
        lattice=puzzle.lattice.name,
        fingerprint=fingerprint(puzzle),  # as precomputed: its stored targets stay
    )
    session.add(TargetRow(puzzle_id=puzzle.id, name=name, is_real=True, solution_count=count, seconds=0.0))
    session.flush()


def test_year_counts_on_a_weekday_edition_follow_the_years_weekdays(session: Session) -> None:
    weekday = get_puzzle("calendar-weekday")
    count_target(session, weekday, "11-24-tue", 5)
    assert year_counts(session, weekday, 2026) == {"11-24": 5}  # a Tuesday in 2026
    assert year_counts(session, weekday, 2027) == {}  # a Wednesday in 2027, not stored
    assert year_counts(session, CALENDAR, 2027) == solution_counts(session, CALENDAR)


def test_year_counts_reach_the_last_date_there_is(session: Session) -> None:
    weekday = get_puzzle("calendar-weekday")
    count_target(session, weekday, "12-31-fri", 3)
    count_target(session, weekday, "01-01-mon", 4)
    assert year_counts(session, weekday, 9999) == {"12-31": 3}  # 9999-12-31 is a Friday
    assert year_counts(session, weekday, 1) == {"01-01": 4}  # 0001-01-01 a Monday


def test_the_heatmap_year_is_kept_only_where_it_changes_the_picture(session: Session) -> None:
    """The heatmap's cache key: on every calendar without weekdays any two years count the same,
    so the year is left out; on a weekday edition they differ, so it stays."""
    weekday = get_puzzle("calendar-weekday")
    count_target(session, weekday, "11-24-tue", 5)
    count_target(session, weekday, "11-24-wed", 6)
    assert (heatmap_year(weekday, 2026), heatmap_year(weekday, 2027)) == (2026, 2027)
    assert year_counts(session, weekday, 2026) != year_counts(session, weekday, 2027)
    for edition in calendar_editions():
        if edition.targets_kind != "month-day-weekday":
            assert heatmap_year(edition, 2026) is None is heatmap_year(edition, 2027)
            assert year_counts(session, edition, 2026) == year_counts(session, edition, 2027)


# ---------------------------------------------------------------- face-up counts


def test_faceup_counts_are_the_solutions_that_turn_no_piece_over(session: Session) -> None:
    counts = faceup_counts(session, CALENDAR)
    assert set(counts) == set(solution_counts(session, CALENDAR))
    for name in ("01-25", "01-29", "11-24"):
        solutions = all_solutions(session, CALENDAR, CALENDAR.target(name))
        assert counts[name] == sum(not any(is_flipped(CALENDAR, p) for p in s) for s in solutions)
    assert (counts["01-25"], counts["01-29"]) == (11, 0)


def test_faceup_counts_count_again_once_a_new_target_is_stored(session: Session) -> None:
    before = faceup_counts(session, CALENDAR)
    count_target(session, CALENDAR, "03-01", 40)
    after = faceup_counts(session, CALENDAR)
    assert after == {**before, "03-01": 0}  # counted, but no solution stored to turn over


def test_stores_without_flip_records_are_read_off_the_encodings(own_sessions: sessionmaker[Session]) -> None:
    with own_sessions.begin() as session:
        codes = repository.get_encodings(session=session, puzzle_id=CALENDAR.id, target="01-25")
        codec, data = repository.pack_encodings(codes)  # packed as before revision 0012: no flips
        session.execute(
            update(SolutionSetRow)
            .where(SolutionSetRow.target_id == stored_key(session, CALENDAR, DATE).id)
            .values(codec=codec, data=data)
        )
    with own_sessions() as session:
        packed = repository.get_solutions(session=session, puzzle_id=CALENDAR.id, target="01-25")
        assert packed is not None and packed.flips is None
        assert faceup_counts(session, CALENDAR)["01-25"] == 11


def test_faceup_counts_are_kept_within_their_bound_and_counted_once_at_a_time(
    session: Session, sample_sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, the counts gained a key per stored state and never dropped one, and two pages asking
    at once both counted every target."""
    monkeypatch.setattr(solutions_module, "_FACEUP_COUNTS", BoundedCache(2))
    counted: list[str] = []
    real = solutions_module._face_up_stored

    def counting(*args: object) -> int:
        counted.append(str(args[2]))
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(solutions_module, "_face_up_stored", counting)
    editions = calendar_editions()[:3]
    for edition in editions:
        faceup_counts(session, edition)
    assert faceup_cache_entries() == 2  # the bound holds: the least recently used was dropped
    counted.clear()
    start = threading.Barrier(4)

    def ask() -> None:
        with sample_sessions() as own:
            start.wait()
            faceup_counts(own, CALENDAR)

    askers = [threading.Thread(target=ask) for _ in range(4)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join()
    assert sorted(counted) == sorted(solution_counts(session, CALENDAR))  # each target counted once
