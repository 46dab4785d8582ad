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
from bot.replies.types import Reply, Web
from hints import chat_settings, game, player_actions, players
from hints.catalog import Stage
from hints.daily import CALENDAR_ID, PuzzleKind, Variant, edition_year
from hints.player_actions import GroupLink, InChat


def opened(
    kind: PuzzleKind,
    session: Session,
    who: InChat,
    day: date,
    web: Web | None = None,
    now: datetime | None = None,
    link: GroupLink | None = None,
) -> Reply:
    """/today or /pentomino: the puzzle of ``day`` opened (``link``: a group's private link opened it)."""
    return puzzles.opened(player_actions.open_puzzle(session, who, kind, day, now, link), who, web)


today = partial(opened, PuzzleKind.CALENDAR)
pentomino = partial(opened, PuzzleKind.PENTOMINO)


def daily_post(
    session: Session, language: str, day: date, edition: str = CALENDAR_ID, faceup: bool = False
) -> Reply:
    """The dispatcher's calendar post."""
    daily, no_faceup = player_actions.calendar_of(session, day, Variant(edition, faceup))
    return puzzles.daily_post(daily, no_faceup, language)


def start(
    session: Session,
    who: InChat,
    now: datetime,
    payload: str | None,
    web: Web | None,
    member_of: int | None = None,
) -> Reply:
    """/start with a payload (or none)."""
    started = setup_handlers.start(session, who, now, payload, member_of)
    return setup_handlers.greeting(started, who, now, web)


def from_private_link(
    session: Session, who: InChat, payload: str, web: Web | None, member_of: int | None = None
) -> Reply | None:
    """/start with a 'Hints in private' payload; None for any other payload."""
    if starts.parse_private_start(payload) is None:
        return None
    started = setup_handlers.start(session, who, datetime.now(UTC), payload, member_of)
    return setup_handlers.greeting(started, who, datetime.now(UTC), web)


def next_hint(
    session: Session,
    who: InChat,
    now: datetime,
    kind: PuzzleKind | None = None,
    day: date | None = None,
    web: Web | None = None,
    stage: Stage | None = None,
) -> Reply:
    """/hint, or a hint button (``kind``, ``day``, ``stage``)."""
    return hinting.hint_reply(player_actions.next_hint(session, who, now, kind, day, stage), who, web)


def featured_hint(
    session: Session, who: InChat, now: datetime, kind: PuzzleKind, day: date, web: Web | None = None
) -> Reply:
    """The 'Featured hints' button under a hint from the saved board."""
    return hinting.hint_reply(player_actions.featured_hint(session, who, now, kind, day), who, web)


def board_hint_by_key(
    session: Session, who: InChat, now: datetime, key: str, web: Web | None = None
) -> Reply:
    """The 'Hint from my board' button."""
    return hinting.hint_reply(player_actions.board_hint_by_key(session, who, now, key), who, web)


def solution(session: Session, who: InChat, now: datetime, web: Web | None = None) -> Reply:
    return hinting.solution(player_actions.answer(session, who, now), who, web)


def another(
    session: Session, who: InChat, now: datetime, day: date | None = None, web: Web | None = None
) -> Reply:
    return hinting.another(player_actions.another(session, who, now, day), who, web)


def check(session: Session, who: InChat, now: datetime, web: Web | None = None) -> Reply:
    return boards.board_reply(player_actions.current_board(session, who, now), who, web)


def load_board(
    session: Session, who: InChat, now: datetime, payload: str, web: Web | None = None
) -> Reply | None:
    """A board link: its status, or None when the payload names no board (the handler greets)."""
    found = player_actions.load_board(session, who, now, payload)
    return None if found == player_actions.BoardTrouble.BAD_LINK else boards.board_reply(found, who, web)


def solved(
    session: Session, who: InChat, now: datetime, kind: PuzzleKind | None = None, day: date | None = None
) -> Reply:
    return record.solved(player_actions.report_solve(session, who, now, kind, day, who.language), who)


def top(session: Session, who: InChat, now: datetime) -> Reply:
    day = who.player.today(now)
    return record.top(game.chat_solvers(session, who.chat.id, day), day, who.language)


def yesterday_line(session: Session, chat_id: int, day: date, language: str) -> str | None:
    return record.yesterday_line(game.chat_solvers(session, chat_id, day - timedelta(days=1)), language)


def forget(session: Session, who: InChat) -> Reply:
    players.forget(session, who.player.id)
    return record.forgotten(who.language)


def personal_stats(session: Session, who: InChat, now: datetime) -> Reply:
    day = who.player.today(now)
    return stats.personal_stats(game.record(session, who.player.id, day), day, who.language)


def heatmap(session: Session, who: InChat, year: int) -> Reply:
    return stats.heatmap(edition_year(session, who.player.variant.edition, year), who.language)


def group_stats(session: Session, who: InChat, default_tz: str, year: int) -> Reply:
    """/stats in a group: the year heatmap and the subscription."""
    settings = chat_settings.settings_of(session, who.chat.id)
    return stats.with_status(heatmap(session, who, year), settings, who.language, default_tz, same_line=True)


def set_edition(
    session: Session, who: InChat, edition_id: str, now: datetime, web: Web | None = None
) -> Reply:
    shown = player_actions.choose_variant(session, who, now, edition=edition_id)
    return editions.edition_set(shown, who, web)


def set_faceup(session: Session, who: InChat, on: bool, now: datetime, web: Web | None = None) -> Reply:
    shown = player_actions.choose_variant(session, who, now, faceup=on)
    return editions.faceup_set(shown, who, on, web)
