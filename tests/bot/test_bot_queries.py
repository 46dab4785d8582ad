"""One /hint is one unit of work: each store query runs once (counted against the fake Bot API).

Measured when this test was written: 22 statements per warm /hint (28 when the
hint cache was cold), 16 of them puzzle-store reads that repeated the same
lookups; after the service refactor 9, of which 4 read the puzzle store; 10 since
/hint also looks for the user's saved board (hints from their own board); still 10 with the
player's day (hints.game): its stage is read with the user's current puzzle (one join) and
written once, and the current puzzle is only written when it changes; still 10 with the user's
Telegram language kept on the chat's row (written on first contact and when it changes, compared
with the row /hint reads anyway). Sending
the reply adds one statement per message call (the reply, and taking the buttons off the
previous reply): the reservation of its slot in the bot's shared send budget.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from sqlalchemy import Engine, event

from bot.ratelimit import counted
from tests.support.bot import RunningBot


class StatementLog:
    """Every SQL statement an engine executes, with its parameters, while recording."""

    def __init__(self, engine: Engine) -> None:
        self.statements: list[tuple[str, str]] = []
        self.recording = False
        event.listen(engine, "before_cursor_execute", self._record)

    def _record(self, _conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if self.recording:
            self.statements.append((" ".join(statement.split()), repr(parameters)))

    def tables_read(self) -> Counter[str]:
        return Counter(
            sql.split(" FROM ", 1)[1].split()[0] for sql, _ in self.statements if sql.startswith("SELECT")
        )


async def test_one_hint_runs_each_query_once(running_bot: RunningBot) -> None:
    log = StatementLog(running_bot.sessions.kw["bind"])
    await running_bot.ask("/today 2026-01-25")  # the hint cache is filled here
    for _ in range(2):
        log.statements.clear()
        calls_before = len(running_bot.fake.calls)
        log.recording = True
        (reply,) = await running_bot.ask("/hint")
        await running_bot.eventually(  # the new message takes the buttons off the previous one
            lambda start=calls_before: any(
                c.method == "editMessageReplyMarkup" for c in running_bot.fake.calls[start:]
            )
        )
        log.recording = False
        messages = [c for c in running_bot.fake.calls[calls_before:] if counted(c.method)]
        assert reply.method == "sendPhoto"
        repeated = [s for s, n in Counter(log.statements).items() if n > 1]
        assert repeated == [], f"the same query ran twice in one /hint: {repeated}"
        reads = log.tables_read()
        # The puzzle: the target's row and the year's counts, the featured solution, its cached hints.
        assert (reads["targets"], reads["solutions"], reads["hint_cache"]) == (2, 1, 1)
        assert reads["saved_positions"] == 1  # does the user have their own board on this puzzle?
        budget = [sql for sql, _ in log.statements if "send_budget" in sql]
        assert len(budget) == len(messages) == 2  # one slot per message call: the reply, the button strip
        assert all(sql.startswith("UPDATE") for sql in budget)
        chat_writes = [
            sql for sql, _ in log.statements if sql.startswith(("INSERT INTO chats", "UPDATE chats"))
        ]
        assert chat_writes == []  # the language was remembered by /today, the first contact
        assert len(log.statements) - len(budget) <= 10, "\n".join(sql[:120] for sql, _ in log.statements)
