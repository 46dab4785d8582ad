"""The rules of people's puzzles in the service: quotas, ownership, versions, and every lookup by id
finding them once the store's resolver is installed."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from hints import custom_puzzles as custom
from hints.errors import BeyondLimits
from settings import Settings
from solver.catalog import UnknownPuzzleError
from solver.puzzles import get_puzzle
from tests.support.custom_puzzles import custom_store

NOW = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)
ANN, BOB = 7, 8
BOX = """title: Three in a box
targets: board
pieces: pentominoes L P V
board:
# # # # #
# # # # #
# # # # #
"""
CALENDAR = Path(__file__).parents[2] / "solver" / "data" / "puzzles" / "calendar-dragonfjord.txt"


@pytest.fixture
def sessions(tmp_path: Path) -> Iterator[sessionmaker[Session]]:
    with custom_store(tmp_path) as made:
        yield made


def settings(**limits: int) -> Settings:
    return Settings(_env_file=None, **limits)  # type: ignore[call-arg, arg-type]


def definition(text: str = BOX) -> custom.Definition:
    found = custom.read(text, "en")
    assert not isinstance(found, list), found
    return found


def kept(
    sessions: sessionmaker[Session], owner: int = ANN, given: Settings | None = None
) -> custom.CustomPuzzle:
    read = definition()
    with sessions.begin() as session:
        made = custom.create(session, owner, read, custom.ProbeResult(()), NOW, given or settings())
    return made.puzzle


def test_a_kept_puzzle_is_found_by_its_id_and_by_its_versions_id(sessions: sessionmaker[Session]) -> None:
    made = kept(sessions)
    assert get_puzzle(made.id).id == made.current_id == f"{made.id}.1"
    assert get_puzzle(made.current_id).pieces == definition().pieces
    with pytest.raises(UnknownPuzzleError):
        get_puzzle(f"{made.id}.2")


def test_quota_of_puzzles_kept_and_of_versions_a_day(sessions: sessionmaker[Session]) -> None:
    given = settings(CUSTOM_PUZZLES_PER_PERSON=2, CUSTOM_PUZZLE_VERSIONS_PER_DAY=2)
    first = kept(sessions, given=given)
    kept(sessions, given=given)
    with pytest.raises(custom.QuotaReached) as refused:
        kept(sessions, given=given)
    assert (refused.value.what, refused.value.limit) == ("puzzles", 2)
    kept(sessions, owner=BOB, given=given)  # a quota is per person
    with sessions.begin() as session, pytest.raises(custom.QuotaReached) as refused:
        custom.edit(session, ANN, first.id, definition(), custom.ProbeResult(()), NOW, given)
    assert refused.value.what == "versions"  # two new puzzles today: no third version
    with sessions.begin() as session:  # a day later the versions count again from none
        edited = custom.edit(
            session, ANN, first.id, definition(), custom.ProbeResult(()), NOW + timedelta(days=2), given
        )
    assert edited.puzzle.current_version == 2


def test_only_the_owner_changes_or_deletes_and_a_deleted_puzzle_is_found_no_more(
    sessions: sessionmaker[Session],
) -> None:
    made = kept(sessions)
    with sessions.begin() as session:
        with pytest.raises(custom.NotOwner):
            custom.change(session, BOB, made.id, title="Bob's")
        with pytest.raises(custom.NotOwner):
            custom.delete(session, BOB, made.id, NOW)
        assert custom.change(session, ANN, made.id, title="Ann's", published=True).title == "Ann's"
        custom.delete(session, ANN, made.id, NOW)
    with sessions.begin() as session:
        with pytest.raises(custom.Deleted):
            custom.change(session, ANN, made.id, title="Back")
        stored = custom.stored(session, made.current_id)
    assert stored is not None and stored.deleted
    with pytest.raises(UnknownPuzzleError):
        get_puzzle(made.current_id)


def test_the_probe_solves_todays_target_and_the_next_days() -> None:
    text = CALENDAR.read_text().split("published: most 01-25 216\n")[1]
    calendar = definition("title: Mine\ntargets: month-day\npieces: calendar\n" + text)
    puzzle = calendar.puzzle("probe")
    assert custom.probe_targets(puzzle, date(2026, 2, 28)) == ["02-28", "03-01", "03-02"]
    assert custom.probe_targets(definition().puzzle("probe"), date(2026, 2, 28)) == ["board"]


def test_a_probe_whose_every_target_has_no_solution_is_hopeless() -> None:
    unsolvable = definition(BOX.replace("L P V", "I L P"))
    probed = custom.probe_definition(unsolvable, date(2026, 1, 1))
    assert probed.hopeless and probed.unsolvable == ["board"]
    assert not custom.probe_definition(definition(), date(2026, 1, 1)).hopeless


def test_a_refusal_kept_holds_while_the_limits_are_no_larger_in_their_words(
    sessions: sessionmaker[Session],
) -> None:
    with sessions.begin() as session:
        custom.record_refusal(session, BeyondLimits("uabcdefg.1", "board", more_than=100, seconds=20), NOW)
        custom.record_refusal(session, BeyondLimits("uabcdefg.1", "12-01", seconds=20), NOW)
    tight = settings(CUSTOM_PUZZLE_SOLUTIONS_PER_TARGET=50, CUSTOM_PUZZLE_SECONDS_PER_TARGET=10)
    loose = settings(CUSTOM_PUZZLE_SOLUTIONS_PER_TARGET=200, CUSTOM_PUZZLE_SECONDS_PER_TARGET=30)
    with sessions() as session:
        more = custom.refusal(session, "uabcdefg.1", "board", tight)
        slow = custom.refusal(session, "uabcdefg.1", "12-01", tight)
        assert custom.refusal(session, "uabcdefg.1", "board", loose) is None  # solved again
        assert custom.refusal(session, "uabcdefg.1", "12-01", loose) is None
        assert custom.refusal(session, "uabcdefg.2", "board", tight) is None  # another version
    assert more is not None and str(more) == (
        "board of uabcdefg.1 has more than 50 solutions, more than this server keeps for one target; "
        "a smaller board or fewer pieces would do"
    )
    assert more.words("ja") == (  # the bot's words, in the asker's language
        "uabcdefg.1のboardには解が50通りより多くあり、このサーバーが1つのターゲットに保存できる数を"
        "超えています。盤面を小さくするかピースを減らしてください"
    )
    assert slow is not None and str(slow) == (
        "12-01 of uabcdefg.1 could not be solved within 10 s, the time this server gives one target; "
        "a smaller board or fewer pieces would do"
    )
