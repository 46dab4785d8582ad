"""hints.missing_targets.after_solving: the one policy for a request whose target is not stored yet."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from hints.errors import NotPrecomputed
from hints.missing_targets import after_solving

MISSING = NotPrecomputed("calendar-weekday 02-03-tue", solvable=("calendar-weekday", "02-03-tue"))


class Attempts:
    """Fails with ``errors`` in turn, then answers; records each try and each solve."""

    def __init__(self, *errors: Exception) -> None:
        self.errors = list(errors)
        self.tries: list[str] = []
        self.solved: list[tuple[str, str]] = []

    def attempt(self, name: str = "first") -> Callable[[], Awaitable[str]]:
        async def run() -> str:
            self.tries.append(name)
            if self.errors:
                raise self.errors.pop(0)
            return f"answer of {name}"

        return run

    async def solve(self, puzzle_id: str, target: str, missing: NotPrecomputed) -> None:
        assert missing is MISSING
        self.solved.append((puzzle_id, target))


async def test_a_stored_target_is_answered_without_solving() -> None:
    calls = Attempts()
    assert await after_solving(calls.attempt(), calls.solve) == "answer of first"
    assert calls.solved == [] and calls.tries == ["first"]


async def test_a_solvable_target_is_solved_once_then_asked_again() -> None:
    calls = Attempts(MISSING)
    answer = await after_solving(calls.attempt(), calls.solve, again=calls.attempt("again"))
    assert answer == "answer of again"
    assert calls.solved == [("calendar-weekday", "02-03-tue")] and calls.tries == ["first", "again"]


async def test_a_target_no_one_may_solve_stays_not_precomputed() -> None:
    calls = Attempts(NotPrecomputed("pentomino-5x12"))
    with pytest.raises(NotPrecomputed, match="pentomino-5x12"):
        await after_solving(calls.attempt(), calls.solve)
    assert calls.solved == []


async def test_a_refused_solve_goes_up_as_it_is() -> None:
    class Busy(Exception):
        pass

    async def refuse(puzzle_id: str, target: str, missing: NotPrecomputed) -> None:
        raise Busy

    calls = Attempts(MISSING)
    with pytest.raises(Busy):
        await after_solving(calls.attempt(), refuse)
    assert calls.tries == ["first"]
