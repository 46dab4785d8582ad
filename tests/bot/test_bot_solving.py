"""On-demand solves end to end: they never hold up other updates, a full queue says so at once,
and two people asking for one target share one solve.

The solver is a stand-in held on a gate (tests/support/solving.py); no clock is watched: the
tests see what the bot has sent while the solves are still held. The queue's own rules are
test_solve_queue.py's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import date, timedelta

import pytest

from bot.solving import SOLVE_WORKERS, SOLVES_WAITING, SolveQueue
from db import chats
from hints.errors import BeyondLimits
from hints.missing_targets import SolveUnfinished
from jobs.target_solving import OnDemand
from solver.catalog import Puzzle, Target
from tests.support.bot import RunningBot
from tests.support.solving import GatedSolver

WEEKDAY = "calendar-weekday"
BUSY = "I am busy working out other new dates right now - please ask again in a minute."
WORKING = "Working out "
NOT_STORED = "The puzzles are still being prepared. Please try again in a minute."


@dataclass
class Gated:
    bot: RunningBot
    solver: GatedSolver
    queue: SolveQueue

    def weekday_chats(self, *chat_ids: int) -> None:
        """Private chats that own the weekday calendar, whose targets are solved on demand."""
        with self.bot.sessions.begin() as session:
            for chat_id in chat_ids:
                chats.set_edition(session=session, chat_id=chat_id, kind="private", edition=WEEKDAY)

    def texts(self, chat_id: int) -> list[str]:
        return [c.params.get("text") or c.params.get("caption", "") for c in self.bot.fake.sent(chat_id)]

    def edits(self, chat_id: int) -> list[str]:
        """The texts the chat's messages were edited into (a notice turned into its answer)."""
        return [c.params.get("text", "") for c in self.bot.fake.calls_to("editMessageText", chat_id)]

    def waiting_for_a_solve(self, chat_id: int) -> bool:
        """The chat shows 'sending photo…': its asker waits for a solve."""
        return bool(self.bot.fake.calls_to("sendChatAction", chat_id))


def gated_bot(bot: RunningBot, solver: GatedSolver, **bounds: int) -> Gated:
    """The running bot with its solves handed to ``solver`` (the queue's own bounds unless given)."""
    queue = SolveQueue(solver, **bounds)
    deps = bot.application.bot_data.deps
    bot.application.bot_data.deps = replace(deps, solves=queue)
    return Gated(bot, solver, queue)


@pytest.fixture
async def gated(running_bot: RunningBot) -> AsyncIterator[Gated]:
    solver = GatedSolver()
    yield gated_bot(running_bot, solver)
    solver.gate.set()  # a failed test's solves end before the bot stops


def day(n: int) -> str:
    return (date(2026, 2, 1) + timedelta(days=n)).isoformat()


async def test_help_is_answered_while_ten_solves_are_held(gated: Gated) -> None:
    """Ten people ask for ten dates not solved yet; every solve is held. /help is answered anyway,
    and the ten get their replies once the solves are let go."""
    askers = list(range(101, 111))
    gated.weekday_chats(*askers)
    for n, chat_id in enumerate(askers):
        gated.bot.fake.message(f"/today {day(n)}", chat_id=chat_id)
    await gated.bot.eventually(lambda: gated.queue.in_flight == 10)
    gated.bot.fake.message("/help", chat_id=200)
    await gated.bot.eventually(lambda: len(gated.bot.fake.sent(200)) == 1)
    assert gated.texts(200)[0].startswith("I give hints for polyomino puzzles")
    assert not gated.solver.gate.is_set() and gated.queue.in_flight == 10
    await gated.bot.eventually(lambda: all(len(gated.texts(chat_id)) == 1 for chat_id in askers))
    assert all(gated.texts(chat_id)[0].startswith(WORKING) for chat_id in askers)  # all ten held, told so
    assert len(gated.solver.calls) <= SOLVE_WORKERS  # the rest queued, on no thread of anyone else's
    gated.solver.gate.set()
    await gated.bot.settled()
    assert all(gated.edits(chat_id) == [NOT_STORED] for chat_id in askers)  # the stand-in stores nothing
    assert len(gated.solver.calls) == 10


async def test_a_full_queue_says_so_at_once_and_takes_solves_again_once_it_drains(
    running_bot: RunningBot,
) -> None:
    gated = gated_bot(running_bot, GatedSolver(), workers=1, waiting=1)
    try:
        gated.weekday_chats(121, 122, 123)
        gated.bot.fake.message(f"/today {day(0)}", chat_id=121)
        gated.bot.fake.message(f"/today {day(1)}", chat_id=122)
        await gated.bot.eventually(lambda: gated.queue.in_flight == 2)
        gated.bot.fake.message(f"/today {day(2)}", chat_id=123)
        await gated.bot.eventually(lambda: len(gated.bot.fake.sent(123)) == 1)
        assert gated.texts(123) == [BUSY] and not gated.waiting_for_a_solve(123)
        # the two held are told so (each chat's notice keeps its own pace: it may follow the refusal)
        await gated.bot.eventually(lambda: all(len(gated.texts(chat_id)) == 1 for chat_id in (121, 122)))
        assert all(gated.texts(chat_id)[0].startswith(WORKING) for chat_id in (121, 122))
        assert gated.queue.in_flight == 2  # still solving and queued
    finally:
        gated.solver.gate.set()
    await gated.bot.settled()
    assert gated.edits(121) == gated.edits(122) == [NOT_STORED]
    (again,) = await gated.bot.ask(f"/today {day(2)}", chat_id=123)
    assert again.params["text"].startswith(WORKING) and len(gated.solver.calls) == 3
    await gated.bot.eventually(lambda: gated.edits(123) == [NOT_STORED])


async def test_two_people_asking_for_one_date_share_one_solve(running_bot: RunningBot) -> None:
    """The held solve is real once let go: both get the puzzle, solved once."""
    solver = GatedSolver(then=OnDemand(running_bot.sessions, processes=1))
    gated = gated_bot(running_bot, solver)
    try:
        gated.weekday_chats(131, 132)
        for chat_id in (131, 132):  # a Friday of 618 solutions: solved in a second
            gated.bot.fake.message(f"/today {day(5)}", chat_id=chat_id)
        await gated.bot.eventually(lambda: gated.waiting_for_a_solve(131) and gated.waiting_for_a_solve(132))
        assert gated.queue.in_flight == 1 and solver.calls == [(WEEKDAY, "02-06-fri")]
    finally:
        solver.gate.set()
    await gated.bot.settled(timeout=120)
    first, second = (gated.bot.fake.sent(chat_id) for chat_id in (131, 132))
    assert [c.method for c in (*first, *second)] == ["sendMessage", "sendPhoto"] * 2  # told, then the photo
    assert first[1].params["caption"] == second[1].params["caption"]
    assert "2026-02-06: " in first[1].params["caption"] and len(solver.calls) == 1
    for chat_id, (notice, _photo) in ((131, first), (132, second)):  # the photo takes the notice's place
        (deleted,) = gated.bot.fake.calls_to("deleteMessage", chat_id)
        assert int(deleted.params["message_id"]) == notice.result["message_id"]


async def test_a_solve_says_so_at_once_and_the_askers_help_is_not_held_behind_it(gated: Gated) -> None:
    """The weekday edition's first day was 14 s of "sending photo…", and /help sent meanwhile
    waited for the solve."""
    gated.weekday_chats(141)
    gated.bot.fake.message(f"/today {day(5)}", chat_id=141)
    await gated.bot.eventually(lambda: len(gated.texts(141)) == 1)
    (notice,) = gated.texts(141)
    assert notice.startswith("Working out 6 Feb for ") and gated.queue.in_flight == 1
    gated.bot.fake.message("/help", chat_id=141)
    await gated.bot.eventually(lambda: len(gated.texts(141)) == 2)
    assert gated.texts(141)[1].startswith("I give hints for polyomino puzzles")
    assert not gated.solver.gate.is_set()  # answered while the solve is still held


class GivesUp(GatedSolver):
    """A queue solver that stopped waiting: the job failed, or no worker took it in time."""

    targets_at_once = 4

    def ensure(self, puzzle: Puzzle, target: Target) -> object:
        super().ensure(puzzle, target)
        raise SolveUnfinished(f"{puzzle.id} {target.name}: its solve job failed")


async def test_a_solve_the_queue_gave_up_on_is_answered_as_busy(running_bot: RunningBot) -> None:
    solver = GivesUp()
    solver.gate.set()
    gated = gated_bot(running_bot, solver)
    assert gated.queue.capacity == solver.targets_at_once + SOLVES_WAITING  # a thread per target
    gated.weekday_chats(151)
    gated.bot.fake.message(f"/today {day(3)}", chat_id=151)
    await gated.bot.settled()
    (notice,) = gated.texts(151)
    assert notice.startswith("Working out 4 Feb for ")
    (busy,) = gated.bot.fake.calls_to("editMessageText", 151)  # in the notice's place
    assert busy.params["text"] == BUSY and solver.calls == [(WEEKDAY, "02-04-wed")]


class Refuses(GatedSolver):
    """A solver that found a target of a person's puzzle beyond the limits (in the process, or a
    worker that kept the refusal in the store)."""

    def ensure(self, puzzle: Puzzle, target: Target) -> object:
        super().ensure(puzzle, target)
        raise BeyondLimits(puzzle.id, target.name, more_than=5000, seconds=20)


async def test_a_target_beyond_the_limits_is_answered_in_the_api_s_words(running_bot: RunningBot) -> None:
    solver = Refuses()
    solver.gate.set()
    gated = gated_bot(running_bot, solver)
    gated.weekday_chats(161)
    gated.bot.fake.message(f"/today {day(3)}", chat_id=161)
    await gated.bot.settled()
    (refused,) = gated.bot.fake.calls_to("editMessageText", 161)  # in the notice's place
    assert refused.params["text"] == (
        f"02-04-wed of {WEEKDAY} has more than 5000 solutions, more than this server keeps for one "
        "target; a smaller board or fewer pieces would do"
    )
