"""Position codes and the service's refusals: round trips, fixed lengths, canonical codes, codes of
version 1, codes of an earlier version of a puzzle, and what malformed input is told."""

from __future__ import annotations

import base64
import random
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy.orm import Session

from hints.codes import (
    CODE_ALPHABET,
    DIGITS,
    TAG_LENGTH,
    V1_LAYOUTS,
    VERSION,
    board_placements,
    code_length,
    current_code,
    decode_position,
    encode_position,
    layout,
)
from hints.errors import (
    PRECOMPUTE_COMMAND,
    MalformedPosition,
    NoFaceUpSolution,
    NotPrecomputed,
    OffsetOutOfRange,
    OutdatedCode,
    ServiceError,
    UnknownSolution,
    precompute_command,
)
from hints.raw_solutions import raw_solutions
from hints.solutions import all_solutions
from solver.catalog import Puzzle
from solver.catalog_files import DATA_DIR, parse_puzzle
from solver.encoding import Placement
from solver.puzzles import all_puzzles, get_puzzle

CALENDAR = get_puzzle("calendar-dragonfjord")
HOLE = get_puzzle("pentomino-8x8-hole")
DATE = CALENDAR.target("01-25")


def by_piece(placements: frozenset[Placement] | tuple[Placement, ...]) -> list[Placement]:
    return sorted(placements, key=lambda p: p.piece)


# ---------------------------------------------------------------- position codes

TAG = layout(CALENDAR).tag


def test_every_code_of_a_puzzle_has_its_one_length() -> None:
    assert code_length(CALENDAR) == 14 and code_length(get_puzzle("pentomino-6x10")) == 19
    assert all(code_length(puzzle) <= 19 for puzzle in all_puzzles().values())


def test_every_prefix_of_every_stored_solution_round_trips(session: Session) -> None:
    for solution in all_solutions(session, CALENDAR, DATE):
        ordered = by_piece(solution)
        for length in range(len(ordered) + 1):
            code = encode_position(CALENDAR, ordered[:length])
            assert code is not None and len(code) == 14 and CODE_ALPHABET.fullmatch(code)
            assert code.startswith(VERSION + TAG)
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
    assert empty == VERSION + TAG + "A" * 10 == "2ewSAAAAAAAAAA" and decode_position(CALENDAR, empty) == ()
    last = [placements[-1] for placements in board_placements(CALENDAR)]  # the highest digit of every piece
    assert decode_position(CALENDAR, encode_position(CALENDAR, last) or "") == tuple(last)


def test_a_piece_in_no_shape_of_its_own_has_no_code() -> None:
    bent = Placement(0, tuple((row, 0) for row in range(1, 7)))  # six in a row: not the 2x3 rectangle
    assert encode_position(CALENDAR, [bent]) is None


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("3AAAAAAAAAAAAA", "unknown position code version '3'; expected '2'"),
        ("", "unknown position code version ''"),
        (f"2{TAG}AAAA", "a calendar-dragonfjord position code is 14 characters of A-Z a-z 0-9 _ - starting"),
        (f"2{TAG}AAAAAAAA*A", "14 characters"),
        (f"2{TAG}AAAAAAAAAAA", "14 characters"),
        ("2ew", "14 characters"),
        (f"2{TAG}" + "_" * 10, "the position code names no calendar-dragonfjord position"),
        (
            "1AAAA",
            "a calendar-dragonfjord position code is 11 characters of A-Z a-z 0-9 _ - starting with '1'",
        ),
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


# ---------------------------------------------------------------- canonical codes, every puzzle


def number_of(code: str) -> int:
    """A version-2 code's number, read as docs/api.md describes it."""
    number = 0
    for char in code[1 + TAG_LENGTH :]:
        number = number * 64 + DIGITS.index(char)
    return number


def version_1(puzzle: Puzzle, code: str) -> str:
    """The version-1 code of the position a version-2 code names, made as version 1 made it."""
    width = ((layout(puzzle).positions - 1).bit_length() + 7) // 8
    return "1" + base64.urlsafe_b64encode(number_of(code).to_bytes(width, "big")).decode().rstrip("=")


def with_bit(code: str, index: int, bit: int) -> str:
    """``code`` with one bit of its character at ``index`` flipped."""
    return code[:index] + DIGITS[DIGITS.index(code[index]) ^ (1 << bit)] + code[index + 1 :]


def random_positions(puzzle: Puzzle, count: int) -> Iterator[list[Placement]]:
    """Seeded random positions (each piece on at a random placement, or off; overlaps allowed)."""
    rng = random.Random(puzzle.id)
    for _ in range(count):
        yield [rng.choice(placements) for placements in board_placements(puzzle) if rng.random() < 0.7]


@pytest.mark.parametrize("puzzle_id", sorted(all_puzzles()))
def test_random_positions_round_trip_and_only_their_own_code_names_them(puzzle_id: str) -> None:
    """Version 2 has no spare bit but the unused top of its first digit, and those name no position;
    version 1 reads only the code with the spare low bits of its last character clear."""
    puzzle = get_puzzle(puzzle_id)
    found = layout(puzzle)
    top_spare = 6 * found.width - (found.positions - 1).bit_length()
    first = 1 + TAG_LENGTH
    for placements in random_positions(puzzle, 40):
        code = encode_position(puzzle, placements)
        assert code is not None and len(code) == code_length(puzzle) and CODE_ALPHABET.fullmatch(code)
        assert list(decode_position(puzzle, code)) == by_piece(tuple(placements))
        for bit in range(5, 5 - top_spare, -1):
            with pytest.raises(MalformedPosition, match="names no"):
                decode_position(puzzle, with_bit(code, first, bit))
        with pytest.raises(MalformedPosition, match="characters"):
            decode_position(puzzle, code + "A")
        if puzzle_id not in V1_LAYOUTS:  # added after version 2 came in: no version-1 code names it
            with pytest.raises(MalformedPosition, match="no version-1"):
                decode_position(puzzle, "1" + code[1:])
            continue
        old = version_1(puzzle, code)
        assert decode_position(puzzle, old) == decode_position(puzzle, code)
        assert current_code(puzzle, old) == code
        low_spare = 6 * (len(old) - 1) - 8 * found.v1_bytes
        for bit in range(low_spare):
            alias = with_bit(old, len(old) - 1, bit)
            with pytest.raises(MalformedPosition, match="canonical form") as refused:
                decode_position(puzzle, alias)
            assert refused.value.code == "invalid_code"
            assert current_code(puzzle, alias) == code  # as a board stored before is read


@pytest.mark.parametrize("puzzle_id", sorted(all_puzzles()))
def test_the_number_after_the_last_position_is_refused(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    found = layout(puzzle)
    last = encode_position(puzzle, [placements[-1] for placements in found.placements])
    assert last is not None and number_of(last) == found.positions - 1
    past = found.positions
    digits = "".join(DIGITS[past >> (6 * i) & 63] for i in reversed(range(found.width)))
    with pytest.raises(MalformedPosition, match="names no"):
        decode_position(puzzle, VERSION + found.tag + digits)


# ---------------------------------------------------------------- version 1 and outdated codes


def test_version_1_codes_made_before_still_name_their_positions() -> None:
    """Codes that version 1 made (kept literally): the same placements, and version 2 out."""
    last = [placements[-1] for placements in board_placements(CALENDAR)]
    assert decode_position(CALENDAR, "1AAAAAAAAAA") == ()
    assert decode_position(CALENDAR, "1UaubKYynJw") == tuple(last)
    assert decode_position(CALENDAR, "1AAAAAAAdFw") == tuple(last[:2])
    assert current_code(CALENDAR, "1UaubKYynJw") == encode_position(CALENDAR, last)
    board = get_puzzle("pentomino-6x10")
    assert decode_position(board, "1T8aRzfdHEEoN2gg") == tuple(p[-1] for p in board_placements(board))


# Puzzles whose layout has changed since version 2 came in: their version-1 codes are refused.
# When a puzzle is redrawn on purpose, add its id here; never edit V1_LAYOUTS.
REDRAWN_SINCE_VERSION_2: frozenset[str] = frozenset()


def test_the_recorded_version_1_layouts_are_the_ones_version_1_codes_were_made_with() -> None:
    """V1_LAYOUTS was generated once, from the catalog when version 2 came in (every puzzle then)."""
    assert len(V1_LAYOUTS) == 13
    for puzzle_id, digest in V1_LAYOUTS.items():
        current = layout(get_puzzle(puzzle_id)).digest
        assert (current != digest) if puzzle_id in REDRAWN_SINCE_VERSION_2 else (current == digest), puzzle_id


def redrawn_calendar(tmp_path: Path, title: str = "") -> Puzzle:
    """The calendar with piece N drawn from its other side (same solutions), or only retitled."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    pieces = data / "pieces" / "calendar.txt"
    source = data / "puzzles" / "calendar-dragonfjord.txt"
    if title:
        source.write_text(source.read_text().replace("title: ", f"title: {title} "))
    else:
        drawn = pieces.read_text()
        assert "piece N\n##..\n.###\n" in drawn
        pieces.write_text(drawn.replace("piece N\n##..\n.###\n", "piece N\n..##\n###.\n"))
    return parse_puzzle(source, data / "pieces")


def test_a_code_made_before_a_piece_was_redrawn_is_refused_not_reinterpreted(tmp_path: Path) -> None:
    redrawn = redrawn_calendar(tmp_path)
    assert redrawn.id == CALENDAR.id and redrawn.fingerprint != CALENDAR.fingerprint
    before, after = board_placements(CALENDAR), board_placements(redrawn)
    assert [set(p) for p in before] == [
        set(p) for p in after
    ] and before != after  # same placements, new order
    placed = [before[piece][-1] for piece in range(3)]
    for code in (encode_position(CALENDAR, placed), "1AAAAAAAdFw", "1AAAAAAAAAA"):
        assert code is not None
        with pytest.raises(OutdatedCode) as refused:
            decode_position(redrawn, code)
        assert refused.value.code == "outdated_code"
        assert refused.value.message.startswith("this board was saved for an older version of the puzzle")
    own = encode_position(redrawn, placed)
    assert own is not None and own[1:4] != TAG and decode_position(redrawn, own) == tuple(placed)


def test_a_puzzle_retitled_only_reads_the_codes_made_before(tmp_path: Path) -> None:
    """The tag is the layout's, not the data files' fingerprint: a new title changes no code."""
    retitled = redrawn_calendar(tmp_path, title="Renamed")
    assert retitled.fingerprint != CALENDAR.fingerprint and retitled.title != CALENDAR.title
    placed = [placements[0] for placements in board_placements(CALENDAR)[:2]]
    code = encode_position(CALENDAR, placed)
    assert code is not None and encode_position(retitled, placed) == code
    assert decode_position(retitled, code) == tuple(placed)
    last = [placements[-1] for placements in board_placements(CALENDAR)]
    assert decode_position(retitled, "1AAAAAAAdFw") == tuple(last[:2])


def test_a_version_1_code_of_a_puzzle_that_had_none_is_malformed() -> None:
    newer = replace(CALENDAR, id="calendar-added-later")
    with pytest.raises(MalformedPosition, match="no version-1 position code") as refused:
        decode_position(newer, "1AAAAAAAAAA")
    assert refused.value.code == "invalid_code"
    empty = encode_position(newer, [])
    assert empty is not None and decode_position(newer, empty) == ()


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
        (
            OutdatedCode("x"),
            "outdated_code",
            "this board was saved for an older version of the puzzle (x); it cannot be restored",
        ),
    ]
    for error, code, message in refusals:
        assert (error.code, error.message, str(error)) == (code, message, message)


def test_refusals_are_the_python_errors_they_resemble() -> None:
    assert issubclass(NotPrecomputed, LookupError) and issubclass(UnknownSolution, LookupError)
    assert issubclass(MalformedPosition, ValueError) and issubclass(OffsetOutOfRange, ValueError)
    assert issubclass(OutdatedCode, MalformedPosition)  # every front end that refuses a bad code refuses it
    assert (
        NotPrecomputed("x", solvable=("p", "t")).solvable == ("p", "t")
        and NotPrecomputed("x").solvable is None
    )
