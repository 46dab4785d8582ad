"""The solution store on both databases: a target's solutions packed in one row, read back as before."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import func, select, text, update
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.engine import make_engine, session_factory
from db.models import HintCacheRow, SolutionSetRow, TargetRow
from db.repository import (
    LZMA_CODEC,
    ZSTD_CODEC,
    CachedHints,
    PackedSolutions,
    pack_encodings,
    pack_solutions,
    unpack_encodings,
    unpack_solutions,
)
from tests.db.factories import encodings

PUZZLE = "calendar-test"


def records_for(codes: list[str]) -> list[str]:
    """Made-up flip records, one per encoding: some empty, some naming one or two letters."""
    return ["", "B", "CF"][: len(codes)] + [("" if i % 3 else "D") for i in range(3, len(codes))]


def store(session: Session, name: str, codes: list[str], *, is_real: bool = True) -> None:
    repository.sync_puzzle(session=session, puzzle_id=PUZZLE, title="t", lattice="square", fingerprint="f1")
    repository.save_target(
        session=session,
        puzzle_id=PUZZLE,
        name=name,
        is_real=is_real,
        encodings=codes,
        flips=records_for(codes),
        seconds=0.5,
    )


def sets_stored(session: Session) -> int:
    return session.scalar(select(func.count()).select_from(SolutionSetRow)) or 0


# ---------------------------------------------------------------- the codecs


@pytest.mark.parametrize("count", [1, 2, 7, 3000])
def test_packing_keeps_every_encoding_and_flip_record_in_order(count: int) -> None:
    codes = encodings(count)
    codec, data = pack_solutions(codes, records_for(codes))
    assert codec == ZSTD_CODEC
    assert unpack_solutions(codec, data) == PackedSolutions(codes, records_for(codes))
    assert unpack_encodings(codec, data) == codes


@pytest.mark.parametrize("count", [1, 7, 3000])
def test_codec_1_of_older_stores_still_reads_without_flip_records(count: int) -> None:
    codes = encodings(count)
    codec, data = pack_encodings(codes)
    assert codec == LZMA_CODEC
    assert unpack_solutions(codec, data) == PackedSolutions(codes, None)


def test_packing_is_compact_on_sorted_encodings() -> None:
    """Sorted encodings share long prefixes; the random cells here are the worst case."""
    codes = encodings(2000)
    _, data = pack_solutions(codes, records_for(codes))
    assert len(data) < 0.7 * sum(len(code) + 1 for code in codes)


@pytest.mark.parametrize("bad", [[], [""], ["AB", ""], ["A\nB"], ["AB", "C\nD", "EF"], ["A\0B"]])
def test_what_cannot_be_packed_is_refused(bad: list[str]) -> None:
    with pytest.raises(ValueError):
        pack_solutions(bad, [""] * len(bad))
    if "\0" not in "".join(bad):
        with pytest.raises(ValueError):
            pack_encodings(bad)


@pytest.mark.parametrize("flips", [[], ["", ""], ["A\nB"], ["A\0"]])
def test_flip_records_that_cannot_be_packed_are_refused(flips: list[str]) -> None:
    with pytest.raises(ValueError):
        pack_solutions(["AB"], flips)


def test_an_unknown_codec_is_refused() -> None:
    _, data = pack_solutions(["AB"], [""])
    with pytest.raises(ValueError, match="unknown solution codec 3"):
        unpack_encodings(3, data)


# ---------------------------------------------------------------- the repository


def test_a_target_is_one_row_and_reads_back_in_ordinal_order(sessions: sessionmaker[Session]) -> None:
    codes = encodings(500)
    with sessions.begin() as session:
        store(session, "01-25", codes)
        store(session, "01-26", encodings(3, seed=2))
    with sessions() as session:
        assert sets_stored(session) == 2
        assert repository.get_encodings(session=session, puzzle_id=PUZZLE, target="01-25") == codes
        assert repository.count_solutions(session=session, puzzle_id=PUZZLE, target="01-25") == 500
        assert repository.get_encodings(session=session, puzzle_id=PUZZLE, target="12-31") == []
        assert repository.count_solutions(session=session, puzzle_id=PUZZLE, target="12-31") is None
        assert repository.get_encodings(session=session, puzzle_id="other", target="01-25") == []


@pytest.mark.parametrize(
    ("offset", "limit"), [(0, None), (0, 1), (7, 1), (499, 1), (490, 20), (500, 5), (600, None), (3, 0)]
)
def test_pages_are_slices_of_the_ordinal_order(
    sessions: sessionmaker[Session], offset: int, limit: int | None
) -> None:
    codes = encodings(500)
    with sessions.begin() as session:
        store(session, "01-25", codes)
    with sessions() as session:
        page = repository.get_encodings(
            session=session, puzzle_id=PUZZLE, target="01-25", offset=offset, limit=limit
        )
    assert page == (codes[offset:] if limit is None else codes[offset : offset + limit])


def test_a_negative_page_is_refused(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        for offset, limit in ((-1, None), (0, -1)):
            with pytest.raises(ValueError):
                repository.get_encodings(
                    session=session, puzzle_id=PUZZLE, target="x", offset=offset, limit=limit
                )


def test_a_target_without_solutions_is_stored_without_a_set(sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as session:
        store(session, "02-30", [], is_real=False)
    with sessions() as session:
        assert sets_stored(session) == 0
        assert repository.count_solutions(session=session, puzzle_id=PUZZLE, target="02-30") == 0
        assert repository.get_encodings(session=session, puzzle_id=PUZZLE, target="02-30") == []
        assert repository.stored_target_names(session=session, puzzle_id=PUZZLE) == {"02-30"}


def test_storing_again_replaces_the_set_and_the_key(sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as session:
        store(session, "01-25", encodings(40))
    with sessions() as session:
        first = repository.target_key(session=session, puzzle_id=PUZZLE, target="01-25")
    with sessions.begin() as session:
        store(session, "01-25", encodings(9, seed=5))
    with sessions() as session:
        second = repository.target_key(session=session, puzzle_id=PUZZLE, target="01-25")
        assert repository.get_encodings(session=session, puzzle_id=PUZZLE, target="01-25") == encodings(
            9, seed=5
        )
        assert sets_stored(session) == 1
    assert first is not None and second is not None
    assert (first.solution_count, second.solution_count) == (40, 9)


def test_storing_again_with_the_same_count_still_changes_the_key(sessions: sessionmaker[Session]) -> None:
    """SQLite hands a deleted row's id to the next row: the key must tell the two stores apart
    anyway, or a cache keyed by it would serve the old solutions after a recompute."""
    with sessions.begin() as session:
        store(session, "01-25", encodings(40))
    with sessions() as session:
        first = repository.target_key(session=session, puzzle_id=PUZZLE, target="01-25")
    with sessions.begin() as session:
        store(session, "01-25", encodings(40, seed=7))
    with sessions() as session:
        second = repository.target_key(session=session, puzzle_id=PUZZLE, target="01-25")
    assert first is not None and second is not None
    assert first.solution_count == second.solution_count
    assert first != second


def test_flip_records_are_stored_with_the_encodings(sessions: sessionmaker[Session]) -> None:
    codes = encodings(50)
    with sessions.begin() as session:
        store(session, "01-25", codes)
    with sessions() as session:
        stored = repository.get_solutions(session=session, puzzle_id=PUZZLE, target="01-25")
        assert stored == PackedSolutions(codes, records_for(codes))
        assert repository.get_solutions(session=session, puzzle_id=PUZZLE, target="12-31") is None
        assert repository.targets_without_flip_records(session=session) == []
    with sessions.begin() as session, pytest.raises(ValueError, match="50 encodings but 49 flip records"):
        repository.save_target(
            session=session,
            puzzle_id=PUZZLE,
            name="01-26",
            is_real=True,
            encodings=codes,
            flips=records_for(codes)[1:],
            seconds=1.0,
        )


def test_a_set_packed_before_flip_records_gets_them_in_place(sessions: sessionmaker[Session]) -> None:
    codes = encodings(30)
    with sessions.begin() as session:
        store(session, "01-25", codes)
        store(session, "01-26", encodings(5, seed=4))
        key = repository.target_key(session=session, puzzle_id=PUZZLE, target="01-25")
        assert key is not None
        codec, data = pack_encodings(codes)  # as revision 0010 wrote it
        session.execute(
            update(SolutionSetRow).where(SolutionSetRow.target_id == key.id).values(codec=codec, data=data)
        )
    with sessions() as session:
        assert repository.targets_without_flip_records(session=session) == [(PUZZLE, "01-25")]
        old = repository.get_solutions(session=session, puzzle_id=PUZZLE, target="01-25")
        assert old == PackedSolutions(codes, None)
    with sessions.begin() as session:
        repository.add_flip_records(
            session=session, puzzle_id=PUZZLE, target="01-25", flips=records_for(codes)
        )
    with sessions() as session:
        assert repository.targets_without_flip_records(session=session) == []
        assert repository.get_solutions(session=session, puzzle_id=PUZZLE, target="01-25") == PackedSolutions(
            codes, records_for(codes)
        )
        assert repository.target_key(session=session, puzzle_id=PUZZLE, target="01-25") == key
        assert session.scalar(select(func.count()).select_from(TargetRow)) == 2
    with sessions.begin() as session, pytest.raises(ValueError, match="no solution set without flip records"):
        repository.add_flip_records(
            session=session, puzzle_id=PUZZLE, target="01-25", flips=records_for(codes)
        )


STALE = CachedHints("A.", "AB", "AB", 7, 2, 40)  # computed from the solutions stored first
FRESH = CachedHints("B.", "BA", "BA", 9, 1, 40)


def key_of(sessions: sessionmaker[Session], name: str = "01-25") -> repository.TargetKey:
    with sessions() as session:
        key = repository.target_key(session=session, puzzle_id=PUZZLE, target=name)
    assert key is not None
    return key


def test_each_storing_draws_a_new_generation(sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as session:
        store(session, "01-25", encodings(40))
        store(session, "01-26", encodings(40))
    first, other = key_of(sessions), key_of(sessions, "01-26")
    with sessions.begin() as session:
        store(session, "01-25", encodings(40))  # the very same solutions, stored again
    second = key_of(sessions)
    assert first.generation and second.generation and other.generation
    assert len({first.generation, second.generation, other.generation}) == 3


def test_a_hint_cache_write_from_before_the_target_was_stored_again_is_dropped(
    sessions: sessionmaker[Session],
) -> None:
    """The straddle: hints computed from the target as read, written after ``precompute --force``
    stored it again. On SQLite the new row gets the old row's id (the newest row's id is reused),
    so without the check the stale hints would land on it and be served from then on."""
    with sessions.begin() as session:
        store(session, "01-24", encodings(40, seed=3))
        store(session, "01-25", encodings(40))  # the newest row: SQLite reuses its id
    read = key_of(sessions)
    with sessions.begin() as session:
        store(session, "01-25", encodings(40, seed=7))  # stored again meanwhile
    now = key_of(sessions)
    if sessions.kw["bind"].dialect.name == "sqlite":
        assert now.id == read.id  # the hazard itself: same id, other solutions
    with sessions.begin() as session:
        repository.save_cached_hints(session=session, target=read, ordinal=3, hints=STALE)
    with sessions() as session:
        assert repository.get_cached_hints(session=session, target_id=now.id, ordinal=3) is None
    with sessions.begin() as session:  # hints computed from the new storing are kept
        repository.save_cached_hints(session=session, target=now, ordinal=3, hints=FRESH)
        repository.save_cached_hints(session=session, target=read, ordinal=3, hints=STALE)
    with sessions() as session:
        assert repository.get_cached_hints(session=session, target_id=now.id, ordinal=3) == FRESH


def test_a_target_stored_before_generations_counts_as_its_id(sessions: sessionmaker[Session]) -> None:
    """Rows from before revision 0014 have no generation: they count as ``legacy-ID``, take hint
    cache writes as before, and a storing since (a drawn generation) still drops the stale ones."""
    with sessions.begin() as session:
        store(session, "01-25", encodings(40))
        session.execute(update(TargetRow).values(generation=None))
    legacy = key_of(sessions)
    assert legacy.generation == f"legacy-{legacy.id}"
    with sessions.begin() as session:
        repository.save_cached_hints(session=session, target=legacy, ordinal=3, hints=STALE)
    with sessions() as session:
        assert repository.get_cached_hints(session=session, target_id=legacy.id, ordinal=3) == STALE
    with sessions.begin() as session:
        store(session, "01-25", encodings(40, seed=7))
    with sessions.begin() as session:
        repository.save_cached_hints(session=session, target=legacy, ordinal=3, hints=STALE)
    with sessions() as session:
        assert session.scalar(select(func.count()).select_from(HintCacheRow)) == 0


def test_a_hint_cache_write_for_a_deleted_target_is_dropped_without_an_error(
    sessions: sessionmaker[Session],
) -> None:
    with sessions.begin() as session:
        store(session, "01-25", encodings(40))
    read = key_of(sessions)
    with sessions.begin() as session:
        repository.delete_targets(session=session, puzzle_id=PUZZLE, names=["01-25"])
    with sessions.begin() as session:  # no foreign-key error: nothing to write onto
        repository.save_cached_hints(session=session, target=read, ordinal=3, hints=STALE)
    with sessions() as session:
        assert session.scalar(select(func.count()).select_from(HintCacheRow)) == 0


def test_on_postgresql_a_write_that_waited_for_a_restore_finds_nothing_to_write(
    migrated_postgres_url: str,
) -> None:
    """The write blocks on the row the re-store deleted; once that commits it inserts nothing,
    rather than failing the reader's request with a foreign-key error."""
    engine = make_engine(migrated_postgres_url)
    sessions = session_factory(engine)
    with sessions.begin() as session:
        store(session, "01-25", encodings(40))
    read = key_of(sessions)
    errors: list[BaseException] = []

    def write() -> None:
        try:
            with sessions.begin() as session:
                repository.save_cached_hints(session=session, target=read, ordinal=3, hints=STALE)
        except BaseException as error:  # handed to the test's thread
            errors.append(error)

    with sessions() as restore, sessions() as watcher:
        store(restore, "01-25", encodings(40, seed=7))
        restore.flush()  # the old row deleted, the new one inserted: not committed yet
        writer = threading.Thread(target=write)
        writer.start()
        waiting = text(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock'"
        )
        deadline = time.monotonic() + 10
        while not watcher.scalar(waiting) and time.monotonic() < deadline:
            watcher.rollback()
            time.sleep(0.02)
        assert writer.is_alive()  # waiting for the re-store
        restore.commit()
        writer.join(10)
    assert errors == []
    with sessions() as session:
        assert session.scalar(select(func.count()).select_from(HintCacheRow)) == 0
    engine.dispose()


def test_deleting_targets_deletes_their_sets_and_cached_hints(sessions: sessionmaker[Session]) -> None:
    hints = CachedHints("..A", "..AB", "..ABC", 5, 1, 40)
    with sessions.begin() as session:
        store(session, "01-25", encodings(40))
        store(session, "01-26", encodings(30, seed=3))
        key = repository.target_key(session=session, puzzle_id=PUZZLE, target="01-25")
        assert key is not None
        repository.save_cached_hints(session=session, target=key, ordinal=39, hints=hints)
    with sessions() as session:
        assert repository.get_cached_hints(session=session, target_id=key.id, ordinal=39) == hints
    with sessions.begin() as session:
        repository.delete_targets(session=session, puzzle_id=PUZZLE, names=["01-25"])
    with sessions() as session:
        assert sets_stored(session) == 1
        assert repository.get_cached_hints(session=session, target_id=key.id, ordinal=39) is None
        assert repository.stored_target_names(session=session, puzzle_id=PUZZLE) == {"01-26"}
    with sessions.begin() as session:  # a changed definition drops everything of the puzzle
        repository.sync_puzzle(
            session=session, puzzle_id=PUZZLE, title="t", lattice="square", fingerprint="f2"
        )
    with sessions() as session:
        assert sets_stored(session) == 0
        assert repository.list_targets(session=session, puzzle_id=PUZZLE) == []


def test_counts_and_listings_come_from_the_target_rows(sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as session:
        store(session, "01-25", encodings(40))
        store(session, "02-30", [], is_real=False)
    with sessions() as session:
        assert repository.real_target_counts(session=session, puzzle_id=PUZZLE) == {"01-25": 40}
        listed = repository.list_targets(session=session, puzzle_id=PUZZLE)
    assert [(t.name, t.is_real, t.solution_count) for t in listed] == [
        ("01-25", True, 40),
        ("02-30", False, 0),
    ]
