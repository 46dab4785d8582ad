"""The flood-control parts on their own, with a hand-moved clock: budgets, pacing, the backlog."""

from __future__ import annotations

import asyncio

import pytest
from telegram import Update

from bot.flood import Budget, CommandBudgets, UpdateBacklog, Verdict
from bot.ratelimit import ChatPacer, counted


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_user_gets_the_burst_then_one_warning_then_silence_until_refilled() -> None:
    clock = Clock()
    budgets = CommandBudgets(user=Budget(burst=3, per_minute=6), clock=clock)
    verdicts = [budgets.admit(1, 1, group=False)[0] for _ in range(6)]
    assert verdicts == [Verdict.ALLOW] * 3 + [Verdict.WARN, Verdict.SILENT, Verdict.SILENT]
    clock.now += 10  # one token back (6 a minute)
    assert budgets.admit(1, 1, group=False)[0] == Verdict.ALLOW
    assert budgets.admit(1, 1, group=False)[0] == Verdict.SILENT  # told 10 s ago; a full refill is 30 s
    clock.now += 30
    assert budgets.admit(2, 2, group=False)[0] == Verdict.ALLOW  # someone else is not affected
    assert [budgets.admit(1, 1, group=False)[0] for _ in range(4)][-1] == Verdict.WARN


def test_a_busy_group_is_warned_once_whoever_floods_it() -> None:
    clock = Clock()
    budgets = CommandBudgets(
        user=Budget(burst=2, per_minute=20), group=Budget(burst=5, per_minute=20), clock=clock
    )
    verdicts = [budgets.admit(100 + i % 4, -7, group=True)[0] for i in range(12)]
    assert verdicts.count(Verdict.WARN) == 1
    assert verdicts.count(Verdict.ALLOW) <= 5


def test_a_group_never_gets_more_than_20_messages_in_a_minute_and_a_429_pauses_only_its_chat() -> None:
    clock = Clock()
    pacer = ChatPacer(clock)
    send_times = []
    for _ in range(40):
        wait = pacer.reserve(-5)
        send_times.append(clock.now + wait)
    for first in send_times:
        assert sum(first <= t < first + 60 for t in send_times) <= 20
    assert pacer.reserve(9) == 0  # a private chat is not held up by the group
    pacer.pause(9, 30)
    assert pacer.reserve(9) == pytest.approx(30)
    assert pacer.reserve(10) == 0


def test_only_message_sending_methods_count() -> None:
    assert counted("sendPhoto") and counted("editMessageMedia") and counted("copyMessage")
    assert not counted("sendChatAction") and not counted("getUpdates") and not counted("answerCallbackQuery")


async def test_the_backlog_refuses_updates_beyond_its_bound_until_they_are_handled() -> None:
    backlog = UpdateBacklog(limit=2)
    backlog.put_nowait(Update(1))
    await backlog.put(Update(2))
    with pytest.raises(asyncio.QueueFull):
        backlog.put_nowait(Update(3))  # the webhook answers 503 here
    waiting = asyncio.create_task(backlog.put(Update(4)))  # long polling waits here
    await asyncio.sleep(0.2)
    assert not waiting.done()
    backlog.get_nowait()
    backlog.task_done()  # the first update has been handled
    await asyncio.wait_for(waiting, timeout=2)
    assert backlog.qsize() == 2 and backlog.full_of_updates
    backlog.put_nowait("stop signal")  # the application's own signal always goes in
    assert backlog.qsize() == 3
