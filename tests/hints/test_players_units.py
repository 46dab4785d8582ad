"""Players (hints.players) and their day (hints.game) for web visitors: today in the player's zone,
streaks across zones, the share text naming the puzzle's date, settings, and a visitor linked to a
Telegram user, on the sample store (DragonFjord's 01-20..01-31)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db import solves
from db.web_players import WEB_PLAYER_BASE, is_web_player
from hints import game, players
from hints.daily import PuzzleKind, Variant
from hints.players import InvalidSetting, Player
from solver.puzzles import get_puzzle
from tests.support.miniapp import solved_code as solved_board_code

CALENDAR = get_puzzle("calendar-dragonfjord")
# 20:21 UTC on the 21st: 05:21 on the 22nd in Tokyo, 12:21 on the 21st in Los Angeles.
EVENING = datetime(2026, 1, 21, 20, 21, tzinfo=UTC)
ANN = 7


@pytest.fixture
def session(own_sessions: sessionmaker[Session]) -> Iterator[Session]:
    with own_sessions() as opened:
        yield opened


def solved_code(session: Session, target: str) -> str:
    return solved_board_code(session, f"{CALENDAR.id}/{target}")


def visitor(session: Session, zone: str | None) -> Player:
    """A new web visitor who told the server their zone (None: not yet)."""
    player = players.new_web_player(session, EVENING, "UTC")
    return players.choose(session, player, EVENING, timezone=zone) if zone else player


def solve(session: Session, player: Player, target: str, at: datetime) -> tuple[game.Solved, str] | None:
    puzzle_target = CALENDAR.target(target)
    board = game.Board(CALENDAR, puzzle_target)
    return game.solved_on_board(session, player, board, at, "en", solved_code(session, target))


def test_a_web_visitor_has_an_id_no_telegram_user_has_and_today_in_their_zone(session: Session) -> None:
    tokyo, los_angeles, unknown = (visitor(session, z) for z in ("Asia/Tokyo", "America/Los_Angeles", None))
    assert all(p.web and p.id > WEB_PLAYER_BASE for p in (tokyo, los_angeles, unknown))
    assert not is_web_player(2**52 - 1) and not is_web_player(-1001)
    assert tokyo.today(EVENING) == date(2026, 1, 22)
    assert los_angeles.today(EVENING) == date(2026, 1, 21)
    assert unknown.today(EVENING) == date(2026, 1, 21) and unknown.timezone is None  # the server's default


def test_the_visitors_today_is_their_puzzle_and_a_solve_of_it_extends_their_streak(session: Session) -> None:
    tokyo = visitor(session, "Asia/Tokyo")
    first = solve(session, tokyo, "01-22", EVENING)  # 05:21 on the 22nd there
    assert first is not None
    solved, share = first
    assert (solved.play.day, solved.on_day, solved.streak) == (date(2026, 1, 22), True, 1)
    assert share.splitlines()[0].startswith("A-Puzzle-A-Day calendar (DragonFjord) · 2026-01-22")
    assert solve(session, tokyo, "01-21", EVENING) is None  # yesterday there: not one of today's puzzles
    second = solve(session, tokyo, "01-23", EVENING + timedelta(days=1))
    assert second is not None and second[0].streak == 2
    standing = game.standing(session, tokyo, EVENING + timedelta(days=1))
    assert standing.today == date(2026, 1, 23)
    assert (standing.calendar.played, standing.calendar.solved) == (2, 2)
    assert (standing.calendar.streak, standing.calendar.best) == (2, 2)
    assert standing.calendar.solved_today and standing.calendar.hints == 0
    assert standing.challenge == game.KindRecord(0, 0, 0, 0, hints=0, solved_today=False)
    later = game.standing(session, tokyo, EVENING + timedelta(days=2))
    assert not later.calendar.solved_today and later.calendar.streak == 2  # the day is not over yet


def test_the_same_moment_is_another_puzzle_west_of_utc(session: Session) -> None:
    los_angeles = visitor(session, "America/Los_Angeles")
    assert solve(session, los_angeles, "01-22", EVENING) is None  # still the 21st there
    found = solve(session, los_angeles, "01-21", EVENING)
    assert found is not None and found[0].play.day == date(2026, 1, 21) and found[0].streak == 1
    assert "2026-01-21" in found[1]
    # Late in the evening of the 22nd there (07:30 UTC on the 23rd), the streak goes on.
    late = solve(session, los_angeles, "01-22", datetime(2026, 1, 23, 7, 30, tzinfo=UTC))
    assert late is not None and late[0].streak == 2


def test_the_share_text_is_in_the_players_language(session: Session) -> None:
    tokyo = players.choose(session, visitor(session, "Asia/Tokyo"), EVENING, language="ja")
    found = solve(session, tokyo, "01-22", EVENING)
    assert found is not None
    heading, summary = found[1].splitlines()
    assert "2026年1月22日(木)" in heading and summary.startswith("ヒントなしで解きました")


def test_settings_are_checked_and_kept(session: Session) -> None:
    player = visitor(session, None)
    for bad in ({"timezone": "Mars/Olympus"}, {"edition": "calendar-nope"}, {"language": "xx"}):
        with pytest.raises(InvalidSetting):
            players.choose(session, player, EVENING, **bad)  # type: ignore[arg-type]
    chosen = players.choose(session, player, EVENING, edition="calendar-weekday", faceup=True)
    again = players.web_player(session, player.id, "UTC")
    assert again == chosen and again.variant == Variant("calendar-weekday", True)


def test_a_visitor_linked_to_a_telegram_user_brings_their_history(session: Session) -> None:
    """The user solved the 21st on the bot, the visitor the 22nd on the web (and the 21st too,
    later): one history, the first solve of each day kept; the visitor is the user from then on."""
    user = players.telegram_player(session, ANN, "UTC", "Ann")
    day21 = game.Play(PuzzleKind.CALENDAR, date(2026, 1, 21))
    game.solve(session, user, day21, EVENING - timedelta(hours=1), ANN)
    web = visitor(session, "Asia/Tokyo")
    assert solve(session, web, "01-22", EVENING) is not None
    game.solve(session, web, day21, EVENING, web.id)  # a past day, later (the 22nd in Tokyo)
    assert players.link(session, web.id, user, EVENING)
    assert not players.link(session, web.id, user, EVENING)  # once
    linked = players.web_player(session, web.id, "UTC")
    assert linked is not None and linked.id == ANN and not linked.web and linked.timezone == "Asia/Tokyo"
    mine = {(s.day, s.on_day) for s in solves.user_solves(session=session, user_id=ANN)}
    assert mine == {(date(2026, 1, 21), True), (date(2026, 1, 22), True)}
    assert solves.user_solves(session=session, user_id=web.id) == []
    assert game.standing(session, linked, EVENING).calendar.streak == 2
