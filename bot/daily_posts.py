"""The daily post: one job, every minute, sends each subscribed chat its puzzle once per local day.

Every delivery goes through the ``deliveries`` outbox: a row is created *due*
when the chat's local post time has come, claimed as *sending* just before
the request, and closed as *sent* (with Telegram's message id) or *failed*
(with the reason). A restart therefore neither skips a post (due rows are
still due; a post missed during downtime goes out late the same local day)
nor repeats one (sent rows stay sent).

Several dispatcher processes may share one PostgreSQL database: each worker
claims one row at a time with ``SELECT ... FOR UPDATE SKIP LOCKED`` and holds
it under a lease (``DISPATCH_LEASE_SECONDS``) that it renews while the send is
in flight; a row whose dispatcher died is taken over when its lease runs out.
Every claim carries a fresh token and every change of the row is conditional
on it (fencing): a dispatcher that lost its claim neither sends nor records.

What can still be sent twice, and nothing else (Telegram has no idempotency
key): a message whose request reached Telegram when the process died (or lost
its lease) before the outcome was committed; at most ``DISPATCH_CONCURRENCY``
per crash, since that many sends are in flight. Sends that may have reached
Telegram but got no answer (a read timeout, a broken connection) are *not*
retried: they are closed as failed with the reason ``uncertain: ...``, which
the health check reports. Errors that prove the request never arrived (no
connection, a full pool) and error answers from Telegram are retried.
On SQLite a lock file allows a single dispatcher, which releases every stale
claim when it starts.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

import httpx
from sqlalchemy.orm import Session, sessionmaker
from telegram import Bot, Message
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.dispatch_lock import SingleDispatcherLock
from bot.local_time import local_today, post_is_due, scheduled_at, zone
from bot.ratelimit import retry_seconds
from bot.replies import puzzles, record, starts
from bot.replies.types import Reply
from bot.sender import Sender
from db import chat_moves, chats, outbox, pruning
from db.models import DeliveryStatus
from hints import game, player_actions
from hints.catalog import get_puzzle
from hints.daily import CALENDAR_ID, PuzzleKind, Variant, known_edition
from hints.errors import NotPrecomputed
from hints.missing_targets import TargetSolver, after_solving

logger = logging.getLogger(__name__)

NETWORK_RETRIES = 4
ENQUEUE_BATCH = 1000  # due chats handled per statement batch
PRUNE_EVERY = timedelta(hours=1)
BACKOFF_SECONDS = 0.5
SKIPPED_CHAT_RETRY = timedelta(hours=1)  # a chat whose post could not be planned is looked at again


@dataclass
class TickReport:
    due: int = 0
    sent: int = 0
    failed: int = 0
    retry_later: int = 0
    lost: int = 0  # posts another dispatcher took over while this one held them
    errors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Job:
    delivery_id: int
    chat_id: int
    local_date: date
    language: str
    token: str
    edition: str = CALENDAR_ID
    faceup: bool = False


class LeaseLost(Exception):
    """Another dispatcher took the post over: this one must neither send nor record it."""


def may_have_arrived(error: NetworkError) -> bool:
    """Whether a failed request may still have reached Telegram (so sending again may duplicate).

    Telegram's own error answers (a 500, say) and failures before the request
    left (no connection, a full connection pool) are safe to retry; a timeout
    while waiting for the answer or a connection broken mid-request is not.
    """
    cause = error.__cause__
    if cause is None:
        return False
    return not isinstance(cause, httpx.ConnectError | httpx.ConnectTimeout | httpx.PoolTimeout)


_instances = itertools.count(1)


def _default_name() -> str:
    """``host:pid`` for a process's first dispatcher, ``host:pid:N`` for a later one: each claims
    posts and beats its heart under a name of its own."""
    number = next(_instances)
    return f"{socket.gethostname()}:{os.getpid()}" + (f":{number}" if number > 1 else "")


class Dispatcher:
    """Finds due posts and sends them through the outbox; call :meth:`tick` every minute."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        sender: Sender,
        *,
        default_timezone: str,
        clock: Callable[[], datetime],
        concurrency: int = 8,
        lease_seconds: float = 300.0,
        name: str | None = None,
        solver: TargetSolver | None = None,
    ) -> None:
        """``solver`` solves the day's target of an edition solved on demand; without one, a post
        that needs such a target fails (and is retried at the next tick)."""
        self._sessions = sessions
        self._sender = sender
        self._default_tz = default_timezone
        self._clock = clock
        self._concurrency = concurrency
        self._lease = timedelta(seconds=lease_seconds)
        self.name = name or _default_name()
        self._replies: dict[tuple[str, date, str, bool], Reply] = {}
        self._solver = solver
        self._running = asyncio.Lock()
        self._lock: SingleDispatcherLock | None = None
        self._last_prune: datetime | None = None

    # ------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """Claim the right to dispatch: on SQLite, be the only one and take over stale claims."""
        url = self._sessions.kw["bind"].url
        if url.get_backend_name() != "sqlite":
            return
        self._lock = SingleDispatcherLock(url.database or "memory")
        self._lock.acquire()
        with self._sessions.begin() as session:
            released = outbox.release_claims(session=session)
        if released:
            logger.warning("took over %s post(s) claimed by a dispatcher that stopped", released)

    def stop(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    async def tick(self, bot: Bot) -> TickReport:
        """Send every post that is due now; never runs twice at once in one process."""
        async with self._running:
            now = self._clock()
            pending = await asyncio.to_thread(self._enqueue_due, now)
            report = TickReport()
            if pending:
                since = now.date() - timedelta(days=1)  # every zone's current local day is on or after it
                retry_later: set[int] = set()  # rows put back as due this tick; the next tick retries them
                workers = (self._work(bot, since, retry_later, report) for _ in range(self._concurrency))
                await asyncio.gather(*workers)
            await asyncio.to_thread(self._beat, report.sent)
            if self._last_prune is None or now - self._last_prune >= PRUNE_EVERY:
                await asyncio.to_thread(self._prune, now)
            if report.due:
                logger.info("daily posts: %s", report)
            return report

    # ------------------------------------------------------------ the outbox

    def _enqueue_due(self, now: datetime) -> bool:
        """Enqueue the posts of the chats whose time has come (one row per chat and local day, so
        no id is spent on a chat twice a day) and schedule each one's next; whether anything waits.

        Only due chats are read (an index on ``next_post_at``), in batches; rows still due from
        before yesterday (UTC) are closed with the reason instead of being sent days late. Each
        chat is planned on its own: one that cannot be (:meth:`_plan`) is logged and looked at
        again in ``SKIPPED_CHAT_RETRY``, and the others are posted all the same.
        """
        since = now.date() - timedelta(days=1)
        with self._sessions.begin() as session:
            expired = outbox.expire(session=session, before=since, now=now)
            if expired:
                logger.warning("%s post(s) expired: their local day ended before they could be sent", expired)
            while due := chats.due_chats(session=session, now=now, limit=ENQUEUE_BATCH):
                keys, next_posts = [], {}
                for chat in due:
                    try:
                        key, next_posts[chat.id] = self._plan(chat, now)
                    except Exception as exc:  # one chat's row never holds the others' posts up
                        logger.warning("daily post of chat %s skipped: %s", chat.id, type(exc).__name__)
                        next_posts[chat.id] = now + SKIPPED_CHAT_RETRY
                        continue
                    if key is not None:
                        keys.append(key)
                outbox.enqueue(session=session, keys=keys, now=now)
                chats.schedule(session=session, next_posts=next_posts)
                if len(due) < ENQUEUE_BATCH:
                    break
            return outbox.has_pending(session=session, since=since, now=now, lease=self._lease)

    def _plan(self, chat: chats.ChatSettings, now: datetime) -> tuple[tuple[int, date] | None, datetime]:
        """The chat's post to enqueue now (chat id and local date; None if its time has not come)
        and the moment of its next one. A stored zone or time that no longer reads is read as the
        default (``db.chats``), and said once per post here, so the row can be put right."""
        if chat.unreadable:
            logger.warning(
                "chat %s: its stored %s cannot be read; the default is used",
                chat.id,
                ", ".join(sorted(chat.unreadable)),
            )
        tz = zone(chat.timezone, self._default_tz)
        today = local_today(now, tz)
        key = (chat.id, today) if post_is_due(now, chat.post_time, tz, chat.subscribed_at) else None
        moment = scheduled_at(today, chat.post_time, tz)
        if moment <= now:
            moment = scheduled_at(today + timedelta(days=1), chat.post_time, tz)
        return key, moment

    def _claim(self, since: date, retry_later: set[int]) -> _Job | None:
        """Take the next due row (not one this tick already put back) with the chat's language."""
        while True:
            with self._sessions.begin() as session:
                delivery = outbox.claim_next(
                    session=session,
                    since=since,
                    now=self._clock(),
                    lease=self._lease,
                    worker=self.name,
                    skip=retry_later,
                )
                if delivery is None:
                    return None
                chat = chats.get_chat(session=session, chat_id=delivery.chat_id)
                assert delivery.token is not None
                if chat is not None and chat.subscribed:
                    return _Job(
                        delivery.id,
                        delivery.chat_id,
                        delivery.local_date,
                        puzzles.post_language(chat),
                        delivery.token,
                        known_edition(chat.edition),
                        chat.faceup,
                    )
                outbox.finish(
                    session=session,
                    delivery_id=delivery.id,
                    token=delivery.token,
                    status=DeliveryStatus.FAILED,
                    now=self._clock(),
                    error="unsubscribed before sending",
                )

    async def _work(self, bot: Bot, since: date, retry_later: set[int], report: TickReport) -> None:
        """One worker: claim, send, record, until nothing is due."""
        while (job := await asyncio.to_thread(self._claim, since, retry_later)) is not None:
            report.due += 1
            try:
                status, detail = await self._deliver(bot, job)
            except LeaseLost:
                logger.warning(
                    "post %s to %s was taken over by another dispatcher", job.delivery_id, job.chat_id
                )
                report.lost += 1
                continue
            if status == DeliveryStatus.SENT:
                report.sent += 1
            elif status == DeliveryStatus.FAILED:
                report.failed += 1
                report.errors.append(detail)
            else:
                report.retry_later += 1
                retry_later.add(job.delivery_id)

    def _prune(self, now: datetime) -> None:
        """Old posts, silent dispatchers' heartbeats and past days' image ids (once an hour)."""
        with self._sessions.begin() as session:
            pruned = pruning.prune(session=session, now=now)
        self._last_prune = now
        if pruned.deliveries or pruned.heartbeats or pruned.file_ids:
            logger.info("pruned %s", pruned)

    def _beat(self, sent: int) -> None:
        with self._sessions.begin() as session:
            outbox.beat(session=session, name=self.name, now=self._clock(), sent=sent)

    def _renew(self, job: _Job) -> bool:
        with self._sessions.begin() as session:
            return outbox.renew(
                session=session, delivery_id=job.delivery_id, token=job.token, now=self._clock()
            )

    def _finish(self, job: _Job, status: DeliveryStatus, message_id: int | None, error: str | None) -> bool:
        with self._sessions.begin() as session:
            return outbox.finish(
                session=session,
                delivery_id=job.delivery_id,
                token=job.token,
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
            chat_moves.move_chat(session=session, old_id=old_id, new_id=new_id)

    # ------------------------------------------------------------ sending

    async def _reply(
        self, language: str, day: date, edition: str = CALENDAR_ID, faceup: bool = False
    ) -> Reply:
        key = (language, day, edition, faceup)
        if key not in self._replies:

            def build() -> Reply:
                with self._sessions.begin() as session:  # keeps a hint cache entry computed on the way
                    daily, no_faceup = player_actions.calendar_of(session, day, Variant(edition, faceup))
                    return puzzles.daily_post(daily, no_faceup, language)

            attempt = lambda: asyncio.to_thread(build)  # noqa: E731
            if self._solver is None:
                self._replies[key] = await attempt()
            else:  # an edition solved on demand: the day's target solved first, if need be
                self._replies[key] = await after_solving(attempt, self._solve)
        return self._replies[key]

    async def _solve(self, puzzle_id: str, target: str, _missing: NotPrecomputed) -> None:
        assert self._solver is not None
        puzzle = get_puzzle(puzzle_id)
        await asyncio.to_thread(self._solver.ensure, puzzle, puzzle.target(target))

    def _with_yesterday(self, reply: Reply, job: _Job) -> Reply:
        with self._sessions() as session:
            solvers = game.chat_solvers(session, job.chat_id, job.local_date - timedelta(days=1))
            line = record.yesterday_line(solvers, job.language)
        return reply if line is None else dataclasses.replace(reply, text=f"{reply.text}\n{line}")

    async def _hold(self, job: _Job) -> None:
        """Renew the claim before a send; LeaseLost if another dispatcher has taken the post."""
        if not await asyncio.to_thread(self._renew, job):
            raise LeaseLost

    async def _send_holding_lease(self, bot: Bot, chat_id: int, reply: Reply, job: _Job) -> Message:
        """Send while renewing the lease every third of it, so a slow send is not taken over."""
        sending = asyncio.ensure_future(self._sender.send(bot, chat_id, reply))
        try:
            while True:
                done, _ = await asyncio.wait({sending}, timeout=self._lease.total_seconds() / 3)
                if done:
                    return sending.result()
                await self._hold(job)
        finally:
            if not sending.done():  # the claim was lost: stop before Telegram may see the request
                sending.cancel()

    async def _deliver(self, bot: Bot, job: _Job) -> tuple[DeliveryStatus, str]:
        """Send one post, retrying only what cannot duplicate it; record and return the outcome."""
        chat_id = job.chat_id
        try:
            reply = await self._reply(job.language, job.local_date, job.edition, job.faceup)
            if chat_id < 0:  # a group: one line about yesterday's solvers, and hints in private
                reply = await asyncio.to_thread(self._with_yesterday, reply, job)
                payload = starts.private_start(PuzzleKind.CALENDAR, job.local_date, chat_id)
                private = starts.hints_in_private(bot.username, payload, job.language)
                reply = dataclasses.replace(reply, buttons=(*reply.buttons, private))
        except Exception as exc:  # e.g. the store is not ready: retry next tick
            return await self._record(job, DeliveryStatus.DUE, error=f"not ready: {exc}")
        for attempt in range(NETWORK_RETRIES):
            await self._hold(job)
            try:
                message = await self._send_holding_lease(bot, chat_id, reply, job)
            except Forbidden as exc:
                await asyncio.to_thread(self._unsubscribe, chat_id)
                return await self._record(
                    job, DeliveryStatus.FAILED, error=f"forbidden, unsubscribed: {exc.message}"
                )
            except ChatMigrated as exc:
                await asyncio.to_thread(self._move, chat_id, exc.new_chat_id)
                chat_id = exc.new_chat_id
                continue
            except RetryAfter as exc:
                await asyncio.sleep(retry_seconds(exc))
                continue
            except BadRequest as exc:
                if "chat not found" in exc.message.lower():  # the chat is gone: stop posting to it
                    await asyncio.to_thread(self._unsubscribe, chat_id)
                    return await self._record(
                        job, DeliveryStatus.FAILED, error=f"chat not found, unsubscribed: {exc.message}"
                    )
                return await self._record(job, DeliveryStatus.FAILED, error=f"bad request: {exc.message}")
            except (TimedOut, NetworkError) as exc:
                if may_have_arrived(exc):
                    return await self._record(
                        job,
                        DeliveryStatus.FAILED,
                        error=f"uncertain: {exc.message}; not sent again, it may have arrived",
                    )
                logger.warning("post to %s: network error (%s), retrying", chat_id, exc.message)
                await asyncio.sleep(BACKOFF_SECONDS * 2**attempt)
                continue
            return await self._record(job, DeliveryStatus.SENT, message_id=message.message_id)
        return await self._record(job, DeliveryStatus.DUE, error="network errors; will retry")

    async def _record(
        self, job: _Job, status: DeliveryStatus, message_id: int | None = None, error: str | None = None
    ) -> tuple[DeliveryStatus, str]:
        if not await asyncio.to_thread(self._finish, job, status, message_id, error):
            if status == DeliveryStatus.SENT:
                logger.warning("post to %s was sent after another dispatcher took it over", job.chat_id)
            raise LeaseLost
        return status, error or ""
