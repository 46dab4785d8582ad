"""Print a stored solution as text: ``python -m solver.show PUZZLE TARGET [--solution N]``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from sqlalchemy.exc import SQLAlchemyError

from db import repository
from db.engine import DatabaseUnavailable, make_engine, session_factory
from settings import get_settings
from solver.catalog import CatalogError, UnknownPuzzleError, get_puzzle
from solver.problem import decode
from render.text import render_text


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m solver.show", description=__doc__)
    parser.add_argument("puzzle", help="puzzle id, e.g. calendar-dragonfjord")
    parser.add_argument("target", help="target, e.g. 01-25 for the calendar or 'board'")
    parser.add_argument("--solution", type=int, default=1, metavar="N", help="which solution, from 1")
    parser.add_argument("--database-url", help="override DATABASE_URL")
    return parser


def show(puzzle_id: str, target_name: str, number: int, database_url: str) -> str:
    """The text of solution ``number`` (1-based); ValueError/KeyError with a user-facing message."""
    puzzle = get_puzzle(puzzle_id)
    target = puzzle.target(target_name)
    with session_factory(make_engine(database_url))() as session:
        total = repository.count_solutions(session=session, puzzle_id=puzzle.id, target=target.name)
        if total is None:
            raise ValueError(
                f"{puzzle.id} {target.name} is not precomputed yet; run python -m solver.precompute"
            )
        if not 1 <= number <= total:
            raise ValueError(f"--solution must be between 1 and {total} for {puzzle.id} {target.name}")
        (code,) = repository.get_encodings(
            session=session, puzzle_id=puzzle.id, target=target.name, offset=number - 1, limit=1
        )
    heading = f"{puzzle.title} — {target.name}{'' if target.real else ' (not a real date)'}"
    body = render_text(puzzle, decode(puzzle, code), target.uncovered)
    return f"{heading}: solution {number} of {total}\n{body}"


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        print(show(args.puzzle, args.target, args.solution, args.database_url or get_settings().DATABASE_URL))
    except (UnknownPuzzleError, KeyError, ValueError, CatalogError, DatabaseUnavailable) as exc:
        print(f"error: {exc.args[0] if isinstance(exc, KeyError) else exc}", file=sys.stderr)
        return 2
    except SQLAlchemyError as exc:
        print(f"error: cannot read the database: {type(exc).__name__}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
