"""The real bot against the fake Bot API: commands, hints, buttons, groups, settings."""

from __future__ import annotations

import json
import logging

import pytest
from sqlalchemy import select

from db import chats
from db.models import ChatRow
from tests.support.bot import TOKEN, RunningBot

PNG = b"\x89PNG\r\n\x1a\n"


def buttons(call: object) -> list[tuple[str, str]]:
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")  # type: ignore[attr-defined]
    return [(b["text"], b["callback_data"]) for row in markup.get("inline_keyboard", []) for b in row]


async def test_start_registers_commands_and_help_names_the_everyday_ones(running_bot: RunningBot) -> None:
    assert running_bot.fake.calls_to("setMyCommands")
    (reply,) = await running_bot.ask("/help")
    assert all(command in reply.params["text"] for command in ("/today", "/hint", "/solved"))


async def test_today_uploads_a_png_once_then_sends_its_file_id(running_bot: RunningBot) -> None:
    """What the puzzle shows (count, difficulty, buttons) is test_replies.py's; here, how it is sent."""
    (first,) = await running_bot.ask("/today 2026-03-14", chat_id=1)
    (second,) = await running_bot.ask("/today 2026-03-14", chat_id=2)
    assert first.method == "sendPhoto" and first.files["photo"].startswith(PNG)
    assert first.params["caption"].startswith("2026-03-14")
    assert "has_spoiler" not in first.params  # the puzzle itself is no spoiler
    assert second.files == {} and second.params["photo"].startswith("photo-")


async def test_buttons_work_and_forged_buttons_are_refused(running_bot: RunningBot) -> None:
    (today,) = await running_bot.ask("/today 2026-01-25")
    hint_data = dict((label, data) for label, data in buttons(today))["Hint 1 of 3"]
    before = len(running_bot.fake.sent(1))
    running_bot.fake.press(hint_data)
    await running_bot.eventually(lambda: len(running_bot.fake.sent(1)) > before)
    assert running_bot.fake.calls_to("answerCallbackQuery")
    assert running_bot.fake.sent(1)[-1].params["caption"].startswith("Hint 1 of 3")
    challenge = dict(buttons(today))["Pentomino challenge"]
    before = len(running_bot.fake.sent(1))
    running_bot.fake.press(challenge)
    await running_bot.eventually(lambda: len(running_bot.fake.sent(1)) > before)
    assert "Pentomino challenge 2026-01-25" in running_bot.fake.sent(1)[-1].params["caption"]
    answered = len(running_bot.fake.calls_to("answerCallbackQuery"))
    for forged in (
        "v1|hint|calendar|2026-02-30",
        "v1|hint|calendar|2026-01-25|9",
        "v0|hint|calendar|2026-01-25",
        "nonsense",
    ):
        running_bot.fake.press(forged)
    await running_bot.eventually(
        lambda: len(running_bot.fake.calls_to("answerCallbackQuery")) >= answered + 4
    )
    texts = [c.params.get("text", "") for c in running_bot.fake.calls_to("answerCallbackQuery")[answered:]]
    assert all("no longer valid" in t for t in texts), texts


async def test_group_hints_answers_and_other_solutions_are_named_spoilers(running_bot: RunningBot) -> None:
    """Which replies are spoilers is test_replies.py's; here the asker's name goes in front and the
    picture goes as a spoiler (the fake's users are all "Tester")."""
    group = {"chat_id": -1001, "chat_type": "supergroup"}
    (hint,) = await running_bot.ask("/hint", user_id=10, **group)
    (answer,) = await running_bot.ask("/solution", user_id=11, **group)
    (other,) = await running_bot.ask("/another", user_id=11, **group)
    assert hint.params["caption"].startswith("Tester: Hint 1 of 3")
    assert answer.params["caption"].startswith("Tester: The full answer (2026-01-25)")
    assert other.method == "sendPhoto" and other.params["caption"].startswith("Tester: Solution ")
    assert all(c.params.get("has_spoiler") == "true" for c in (hint, answer, other))


async def test_only_admins_change_group_settings(running_bot: RunningBot) -> None:
    group = -1002
    (refused,) = await running_bot.ask("/subscribe 09:00", chat_id=group, user_id=20, chat_type="group")
    assert "Only the group's admins" in refused.params["text"]
    with running_bot.sessions() as session:
        assert chats.get_chat(session=session, chat_id=group) is None
    running_bot.fake.admins.add((group, 21))
    (accepted,) = await running_bot.ask("/subscribe 09:00", chat_id=group, user_id=21, chat_type="group")
    assert "09:00" in accepted.params["text"]
    for command in ("/timezone Asia/Tokyo", "/language ja", "/unsubscribe"):
        (reply,) = await running_bot.ask(command, chat_id=group, user_id=20, chat_type="group")
        assert "Only the group's admins" in reply.params["text"] or "管理者" in reply.params["text"]
    with running_bot.sessions() as session:
        chat = chats.get_chat(session=session, chat_id=group)
    assert chat is not None and chat.subscribed and chat.timezone is None and chat.language is None


async def test_settings_language_timezone_stats_and_pentomino(running_bot: RunningBot) -> None:
    (tz,) = await running_bot.ask("/timezone")
    assert "UTC" in tz.params["text"]
    (tz_set,) = await running_bot.ask("/timezone Asia/Tokyo")
    assert "Tokyo" in tz_set.params["text"]
    (subscribed,) = await running_bot.ask("/subscribe 7:05")
    assert "07:05 (Tokyo)" in subscribed.params["text"]
    (stats,) = await running_bot.ask("/stats")
    assert stats.method == "sendPhoto" and stats.params["caption"].startswith("Your streak: 0 days")
    assert "every day at 07:05" in stats.params["caption"]
    (year,) = await running_bot.ask("/heatmap")
    assert year.method == "sendPhoto" and "fewest 10-06 (7)" in year.params["caption"]
    (ja,) = await running_bot.ask("/language ja")
    assert "日本語" in ja.params["text"]
    (today,) = await running_bot.ask("/today 2026-01-25")
    assert "解は216通り" in today.params["caption"]
    (challenge,) = await running_bot.ask("/pentomino")
    assert challenge.method == "sendPhoto" and "ペントミノ" in challenge.params["caption"]
    (stopped,) = await running_bot.ask("/unsubscribe")
    assert "停止" in stopped.params["text"]


async def test_user_language_is_the_default(running_bot: RunningBot) -> None:
    (reply,) = await running_bot.ask("/start", chat_id=5, language="ja")
    assert reply.method == "sendPhoto" and "こんにちは" in reply.params["caption"]  # the onboarding


BAD_INPUT = (
    ("/subscribe 25:00", "like 07:30"),  # refused inside the unit of work, which rolls back
    ("/language xx", "I speak en (English) and ja"),
    ("/frobnicate", "I don't know that command"),
    ("hello there", "I didn't understand that"),
    ("x" * 3000, "too long"),
)


def chats_set(bot: RunningBot) -> list[int]:
    """The chats with a setting stored (a private chat's row that keeps only its user's Telegram
    language, remembered on first contact, has none)."""
    with bot.sessions() as session:
        rows = session.scalars(select(ChatRow))
        return [c.id for c in rows if c.language or c.timezone or c.edition or c.faceup or c.subscribed]


async def test_bad_input_gets_a_short_reply_and_changes_nothing(running_bot: RunningBot) -> None:
    """How each unreadable argument is answered is test_replies_habits.py's; here, that the
    answer is sent, short, and nothing is stored."""
    for chat_id, (message, expected) in enumerate(BAD_INPUT, start=1):  # a chat each: no pacing
        (reply,) = await running_bot.ask(message, chat_id=chat_id)
        assert expected in reply.params["text"] and len(reply.params["text"]) < 300, message[:20]
    assert chats_set(running_bot) == []


async def test_stickers_edits_and_other_bots_commands(running_bot: RunningBot) -> None:
    (sticker,) = await running_bot.ask(
        None,
        extra={
            "sticker": {
                "file_id": "s",
                "file_unique_id": "s",
                "width": 1,
                "height": 1,
                "is_animated": False,
                "is_video": False,
                "type": "regular",
            }
        },
    )
    assert "I didn't understand that" in sticker.params["text"]
    (edited,) = await running_bot.ask("/subscribe 09:00", edited=True)
    assert "edited messages" in edited.params["text"]
    before = len(running_bot.fake.sent(1))
    running_bot.fake.message("/hint@otherbot")
    running_bot.fake.message("/frobnicate@otherbot")
    await running_bot.ask("/help")  # a marker: everything before it has been handled
    assert len(running_bot.fake.sent(1)) == before + 1
    (ours,) = await running_bot.ask("/today@puzzle_hint_bot 2026-01-25")
    assert ours.method == "sendPhoto"
    assert chats_set(running_bot) == []


async def test_an_unexpected_error_is_logged_and_apologised_for(
    running_bot: RunningBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from bot.replies import stats

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("kaboom in a handler")

    monkeypatch.setattr(stats, "personal_stats", broken)
    (apology,) = await running_bot.ask("/stats")
    assert "Sorry, something went wrong" in apology.params["text"]
    assert any(
        "kaboom in a handler" in r.getMessage() and "Traceback" in r.getMessage() for r in caplog.records
    )
    (still_alive,) = await running_bot.ask("/help")
    assert "/today" in still_alive.params["text"]


async def test_debug_logs_of_every_library_show_no_token(
    running_bot: RunningBot, caplog: pytest.LogCaptureFixture
) -> None:
    """httpx logs each request's URL, and the Bot API URL carries the token: at DEBUG (or INFO)
    that line reached the logs. Now every record is redacted when it is created."""
    for name in ("httpx", "httpcore", "telegram", "apscheduler", "sqlalchemy.engine"):
        logging.getLogger(name).setLevel(logging.DEBUG)
    try:
        await running_bot.ask("/today 2026-01-25")
    finally:
        for name in ("httpx", "httpcore"):
            logging.getLogger(name).setLevel(logging.WARNING)
    request_lines = [r.getMessage() for r in caplog.records if r.name == "httpx"]
    assert any("/bot[token]/" in line for line in request_lines), request_lines[:3]
    assert not any(TOKEN.split(":", 1)[1] in r.getMessage() for r in caplog.records)


async def test_friendly_forms_of_zones_times_and_dates(running_bot: RunningBot) -> None:
    """Cities, offsets, 12-hour times and relative or named dates are understood end to end."""
    (zone,) = await running_bot.ask("/timezone new york", chat_id=61)
    assert "New York" in zone.params["text"]
    (offset,) = await running_bot.ask("/timezone UTC+9", chat_id=61)
    assert "UTC+9" in offset.params["text"]  # the zone chosen is said back as people write it
    (time,) = await running_bot.ask("/subscribe 7:30pm", chat_id=61)
    assert "19:30" in time.params["text"]
    (tomorrow,) = await running_bot.ask("/today tomorrow", chat_id=62)  # the clock says 2026-01-25
    assert tomorrow.params["caption"].startswith("2026-01-26")
    (named,) = await running_bot.ask("/today 25 Jan", chat_id=62)
    assert named.params["caption"].startswith("2026-01-25")
