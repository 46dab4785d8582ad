"""Chats come and go: removed or blocked bots, vanished chats, anonymous group admins."""

from __future__ import annotations

import time
from datetime import UTC, datetime

from db import chats, file_ids
from tests.support.bot import FakeClock, RunningBot
from tests.support.fake_telegram import FakeTelegram, Fault


def subscribed(bot: RunningBot, chat_id: int) -> bool:
    with bot.sessions() as session:
        chat = chats.get_chat(session=session, chat_id=chat_id)
    return chat is not None and chat.subscribed


async def test_removing_or_blocking_the_bot_unsubscribes(running_bot: RunningBot, fake: FakeTelegram) -> None:
    fake.admins.add((-7, 3))
    await running_bot.ask("/subscribe 08:00", chat_id=-7, user_id=3, chat_type="group")
    await running_bot.ask("/subscribe 08:00", chat_id=4)
    assert subscribed(running_bot, -7) and subscribed(running_bot, 4)
    for chat, status in (
        ({"id": -7, "type": "group", "title": "g"}, "left"),
        ({"id": 4, "type": "private"}, "kicked"),
    ):
        fake.push(
            {
                "my_chat_member": {
                    "chat": chat,
                    "from": {"id": 3, "is_bot": False, "first_name": "T"},
                    "date": int(time.time()),
                    "old_chat_member": {
                        "status": "member",
                        "user": {"id": 42, "is_bot": True, "first_name": "Bot"},
                    },
                    "new_chat_member": {
                        "status": status,
                        "user": {"id": 42, "is_bot": True, "first_name": "Bot"},
                        "until_date": 0,
                    },
                }
            }
        )
    await running_bot.eventually(lambda: not subscribed(running_bot, -7) and not subscribed(running_bot, 4))


async def test_a_chat_that_no_longer_exists_is_unsubscribed(
    running_bot: RunningBot, fake: FakeTelegram, clock: FakeClock
) -> None:
    with running_bot.sessions.begin() as session:
        chats.subscribe(
            session=session,
            chat_id=77,
            kind="private",
            post_time="08:00",
            now=datetime(2026, 1, 25, 7, 0, tzinfo=UTC),
        )
    fake.inject(Fault("chat_not_found", "sendPhoto", 77, times=5))
    clock.now = datetime(2026, 1, 25, 8, 1, tzinfo=UTC)
    report = await running_bot.application.bot_data.deps.dispatcher.tick(running_bot.application.bot)
    assert report.failed == 1 and "chat not found" in report.errors[0]
    assert not subscribed(running_bot, 77)


async def test_anonymous_group_admins_may_change_settings(
    running_bot: RunningBot, fake: FakeTelegram
) -> None:
    group = {"id": -9, "type": "supergroup", "title": "Puzzlers"}
    before = len(fake.sent(-9))
    fake.message("/subscribe 07:45", chat_id=-9, chat_type="supergroup", sender_chat=group)
    await running_bot.eventually(lambda: len(fake.sent(-9)) > before)
    assert "Subscribed" in fake.sent(-9)[-1].params["text"]
    assert subscribed(running_bot, -9)
    # Anyone else still needs to be an admin.
    (refused,) = await running_bot.ask("/unsubscribe", chat_id=-9, user_id=55, chat_type="supergroup")
    assert "admin" in refused.params["text"].lower()


async def test_a_chat_that_forbids_photos_does_not_cost_the_file_id(
    running_bot: RunningBot, fake: FakeTelegram
) -> None:
    """Only a refusal of the file itself makes the sender forget its file_id and upload again."""
    await running_bot.ask("/today 2026-03-14", chat_id=1)  # uploads the image, remembers its file_id
    sender = running_bot.application.bot_data.deps.sender
    uploads = sender.uploads
    fake.inject(Fault("no_photos", "sendPhoto", 2, times=1))
    (apology,) = await running_bot.ask("/today 2026-03-14", chat_id=2)
    assert apology.method == "sendMessage"  # the error handler's apology, not a second upload
    with running_bot.sessions() as session:
        assert file_ids.get_file_id(session=session, key="calendar:2026-03-14:stage0") is not None
    fake.inject(Fault("bad_file_id", "sendPhoto", 3, times=1))
    (again,) = await running_bot.ask("/today 2026-03-14", chat_id=3)
    assert again.method == "sendPhoto" and "photo" in again.files and sender.uploads == uploads + 1
