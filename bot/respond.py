"""How an update is answered: who asks, the service call in one unit of work, the reply, its delivery.

Each update is one unit of work (:func:`hints.unit_of_work.run`): in a worker thread (so the
event loop keeps serving other chats) one session reads who is asking, makes the handler's
service call (database reads, hint computation) and commits once. The handler's reply function
formats the answer, then the reply is delivered through the chat's queue (:mod:`bot.outgoing`),
as a new message or an edit of the pressed button's message, with the chat showing
"sending photo…" while a date is solved on demand first. :mod:`bot.sender` makes the requests.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime
from typing import TypeVar

from sqlalchemy.orm import Session
from telegram import Bot, CallbackQuery, Message, Update
from telegram.constants import ChatAction, ChatType
from telegram.error import TelegramError

from bot.callbacks import Action, Callback, SetupCallback, encode_callback, encode_setup_callback
from bot.context import BotContext, Deps, deps
from bot.inputs import Ambiguous, BadArgument, zone_label
from bot.replies import starts
from bot.replies.buttons import lasting, still_kept
from bot.replies.puzzles import working_out
from bot.replies.types import Button, Reply
from bot.solving import SolvesBusy
from bot.texts import language_for, text
from hints import chat_settings
from hints.catalog import get_puzzle
from hints.chat_settings import InvalidSetting
from hints.daily import PuzzleKind, Variant, known_edition
from hints.errors import BeyondLimits, NotPrecomputed, ServiceError
from hints.missing_targets import SolveUnfinished, after_solving
from hints.player_actions import InChat
from hints.players import Chat, Player
from hints.solutions import stored_summaries
from hints.unit_of_work import Refusal, refusal, run
from hints.words import written_date

logger = logging.getLogger(__name__)

A = TypeVar("A")
Ask = Callable[[Session, InChat], A]  # the service call of an action, in the update's unit of work
Show = Callable[[A, InChat], Reply]  # its answer as a reply: formatting only, no store


def person(update: Update, default_timezone: str) -> Player | None:
    """The player behind an update, with their Telegram app's language code as their language: the
    chat a message was sent as, else the user who sent it.

    A message sent as a channel comes from Telegram's placeholder user 136817688, and an
    anonymous admin's from 1087968824, whoever sent it; ``sender_chat`` (the channel, or the group
    itself) tells them apart, and its title is the name they show. A button press always names
    the real user who pressed it, so only messages are read this way. None: no user at all.
    """
    user = update.effective_user
    if user is None:
        return None
    message = update.effective_message if update.callback_query is None else None
    sender = message.sender_chat if message is not None else None
    if sender is not None:
        name = sender.title or sender.first_name or user.first_name
        return Player(sender.id, default_timezone, language=user.language_code, name=name)
    return Player(user.id, default_timezone, language=user.language_code, name=user.first_name)


def who_is_asking(session: Session, update: Update, default_timezone: str) -> InChat:
    """The player of an update in its chat, with the chat's language, zone, edition and face-up mode
    (read from the store). An update with no chat (an inline query) is the person's private chat
    with the bot.

    A private chat keeps its user's Telegram language for the daily post, written with the
    update's unit of work on first contact and when it changes (no statement otherwise).
    """
    chat, asker = update.effective_chat, person(update, default_timezone)
    assert asker is not None
    chat_id, chat_type = (chat.id, chat.type) if chat is not None else (asker.id, ChatType.PRIVATE)
    settings = chat_settings.settings_of(session, chat_id)
    if chat_type == ChatType.PRIVATE:
        chat_settings.remember_language(session, chat_id, chat_type, asker.language, settings)
    language = language_for(settings.language if settings else None, asker.language)
    timezone = settings.timezone if settings else None
    edition = known_edition(settings.edition if settings else None)
    variant = Variant(edition, bool(settings and settings.faceup))
    player = replace(asker, timezone=timezone or None, variant=variant, language=language)
    return InChat(player, Chat(chat_id, chat_type))


class MustSolve(NotPrecomputed):
    """The answer needs a target of an edition solved on demand that is not stored yet."""

    def __init__(self, missing: NotPrecomputed, language: str) -> None:
        super().__init__(missing.what, solvable=missing.solvable)
        self.language = language  # the asker's, should the solve have to be refused


class Refused(Exception):
    """A solve the reply needed could not start; ``reply`` says so."""

    def __init__(self, reply: Reply) -> None:
        super().__init__(reply.text)
        self.reply = reply


def unit_of_work(update: Update, found: Deps, ask: Ask[A], show: Show[A], *, may_solve: bool = True) -> Reply:
    """Read who asks and make the service call in one unit of work (:func:`hints.unit_of_work.run`:
    one commit), then format its answer; bad input and the service's refusals get a short answer.
    MustSolve (with ``may_solve``) when the answer needs a target solved on demand first."""
    asker: InChat | None = None

    def work(session: Session) -> A:
        nonlocal asker
        asker = who_is_asking(session, update, found.default_timezone)
        return ask(session, asker)

    try:
        answer = run(found.sessions, work)
    except (BadArgument, ServiceError, InvalidSetting) as error:
        if asker is None:
            raise
        return _refused(error, update, asker.language, may_solve)
    assert asker is not None
    return show(answer, asker)


def _refused(error: Exception, update: Update, language: str, may_solve: bool) -> Reply:
    """The short answer to bad input or a refusal of the service; MustSolve to solve first."""
    if isinstance(error, BadArgument):
        return _bad_argument(error, language)
    found = refusal(error, may_solve=may_solve)
    if found == Refusal.SOLVE_FIRST:
        assert isinstance(error, NotPrecomputed)
        raise MustSolve(error, language) from None
    if found == Refusal.BAD_SETTING:  # a value no chat may hold (a forged button's): nothing is stored
        words = text("bad_setting", language)
        return Reply(words, toast=words if update.callback_query is not None else None)
    if found == Refusal.NOT_READY:
        return Reply(text("not_ready", language))
    raise error


CHOICE_FIELDS = {"ambiguous_time": "time", "ambiguous_timezone": "zone"}  # ask-backs answered by a button


def _bad_argument(exc: BadArgument, language: str) -> Reply:
    """What was wrong with an argument; a date, time or zone with several readings offers each as
    a button."""
    if isinstance(exc, Ambiguous) and exc.key == "ambiguous_date":
        return _date_choices(exc.choices, language)
    field = CHOICE_FIELDS.get(exc.key)
    if not isinstance(exc, Ambiguous) or field is None:
        return Reply(text(exc.key, language, value=exc.value))
    buttons = tuple(
        Button(
            zone_label(choice, language) if field == "zone" else choice,
            encode_setup_callback(SetupCallback(field, choice)),
        )
        for choice in exc.choices
    )
    return Reply(text("pick_one", language), buttons=buttons, columns=2)


def _date_choices(choices: list[str], language: str) -> Reply:
    """ "Which one do you mean?" with a button per reading of a date ('01/02': 2 January or 1
    February), each opening that date's calendar puzzle as /today would."""
    days = [date.fromisoformat(choice) for choice in choices]
    buttons = tuple(
        Button(
            written_date(day, language, full=True),
            encode_callback(Callback(Action.TODAY, PuzzleKind.CALENDAR, day)),
        )
        for day in days
    )
    return Reply(text("pick_one", language), buttons=buttons)


async def send(
    update: Update,
    context: BotContext,
    reply: Reply,
    *,
    in_place: bool = False,
    shared: bool = False,
    replaces: int | None = None,
    prompt: bool = False,
) -> None:
    """The reply joins its chat's queue (:mod:`bot.outgoing`): waiting out a chat's pace (one
    message a second in a private chat, 20 a minute in a group) holds no handler slot. A
    ``prompt`` reply (what a press's toast announced: **I solved it**'s "Well done") goes ahead
    of the other replies waiting there, so it comes as soon as the chat's pace allows.

    With ``in_place`` (a button that moves its own message on, like **Next hint**)
    the message carrying the button is edited when it was the presser's (or, ``shared``, a
    message that is the whole chat's, like the settings an admin may change), else a
    new message is sent; a new message with buttons takes the buttons off the
    asker's previous one, when that delays no reply: only while the chat's send
    pace has room to spare and, in a group, no other reply waits. In a group the
    reply answers the person who asked: it quotes their message
    (``reply_parameters``), starts with their first name, and may offer the same
    puzzle in a private chat ("Hints in private"). ``replaces``: a message that
    said the answer was being worked out, edited into a text answer, else deleted once the answer
    is sent. A group gets one photo of a puzzle a minute: whoever asks for the same picture
    within a minute of it gets a short reply pointing at it (quoting it), with the buttons of
    their own reply.
    """
    found, bot = deps(context), context.bot
    chat, asker = update.effective_chat, person(update, found.default_timezone)
    assert chat is not None and asker is not None
    chat_id, user_id, message = chat.id, asker.id, update.effective_message
    private = chat.type == ChatType.PRIVATE
    pointer = (  # a puzzle's picture (hints are spoilers, each person's own): once a minute
        None
        if private or reply.photo is None or reply.spoiler
        else addressed(pointing(reply, asker), asker, bot.username)
    )
    if not private:
        reply = addressed(reply, asker, bot.username)
    reply_to = None if private or message is None or update.callback_query else message.message_id
    target = _editable(update, found, shared) if in_place else None
    if replaces is not None and reply.photo is None and target is None:
        target = (replaces, False)

    async def deliver() -> None:
        try:
            await _deliver()
            if replaces is not None and (target is None or target[0] != replaces):
                await found.sender.delete(bot, chat_id, replaces)
        except Exception:  # the handler has returned: apologise here, as the error handler would
            logger.exception("a reply to chat %s could not be sent", chat_id)
            await apologise(bot, chat_id, asker.language)

    async def _deliver() -> None:
        if target is not None:
            message_id, was_photo = target
            if reply.keyboard_only:
                if await found.sender.set_buttons(bot, chat_id, message_id, reply):
                    return
            elif await found.sender.edit(bot, chat_id, message_id, reply, was_photo=was_photo):
                return
        now = found.clock()  # before the send: the photo counts from when it was sent off
        earlier = (
            None
            if pointer is None or reply.photo is None
            else found.messages.recent_photo(chat_id, reply.photo.key, now)
        )
        if pointer is not None and earlier is not None:
            sent = await found.sender.send(bot, chat_id, pointer, reply_to=earlier)
        else:
            sent = await found.sender.send(bot, chat_id, reply, reply_to=reply_to)
            if reply.photo is not None and not private:
                found.messages.photo_sent(chat_id, reply.photo.key, sent.message_id, now)
        kept = lasting(reply.buttons) if reply.buttons else None
        previous = found.messages.sent(chat_id, user_id, sent.message_id, kept)
        if previous is None or kept is None or found.replies.waiting(chat_id):  # never before a reply
            return
        message_id, before = previous
        keep = still_kept(before, kept)
        if before.trimmed or len(keep) < len(before.buttons):  # beside the queue: no reply waits for it
            found.replies.aside(chat_id, lambda: found.sender.strip_buttons(bot, chat_id, message_id, keep))

    found.replies.submit(chat_id, deliver, prompt=prompt)


async def apologise(bot: Bot, chat_id: int, language_code: str | None) -> None:
    """Say sorry for an answer that failed (best effort: a chat that refuses it is only logged)."""
    try:
        await bot.send_message(chat_id, text("apology", language_for(None, language_code)))
    except Exception:  # the failure is logged already
        logger.warning("could not send the apology")


def _editable(update: Update, found: Deps, shared: bool = False) -> tuple[int, bool] | None:
    """The pressed button's message and whether it is a photo, if the presser may change it: in a
    private chat, or in a group a message of theirs or (``shared``) one that is the chat's."""
    query, chat = update.callback_query, update.effective_chat
    presser = person(update, found.default_timezone)
    if query is None or chat is None or presser is None or not isinstance(query.message, Message):
        return None
    message = query.message
    mine = shared or found.messages.owner(chat.id, message.message_id) == presser.id
    if chat.type != ChatType.PRIVATE and not mine:
        return None
    return message.message_id, bool(message.photo)


def pointing(reply: Reply, asker: Player) -> Reply:
    """A group reply whose picture went to the group a moment ago: a short text pointing at it,
    with the reply's own buttons."""
    return replace(
        reply, text=text("photo_above", language_for(None, asker.language)), photo=None, spoiler=False
    )


def addressed(reply: Reply, asker: Player, bot_username: str) -> Reply:
    """A group reply with the asker's first name in front and the 'Hints in private' link."""
    language = language_for(None, asker.language)
    named = text("for_user", language, name=asker.name, text=reply.text)
    buttons = reply.buttons
    if reply.private is not None:
        buttons = (*buttons, starts.hints_in_private(bot_username, reply.private, language))
    return replace(reply, text=named, buttons=buttons)


async def respond(
    update: Update,
    context: BotContext,
    ask: Ask[A],
    show: Show[A],
    *,
    in_place: bool = False,
    shared: bool = False,
    answers_press: bool = False,
) -> None:
    """Ask the service in one unit of work (one at a time per person), format the answer and send
    it (``in_place`` and ``shared``: see :func:`send`). A button that edits its message
    (``in_place``) or whose reply says something at once (``answers_press``: its ``flash``) is
    answered here; any other button was answered by its handler already. The reply a toast
    announced goes ahead of the chat's waiting replies (``prompt``, :func:`send`).

    A reply that needs a target solved on demand says so at once ("Working out 2 Dec for …,
    about N s"), waits for the solve (:func:`after_solving`) without holding the person's turn
    (their /help is answered meanwhile), and the answer then takes the place of that message; or
    it says the solver is busy.
    """
    found = deps(context)
    chat, asker = update.effective_chat, person(update, found.default_timezone)
    key = (chat.id if chat else None, asker.id if asker else None)
    # A button that edits its message is answered once its reply is built (it may be a toast),
    # or at once when a solve must come first (Telegram wants an answer within seconds).
    pending = update.callback_query if in_place or answers_press else None

    working: int | None = None  # the "Working out …" message the answer replaces

    async def solve(puzzle_id: str, target: str, missing: NotPrecomputed) -> None:
        nonlocal pending, working
        if pending is not None:
            await answer(pending, None)
            pending = None
        assert isinstance(missing, MustSolve)  # what unit_of_work raises for a solvable target
        solves = found.solves
        assert solves is not None  # a reply asks for a solve only when there is a solver
        puzzle = get_puzzle(puzzle_id)
        try:
            solving = solves.solve(puzzle, puzzle.target(target))
        except SolvesBusy:
            raise Refused(Reply(text("solver_busy", missing.language))) from None
        working = await _announce(update, context, puzzle_id, target, missing.language)
        try:
            await _showing_progress(update, context, solving)
        except SolveUnfinished:  # the solve-job queue stopped waiting: busy too, in the notice's place
            raise Refused(Reply(text("solver_busy", missing.language))) from None
        except BeyondLimits as refused:  # a person's target beyond the limits: the API's words
            raise Refused(Reply(refused.words(missing.language))) from None

    async def attempt(may_solve: bool) -> Reply:
        async with found.user_locks.hold(key):  # one update of a person at a time, but not the solve
            return await asyncio.to_thread(unit_of_work, update, found, ask, show, may_solve=may_solve)

    try:
        reply = await after_solving(
            lambda: attempt(found.solves is not None), solve, again=lambda: attempt(False)
        )
    except Refused as refused:
        reply = refused.reply
    if pending is not None:
        await answer(pending, reply.toast or reply.flash)
    if reply.toast is None:
        await send(
            update, context, reply, in_place=in_place, shared=shared, replaces=working, prompt=answers_press
        )


async def tell(
    update: Update, context: BotContext, show: Callable[[InChat], Reply], *, in_place: bool = False
) -> None:
    """A reply that needs no service call, only who asks (:func:`respond` without an answer)."""
    await respond(update, context, nobody_asks, lambda _nothing, who: show(who), in_place=in_place)


def nobody_asks(_session: Session, _who: InChat) -> None:
    """The service call of a reply that needs none."""


async def answer(query: CallbackQuery, toast: str | None) -> None:
    """Stop a button's spinner (with a toast); a query Telegram no longer knows is left alone."""
    with contextlib.suppress(TelegramError):
        await query.answer(toast)


SOLVING_ACTION_EVERY = 4.0  # seconds; Telegram shows a chat action for about 5 s


async def _announce(
    update: Update, context: BotContext, puzzle_id: str, target: str, language: str
) -> int | None:
    """Say at once that a target is being worked out and about how long it takes (the mean of
    the edition's stored targets), ahead of the chat's queued replies; the message's id (None if
    it could not be sent)."""
    found, chat = deps(context), update.effective_chat
    asker = person(update, found.default_timezone)
    if chat is None or asker is None:
        return None
    summaries = stored_summaries(found.sessions)
    known = summaries.peek()
    if known is None:
        known = await asyncio.to_thread(summaries.get, found.sessions)
    summary = known.get(puzzle_id)
    notice = working_out(get_puzzle(puzzle_id), target, summary.seconds if summary else None, language)
    if chat.type != ChatType.PRIVATE:
        notice = addressed(notice, asker, context.bot.username)
    try:
        sent = await found.sender.send(context.bot, chat.id, notice)
    except TelegramError as exc:
        logger.info("the working-out notice to %s was not sent (%s)", chat.id, exc.message)
        return None
    return sent.message_id


async def _showing_progress(update: Update, context: BotContext, solving: asyncio.Future[object]) -> None:
    """Wait for a solve on demand (:mod:`bot.solving`: one per target, whoever else asks) while
    the chat shows 'sending photo…'."""
    chat = update.effective_chat
    while not solving.done():
        if chat is not None:
            with contextlib.suppress(TelegramError):
                await context.bot.send_chat_action(chat.id, ChatAction.UPLOAD_PHOTO)
        await asyncio.wait({solving}, timeout=SOLVING_ACTION_EVERY)
    solving.result()


async def say(update: Update, context: BotContext, key: str, **values: object) -> None:
    await tell(update, context, lambda who: Reply(text(key, who.language, **values)))


async def refuse(update: Update, context: BotContext, key: str) -> None:
    """Say the refusal ``key`` ("I didn't understand that") unless this person was told it within
    the minute (:meth:`bot.flood.CommandBudgets.first_refusal`): one answer per flood."""
    asker = person(update, deps(context).default_timezone)
    if asker is not None and deps(context).budgets.first_refusal(asker.id, key):
        await say(update, context, key)


async def stale(query: CallbackQuery) -> None:
    """A button we did not make, or no longer know: a toast saying so."""
    await answer(query, text("stale_button", language_for(None, query.from_user.language_code)))


def clock(context: BotContext) -> datetime:
    """Now, by the bot's clock (a test's fake one in the tests)."""
    return deps(context).clock()


def command_argument(context: BotContext) -> str | None:
    """The words after the command, or None when there are none."""
    return " ".join(context.args) if context.args else None
