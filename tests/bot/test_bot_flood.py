"""Flood control end to end: a busy group stalls no one, refusals say true words, progress stays whole.

Before, 300 commands in one group filled every handler slot with sends waiting
out the group's 20-a-minute limit, and a private /today got no answer for 30 s.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from dataclasses import replace

import pytest

from bot.flood import GROUP_BUDGET, NOTICE_EVERY, USER_BUDGET, Budget, CommandBudgets
from bot.replies.buttons import Lasting
from db import hint_progress
from tests.support.bot import TOKEN, FakeClock, RunningBot, bot_settings, start_bot, stop_bot
from tests.support.fake_telegram import FakeTelegram
from tests.support.limits_clock import LimitsClock, freeze_limits

GROUP = -100_500
PRIVATE = 4242


# The floods run Telegram's group pace and its limit of 20 a minute both this many times faster:
# the same sends in the same order, a fifth of the wait. (The pace keeps to the limit at Telegram's
# own speed on a hand-moved clock: test_flood_units.py.)
FLOOD_QUICKER = 5


@pytest.fixture
async def group_limited(store_url: str, clock: FakeClock) -> AsyncIterator[RunningBot]:
    fake = FakeTelegram(TOKEN, rate_limit=30, group_per_minute=20, group_minute=60 / FLOOD_QUICKER).start()
    bot = await start_bot(bot_settings(fake, store_url), fake, clock, quicker=FLOOD_QUICKER)
    yield bot
    await stop_bot(bot)
    fake.stop()


async def test_a_private_today_is_answered_while_a_group_floods(group_limited: RunningBot) -> None:
    """Group sends wait out the group's limit without holding a handler slot each, so a private
    command is answered while 300 group commands are in hand (the latency: benchmarks/bot.py)."""
    fake = group_limited.fake
    for index in range(300):  # thirty members, ten commands each
        fake.message("/today 2026-01-25", chat_id=GROUP, user_id=1000 + index % 30, chat_type="group")
    await group_limited.eventually(lambda: len(fake.sent(GROUP)) >= 1)  # the bot is busy with the group
    fake.message("/today", chat_id=PRIVATE)
    await group_limited.eventually(lambda: len(fake.sent(PRIVATE)) == 1, timeout=10)
    assert len(fake.sent(GROUP)) < 20  # answered before the group's sends were through
    await group_limited.settled(timeout=60)
    group_replies = fake.sent(GROUP)
    assert 1 <= len(group_replies) <= 20  # the group's budget: answers, then one 'slow down', then silence
    assert fake.rejected_by_group_limit == 0 and fake.rejected_by_rate_limit == 0  # no 429 at all
    notices = [c for c in group_replies if "send yours again" in c.params.get("text", "")]
    assert len(notices) <= 1


def tight_budgets(
    bot: RunningBot,
    monkeypatch: pytest.MonkeyPatch,
    *,
    user: Budget = USER_BUDGET,
    group: Budget = GROUP_BUDGET,
) -> LimitsClock:
    """Give the running bot budgets of its own on a hand-moved clock; the clock."""
    clock = freeze_limits(monkeypatch)
    deps = bot.application.bot_data.deps
    bot.application.bot_data.deps = replace(deps, budgets=CommandBudgets(user, group))
    return clock


def texts(fake: FakeTelegram, chat_id: int) -> list[str]:
    return [c.params.get("text", "") for c in fake.sent(chat_id)]


async def test_a_refused_command_is_told_when_to_send_it_again_and_then_it_passes(
    running_bot: RunningBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: "That is a lot at once - I will answer again in 1 s." and the command was dropped,
    never answered."""
    fake = running_bot.fake
    clock = tight_budgets(running_bot, monkeypatch, user=Budget(burst=1, per_minute=60))
    for _ in range(3):
        fake.message("/help", chat_id=PRIVATE)
    await running_bot.eventually(lambda: len(fake.sent(PRIVATE)) == 2)
    await running_bot.settled()
    answered = texts(fake, PRIVATE)
    assert sorted(t.startswith("I give hints") for t in answered) == [False, True]  # one answer, ...
    assert "Too many at once - please send it again in 1 s." in answered  # ... one true word, then silence
    clock.now += 1.01  # as it said
    (again,) = await running_bot.ask("/help", chat_id=PRIVATE)
    assert again.params["text"].startswith("I give hints")


async def test_a_button_over_budget_gets_a_toast_each_time_and_nothing_in_the_chat(
    running_bot: RunningBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = running_bot.fake
    tight_budgets(running_bot, monkeypatch, user=Budget(burst=1, per_minute=6))
    await running_bot.ask("/help", chat_id=PRIVATE)
    for _ in range(2):
        fake.press("v1|today|calendar|2026-01-25", chat_id=PRIVATE)
    await running_bot.settled()
    toasts = [c.params.get("text") for c in fake.calls_to("answerCallbackQuery")]
    assert toasts == ["Too many at once - please press it again in 10 s."] * 2
    assert len(fake.sent(PRIVATE)) == 1


async def test_a_busy_group_gets_one_notice_for_everyone_and_members_toasts_or_nothing(
    running_bot: RunningBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = running_bot.fake
    tight_budgets(running_bot, monkeypatch, group=Budget(burst=2, per_minute=20))
    for member in range(6):
        fake.message("/help", chat_id=GROUP, user_id=2000 + member, chat_type="group")
    await running_bot.eventually(lambda: len(fake.sent(GROUP)) == 3)
    fake.press("v1|today|calendar|2026-01-25", chat_id=GROUP, user_id=2009, chat_type="group")
    await running_bot.settled()
    sent = texts(fake, GROUP)
    assert len(sent) == 3 and sum(t.startswith("Tester: In this group:") for t in sent) == 2
    (notice,) = [c for c in fake.sent(GROUP) if "Many requests here" in c.params["text"]]
    assert notice.params["text"] == (  # to everyone: no name in front, no message quoted
        "Many requests here at once, so I answer only the first ones. Please send yours again in 6 s, "
        "or ask me in a private chat."
    )
    assert "reply_parameters" not in notice.params
    (toast,) = fake.calls_to("answerCallbackQuery")
    assert toast.params["text"] == "Too many at once - please press it again in 6 s."


@pytest.mark.slow
async def test_a_30_member_flood_answers_the_groups_budget_one_notice_and_strips_no_buttons(
    group_limited: RunningBot,
) -> None:
    """Thirty members send /today at once, ten of whom have a reply with buttons from before:
    the group's budget (10) is answered, the group gets one notice, nobody an "I will answer",
    and no reply waits for buttons to be taken off an older message. Before: 25 members got
    nothing, one got "I will answer again in 1 s", and 5 of the group's 16 sends were
    editMessageReplyMarkup, each taking a reply's turn. At Telegram's group pace this takes 26 s."""
    bot, fake = group_limited, group_limited.fake
    members = [3000 + m for m in range(30)]
    book = bot.application.bot_data.deps.messages
    for member in members[:10]:  # each has a message with buttons from before
        book.sent(GROUP, member, 900_000 + member, Lasting((), None, trimmed=True))
    for member in members:
        fake.message("/today 2026-01-25", chat_id=GROUP, user_id=member, chat_type="group")
    await bot.eventually(lambda: len(fake.sent(GROUP)) == 11, timeout=60)
    await bot.settled()
    sent = fake.sent(GROUP)
    answered = [c for c in sent if "reply_parameters" in c.params]  # one photo, then replies pointing at it
    (photo,) = [c for c in answered if c.method == "sendPhoto"]
    quoted = {json.loads(c.params["reply_parameters"])["message_id"] for c in answered if c is not photo}
    notices = [c for c in sent if "Many requests here" in c.params.get("text", "")]
    assert len(answered) == 10 and quoted == {photo.result["message_id"]} and len(notices) == 1
    assert notices[0].params["text"].endswith("send yours again in 30 s, or ask me in a private chat.")
    assert fake.calls_to("editMessageReplyMarkup", GROUP, ok_only=False) == []
    assert fake.rejected_by_group_limit == 0


async def test_concurrent_hints_of_one_user_each_advance_the_ladder(running_bot: RunningBot) -> None:
    """Three /hint at once: each reads what the previous one wrote (no lost progress, no
    first-insert IntegrityError), so the user sees stage 1, 2 and 3 once each."""
    fake = running_bot.fake
    await running_bot.ask("/today 2026-01-25", chat_id=PRIVATE)
    before = len(fake.sent(PRIVATE))
    for _ in range(3):
        fake.message("/hint", chat_id=PRIVATE)
    await running_bot.settled()
    hints = sorted(fake.sent(PRIVATE), key=lambda c: c.at)[before:]
    captions = [c.params.get("caption", c.params.get("text", "")) for c in hints]
    assert len(captions) == 3 and len(set(captions)) == 3, captions
    with running_bot.sessions() as session:
        progress = hint_progress.get_progress(session=session, chat_id=PRIVATE, user_id=PRIVATE)
    assert progress is not None and progress.stage == 3


STICKER = {
    "sticker": {
        "file_id": "CAACAgIAAxkBAAE",
        "file_unique_id": "AgADsticker",
        "width": 512,
        "height": 512,
        "is_animated": False,
        "is_video": False,
        "type": "regular",
    }
}
FLOODER, OTHER = 5151, 6262


async def test_one_persons_stickers_never_delay_anothers_today(running_bot: RunningBot) -> None:
    """Before, stickers were not counted and each answer waited out the chat's pace inside its
    handler: 300 stickers held every update slot and another person's /today waited 41.6 s."""
    fake = running_bot.fake
    for _ in range(300):
        fake.message(None, chat_id=FLOODER, extra=STICKER)
    fake.message("/today 2026-01-25", chat_id=OTHER)
    await running_bot.eventually(lambda: len(fake.sent(OTHER)) == 1, timeout=10)
    assert len(fake.sent(FLOODER)) < 20  # answered before the flooder's replies were through
    await running_bot.settled(timeout=60)
    assert len(texts(fake, FLOODER)) == 1  # one refusal for the flood (was the burst's ten, then one more)


async def test_edits_and_photos_count_against_the_same_budget(
    running_bot: RunningBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Edits and photos were answered without limit; now they spend the person's budget."""
    fake = running_bot.fake
    clock = tight_budgets(running_bot, monkeypatch, user=Budget(burst=2, per_minute=60))
    photo = {"photo": [{"file_id": "p", "file_unique_id": "pu", "width": 9, "height": 9}]}
    fake.message("hello", chat_id=FLOODER, edited=True)
    fake.message(None, chat_id=FLOODER, extra=photo)
    await running_bot.settled()
    fake.message("/help", chat_id=FLOODER)
    await running_bot.eventually(lambda: len(fake.sent(FLOODER)) == 3)
    await running_bot.settled()
    assert "send it again in 2 s" in texts(fake, FLOODER)[-1]  # the edit and the photo used the budget
    clock.now += 2.01
    fake.message("/help", chat_id=FLOODER)
    await running_bot.eventually(lambda: "/today" in texts(fake, FLOODER)[-1])


async def test_a_groups_chatter_costs_the_group_nothing(
    running_bot: RunningBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Members talking among themselves are not answered, so they must not use up the group's
    budget: a command after fifty plain messages is still answered."""
    fake = running_bot.fake
    tight_budgets(running_bot, monkeypatch, group=Budget(burst=2, per_minute=1))
    for index in range(50):
        fake.message(f"chat {index}", chat_id=GROUP, user_id=1000 + index % 5, chat_type="group")
    await running_bot.settled()
    fake.message("/help", chat_id=GROUP, user_id=1001, chat_type="group")
    await running_bot.eventually(lambda: len(fake.sent(GROUP)) == 1)
    assert "/today" in texts(fake, GROUP)[0]


async def test_a_flood_of_stickers_gets_one_refusal_a_minute_and_commands_still_their_word(
    running_bot: RunningBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: each sticker within the budget got "I answer commands only" (ten of them for 300),
    then "send it again in N s" for a sticker nobody sends again."""
    fake = running_bot.fake
    clock = tight_budgets(running_bot, monkeypatch)
    for _ in range(300):
        fake.message(None, chat_id=FLOODER, extra=STICKER)
    await running_bot.settled(timeout=60)
    assert texts(fake, FLOODER) == [
        "I didn't understand that. Try /today, “hint”, “answer”, “tomorrow”, a date or /help."
    ]
    fake.message("/help", chat_id=FLOODER)  # over budget still: a command is told when to send it again
    await running_bot.eventually(lambda: len(fake.sent(FLOODER)) == 2)
    assert texts(fake, FLOODER)[-1].startswith("Too many at once - please send it again in")
    clock.now += NOTICE_EVERY + 1  # a minute on, and the budget has room: the next sticker is told again
    fake.message(None, chat_id=FLOODER, extra=STICKER)
    await running_bot.eventually(lambda: len(fake.sent(FLOODER)) == 3)
    assert texts(fake, FLOODER)[-1].startswith("I didn't understand that.")


async def test_a_flood_of_inline_queries_spends_its_persons_budget_and_no_one_elses(
    running_bot: RunningBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, an inline query (the Share card) has no chat, so the gate let every one through:
    each one read the store and answered, however many a person sent."""
    fake = running_bot.fake
    tight_budgets(running_bot, monkeypatch, user=Budget(burst=3, per_minute=1))
    flood = [fake.inline_query("cal_20260125", user_id=PRIVATE) for _ in range(12)]
    await running_bot.settled(timeout=30)
    assert sum(map(inline_answered(fake), flood)) == 3  # the burst; the rest unanswered, nothing sent
    other = fake.inline_query("anything else", user_id=PRIVATE + 1)
    await running_bot.eventually(lambda: inline_answered(fake)(other))
    assert sum(map(inline_answered(fake), flood)) == 3


def inline_answered(fake: FakeTelegram) -> Callable[[str], bool]:
    def answered(query_id: str) -> bool:
        try:
            fake.inline_answers(query_id)
        except KeyError:
            return False
        return True

    return answered
