"""Results: 'I solved it' (/solved), a group's /top, /stats and /heatmap."""

from __future__ import annotations

from sqlalchemy.orm import Session
from telegram import Update

from bot.context import BotContext, deps
from bot.replies import record
from bot.replies import stats as stat_replies
from bot.replies.types import Reply, Who
from bot.respond import clock, respond
from hints import chat_settings, game
from hints import seat as seats
from hints.chat_settings import ChatSettings
from hints.daily import EditionYear, edition_year


async def stats(update: Update, context: BotContext) -> None:
    """In a private chat your streaks and solved days; in a group the year heatmap and the subscription."""
    default_tz, now = deps(context).default_timezone, clock(context)

    def ask(session: Session, who: Who) -> tuple[game.Record | EditionYear, ChatSettings | None]:
        today = who.today(now)
        settings = chat_settings.settings_of(session, who.chat_id)
        if who.in_group:
            return edition_year(session, who.variant.edition, today.year), settings
        return game.record(session, who.user_id, today), settings

    def show(found: tuple[game.Record | EditionYear, ChatSettings | None], who: Who) -> Reply:
        answer, settings = found
        if isinstance(answer, EditionYear):
            year = stat_replies.heatmap(answer, who.language)
            return stat_replies.with_status(year, settings, who.language, default_tz, apart=" ")
        personal = stat_replies.personal_stats(answer, who.today(now), who.language)
        return stat_replies.with_status(personal, settings, who.language, default_tz)

    await respond(update, context, ask, show)


async def heatmap(update: Update, context: BotContext) -> None:
    """The chat's edition's solutions per date over this year."""
    now = clock(context)
    await respond(
        update,
        context,
        lambda session, who: edition_year(session, who.variant.edition, who.today(now).year),
        lambda found, who: stat_replies.heatmap(found, who.language),
    )


async def solved(update: Update, context: BotContext) -> None:
    """'I solved it' for the user's current puzzle: counts for the streak and the group's /top."""
    now = clock(context)
    await respond(
        update,
        context,
        lambda session, who: seats.report_solve(session, who.seat, now, language=who.language),
        record.solved,
    )


async def top(update: Update, context: BotContext) -> None:
    """Today's solvers in this group (in a private chat: your own stats)."""
    now = clock(context)

    def ask(session: Session, who: Who) -> list[game.Solver] | game.Record:
        if who.in_group:
            return game.chat_solvers(session, who.chat_id, who.today(now))
        return game.record(session, who.user_id, who.today(now))

    def show(found: list[game.Solver] | game.Record, who: Who) -> Reply:
        if isinstance(found, game.Record):
            return stat_replies.personal_stats(found, who.today(now), who.language)
        return record.top(found, who.today(now), who.language)

    await respond(update, context, ask, show)
