"""Raw solutions (the stored ones and their symmetric images) on the sample store, and the one
raw-solution cache of each session factory."""

from __future__ import annotations

import random

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.engine import make_engine, session_factory
from hints.errors import NotPrecomputed
from hints.raw_solutions import RawSolutionCache, RawSolutions, footprint, raw_cache, raw_solutions
from hints.solutions import all_solutions, stored_key
from jobs.storing import save_solutions
from solver.catalog import Puzzle, Target
from solver.encoding import decode, is_flipped
from solver.problem import TargetProblem
from solver.puzzles import get_puzzle

CALENDAR = get_puzzle("calendar-dragonfjord")
DATE = CALENDAR.target("01-25")  # 216 solutions, 11 of them face up
LINE = get_puzzle("pentomino-3x20")  # 2 solutions up to symmetry, 8 arrangements
HOLE = get_puzzle("pentomino-8x8-hole")  # 65 up to symmetry, 520 arrangements
BOARD = "board"


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


@pytest.mark.parametrize("faceup", [False, True])
def test_distinct_agrees_with_counting_the_classes_one_by_one(session: Session, faceup: bool) -> None:
    raw = raw_solutions(session, HOLE, HOLE.target(BOARD), faceup=faceup)  # face up: classes of 1 to 8
    rng = random.Random(f"distinct-{faceup}")
    for _ in range(50):
        mask = rng.getrandbits(len(raw)) & rng.getrandbits(len(raw)) & rng.getrandbits(len(raw))
        classes = {raw.classes[i] for i in range(len(raw)) if mask >> i & 1}
        assert raw.distinct(mask) == len(classes)
    assert raw.distinct(raw.everything) == raw.stored


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
