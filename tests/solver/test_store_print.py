"""The store's print of a puzzle: what its stored solutions depend on, and nothing a reader sees."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from solver.catalog import Puzzle
from solver.catalog_files import DATA_DIR, parse_puzzle
from solver.puzzles import get_puzzle
from solver.tasks import RETITLED, fingerprint, former_fingerprints

OLD_TITLES = {
    "calendar-weekday": "Weekday calendar puzzle, Sunday first (common edition)",
    "calendar-weekday-monday": "Weekday calendar puzzle, Monday first (common edition)",
}


def edited(tmp_path: Path, puzzle_id: str, old: str, new: str, file: str = "") -> Puzzle:
    """``puzzle_id`` read from a copy of the data where ``old`` became ``new`` in its file (or in
    the piece-set file ``file``)."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / "pieces" / file if file else data / "puzzles" / f"{puzzle_id}.txt"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return parse_puzzle(data / "puzzles" / f"{puzzle_id}.txt", data / "pieces")


def test_a_new_title_or_comment_keeps_the_print(tmp_path: Path) -> None:
    calendar = get_puzzle("calendar-dragonfjord")
    retitled = edited(tmp_path / "a", calendar.id, "title: ", "title: Renamed ")
    commented = edited(tmp_path / "b", calendar.id, "id: ", "// a new comment\nid: ")
    for same in (retitled, commented):
        assert same.fingerprint != calendar.fingerprint  # the text's digest: the caches' key
        assert fingerprint(same) == fingerprint(calendar)


def test_a_piece_drawn_from_its_other_side_changes_the_print(tmp_path: Path) -> None:
    """The flip records stored with each solution say which side shows: they would change."""
    calendar = get_puzzle("calendar-dragonfjord")
    redrawn = edited(tmp_path, calendar.id, "piece N\n##..\n.###\n", "piece N\n..##\n###.\n", "calendar.txt")
    assert fingerprint(redrawn) != fingerprint(calendar)


def test_the_board_and_targets_are_in_the_print(tmp_path: Path) -> None:
    weekday = get_puzzle("calendar-weekday")
    moved = edited(
        tmp_path, weekday.id, "Sun Mon Tue Wed\n.   .   .   .   Thu", "Mon Sun Tue Wed\n.   .   .   .   Thu"
    )
    assert {t.name for t in moved.targets} == {t.name for t in weekday.targets}  # open cells moved
    assert fingerprint(moved) != fingerprint(weekday)


def test_the_retitled_editions_list_the_digest_of_their_earlier_text(tmp_path: Path) -> None:
    """A store made before keeps its solutions: the print it holds is among the formers."""
    assert set(RETITLED) == set(OLD_TITLES)
    for puzzle_id, title in OLD_TITLES.items():
        current = get_puzzle(puzzle_id)
        before = edited(tmp_path / puzzle_id, puzzle_id, f"title: {current.title}\n", f"title: {title}\n")
        assert before.fingerprint == RETITLED[puzzle_id]
        assert fingerprint(before) == fingerprint(current)
        assert f"{before.fingerprint}-e1" in former_fingerprints(current)


def test_the_formers_hold_the_digest_of_the_whole_text() -> None:
    """How the store's print was made before it left the title out: the file and its piece sets."""
    data = DATA_DIR
    raw = (data / "puzzles" / "calendar-dragonfjord.txt").read_bytes() + (
        data / "pieces" / "calendar.txt"
    ).read_bytes()
    calendar = get_puzzle("calendar-dragonfjord")
    assert former_fingerprints(calendar) == (f"{hashlib.sha256(raw).hexdigest()[:16]}-e1",)
    assert fingerprint(calendar) not in former_fingerprints(calendar)
