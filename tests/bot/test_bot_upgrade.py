"""A group upgraded to a supergroup keeps working at once, end to end.

Before, the ``migrate_to_chat_id`` / ``migrate_from_chat_id`` service messages were ignored:
until the next daily post failed with Telegram's 400 the supergroup showed "Daily post: off", no
/top and fresh hints, and when that post finally moved the group's settings they overwrote
whatever an admin had set in the supergroup meanwhile. How rows merge is
tests/db/test_chat_moves.py's."""

from __future__ import annotations

from db import chats
from tests.bot.test_bot_dispatch import posts, tick
from tests.support.bot import RunningBot

GROUP, SUPERGROUP = -5, -1005
IN_GROUP = {"chat_id": GROUP, "chat_type": "group"}
IN_SUPERGROUP = {"chat_id": SUPERGROUP, "chat_type": "supergroup"}
ADMIN, MEMBER, OTHER = 7, 70, 71


async def test_the_supergroup_keeps_its_post_settings_progress_and_solves_at_once(
    running_bot: RunningBot,
) -> None:
    bot = running_bot  # 2026-01-25 10:00 UTC
    with bot.sessions.begin() as session:
        chats.subscribe(session=session, chat_id=GROUP, kind="group", post_time="18:00", now=bot.clock())
        chats.set_faceup(session=session, chat_id=GROUP, kind="group", faceup=True)
    (hint,) = await bot.ask("/hint", user_id=MEMBER, **IN_GROUP)
    assert "Hint 1 of 3" in hint.params["caption"]
    await bot.ask("/solved", user_id=MEMBER, **IN_GROUP)
    bot.fake.migrate(GROUP, SUPERGROUP, user_id=ADMIN)
    await bot.settled()
    (stats,) = await bot.ask("/stats", user_id=OTHER, **IN_SUPERGROUP)
    assert "Daily post: every day at 18:00 (UTC)" in stats.params["caption"]
    (top,) = await bot.ask("/top", user_id=OTHER, **IN_SUPERGROUP)
    assert top.params["text"].split("\n")[1:] == ["1. Tester - 1 hint stage"]
    (again,) = await bot.ask("/hint", user_id=MEMBER, **IN_SUPERGROUP)
    assert "Hint 2 of 3" in again.params["caption"]  # the member's hints go on where they were
    with bot.sessions() as session:
        assert chats.get_chat(session=session, chat_id=GROUP) is None
        moved = chats.get_chat(session=session, chat_id=SUPERGROUP)
    assert moved is not None and moved.faceup and moved.kind == "supergroup"


async def test_an_admins_change_in_the_supergroup_is_not_undone_by_the_old_post(
    running_bot: RunningBot,
) -> None:
    """The group's post was due at 11:00; an admin moved it to 21:00 in the supergroup. Before, the
    11:00 post went to the old id, came back as 'upgraded', moved the group's 11:00 over the
    admin's 21:00 and was posted."""
    bot = running_bot  # 2026-01-25 10:00 UTC
    bot.fake.admins.update({(GROUP, ADMIN), (SUPERGROUP, ADMIN)})
    with bot.sessions.begin() as session:
        chats.subscribe(session=session, chat_id=GROUP, kind="group", post_time="11:00", now=bot.clock())
    bot.fake.migrate(GROUP, SUPERGROUP, user_id=ADMIN)
    await bot.settled()
    (subscribed,) = await bot.ask("/subscribe 21:00", user_id=ADMIN, **IN_SUPERGROUP)
    assert "21:00" in subscribed.params["text"]
    bot.clock.advance(hours=1)  # 11:00
    assert (await tick(bot)).sent == 0
    assert posts(bot.fake, GROUP) == posts(bot.fake, SUPERGROUP) == []
    with bot.sessions() as session:
        moved = chats.get_chat(session=session, chat_id=SUPERGROUP)
    assert moved is not None and moved.subscribed and moved.post_time == "21:00"
    bot.clock.advance(hours=10)  # 21:00
    assert (await tick(bot)).sent == 1
    assert len(posts(bot.fake, SUPERGROUP)) == 1


async def test_a_post_to_a_group_upgraded_unseen_still_finds_the_supergroup(running_bot: RunningBot) -> None:
    """The fallback: the service messages never reached the bot (it was down, say); the daily post
    to the old id is refused with the new id, and the chat moves then."""
    bot = running_bot
    with bot.sessions.begin() as session:
        chats.subscribe(session=session, chat_id=GROUP, kind="group", post_time="11:00", now=bot.clock())
    bot.fake.upgraded[GROUP] = SUPERGROUP  # upgraded, with no service message
    bot.clock.advance(hours=1)
    assert (await tick(bot)).sent == 1
    assert len(posts(bot.fake, SUPERGROUP)) == 1
    with bot.sessions() as session:
        assert chats.get_chat(session=session, chat_id=GROUP) is None
        moved = chats.get_chat(session=session, chat_id=SUPERGROUP)
    assert moved is not None and moved.subscribed and moved.post_time == "11:00"
