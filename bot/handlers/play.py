"""Playing: /today, /pentomino, /hint, /solution, /another, /check, and the puzzles' inline buttons."""

from __future__ import annotations

from sqlalchemy.orm import Session
from telegram import Message, Update

from bot.callbacks import Action, BoardCallback, Callback, EditionCallback, SetupCallback, decode_callback
from bot.context import BotContext, deps
from bot.handlers.chat_settings import set_edition
from bot.inputs import parse_day
from bot.replies import boards, hinting, puzzles, record
from bot.replies.types import Reply
from bot.respond import clock, command_argument, respond, say, stale, tell
from bot.sender import buttons_of
from hints import player_actions
from hints.catalog import Stage
from hints.daily import PuzzleKind
from hints.player_actions import InChat


async def today(update: Update, context: BotContext) -> None:
    """The calendar puzzle of today (the chat's time zone) or of the given date."""
    argument, now, web = command_argument(context), clock(context), deps(context).web

    def ask(session: Session, who: InChat) -> player_actions.Shown:
        today = who.player.today(now)
        day = parse_day(argument, today) if argument else today
        return player_actions.open_puzzle(session, who, PuzzleKind.CALENDAR, day, now)

    await respond(update, context, ask, lambda shown, who: puzzles.opened(shown, who, web))


async def pentomino(update: Update, context: BotContext) -> None:
    """Today's pentomino challenge."""
    now, web = clock(context), deps(context).web

    def ask(session: Session, who: InChat) -> player_actions.Shown:
        return player_actions.open_puzzle(session, who, PuzzleKind.PENTOMINO, who.player.today(now), now)

    await respond(update, context, ask, lambda shown, who: puzzles.opened(shown, who, web))


async def hint(update: Update, context: BotContext) -> None:
    """The next hint of the user's current puzzle (from their saved board, if they saved one);
    a number after it is answered with what the stages are, never dropped in silence."""
    argument = command_argument(context)
    if argument is not None and any(character.isdigit() for character in argument):
        await say(update, context, "hint_takes_no_number")
        return
    now, web = clock(context), deps(context).web
    await respond(
        update,
        context,
        lambda session, who: player_actions.next_hint(session, who, now),
        lambda found, who: hinting.hint_reply(found, who, web),
    )


async def check(update: Update, context: BotContext) -> None:
    """The status of the user's saved board: solutions left, dead end, solved."""
    now, web = clock(context), deps(context).web
    await respond(
        update,
        context,
        lambda session, who: player_actions.current_board(session, who, now),
        lambda found, who: boards.board_reply(found, who, web),
    )


async def solution(update: Update, context: BotContext) -> None:
    """The full answer of the user's current puzzle."""
    now, web = clock(context), deps(context).web
    await respond(
        update,
        context,
        lambda session, who: player_actions.answer(session, who, now),
        lambda shown, who: hinting.solution(shown, who, web),
    )


async def another(update: Update, context: BotContext) -> None:
    """A different stored solution of the day's calendar puzzle."""
    now, web = clock(context), deps(context).web
    await respond(
        update,
        context,
        lambda session, who: player_actions.another(session, who, now),
        lambda found, who: hinting.another(found, who, web),
    )


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
    if isinstance(callback, Callback) and callback.action == Action.REVEAL:
        await _reveal(update, context, callback)
        return
    in_place = isinstance(callback, BoardCallback) or callback.action in MOVES_ON
    toasts = isinstance(callback, Callback) and callback.action == Action.SOLVED  # its reply answers it
    if not in_place and not toasts:  # a new message follows: stop the spinner now
        await query.answer()
    await _pressed(update, context, callback, in_place)


MOVES_ON = frozenset({Action.HINT, Action.ANOTHER, Action.FEATURED})  # buttons that edit their message


async def _reveal(update: Update, context: BotContext, callback: Callback) -> None:
    """ "Show the answer": asked once before the answer spends the last stage (no service call)."""
    message = update.callback_query.message if update.callback_query else None
    pressed = buttons_of(message.reply_markup) if isinstance(message, Message) else ()
    kind, day = callback.kind, callback.day
    await tell(update, context, lambda who: hinting.ask_before_answer(kind, day, pressed, who), in_place=True)


async def _pressed(
    update: Update, context: BotContext, callback: Callback | BoardCallback, in_place: bool
) -> None:
    """A decoded button: its service call, and its answer formatted."""
    now, web = clock(context), deps(context).web

    def hint_shown(found: player_actions.NextHint, who: InChat) -> Reply:
        return hinting.hint_reply(found, who, web)

    def opened(shown: player_actions.Shown, who: InChat) -> Reply:
        return puzzles.opened(shown, who, web)

    if isinstance(callback, BoardCallback):
        key = callback.board
        await respond(
            update,
            context,
            lambda session, who: player_actions.board_hint_by_key(session, who, now, key),
            hint_shown,
            in_place=in_place,
        )
        return
    kind, day, action = callback.kind, callback.day, callback.action
    if action == Action.HINT:
        stage = None if callback.stage is None else Stage(callback.stage)
        ask_hint = lambda session, who: player_actions.next_hint(session, who, now, kind, day, stage)  # noqa: E731
        await respond(update, context, ask_hint, hint_shown, in_place=in_place)
    elif action == Action.FEATURED:
        ask_featured = lambda session, who: player_actions.featured_hint(session, who, now, kind, day)  # noqa: E731
        await respond(update, context, ask_featured, hint_shown, in_place=in_place)
    elif action in (Action.CHALLENGE, Action.TODAY):
        opens = PuzzleKind.PENTOMINO if action == Action.CHALLENGE else PuzzleKind.CALENDAR
        ask_open = lambda session, who: player_actions.open_puzzle(session, who, opens, day, now)  # noqa: E731
        await respond(update, context, ask_open, opened, in_place=in_place)
    elif action == Action.SOLVED:

        def ask_solve(session: Session, who: InChat) -> player_actions.SolveReport:
            return player_actions.report_solve(session, who, now, kind, day, who.language)

        await respond(update, context, ask_solve, record.solved, answers_press=True)
    else:
        ask_another = lambda session, who: player_actions.another(session, who, now, day)  # noqa: E731
        shown_another = lambda found, who: hinting.another(found, who, web)  # noqa: E731
        await respond(update, context, ask_another, shown_another, in_place=in_place)
