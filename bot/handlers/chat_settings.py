"""The chat's settings by command: /subscribe, /unsubscribe, /timezone, /language, /edition and
/faceup (admins only in groups)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import TypeVar

from sqlalchemy.orm import Session
from telegram import Update
from telegram.constants import ChatType

from bot import chat_setup
from bot.context import BotContext, deps
from bot.handlers.members import may_change_settings
from bot.inputs import parse_post_time, parse_timezone, zone_label
from bot.replies import editions
from bot.replies.types import Reply
from bot.respond import Ask, Show, clock, command_argument, person, respond, tell
from bot.texts import LANGUAGES, text
from hints import chat_settings, player_actions
from hints.chat_settings import DEFAULT_POST_TIME, OnboardingStep
from hints.daily import edition_choice, find_edition
from hints.player_actions import InChat, Shown

A = TypeVar("A")


async def _change(update: Update, context: BotContext, change: Ask[A], show: Show[A]) -> None:
    """A settings change, if the asker may make it (committed with the update's unit of work)."""
    if await may_change_settings(update, context):
        await respond(update, context, change, show)


async def subscribe(update: Update, context: BotContext) -> None:
    """Daily post of the day's puzzle at HH:MM local time (default 08:00), in the language of whoever
    subscribed unless the chat chose one (/language)."""
    argument, now = command_argument(context), clock(context)
    asker = person(update, deps(context).default_timezone)
    language_code = asker.language if asker is not None else None

    def change(session: Session, who: InChat) -> str:
        post_time = parse_post_time(argument) if argument else DEFAULT_POST_TIME
        chat_settings.subscribe(session, who.chat.id, who.chat.kind, post_time, now, language_code)
        return post_time

    def show(post_time: str, who: InChat) -> Reply:
        return Reply(
            text(
                "subscribed", who.language, time=post_time, tz=zone_label(who.player.zone_name, who.language)
            )
        )

    await _change(update, context, change, show)


async def unsubscribe(update: Update, context: BotContext) -> None:
    """Stop the daily post."""

    def change(session: Session, who: InChat) -> bool:
        return chat_settings.unsubscribe(session, who.chat.id)

    def show(stopped: bool, who: InChat) -> Reply:
        return Reply(text("unsubscribed" if stopped else "not_subscribed", who.language))

    await _change(update, context, change, show)


async def timezone(update: Update, context: BotContext) -> None:
    """Show the chat's time zone, or set it (IANA name, a city, an offset); typed during the
    onboarding's second step, the onboarding goes on to it (when to post) instead of stopping."""
    argument, now = command_argument(context), clock(context)
    if argument is None:
        await tell(
            update,
            context,
            lambda who: Reply(
                text("timezone_is", who.language, tz=zone_label(who.player.zone_name, who.language))
            ),
        )
        return

    def change(session: Session, who: InChat) -> tuple[str, bool]:
        name = parse_timezone(argument)
        step = chat_settings.onboarding_step(chat_settings.settings_of(session, who.chat.id))
        chat_settings.set_timezone(session, who.chat.id, who.chat.kind, name, now)
        return name, not who.chat.in_group and step == OnboardingStep.TIME

    def show(found: tuple[str, bool], who: InChat) -> Reply:
        name, onboarding = found
        words = text("timezone_set", who.language, tz=zone_label(name, who.language))
        if not onboarding:
            return Reply(words)
        next_step = chat_setup.onboarding_time(who.choosing(timezone=name), name)
        return replace(next_step, text=f"{words}\n\n{next_step.text}")

    await _change(update, context, change, show)


async def typed_zone(update: Update, context: BotContext, words: str) -> bool:
    """Plain words that name a time zone ("Berlin"), typed where the onboarding asks for one:
    answered as /timezone with them (True); anywhere else they are no setting (False)."""
    found, chat = deps(context), update.effective_chat
    if chat is None or chat.type != ChatType.PRIVATE:
        return False

    def step() -> OnboardingStep:
        with found.sessions() as session:
            return chat_settings.onboarding_step(chat_settings.settings_of(session, chat.id))

    if await asyncio.to_thread(step) != OnboardingStep.TIME:
        return False
    context.args = words.split()
    await timezone(update, context)
    return True


async def language(update: Update, context: BotContext) -> None:
    """Switch between English and Japanese; without a language (or with one we do not speak), a
    button for each."""
    argument = (command_argument(context) or "").strip().lower()
    if argument not in LANGUAGES:
        await tell(update, context, lambda who: chat_setup.language_choice(who.language))
        return

    def change(session: Session, who: InChat) -> None:
        chat_settings.set_language(session, who.chat.id, who.chat.kind, argument)

    await _change(update, context, change, lambda _nothing, _who: Reply(text("language_set", argument)))


async def edition(update: Update, context: BotContext) -> None:
    """Show the calendar editions with a picture and buttons, or set one by its id, short name or
    title: /edition weekday, /edition jarringwords."""
    argument = (command_argument(context) or "").strip()
    if not argument:
        await tell(update, context, editions.editions)
        return
    found = find_edition(argument)
    await set_edition(update, context, found.id if found is not None else argument)


async def faceup(update: Update, context: BotContext) -> None:
    """/faceup on|off: hints only from solutions that turn no piece over (the engraved side up)."""
    argument = (command_argument(context) or "").strip().lower()
    if argument not in ("on", "off"):
        await tell(update, context, editions.faceup_status)
        return
    now, web, on = clock(context), deps(context).web, argument == "on"

    def change(session: Session, who: InChat) -> Shown:
        return player_actions.choose_variant(session, who, now, faceup=on)

    await _change(update, context, change, lambda shown, who: editions.faceup_set(shown, who, on, web))


async def set_edition(update: Update, context: BotContext, edition_id: str) -> None:
    now, web = clock(context), deps(context).web
    if edition_choice(edition_id) is None:
        await tell(update, context, lambda who: editions.unknown_edition(who, edition_id))
        return

    def change(session: Session, who: InChat) -> Shown:
        return player_actions.choose_variant(session, who, now, edition=edition_id)

    await _change(update, context, change, lambda shown, who: editions.edition_set(shown, who, web))
