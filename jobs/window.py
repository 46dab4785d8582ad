"""``python -m solver.ondemand --window``: solve the targets of the editions solved on demand
around today (yesterday ... a week ahead, today first) before anyone asks; ``make run`` starts it
in the background once the API is up. With ``SOLVE_JOBS=queue`` every missing target of the window
is queued at once, so all the solver workers share them, and the window waits for each in turn."""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from types import FrameType
from zoneinfo import ZoneInfo

from db.engine import make_engine, session_factory
from jobs import cli
from jobs.solve_jobs import QueuedSolver
from jobs.target_solving import OnDemand
from settings import get_settings
from solver.catalog import Puzzle, Target, target_for_date
from solver.puzzles import all_puzzles


def window_days(today: date, before: int = 1, after: int = 7) -> list[date]:
    """Yesterday ... a week ahead, today first, then nearest first (tomorrow before yesterday)."""
    offsets = sorted(range(-before, after + 1), key=lambda d: (abs(d), d < 0))
    return [today + timedelta(days=offset) for offset in offsets]


def window_targets(editions: Sequence[Puzzle], today: date) -> list[tuple[Puzzle, Target]]:
    """Each edition's target of each day of the window, today's targets of every edition first."""
    return [(puzzle, target_for_date(puzzle, day)) for day in window_days(today) for puzzle in editions]


def solve_window(
    solver: OnDemand | QueuedSolver,
    editions: Sequence[Puzzle],
    today: date,
    say: Callable[[str], None] = print,
) -> int:
    """Solve whatever the window lacks (resumable: stored targets are skipped); how many were solved."""
    solved = 0
    targets = window_targets(editions, today)
    if isinstance(solver, QueuedSolver):
        solver.enqueue_missing((puzzle.id, target.name) for puzzle, target in targets)
    for puzzle, target in targets:
        result = solver.ensure(puzzle, target)
        if result.computed:
            solved += 1
            say(f"{puzzle.id} {target.name}: {result.solutions} solutions in {result.seconds:.1f} s")
    return solved


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m solver.ondemand",
        description="Solve the targets of the editions solved on demand around today (yesterday ... a "
        "week ahead, today first); make run starts it in the background once the API is up.",
    )
    parser.add_argument("--window", action="store_true", required=True, help="solve the window's targets")
    parser.add_argument("--timezone", help="whose today (default DEFAULT_TIMEZONE)")
    parser.add_argument("--quiet", action="store_true", help="no line per target solved, the summary only")
    cli.add_database_option(parser)
    return parser


def _stop(_signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def _zone(name: str) -> ZoneInfo:
    """The IANA zone ``name``; UsageError (exit 2) for one that does not exist."""
    try:
        return ZoneInfo(name)
    except (ValueError, KeyError, OSError):
        raise cli.UsageError(f"unknown time zone {name!r}: give an IANA name like Asia/Tokyo") from None


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)

    def work() -> int:
        zone = _zone(args.timezone or get_settings().DEFAULT_TIMEZONE)
        editions = [p for p in all_puzzles().values() if p.on_demand]
        engine = make_engine(cli.database_url(args))
        started = time.monotonic()
        solved: list[str] = []

        def say(line: str) -> None:
            solved.append(line)
            if not args.quiet:
                print(line)

        settings = get_settings().model_copy(update={"DATABASE_URL": cli.database_url(args)})
        sessions = session_factory(engine)
        solver = QueuedSolver(sessions, settings) if settings.SOLVE_JOBS == "queue" else OnDemand(sessions)
        previous = signal.signal(signal.SIGTERM, _stop)  # make run's launcher stops it so: as Ctrl-C
        try:
            solve_window(solver, editions, datetime.now(zone).date(), say)
        except KeyboardInterrupt:
            print(f"on-demand window: stopped after {len(solved)} target(s) solved", file=sys.stderr)
            return cli.EXIT_INTERRUPTED
        finally:
            signal.signal(signal.SIGTERM, previous)
            solver.close()  # its solver processes, before the interpreter's exit
            engine.dispose()
        seconds = time.monotonic() - started
        print(
            f"on-demand window: {len(solved)} target(s) solved in {seconds:.0f} s, the rest already stored",
            file=sys.stderr,
        )
        return 0

    return cli.run(work)


if __name__ == "__main__":
    raise SystemExit(main())
