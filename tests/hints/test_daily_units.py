"""The daily puzzles on the sample store: what each stage shows, the challenge's board and its
unique completion, difficulty, face-up mode, other solutions and the hint cache."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, timedelta
from itertools import combinations
from typing import Any

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.models import HintCacheRow, TargetRow
from hints import featured as featured_module
from hints.daily import (
    CALENDAR_ID,
    PENTOMINO_BOARDS,
    DailyPuzzle,
    PuzzleKind,
    calendar_editions,
    challenge_board,
    challenge_heading,
    daily_bundle,
    daily_calendar,
    daily_challenge,
    daily_puzzle,
    edition_choice,
    edition_of,
    find_edition,
    known_edition,
    other_solution,
    pick,
    target_name,
)
from hints.difficulty import difficulty, target_difficulty, target_stars
from hints.errors import NoFaceUpSolution, NotPrecomputed
from hints.raw_solutions import raw_solutions
from hints.solutions import all_solutions, faceup_counts, solution_at, solution_counts
from jobs.storing import save_solutions
from render.hint import caption, hint_image, hint_text
from solver.catalog import Puzzle, UnknownPuzzleError
from solver.encoding import Placement, decode, is_flipped
from solver.puzzles import get_puzzle
from solver.stages import Stage, half_size
from solver.tasks import fingerprint

CALENDAR = get_puzzle(CALENDAR_ID)
DAY = date(2026, 1, 25)  # 216 solutions; its challenge board (5x12) is not in the sample
CHALLENGE_DAYS = {
    "pentomino-4x15": date(2026, 1, 21),
    "pentomino-3x20": date(2026, 1, 22),
    "pentomino-8x8-hole": date(2026, 1, 23),
}
RAW_TOTALS = {"pentomino-4x15": 4 * 368, "pentomino-3x20": 4 * 2, "pentomino-8x8-hole": 8 * 65}


def extending(solutions: Sequence[frozenset[Placement]], shown: Sequence[Placement]) -> int:
    """Brute force: how many solutions contain every shown placement."""
    return sum(1 for solution in solutions if set(shown) <= solution)


def calendar_solutions(session: Session, day: date) -> list[frozenset[Placement]]:
    return [frozenset(s) for s in all_solutions(session, CALENDAR, CALENDAR.target(target_name(day)))]


# ---------------------------------------------------------------- choosing the day's puzzles (pure)


def test_challenge_boards_rotate_through_the_five_boards_by_date() -> None:
    week = [challenge_board(date(2026, 3, 1) + timedelta(days=i)) for i in range(5)]
    assert sorted(week) == sorted(PENTOMINO_BOARDS)
    assert challenge_board(date(2026, 3, 6)) == week[0]  # the rotation repeats every five days


@pytest.mark.parametrize(("board", "day"), CHALLENGE_DAYS.items(), ids=list(CHALLENGE_DAYS))
def test_the_sample_dates_get_the_sample_boards(board: str, day: date) -> None:
    assert challenge_board(day) == board
    assert challenge_board(day + timedelta(days=5)) == board


def test_pick_is_a_deterministic_index_that_depends_on_date_and_key() -> None:
    picks = {pick(DAY, key, 1000) for key in ("a", "b", "c", "d")}
    assert all(0 <= index < 1000 for index in picks) and len(picks) > 1
    assert pick(DAY, "a", 1000) == pick(DAY, "a", 1000)
    assert len({pick(DAY + timedelta(days=i), "a", 1000) for i in range(10)}) > 1


def test_target_name_is_month_and_day() -> None:
    assert target_name(date(2024, 2, 9)) == "02-09"


@pytest.mark.parametrize(
    ("count", "level", "label", "rank"),
    [
        (1, 5, "very hard", 1),
        (21, 4, "hard", 21),
        (50, 3, "medium", 50),
        (61, 2, "easy", 61),
        (100, 1, "very easy", 100),
    ],
)
def test_difficulty_ranks_fewer_solutions_as_harder(count: int, level: int, label: str, rank: int) -> None:
    ranked = difficulty(count, list(range(100, 0, -1)))
    assert (ranked.level, ranked.label, ranked.rank, ranked.out_of) == (level, label, rank, 100)


def test_dates_with_the_same_count_share_a_rank() -> None:
    assert difficulty(7, [7, 7, 9, 3]).rank == 2 == difficulty(7, [3, 7, 9, 7]).rank


def test_calendar_editions_list_dragonfjord_first_then_the_others_by_id() -> None:
    editions = [p.id for p in calendar_editions()]
    assert editions[0] == CALENDAR_ID and editions[1:] == sorted(editions[1:])
    assert "calendar-weekday" in editions and not any(e.startswith("pentomino") for e in editions)
    assert edition_of(None).id == CALENDAR_ID and edition_of("calendar-weekday").id == "calendar-weekday"


def test_a_board_is_no_calendar_edition() -> None:
    with pytest.raises(UnknownPuzzleError, match="calendar-weekday"):
        edition_of("pentomino-6x10")


# ---------------------------------------------------------------- the calendar's stages


def test_calendar_stage_0_shows_nothing_and_counts_every_solution(session: Session) -> None:
    daily = daily_calendar(session, DAY)
    puzzle = daily.stages[Stage.PUZZLE]
    assert (puzzle.shown, puzzle.remaining, puzzle.total) == ((), 216, 216)
    assert (daily.total, daily.preplaced, daily.kind) == (216, (), PuzzleKind.CALENDAR)
    assert daily.target.name == "01-25" and daily.marked == daily.target.uncovered
    assert daily.hints == daily.stages[1:]


def test_the_featured_solution_is_picked_by_a_hash_of_the_date(session: Session) -> None:
    daily = daily_calendar(session, DAY)
    assert daily.featured == pick(DAY, CALENDAR_ID, 216)
    assert daily.stages[Stage.ANSWER].shown == solution_at(session, CALENDAR, daily.target, daily.featured)
    assert daily_calendar(session, DAY) == daily


def test_calendar_stage_1_is_the_featured_piece_most_solutions_share(session: Session) -> None:
    daily = daily_calendar(session, DAY)
    solutions, featured = calendar_solutions(session, DAY), daily.stages[Stage.ANSWER].shown
    (shown,) = daily.stages[Stage.ONE_PIECE].shown
    best = max(extending(solutions, [p]) for p in featured)
    assert (
        shown in featured and daily.stages[Stage.ONE_PIECE].remaining == extending(solutions, [shown]) == best
    )
    assert min((p for p in featured if extending(solutions, [p]) == best), key=lambda p: p.piece) == shown


def test_calendar_stage_2_is_half_the_featured_pieces_leaving_the_fewest_solutions(session: Session) -> None:
    daily = daily_calendar(session, DAY)
    solutions, featured = calendar_solutions(session, DAY), daily.stages[Stage.ANSWER].shown
    half = daily.stages[Stage.HALF]
    assert len(half.shown) == 4 and set(half.shown) <= set(featured)
    assert half.remaining == extending(solutions, half.shown)
    assert half.remaining == min(extending(solutions, chosen) for chosen in combinations(featured, 4)) == 1


@pytest.mark.parametrize("day", [DAY, date(2026, 1, 24)], ids=str)
def test_calendar_stage_2_holds_stage_1s_piece(session: Session, day: date) -> None:
    """Stage 2 is the best half of the featured solution among those holding stage 1's piece (on
    DAY the best half overall does not hold it: the ladder would take a piece back)."""
    one, half, _ = daily_calendar(session, day).hints
    assert set(one.shown) <= set(half.shown)


def test_calendar_stage_3_is_the_whole_featured_solution(session: Session) -> None:
    answer = daily_calendar(session, DAY).stages[Stage.ANSWER]
    assert len(answer.shown) == len(CALENDAR.pieces) and (answer.remaining, answer.total) == (1, 216)
    assert [p.piece for p in answer.shown] == sorted(p.piece for p in answer.shown)


def test_no_stage_covers_the_date(session: Session) -> None:
    daily = daily_calendar(session, date(2026, 1, 31))
    covered = {cell for hint in daily.stages for p in hint.shown for cell in p.cells}
    assert covered and not covered & daily.target.uncovered


# ---------------------------------------------------------------- the pentomino challenge


@pytest.mark.parametrize(("board", "day"), CHALLENGE_DAYS.items(), ids=list(CHALLENGE_DAYS))
def test_the_preplaced_pieces_force_a_unique_completion(session: Session, board: str, day: date) -> None:
    challenge = daily_challenge(session, day)
    raw = raw_solutions(session, challenge.puzzle, challenge.target).solutions
    assert challenge.puzzle.id == board and challenge.total == len(raw) == RAW_TOTALS[board]
    (featured,) = [s for s in raw if set(challenge.preplaced) <= s]
    for fewer in combinations(sorted(featured, key=lambda p: p.piece), len(challenge.preplaced) - 1):
        assert extending(raw, fewer) > 1  # no smaller set of the featured pieces forces it
    puzzle = challenge.stages[Stage.PUZZLE]
    assert (puzzle.shown, puzzle.remaining, puzzle.total) == (challenge.preplaced, 1, len(raw))


@pytest.mark.parametrize("day", CHALLENGE_DAYS.values(), ids=list(CHALLENGE_DAYS))
def test_challenge_stages_build_on_the_preplaced_pieces(session: Session, day: date) -> None:
    challenge = daily_challenge(session, day)
    one, half, answer = challenge.hints
    preplaced, featured = set(challenge.preplaced), set(answer.shown)
    assert len(answer.shown) == 12 and preplaced <= set(one.shown) <= featured
    assert len(one.shown) == len(preplaced) + 1
    assert preplaced <= set(half.shown) <= featured
    assert len(half.shown) == half_size(12, len(preplaced)) == 6
    assert [h.remaining for h in challenge.stages] == [1, 1, 1, 1]


def test_the_challenge_featured_solution_is_picked_among_the_stored_ones(session: Session) -> None:
    day = CHALLENGE_DAYS["pentomino-8x8-hole"]
    challenge = daily_challenge(session, day)
    assert challenge.featured == pick(day, "pentomino-8x8-hole", 65)
    assert set(challenge.stages[Stage.ANSWER].shown) == set(
        solution_at(session, challenge.puzzle, challenge.target, challenge.featured)
    )


def test_the_challenge_heading_names_the_date_and_the_board(session: Session) -> None:
    challenge = daily_challenge(session, CHALLENGE_DAYS["pentomino-4x15"])
    assert challenge.heading == "2026-01-21 · pentomino challenge (4x15)" == challenge.heading_in("en")
    assert challenge.heading_in("ja") == "2026年1月21日(水) · ペントミノ・チャレンジ（4x15）"
    assert challenge_heading(DAY, get_puzzle("pentomino-6x10")) == "2026-01-25 · pentomino challenge (6x10)"


def test_a_challenge_board_not_stored_is_not_precomputed(session: Session) -> None:
    with pytest.raises(
        NotPrecomputed, match=r"^pentomino-5x12 is not precomputed yet; run python -m solver.precompute$"
    ):
        daily_challenge(session, DAY)


def test_a_calendar_date_not_stored_is_not_precomputed(session: Session) -> None:
    with pytest.raises(NotPrecomputed, match="calendar-dragonfjord 03-01 is not precomputed") as caught:
        daily_calendar(session, date(2026, 3, 1))
    assert caught.value.solvable is None  # DragonFjord's dates are precomputed, never solved on demand


def test_an_edition_date_not_stored_can_be_solved_on_demand(session: Session) -> None:
    with pytest.raises(NotPrecomputed) as caught:
        daily_calendar(session, date(2026, 11, 24), "calendar-weekday")
    assert caught.value.solvable == ("calendar-weekday", "11-24-tue")  # the date's real weekday
    assert str(caught.value).endswith("--puzzle calendar-weekday --target 11-24-tue")


# ---------------------------------------------------------------- a day's bundle and its drawings


def test_daily_puzzle_and_bundle_give_both_puzzles_of_the_day(session: Session) -> None:
    day = CHALLENGE_DAYS["pentomino-3x20"]
    bundle = daily_bundle(session, day)
    assert (
        bundle.of(PuzzleKind.CALENDAR) == daily_puzzle(session, PuzzleKind.CALENDAR, day) == bundle.calendar
    )
    assert bundle.of(PuzzleKind.PENTOMINO) == daily_puzzle(session, PuzzleKind.PENTOMINO, day)
    assert bundle.pentomino.kind == PuzzleKind.PENTOMINO and bundle.day == day


def test_a_stage_image_is_the_hint_drawn_with_its_new_pieces_marked(session: Session) -> None:
    daily = daily_calendar(session, DAY)
    expected = hint_image(
        CALENDAR,
        daily.stages[Stage.HALF],
        heading="2026-01-25",
        marked=daily.target.uncovered,
        before=daily.stages[Stage.ONE_PIECE].shown,
    )
    assert daily.image(Stage.HALF) == expected
    assert daily.text(Stage.HALF) == hint_text(
        CALENDAR, daily.stages[Stage.HALF], heading="2026-01-25", marked=daily.target.uncovered
    )


def test_titles_and_captions_follow_the_language(session: Session) -> None:
    challenge = daily_challenge(session, CHALLENGE_DAYS["pentomino-3x20"])
    assert (
        challenge.title(Stage.ONE_PIECE) == "Hint 1 of 3"
        and challenge.title(Stage.ONE_PIECE, "ja") == "ヒント 1/3"
    )
    one = challenge.stages[Stage.ONE_PIECE]
    assert (
        challenge.caption(Stage.ONE_PIECE)
        == caption(one, 1)
        == "With 1 more piece placed: exactly one way to finish"
    )
    assert challenge.caption(Stage.ONE_PIECE, "ja") == caption(one, 1, "ja") != caption(one, 1)


# ---------------------------------------------------------------- difficulty


def count_every_other_date(session: Session, count: Callable[[int], int]) -> dict[str, int]:
    """Record a count for every real DragonFjord date the sample lacks (its solutions not stored);
    every real date's count."""
    stored = solution_counts(session, CALENDAR)
    missing = [t for t in CALENDAR.targets if t.real and t.name not in stored]
    for index, target in enumerate(missing):
        session.add(
            TargetRow(
                puzzle_id=CALENDAR_ID,
                name=target.name,
                is_real=True,
                solution_count=count(index),
                seconds=0.0,
            )
        )
    session.flush()
    return solution_counts(session, CALENDAR)


def test_difficulty_ranks_among_the_dates_stored_while_the_year_is_not(session: Session) -> None:
    counts = solution_counts(session, CALENDAR)
    assert len(counts) == 14  # of 366 real dates
    ranked = daily_calendar(session, DAY).difficulty
    assert ranked == difficulty(216, list(counts.values())) and ranked is not None
    assert ranked.out_of == 14 and ranked.level == 1  # 01-25 has the most solutions of any date


def test_difficulty_is_unknown_while_fewer_dates_are_stored_than_there_are_levels(session: Session) -> None:
    kept = ["01-25", "01-26", "01-27", "01-28"]
    others = [name for name in solution_counts(session, CALENDAR) if name not in kept]
    repository.delete_targets(session=session, puzzle_id=CALENDAR_ID, names=others)
    assert daily_calendar(session, DAY).difficulty is None
    assert target_difficulty(session, CALENDAR, "01-25") is None
    repository.delete_targets(session=session, puzzle_id=CALENDAR_ID, names=["01-28"])
    count_dates(session, WEEKDAY, {"01-28-wed": 500})  # another edition's date counts for none
    assert target_difficulty(session, CALENDAR, "01-25") is None


WEEKDAY = get_puzzle("calendar-weekday")


def count_dates(session: Session, puzzle: Puzzle, counts: dict[str, int]) -> None:
    """Record targets' counts (their solutions not stored), as an edition solved on demand has them."""
    repository.sync_puzzle(
        session=session,
        puzzle_id=puzzle.id,
        title=puzzle.title,
        lattice="square",
        fingerprint=fingerprint(puzzle),
    )
    for name, count in counts.items():
        target = puzzle.target(name)
        session.add(
            TargetRow(puzzle_id=puzzle.id, name=name, is_real=target.real, solution_count=count, seconds=0.0)
        )
    session.flush()


def test_an_edition_solved_on_demand_ranks_its_date_among_those_worked_out(session: Session) -> None:
    """The weekday editions have a few of their 2,562 real targets stored: the window and what was
    asked for. Their dates get stars once five are, ranked among them (not real ones left out)."""
    week = {"01-25-sun": 1442, "01-26-mon": 97, "01-27-tue": 4614, "01-28-wed": 900, "02-30-mon": 0}
    count_dates(session, WEEKDAY, week)
    assert target_difficulty(session, WEEKDAY, "01-26-mon") is None  # four real dates stored
    count_dates(session, WEEKDAY, {"01-29-thu": 2000})
    hardest = target_difficulty(session, WEEKDAY, "01-26-mon")
    assert hardest is not None and (hardest.stars, hardest.rank, hardest.out_of) == ("★★★★★", 1, 5)
    easiest = target_difficulty(session, WEEKDAY, "01-27-tue")
    assert easiest is not None and (easiest.stars, easiest.rank) == ("★☆☆☆☆", 5)
    assert target_stars(session, WEEKDAY.id, "01-25-sun") == "★★★☆☆"


def test_difficulty_ranks_the_date_among_every_date_of_the_year(session: Session) -> None:
    counts = count_every_other_date(session, lambda i: 30 + i % 300)
    assert len(counts) == 366
    ranked = daily_calendar(session, DAY).difficulty
    assert ranked == difficulty(216, list(counts.values())) and ranked is not None
    assert ranked.out_of == 366
    assert daily_bundle(session, CHALLENGE_DAYS["pentomino-3x20"]).difficulty.out_of == 366


def test_face_up_difficulty_ranks_among_the_dates_with_a_face_up_solution(session: Session) -> None:
    count_every_other_date(session, lambda _: 100)  # counted, but no face-up solution stored
    faceup = {name: n for name, n in faceup_counts(session, CALENDAR).items() if n}
    ranked = daily_calendar(session, DAY, faceup=True).difficulty
    assert ranked == difficulty(faceup["01-25"], list(faceup.values()))
    assert ranked is not None and ranked.out_of == 13  # 01-29 has none: left out


# ---------------------------------------------------------------- face-up mode


def test_face_up_mode_counts_and_hints_only_solutions_turning_no_piece_over(session: Session) -> None:
    daily = daily_calendar(session, DAY, faceup=True)
    solutions = raw_solutions(session, CALENDAR, daily.target, faceup=True).solutions
    assert daily.faceup and daily.total == len(solutions) == faceup_counts(session, CALENDAR)["01-25"] == 11
    answer = daily.stages[Stage.ANSWER].shown
    assert frozenset(answer) in solutions and not any(is_flipped(CALENDAR, p) for p in answer)
    assert [h.remaining for h in daily.stages] == [11, *(extending(solutions, h.shown) for h in daily.hints)]
    assert daily.heading == "2026-01-25 · face up" and daily.heading_in("ja") == "2026年1月25日(日) · 表向き"


def test_a_date_without_a_face_up_solution_says_so(session: Session) -> None:
    with pytest.raises(NoFaceUpSolution, match="without turning a piece over"):
        daily_calendar(session, date(2026, 1, 29), faceup=True)


# ---------------------------------------------------------------- other solutions


def test_other_solutions_cycle_through_the_stored_ones(session: Session) -> None:
    daily = daily_calendar(session, DAY)
    number, answer = other_solution(session, daily, 1)
    assert number == (daily.featured + 1) % 216 + 1
    assert answer.shown == solution_at(session, CALENDAR, daily.target, number - 1)
    assert (answer.stage, answer.remaining, answer.total) == (Stage.ANSWER, 1, 216)
    assert other_solution(session, daily, 216)[0] == daily.featured + 1  # a full turn: the featured one


def test_face_up_other_solutions_cycle_through_the_face_up_ones(session: Session) -> None:
    daily = daily_calendar(session, DAY, faceup=True)
    faceup = raw_solutions(session, CALENDAR, daily.target, faceup=True)
    seen = [other_solution(session, daily, step) for step in range(11)]
    assert sorted(number for number, _ in seen) == list(range(1, 12))
    assert {frozenset(hint.shown) for _, hint in seen} == set(faceup.solutions)
    assert all(hint.total == 11 for _, hint in seen)


def test_only_the_calendar_has_other_solutions(session: Session) -> None:
    with pytest.raises(ValueError, match="only the calendar"):
        other_solution(session, daily_challenge(session, CHALLENGE_DAYS["pentomino-3x20"]), 1)


# ---------------------------------------------------------------- the hint cache


def cached_hints(sessions: sessionmaker[Session]) -> int:
    with sessions() as session:
        return session.scalar(select(func.count()).select_from(HintCacheRow)) or 0


def refuse_to_compute(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*_: object) -> None:
        raise AssertionError("computed again instead of read from the cache")

    monkeypatch.setattr(featured_module, "hint_stages", fail)
    monkeypatch.setattr(featured_module, "minimum_unique_subset", fail)


def test_hints_are_cached_per_featured_solution_once_the_caller_commits(
    own_sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch
) -> None:
    day = CHALLENGE_DAYS["pentomino-8x8-hole"]
    with own_sessions.begin() as session:
        bundle = daily_bundle(session, day)
    assert cached_hints(own_sessions) == 2  # the calendar's and the challenge's
    refuse_to_compute(monkeypatch)
    with own_sessions() as session:
        assert daily_bundle(session, day) == bundle


def test_a_rolled_back_cache_write_leaves_nothing(own_sessions: sessionmaker[Session]) -> None:
    with own_sessions() as session:
        first = daily_calendar(session, DAY)
        session.rollback()
    assert cached_hints(own_sessions) == 0
    with own_sessions() as session:
        assert daily_calendar(session, DAY) == first


def test_face_up_hints_are_computed_not_cached(own_sessions: sessionmaker[Session]) -> None:
    with own_sessions.begin() as session:
        daily: DailyPuzzle = daily_calendar(session, DAY, faceup=True)
    assert daily.faceup and cached_hints(own_sessions) == 0


def test_hints_computed_while_the_target_is_stored_again_are_not_cached_on_the_new_one(
    own_sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``precompute --force`` stores the day's target again while a request computes its hints.
    On SQLite the new row gets the old row's id, so the request's write would land on it and the
    next requests (after a restart too) would show a first hint from another answer. The write is
    dropped, and the next request computes the hints from the solutions stored now."""
    target = CALENDAR.target(target_name(DAY))
    with own_sessions() as session:
        codes = repository.get_encodings(session=session, puzzle_id=CALENDAR.id, target=target.name)
    first, second = codes[:100], codes[100:200]  # the same count: the same featured ordinal
    with own_sessions.begin() as session:
        save_solutions(session, CALENDAR, target, first, 0.1)  # the newest row: its id is reused
    compute = featured_module.hint_stages

    def straddling(*args: Any, **kwargs: Any) -> Any:
        stages = compute(*args, **kwargs)  # from the solutions stored first...
        with own_sessions.begin() as other:  # ...while precompute stores others
            save_solutions(other, CALENDAR, target, second, 0.1)
        return stages

    monkeypatch.setattr(featured_module, "hint_stages", straddling)
    with own_sessions.begin() as session:
        stale = daily_calendar(session, DAY)
    monkeypatch.undo()
    assert cached_hints(own_sessions) == 0  # the write was dropped

    with own_sessions.begin() as session:
        now = daily_calendar(session, DAY)
    assert now.featured == stale.featured and now.stages[3].shown != stale.stages[3].shown
    answer = set(now.stages[3].shown)
    assert set(now.stages[1].shown) <= answer and set(now.stages[2].shown) <= answer
    stored_now = [frozenset(decode(CALENDAR, code)) for code in second]
    for stage in now.stages[1:3]:  # counted among the solutions stored now, not those read before
        assert stage.remaining == extending(stored_now, stage.shown)
    with own_sessions() as session:
        assert daily_calendar(session, DAY) == now  # and that is what the cache now holds


def test_a_chats_edition_that_left_the_catalog_falls_back_to_the_default() -> None:
    assert known_edition("calendar-weekday") == "calendar-weekday"
    assert known_edition("calendar-gone") == CALENDAR_ID
    assert known_edition(None) == CALENDAR_ID
    assert edition_choice("calendar-gone") is None


@pytest.mark.parametrize(
    ("name", "edition"),
    [
        ("JarringWords", "calendar-jarringwords"),
        ("weekday", "calendar-weekday"),
        ("Monday", "calendar-weekday-monday"),
        ("calendar-tetromino", "calendar-tetromino"),
        ("a-puzzle-a-day calendar (dragonfjord)", CALENDAR_ID),
        ("calendar", None),  # every edition's id has it: none is meant
        ("", None),
    ],
)
def test_editions_are_found_by_the_names_people_use(name: str, edition: str | None) -> None:
    found = find_edition(name)
    assert (found.id if found is not None else None) == edition
