"""What a new user and a busy group meet first: the bot's profile, a short /start with buttons,
threaded replies that name the asker, "Hints in private", silence for unknown commands in groups,
and a "sending photo" action while an image is drawn for the first time."""

from __future__ import annotations

import json

from tests.support.bot import RunningBot, press

GROUP = -1_007


def keyboard(call: object) -> list[dict[str, str]]:
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")  # type: ignore[attr-defined]
    return [b for row in markup.get("inline_keyboard", []) for b in row]


async def test_start_up_sets_the_profile_and_the_menu_in_both_languages(running_bot: RunningBot) -> None:
    fake = running_bot.fake
    for method in ("setMyDescription", "setMyShortDescription", "setMyCommands"):
        calls = fake.calls_to(method)
        assert {c.params.get("language_code") for c in calls} == {None, "ja"}, method
    (english,) = [c for c in fake.calls_to("setMyDescription") if "language_code" not in c.params]
    assert "web board" in english.params["description"] and len(english.params["description"]) <= 512
    for short in fake.calls_to("setMyShortDescription"):
        assert 0 < len(short.params["short_description"]) <= 120


async def test_the_start_buttons_open_the_puzzle(running_bot: RunningBot) -> None:
    """What /start says and offers is test_replies.py's (and /help's list test_bot_commands.py's);
    here its first button, pressed, brings today's puzzle."""
    await running_bot.ask("/subscribe")  # a chat set up already: /start welcomes it back
    (greeting,) = await running_bot.ask("/start")
    today_button = keyboard(greeting)[0]
    assert today_button["text"] == "Today's puzzle"
    puzzle = await press(running_bot, today_button["callback_data"], 1)
    assert puzzle.method == "sendPhoto"  # type: ignore[attr-defined]
    assert puzzle.params["caption"].startswith("2026-01-25")  # type: ignore[attr-defined]


async def test_group_replies_answer_the_asker_by_name_and_offer_hints_in_private(
    running_bot: RunningBot,
) -> None:
    fake = running_bot.fake
    asked = fake.build_message("/today 2026-01-25", chat_id=GROUP, user_id=70, chat_type="supergroup")
    fake.push(asked)
    await running_bot.eventually(lambda: len(fake.sent(GROUP)) == 1)
    (reply,) = fake.sent(GROUP)
    quoted = json.loads(reply.params["reply_parameters"])
    assert quoted == {"message_id": asked["message"]["message_id"], "allow_sending_without_reply": True}
    assert reply.params["caption"].startswith("Tester: 2026-01-25")
    private = [b for b in keyboard(reply) if b["text"] == "Hints in private"]
    link = "https://t.me/puzzle_hint_bot?start=cal_20260125_g1007"  # the day's puzzle, and the group
    assert private == [{"text": "Hints in private", "url": link}]
    (opened,) = await running_bot.ask("/start cal_20260125", chat_id=70)  # a link made before still works
    assert opened.method == "sendPhoto" and opened.params["caption"].startswith("2026-01-25")
    assert "reply_parameters" not in opened.params


async def test_unknown_commands_and_chatter_are_ignored_in_groups(running_bot: RunningBot) -> None:
    fake = running_bot.fake
    fake.message("/frobnicate", chat_id=GROUP, user_id=71, chat_type="group")
    fake.message("hello everyone", chat_id=GROUP, user_id=71, chat_type="group")
    await running_bot.ask("/help", chat_id=GROUP, user_id=71, chat_type="group")  # a marker after both
    assert len(fake.sent(GROUP)) == 1
    (private,) = await running_bot.ask("/frobnicate", chat_id=71)
    assert "/help" in private.params["text"]


async def test_a_first_upload_shows_sending_photo(running_bot: RunningBot) -> None:
    fake = running_bot.fake
    await running_bot.ask("/today 2026-03-03", chat_id=72)
    actions = fake.calls_to("sendChatAction", 72)
    assert [a.params["action"] for a in actions] == ["upload_photo"]
    await running_bot.ask("/today 2026-03-03", chat_id=73)  # the file id is known now: no drawing
    assert fake.calls_to("sendChatAction", 73) == []


async def test_japanese_chats_get_japanese_images(running_bot: RunningBot) -> None:
    """Same puzzle, two languages: two different pictures (words drawn in each language), each
    uploaded once and its file id kept apart from the other language's."""
    (english,) = await running_bot.ask("/today 2026-01-25", chat_id=21, language="en")
    (japanese,) = await running_bot.ask("/today 2026-01-25", chat_id=22, language="ja")
    assert "photo" in english.files and "photo" in japanese.files  # both uploaded as bytes
    assert english.files["photo"] != japanese.files["photo"]
    assert "解は216通り" in japanese.params["caption"] and "216 solutions" in english.params["caption"]
    (again,) = await running_bot.ask("/today 2026-01-25", chat_id=23, language="ja")
    assert "photo" not in again.files  # the Japanese picture's file id is reused
    assert again.params["photo"] == japanese.result["photo"][-1]["file_id"]
