"""Handlers that set a chat up: /settings, its buttons and the first /start's, a group's hello.

The words and buttons are :mod:`bot.chat_setup`'s; here they meet Telegram. A press edits its own
message in place; in a group only admins may change anything, and a refusal is a toast.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy.orm import Session
from telegram import ChatMember, Update
from telegram.constants import ChatType

from bot import chat_setup
from bot.callbacks import SetupCallback, decode_callback, encode_setup_callback
from bot.context import BotContext, deps
from bot.handlers import members
from bot.inputs import zone_label
from bot.replies import boards, puzzles, starts
from bot.replies.types import Button, Reply, Web
from bot.respond import respond, stale
from bot.texts import language_for, text
from hints import chat_settings, player_actions
from hints.chat_settings import ChatSettings, OnboardingStep
from hints.daily import PuzzleKind
from hints.player_actions import InChat

SETUP_PATTERN = r"^v1\|set\|"  # the callback data of bot.callbacks.SetupCallback
ABSENT = (ChatMember.LEFT, ChatMember.BANNED)


async def settings_command(update: Update, context: BotContext) -> None:
    """/settings: the chat's edition, face-up mode, daily post, time zone and language, as buttons;
    to a group's member who is no admin, the same in words only (no button they could not use)."""
    default_tz = deps(context).default_timezone
    panel = (
        chat_setup.settings_panel
        if await members.is_settings_admin(update, context)
        else chat_setup.settings_read_only
    )
    await respond(
        update,
        context,
        lambda session, who: chat_settings.settings_of(session, who.chat.id),
        lambda settings, who: panel(settings, who, who.player.zone_name or default_tz),
    )


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
        lambda session, who: pressed(session, who, press, now, default_tz),
        lambda changed, _who: after_press(changed, press, web),
        in_place=True,
        shared=True,
    )


@dataclass(frozen=True)
class Pressed:
    """What a press left: the asker as they are after it, the chat's settings, the time zone shown
    and, at the onboarding's last step, today's puzzle opened."""

    who: InChat
    settings: ChatSettings | None
    zone: str
    shown: player_actions.Shown | None = None


def pressed(session: Session, who: InChat, press: SetupCallback, now: datetime, default_tz: str) -> Pressed:
    """Apply a press (:func:`bot.chat_setup.apply`); at the onboarding's end, open today's puzzle."""
    settings = chat_settings.settings_of(session, who.chat.id)
    who = chat_setup.apply(
        session, who, press, now, chat_setup.suggested_zone(settings, who.language, default_tz)
    )
    settings = chat_settings.settings_of(session, who.chat.id)
    zone = chat_setup.suggested_zone(settings, who.language, default_tz)
    if not press.onboarding or chat_setup.next_view(press) != "done":
        return Pressed(who, settings, zone)
    here = who.choosing(timezone=zone)
    return Pressed(
        who,
        settings,
        zone,
        player_actions.open_puzzle(session, here, PuzzleKind.CALENDAR, here.player.today(now), now),
    )


def after_press(found: Pressed, press: SetupCallback, web: Web | None) -> Reply:
    """The message that follows a press."""
    who, settings, zone = found.who, found.settings, found.zone
    view = chat_setup.next_view(press)
    if not press.onboarding:
        return chat_setup.settings_choice(view, settings, who.choosing(timezone=zone), zone)
    if view == "time":
        return chat_setup.onboarding_time(who, zone)
    if view == "zone":
        return chat_setup.onboarding_zone(who)
    assert found.shown is not None
    return _onboarding_done(found.shown, who.choosing(timezone=zone), settings, web)


def _onboarding_done(
    shown: player_actions.Shown, who: InChat, settings: ChatSettings | None, web: Web | None
) -> Reply:
    """The last step: what was set up, then today's puzzle in the chosen edition."""
    puzzle = puzzles.opened(shown, who, web)
    if settings is not None and settings.subscribed:
        intro = text(
            "onboard_done",
            who.language,
            time=settings.post_time,
            zone=zone_label(who.player.zone_name, who.language),
        )
    else:
        intro = text("onboard_done_no_post", who.language)
    return replace(puzzle, text=f"{intro}\n\n{puzzle.text}")


@dataclass(frozen=True)
class Started:
    """What a /start opened: a daily puzzle (``from_group``: in a group's edition, by its link),
    a board saved on the web, or nothing but the greeting (the chat's settings say which)."""

    shown: player_actions.Shown | None = None
    from_group: bool = False
    board: player_actions.BoardStatus | player_actions.BoardTrouble | None = None
    settings: ChatSettings | None = None


def start(
    session: Session, who: InChat, now: datetime, payload: str | None, member_of: int | None
) -> Started:
    """/start, with what a deep link names: a 'Hints in private' link opens that day's puzzle
    (in the group's edition and face-up mode when it names a group the asker is a member of:
    ``member_of``, Telegram said so; a solve here counts for the group too), a board link saves
    that board as the asker's; anything else (or nothing) greets."""
    private = starts.parse_private_start(payload) if payload else None
    if private is not None:
        link = None
        if private.group is not None and private.group == member_of and not who.chat.in_group:
            link = player_actions.group_link(session, private.group)
        shown = player_actions.open_puzzle(session, who, private.kind, private.day, link=link)
        return Started(shown, from_group=link is not None)
    if payload:
        board = player_actions.load_board(session, who, now, payload)
        if board != player_actions.BoardTrouble.BAD_LINK:
            return Started(board=board)
    return Started(settings=None if who.chat.in_group else chat_settings.settings_of(session, who.chat.id))


def greeting(started: Started, who: InChat, now: datetime, web: Web | None) -> Reply:
    """What /start answers: the puzzle or board it opened; else the group's hello in a group; in
    a private chat that has answered no question of the onboarding (nor skipped one) the
    onboarding, else a short welcome back with the main buttons."""
    if started.shown is not None:
        return puzzles.opened(started.shown, who, web, started.from_group)
    if started.board is not None:
        return boards.board_reply(started.board, who, web)
    if who.chat.in_group:
        return group_hello(who.language)
    if chat_settings.onboarding_step(started.settings) == OnboardingStep.EDITION:
        return chat_setup.onboarding(who)
    return starts.welcome(who, who.player.today(now), web)


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
