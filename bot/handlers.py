"""Telegram handlers: thin adapters from updates to :mod:`bot.replies` and back.

Each update is one unit of work: in a worker thread (so the event loop keeps
serving other chats) one session reads who is asking, builds the reply
(database reads, hint computation) and commits once; then the reply is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy.orm import Session
from telegram import CallbackQuery, ChatMember, Message, Update
from telegram.constants import ChatAction, ChatType
from telegram.error import TelegramError
from telegram.ext import ApplicationHandlerStop

from bot import replies
from bot.context import BotContext, Deps
from bot.flood import Verdict
from bot.inputs import Ambiguous, zone_label
from bot.logic import (
    Action,
    BadArgument,
    BoardCallback,
    Callback,
    EditionCallback,
    SetupCallback,
    decode_callback,
    encode_setup_callback,
    local_today,
    parse_day,
    parse_post_time,
    parse_timezone,
    zone,
)
from bot.replies import Button, Reply, Web, Who
from bot.solving import SolvesBusy
from bot.texts import LANGUAGES, language_for, text
from db import bot_repository as chats
from hints.daily import edition_choice, find_edition, known_edition
from hints.errors import NotPrecomputed
from solver.catalog import get_puzzle
from solver.hints import Stage

logger = logging.getLogger(__name__)

MAX_TEXT = 1000
ADMIN_STATUSES = (ChatMember.ADMINISTRATOR, ChatMember.OWNER)
Build = Callable[[Session, Who], Reply]


def deps(context: BotContext) -> Deps:
    return context.bot_data.deps


@dataclass(frozen=True)
class Person:
    """Whom an update counts for: the key of their progress, saved boards, solves and budget."""

    id: int
    first_name: str
    language_code: str | None = None


def person(update: Update) -> Person | None:
    """The person behind an update: the chat a message was sent as, else the user who sent it.

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
        return Person(sender.id, sender.title or sender.first_name or user.first_name, user.language_code)
    return Person(user.id, user.first_name, user.language_code)


def who_is_asking(session: Session, update: Update, default_timezone: str) -> Who:
    """Chat, person, language and time zone of an update (the chat's settings read from the store).

    A private chat keeps its user's Telegram language for the daily post, written with the
    update's unit of work on first contact and when it changes (no statement otherwise).
    """
    chat, asker = update.effective_chat, person(update)
    assert chat is not None and asker is not None
    settings = chats.get_chat(session=session, chat_id=chat.id)
    if chat.type == ChatType.PRIVATE:
        chats.remember_language(
            session=session,
            chat_id=chat.id,
            kind=chat.type,
            language_code=asker.language_code,
            stored=settings,
        )
    language = language_for(settings.language if settings else None, asker.language_code)
    timezone = (settings.timezone if settings else None) or default_timezone
    edition = known_edition(settings.edition if settings else None)
    faceup = bool(settings and settings.faceup)
    return Who(chat.id, chat.type, asker.id, language, timezone, asker.first_name, edition, faceup)


class MustSolve(Exception):
    """The reply needs a target of an edition solved on demand that is not stored yet."""

    def __init__(self, puzzle_id: str, target: str, language: str) -> None:
        super().__init__(f"{puzzle_id} {target}")
        self.puzzle_id, self.target = puzzle_id, target
        self.language = language  # the asker's, should the solve have to be refused


def unit_of_work(update: Update, found: Deps, build: Build, *, may_solve: bool = True) -> Reply:
    """Read who asks, build the reply and commit, all in one session; bad input gets a short answer.
    MustSolve (with ``may_solve``) when the reply needs a target solved on demand first."""
    with found.sessions() as session:
        who = who_is_asking(session, update, found.default_timezone)
        try:
            reply = build(session, who)
        except BadArgument as exc:
            session.rollback()
            return _bad_argument(exc, who.language)
        except NotPrecomputed as missing:
            session.rollback()
            if may_solve and missing.solvable is not None:
                raise MustSolve(*missing.solvable, who.language) from None
            return Reply(text("not_ready", who.language))
        session.commit()
        return reply


CHOICE_FIELDS = {"ambiguous_time": "time", "ambiguous_timezone": "zone"}  # ask-backs answered by a button


def _bad_argument(exc: BadArgument, language: str) -> Reply:
    """What was wrong with an argument; a time or zone with several readings offers each as a button."""
    field = CHOICE_FIELDS.get(exc.key)
    if not isinstance(exc, Ambiguous) or field is None:
        return Reply(text(exc.key, language, value=exc.value))
    label = zone_label if field == "zone" else str
    buttons = tuple(
        Button(label(choice), encode_setup_callback(SetupCallback(field, choice))) for choice in exc.choices
    )
    return Reply(text("pick_one", language), buttons=buttons, columns=2)


async def send(update: Update, context: BotContext, reply: Reply, *, in_place: bool = False) -> None:
    """Private replies go at once; a group's join its queue, so its 20-a-minute pace holds no one up.

    With ``in_place`` (a button that moves its own message on, like **Next hint**)
    the message carrying the button is edited when it was the presser's, else a
    new message is sent; a new message with buttons takes the buttons off the
    asker's previous one, when that delays no reply: only while the chat's send
    pace has room to spare and, in a group, no other reply waits. In a group the
    reply answers the person who asked: it quotes their message
    (``reply_parameters``), starts with their first name, and may offer the same
    puzzle in a private chat ("Hints in private").
    """
    chat, asker = update.effective_chat, person(update)
    assert chat is not None and asker is not None
    found, bot = deps(context), context.bot
    chat_id, user_id, message = chat.id, asker.id, update.effective_message
    private = chat.type == ChatType.PRIVATE
    if not private:
        reply = addressed(reply, update, bot.username)
    reply_to = None if private or message is None or update.callback_query else message.message_id
    target = _editable(update, found) if in_place else None

    async def deliver() -> None:
        if target is not None:
            message_id, was_photo = target
            if await found.sender.edit(bot, chat_id, message_id, reply, was_photo=was_photo):
                return
        sent = await found.sender.send(bot, chat_id, reply, reply_to=reply_to)
        stale = found.messages.sent(chat_id, user_id, sent.message_id, bool(reply.buttons))
        if stale is not None and not found.group_replies.waiting(chat_id):  # never before a reply
            await found.sender.strip_buttons(bot, chat_id, stale)

    if private:
        await deliver()
    else:
        found.group_replies.submit(chat_id, deliver)


def _editable(update: Update, found: Deps) -> tuple[int, bool] | None:
    """The pressed button's message and whether it is a photo, if the presser may change it."""
    query, chat, presser = update.callback_query, update.effective_chat, person(update)
    if query is None or chat is None or presser is None or not isinstance(query.message, Message):
        return None
    message = query.message
    if chat.type != ChatType.PRIVATE and found.messages.owner(chat.id, message.message_id) != presser.id:
        return None
    return message.message_id, bool(message.photo)


def addressed(reply: Reply, update: Update, bot_username: str) -> Reply:
    """A group reply with the asker's first name in front and the 'Hints in private' link."""
    asker = person(update)
    language = language_for(None, asker.language_code if asker else None)
    named = text("for_user", language, name=asker.first_name, text=reply.text) if asker else reply.text
    buttons = reply.buttons
    if reply.private is not None:
        buttons = (*buttons, replies.hints_in_private(bot_username, reply.private, language))
    return replace(reply, text=named, buttons=buttons)


async def respond(update: Update, context: BotContext, build: Build, *, in_place: bool = False) -> None:
    """Build a reply for the asker in one unit of work (one at a time per person), then send it.

    A reply that needs a target solved on demand waits for the solve, or says the solver is busy.
    """
    chat, asker = update.effective_chat, person(update)
    key = (chat.id if chat else None, asker.id if asker else None)
    # A button that edits its message is answered once its reply is built (it may be a toast),
    # or at once when a solve must come first (Telegram wants an answer within seconds).
    pending = update.callback_query if in_place else None
    async with deps(context).user_locks.hold(key):
        try:
            reply = await asyncio.to_thread(unit_of_work, update, deps(context), build)
        except MustSolve as missing:
            if pending is not None:
                await _answer(pending, None)
                pending = None
            try:
                await _solve_showing_progress(update, context, missing)
            except SolvesBusy:
                reply = Reply(text("solver_busy", missing.language))
            else:
                reply = await asyncio.to_thread(unit_of_work, update, deps(context), build, may_solve=False)
    if pending is not None:
        await _answer(pending, reply.toast)
    if reply.toast is None:
        await send(update, context, reply, in_place=in_place)


async def _answer(query: CallbackQuery, toast: str | None) -> None:
    """Stop a button's spinner (with a toast); a query Telegram no longer knows is left alone."""
    with contextlib.suppress(TelegramError):
        await query.answer(toast)


SOLVING_ACTION_EVERY = 4.0  # seconds; Telegram shows a chat action for about 5 s


async def _solve_showing_progress(update: Update, context: BotContext, missing: MustSolve) -> None:
    """Solve a target on demand (once, whoever else asks) while the chat shows 'sending photo…';
    SolvesBusy at once when too many solves wait already (:mod:`bot.solving`)."""
    chat = update.effective_chat
    puzzle = get_puzzle(missing.puzzle_id)
    solving = deps(context).solves.solve(puzzle, puzzle.target(missing.target))
    while not solving.done():
        if chat is not None:
            with contextlib.suppress(TelegramError):
                await context.bot.send_chat_action(chat.id, ChatAction.UPLOAD_PHOTO)
        await asyncio.wait({solving}, timeout=SOLVING_ACTION_EVERY)
    solving.result()


async def say(update: Update, context: BotContext, key: str, **values: object) -> None:
    await respond(update, context, lambda _session, who: Reply(text(key, who.language, **values)))


def _now(context: BotContext) -> datetime:
    return deps(context).clock()


def _argument(context: BotContext) -> str | None:
    return " ".join(context.args) if context.args else None


# ---------------------------------------------------------------- flood control


def _counts_against_budget(update: Update) -> bool:
    """Commands and button presses cost; plain chatter, edits and membership changes do not."""
    if update.callback_query is not None:
        return True
    message_text = update.message.text if update.message is not None else None
    return message_text is not None and message_text.startswith("/")


async def gate(update: Update, context: BotContext) -> None:
    """Runs before every handler: a command or button press over budget is refused, in words that
    are true (:mod:`bot.flood`): a toast for a button; "please send it again in N s" in a private
    chat, at most once a minute; one notice a minute in a busy group; otherwise nothing."""
    chat, asker = update.effective_chat, person(update)
    if chat is None or asker is None or not _counts_against_budget(update):
        return
    private = chat.type == ChatType.PRIVATE
    admission = deps(context).budgets.admit(asker.id, chat.id, not private)
    if admission.verdict == Verdict.ALLOW:
        return
    language = language_for(None, asker.language_code)
    if update.callback_query is not None:  # a toast every time (it sends nothing); the spinner stops
        await _answer(update.callback_query, text("slow_down_button", language, seconds=admission.seconds))
    elif admission.verdict == Verdict.WARN and private:
        await send(update, context, Reply(text("slow_down", language, seconds=admission.seconds)))
    elif admission.verdict == Verdict.WARN:
        await _busy_group_notice(context, chat.id, asker.language_code, admission.seconds)
    raise ApplicationHandlerStop


async def _busy_group_notice(
    context: BotContext, chat_id: int, language_code: str | None, seconds: int
) -> None:
    """The one notice a minute to a group over its budget: to everyone (no name, no quote), in the
    group's language (else the asker's), ahead of the replies already waiting in its queue."""
    found = deps(context)

    def chosen() -> str | None:
        with found.sessions() as session:
            settings = chats.get_chat(session=session, chat_id=chat_id)
            return settings.language if settings is not None else None

    notice = Reply(
        text("slow_down_group", language_for(await asyncio.to_thread(chosen), language_code), seconds=seconds)
    )

    async def deliver() -> None:
        await found.sender.send(context.bot, chat_id, notice)

    found.group_replies.submit(chat_id, deliver, first=True)


# ---------------------------------------------------------------- commands


async def today(update: Update, context: BotContext) -> None:
    """The calendar puzzle of today (the chat's time zone) or of the given date."""
    argument, now, web = _argument(context), _now(context), deps(context).web

    def build(session: Session, who: Who) -> Reply:
        today = local_today(now, zone(who.timezone, "UTC"))
        day = parse_day(argument, today) if argument else today
        return replies.today(session, who, day, web, now)

    await respond(update, context, build)


async def hint(update: Update, context: BotContext) -> None:
    """The next hint of the user's current puzzle (from their saved board, if they saved one)."""
    now, web = _now(context), deps(context).web
    await respond(update, context, lambda session, who: replies.next_hint(session, who, now, web=web))


async def check(update: Update, context: BotContext) -> None:
    """The status of the user's saved board: solutions left, dead end, solved."""
    now, web = _now(context), deps(context).web
    await respond(update, context, lambda session, who: replies.check(session, who, now, web))


async def solution(update: Update, context: BotContext) -> None:
    """The full answer of the user's current puzzle."""
    now = _now(context)
    await respond(update, context, lambda session, who: replies.solution(session, who, now))


async def another(update: Update, context: BotContext) -> None:
    """A different stored solution of the day's calendar puzzle."""
    now = _now(context)
    await respond(update, context, lambda session, who: replies.another(session, who, now))


async def pentomino(update: Update, context: BotContext) -> None:
    """Today's pentomino challenge."""
    now, web = _now(context), deps(context).web

    def build(session: Session, who: Who) -> Reply:
        return replies.pentomino(session, who, local_today(now, zone(who.timezone, "UTC")), web, now)

    await respond(update, context, build)


async def stats(update: Update, context: BotContext) -> None:
    """In a private chat your streaks and solved days; in a group the year heatmap and the subscription."""
    default_tz, now = deps(context).default_timezone, _now(context)

    def build(session: Session, who: Who) -> Reply:
        if who.in_group:
            return replies.stats(session, who, default_tz, local_today(now, zone(who.timezone, "UTC")).year)
        personal = replies.personal_stats(session, who, now)
        status = replies.subscription_status(
            chats.get_chat(session=session, chat_id=who.chat_id), who.language, default_tz
        )
        return replace(personal, text=f"{personal.text}\n{status}")

    await respond(update, context, build)


async def heatmap(update: Update, context: BotContext) -> None:
    """The chat's edition's solutions per date over this year."""
    now = _now(context)

    def build(session: Session, who: Who) -> Reply:
        return replies.heatmap(session, who, local_today(now, zone(who.timezone, "UTC")).year)

    await respond(update, context, build)


async def solved(update: Update, context: BotContext) -> None:
    """'I solved it' for the user's current puzzle: counts for the streak and the group's /top."""
    now = _now(context)
    await respond(update, context, lambda session, who: replies.solved(session, who, now))


async def top(update: Update, context: BotContext) -> None:
    """Today's solvers in this group (in a private chat: your own stats)."""
    now = _now(context)

    def build(session: Session, who: Who) -> Reply:
        return replies.top(session, who, now) if who.in_group else replies.personal_stats(session, who, now)

    await respond(update, context, build)


# ---------------------------------------------------------------- chat settings (admins only in groups)


async def may_change_settings(update: Update, context: BotContext) -> bool:
    """In groups only admins may change settings; says so to everyone else.

    An anonymous admin's message is sent as the group itself (``sender_chat`` is the chat):
    only admins can post that way, so it may change settings too.
    """
    chat, user, message = update.effective_chat, update.effective_user, update.effective_message
    assert chat is not None and user is not None
    if chat.type == ChatType.PRIVATE:
        return True
    if message is not None and message.sender_chat is not None and message.sender_chat.id == chat.id:
        return True
    member = await context.bot.get_chat_member(chat.id, user.id)
    if member.status in ADMIN_STATUSES:
        return True
    if update.callback_query is not None:  # a button: a toast for the presser, nothing in the group
        words = text("admins_only", language_for(None, user.language_code))
        await _answer(update.callback_query, words)
        return False
    await say(update, context, "admins_only")
    return False


async def member_of_linked_group(update: Update, context: BotContext, payload: str) -> int | None:
    """The group a 'Hints in private' link names, if the person following it in a private chat is
    a member (Telegram says so); None for any other payload, person or answer."""
    found = replies.parse_private_start(payload)
    chat, user = update.effective_chat, update.effective_user
    if found is None or found.group is None or chat is None or chat.type != ChatType.PRIVATE or user is None:
        return None
    try:
        member = await context.bot.get_chat_member(found.group, user.id)
    except TelegramError:  # the bot is not in that group, or it is no more: no link
        return None
    joined = member.status in (*ADMIN_STATUSES, ChatMember.MEMBER) or (
        member.status == ChatMember.RESTRICTED and bool(getattr(member, "is_member", False))
    )
    return found.group if joined else None


async def _change(update: Update, context: BotContext, change: Build) -> None:
    """A settings change, if the asker may make it (committed with the update's unit of work)."""
    if await may_change_settings(update, context):
        await respond(update, context, change)


async def subscribe(update: Update, context: BotContext) -> None:
    """Daily post of the day's puzzle at HH:MM local time (default 08:00), in the language of whoever
    subscribed unless the chat chose one (/language)."""
    argument, now, asker = _argument(context), _now(context), person(update)
    language_code = asker.language_code if asker is not None else None

    def change(session: Session, who: Who) -> Reply:
        post_time = parse_post_time(argument) if argument else "08:00"
        chats.subscribe(
            session=session,
            chat_id=who.chat_id,
            kind=who.chat_kind,
            post_time=post_time,
            now=now,
            language_code=language_code,
        )
        return Reply(text("subscribed", who.language, time=post_time, tz=zone_label(who.timezone)))

    await _change(update, context, change)


async def unsubscribe(update: Update, context: BotContext) -> None:
    """Stop the daily post."""

    def change(session: Session, who: Who) -> Reply:
        stopped = chats.unsubscribe(session=session, chat_id=who.chat_id)
        return Reply(text("unsubscribed" if stopped else "not_subscribed", who.language))

    await _change(update, context, change)


async def timezone(update: Update, context: BotContext) -> None:
    """Show the chat's time zone, or set it (IANA name)."""
    argument, now = _argument(context), _now(context)
    if argument is None:
        await respond(
            update,
            context,
            lambda _session, who: Reply(text("timezone_is", who.language, tz=zone_label(who.timezone))),
        )
        return

    def change(session: Session, who: Who) -> Reply:
        name = parse_timezone(argument)
        chats.set_timezone(session=session, chat_id=who.chat_id, kind=who.chat_kind, timezone=name, now=now)
        return Reply(text("timezone_set", who.language, tz=zone_label(name)))

    await _change(update, context, change)


async def language(update: Update, context: BotContext) -> None:
    """Switch between English and Japanese."""
    argument = (_argument(context) or "").strip().lower()
    if argument not in LANGUAGES:
        await say(update, context, "bad_language")
        return

    def change(session: Session, who: Who) -> Reply:
        chats.set_language(session=session, chat_id=who.chat_id, kind=who.chat_kind, language=argument)
        return Reply(text("language_set", argument))

    await _change(update, context, change)


async def edition(update: Update, context: BotContext) -> None:
    """Show the calendar editions with a picture and buttons, or set one by its id, short name or
    title: /edition weekday, /edition jarringwords."""
    argument = (_argument(context) or "").strip()
    if not argument:
        await respond(update, context, lambda session, who: replies.editions(who))
        return
    found = find_edition(argument)
    await _set_edition(update, context, found.id if found is not None else argument)


async def faceup(update: Update, context: BotContext) -> None:
    """/faceup on|off: hints only from solutions that turn no piece over (the engraved side up)."""
    argument = (_argument(context) or "").strip().lower()
    if argument not in ("on", "off"):
        await respond(update, context, lambda _session, who: replies.faceup_status(who))
        return
    now, web = _now(context), deps(context).web

    def change(session: Session, who: Who) -> Reply:
        return replies.set_faceup(session, who, argument == "on", now, web)

    await _change(update, context, change)


async def _set_edition(update: Update, context: BotContext, edition_id: str) -> None:
    now, web = _now(context), deps(context).web
    if edition_choice(edition_id) is None:
        await respond(update, context, lambda _session, who: replies.unknown_edition(who, edition_id))
        return

    def change(session: Session, who: Who) -> Reply:
        return replies.set_edition(session, who, edition_id, now, web)

    await _change(update, context, change)


# ---------------------------------------------------------------- buttons


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
        await _set_edition(update, context, callback.edition)
        return
    now, web = _now(context), deps(context).web
    in_place = isinstance(callback, BoardCallback) or callback.action in MOVES_ON
    if not in_place:  # a new message follows: stop the spinner now
        await query.answer()
    await respond(update, context, lambda s, who: _pressed(s, who, now, web, callback), in_place=in_place)


async def stale(query: CallbackQuery) -> None:
    """A button we did not make, or no longer know: a toast saying so."""
    await _answer(query, text("stale_button", language_for(None, query.from_user.language_code)))


MOVES_ON = frozenset({Action.HINT, Action.ANOTHER, Action.FEATURED})  # buttons that edit their message


def _pressed(
    session: Session, who: Who, now: datetime, web: Web | None, callback: Callback | BoardCallback
) -> Reply:
    """The reply to a decoded button."""
    if isinstance(callback, BoardCallback):
        return replies.board_hint_by_key(session, who, now, callback.board, web)
    if callback.action == Action.HINT:
        stage = None if callback.stage is None else Stage(callback.stage)
        return replies.next_hint(session, who, now, callback.kind, callback.day, web, stage)
    if callback.action == Action.CHALLENGE:
        return replies.pentomino(session, who, callback.day, web, now)
    if callback.action == Action.TODAY:
        return replies.today(session, who, callback.day, web, now)
    if callback.action == Action.SOLVED:
        return replies.solved(session, who, now, callback.kind, callback.day)
    if callback.action == Action.FEATURED:
        return replies.featured_hint(session, who, now, callback.kind, callback.day, web)
    return replies.another(session, who, now, callback.day)


# ---------------------------------------------------------------- everything else


def _addressed_elsewhere(message_text: str, bot_username: str) -> bool:
    command = message_text.split()[0] if message_text.split() else ""
    return "@" in command and command.split("@", 1)[1].lower() != bot_username.lower()


async def unknown_command(update: Update, context: BotContext) -> None:
    """Commands we do not know get a pointer to /help in private chats; groups (where other bots
    live) and commands addressed to other bots are left alone."""
    message, chat = update.effective_message, update.effective_chat
    if chat is None or chat.type != ChatType.PRIVATE:
        return
    if message is None or not message.text or _addressed_elsewhere(message.text, context.bot.username):
        return
    if len(message.text) > MAX_TEXT:
        await say(update, context, "too_long")
        return
    await say(update, context, "unknown_command")


async def other_message(update: Update, context: BotContext) -> None:
    """Plain text, stickers, photos…: a pointer to /help in private chats, silence in groups."""
    chat, message = update.effective_chat, update.effective_message
    if chat is None or chat.type != ChatType.PRIVATE or message is None:
        return
    too_long = message.text is not None and len(message.text) > MAX_TEXT
    await say(update, context, "too_long" if too_long else "plain_text")


async def edited_message(update: Update, context: BotContext) -> None:
    """Edits change nothing; in private chats we say so."""
    chat = update.effective_chat
    if chat is not None and chat.type == ChatType.PRIVATE and update.effective_user is not None:
        await say(update, context, "edited")


async def membership(update: Update, context: BotContext) -> None:
    """The bot was removed from a group, or blocked in a private chat: stop its daily post."""
    change = update.my_chat_member
    if change is None or change.new_chat_member.status not in (ChatMember.LEFT, ChatMember.BANNED):
        return

    def stop() -> None:
        with deps(context).sessions.begin() as session:
            chats.unsubscribe(session=session, chat_id=change.chat.id)

    await asyncio.to_thread(stop)


async def error_handler(update: object, context: BotContext) -> None:
    """Log the traceback once and apologise to the user; the bot keeps running."""
    error = context.error
    trace = "".join(traceback.format_exception(type(error), error, error.__traceback__)) if error else ""
    logger.error("unhandled error while handling an update: %s\n%s", error, trace)
    if isinstance(update, Update) and update.effective_chat is not None:
        language = language_for(None, update.effective_user.language_code if update.effective_user else None)
        try:
            await context.bot.send_message(update.effective_chat.id, text("apology", language))
        except Exception:  # the apology is best effort; the error is already logged
            logger.warning("could not send the apology")
