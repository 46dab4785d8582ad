"""The daily post: one job, every minute, sends each subscribed chat its puzzle once per local day.

Every delivery goes through the ``deliveries`` outbox: a row is created *due*
when the chat's local post time has come, claimed as *sending* just before
the request, and closed as *sent* (with Telegram's message id) or *failed*
(with the reason). A restart therefore neither skips a post (due rows are
still due; a post missed during downtime goes out late the same local day)
nor repeats one (sent rows stay sent). Only a message in flight when the
process dies (claimed *sending*, no answer recorded) is sent again: Telegram
offers no idempotency key, so at-least-once is the honest guarantee there.
"""

from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from telegram import Bot
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter, TimedOut

from bot import replies
from bot.logic import local_today, post_is_due, zone
from bot.replies import Reply
from bot.sender import Sender
from db import bot_repository as chats
from db.bot_repository import DUE, FAILED, SENDING, SENT

logger = logging.getLogger(__name__)

NETWORK_RETRIES = 4
BACKOFF_SECONDS = 0.5


@dataclass
class TickReport:
    due: int = 0
    sent: int = 0
    failed: int = 0
    retry_later: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Job:
    delivery_id: int
    chat_id: int
    local_date: date
    language: str


def retry_seconds(error: RetryAfter) -> float:
    """Seconds to wait; PTB is moving ``retry_after`` from int to timedelta."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = error.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


class Dispatcher:
    """Finds due posts and sends them through the outbox; call :meth:`tick` every minute."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        sender: Sender,
        *,
        default_timezone: str,
        clock: Callable[[], datetime],
        concurrency: int = 32,
    ) -> None:
        self._sessions = sessions
        self._sender = sender
        self._default_tz = default_timezone
        self._clock = clock
        self._limit = asyncio.Semaphore(concurrency)
        self._replies: dict[tuple[str, date], Reply] = {}
        self._running = asyncio.Lock()

    async def tick(self, bot: Bot) -> TickReport:
        """Send every post that is due now; never runs twice at once in one process."""
        async with self._running:
            now = self._clock()
            jobs = await asyncio.to_thread(self._claim_due, now)
            report = TickReport(due=len(jobs))
            results = await asyncio.gather(*(self._deliver(bot, job) for job in jobs))
            for status, detail in results:
                if status == SENT:
                    report.sent += 1
                elif status == FAILED:
                    report.failed += 1
                    report.errors.append(detail)
                else:
                    report.retry_later += 1
            if jobs:
                logger.info("daily posts: %s", report)
            return report

    # ------------------------------------------------------------ the outbox

    def _claim_due(self, now: datetime) -> list[_Job]:
        """Create outbox rows for chats whose post time has come, and claim every unsent one."""
        with self._sessions() as session:
            due: dict[tuple[int, date], str] = {}
            for chat in chats.subscribed_chats(session=session):
                tz = zone(chat.timezone, self._default_tz)
                if post_is_due(now, chat.post_time, tz, chat.subscribed_at):
                    due[(chat.id, local_today(now, tz))] = chat.language or "en"
            if not due:
                return []
            existing = chats.deliveries_for(session=session, local_dates={day for _, day in due})
            for chat_id, day in due:
                if (chat_id, day) not in existing:
                    chats.enqueue(session=session, chat_id=chat_id, local_date=day, now=now)
            try:
                session.commit()
            except IntegrityError:  # another dispatcher enqueued the same rows first
                session.rollback()
            rows = chats.deliveries_for(session=session, local_dates={day for _, day in due})
            jobs = []
            for key, delivery in rows.items():
                claimable = key in due and delivery.status in (DUE, SENDING)
                if claimable and chats.claim(session=session, delivery_id=delivery.id, now=now):
                    jobs.append(_Job(delivery.id, key[0], key[1], due[key]))
            session.commit()
            return jobs

    def _finish(
        self, job: _Job, status: str, message_id: int | None = None, error: str | None = None
    ) -> None:
        with self._sessions.begin() as session:
            chats.finish(
                session=session,
                delivery_id=job.delivery_id,
                status=status,
                now=self._clock(),
                message_id=message_id,
                error=error,
            )

    def _unsubscribe(self, chat_id: int) -> None:
        with self._sessions.begin() as session:
            chats.unsubscribe(session=session, chat_id=chat_id)

    def _move(self, old_id: int, new_id: int) -> None:
        with self._sessions.begin() as session:
            chats.move_chat(session=session, old_id=old_id, new_id=new_id)

    # ------------------------------------------------------------ sending

    async def _reply(self, language: str, day: date) -> Reply:
        key = (language, day)
        if key not in self._replies:

            def build() -> Reply:
                with self._sessions() as session:
                    return replies.daily_post(session, language, day)

            self._replies[key] = await asyncio.to_thread(build)
        return self._replies[key]

    async def _deliver(self, bot: Bot, job: _Job) -> tuple[str, str]:
        """Send one post, retrying network errors with backoff; record and return the outcome."""
        async with self._limit:
            chat_id = job.chat_id
            try:
                reply = await self._reply(job.language, job.local_date)
            except Exception as exc:  # e.g. the store is not ready: retry next tick
                await asyncio.to_thread(self._finish, job, DUE, None, f"not ready: {exc}")
                return DUE, str(exc)
            for attempt in range(NETWORK_RETRIES):
                try:
                    message = await self._sender.send(bot, chat_id, reply)
                except Forbidden as exc:
                    await asyncio.to_thread(self._unsubscribe, chat_id)
                    return await self._record(job, FAILED, error=f"forbidden, unsubscribed: {exc.message}")
                except ChatMigrated as exc:
                    await asyncio.to_thread(self._move, chat_id, exc.new_chat_id)
                    chat_id = exc.new_chat_id
                    continue
                except RetryAfter as exc:
                    await asyncio.sleep(
                        float(exc.retry_after if isinstance(exc.retry_after, int | float) else 1)
                    )
                    continue
                except BadRequest as exc:
                    return await self._record(job, FAILED, error=f"bad request: {exc.message}")
                except (TimedOut, NetworkError) as exc:
                    logger.warning("post to %s: network error (%s), retrying", chat_id, exc.message)
                    await asyncio.sleep(BACKOFF_SECONDS * 2**attempt)
                    continue
                return await self._record(job, SENT, message_id=message.message_id)
            return await self._record(job, DUE, error="network errors; will retry")

    async def _record(
        self, job: _Job, status: str, message_id: int | None = None, error: str | None = None
    ) -> tuple[str, str]:
        await asyncio.to_thread(self._finish, job, status, message_id, error)
        return status, error or ""
