"""Render images without the bot.

    python -m render PUZZLE TARGET -o out.png [--pieces K]     first CP-SAT solution, no store
    python -m render calendar-dragonfjord MM-DD --stage N [--year Y] [-o out.png | --text]
    python -m render challenge YYYY-MM-DD --stage N [-o out.png | --text]
    python -m render heatmap -o out.png

Stages: 0 the puzzle, 1 one piece, 2 half the pieces, 3 the full answer. The
stage, challenge and heatmap forms read the precomputed store (DATABASE_URL)
through the service layer, exactly as the bot and the API draw them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from db.engine import make_engine, session_factory
from hints.daily import CALENDAR_ID, DailyPuzzle, daily_calendar, daily_challenge
from hints.errors import NotPrecomputed
from hints.solutions import solution_counts
from jobs import cli
from render.images import render_board, render_heatmap
from solver.cover import find_solution
from solver.problem import TargetProblem
from solver.puzzles import get_puzzle
from solver.stages import Stage


def non_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m render", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("puzzle", help="puzzle id, or 'challenge' or 'heatmap'")
    parser.add_argument("target", nargs="?", help="MM-DD or 'board'; a date for 'challenge'")
    parser.add_argument("-o", "--output", type=Path, help="PNG file to write")
    parser.add_argument("--text", action="store_true", help="print the hint as text instead")
    parser.add_argument("--pieces", type=non_negative, metavar="K", help="reveal only the first K pieces")
    parser.add_argument(
        "--stage", type=int, choices=[int(s) for s in Stage], help="hint stage of the daily puzzle"
    )
    parser.add_argument("--year", type=int, default=date.today().year, help="year of MM-DD (default: this)")
    cli.add_database_option(parser)
    return parser


def render_first_solution(puzzle_id: str, target_name: str, pieces: int | None) -> bytes:
    """PNG of the first CP-SAT solution; UsageError when it cannot be drawn as asked."""
    puzzle = get_puzzle(puzzle_id)
    target = puzzle.target(target_name)
    total = len(puzzle.pieces)
    if pieces is not None and pieces > total:
        raise cli.UsageError(f"--pieces must be between 0 and {total} for {puzzle.id}")
    problem = TargetProblem(puzzle, target)
    solution = find_solution(problem.cover)
    if solution is None:
        raise cli.UsageError(f"{puzzle.id} {target.name} has no solution")
    shown = problem.to_placements(solution)[: total if pieces is None else pieces]
    real = "" if target.real else " (not a real date)"
    return render_board(
        puzzle,
        shown,
        marked=target.uncovered,
        title=f"{puzzle.title} · {target.name}{real}",
        subtitle=f"{len(shown)} of {total} pieces shown",
    )


def _parse_day(text: str | None, what: str) -> date:
    try:
        return date.fromisoformat(text or "")
    except ValueError:
        raise cli.UsageError(f"{what} must be a real date like 2026-01-25, got {text!r}") from None


def _calendar_day(target: str | None, year: int) -> date:
    month_day = get_puzzle(CALENDAR_ID).target(target or "").name  # UnknownTargetError lists targets
    return _parse_day(f"{year:04d}-{month_day}", f"{month_day} in {year}")


def daily_stage(args: argparse.Namespace) -> tuple[bytes, str]:
    """(PNG, text) of a daily hint stage, read from the store through the service."""
    if args.puzzle == "challenge":
        day = _parse_day(args.target, "the challenge date")
    elif args.puzzle == CALENDAR_ID:
        day = _calendar_day(args.target, args.year)
    else:
        raise cli.UsageError(f"--stage works for {CALENDAR_ID} and 'challenge' (daily puzzles)")
    engine = make_engine(cli.database_url(args))
    try:
        with session_factory(engine).begin() as session:  # one unit of work: the hint cache is kept
            daily: DailyPuzzle = (
                daily_challenge(session, day) if args.puzzle == "challenge" else daily_calendar(session, day)
            )
    finally:
        engine.dispose()
    stage = Stage(args.stage)
    return daily.image(stage), daily.text(stage)


def heatmap(args: argparse.Namespace) -> bytes:
    """The calendar's year heatmap, of as many dates as are stored."""
    engine = make_engine(cli.database_url(args))
    try:
        with session_factory(engine)() as session:
            counts = solution_counts(session, get_puzzle(CALENDAR_ID))
    finally:
        engine.dispose()
    if not counts:
        raise NotPrecomputed(CALENDAR_ID)
    return render_heatmap(counts)


def produce(args: argparse.Namespace) -> tuple[bytes, str | None]:
    """The PNG (and, for daily stages, the text) the arguments ask for."""
    if args.puzzle == "heatmap":
        return heatmap(args), None
    if args.stage is not None or args.puzzle == "challenge":
        if args.stage is None:
            raise cli.UsageError("'challenge' needs --stage N (0 shows the puzzle)")
        return daily_stage(args)
    if args.target is None:
        raise cli.UsageError("give a TARGET, e.g. 01-25 or board")
    return render_first_solution(args.puzzle, args.target, args.pieces), None


def write(args: argparse.Namespace) -> int:
    png, text = produce(args)
    if args.text:
        if text is None:
            raise cli.UsageError("--text needs --stage")
        print(text)
    if args.output is not None:
        args.output.write_bytes(png)
    return cli.EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.output is None and not args.text:
        print("error: give -o out.png (or --text with --stage)", file=sys.stderr)
        return cli.EXIT_USAGE
    return cli.run(lambda: write(args))


if __name__ == "__main__":
    raise SystemExit(main())
