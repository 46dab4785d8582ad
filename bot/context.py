"""The bot's typed context (python-telegram-bot's ``ContextTypes``) instead of string keys in ``bot_data``.

``application.bot_data`` is a :class:`BotData`: python-telegram-bot creates it
empty, :func:`bot.app.build_application` fills it with :class:`Deps` once.
Handlers read ``context.bot_data.deps``; mypy checks every access.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session, sessionmaker
from telegram.ext import Application, CallbackContext, ContextTypes, ExtBot, JobQueue

from bot.daily_posts import Dispatcher
from bot.flood import CommandBudgets, KeyedLocks
from bot.outgoing import ChatQueues, MessageBook
from bot.questions import Questions
from bot.replies.types import Web
from bot.sender import Sender
from bot.solving import SolveQueue


@dataclass(frozen=True)
class Deps:
    """What the handlers and the daily-post job need."""

    sessions: sessionmaker[Session]
    sender: Sender
    dispatcher: Dispatcher
    default_timezone: str
    clock: Callable[[], datetime]
    dispatch_seconds: float
    start_scheduler: bool  # whether start-up schedules the daily-post job in this process
    solves: SolveQueue | None  # solves a target of an edition solved on demand the first time it is needed
    web: Web | None = None  # the web board (PUBLIC_URL), for 'Play on the board' buttons
    budgets: CommandBudgets = field(default_factory=CommandBudgets)  # flood control per user and group
    replies: ChatQueues = field(default_factory=ChatQueues)  # a reply queue per chat
    user_locks: KeyedLocks = field(default_factory=KeyedLocks)  # one update of a user at a time
    messages: MessageBook = field(default_factory=MessageBook)  # whose message is which, for edits
    questions: Questions = field(default_factory=Questions)  # /forget's open question per person


class BotData:
    """``application.bot_data``: the dependencies, set once when the application is built."""

    def __init__(self) -> None:
        self._deps: Deps | None = None

    @property
    def deps(self) -> Deps:
        if self._deps is None:
            raise RuntimeError("the bot's dependencies are not set; build it with bot.app.build_application")
        return self._deps

    @deps.setter
    def deps(self, deps: Deps) -> None:
        self._deps = deps


BotContext = CallbackContext[ExtBot[Any], dict[Any, Any], dict[Any, Any], BotData]
BotApplication = Application[
    ExtBot[Any], BotContext, dict[Any, Any], dict[Any, Any], BotData, JobQueue[BotContext]
]
CONTEXT_TYPES = ContextTypes(bot_data=BotData)


def deps(context: BotContext) -> Deps:
    """The bot's dependencies, from a handler's or a job's context."""
    return context.bot_data.deps
