"""Results: 'I solved it' (/solved), a group's /top, /stats and /heatmap."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy.orm import Session
from telegram import Update

from bot.context import BotContext, deps
from bot.replies import record
from bot.replies import stats as stat_replies
from bot.replies.types import Reply, Who
from bot.respond import clock, respond
from hints import chat_settings


async def stats(update: Update, context: BotContext) -> None:
    """In a private chat your streaks and solved days; in a group the year heatmap and the subscription."""
    default_tz, now = deps(context).default_timezone, clock(context)

    def build(session: Session, who: Who) -> Reply:
        if who.in_group:
            return stat_replies.stats(session, who, default_tz, who.today(now).year)
        personal = stat_replies.personal_stats(session, who, now)
        status = stat_replies.subscription_status(
            chat_settings.settings_of(session, who.chat_id), who.language, default_tz
        )
        return replace(personal, text=f"{personal.text}\n{status}")

    await respond(update, context, build)


async def heatmap(update: Update, context: BotContext) -> None:
    """The chat's edition's solutions per date over this year."""
    now = clock(context)

    def build(session: Session, who: Who) -> Reply:
        return stat_replies.heatmap(session, who, who.today(now).year)

    await respond(update, context, build)


async def solved(update: Update, context: BotContext) -> None:
    """'I solved it' for the user's current puzzle: counts for the streak and the group's /top."""
    now = clock(context)
    await respond(update, context, lambda session, who: record.solved(session, who, now))


async def top(update: Update, context: BotContext) -> None:
    """Today's solvers in this group (in a private chat: your own stats)."""
    now = clock(context)

    def build(session: Session, who: Who) -> Reply:
        if who.in_group:
            return record.top(session, who, now)
        return stat_replies.personal_stats(session, who, now)

    await respond(update, context, build)
