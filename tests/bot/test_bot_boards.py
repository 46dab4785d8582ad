"""The user's own board in the chat: Play buttons, deep links, /hint and /check from a saved board."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime

import pytest

from db.engine import make_engine, session_factory
from hints.codes import encode_position
from hints.deeplink import encode_link
from hints.raw_solutions import raw_solutions
from hints.saved import saved_board
from solver.puzzles import get_puzzle
from tests.support.bot import QUICKER, FakeClock, RunningBot, bot_settings, press, start_bot, stop_bot
from tests.support.fake_telegram import FakeTelegram

PUBLIC = "https://puzzles.example.org"
DAY = date(2026, 1, 25)


@pytest.fixture
async def web_bot(fake: FakeTelegram, store_url: str) -> AsyncIterator[RunningBot]:
    clock = FakeClock(datetime(2026, 1, 25, 10, 0, tzinfo=UTC))
    bot = await start_bot(bot_settings(fake, store_url, PUBLIC_URL=PUBLIC), fake, clock, quicker=QUICKER)
    yield bot
    await stop_bot(bot)


def keyboard(call: object) -> list[dict[str, object]]:
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")  # type: ignore[attr-defined]
    return [b for row in markup.get("inline_keyboard", []) for b in row]


def first_pieces(store_url: str, count: int) -> tuple[str, list]:  # type: ignore[type-arg]
    """A position of ``count`` pieces of one 01-25 solution, and its code."""
    calendar = get_puzzle("calendar-dragonfjord")
    with session_factory(make_engine(store_url))() as session:
        solution = sorted(
            raw_solutions(session, calendar, calendar.target("01-25")).solutions[3], key=lambda p: p.piece
        )
    placements = solution[:count]
    code = encode_position(calendar, placements)
    assert code is not None
    return code, placements


async def test_play_button_is_a_mini_app_in_private_and_a_link_in_groups(web_bot: RunningBot) -> None:
    """Where each Play link points is test_replies*.py's; here, the keyboard Telegram gets."""
    (private,) = await web_bot.ask("/today 2026-01-25")
    play = [b for b in keyboard(private) if b["text"] == "Play on the board"]
    assert play == [
        {"text": "Play on the board", "web_app": {"url": f"{PUBLIC}/play/calendar-dragonfjord/01-25"}}
    ]
    (group,) = await web_bot.ask("/today 2026-01-25", chat_id=-1002, user_id=7, chat_type="supergroup")
    links = [b for b in keyboard(group) if b["text"] == "Play on the board"]
    assert links == [{"text": "Play on the board", "url": f"{PUBLIC}/play/calendar-dragonfjord/01-25"}]
    assert not any("web_app" in b for b in keyboard(group))


async def test_deep_link_loads_a_board_then_its_buttons_and_check_start_from_it(
    web_bot: RunningBot, store_url: str
) -> None:
    """What a board's replies say (solutions left, dead ends, bad links) is test_replies_boards.py's;
    here /start <payload> reaches them, the board is stored, and its buttons and /check answer."""
    calendar = get_puzzle("calendar-dragonfjord")
    code, _ = first_pieces(store_url, 3)
    payload = encode_link(calendar, calendar.target("01-25"), code)
    assert len(payload) <= 64  # Telegram's limit for a /start parameter
    (loaded,) = await web_bot.ask(f"/start {payload}")
    assert loaded.params["text"].startswith("Your board") and "3 placed" in loaded.params["text"]
    with web_bot.sessions() as session:
        saved = saved_board(session, 1, calendar, calendar.target("01-25"))
    assert saved is not None and saved.code == code and saved.active
    from_board = next(b for b in keyboard(loaded) if b["text"] == "Hint from my board")
    hint = await press(web_bot, str(from_board["callback_data"]), 1)
    assert hint.method == "sendPhoto"  # type: ignore[attr-defined]
    assert hint.params["caption"].startswith("From your board, hint 1 of 3")  # type: ignore[attr-defined]
    (status,) = await web_bot.ask("/check")
    assert "3 placed" in status.params["text"]
    featured = next(b for b in keyboard(hint) if b["text"] == "The day's hints instead")
    back = await press(web_bot, str(featured["callback_data"]), 1)
    assert back.method == "sendPhoto", back.params  # type: ignore[attr-defined]
    assert back.params["caption"].startswith("Hint 1 of 3")  # type: ignore[attr-defined]  # the day's


async def test_a_board_saved_by_the_mini_app_is_where_hint_starts(
    web_bot: RunningBot, store_url: str
) -> None:
    """The Mini App saves through the API (signed initData); the bot's /hint then starts from that board."""
    import asyncio

    import httpx

    from api.telegram_auth import sign
    from tests.support.api_server import start_server
    from tests.support.bot import TOKEN

    code, _ = first_pieces(store_url, 2)
    fields = {
        "auth_date": str(int(datetime.now(UTC).timestamp())),
        "user": json.dumps({"id": 1, "first_name": "T"}),
    }
    header = {
        "Authorization": "tma "
        + "&".join(f"{k}={v}" for k, v in {**fields, "hash": sign(fields, TOKEN)}.items())
    }
    server = await asyncio.to_thread(start_server, store_url, TELEGRAM_BOT_TOKEN=TOKEN)
    try:
        async with httpx.AsyncClient(base_url=server.url) as client:
            forged = await client.put(
                "/api/v1/me/positions/calendar-dragonfjord/01-25",
                json={"code": code},
                headers={"Authorization": "tma user=1&hash=00"},
            )
            assert forged.status_code == 401
            saved = await client.put(
                "/api/v1/me/positions/calendar-dragonfjord/01-25", json={"code": code}, headers=header
            )
            assert saved.status_code == 200, saved.text
    finally:
        await asyncio.to_thread(server.stop)
    await web_bot.ask("/today 2026-01-25")
    (hint,) = await web_bot.ask("/hint")
    assert hint.params["caption"].startswith("From your board, hint 1 of 3")
