"""Setting a chat up: the first /start's steps, /settings and their presses, a group's hello.

Most tests call the handlers' service call then their reply on the sample store (bot.chat_setup,
bot.handlers.setup: no Telegram), where what the messages say is checked; the tests of a
``running_bot`` go end to end through the fake Bot API on a copy of the whole catalog: the three
taps of the first /start, /settings editing its own message, ask-backs as buttons."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image
from sqlalchemy.orm import Session

from bot import chat_setup
from bot.callbacks import SetupCallback, decode_callback, encode_setup_callback
from bot.handlers.setup import after_press, greeting, group_hello, pressed, start
from bot.inputs import parse_timezone, zone_label
from bot.replies.types import Reply
from db import chats
from hints.daily import CALENDAR_ID, calendar_editions
from hints.player_actions import InChat
from render.editions import SHEET_WIDTH, TITLE_SIZE, render_editions
from tests.support.bot import RunningBot
from tests.support.fake_telegram import Call
from tests.support.replies import NOW, WEB, asker, labels, open_session

GROUP = -4_004
BOT_USER = {"id": 42, "is_bot": True, "first_name": "Puzzle hints", "username": "puzzle_hint_bot"}


@pytest.fixture
def session(sample_url: str) -> Iterator[Session]:
    with open_session(sample_url) as opened:
        yield opened


def press(session: Session, who: InChat, field: str, value: str, onboarding: bool = False) -> Reply:
    callback = SetupCallback(field, value, onboarding)
    return after_press(pressed(session, who, callback, NOW, "UTC"), callback, WEB)


def first_start(session: Session, who: InChat) -> Reply:
    """A plain /start."""
    return greeting(start(session, who, NOW, None, None), who, NOW, WEB)


def button(call: Call, label: str) -> str:
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")
    return next(b["callback_data"] for row in markup["inline_keyboard"] for b in row if b["text"] == label)


def call_labels(call: Call) -> list[str]:
    markup = json.loads(call.params.get("reply_markup", "{}") or "{}")
    return [b["text"] for row in markup.get("inline_keyboard", []) for b in row]


async def edited(bot: RunningBot, method: str, chat_id: int, count: int) -> Call:
    await bot.eventually(lambda: len(bot.fake.calls_to(method, chat_id)) >= count)
    return bot.fake.calls_to(method, chat_id)[count - 1]


def caption(call: Call) -> str:
    return str(json.loads(call.params["media"])["caption"])


def added_to_group(admin: int) -> dict[str, Any]:
    chat = {"id": GROUP, "type": "supergroup", "title": "Puzzle group"}
    member = {"user": BOT_USER}
    return {
        "my_chat_member": {
            "chat": chat,
            "from": {"id": admin, "is_bot": False, "first_name": "Admin", "language_code": "en"},
            "date": int(time.time()),
            "old_chat_member": {**member, "status": "left"},
            "new_chat_member": {**member, "status": "member"},
        }
    }


# ---------------------------------------------------------------- time zones and the buttons' data


@pytest.mark.parametrize(
    ("name", "label", "japanese"),
    [
        ("Etc/GMT-1", "UTC+1", "UTC+1"),  # IANA inverts the sign: this is an hour east of Greenwich
        ("Etc/GMT+5", "UTC-5", "UTC-5"),
        ("Etc/UTC", "UTC", "UTC"),
        ("Asia/Tokyo", "Tokyo", "東京"),
        ("Europe/Berlin", "Berlin", "ベルリン"),
        ("America/New_York", "New York", "ニューヨーク"),
        ("America/Argentina/Buenos_Aires", "Buenos Aires", "ブエノスアイレス"),
    ],
)
def test_time_zones_read_as_people_write_them(name: str, label: str, japanese: str) -> None:
    assert zone_label(name, "en") == label
    assert zone_label(name, "ja") == japanese
    assert zone_label(parse_timezone(japanese), "ja") == japanese  # what a reply names can be typed back


def test_setup_buttons_round_trip_and_refuse_what_we_did_not_make() -> None:
    for callback in (
        SetupCallback("zone", "America/Argentina/Buenos_Aires", True),
        SetupCallback("time", "21:00"),
        SetupCallback("view", "edition"),
    ):
        data = encode_setup_callback(callback)
        assert len(data.encode()) <= 64 and decode_callback(data) == callback
    for forged in ("v1|set|drop|x", "v1|set|time|", "v1|set|time|09:00|x", "v1|set"):
        assert decode_callback(forged) is None
    for words in ("v1|set|faceup|maybe", "v1|set|post|x", "v1|set|view|nowhere", "v1|set|skip|zone|o"):
        assert decode_callback(words) is None  # a field whose values are the bot's own words


# ---------------------------------------------------------------- the first /start


def test_the_first_start_greets_briefly_and_asks_which_calendar_with_one_picture(session: Session) -> None:
    reply = first_start(session, asker(user_id=71))
    assert len(reply.text) <= 400 and reply.text.endswith(
        "Which calendar do you own? The pieces tell them apart."
    )
    assert reply.photo is not None
    sheet = Image.open(io.BytesIO(reply.photo.draw()))
    assert sheet.width == SHEET_WIDTH and TITLE_SIZE * 400 / SHEET_WIDTH >= 14  # names legible at 400 px
    names = labels(reply)
    assert names[-1] == "Skip" and len(names) == len(calendar_editions()) + 1
    assert max(len(name) for name in names) <= 26  # short enough for a button on a phone


def test_onboarding_in_japanese_suggests_tokyo_and_ends_on_todays_puzzle(session: Session) -> None:
    who = asker(user_id=73, language="ja")
    chose = press(session, who, "edition", CALENDAR_ID, onboarding=True)
    assert "タイムゾーン：東京。" in chose.text and "Tokyo" not in chose.text  # suggested by the language
    assert labels(chose)[:6] == list(chat_setup.POST_TIMES)
    done = press(session, who, "time", "07:00", onboarding=True)
    settings = chats.get_chat(session=session, chat_id=73)
    assert settings is not None and settings.subscribed and settings.post_time == "07:00"
    assert settings.timezone == "Asia/Tokyo"
    assert done.photo is not None and done.photo.key.startswith("calendar")  # today's puzzle, drawn
    assert "07:00" in done.text


def test_onboarding_can_skip_both_questions(session: Session) -> None:
    who = asker(user_id=74)
    assert labels(press(session, who, "skip", "edition", onboarding=True))[0] == chat_setup.POST_TIMES[0]
    done = press(session, who, "skip", "time", onboarding=True)
    settings = chats.get_chat(session=session, chat_id=74)
    assert settings is None or not settings.subscribed
    assert done.text.startswith("All set. /settings starts a daily post any time.")


@pytest.mark.parametrize(
    "answers",
    [
        [("skip", "edition")],  # Skip, then gone: the next /start does not ask again
        [("skip", "edition"), ("skip", "time")],
        [("edition", CALENDAR_ID), ("skip", "time")],  # the default edition and no post: was asked again
    ],
)
def test_a_skipped_or_answered_onboarding_is_not_replayed(
    session: Session, answers: list[tuple[str, str]]
) -> None:
    who = asker(user_id=77)
    assert first_start(session, who).text.startswith("Hello! Every day")
    for field, value in answers:
        press(session, who, field, value, onboarding=True)
    again = first_start(session, who)
    assert again.text.startswith("Hello again!") and again.photo is None
    assert labels(again)[:2] == ["Today's puzzle", "Pentomino challenge"]


async def test_three_taps_set_up_the_edition_and_the_daily_post(running_bot: RunningBot) -> None:
    bot = running_bot
    (first,) = await bot.ask("/start", chat_id=61)
    assert first.method == "sendPhoto" and "Which calendar do you own?" in first.params["caption"]
    bot.fake.press(button(first, "DragonFjord"), chat_id=61, under=first.result)
    step_two = await edited(bot, "editMessageMedia", 61, 1)
    assert "When should I send you the daily puzzle?" in caption(step_two)
    bot.fake.press(button(step_two, "08:00"), chat_id=61, under=first.result)
    done = await edited(bot, "editMessageMedia", 61, 2)
    assert caption(done).startswith("All set: the daily puzzle comes at 08:00 (UTC).")
    assert "Hint 1 of 3" in call_labels(done)  # today's puzzle, in the same message
    assert len(bot.fake.sent(61)) == 1  # three taps, one message
    with bot.sessions() as session:
        settings = chats.get_chat(session=session, chat_id=61)
    assert settings is not None and settings.subscribed and settings.post_time == "08:00"


async def test_an_unknown_start_payload_greets_like_a_plain_start(running_bot: RunningBot) -> None:
    (reply,) = await running_bot.ask("/start hello", chat_id=62)
    assert reply.method == "sendPhoto" and "Which calendar do you own?" in reply.params["caption"]


async def test_a_zone_typed_during_the_onboarding_goes_on_to_the_post_time(running_bot: RunningBot) -> None:
    """Before, "/timezone Berlin" answered "Time zone set to Berlin." and the onboarding stopped
    there; plain "Berlin" got "I answer commands only"."""
    bot = running_bot
    for chat_id, typed in ((63, "Berlin"), (64, "/timezone Berlin")):
        (first,) = await bot.ask("/start", chat_id=chat_id)
        bot.fake.press(button(first, "DragonFjord"), chat_id=chat_id, under=first.result)
        step_two = await edited(bot, "editMessageMedia", chat_id, 1)
        bot.fake.press(button(step_two, "Time zone: UTC (change)"), chat_id=chat_id, under=first.result)
        await edited(bot, "editMessageMedia", chat_id, 2)
        (going_on,) = await bot.ask(typed, chat_id=chat_id)
        assert going_on.params["caption"].startswith("Time zone set to Berlin.\n\nDragonFjord it is.")
        bot.fake.press(button(going_on, "08:00"), chat_id=chat_id, under=going_on.result)
        done = await edited(bot, "editMessageMedia", chat_id, 3)
        assert caption(done).startswith("All set: the daily puzzle comes at 08:00 (Berlin).")
    (outside,) = await bot.ask("Berlin", chat_id=63)  # set up now: a city is no setting
    assert outside.params["text"].startswith("I didn't understand that.")


# ---------------------------------------------------------------- /settings


def test_settings_show_everything_and_each_press_changes_one_thing(session: Session) -> None:
    who = asker(user_id=75)
    panel = chat_setup.settings_panel(None, who, "UTC")
    assert panel.text.splitlines() == [
        "Settings of this chat:",
        "Calendar: DragonFjord",
        "Face up only: off",
        "Daily puzzle: off",
        "Time zone: UTC",
        "Language: English",
    ]
    assert press(session, who, "view", "time").columns == 3
    after_time = press(session, who, "time", "21:00")
    assert "Daily puzzle: every day at 21:00 (UTC)" in after_time.text
    after_zone = press(session, who, "zone", "Europe/Berlin")
    assert "Time zone: Berlin" in after_zone.text
    japanese = press(session, who, "lang", "ja")
    assert japanese.text.splitlines()[0] != "Settings of this chat:"  # the panel speaks Japanese now
    assert chats.get_chat(session=session, chat_id=75).language == "ja"  # type: ignore[union-attr]
    off = press(session, who, "post", "off")
    assert chats.get_chat(session=session, chat_id=75).subscribed is False  # type: ignore[union-attr]
    assert "Daily puzzle: off" in off.text


def test_an_edition_chosen_in_settings_is_ticked(session: Session) -> None:
    who = asker(user_id=76)
    chosen = press(session, who, "edition", "calendar-weekday")
    assert "Calendar: Weekday, Sunday first" in chosen.text
    editions = press(session, who, "view", "edition")
    assert "✓ DragonFjord" in labels(editions)  # the asker here is still built with the default edition
    assert chats.get_chat(session=session, chat_id=76).edition == "calendar-weekday"  # type: ignore[union-attr]


async def test_settings_edit_their_own_message_in_the_new_language(running_bot: RunningBot) -> None:
    bot = running_bot
    (panel,) = await bot.ask("/settings", chat_id=63)
    assert panel.params["text"].startswith("Settings of this chat:")
    bot.fake.press(button(panel, "日本語"), chat_id=63, under=panel.result)
    japanese = await edited(bot, "editMessageText", 63, 1)
    assert japanese.params["text"].startswith("このチャットの設定")
    assert len(bot.fake.sent(63)) == 1


async def test_an_ambiguous_time_is_answered_with_a_button(running_bot: RunningBot) -> None:
    bot = running_bot
    (question,) = await bot.ask("/subscribe 9", chat_id=64)
    assert call_labels(question) == ["09:00", "21:00"]
    bot.fake.press(button(question, "21:00"), chat_id=64, under=question.result)
    await edited(bot, "editMessageText", 64, 1)
    with bot.sessions() as session:
        settings = chats.get_chat(session=session, chat_id=64)
    assert settings is not None and settings.subscribed and settings.post_time == "21:00"


async def test_settings_for_a_member_who_is_no_admin_are_words_only(running_bot: RunningBot) -> None:
    """Before, a member got the admins' menu: buttons that looked live and each answered a toast."""
    bot = running_bot
    (member,) = await bot.ask("/settings", chat_id=GROUP, user_id=31, chat_type="group")
    assert call_labels(member) == []
    assert member.params["text"].splitlines()[1:] == [
        "Calendar: DragonFjord",
        "Face up only: off",
        "Daily puzzle: off",
        "Time zone: UTC",
        "Language: English",
        "Only the group's admins can change these.",
    ]
    bot.fake.admins.add((GROUP, 32))
    (admin,) = await bot.ask("/settings", chat_id=GROUP, user_id=32, chat_type="group")
    assert "Calendar" in call_labels(admin)


# ---------------------------------------------------------------- a set-up chat and a group's hello


def test_a_set_up_chat_is_welcomed_back_and_a_group_gets_its_hello(session: Session) -> None:
    chats.subscribe(session=session, chat_id=72, kind="private", post_time="08:00", now=NOW)
    assert first_start(session, asker(user_id=72)).text.startswith("Hello again!")
    hello = first_start(session, asker(group=True))
    assert hello == group_hello("en") and len(hello.text.splitlines()) <= 3
    assert labels(hello) == ["Post the daily puzzle here"]


async def test_a_group_hears_hello_once_and_only_admins_start_its_post(running_bot: RunningBot) -> None:
    bot = running_bot
    bot.fake.admins.add((GROUP, 7))
    bot.fake.push(added_to_group(admin=7))
    await bot.eventually(lambda: len(bot.fake.sent(GROUP)) == 1)
    (hello,) = bot.fake.sent(GROUP)
    assert len(hello.params["text"].splitlines()) <= 3
    bot.fake.press(
        button(hello, "Post the daily puzzle here"), chat_id=GROUP, user_id=8, chat_type="supergroup"
    )
    await bot.settled()
    toasts = [c.params.get("text") for c in bot.fake.calls_to("answerCallbackQuery")]
    assert toasts[-1] == "Only the group's admins can change its settings."
    assert len(bot.fake.sent(GROUP)) == 1  # a refusal is a toast, never a group message
    bot.fake.press(
        button(hello, "Post the daily puzzle here"),
        chat_id=GROUP,
        user_id=7,
        chat_type="supergroup",
        under=hello.result,
    )
    await bot.eventually(lambda: len(bot.fake.calls_to("editMessageText", GROUP)) == 1)
    (edited,) = bot.fake.calls_to("editMessageText", GROUP)
    assert int(edited.params["message_id"]) == hello.result["message_id"]  # the hello became the settings
    assert len(bot.fake.sent(GROUP)) == 1 and "Daily puzzle: every day at 08:00" in edited.params["text"]
    with bot.sessions() as session:
        settings = chats.get_chat(session=session, chat_id=GROUP)
    assert settings is not None and settings.subscribed
    (start,) = await bot.ask("/start", chat_id=GROUP, user_id=9, chat_type="supergroup")
    assert "Post the daily puzzle here" in call_labels(start)  # the group's hello, not the private greeting


# ---------------------------------------------------------------- the editions picture


def test_the_editions_picture_tells_the_twins_apart() -> None:
    """DragonFjord's and JarringWords' boards are the same; their tiles must still differ (Z vs T)."""
    puzzles = {p.id: p for p in calendar_editions()}
    one = Image.open(io.BytesIO(render_editions([(puzzles["calendar-dragonfjord"], "X")])))
    two = Image.open(io.BytesIO(render_editions([(puzzles["calendar-jarringwords"], "X")])))
    assert one.size == two.size and one.tobytes() != two.tobytes()


def test_the_editions_picture_labels_the_cells_so_the_weekday_editions_differ() -> None:
    """The two weekday editions have the same board and pieces; before, their tiles were the same
    but for the name. Their boards print the weekdays from Sunday or from Monday, in the sheet's
    language."""
    puzzles = {p.id: p for p in calendar_editions()}
    for language in ("en", "ja"):
        sunday, monday = (
            render_editions([(puzzles[edition], "X")], language)
            for edition in ("calendar-weekday", "calendar-weekday-monday")
        )
        assert sunday != monday
    assert render_editions([(puzzles[CALENDAR_ID], "X")], "en") != render_editions(
        [(puzzles[CALENDAR_ID], "X")], "ja"
    )  # "Jan" and "1月"
