"""Render images without the bot.

    python -m render PUZZLE TARGET -o out.png [--pieces K]     first CP-SAT solution, no store
    python -m render calendar-dragonfjord MM-DD --stage N [--year Y] [-o out.png | --text]
    python -m render challenge YYYY-MM-DD --stage N [-o out.png | --text]
    python -m render heatmap -o out.png

Stages: 0 the puzzle, 1 one piece, 2 half the pieces, 3 the full answer. The
stage, challenge and heatmap forms read the precomputed store (DATABASE_URL).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from db.engine import DatabaseUnavailable, make_engine, session_factory
from hints import service
from render.hint import hint_image, hint_text
from render.images import render_board, render_heatmap
from settings import get_settings
from solver.catalog import CatalogError, UnknownPuzzleError, get_puzzle
from solver.cover import find_solution
from solver.hints import Hint
from solver.problem import TargetProblem


class UsageError(ValueError):
    """Bad arguments; the message is shown as is."""


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
    parser.add_argument("--stage", type=int, choices=[0, 1, 2, 3], help="hint stage of the daily puzzle")
    parser.add_argument("--year", type=int, default=date.today().year, help="year of MM-DD (default: this)")
    parser.add_argument("--database-url", help="override DATABASE_URL")
    return parser


def render_first_solution(puzzle_id: str, target_name: str, pieces: int | None) -> bytes:
    """PNG of the first CP-SAT solution; KeyError/ValueError with a user-facing message on bad input."""
    puzzle = get_puzzle(puzzle_id)
    target = puzzle.target(target_name)
    total = len(puzzle.pieces)
    if pieces is not None and pieces > total:
        raise ValueError(f"--pieces must be between 0 and {total} for {puzzle.id}")
    problem = TargetProblem(puzzle, target)
    solution = find_solution(problem.cover)
    if solution is None:
        raise ValueError(f"{puzzle.id} {target.name} has no solution")
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
        raise UsageError(f"{what} must be a real date like 2026-01-25, got {text!r}") from None


def _calendar_day(target: str | None, year: int) -> date:
    month_day = get_puzzle(service.CALENDAR_ID).target(target or "").name  # KeyError lists targets
    return _parse_day(f"{year:04d}-{month_day}", f"{month_day} in {year}")


def render_stage(args: argparse.Namespace, url: str) -> tuple[bytes, str]:
    """(PNG, text) of a daily hint stage, read from the store."""
    with session_factory(make_engine(url))() as session:
        if args.puzzle == "challenge":
            day = _parse_day(args.target, "the challenge date")
            challenge = service.daily_challenge(session, day)
            marked: frozenset[tuple[int, int]] = frozenset()
            puzzle, preplaced = challenge.puzzle, len(challenge.preplaced)
            heading = f"{day.isoformat()} · pentomino challenge ({puzzle.id.removeprefix('pentomino-')})"
            stages = service.challenge_hints(session, day)
            first = Hint(0, challenge.preplaced, 1, challenge.total)
        elif args.puzzle == service.CALENDAR_ID:
            day = _calendar_day(args.target, args.year)
            daily = service.daily_calendar(session, day)
            puzzle, marked, preplaced, heading = daily.puzzle, daily.target.uncovered, 0, day.isoformat()
            stages = service.calendar_hints(session, day)
            first = Hint(0, (), daily.total, daily.total)
        else:
            raise UsageError("--stage works for calendar-dragonfjord and 'challenge' (daily puzzles)")
    hint = first if args.stage == 0 else stages[args.stage - 1]
    options = {"heading": heading, "marked": marked, "preplaced": preplaced}
    return hint_image(puzzle, hint, **options), hint_text(puzzle, hint, **options)  # type: ignore[arg-type]


def _produce(args: argparse.Namespace) -> tuple[bytes, str | None]:
    url = args.database_url or get_settings().DATABASE_URL
    if args.puzzle == "heatmap":
        with session_factory(make_engine(url))() as session:
            counts = service.solution_counts(session)
        if not counts:
            raise service.NotPrecomputed("the calendar is not precomputed; run python -m solver.precompute")
        return render_heatmap(counts), None
    if args.stage is not None or args.puzzle == "challenge":
        if args.stage is None:
            raise UsageError("'challenge' needs --stage N (0 shows the puzzle)")
        return render_stage(args, url)
    if args.target is None:
        raise UsageError("give a TARGET, e.g. 01-25 or board")
    return render_first_solution(args.puzzle, args.target, args.pieces), None


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.output is None and not args.text:
        print("error: give -o out.png (or --text with --stage)", file=sys.stderr)
        return 2
    try:
        png, text = _produce(args)
    except (UnknownPuzzleError, KeyError, ValueError, CatalogError) as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 2
    except (service.NotPrecomputed, DatabaseUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except SQLAlchemyError as exc:
        print(f"error: cannot read the database: {type(exc).__name__}", file=sys.stderr)
        return 1
    if args.text:
        if text is None:
            print("error: --text needs --stage", file=sys.stderr)
            return 2
        print(text)
    if args.output is not None:
        try:
            args.output.write_bytes(png)
        except OSError as exc:
            print(f"error: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
