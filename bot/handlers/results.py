"""Results: 'I solved it' (/solved) and sharing it (inline mode), a group's /top, /stats and /heatmap."""

from __future__ import annotations

import asyncio

from sqlalchemy.orm import Session
from telegram import InlineQueryResultArticle, InputTextMessageContent, Update

from bot.context import BotContext, deps
from bot.replies import record, starts
from bot.replies import stats as stat_replies
from bot.replies.types import Card, Reply
from bot.respond import clock, respond, who_is_asking
from bot.sender import buttons_markup
from hints import chat_settings, game, player_actions
from hints.chat_settings import ChatSettings
from hints.daily import EditionYear, edition_year
from hints.player_actions import InChat
from hints.unit_of_work import run


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
        lambda session, who: player_actions.report_solve(session, who, now, language=who.language),
        record.solved,
    )


async def inline_share(update: Update, context: BotContext) -> None:
    """An inline query: "@bot cal_20260125", which the Share button writes, answered with the card
    of that solve (in the person's language); no card before they solved it or for other words."""
    query = update.inline_query
    assert query is not None
    found, now = deps(context), clock(context)
    opened = starts.parse_private_start(query.query.strip())
    if opened is None:
        await query.answer([], cache_time=0, is_personal=True)
        return
    kind, day = opened.kind, opened.day

    def ask(session: Session) -> tuple[str | None, str]:
        who = who_is_asking(session, update, found.default_timezone)
        return player_actions.share(session, who, now, kind, day), who.language

    share, language = await asyncio.to_thread(run, found.sessions, ask)
    card = record.share_card(share, starts.private_start(kind, day), language, context.bot.username)
    await query.answer([] if card is None else [article(card)], cache_time=0, is_personal=True)


def article(card: Card) -> InlineQueryResultArticle:
    return InlineQueryResultArticle(
        card.key,
        card.title,
        InputTextMessageContent(card.text),
        reply_markup=buttons_markup((card.link,)),
        description=card.description,
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
