"""Print a stored solution as text: ``python -m solver.show PUZZLE TARGET [--solution N]``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from db.engine import make_engine, session_factory
from hints.errors import UnknownSolution
from hints.solutions import stored_solution
from jobs import cli
from render.text import render_text
from solver.puzzles import get_puzzle


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m solver.show", description=__doc__)
    parser.add_argument("puzzle", help="puzzle id, e.g. calendar-dragonfjord")
    parser.add_argument("target", help="target, e.g. 01-25 for the calendar or 'board'")
    parser.add_argument("--solution", type=int, default=1, metavar="N", help="which solution, from 1")
    cli.add_database_option(parser)
    return parser


def show(puzzle_id: str, target_name: str, number: int, database_url: str) -> str:
    """The text of solution ``number`` (1-based); UsageError when there is no such solution."""
    puzzle = get_puzzle(puzzle_id)
    target = puzzle.target(target_name)
    engine = make_engine(database_url)
    try:
        with session_factory(engine)() as session:
            solution = stored_solution(session, puzzle, target, number)
    except UnknownSolution as exc:
        raise cli.UsageError(
            f"--solution must be between 1 and {exc.total} for {puzzle.id} {target.name}"
        ) from None
    finally:
        engine.dispose()
    heading = f"{puzzle.title} — {target.name}{'' if target.real else ' (not a real date)'}"
    body = render_text(puzzle, solution.placements, target.uncovered)
    return f"{heading}: solution {number} of {solution.total}\n{body}"


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)

    def work() -> int:
        print(show(args.puzzle, args.target, args.solution, cli.database_url(args)))
        return cli.EXIT_OK

    return cli.run(work)


if __name__ == "__main__":
    raise SystemExit(main())
