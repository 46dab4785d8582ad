"""URLs of the API's resources, built in one place so links and routes agree."""

from __future__ import annotations

from datetime import date

from hints.daily import CALENDAR_ID, PuzzleKind
from solver.hints import Stage

PREFIX = "/api/v1"


def puzzle(puzzle_id: str) -> str:
    return f"{PREFIX}/puzzles/{puzzle_id}"


def heatmap(puzzle_id: str) -> str:
    return f"{puzzle(puzzle_id)}/heatmap.png"


def solutions(puzzle_id: str, target: str) -> str:
    return f"{puzzle(puzzle_id)}/targets/{target}/solutions"


def solution(puzzle_id: str, target: str, n: int, suffix: str) -> str:
    return f"{solutions(puzzle_id, target)}/{n}.{suffix}"


def _edition_query(kind: PuzzleKind, edition: str | None, faceup: bool = False) -> str:
    """``?edition=ID`` for a calendar edition other than the default, ``faceup=true`` in face-up
    mode (the challenge has neither)."""
    if kind != PuzzleKind.CALENDAR:
        return ""
    query = [f"edition={edition}"] if edition not in (None, CALENDAR_ID) else []
    query += ["faceup=true"] if faceup else []
    return "?" + "&".join(query) if query else ""


def daily(
    day: date, kind: PuzzleKind = PuzzleKind.CALENDAR, edition: str | None = None, faceup: bool = False
) -> str:
    base = f"{PREFIX}/daily/{day.isoformat()}"
    path = base if kind == PuzzleKind.CALENDAR else f"{base}/pentomino"
    return path + _edition_query(kind, edition, faceup)


def daily_today(edition: str) -> str:
    """Today's daily puzzle in an edition (the API's ``today`` in its default time zone)."""
    return f"{PREFIX}/daily/today{_edition_query(PuzzleKind.CALENDAR, edition)}"


def edition_board(edition: str) -> str:
    return f"{PREFIX}/editions/{edition}/board.png"


def puzzle_image(day: date, kind: PuzzleKind, edition: str | None = None, faceup: bool = False) -> str:
    return f"{daily(day, kind)}/puzzle.png{_edition_query(kind, edition, faceup)}"


def stage_image(
    day: date, kind: PuzzleKind, stage: int, edition: str | None = None, faceup: bool = False
) -> str:
    """Image of stage 0 (the puzzle itself) to 3 (the answer)."""
    if stage == Stage.PUZZLE:
        return puzzle_image(day, kind, edition, faceup)
    return hint(day, kind, stage, "png", edition, faceup)


def hint(
    day: date,
    kind: PuzzleKind,
    stage: int,
    suffix: str = "",
    edition: str | None = None,
    faceup: bool = False,
) -> str:
    path = f"{daily(day, kind)}/hints/{stage}{'.' + suffix if suffix else ''}"
    return path + _edition_query(kind, edition, faceup)


def position(puzzle_id: str, target: str) -> str:
    """Where a position is POSTed for analysis."""
    return f"{puzzle(puzzle_id)}/targets/{target}/position"


def position_code(puzzle_id: str, target: str, code: str) -> str:
    return f"{puzzle(puzzle_id)}/targets/{target}/positions/{code}"


def position_hint(puzzle_id: str, target: str, code: str, stage: int, suffix: str = "") -> str:
    base = f"{position_code(puzzle_id, target, code)}/hints/{stage}"
    return f"{base}.{suffix}" if suffix else base


def saved_position(puzzle_id: str, target: str) -> str:
    """The signed-in Telegram user's saved board on a target (the Mini App's save slot)."""
    return f"{PREFIX}/me/positions/{puzzle_id}/{target}"


def play(puzzle_id: str, target: str, code: str | None = None) -> str:
    """The playable board page, starting from the position ``code`` names (empty without one)."""
    return f"/play/{puzzle_id}/{target}" + (f"?p={code}" if code else "")
