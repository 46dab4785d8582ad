"""Stored solutions as the front ends read them, on the sample store: counts, numbers, pages, face-up
variants, raw solutions (symmetric images) and the one raw-solution cache."""

from __future__ import annotations

import pytest
from sqlalchemy import update
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.engine import make_engine, session_factory
from db.models import SolutionSetRow, TargetRow
from hints.daily import calendar_editions
from hints.errors import NotPrecomputed, OffsetOutOfRange, UnknownSolution
from hints.solutions import (
    RawSolutionCache,
    RawSolutions,
    all_solutions,
    complete_counts,
    describe,
    faceup_counts,
    footprint,
    heatmap_year,
    raw_cache,
    raw_solutions,
    solution_counts,
    solution_page,
    stored_key,
    stored_solution,
    stored_targets,
    target_count,
    year_counts,
)
from jobs.storing import save_solutions
from solver.catalog import Puzzle, Target, catalog, get_puzzle
from solver.encoding import decode, is_flipped
from solver.problem import TargetProblem
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


# ---------------------------------------------------------------- raw solutions


def test_a_board_has_every_symmetric_image_of_its_stored_solutions(session: Session) -> None:
    raw = raw_solutions(session, LINE, LINE.target(BOARD))
    stored = all_solutions(session, LINE, LINE.target(BOARD))
    assert (len(raw), raw.stored, raw.classes) == (8, 2, (0, 0, 0, 0, 1, 1, 1, 1))
    assert raw.solutions[0] == frozenset(stored[0]) and raw.solutions[4] == frozenset(stored[1])
    assert len(set(raw.solutions)) == 8 and raw.index[raw.solutions[5]] == 5
    group = TargetProblem(LINE, LINE.target(BOARD)).symmetry_group
    assert len(group) == 4


def test_a_calendar_has_no_symmetry_so_raw_is_stored(session: Session) -> None:
    raw = raw_solutions(session, CALENDAR, DATE)
    assert len(raw) == raw.stored == 216 and raw.classes == tuple(range(216))
    assert raw.distinct(raw.everything) == 216


def test_containing_is_the_raw_solutions_holding_every_placement(session: Session) -> None:
    raw = raw_solutions(session, HOLE, HOLE.target(BOARD))
    first = sorted(raw.solutions[0], key=lambda p: p.piece)
    for chosen in (first[:1], first[:3], []):
        mask = raw.containing(chosen)
        expected = [i for i, s in enumerate(raw.solutions) if set(chosen) <= s]
        assert [i for i in range(len(raw)) if mask >> i & 1] == expected
    assert raw.containing(first[:1], within=0) == 0
    assert raw.containing(first[:1], within=1) == 1


def test_distinct_counts_the_symmetry_classes_of_a_mask(session: Session) -> None:
    raw = raw_solutions(session, HOLE, HOLE.target(BOARD))
    assert (len(raw), raw.stored, raw.distinct(raw.everything)) == (520, 65, 65)
    one_class = sum(1 << i for i, c in enumerate(raw.classes) if c == 7)
    assert one_class.bit_count() == 8 and raw.distinct(one_class) == 1
    assert raw.distinct(one_class | 1) == 2 and raw.distinct(0) == 0


def test_face_up_raw_solutions_turn_no_piece_over_and_keep_their_classes(session: Session) -> None:
    raw = raw_solutions(session, HOLE, HOLE.target(BOARD))
    up = raw.face_up(HOLE)
    expected = [
        (s, c)
        for s, c in zip(raw.solutions, raw.classes, strict=True)
        if not any(is_flipped(HOLE, p) for p in s)
    ]
    assert list(zip(up.solutions, up.classes, strict=True)) == expected
    assert up.stored == len({c for _, c in expected}) and 0 < len(up) < len(raw)
    assert raw.face_up(HOLE) is up  # worked out once per cached set
    assert raw_solutions(session, HOLE, HOLE.target(BOARD), faceup=True) is up


def test_raw_solutions_of_a_target_not_stored_are_not_precomputed(session: Session) -> None:
    with pytest.raises(NotPrecomputed):
        raw_solutions(session, CALENDAR, CALENDAR.target("03-01"))


def test_raw_solutions_are_an_empty_set_when_built_from_nothing() -> None:
    empty = RawSolutions((), (), 0)
    assert (len(empty), empty.everything, empty.masks, empty.containing([])) == (0, 0, {}, 0)


# ---------------------------------------------------------------- the cache


class CountingCache(RawSolutionCache):
    """The cache, counting its loads from the store."""

    def __init__(self, max_bytes: int = 256 << 20, recheck_seconds: float = 10.0) -> None:
        super().__init__(max_bytes, recheck_seconds)
        self.loads: list[str] = []

    def _load(self, session: Session, puzzle: Puzzle, target: Target) -> RawSolutions:  # type: ignore[override]
        self.loads.append(f"{puzzle.id} {target.name}")
        return RawSolutionCache._load(session, puzzle, target)


def test_a_target_is_loaded_once_and_then_served_without_the_store(session: Session) -> None:
    cache = CountingCache()
    first = cache.get(session, CALENDAR, DATE)
    assert cache.get(session, CALENDAR, DATE) is first is cache.peek(CALENDAR, DATE)
    assert cache.loads == ["calendar-dragonfjord 01-25"]
    assert cache.peek(CALENDAR, CALENDAR.target("01-24")) is None  # never asked for


def test_the_targets_used_longest_ago_go_first_when_the_bytes_run_out(session: Session) -> None:
    sizes = {
        puzzle.id: footprint(CountingCache().get(session, puzzle, puzzle.target(BOARD)))
        for puzzle in (LINE, HOLE)
    }
    date_size = footprint(CountingCache().get(session, CALENDAR, DATE))
    cache = CountingCache(max_bytes=date_size + sizes[HOLE.id])
    cache.get(session, CALENDAR, DATE)
    cache.get(session, LINE, LINE.target(BOARD))
    cache.get(session, CALENDAR, DATE)  # used again: now the line board is the oldest
    cache.get(session, HOLE, HOLE.target(BOARD))  # does not fit beside both: the line board goes
    assert cache.peek(LINE, LINE.target(BOARD)) is None
    assert cache.peek(HOLE, HOLE.target(BOARD)) is not None
    assert cache.peek(CALENDAR, DATE) is not None  # a peek is a use: the hole board is oldest now
    assert cache.size == date_size + sizes[HOLE.id]
    cache.get(session, LINE, LINE.target(BOARD))  # read again from the store, pushing out the hole board
    assert cache.loads[-1] == "pentomino-3x20 board" and len(cache.loads) == 4
    assert cache.peek(HOLE, HOLE.target(BOARD)) is None
    assert cache.size == date_size + sizes[LINE.id]


def test_a_target_larger_than_the_whole_bound_is_served_but_not_kept(session: Session) -> None:
    cache = CountingCache(max_bytes=1000)
    raw = cache.get(session, HOLE, HOLE.target(BOARD))
    assert len(raw) == 520 and cache.size == 0
    assert cache.peek(HOLE, HOLE.target(BOARD)) is None


def test_a_smaller_bound_drops_the_oldest_at_once(session: Session) -> None:
    cache = CountingCache()
    line = cache.get(session, LINE, LINE.target(BOARD))
    cache.get(session, HOLE, HOLE.target(BOARD))
    cache.resize(footprint(line))
    assert cache.peek(LINE, LINE.target(BOARD)) is None  # the older one went, though it fits
    assert cache.peek(HOLE, HOLE.target(BOARD)) is None  # and the other does not fit
    assert cache.size == 0


def test_the_footprint_grows_with_the_solutions_and_counts_shared_placements_once(session: Session) -> None:
    line = CountingCache().get(session, LINE, LINE.target(BOARD))
    hole = CountingCache().get(session, HOLE, HOLE.target(BOARD))
    assert 0 < footprint(line) < footprint(hole)
    twice = RawSolutions(line.solutions * 2, line.classes * 2, line.stored)  # the same placements again
    extra = footprint(twice) - footprint(line)
    assert 0 < extra < footprint(line)  # the sets and the masks' bits, not the shared placements


def test_a_stale_entry_is_checked_and_kept_while_the_store_holds_the_same_target(session: Session) -> None:
    cache = CountingCache(recheck_seconds=-1)  # every entry is due for a check at once
    first = cache.get(session, CALENDAR, DATE)
    assert cache.peek(CALENDAR, DATE) is None  # due: peek does not vouch for it
    assert cache.get(session, CALENDAR, DATE) is first and len(cache.loads) == 1


def test_a_target_stored_again_is_read_again_even_with_the_same_count(
    own_sessions: sessionmaker[Session],
) -> None:
    """On SQLite the target stored again may get its old row id back: the cache must see the change."""
    cache = CountingCache(recheck_seconds=-1)
    with own_sessions() as session:
        codes = repository.get_encodings(session=session, puzzle_id=CALENDAR.id, target="01-25")
    read = []
    for chosen in (codes[:2], codes[2:4]):
        with own_sessions.begin() as session:
            save_solutions(session, CALENDAR, DATE, chosen, 0.1)
        with own_sessions() as session:
            read.append(cache.get(session, CALENDAR, DATE))
    decoded = [frozenset(decode(CALENDAR, code)) for code in codes[:4]]
    assert [list(raw.solutions) for raw in read] == [decoded[:2], decoded[2:]]
    assert cache.loads == ["calendar-dragonfjord 01-25"] * 2


def test_a_caller_that_read_the_target_stored_again_is_not_served_the_entry_read_before(
    own_sessions: sessionmaker[Session],
) -> None:
    """Hints are computed from the target as their caller read it: an entry checked a moment ago
    but loaded from the storing before is read again, not served for ``recheck_seconds`` more."""
    cache = CountingCache(recheck_seconds=3600)
    with own_sessions() as session:
        codes = repository.get_encodings(session=session, puzzle_id=CALENDAR.id, target="01-25")
        before = stored_key(session, CALENDAR, DATE)
        old = cache.get(session, CALENDAR, DATE, stored=before)
    with own_sessions.begin() as session:
        save_solutions(session, CALENDAR, DATE, codes[:2], 0.1)
    with own_sessions() as session:
        now = stored_key(session, CALENDAR, DATE)
        assert cache.get(session, CALENDAR, DATE) is old  # without a key: trusted until the recheck
        new = cache.get(session, CALENDAR, DATE, stored=now)
        assert cache.peek(CALENDAR, DATE, stored=before) is None
    assert len(new) == 2 and len(old) == 216
    assert cache.loads == ["calendar-dragonfjord 01-25"] * 2


def test_clear_forgets_every_entry(session: Session) -> None:
    cache = CountingCache()
    cache.get(session, LINE, LINE.target(BOARD))
    cache.clear()
    assert cache.peek(LINE, LINE.target(BOARD)) is None
    cache.get(session, LINE, LINE.target(BOARD))
    assert len(cache.loads) == 2


def test_each_session_factory_has_one_cache_that_raw_solutions_reads(sample_url: str) -> None:
    """The cache belongs to the factory a process makes once: its sessions share it, another
    factory (another process's, or another store's) has its own."""
    engine = make_engine(sample_url)
    sessions, others = session_factory(engine), session_factory(engine)
    with sessions() as session:
        raw = raw_solutions(session, LINE, LINE.target(BOARD))
    with sessions() as again:
        assert raw_cache(again) is raw_cache(sessions)
        assert raw_cache(sessions).peek(LINE, LINE.target(BOARD)) is raw
    assert raw_cache(others).peek(LINE, LINE.target(BOARD)) is None
