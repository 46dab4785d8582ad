"""The user's own board in the chat: Play buttons, deep links, /hint and /check from a saved board."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime

import pytest

from db.engine import make_engine, session_factory
from hints.codes import encode_position
from hints.deeplink import encode_link
from hints.saved import saved_board
from hints.solutions import raw_solutions
from solver.catalog import get_puzzle
from tests.support.bot import FakeClock, RunningBot, bot_settings, start_bot, stop_bot
from tests.support.fake_telegram import FakeTelegram

PUBLIC = "https://puzzles.example.org"
DAY = date(2026, 1, 25)


@pytest.fixture
async def web_bot(fake: FakeTelegram, store_url: str) -> AsyncIterator[RunningBot]:
    clock = FakeClock(datetime(2026, 1, 25, 10, 0, tzinfo=UTC))
    bot = await start_bot(bot_settings(fake, store_url, PUBLIC_URL=PUBLIC), fake, clock)
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
    (private,) = await web_bot.ask("/today 2026-01-25")
    play = [b for b in keyboard(private) if b["text"] == "Play on the board"]
    assert play == [
        {"text": "Play on the board", "web_app": {"url": f"{PUBLIC}/play/calendar-dragonfjord/01-25"}}
    ]
    (group,) = await web_bot.ask("/today 2026-01-25", chat_id=-1002, user_id=7, chat_type="supergroup")
    links = [b for b in keyboard(group) if b["text"] == "Play on the board"]
    assert links == [{"text": "Play on the board", "url": f"{PUBLIC}/play/calendar-dragonfjord/01-25"}]
    assert not any("web_app" in b for b in keyboard(group))
    (challenge,) = await web_bot.ask("/pentomino")
    (button,) = [b for b in keyboard(challenge) if b["text"] == "Play on the board"]
    assert "?p=1" in button["web_app"]["url"]  # type: ignore[index]  # the pre-placed pieces as a code
    (faceup,) = await web_bot.ask("/faceup on", chat_id=9)
    (board,) = [b for b in keyboard(faceup) if b["text"] == "Play on the board"]
    assert board["web_app"]["url"] == f"{PUBLIC}/play/calendar-dragonfjord/01-25?faceup=1"  # type: ignore[index]


async def test_no_play_button_without_public_url(running_bot: RunningBot) -> None:
    (reply,) = await running_bot.ask("/today 2026-01-25")
    assert not any(b["text"] == "Play on the board" for b in keyboard(reply))


async def test_deep_link_loads_a_board_then_hint_and_check_start_from_it(
    web_bot: RunningBot, store_url: str
) -> None:
    calendar = get_puzzle("calendar-dragonfjord")
    code, _ = first_pieces(store_url, 3)
    payload = encode_link(calendar, calendar.target("01-25"), code)
    assert len(payload) <= 64
    (loaded,) = await web_bot.ask(f"/start {payload}")
    assert "Your board" in loaded.params["text"] and "3 placed" in loaded.params["text"]
    assert "solutions are still possible" in loaded.params["text"]
    with web_bot.sessions() as session:
        saved = saved_board(session, 1, calendar, calendar.target("01-25"))
    assert saved is not None and saved.code == code and saved.active
    (hint,) = await web_bot.ask("/hint")
    assert hint.method == "sendPhoto" and hint.params["caption"].startswith("From your board, hint 1 of 3")
    labels = [b["text"] for b in keyboard(hint)]
    assert "The day's hints instead" in labels and "Next hint" in labels
    (second,) = await web_bot.ask("/hint")
    assert second.params["caption"].startswith("From your board, hint 2 of 3")
    (status,) = await web_bot.ask("/check")
    assert "3 placed" in status.params["text"]
    featured = next(b for b in keyboard(hint) if b["text"] == "The day's hints instead")
    before = len(web_bot.fake.sent(1))
    web_bot.fake.press(str(featured["callback_data"]))
    await web_bot.eventually(lambda: len(web_bot.fake.sent(1)) > before)
    back = sorted(web_bot.fake.sent(1), key=lambda c: c.at)[-1]
    assert back.method == "sendPhoto", back.params
    assert back.params["caption"].startswith("Hint 1 of 3")  # the day's featured hints again


async def test_a_dead_end_board_says_what_to_take_off(web_bot: RunningBot, store_url: str) -> None:
    calendar = get_puzzle("calendar-dragonfjord")
    target = calendar.target("01-25")
    with session_factory(make_engine(store_url))() as session:
        raw = raw_solutions(session, calendar, target)
        one, two = raw.solutions[0], raw.solutions[-1]
    mixed = sorted(
        {p.piece: p for p in sorted(two, key=lambda p: p.piece)[:4]}.values(), key=lambda p: p.piece
    )
    from hints.positions import analyse

    for extra in sorted(one, key=lambda p: p.piece):
        cells = {c for p in mixed for c in p.cells}
        if extra.piece not in {p.piece for p in mixed} and not cells & set(extra.cells):
            candidate = [*mixed, extra]
            if analyse(raw, calendar, target, candidate).dead_end:
                mixed = candidate
                break
    analysis = analyse(raw, calendar, target, mixed)
    assert analysis.dead_end
    code = encode_position(calendar, mixed)
    assert code is not None
    (reply,) = await web_bot.ask(f"/start {encode_link(calendar, target, code)}")
    names = ", ".join(calendar.pieces[p.piece].name for p in analysis.take_off)
    assert f"Dead end: take off {names}" in reply.params["text"]


async def test_bad_deep_links_are_refused_politely(web_bot: RunningBot) -> None:
    for payload in ("nonsense", "99_0_1AAAAAAAAAA", "0_0_1AAAA", "3_1_zzzzzzzzzzz"):
        (reply,) = await web_bot.ask(f"/start {payload}")
        assert reply.params["text"] == "That link does not name a board I know."


async def test_check_without_a_board_says_how_to_make_one(web_bot: RunningBot) -> None:
    (reply,) = await web_bot.ask("/check")
    assert "no saved board" in reply.params["text"]


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
