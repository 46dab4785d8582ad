"""Setting a chat up: the first /start's steps, /settings and their presses, on the sample store
(bot.chat_setup, bot.handlers.setup: a press and /start, each its service call then its reply; no
Telegram)."""

from __future__ import annotations

import io
from collections.abc import Iterator

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
from hints.seat import InChat
from render.editions import SHEET_WIDTH, TITLE_SIZE, render_editions
from tests.support.replies import NOW, WEB, asker, labels, open_session


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


def test_a_set_up_chat_is_welcomed_back_and_a_group_gets_its_hello(session: Session) -> None:
    chats.subscribe(session=session, chat_id=72, kind="private", post_time="08:00", now=NOW)
    assert first_start(session, asker(user_id=72)).text.startswith("Hello again!")
    hello = first_start(session, asker(group=True))
    assert hello == group_hello("en") and len(hello.text.splitlines()) <= 3
    assert labels(hello) == ["Post the daily puzzle here"]


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
