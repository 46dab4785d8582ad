"""/mypuzzle: a person's own puzzle in Telegram.

``/mypuzzle`` alone says how to make one and lists theirs (make it the daily puzzle, play it on
the web board, how to send a new version, delete it after a question). ``/mypuzzle`` followed by
a definition, or the definition as a text file with the caption ``/mypuzzle`` (in a private chat
any ``.txt`` file), is read: every problem comes back in words with its line and column; else
"Checking today's target…" is sent at once, the probe runs on a thread of its own (CP-SAT,
seconds of CPU: never on the event loop nor on the pool the updates' units of work share), and
that message is edited into the kept puzzle's id, title and counts, or the refusal. ``/mypuzzle
edit ID`` followed by a definition (or a file with that caption) does the same for a new version
of the asker's puzzle, through the API's service call (:func:`hints.custom_puzzles.edit`);
someone else's, a deleted or an unknown puzzle is refused before anything is probed.

Making one the daily puzzle is the /edition button (:func:`bot.handlers.chat_settings.set_edition`):
a private chat's own setting, a group's for its admins only.
"""

from __future__ import annotations

import asyncio
import logging
import re
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime

from sqlalchemy.orm import Session
from telegram import Update
from telegram.constants import ChatType
from telegram.ext import filters

from bot.callbacks import CALLBACK_VERSION
from bot.context import BotContext, deps
from bot.replies import my_puzzle as replies
from bot.replies.my_puzzle import MINE, decode_mine
from bot.replies.types import Reply
from bot.respond import addressed, answer, person, respond, send, stale, tell, who_is_asking
from hints import custom_puzzles as custom
from hints.custom_puzzles import Created, CustomPuzzle, Definition, ProbeResult, QuotaReached
from hints.player_actions import InChat
from hints.unit_of_work import run

logger = logging.getLogger(__name__)

# What refuses keeping a definition: the quota, or (a new version) a puzzle unknown, deleted or not theirs.
Refused = QuotaReached | LookupError | custom.NotOwner | custom.Deleted

MAX_DEFINITION_BYTES = 20_000  # as the API's: a 64-cell board with 13 pieces drawn takes about 1 KB
MINE_PATTERN = rf"^{CALLBACK_VERSION}\|{MINE}\|"
COMMAND = re.compile(r"^/mypuzzle(?:@\w+)?(?=\s|$)", re.IGNORECASE)
# "/mypuzzle edit ID" and the new definition on the lines after it (or a file with that caption)
EDIT = re.compile(r"^edit\b[ \t]*(\S*)[ \t]*(?:\n|$)", re.IGNORECASE)
# A definition as a file: captioned /mypuzzle anywhere, or any .txt file in a private chat.
DOCUMENTS = filters.UpdateType.MESSAGE & (
    (filters.Document.ALL & filters.CaptionRegex(COMMAND))
    | (filters.Document.FileExtension("txt") & filters.ChatType.PRIVATE)
)

# One probe at a time, on a thread of its own (OR-Tools releases the GIL while it searches).
_probes = ThreadPoolExecutor(max_workers=1, thread_name_prefix="definition-probe")


def definition_in(message_text: str) -> str:
    """What follows the command in ``/mypuzzle …``, its lines as written (line 1: the first line
    after the command's); empty when nothing does."""
    found = COMMAND.match(message_text)
    return (message_text[found.end() :] if found else message_text).strip()


def edit_in(definition: str) -> tuple[str, str] | None:
    """(the puzzle's id, the new definition) of ``edit ID`` followed by a definition (either may be
    empty); None when the text is no edit."""
    found = EDIT.match(definition)
    if found is None:
        return None
    return found.group(1), definition[found.end() :].strip()


async def my_puzzle(update: Update, context: BotContext) -> None:
    """How to make your own puzzle and the list of yours; with a definition after it, keep it;
    with ``edit ID`` and a definition, keep it as a new version of that puzzle."""
    message = update.effective_message
    definition = definition_in(message.text or "") if message is not None else ""
    edit = edit_in(definition)
    if edit is not None:
        await take_edit(update, context, *edit)
        return
    if definition:
        await take_definition(update, context, definition)
        return
    web = deps(context).web

    def mine(session: Session, who: InChat) -> list[CustomPuzzle]:
        return custom.owned(session, who.player.id)

    await respond(update, context, mine, lambda found, who: replies.overview(found, who, web))


async def document(update: Update, context: BotContext) -> None:
    """A definition sent as a file: read (at most MAX_DEFINITION_BYTES of UTF-8 text), then kept."""
    message = update.effective_message
    if message is None or message.document is None:
        return
    sent = message.document
    if sent.file_size is not None and sent.file_size > MAX_DEFINITION_BYTES:
        await tell(update, context, lambda who: replies.too_large(who.language, MAX_DEFINITION_BYTES))
        return
    data = bytes(await (await context.bot.get_file(sent.file_id)).download_as_bytearray())
    if len(data) > MAX_DEFINITION_BYTES:
        await tell(update, context, lambda who: replies.too_large(who.language, MAX_DEFINITION_BYTES))
        return
    try:
        definition = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        await tell(update, context, lambda who: replies.not_text(who.language))
        return
    edit = edit_in(definition_in(message.caption or ""))
    if edit is not None:
        await take_edit(update, context, edit[0], definition)
        return
    await take_definition(update, context, definition)


async def take_edit(update: Update, context: BotContext, puzzle_id: str, definition: str) -> None:
    """``/mypuzzle edit ID`` and a definition: a new version of the asker's puzzle. Without an id,
    or without a definition, how to send one; someone else's or a deleted puzzle, why not."""
    if not puzzle_id:
        await tell(update, context, lambda who: replies.edit_usage(who.language))
        return
    found = deps(context)
    who = await asyncio.to_thread(_asker, update, context)
    puzzle = await asyncio.to_thread(run, found.sessions, lambda session: custom.stored(session, puzzle_id))
    refused = replies.edit_refusal(puzzle, puzzle_id, who)
    if refused is not None or not definition:
        await send(update, context, refused or replies.edit_how(puzzle, who))
        return
    await take_definition(update, context, definition, editing=puzzle_id)


async def take_definition(
    update: Update, context: BotContext, definition: str, *, editing: str | None = None
) -> None:
    """Read the definition (every problem, in words), probe it, keep it (as a new version of the
    puzzle ``editing``, the API's PATCH through the same service call): one message that says
    "Checking…" at once and is edited into the answer."""
    found = deps(context)
    now = found.clock()
    who = await asyncio.to_thread(_asker, update, context)
    read = await asyncio.to_thread(custom.read, definition, who.language)
    if isinstance(read, list):
        await send(update, context, replies.problems(read, who.language))
        return
    checking = await _send_now(update, context, replies.checking(who.language))
    loop = asyncio.get_running_loop()
    probed = await loop.run_in_executor(_probes, custom.probe_definition, read, who.player.today(now))
    if probed.hopeless:
        reply = replies.hopeless(probed, who.language)
    else:
        outcome = await asyncio.to_thread(
            run, found.sessions, lambda session: keep(session, who, read, probed, now, editing)
        )
        if not isinstance(outcome, Created):
            reply = replies.not_kept(outcome, editing or "", who)
        elif editing is not None:
            reply = replies.new_version(outcome, who, found.web)
        else:
            reply = replies.kept(outcome, who, found.web)
    await _replace(update, context, checking, reply)


def _asker(update: Update, context: BotContext) -> InChat:
    found = deps(context)
    return run(found.sessions, lambda session: who_is_asking(session, update, found.default_timezone))


def keep(
    session: Session,
    who: InChat,
    definition: Definition,
    probed: ProbeResult,
    now: datetime,
    editing: str | None = None,
) -> Created | Refused:
    """The definition kept as the asker's new puzzle (or a new version of their puzzle
    ``editing``), or what refuses it: the quota, or a puzzle gone or not theirs meanwhile."""
    try:
        if editing is not None:
            return custom.edit(session, who.player.id, editing, definition, probed, now)
        return custom.create(session, who.player.id, definition, probed, now)
    except (QuotaReached, LookupError, custom.NotOwner, custom.Deleted) as refused:
        return refused


def _for_chat(update: Update, context: BotContext, reply: Reply) -> Reply:
    """In a group, the reply names the asker (as every group reply does)."""
    chat, asker = update.effective_chat, person(update, deps(context).default_timezone)
    if chat is None or asker is None or chat.type == ChatType.PRIVATE:
        return reply
    return addressed(reply, asker, context.bot.username)


async def _send_now(update: Update, context: BotContext, reply: Reply) -> int | None:
    """Send ``reply`` through the chat's queue and wait until it is sent: its message id (None
    when it could not be sent)."""
    found, chat = deps(context), update.effective_chat
    assert chat is not None
    sent: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()

    async def deliver() -> None:
        try:
            message = await found.sender.send(context.bot, chat.id, _for_chat(update, context, reply))
            sent.set_result(message.message_id)
        except Exception:
            logger.exception("a reply to chat %s could not be sent", chat.id)
            sent.set_result(None)

    if not found.replies.submit(chat.id, deliver):
        return None
    return await sent


async def _replace(update: Update, context: BotContext, message_id: int | None, reply: Reply) -> None:
    """Edit message ``message_id`` into ``reply`` (a new message when that cannot be done)."""
    found, chat = deps(context), update.effective_chat
    assert chat is not None
    final = _for_chat(update, context, reply)

    async def deliver() -> None:
        if message_id is not None and await found.sender.edit(
            context.bot, chat.id, message_id, final, was_photo=False
        ):
            return
        await found.sender.send(context.bot, chat.id, final)

    found.replies.submit(chat.id, deliver)


async def mine_button(update: Update, context: BotContext) -> None:
    """✏️ says how to send a new version; 🗑 asks first; **Yes** deletes the puzzle (its owner
    only), **No** keeps it."""
    query = update.callback_query
    assert query is not None
    decoded = decode_mine(query.data)
    if decoded is None:
        await stale(query)
        return
    step, puzzle_id = decoded
    if step == "edit":
        await answer(query, None)
        await respond(
            update,
            context,
            lambda session, _who: custom.stored(session, puzzle_id),
            lambda puzzle, who: replies.edit_refusal(puzzle, puzzle_id, who) or replies.edit_how(puzzle, who),
        )
    elif step == "ask":
        await answer(query, None)
        await respond(
            update,
            context,
            lambda session, _who: custom.stored(session, puzzle_id),
            replies.delete_question,
        )
    elif step == "yes":
        now = deps(context).clock()
        await respond(
            update,
            context,
            lambda session, who: delete(session, who, puzzle_id, now),
            replies.deleted,
            in_place=True,
        )
    else:
        await tell(update, context, replies.not_deleted, in_place=True)


def delete(session: Session, who: InChat, puzzle_id: str, now: datetime) -> CustomPuzzle | None:
    """Delete the asker's puzzle if it is theirs and still there; the puzzle as it was (None: no
    such puzzle), for the answer to say what became of it."""
    puzzle = custom.stored(session, puzzle_id)
    if puzzle is not None and not puzzle.deleted and puzzle.owner == who.player.id:
        custom.delete(session, who.player.id, puzzle_id, now)
    return puzzle
