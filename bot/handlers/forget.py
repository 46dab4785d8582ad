"""/forget asks first: a question with **Yes** and **No**, and the answer edits it in place.

**Yes** deletes everything kept about the person (:func:`hints.players.forget`: solves,
streaks, hint progress, saved boards, their private chat's settings and daily post, and the web
board's visitors who became them); **No**
deletes nothing. Only the person's newest question may be answered, and once
(:mod:`bot.questions`): "Yes" after "No", or under an older question, gets a toast and deletes
nothing. The buttons name the person who asked, so in a group nobody else's press
answers them (a toast says so); a question asked as the group itself (an anonymous admin) or as
a channel, whose presses come from a real user, may be answered by an admin of the group.
"""

from __future__ import annotations

import contextlib

from sqlalchemy.orm import Session
from telegram import Update
from telegram.error import TelegramError

from bot.callbacks import CALLBACK_VERSION
from bot.context import BotContext, deps
from bot.handlers.members import ADMIN_STATUSES
from bot.replies import record
from bot.replies.types import Button, Reply
from bot.respond import person, respond, stale, tell
from bot.texts import language_for, text
from hints import players
from hints.player_actions import InChat

FORGET_PATTERN = rf"^{CALLBACK_VERSION}\|forget\|"  # the callback data of the question's buttons
ANSWERS = {"yes": True, "no": False}


def encode_answer(answer: bool, person_id: int, number: int) -> str:
    return f"{CALLBACK_VERSION}|forget|{'yes' if answer else 'no'}|{person_id}|{number}"


def decode_answer(data: str | None) -> tuple[bool, int, int] | None:
    """(yes, the person asked about, the question's number) of a question's button; None for
    anything we did not make (a question from before they were numbered included)."""
    parts = (data or "").split("|")
    if len(parts) != 5 or parts[0] != CALLBACK_VERSION or parts[1] != "forget" or parts[2] not in ANSWERS:
        return None
    try:
        return ANSWERS[parts[2]], int(parts[3]), int(parts[4])
    except ValueError:
        return None


def question(who: InChat, number: int) -> Reply:
    """'Delete everything I keep about you?' with Yes and No side by side; ``number``: the
    question's (:class:`bot.questions.Questions`), so that only the open one is answered."""
    return Reply(
        text("forget_question", who.language),
        buttons=(
            Button(text("button_forget_yes", who.language), encode_answer(True, who.player.id, number)),
            Button(text("button_forget_no", who.language), encode_answer(False, who.player.id, number)),
        ),
        columns=2,
    )


def answered(session: Session, answer: bool, person_id: int) -> bool:
    """Yes: delete everything about ``person_id`` (:func:`hints.players.forget`); whether it was."""
    if answer:
        players.forget(session, person_id)
    return answer


def said(forgotten: bool, who: InChat) -> Reply:
    """The question's answer in place: everything deleted, or nothing."""
    return record.forgotten(who.language) if forgotten else Reply(text("forget_kept", who.language))


async def forget_command(update: Update, context: BotContext) -> None:
    """/forget: the question, nothing deleted yet (a question asked before is closed)."""
    asker = person(update, deps(context).default_timezone)
    if asker is None:
        return
    number = deps(context).questions.ask(asker.id)
    await tell(update, context, lambda who: question(who, number))


async def forget_button(update: Update, context: BotContext) -> None:
    """Yes or No, by the person asked (or for a group or channel, an admin), to their open
    question only: the question turns into the answer in place; a stale one gets a toast."""
    query = update.callback_query
    assert query is not None
    decoded = decode_answer(query.data)
    if decoded is None:
        await stale(query)
        return
    answer, person_id, number = decoded
    language = language_for(None, query.from_user.language_code)
    if query.from_user.id != person_id and not await _answers_for_chat(update, context, person_id):
        with contextlib.suppress(TelegramError):
            await query.answer(text("forget_not_yours", language))
        return
    if not deps(context).questions.settle(person_id, number):  # answered already, or not the last asked
        with contextlib.suppress(TelegramError):
            await query.answer(text("forget_stale", language))
        return
    await respond(
        update, context, lambda session, _who: answered(session, answer, person_id), said, in_place=True
    )


async def _answers_for_chat(update: Update, context: BotContext, person_id: int) -> bool:
    """Whether the presser may answer for ``person_id``: a chat (the group itself, or a channel
    that posted in it; negative ids), and the presser an admin of the group."""
    chat = update.effective_chat
    if person_id >= 0 or chat is None or update.effective_user is None:
        return False
    try:
        member = await context.bot.get_chat_member(chat.id, update.effective_user.id)
    except TelegramError:
        return False
    return member.status in ADMIN_STATUSES
