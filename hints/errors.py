"""What the service refuses, as exceptions the front ends translate (HTTP status, exit code, reply).

Each carries a stable ``code`` (the API's error code) and a message written
for people; front ends never build these messages themselves.
"""

from __future__ import annotations

from i18n import N_, SOURCE_LANGUAGE, translate

PRECOMPUTE_COMMAND = "python -m solver.precompute"


class ServiceError(Exception):
    """Base of the service's refusals; ``str(error)`` is the message for people."""

    code = "service_error"
    exit_code = 1  # the store is not ready for what was asked (jobs.cli.EXIT_ENVIRONMENT)

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    @property
    def public_message(self) -> str:
        """The message for anyone who asks over the network: no operator instructions in it."""
        return self.message


class NotPrecomputed(ServiceError, LookupError):
    """The store lacks solutions this request needs; the message says what to run."""

    code = "not_precomputed"

    def __init__(
        self,
        what: str,
        *,
        fully: bool = False,
        command: str = PRECOMPUTE_COMMAND,
        solvable: tuple[str, str] | None = None,
    ) -> None:
        state = "not fully precomputed" if fully else "not precomputed"
        super().__init__(f"{what} is {state} yet; run {command}")
        self.what = what
        self._public = f"{what} is {state} yet; try again later"
        # (puzzle id, target) of one missing target of an edition solved on demand: a front end
        # may solve it (hints.missing_targets.after_solving) and ask again instead of refusing
        self.solvable = solvable

    @property
    def public_message(self) -> str:
        """Without the command to run: that is the operator's business (the server logs it)."""
        return self._public


def precompute_command(puzzle_id: str, target: str | None, *, on_demand: bool) -> str:
    """What computes a puzzle's solutions: the default run, or for an edition solved on demand
    (left out of the default run) the command naming it and, if one is missing, its target."""
    if not on_demand:
        return PRECOMPUTE_COMMAND
    return f"{PRECOMPUTE_COMMAND} --puzzle {puzzle_id}" + (f" --target {target}" if target else "")


class NoFaceUpSolution(ServiceError, LookupError):
    """Face-up mode on a target every solution of which turns some piece over."""

    code = "no_faceup_solution"

    def __init__(self, what: str, all_sides: int | None = None) -> None:
        turning = "" if all_sides is None else f"; {all_sides} with turning"
        super().__init__(f"No solution on this date without turning a piece over ({what}){turning}")
        self.all_sides = all_sides  # the target's solutions when pieces may be turned over


class UnknownSolution(ServiceError, LookupError):
    """A solution number outside 1..count."""

    code = "unknown_solution"

    def __init__(self, what: str, number: int, total: int) -> None:
        super().__init__(f"{what} has solutions 1 to {total}, not {number}")
        self.number = number
        self.total = total


class OffsetOutOfRange(ServiceError, ValueError):
    """A page of solutions that starts past the end."""

    code = "offset_out_of_range"

    def __init__(self, what: str, offset: int, total: int) -> None:
        super().__init__(f"offset {offset} is past the end: {what} has {total} solutions")


class MalformedPosition(ServiceError, ValueError):
    """A position no one could lay out on the physical board (unknown piece, overlap, off the board...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class OutdatedCode(MalformedPosition):
    """A position code or board link made for an earlier version of a puzzle (a piece or the board
    redrawn since): what it named cannot be told any more, so it is refused, never reinterpreted."""

    def __init__(self, what: str) -> None:
        super().__init__(
            "outdated_code",
            f"this board was saved for an older version of the puzzle ({what}); it cannot be restored",
        )


class OtherPuzzleCode(MalformedPosition):
    """A position code of another puzzle (another calendar edition's, say) on this puzzle's board:
    its layout tag is that puzzle's."""

    def __init__(self, puzzle_id: str, other_id: str) -> None:
        super().__init__(
            "other_puzzle_code", f"this position code is a position of {other_id}, not of {puzzle_id}"
        )
        self.other = other_id


class SignedBeforeDay(ServiceError):
    """A record for a player's day from a sign-in made before that day began (in their time zone):
    the same sign-in replayed a day later records nothing new."""

    code = "session_before_day"

    def __init__(self, day: str) -> None:
        super().__init__(
            f"this Mini App session was opened before {day}, the day it would record; "
            "reopen the board from the bot"
        )


class NotSolved(ServiceError):
    """A solve claimed for a board the service has not seen solved: none sent and none saved that
    day (``no_board``), or one that is not a solution (``not_solved``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# What a refusal beyond the limits says, in English here and in the asker's language in the bot.
_MORE_THAN = N_(
    "{target} of {puzzle} has more than {limit} solutions, more than this server keeps for one "
    "target; a smaller board or fewer pieces would do"
)
_OUT_OF_TIME = N_(
    "{target} of {puzzle} could not be solved within {seconds} s, the time this server gives one "
    "target; a smaller board or fewer pieces would do"
)


class BeyondLimits(ServiceError):
    """A target of a puzzle a person made has more solutions than the server keeps, or was not
    solved within the seconds it may take (the ``CUSTOM_PUZZLE_*`` settings): refused in words,
    the same in the API (English) and in the bot (:meth:`words`, in the asker's language)."""

    code = "beyond_limits"

    def __init__(self, puzzle_id: str, target: str, *, more_than: int | None = None, seconds: float) -> None:
        self.puzzle_id = puzzle_id
        self.target = target
        self.more_than = more_than  # the solutions kept for one target; None: out of time
        self.seconds = seconds  # the seconds one target is given
        super().__init__(self.words(SOURCE_LANGUAGE))

    def words(self, language: str) -> str:
        """The refusal in ``language``."""
        values: dict[str, object]
        if self.more_than is not None:
            template, values = _MORE_THAN, {"limit": self.more_than}
        else:
            template, values = _OUT_OF_TIME, {"seconds": f"{self.seconds:g}"}
        return translate(language, template).format(target=self.target, puzzle=self.puzzle_id, **values)
