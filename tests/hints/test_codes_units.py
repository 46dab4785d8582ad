"""Position codes, ``/start`` deep links and the service's refusals: round trips, fixed lengths, and
what malformed input is told."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session

from hints.codes import (
    CODE_ALPHABET,
    MAX_CODE_LENGTH,
    VERSION,
    board_placements,
    code_length,
    decode_position,
    encode_position,
)
from hints.deeplink import MAX_PAYLOAD, board_key, board_of_key, decode_link, encode_link
from hints.errors import (
    PRECOMPUTE_COMMAND,
    MalformedPosition,
    NoFaceUpSolution,
    NotPrecomputed,
    OffsetOutOfRange,
    ServiceError,
    UnknownSolution,
    precompute_command,
)
from hints.solutions import all_solutions, raw_solutions
from solver.catalog import catalog, get_puzzle
from solver.problem import Placement

CALENDAR = get_puzzle("calendar-dragonfjord")
HOLE = get_puzzle("pentomino-8x8-hole")
DATE = CALENDAR.target("01-25")


def by_piece(placements: frozenset[Placement] | tuple[Placement, ...]) -> list[Placement]:
    return sorted(placements, key=lambda p: p.piece)


# ---------------------------------------------------------------- position codes


def test_every_code_of_a_puzzle_has_its_one_length() -> None:
    assert code_length(CALENDAR) == 11 and code_length(get_puzzle("pentomino-6x10")) == 16
    assert all(code_length(puzzle) <= 16 for puzzle in catalog().values())


def test_every_prefix_of_every_stored_solution_round_trips(session: Session) -> None:
    for solution in all_solutions(session, CALENDAR, DATE):
        ordered = by_piece(solution)
        for length in range(len(ordered) + 1):
            code = encode_position(CALENDAR, ordered[:length])
            assert code is not None and len(code) == 11 and CODE_ALPHABET.fullmatch(code)
            assert list(decode_position(CALENDAR, code)) == ordered[:length]


def test_every_arrangement_on_a_symmetric_board_has_its_own_code(session: Session) -> None:
    raw = raw_solutions(session, HOLE, HOLE.target("board")).solutions
    codes = {encode_position(HOLE, solution) for solution in raw}
    assert len(codes) == len(raw) == 520 and None not in codes
    assert all(frozenset(decode_position(HOLE, code)) in raw for code in codes if code)


def test_a_code_names_pieces_whatever_order_they_come_in(session: Session) -> None:
    solution = by_piece(all_solutions(session, CALENDAR, DATE)[0])
    assert encode_position(CALENDAR, solution) == encode_position(CALENDAR, solution[::-1])


def test_the_empty_board_and_the_fullest_code_decode() -> None:
    empty = encode_position(CALENDAR, [])
    assert empty == VERSION + "A" * 10 and decode_position(CALENDAR, empty) == ()
    last = [placements[-1] for placements in board_placements(CALENDAR)]  # the highest digit of every piece
    assert decode_position(CALENDAR, encode_position(CALENDAR, last) or "") == tuple(last)


def test_a_piece_in_no_shape_of_its_own_has_no_code() -> None:
    bent = Placement(0, tuple((row, 0) for row in range(1, 7)))  # six in a row: not the 2x3 rectangle
    assert encode_position(CALENDAR, [bent]) is None


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("2AAAAAAAAA", "unknown position code version '2'; expected '1'"),
        ("", "unknown position code version ''"),
        ("1AAAA", "a calendar-dragonfjord position code is 11 characters of A-Z a-z 0-9 _ - starting"),
        ("1AAAAAAAA*A", "11 characters"),
        ("1" + "_" * 10, "the position code names no calendar-dragonfjord position"),
    ],
)
def test_a_malformed_code_says_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(MalformedPosition) as caught:
        decode_position(CALENDAR, code)
    assert caught.value.code == "invalid_code" and message in caught.value.message


def test_a_piece_over_a_date_still_has_a_code() -> None:
    """Codes name placements on the whole board, not on a target: over 01-25's Jan it is an illegal
    position on that date, not a bad code."""
    over_jan = next(p for p in board_placements(CALENDAR)[0] if (0, 0) in p.cells)
    code = encode_position(CALENDAR, [over_jan])
    assert code is not None and decode_position(CALENDAR, code) == (over_jan,)


# ---------------------------------------------------------------- deep links


def test_a_board_key_is_the_puzzle_and_target_indices() -> None:
    ids = sorted(catalog())
    key = board_key(CALENDAR, DATE)
    assert key == f"{ids.index(CALENDAR.id)}_{[t.name for t in CALENDAR.targets].index('01-25')}"
    assert board_of_key(key) == (CALENDAR, DATE)


@pytest.mark.parametrize("key", ["0_abc", "99_1", "²_0", "0_²", "0_9999", "0", "0_1_2", "12345_0"])
def test_a_key_that_names_no_board_is_a_malformed_link(key: str) -> None:
    with pytest.raises(MalformedPosition) as refused:
        board_of_key(key)
    assert refused.value.code == "invalid_link"


@pytest.mark.parametrize("puzzle_id", sorted(catalog()))
def test_a_link_to_every_catalog_board_round_trips_within_telegrams_limit(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    code = encode_position(puzzle, [placements[-1] for placements in board_placements(puzzle)])
    assert code is not None and len(code) == code_length(puzzle) <= MAX_CODE_LENGTH
    for target in (puzzle.targets[0], puzzle.targets[-1]):
        link = encode_link(puzzle, target, code)
        assert len(link) <= MAX_PAYLOAD and CODE_ALPHABET.fullmatch(link)
        decoded = decode_link(link)
        assert (decoded.puzzle, decoded.target, decoded.code) == (puzzle, target, code)


def test_a_code_with_underscores_survives_the_link() -> None:
    link = encode_link(CALENDAR, DATE, "1A_B_C")
    assert decode_link(link).code == "1A_B_C"


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("hello", "does not name a board"),
        ("1_2", "does not name a board"),
        ("x_0_1AAAA", "does not name a board"),
        ("12345_0_1AAAA", "does not name a board"),
        ("999_0_1AAAA", "names no puzzle of this catalog"),
        ("0_9999_1AAAA", "names no puzzle of this catalog"),
        ("0_0_" + "A" * 61, "does not name a board"),
    ],
)
def test_a_link_that_names_no_board_is_refused(payload: str, message: str) -> None:
    with pytest.raises(MalformedPosition, match=message) as caught:
        decode_link(payload)
    assert caught.value.code == "invalid_link"


# ---------------------------------------------------------------- refusals


def test_the_command_that_computes_a_puzzle_names_editions_solved_on_demand() -> None:
    assert precompute_command("calendar-dragonfjord", "01-25", on_demand=False) == PRECOMPUTE_COMMAND
    assert (
        precompute_command("calendar-weekday", None, on_demand=True)
        == f"{PRECOMPUTE_COMMAND} --puzzle calendar-weekday"
    )
    assert (
        precompute_command("calendar-weekday", "01-25-sun", on_demand=True)
        == f"{PRECOMPUTE_COMMAND} --puzzle calendar-weekday --target 01-25-sun"
    )


def test_every_refusal_carries_its_api_code_and_its_message_for_people() -> None:
    refusals: list[tuple[ServiceError, str, str]] = [
        (
            NotPrecomputed("x 01-25"),
            "not_precomputed",
            "x 01-25 is not precomputed yet; run python -m solver.precompute",
        ),
        (
            NotPrecomputed("x", fully=True, command="make it"),
            "not_precomputed",
            "x is not fully precomputed yet; run make it",
        ),
        (
            NoFaceUpSolution("x 01-29"),
            "no_faceup_solution",
            "No solution on this date without turning a piece over (x 01-29)",
        ),
        (UnknownSolution("x", 9, 7), "unknown_solution", "x has solutions 1 to 7, not 9"),
        (OffsetOutOfRange("x", 8, 7), "offset_out_of_range", "offset 8 is past the end: x has 7 solutions"),
        (MalformedPosition("invalid_code", "bad"), "invalid_code", "bad"),
    ]
    for error, code, message in refusals:
        assert (error.code, error.message, str(error)) == (code, message, message)


def test_refusals_are_the_python_errors_they_resemble() -> None:
    assert issubclass(NotPrecomputed, LookupError) and issubclass(UnknownSolution, LookupError)
    assert issubclass(MalformedPosition, ValueError) and issubclass(OffsetOutOfRange, ValueError)
    assert (
        NotPrecomputed("x", solvable=("p", "t")).solvable == ("p", "t")
        and NotPrecomputed("x").solvable is None
    )
