"""A Japanese user's walk through the main commands against the fake Bot API (the sample store):
/start and its onboarding, /today, /hint three times, /stats, /settings, /timezone, /help and
/edition. No text, caption or button they see and no text drawn on a picture they get shows an
ISO date or a time zone's Latin name. The pictures' words are the strings the canvas draws
(recorded as they are drawn), not read back from the pixels."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.chat_setup import ZONE_CHOICES
from bot.flood import Budget, CommandBudgets
from bot.inputs import zone_label
from render.canvas import Canvas
from tests.support.bot import QUICKER, FakeClock, RunningBot, bot_settings, buttons, start_bot, stop_bot
from tests.support.fake_telegram import Call, FakeTelegram

NOW = datetime(2026, 1, 22, 10, 0, tzinfo=UTC)  # a date whose puzzles the sample store holds
CHAT = 3107
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
# The cities of the zones the bot offers, as English writes them ("Tokyo", "New York"); UTC and
# UTC offsets are no city's name and read the same in Japanese.
LATIN_ZONES = tuple(
    zone_label(zone, "en") for zone in ZONE_CHOICES if not zone_label(zone, "en").startswith("UTC")
)
LATIN_ZONE = re.compile(r"\b(?:Africa|America|Asia|Australia|Europe|Pacific)/\w+")


@pytest.fixture
def drawn() -> Iterator[list[str]]:
    """Every text a picture draws while the test runs (Canvas.text is the one way text is drawn)."""
    texts: list[str] = []
    draw: Callable[..., None] = Canvas.text

    def recording(self: Canvas, xy: tuple[int, int], text: str, *rest: object, **kw: object) -> None:
        texts.append(text)
        draw(self, xy, text, *rest, **kw)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Canvas, "text", recording)
        yield texts


@pytest.fixture
async def bot(fake: FakeTelegram, sample_url: str) -> AsyncIterator[RunningBot]:
    running = await start_bot(bot_settings(fake, sample_url), fake, FakeClock(NOW), quicker=QUICKER)
    deps = running.application.bot_data.deps  # a dozen commands in a row: the budget is not the point
    running.application.bot_data.deps = replace(
        deps, budgets=CommandBudgets(Budget(burst=50, per_minute=600))
    )
    yield running
    await stop_bot(running)


def shown(call: Call) -> list[str]:
    """What a person reads of one call to the Bot API: its text or caption, its buttons' labels,
    a toast."""
    params: dict[str, Any] = call.params
    words = [str(params[key]) for key in ("text", "caption") if params.get(key)]
    if "media" in params:
        words.append(str(json.loads(params["media"]).get("caption", "")))
    return words + [label for label, _ in buttons(call)]


def chat_words(bot: RunningBot) -> list[str]:
    """Everything the bot showed in the chat, in any way (sent, edited, a toast)."""
    return [words for call in bot.fake.calls if _in_chat(call) for words in shown(call)]


def _in_chat(call: Call) -> bool:
    return call.method == "answerCallbackQuery" or str(call.params.get("chat_id")) == str(CHAT)


async def press_button(bot: RunningBot, starting: str) -> None:
    """Press the button of the chat's latest message with it whose label starts with ``starting``."""
    for call in reversed([c for c in bot.fake.calls if _in_chat(c)]):
        found = [data for label, data in buttons(call) if label.startswith(starting)]
        if found:
            bot.fake.press(found[0], chat_id=CHAT, under=call.result, language="ja")
            await bot.eventually(lambda: bot.fake.all_taken())
            await bot.settled()
            return
    raise AssertionError(f"no button {starting!r} in the chat")


async def test_a_japanese_user_sees_japanese_dates_and_zones_everywhere(
    bot: RunningBot, drawn: list[str]
) -> None:
    await bot.ask("/start", chat_id=CHAT, language="ja")
    await press_button(bot, "DragonFjord")  # onboarding: the edition, then the time (zone: 東京)
    await press_button(bot, "07:00")
    for command in (
        "/today",
        "/hint",
        "/hint",
        "/hint",
        "/stats",
        "/settings",
        "/timezone",
        "/help",
        "/edition",
    ):
        await bot.ask(command, chat_id=CHAT, language="ja")
    await press_button(bot, "タイムゾーン")  # /settings' zones, named in Japanese

    words = chat_words(bot)
    assert [w for w in words if ISO_DATE.search(w)] == []
    assert [w for w in words if LATIN_ZONE.search(w) or any(city in w for city in LATIN_ZONES)] == []
    assert [w for w in drawn if ISO_DATE.search(w)] == []
    # the walk did show what it checks: the dates, the zone and the pictures' headings in Japanese
    assert any("2026年1月22日(木)" in w for w in words) and any("東京" in w for w in words)
    assert any(w.startswith("2026年1月22日(木) · ") for w in drawn) and "2026年1月" in drawn
    assert any("[日付]" in w for w in words)
