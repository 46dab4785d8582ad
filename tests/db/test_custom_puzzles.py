"""Custom puzzles in the store on both databases: versions never change, a delete leaves a
tombstone, /forget deletes a person's puzzles and only theirs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.orm import Session, sessionmaker

from db import custom_puzzles, forgetting

NOW = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)
ANN, BOB = 7, 2**53 + 3  # a Telegram user and a web player


def test_an_edit_is_a_new_version_and_the_old_one_stays(sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as session:
        made = custom_puzzles.create(session=session, owner=ANN, title="Mine", definition="v1", now=NOW)
        edited = custom_puzzles.add_version(
            session=session, puzzle_id=made.id, title="Mine 2", definition="v2", now=NOW
        )
    assert custom_puzzles.looks_custom(made.id) and custom_puzzles.looks_custom(made.current_id)
    assert (made.current_version, edited.current_version) == (1, 2)
    assert edited.current_id == f"{made.id}.2" and custom_puzzles.split_version_id(edited.current_id) == (
        made.id,
        2,
    )
    with sessions() as session:
        assert custom_puzzles.definition(session=session, puzzle_id=made.id, version=1) == "v1"
        assert custom_puzzles.definition(session=session, puzzle_id=made.id, version=2) == "v2"
        stored = custom_puzzles.get(session=session, puzzle_id=made.id)
    assert stored is not None and stored.title == "Mine 2" and not stored.published


def test_built_in_ids_never_look_custom() -> None:
    from solver.puzzles import all_puzzles

    assert not any(custom_puzzles.looks_custom(puzzle_id) for puzzle_id in all_puzzles())
    assert not custom_puzzles.looks_custom("u2345678.x")
    assert custom_puzzles.looks_custom(custom_puzzles.new_id())


def test_delete_leaves_a_tombstone_without_owner_title_or_text(sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as session:
        made = custom_puzzles.create(session=session, owner=ANN, title="Mine", definition="v1", now=NOW)
        assert custom_puzzles.change(session=session, puzzle_id=made.id, published=True)
        assert custom_puzzles.delete(session=session, puzzle_id=made.id, now=NOW)
        assert not custom_puzzles.delete(session=session, puzzle_id=made.id, now=NOW)
        assert not custom_puzzles.change(session=session, puzzle_id=made.id, title="Back")
    with sessions() as session:
        gone = custom_puzzles.get(session=session, puzzle_id=made.id)
        assert custom_puzzles.definition(session=session, puzzle_id=made.id, version=1) is None
        assert custom_puzzles.published(session=session) == []
    assert gone is not None and gone.deleted and gone.owner is None and gone.title is None


def test_forget_deletes_the_persons_puzzles_only(sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as session:
        anns = custom_puzzles.create(session=session, owner=ANN, title="A", definition="a", now=NOW)
        bobs = custom_puzzles.create(session=session, owner=BOB, title="B", definition="b", now=NOW)
    with sessions.begin() as session:
        assert forgetting.forget_user(session=session, user_id=ANN, now=NOW) == 1
    with sessions() as session:
        assert custom_puzzles.owned(session=session, owner=ANN) == []
        assert [p.id for p in custom_puzzles.owned(session=session, owner=BOB)] == [bobs.id]
        tombstone = custom_puzzles.get(session=session, puzzle_id=anns.id)
    assert tombstone is not None and tombstone.deleted


def test_versions_written_since_counts_new_puzzles_and_edits_of_one_owner(
    sessions: sessionmaker[Session],
) -> None:
    with sessions.begin() as session:
        old = custom_puzzles.create(
            session=session, owner=ANN, title="A", definition="a", now=NOW - timedelta(days=2)
        )
        custom_puzzles.add_version(session=session, puzzle_id=old.id, title="A", definition="a2", now=NOW)
        custom_puzzles.create(session=session, owner=ANN, title="C", definition="c", now=NOW)
        custom_puzzles.create(session=session, owner=BOB, title="B", definition="b", now=NOW)
        since = NOW - timedelta(days=1)
        assert custom_puzzles.versions_written_since(session=session, owner=ANN, since=since) == 2
        assert custom_puzzles.versions_written_since(session=session, owner=BOB, since=since) == 1
