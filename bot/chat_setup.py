"""Setting a chat up: the first /start's three steps, /settings, and a group's first hello.

Everything here is one message that edits itself in place as buttons are pressed:

- **Onboarding** (a private chat's first plain /start): a short greeting with a picture of every
  edition's board and pieces and one button each ("Which calendar do you own?"), then "When
  should I send the daily puzzle?" with a few times and the time zone suggested from the
  person's language (changeable), then today's puzzle. Every step has a Skip.
- **/settings**: the chat's edition, face-up mode, daily post (on/off, time), time zone and
  language, each a button; choosing edits the same message.

A press is a :class:`bot.callbacks.SetupCallback`; :func:`apply` makes the change in the store and
:func:`view` draws the message that follows. Nothing here commits or talks to Telegram.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from bot.callbacks import SetupCallback, encode_setup_callback
from bot.edition_names import edition_name
from bot.inputs import zone_label
from bot.replies.editions import editions_photo
from bot.replies.types import Button, Reply
from bot.texts import text
from hints import chat_settings
from hints.chat_settings import DEFAULT_POST_TIME, ChatSettings
from hints.daily import calendar_editions, edition_of
from hints.player_actions import InChat

POST_TIMES = ("07:00", "08:00", "09:00", "12:00", "18:00", "21:00")
ZONE_CHOICES = (
    "UTC",
    "Europe/London",
    "Europe/Berlin",
    "America/New_York",
    "America/Chicago",
    "America/Los_Angeles",
    "Asia/Tokyo",
    "Australia/Sydney",
)
LANGUAGE_ZONES = {"ja": "Asia/Tokyo"}  # a language spoken in one time zone suggests it
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


def suggested_zone(settings: ChatSettings | None, language: str, default: str) -> str:
    """The chat's zone if it set one, else the zone its language suggests, else ``default``."""
    if settings is not None and settings.timezone:
        return settings.timezone
    return LANGUAGE_ZONES.get(language, default)


def _press(field: str, value: str, onboarding: bool = False) -> str:
    return encode_setup_callback(SetupCallback(field, value, onboarding))


def _edition_buttons(who: InChat, onboarding: bool) -> tuple[Button, ...]:
    return tuple(
        Button(
            ("✓ " if p.id == who.player.variant.edition and not onboarding else "")
            + edition_name(p, who.language),
            _press("edition", p.id, onboarding),
        )
        for p in calendar_editions()
    )


# ---------------------------------------------------------------- onboarding


def onboarding(who: InChat) -> Reply:
    """Step 1: the greeting and "Which calendar do you own?" under the editions' picture."""
    words = f"{text('onboard_greeting', who.language)}\n\n{text('onboard_edition', who.language)}"
    buttons = (
        *_edition_buttons(who, True),
        Button(text("button_skip", who.language), _press("skip", "edition", True)),
    )
    return Reply(words, editions_photo(who.language), buttons, columns=2)


def onboarding_time(who: InChat, zone: str) -> Reply:
    """Step 2: "When should I send the daily puzzle?", a few times, the zone (changeable), no post."""
    language = who.language
    words = text(
        "onboard_time",
        language,
        edition=edition_name(edition_of(who.player.variant.edition), language),
        zone=zone_label(zone, language),
    )
    buttons = (
        *(Button(time, _press("time", time, True)) for time in POST_TIMES),
        Button(
            text("button_change_zone", language, zone=zone_label(zone, language)),
            _press("view", "zone", True),
        ),
        Button(text("button_no_post", language), _press("skip", "time", True)),
    )
    return Reply(words, editions_photo(language), buttons, columns=3)


def onboarding_zone(who: InChat) -> Reply:
    """Step 2b: which time zone (typed ones work too)."""
    buttons = (
        *_zone_buttons(who, True),
        Button(text("button_back", who.language), _press("view", "time", True)),
    )
    return Reply(text("pick_zone", who.language), editions_photo(who.language), buttons, columns=2)


# ---------------------------------------------------------------- /settings


def _state(on: bool, language: str) -> str:
    return text("state_on" if on else "state_off", language)


def settings_text(settings: ChatSettings | None, who: InChat, zone: str) -> str:
    """The chat's settings, one per line."""
    language = who.language
    subscribed = settings is not None and settings.subscribed
    post = (
        text("status_on", language, time=settings.post_time, tz=zone_label(zone, language))
        if settings is not None and subscribed
        else _state(False, language)
    )
    lines = [
        text("settings_heading", language),
        text(
            "settings_edition",
            language,
            edition=edition_name(edition_of(who.player.variant.edition), language),
        ),
        text("settings_faceup", language, state=_state(who.player.variant.faceup, language)),
        text("settings_post", language, state=post),
        text("settings_zone", language, zone=zone_label(zone, language)),
        text("settings_language", language, name=LANGUAGE_NAMES.get(language, language)),
    ]
    return "\n".join(lines)


def settings_panel(settings: ChatSettings | None, who: InChat, zone: str) -> Reply:
    """/settings: what the chat has, and a button for each thing to change."""
    language = who.language
    subscribed = settings is not None and settings.subscribed
    post_time = settings.post_time if settings is not None else DEFAULT_POST_TIME
    other = "ja" if language == "en" else "en"
    buttons = (
        Button(text("button_set_edition", language), _press("view", "edition")),
        Button(
            text("button_set_faceup", language, state=_state(not who.player.variant.faceup, language)),
            _press("faceup", "off" if who.player.variant.faceup else "on"),
        ),
        Button(
            text("button_set_post", language, state=_state(not subscribed, language)),
            _press("post", "off" if subscribed else "on"),
        ),
        Button(text("button_set_time", language, time=post_time), _press("view", "time")),
        Button(text("button_set_zone", language), _press("view", "zone")),
        Button(LANGUAGE_NAMES[other], _press("lang", other)),
    )
    return Reply(settings_text(settings, who, zone), buttons=buttons, columns=2)


def language_choice(language: str) -> Reply:
    """/language without a language: the two it may be, a button each (a press sets it, as in
    /settings)."""
    buttons = tuple(Button(name, _press("lang", code)) for code, name in LANGUAGE_NAMES.items())
    return Reply(text("bad_language", language), buttons=buttons, columns=2)


def settings_read_only(settings: ChatSettings | None, who: InChat, zone: str) -> Reply:
    """/settings to a group's member who is no admin: what the group has, in words, and who may
    change it; no buttons."""
    return Reply(f"{settings_text(settings, who, zone)}\n{text('settings_admins_change', who.language)}")


def _zone_buttons(who: InChat, onboarding: bool) -> tuple[Button, ...]:
    return tuple(
        Button(zone_label(zone, who.language), _press("zone", zone, onboarding)) for zone in ZONE_CHOICES
    )


def settings_choice(view: str, settings: ChatSettings | None, who: InChat, zone: str) -> Reply:
    """A sub-menu of /settings (edition, time, zone), with Back."""
    language = who.language
    back = Button(text("button_back", language), _press("view", "main"))
    if view == "edition":
        return Reply(
            text("onboard_edition", language), buttons=(*_edition_buttons(who, False), back), columns=2
        )
    if view == "time":
        times = tuple(Button(time, _press("time", time)) for time in POST_TIMES)
        words = text("pick_time", language, zone=zone_label(zone, language))
        return Reply(words, buttons=(*times, back), columns=3)
    if view == "zone":
        return Reply(text("pick_zone", language), buttons=(*_zone_buttons(who, False), back), columns=2)
    return settings_panel(settings, who, zone)


# ---------------------------------------------------------------- a press


def apply(session: Session, who: InChat, press: SetupCallback, now: datetime, zone: str) -> InChat:
    """Make the change a press asks for (views change nothing); the asker as they are after it.
    ``zone``: the chat's time zone as shown (a post set up in onboarding keeps it).

    A value the chat cannot hold (a forged button's) raises InvalidSetting before anything is
    written; the unit of work answers it in words."""
    kind, chat_id = who.chat.kind, who.chat.id
    if press.field == "edition":
        puzzle = chat_settings.set_edition(session, chat_id, kind, press.value)
        return who.choosing(variant=who.player.variant._replace(edition=puzzle.id))
    if press.field == "faceup":
        chat_settings.set_faceup(session, chat_id, kind, press.value == "on")
        return who.choosing(variant=who.player.variant._replace(faceup=press.value == "on"))
    if press.field == "zone":
        chat_settings.set_timezone(session, chat_id, kind, press.value, now)
        return who.choosing(timezone=press.value)
    if press.field == "lang":
        chat_settings.set_language(session, chat_id, kind, press.value)
        return who.choosing(language=press.value)
    if press.field == "time" or (press.field == "post" and press.value == "on"):
        settings = chat_settings.settings_of(session, chat_id)
        post_time = (
            press.value if press.field == "time" else (settings.post_time if settings else DEFAULT_POST_TIME)
        )
        chat_settings.subscribe(session, chat_id, kind, post_time, now)  # checks the time before any write
        if press.onboarding and (settings is None or not settings.timezone):
            chat_settings.set_timezone(session, chat_id, kind, zone, now)
        return who
    if press.field == "post":
        chat_settings.unsubscribe(session, chat_id)
    elif press.field == "skip":  # remembered, so that the next /start does not ask again
        skip = chat_settings.keep_edition if press.value == "edition" else chat_settings.decline_post
        skip(session, chat_id, kind)
    return who


def next_view(press: SetupCallback) -> str:
    """What the message shows after a press: the onboarding's next step, or a /settings view."""
    if press.onboarding:
        if press.field in ("edition", "zone") or (press.field, press.value) in (
            ("skip", "edition"),
            ("view", "time"),
        ):
            return "time"
        if press.field == "view":
            return press.value
        return "done"
    return press.value if press.field == "view" else "main"
