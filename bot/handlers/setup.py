"""Handlers that set a chat up: /settings, its buttons and the first /start's, a group's hello.

The words and buttons are :mod:`bot.setup`'s; here they meet Telegram. A press edits its own
message in place; in a group only admins may change anything, and a refusal is a toast.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sqlalchemy.orm import Session
from telegram import ChatMember, Update
from telegram.constants import ChatType

from bot import setup
from bot.callbacks import SetupCallback, decode_callback, encode_setup_callback
from bot.context import BotContext, deps
from bot.handlers import members
from bot.inputs import zone_label
from bot.replies import puzzles, starts
from bot.replies.types import Button, Reply, Web, Who
from bot.respond import respond, stale
from bot.texts import language_for, text
from hints import chat_settings
from hints.chat_settings import ChatSettings

SETUP_PATTERN = r"^v1\|set\|"  # the callback data of bot.callbacks.SetupCallback
ABSENT = (ChatMember.LEFT, ChatMember.BANNED)


async def settings_command(update: Update, context: BotContext) -> None:
    """/settings: the chat's edition, face-up mode, daily post, time zone and language, as buttons."""
    default_tz = deps(context).default_timezone

    def build(session: Session, who: Who) -> Reply:
        settings = chat_settings.settings_of(session, who.chat_id)
        return setup.settings_panel(settings, who, who.timezone or default_tz)

    await respond(update, context, build)


async def setup_button(update: Update, context: BotContext) -> None:
    """A /settings or onboarding button: make the change (admins only in groups), then edit the
    message to what follows."""
    query = update.callback_query
    assert query is not None
    press = decode_callback(query.data)
    if not isinstance(press, SetupCallback):
        await stale(query)
        return
    if not await members.may_change_settings(update, context):
        return
    found = deps(context)
    now, web, default_tz = found.clock(), found.web, found.default_timezone
    # In a group the settings are the chat's, and only admins get this far: any admin's press
    # edits the message (the hello's "Post the daily puzzle here" turns into the settings).
    await respond(
        update,
        context,
        lambda session, who: pressed(session, who, press, now, web, default_tz),
        in_place=True,
        shared=True,
    )


def pressed(
    session: Session, who: Who, press: SetupCallback, now: datetime, web: Web | None, default_tz: str
) -> Reply:
    """Apply a press and build the message that follows it."""
    settings = chat_settings.settings_of(session, who.chat_id)
    shown_zone = setup.suggested_zone(settings, who.language, default_tz)
    who = setup.apply(session, who, press, now, shown_zone)
    settings = chat_settings.settings_of(session, who.chat_id)
    shown_zone = setup.suggested_zone(settings, who.language, default_tz)
    view = setup.next_view(press)
    if not press.onboarding:
        return setup.settings_choice(view, settings, replace(who, timezone=shown_zone), shown_zone)
    if view == "time":
        return setup.onboarding_time(who, shown_zone)
    if view == "zone":
        return setup.onboarding_zone(who)
    return _onboarding_done(session, replace(who, timezone=shown_zone), settings, now, web)


def _onboarding_done(
    session: Session, who: Who, settings: ChatSettings | None, now: datetime, web: Web | None
) -> Reply:
    """The last step: what was set up, then today's puzzle in the chosen edition."""
    day = who.today(now)
    puzzle = puzzles.today(session, who, day, web, now)
    if settings is not None and settings.subscribed:
        intro = text("onboard_done", who.language, time=settings.post_time, zone=zone_label(who.timezone))
    else:
        intro = text("onboard_done_no_post", who.language)
    return replace(puzzle, text=f"{intro}\n\n{puzzle.text}")


def first_start(session: Session, who: Who, now: datetime, web: Web | None) -> Reply:
    """A plain /start: the group's hello in a group; in a private chat not set up yet (no edition,
    no daily post) the onboarding, else a short welcome back."""
    if who.in_group:
        return group_hello(who.language)
    settings = chat_settings.settings_of(session, who.chat_id)
    if settings is None or (settings.edition is None and not settings.subscribed):
        return setup.onboarding(who)
    return starts.welcome(who, who.today(now), web)


def group_hello(language: str) -> Reply:
    """Three lines for a group, and the button that starts its daily post (admins only)."""
    post = Button(text("button_post_here", language), encode_setup_callback(SetupCallback("post", "on")))
    return Reply(text("group_hello", language), buttons=(post,))


async def membership(update: Update, context: BotContext) -> None:
    """Added to a group: say hello there. Removed, or blocked in a private chat: stop the daily post."""
    change = update.my_chat_member
    if change is None:
        return
    old, new = change.old_chat_member.status, change.new_chat_member.status
    if new in ABSENT:
        await members.membership(update, context)
        return
    if change.chat.type == ChatType.PRIVATE or old not in ABSENT:
        return
    language = language_for(None, change.from_user.language_code if change.from_user else None)
    reply = group_hello(language)
    await deps(context).sender.send(context.bot, change.chat.id, reply)
