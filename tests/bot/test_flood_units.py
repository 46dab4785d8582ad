"""The flood-control parts on their own, with a hand-moved clock: budgets, pacing, the backlog."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

import pytest
from telegram import Chat, Message, Update, User

from bot import sender as sender_module
from bot.flood import NOTICE_EVERY, Admission, Budget, CommandBudgets, UpdateBacklog, Verdict
from bot.outgoing import ChatQueues
from bot.ratelimit import ChatPacer, counted
from bot.sender import Sender
from db.engine import make_engine, session_factory
from db.rate_limits import shared_storage
from tests.support.limits_clock import freeze_limits


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_one_update_a_second_passes_for_as_long_as_someone_keeps_it_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before (8 at once, then 20 a minute) the 9th command of someone sending one a second was
    refused, and someone changing settings at one per 1.5 s was refused after 24 s."""
    clock = freeze_limits(monkeypatch)
    budgets = CommandBudgets()
    for _ in range(180):  # three minutes, a little over a second apart
        assert budgets.admit(1, 1, group=False).verdict == Verdict.ALLOW
        clock.now += 1.01
    for _ in range(120):  # three minutes of settings, one change per 1.5 s
        assert budgets.admit(2, 2, group=False).verdict == Verdict.ALLOW
        clock.now += 1.5


def test_a_refusal_says_when_sending_again_passes_and_it_does(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = freeze_limits(monkeypatch)
    budgets = CommandBudgets(user=Budget(burst=3, per_minute=6))
    assert [budgets.admit(1, 1, group=False).verdict for _ in range(3)] == [Verdict.ALLOW] * 3
    refused = budgets.admit(1, 1, group=False)
    assert (refused.verdict, refused.seconds) == (Verdict.WARN, 30)  # 3 in any 30 s: room at 30
    assert budgets.admit(1, 1, group=False).verdict == Verdict.SILENT  # told already
    clock.now += refused.seconds + 0.01
    assert [budgets.admit(1, 1, group=False).verdict for _ in range(3)] == [Verdict.ALLOW] * 3  # kept
    assert budgets.admit(2, 2, group=False).verdict == Verdict.ALLOW  # someone else was never affected
    assert budgets.admit(1, 1, group=False).verdict == Verdict.SILENT  # over again, told 30 s ago
    clock.now += 30.5
    assert [budgets.admit(1, 1, group=False).verdict for _ in range(4)][-1] == Verdict.WARN  # a minute on


def test_the_seconds_said_are_never_too_few() -> None:
    assert Admission(Verdict.WARN, 0.2).seconds == 1
    assert Admission(Verdict.WARN, 1.0).seconds == 1
    assert Admission(Verdict.WARN, 1.01).seconds == 2
    assert Admission(Verdict.WARN, 29.999).seconds == 30


def test_a_group_flood_answers_the_groups_budget_and_gives_one_notice_a_minute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """30 members at once: 10 pass, the group is told once when everyone may send again, the rest
    hear nothing; that many pass again then, and no second notice comes within the minute."""
    clock = freeze_limits(monkeypatch)
    budgets = CommandBudgets()
    first = [budgets.admit(100 + member, -7, group=True) for member in range(30)]
    assert [a.verdict for a in first].count(Verdict.ALLOW) == 10
    notices = [a for a in first if a.verdict == Verdict.WARN]
    assert len(notices) == 1 and notices[0].group and notices[0].seconds == 30  # room again at 30 s
    clock.now += notices[0].seconds + 0.01
    again = [budgets.admit(110 + member, -7, group=True) for member in range(20)]
    assert [a.verdict for a in again].count(Verdict.ALLOW) == 10
    assert Verdict.WARN not in [a.verdict for a in again]  # 30 s after the notice: no second one
    assert budgets.admit(130, -7, group=True).verdict == Verdict.SILENT  # 30 s after the notice
    clock.now += 30.5
    assert [budgets.admit(200 + m, -7, group=True).verdict for m in range(10)] == [Verdict.ALLOW] * 10
    assert budgets.admit(300, -7, group=True).verdict == Verdict.WARN  # a minute on: one notice more


def test_a_member_over_their_own_budget_is_never_announced_and_costs_the_group_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    freeze_limits(monkeypatch)
    budgets = CommandBudgets(user=Budget(burst=2, per_minute=6), group=Budget(burst=5, per_minute=20))
    verdicts = [budgets.admit(100, -7, group=True).verdict for _ in range(6)]
    assert verdicts == [Verdict.ALLOW] * 2 + [Verdict.SILENT] * 4
    assert [budgets.admit(101 + m, -7, group=True).verdict for m in range(3)] == [Verdict.ALLOW] * 3


def test_a_group_refusal_gives_the_askers_use_back(monkeypatch: pytest.MonkeyPatch) -> None:
    freeze_limits(monkeypatch)
    budgets = CommandBudgets(user=Budget(burst=1, per_minute=1), group=Budget(burst=1, per_minute=1))
    assert budgets.admit(100, -7, group=True).verdict == Verdict.ALLOW
    assert budgets.admit(101, -7, group=True).group  # the group's budget refused 101 ...
    assert budgets.admit(101, -8, group=True).verdict == Verdict.ALLOW  # ... which cost 101 nothing


def test_on_redis_every_process_spends_one_budget_and_says_so_once(redis_url: str) -> None:
    """Before, each webhook worker kept its own budgets: a person had them once per worker."""
    workers = [CommandBudgets(storage=shared_storage(redis_url)) for _ in range(2)]
    verdicts = [workers[n % 2].admit(5, 5, group=False).verdict for n in range(14)]
    assert verdicts == [Verdict.ALLOW] * 10 + [Verdict.WARN] + [Verdict.SILENT] * 3


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


def test_an_optional_send_goes_only_while_the_chat_has_a_turn_to_spare() -> None:
    """Taking the buttons off an older message must never make a reply wait: it goes only when,
    after it, the chat's next message still goes at once."""
    clock = Clock()
    pacer = ChatPacer(clock)
    assert pacer.reserve(5) == 0  # a reply to a private chat
    assert pacer.spare(5)  # two turns of the burst of 3 are left: strip
    pacer.reserve(5)  # the strip
    assert pacer.reserve(5) == 0  # the next reply still goes at once
    assert not pacer.spare(5)  # but now a strip would make the one after wait
    assert pacer.until_spare(5) == 2.0  # what a private chat's strip waits for (IDLE_WAIT at most)
    clock.now += 2
    assert pacer.spare(5)
    for _ in range(4):
        pacer.reserve(-5)  # a group's burst, spent
    assert not pacer.spare(-5)
    clock.now += 3 * 3.75
    assert pacer.spare(-5)
    pacer.pause(-5, 30)
    assert not pacer.spare(-5)  # a 429 pause spares nothing


async def test_a_notice_goes_ahead_of_the_replies_waiting_in_a_groups_queue() -> None:
    queues = ChatQueues()
    order: list[str] = []
    release = asyncio.Event()

    def sending(name: str) -> Callable[[], Awaitable[None]]:
        async def send() -> None:
            if name == "reply 1":
                await release.wait()  # being sent when the others come
            order.append(name)

        return send

    for name in ("reply 1", "reply 2", "reply 3"):
        queues.submit(-5, sending(name))
    await asyncio.sleep(0)
    assert queues.waiting(-5) == 2 and queues.waiting(-6) == 0
    queues.submit(-5, sending("notice"), first=True)
    release.set()
    await queues.drain()
    assert order == ["reply 1", "notice", "reply 2", "reply 3"]


async def test_a_stop_sends_what_it_can_then_drops_the_rest_and_says_how_many() -> None:
    """A group flood must not hold a stop past a container's grace period: drain gives up."""
    queues = ChatQueues()
    never = asyncio.Event()
    sent: list[str] = []

    async def stuck() -> None:
        await never.wait()  # a send that would wait for the group's pace far longer

    async def quick() -> None:
        sent.append("quick")

    queues.submit(-7, quick)
    queues.submit(-5, stuck)
    queues.submit(-5, quick)
    queues.submit(-5, quick)
    assert await queues.drain(within=0.05) == 2  # the two behind the stuck one
    assert sent == ["quick"] and queues.waiting(-5) == 0


def _message_from(update_id: int, user_id: int) -> Update:
    user = User(user_id, "Tester", False)
    message = Message(update_id, datetime(2026, 1, 1, tzinfo=UTC), Chat(user_id, "private"), from_user=user)
    return Update(update_id, message=message)


def test_one_person_waits_for_the_gate_with_at_most_their_bound() -> None:
    """Before, one person's flood filled the whole backlog and everyone else got 503."""
    backlog = UpdateBacklog(limit=100, per_person=3)
    accepted = [backlog.offer(_message_from(i, user_id=7)) for i in range(5)]
    assert accepted == [True, True, True, False, False] and backlog.dropped == 2
    assert backlog.offer(_message_from(10, user_id=8))  # another person is not held up by 7's flood
    backlog.started(_message_from(0, user_id=7))  # the gate took one of 7's: room for one more
    assert backlog.offer(_message_from(11, user_id=7))
    assert not backlog.offer(_message_from(12, user_id=7))


def test_the_senders_file_ids_in_memory_are_bounded(sample_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, the sender kept a file id (and a lock) per picture for good: +24 pictures a day."""
    monkeypatch.setattr(sender_module, "FILE_IDS_KEPT", 3)
    sender = Sender(session_factory(make_engine(sample_url)))
    for day in range(1, 6):
        sender._remember(f"calendar:2026-01-{day:02d}:stage0", f"file-{day}")
    assert sender.file_ids_kept == 3  # the store keeps all five; memory only the newest three
    for day in range(1, 6):
        sender._rejected.put(f"file-{day}", True)
    assert len(sender._rejected) == 3  # and so are the file ids Telegram refused


def test_a_refusal_is_said_once_a_minute_per_person_and_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = freeze_limits(monkeypatch)
    budgets = CommandBudgets()
    assert [budgets.first_refusal(7, "plain_text") for _ in range(300)] == [True] + [False] * 299
    assert budgets.first_refusal(7, "photo") and budgets.first_refusal(8, "plain_text")  # their own
    clock.now += NOTICE_EVERY + 1
    assert budgets.first_refusal(7, "plain_text")


def test_a_person_over_budget_for_what_nobody_sends_again_is_not_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    freeze_limits(monkeypatch)
    budgets = CommandBudgets(user=Budget(burst=1, per_minute=6))
    assert budgets.admit(7, 7, False).verdict == Verdict.ALLOW
    assert budgets.admit(7, 7, False, worded=False).verdict == Verdict.SILENT  # a sticker: spends no notice
    assert budgets.admit(7, 7, False).verdict == Verdict.WARN  # the next command is still told


async def test_a_prompt_reply_goes_ahead_of_the_replies_waiting_after_those_ahead_already() -> None:
    """'Well done' after I solved it waited behind every reply queued before it in a group."""
    queues = ChatQueues()
    order: list[str] = []
    release = asyncio.Event()

    def sending(name: str) -> Callable[[], Awaitable[None]]:
        async def send() -> None:
            if name == "reply 1":
                await release.wait()
            order.append(name)

        return send

    for name in ("reply 1", "reply 2", "reply 3"):
        queues.submit(-5, sending(name))
    await asyncio.sleep(0)
    queues.submit(-5, sending("well done A"), prompt=True)
    queues.submit(-5, sending("notice"), first=True)
    queues.submit(-5, sending("well done B"), prompt=True)
    queues.submit(-5, sending("reply 4"))
    release.set()
    await queues.drain()
    assert order == ["reply 1", "notice", "well done A", "well done B", "reply 2", "reply 3", "reply 4"]
