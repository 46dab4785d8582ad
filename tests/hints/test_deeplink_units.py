"""``/start`` deep links and board keys: puzzle ids and target names, within Telegram's limits, the
same whatever puzzles are added, and the index links made before read as they were meant."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.callbacks import BoardCallback, decode_callback, encode_board_callback
from hints import deeplink
from hints.codes import (
    CODE_ALPHABET,
    V1_LAYOUTS,
    board_placements,
    code_length,
    decode_position,
    encode_position,
)
from hints.deeplink import (
    INDEX_CATALOG,
    MAX_PAYLOAD,
    board_key,
    board_of_key,
    decode_link,
    encode_link,
    targets_digest,
)
from hints.errors import MalformedPosition, OutdatedCode
from solver.catalog import Puzzle, Target
from solver.puzzles import all_puzzles, catalog, get_puzzle

CALENDAR = get_puzzle("calendar-dragonfjord")
DATE = CALENDAR.target("01-25")
KEY_PART = re.compile(r"[A-Za-z0-9-]*[A-Za-z-][A-Za-z0-9-]*")  # no "_", and not all digits


def fullest_code(puzzle: Puzzle) -> str:
    code = encode_position(puzzle, [placements[-1] for placements in board_placements(puzzle)])
    assert code is not None and len(code) == code_length(puzzle)
    return code


def longest_target(puzzle: Puzzle) -> Target:
    return max(puzzle.targets, key=lambda t: len(t.name))


def test_a_board_key_is_the_puzzle_id_and_the_target_name() -> None:
    assert board_key(CALENDAR, DATE) == "calendar-dragonfjord_01-25"
    assert board_of_key("calendar-dragonfjord_01-25") == (CALENDAR, DATE)
    board = get_puzzle("pentomino-6x10")
    assert board_of_key(board_key(board, board.targets[0])) == (board, board.targets[0])


@pytest.mark.parametrize("puzzle_id", sorted(all_puzzles()))
def test_every_id_and_target_name_splits_cleanly(puzzle_id: str) -> None:
    """Ids and target names have no "_" (the payload's separator) and are never all digits (an index
    key made before), so a key reads back as the board it names."""
    puzzle = get_puzzle(puzzle_id)
    assert KEY_PART.fullmatch(puzzle.id)
    assert all(KEY_PART.fullmatch(target.name) for target in puzzle.targets)


@pytest.mark.parametrize("puzzle_id", sorted(all_puzzles()))
def test_the_longest_link_and_button_of_every_puzzle_fit_telegram(puzzle_id: str) -> None:
    """A /start payload: 64 characters of A-Za-z0-9_-; a button's callback data: 64 bytes, prefix
    included (bot.logic makes it from the board key)."""
    puzzle = get_puzzle(puzzle_id)
    code = fullest_code(puzzle)
    for target in (puzzle.targets[0], longest_target(puzzle), puzzle.targets[-1]):
        link = encode_link(puzzle, target, code)
        assert len(link) <= MAX_PAYLOAD == 64 and CODE_ALPHABET.fullmatch(link)
        decoded = decode_link(link)
        assert (decoded.puzzle, decoded.target, decoded.code) == (puzzle, target, code)
        assert decode_position(puzzle, decoded.code) == tuple(p[-1] for p in board_placements(puzzle))
        data = encode_board_callback(board_key(puzzle, target))
        assert len(data.encode()) <= 64 and decode_callback(data) == BoardCallback(board_key(puzzle, target))


def test_the_longest_link_of_any_puzzle_is_50_characters() -> None:
    longest = max(len(encode_link(p, longest_target(p), fullest_code(p))) for p in all_puzzles().values())
    assert longest == 50


def test_adding_a_puzzle_moves_no_link(monkeypatch: pytest.MonkeyPatch) -> None:
    """A link or button made before a puzzle sorting first is added names the same board after."""
    code = fullest_code(CALENDAR)
    link, key = encode_link(CALENDAR, DATE, code), board_key(CALENDAR, DATE)
    board = get_puzzle("pentomino-6x10")
    added = replace(board, id="aaa-added-first")
    monkeypatch.setitem(catalog(), added.id, added)
    monkeypatch.setitem(all_puzzles(), added.id, added)
    assert (encode_link(CALENDAR, DATE, code), board_key(CALENDAR, DATE)) == (link, key)
    decoded = decode_link(link)
    assert (decoded.puzzle, decoded.target, decoded.code) == (CALENDAR, DATE, code)
    assert board_of_key(key) == (CALENDAR, DATE)
    assert board_of_key(board_key(added, added.targets[0])) == (added, added.targets[0])


def test_a_code_with_underscores_survives_the_link() -> None:
    link = encode_link(CALENDAR, DATE, "2A_B_C")
    assert decode_link(link).code == "2A_B_C"


# ---------------------------------------------------------------- index links made before


def index_key(puzzle: Puzzle, target: Target) -> str:
    """The key version 1 of this module made: indices into the sorted catalog and into the targets."""
    ids = sorted(p.id for p in all_puzzles().values() if not p.on_demand)
    return f"{ids.index(puzzle.id)}_{[t.name for t in puzzle.targets].index(target.name)}"


def test_the_index_catalog_is_the_catalog_index_links_were_made_with() -> None:
    """INDEX_CATALOG was generated once: the default catalog sorted by id when ids replaced indices,
    with a digest of each puzzle's target names (what a target index meant)."""
    ids = [puzzle_id for puzzle_id, _ in INDEX_CATALOG]
    assert ids == sorted(ids) and len(ids) == 8
    assert ids == sorted(p.id for p in all_puzzles().values() if not p.on_demand and p.id in V1_LAYOUTS)
    for puzzle_id, targets in INDEX_CATALOG:
        assert targets_digest(get_puzzle(puzzle_id)) == targets, puzzle_id


@pytest.mark.parametrize("puzzle_id", [puzzle_id for puzzle_id, _ in INDEX_CATALOG])
def test_index_links_and_buttons_made_before_name_the_same_board(puzzle_id: str) -> None:
    puzzle = get_puzzle(puzzle_id)
    code = fullest_code(puzzle)
    for target in puzzle.targets:
        assert board_of_key(index_key(puzzle, target)) == (puzzle, target)
        link = decode_link(f"{index_key(puzzle, target)}_{code}")
        assert (link.puzzle, link.target, link.code) == (puzzle, target, code)


def test_index_links_still_read_after_a_puzzle_is_added(monkeypatch: pytest.MonkeyPatch) -> None:
    before = index_key(CALENDAR, DATE)
    added = replace(get_puzzle("pentomino-6x10"), id="aaa-added-first")
    monkeypatch.setitem(catalog(), added.id, added)
    monkeypatch.setitem(all_puzzles(), added.id, added)
    assert board_of_key(before) == (CALENDAR, DATE)
    link = decode_link(f"{before}_1AAAAAAAdFw")  # a version-1 code, as index links carried
    last = [placements[-1] for placements in board_placements(CALENDAR)]
    assert (link.puzzle, link.target, decode_position(CALENDAR, link.code)) == (
        CALENDAR,
        DATE,
        tuple(last[:2]),
    )


def test_an_index_link_whose_puzzle_changed_its_targets_is_outdated(monkeypatch: pytest.MonkeyPatch) -> None:
    changed = tuple((pid, "0" * 16 if pid == CALENDAR.id else digest) for pid, digest in INDEX_CATALOG)
    monkeypatch.setattr(deeplink, "INDEX_CATALOG", changed)
    with pytest.raises(OutdatedCode) as refused:
        board_of_key(index_key(CALENDAR, DATE))
    assert refused.value.code == "outdated_code"
    assert board_of_key(board_key(CALENDAR, DATE)) == (CALENDAR, DATE)  # links by name are unaffected


@pytest.mark.parametrize(
    "key",
    ["0_abc", "99_1", "²_0", "0_²", "0_9999", "0", "0_1_2", "", "nope_01-25", "calendar-dragonfjord_13-40"],
)
def test_a_key_that_names_no_board_is_a_malformed_link(key: str) -> None:
    with pytest.raises(MalformedPosition) as refused:
        board_of_key(key)
    assert refused.value.code == "invalid_link"


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("hello", "does not name a board"),
        ("1_2", "does not name a board"),
        ("x!_0_1AAAA", "does not name a board"),
        ("x_0_1AAAA", "names no puzzle of this catalog"),
        ("12345_0_1AAAA", "names no puzzle of this catalog"),
        ("999_0_1AAAA", "names no puzzle of this catalog"),
        ("0_9999_1AAAA", "names no puzzle of this catalog"),
        ("calendar-dragonfjord_02-31x_2AAAA", "names no puzzle of this catalog"),
        ("0_0_" + "A" * 61, "does not name a board"),
        ("calendar-dragonfjord_01-25_" + "A" * 38, "does not name a board"),
    ],
)
def test_a_link_that_names_no_board_is_refused(payload: str, message: str) -> None:
    with pytest.raises(MalformedPosition, match=message) as caught:
        decode_link(payload)
    assert caught.value.code == "invalid_link"
