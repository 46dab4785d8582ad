"""The bot's actions as its handlers compose them: the service call, then the pure reply.

Each helper here is one handler's pair (:mod:`bot.handlers`): the :mod:`hints` call the handler
makes in its unit of work, and the :mod:`bot.replies` function that formats the answer. The reply
tests call them on a session over the sample store to check the rule and its words together;
a test of the words alone builds the answer itself and calls the reply function.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from functools import partial

from sqlalchemy.orm import Session

from bot.handlers import setup as setup_handlers
from bot.replies import boards, editions, hinting, puzzles, record, starts, stats
from bot.replies.types import Reply, Web, Who
from hints import chat_settings, game, players
from hints import seat as seats
from hints.catalog import Stage
from hints.daily import CALENDAR_ID, PuzzleKind, Variant, edition_year
from hints.seat import GroupLink


def opened(
    kind: PuzzleKind,
    session: Session,
    who: Who,
    day: date,
    web: Web | None = None,
    now: datetime | None = None,
    link: GroupLink | None = None,
) -> Reply:
    """/today or /pentomino: the puzzle of ``day`` opened (``link``: a group's private link opened it)."""
    return puzzles.opened(seats.open_puzzle(session, who.seat, kind, day, now, link), who, web)


today = partial(opened, PuzzleKind.CALENDAR)
pentomino = partial(opened, PuzzleKind.PENTOMINO)


def daily_post(
    session: Session, language: str, day: date, edition: str = CALENDAR_ID, faceup: bool = False
) -> Reply:
    """The dispatcher's calendar post."""
    daily, no_faceup = seats.calendar_of(session, day, Variant(edition, faceup))
    return puzzles.daily_post(daily, no_faceup, language)


def start(
    session: Session,
    who: Who,
    now: datetime,
    payload: str | None,
    web: Web | None,
    member_of: int | None = None,
) -> Reply:
    """/start with a payload (or none)."""
    started = setup_handlers.start(session, who, now, payload, member_of)
    return setup_handlers.greeting(started, who, now, web)


def from_private_link(
    session: Session, who: Who, payload: str, web: Web | None, member_of: int | None = None
) -> Reply | None:
    """/start with a 'Hints in private' payload; None for any other payload."""
    if starts.parse_private_start(payload) is None:
        return None
    started = setup_handlers.start(session, who, datetime.now(UTC), payload, member_of)
    return setup_handlers.greeting(started, who, datetime.now(UTC), web)


def next_hint(
    session: Session,
    who: Who,
    now: datetime,
    kind: PuzzleKind | None = None,
    day: date | None = None,
    web: Web | None = None,
    stage: Stage | None = None,
) -> Reply:
    """/hint, or a hint button (``kind``, ``day``, ``stage``)."""
    return hinting.hint_reply(seats.next_hint(session, who.seat, now, kind, day, stage), who, web)


def featured_hint(
    session: Session, who: Who, now: datetime, kind: PuzzleKind, day: date, web: Web | None = None
) -> Reply:
    """The 'Featured hints' button under a hint from the saved board."""
    return hinting.hint_reply(seats.featured_hint(session, who.seat, now, kind, day), who, web)


def board_hint_by_key(session: Session, who: Who, now: datetime, key: str, web: Web | None = None) -> Reply:
    """The 'Hint from my board' button."""
    return hinting.hint_reply(seats.board_hint_by_key(session, who.seat, now, key), who, web)


def solution(session: Session, who: Who, now: datetime) -> Reply:
    return hinting.solution(seats.answer(session, who.seat, now), who)


def another(session: Session, who: Who, now: datetime, day: date | None = None) -> Reply:
    return hinting.another(seats.another(session, who.seat, now, day), who)


def check(session: Session, who: Who, now: datetime, web: Web | None = None) -> Reply:
    return boards.board_reply(seats.current_board(session, who.seat, now), who, web)


def load_board(
    session: Session, who: Who, now: datetime, payload: str, web: Web | None = None
) -> Reply | None:
    """A board link: its status, or None when the payload names no board (the handler greets)."""
    found = seats.load_board(session, who.seat, now, payload)
    return None if found == seats.BoardTrouble.BAD_LINK else boards.board_reply(found, who, web)


def solved(
    session: Session, who: Who, now: datetime, kind: PuzzleKind | None = None, day: date | None = None
) -> Reply:
    return record.solved(seats.report_solve(session, who.seat, now, kind, day, who.language), who)


def top(session: Session, who: Who, now: datetime) -> Reply:
    day = who.today(now)
    return record.top(game.chat_solvers(session, who.chat_id, day), day, who.language)


def yesterday_line(session: Session, chat_id: int, day: date, language: str) -> str | None:
    return record.yesterday_line(game.chat_solvers(session, chat_id, day - timedelta(days=1)), language)


def forget(session: Session, who: Who) -> Reply:
    players.forget(session, who.user_id)
    return record.forgotten(who.language)


def personal_stats(session: Session, who: Who, now: datetime) -> Reply:
    day = who.today(now)
    return stats.personal_stats(game.record(session, who.user_id, day), day, who.language)


def heatmap(session: Session, who: Who, year: int) -> Reply:
    return stats.heatmap(edition_year(session, who.variant.edition, year), who.language)


def group_stats(session: Session, who: Who, default_tz: str, year: int) -> Reply:
    """/stats in a group: the year heatmap and the subscription."""
    settings = chat_settings.settings_of(session, who.chat_id)
    return stats.with_status(heatmap(session, who, year), settings, who.language, default_tz, apart=" ")


def set_edition(session: Session, who: Who, edition_id: str, now: datetime, web: Web | None = None) -> Reply:
    shown = seats.choose_variant(session, who.seat, who.chat_kind, now, edition=edition_id)
    return editions.edition_set(shown, who, web)


def set_faceup(session: Session, who: Who, on: bool, now: datetime, web: Web | None = None) -> Reply:
    shown = seats.choose_variant(session, who.seat, who.chat_kind, now, faceup=on)
    return editions.faceup_set(shown, who, on, web)
