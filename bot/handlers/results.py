"""Results: 'I solved it' (/solved), a group's /top, /stats and /heatmap."""

from __future__ import annotations

from sqlalchemy.orm import Session
from telegram import Update

from bot.context import BotContext, deps
from bot.replies import record
from bot.replies import stats as stat_replies
from bot.replies.types import Reply
from bot.respond import clock, respond
from hints import chat_settings, game
from hints import seat as seats
from hints.chat_settings import ChatSettings
from hints.daily import EditionYear, edition_year
from hints.seat import InChat


async def stats(update: Update, context: BotContext) -> None:
    """In a private chat your streaks and solved days; in a group the year heatmap and the subscription."""
    default_tz, now = deps(context).default_timezone, clock(context)

    def ask(session: Session, who: InChat) -> tuple[game.Record | EditionYear, ChatSettings | None]:
        today = who.player.today(now)
        settings = chat_settings.settings_of(session, who.chat.id)
        if who.chat.in_group:
            return edition_year(session, who.player.variant.edition, today.year), settings
        return game.record(session, who.player.id, today), settings

    def show(found: tuple[game.Record | EditionYear, ChatSettings | None], who: InChat) -> Reply:
        answer, settings = found
        if isinstance(answer, EditionYear):
            year = stat_replies.heatmap(answer, who.language)
            return stat_replies.with_status(year, settings, who.language, default_tz, same_line=True)
        personal = stat_replies.personal_stats(answer, who.player.today(now), who.language)
        return stat_replies.with_status(personal, settings, who.language, default_tz)

    await respond(update, context, ask, show)


async def heatmap(update: Update, context: BotContext) -> None:
    """The chat's edition's solutions per date over this year."""
    now = clock(context)
    await respond(
        update,
        context,
        lambda session, who: edition_year(session, who.player.variant.edition, who.player.today(now).year),
        lambda found, who: stat_replies.heatmap(found, who.language),
    )


async def solved(update: Update, context: BotContext) -> None:
    """'I solved it' for the user's current puzzle: counts for the streak and the group's /top."""
    now = clock(context)
    await respond(
        update,
        context,
        lambda session, who: seats.report_solve(session, who, now, language=who.language),
        record.solved,
    )


async def top(update: Update, context: BotContext) -> None:
    """Today's solvers in this group (in a private chat: your own stats)."""
    now = clock(context)

    def ask(session: Session, who: InChat) -> list[game.Solver] | game.Record:
        if who.chat.in_group:
            return game.chat_solvers(session, who.chat.id, who.player.today(now))
        return game.record(session, who.player.id, who.player.today(now))

    def show(found: list[game.Solver] | game.Record, who: InChat) -> Reply:
        if isinstance(found, game.Record):
            return stat_replies.personal_stats(found, who.player.today(now), who.language)
        return record.top(found, who.player.today(now), who.language)

    await respond(update, context, ask, show)
