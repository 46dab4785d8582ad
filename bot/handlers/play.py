"""Playing: /today, /pentomino, /hint, /solution, /another, /check, and the puzzles' inline buttons."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session
from telegram import Update

from bot.callbacks import Action, BoardCallback, Callback, EditionCallback, SetupCallback, decode_callback
from bot.context import BotContext, deps
from bot.handlers.chat_settings import set_edition
from bot.inputs import parse_day
from bot.replies import boards, hinting, puzzles, record
from bot.replies.types import Reply, Web, Who
from bot.respond import clock, command_argument, respond, stale
from hints.catalog import Stage


async def today(update: Update, context: BotContext) -> None:
    """The calendar puzzle of today (the chat's time zone) or of the given date."""
    argument, now, web = command_argument(context), clock(context), deps(context).web

    def build(session: Session, who: Who) -> Reply:
        today = who.today(now)
        day = parse_day(argument, today) if argument else today
        return puzzles.today(session, who, day, web, now)

    await respond(update, context, build)


async def pentomino(update: Update, context: BotContext) -> None:
    """Today's pentomino challenge."""
    now, web = clock(context), deps(context).web

    def build(session: Session, who: Who) -> Reply:
        return puzzles.pentomino(session, who, who.today(now), web, now)

    await respond(update, context, build)


async def hint(update: Update, context: BotContext) -> None:
    """The next hint of the user's current puzzle (from their saved board, if they saved one)."""
    now, web = clock(context), deps(context).web
    await respond(update, context, lambda session, who: hinting.next_hint(session, who, now, web=web))


async def check(update: Update, context: BotContext) -> None:
    """The status of the user's saved board: solutions left, dead end, solved."""
    now, web = clock(context), deps(context).web
    await respond(update, context, lambda session, who: boards.check(session, who, now, web))


async def solution(update: Update, context: BotContext) -> None:
    """The full answer of the user's current puzzle."""
    now = clock(context)
    await respond(update, context, lambda session, who: hinting.solution(session, who, now))


async def another(update: Update, context: BotContext) -> None:
    """A different stored solution of the day's calendar puzzle."""
    now = clock(context)
    await respond(update, context, lambda session, who: hinting.another(session, who, now))


async def button(update: Update, context: BotContext) -> None:
    """Inline buttons: hints, the challenge, another solution, hints from the saved board or not."""
    query = update.callback_query
    assert query is not None
    callback = decode_callback(query.data)
    if callback is None or isinstance(callback, SetupCallback) or update.effective_chat is None:
        await stale(query)
        return
    if isinstance(callback, EditionCallback):
        await query.answer()
        await set_edition(update, context, callback.edition)
        return
    now, web = clock(context), deps(context).web
    in_place = isinstance(callback, BoardCallback) or callback.action in MOVES_ON
    if not in_place:  # a new message follows: stop the spinner now
        await query.answer()
    await respond(update, context, lambda s, who: _pressed(s, who, now, web, callback), in_place=in_place)


MOVES_ON = frozenset({Action.HINT, Action.ANOTHER, Action.FEATURED})  # buttons that edit their message


def _pressed(
    session: Session, who: Who, now: datetime, web: Web | None, callback: Callback | BoardCallback
) -> Reply:
    """The reply to a decoded button."""
    if isinstance(callback, BoardCallback):
        return hinting.board_hint_by_key(session, who, now, callback.board, web)
    if callback.action == Action.HINT:
        stage = None if callback.stage is None else Stage(callback.stage)
        return hinting.next_hint(session, who, now, callback.kind, callback.day, web, stage)
    if callback.action == Action.CHALLENGE:
        return puzzles.pentomino(session, who, callback.day, web, now)
    if callback.action == Action.TODAY:
        return puzzles.today(session, who, callback.day, web, now)
    if callback.action == Action.SOLVED:
        return record.solved(session, who, now, callback.kind, callback.day)
    if callback.action == Action.FEATURED:
        return hinting.featured_hint(session, who, now, callback.kind, callback.day, web)
    return hinting.another(session, who, now, callback.day)
