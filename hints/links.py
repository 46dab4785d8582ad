"""Every address the product hands out, built in one place so links and routes agree: the API's
resources and the web's pages (the board, the challenge, the list of boards). The bot links to the
same pages (with ``PUBLIC_URL`` before them) and the API's routes are declared with these paths."""

from __future__ import annotations

from datetime import date
from enum import StrEnum
from urllib.parse import quote

from hints.catalog import Stage
from hints.daily import CALENDAR_ID, PuzzleKind
from i18n import SOURCE_LANGUAGE

PREFIX = "/api/v1"


class Media(StrEnum):
    """What a resource is served as, by the suffix of its path (JSON has none)."""

    JSON = "json"
    PNG = "png"
    TEXT = "txt"


def puzzle(puzzle_id: str) -> str:
    return f"{PREFIX}/puzzles/{puzzle_id}"


def _query(pairs: list[tuple[str, str]]) -> str:
    return "?" + "&".join(f"{name}={value}" for name, value in pairs) if pairs else ""


def _language(language: str) -> list[tuple[str, str]]:
    """``lang`` of an image or caption: left out for English, the default."""
    return [] if language == SOURCE_LANGUAGE else [("lang", language)]


def heatmap(puzzle_id: str, year: int | None = None, language: str = SOURCE_LANGUAGE) -> str:
    year_pair = [] if year is None else [("year", str(year))]
    return f"{puzzle(puzzle_id)}/heatmap.png" + _query(year_pair + _language(language))


def solutions(puzzle_id: str, target: str) -> str:
    return f"{puzzle(puzzle_id)}/targets/{target}/solutions"


def _suffix(media: Media) -> str:
    """A resource's path ends with its medium's suffix; JSON has none."""
    return "" if media == Media.JSON else f".{media}"


def solution(puzzle_id: str, target: str, n: int, media: Media) -> str:
    return f"{solutions(puzzle_id, target)}/{n}{_suffix(media)}"


def _daily_query(
    kind: PuzzleKind, edition: str | None, faceup: bool = False, language: str = SOURCE_LANGUAGE
) -> str:
    """``?edition=ID`` for a calendar edition other than the default, ``faceup=true`` in face-up
    mode (the challenge has neither), ``lang`` for a language other than English."""
    pairs = []
    if kind == PuzzleKind.CALENDAR and edition not in (None, CALENDAR_ID):
        pairs.append(("edition", str(edition)))
    if kind == PuzzleKind.CALENDAR and faceup:
        pairs.append(("faceup", "true"))
    return _query(pairs + _language(language))


def daily(
    day: date,
    kind: PuzzleKind = PuzzleKind.CALENDAR,
    edition: str | None = None,
    faceup: bool = False,
    language: str = SOURCE_LANGUAGE,
) -> str:
    return _daily_path(day, kind) + _daily_query(kind, edition, faceup, language)


def _daily_path(day: date, kind: PuzzleKind) -> str:
    base = f"{PREFIX}/daily/{day.isoformat()}"
    return base if kind == PuzzleKind.CALENDAR else f"{base}/pentomino"


def daily_today(edition: str) -> str:
    """Today's daily puzzle in an edition (the API's ``today`` in its default time zone)."""
    return f"{PREFIX}/daily/today{_daily_query(PuzzleKind.CALENDAR, edition)}"


def edition_board(edition: str, language: str = SOURCE_LANGUAGE) -> str:
    return f"{PREFIX}/editions/{edition}/board.png" + _query(_language(language))


def puzzle_image(
    day: date,
    kind: PuzzleKind,
    edition: str | None = None,
    faceup: bool = False,
    language: str = SOURCE_LANGUAGE,
) -> str:
    return f"{_daily_path(day, kind)}/puzzle.png{_daily_query(kind, edition, faceup, language)}"


def stage_image(
    day: date,
    kind: PuzzleKind,
    stage: int,
    edition: str | None = None,
    faceup: bool = False,
    language: str = SOURCE_LANGUAGE,
) -> str:
    """Image of stage 0 (the puzzle itself) to 3 (the answer), its words in ``language``."""
    if stage == Stage.PUZZLE:
        return puzzle_image(day, kind, edition, faceup, language)
    return hint(day, kind, stage, Media.PNG, edition, faceup, language)


def hint(
    day: date,
    kind: PuzzleKind,
    stage: int,
    media: Media = Media.JSON,
    edition: str | None = None,
    faceup: bool = False,
    language: str = SOURCE_LANGUAGE,
) -> str:
    path = f"{_daily_path(day, kind)}/hints/{stage}{_suffix(media)}"
    return path + _daily_query(kind, edition, faceup, language)


def position(puzzle_id: str, target: str) -> str:
    """Where a position is POSTed for analysis."""
    return f"{puzzle(puzzle_id)}/targets/{target}/position"


def solution_digits(puzzle_id: str, target: str) -> str:
    """Every raw solution of a target as code digits: what the board needs to analyse moves itself."""
    return f"{puzzle(puzzle_id)}/targets/{target}/solution-digits"


def position_code(puzzle_id: str, target: str, code: str) -> str:
    return f"{puzzle(puzzle_id)}/targets/{target}/positions/{code}"


def position_hint(puzzle_id: str, target: str, code: str, stage: int, media: Media = Media.JSON) -> str:
    return f"{position_code(puzzle_id, target, code)}/hints/{stage}{_suffix(media)}"


def position_query(faceup: bool = False, language: str = SOURCE_LANGUAGE, fixed: str = "") -> str:
    """The query of the position resources: ``faceup=true`` in face-up mode, ``lang`` (captions and
    images) for a language other than English, ``fixed`` the pieces that stay (comma-separated)."""
    pairs = [("faceup", "true")] if faceup else []
    pairs += [("fixed", quote(fixed, safe=","))] if fixed else []
    return _query(pairs + _language(language))


def saved_position(puzzle_id: str, target: str) -> str:
    """The signed-in Telegram user's saved board on a target (the Mini App's save slot)."""
    return f"{PREFIX}/me/positions/{puzzle_id}/{target}"


def me() -> str:
    """The player asking: their day, settings and record (``/me``)."""
    return f"{PREFIX}/me"


def my_day(puzzle_id: str, target: str) -> str:
    """The player's day on a board (``…/opened``, ``…/hints/{stage}``, ``…/solved`` under it)."""
    return f"{PREFIX}/me/days/{puzzle_id}/{target}/"


def play(
    puzzle_id: str,
    target: str,
    code: str | None = None,
    *,
    faceup: bool = False,
    lang: str | None = None,
    fixed: str = "",
) -> str:
    """The playable board page, starting from the position ``code`` names (empty without one), in
    face-up mode and in the page language ``lang`` (left out when None); ``fixed``: the placed
    pieces that stay where they are (comma-separated names: the challenge's pre-placed pieces)."""
    pairs = [("p", code)] if code else []
    pairs += [("fixed", quote(fixed, safe=","))] if fixed else []
    pairs += [("faceup", "1")] if faceup else []
    pairs += [("lang", lang)] if lang else []
    return f"/play/{puzzle_id}/{target}" + _query(pairs)


def challenge(day: date, lang: str | None = None) -> str:
    """The pentomino challenge of ``day`` on its board: a redirect to the board with the day's
    pre-placed pieces (``/play/challenge/{date}``), in the page language ``lang``."""
    return f"/play/challenge/{day.isoformat()}" + _query([("lang", lang)] if lang else [])


def challenge_today(lang: str | None = None) -> str:
    """Today's pentomino challenge (the visitor's today) on its board."""
    return "/play/challenge/today" + _query([("lang", lang)] if lang else [])


def boards(lang: str | None = None) -> str:
    """The list of boards to play, in the page language ``lang``."""
    return "/play" + _query([("lang", lang)] if lang else [])


def play_today(puzzle_id: str) -> str:
    """A puzzle's board at the visitor's today's target (a calendar's, in their zone; a board's one)."""
    return f"/play/{puzzle_id}"


def custom_puzzle(puzzle_id: str) -> str:
    """The short link of a puzzle a person made: it opens today's target on the board."""
    return f"/p/{puzzle_id}"
