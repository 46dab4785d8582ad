"""Enumerate every solution of every catalog puzzle into the store.

    python -m solver.precompute [--puzzle ID ... [--all | --target T ...]] [--force]
                                [--workers N] [--report json] [--verify]

Without ``--puzzle`` it takes the default catalog (:func:`solver.puzzles.catalog`);
the editions marked ``precompute: on-demand`` are solved only when named.
``--puzzle ID`` computes every target of each puzzle named; ``--all`` says so
explicitly (a whole edition) and needs at least one ``--puzzle``; ``--target``
(with one ``--puzzle``) limits the run to chosen targets.

Work is split into tasks (one per calendar date, one per symmetry-breaking
subproblem of a board) run in worker processes. Each worker solves its task
with CP-SAT and checks every solution with the independent verifier; the main
process writes each target in one transaction once all its tasks are in, so
an interrupted run leaves only whole targets behind and the next run resumes
(targets already stored are skipped unless ``--force``). The command never runs
CP-SAT in its own process, and the workers block SIGINT (CP-SAT would otherwise
take Ctrl-C for itself, see :func:`block_interrupts`): a Ctrl-C reaches the
main process alone, which stops the pool, keeps what is stored, says how many
targets that is and how to resume, and exits 130.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import TextIO

from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from db.engine import make_engine, session_factory
from db.migrate import upgrade
from jobs import cli
from jobs.progress import ProgressBars
from jobs.reports import PuzzleSummary, RunSummary, format_summary, report, stored_message, verify_counts
from jobs.storing import add_flip_records, store_target, targets_to_compute
from jobs.workers import task_results
from solver.catalog import Puzzle
from solver.puzzles import all_puzzles, catalog, get_puzzle
from solver.tasks import TaskResult, plan_tasks


def run(
    sessions: sessionmaker[Session],
    puzzles: Sequence[Puzzle],
    *,
    force: bool = False,
    targets: Sequence[str] | None = None,
    workers: int = 0,
    progress: bool = False,
    progress_every: float | None = None,
    say: Callable[[str], None] = print,
) -> RunSummary:
    """Compute and store every missing target of ``puzzles`` (only ``targets``, of one puzzle, if given).

    ``workers`` processes solve (0: this process). ``progress`` draws bars on stderr; without
    them, ``progress_every`` says a progress line at most every so many seconds. A
    KeyboardInterrupt stops the run and marks the summary ``interrupted``; every target stored
    by then is whole. Returns what was done; UnknownTargetError for a target the puzzle does
    not have.
    """
    if targets is not None and len(puzzles) != 1:
        raise ValueError("targets can be chosen for one puzzle only")
    started = time.perf_counter()
    summary = RunSummary()
    try:
        _compute(
            sessions,
            puzzles,
            summary,
            force=force,
            targets=targets,
            workers=workers,
            progress=progress,
            progress_every=progress_every,
            say=say,
        )
    except KeyboardInterrupt:
        summary.interrupted = True
    summary.wall_seconds = time.perf_counter() - started
    return summary


def _compute(
    sessions: sessionmaker[Session],
    puzzles: Sequence[Puzzle],
    summary: RunSummary,
    *,
    force: bool,
    targets: Sequence[str] | None,
    workers: int,
    progress: bool,
    progress_every: float | None,
    say: Callable[[str], None],
) -> None:
    """The body of :func:`run`: plan, solve, store each target as its last task comes in."""
    todo: dict[str, list[str]] = {}
    with sessions.begin() as session:
        for puzzle in puzzles:
            names, todo[puzzle.id] = targets_to_compute(session, puzzle, force, say, targets)
            summary.puzzles[puzzle.id] = PuzzleSummary(
                puzzle.id, len(names), targets_skipped=len(names) - len(todo[puzzle.id])
            )
    by_id = {p.id: p for p in puzzles}
    add_flip_records(sessions, puzzles, todo, say)
    tasks_by_puzzle = {pid: plan_tasks(by_id[pid], names) for pid, names in todo.items() if names}
    # Long single-target boards first, so the many short calendar dates fill the gaps.
    tasks = sorted(
        (t for ts in tasks_by_puzzle.values() for t in ts), key=lambda t: len(by_id[t.puzzle_id].targets)
    )
    remaining: defaultdict[tuple[str, str], int] = defaultdict(int)
    for task in tasks:
        remaining[(task.puzzle_id, task.target)] += 1
    bars = ProgressBars(
        {pid: (len(ts), len(todo[pid])) for pid, ts in tasks_by_puzzle.items()},
        draw=progress,
        every=progress_every,
        say=say,
    )
    collected: dict[tuple[str, str], list[TaskResult]] = defaultdict(list)
    try:
        for result in task_results(tasks, workers):
            key = (result.task.puzzle_id, result.task.target)
            collected[key].append(result)
            remaining[key] -= 1
            if remaining[key] == 0:
                count, seconds = store_target(sessions, by_id[key[0]], key[1], collected.pop(key))
                entry = summary.puzzles[key[0]]
                entry.targets_computed += 1
                entry.solutions += count
                entry.seconds += seconds
            bars.task_done(key[0], stored=key[1] if remaining[key] == 0 else None)
    finally:
        bars.close()


# ---------------------------------------------------------------- command line

PROGRESS_LINE_SECONDS = 60.0  # without a terminal (a log), one progress line a minute
TERMINAL_LINE_SECONDS = 5.0  # on a terminal too narrow for bars (or one saying no width), a line every 5 s
MIN_BAR_COLUMNS = 40  # a bar needs this many columns to say anything


def progress_mode(stream: TextIO) -> tuple[bool, float | None]:
    """How the run's progress shows on ``stream``: bars on a terminal wide enough for them; else a
    line every few seconds on a terminal (one that reports no width drew empty bars: nothing at
    all), or every minute in a log."""
    if not stream.isatty():
        return False, PROGRESS_LINE_SECONDS
    if shutil.get_terminal_size(fallback=(0, 0)).columns >= MIN_BAR_COLUMNS:
        return True, None
    return False, TERMINAL_LINE_SECONDS


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m solver.precompute", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--puzzle",
        action="append",
        metavar="ID",
        help="limit to this puzzle, on-demand ones too (repeatable)",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="every target of each --puzzle: a whole edition, on-demand ones too (resumable)",
    )
    parser.add_argument(
        "--target", action="append", metavar="T", help="only this target of the one --puzzle (repeatable)"
    )
    parser.add_argument("--force", action="store_true", help="recompute targets that are already stored")
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes, at least 1 (default: CPU cores)",
    )
    parser.add_argument("--report", choices=["json"], help="print the stored counts as JSON, without solving")
    parser.add_argument("--verify", action="store_true", help="compare stored counts with published numbers")
    cli.add_database_option(parser)
    return parser


def _check_all(args: argparse.Namespace) -> None:
    """UsageError when ``--all`` comes with options it does not go with (before anything else happens)."""
    if not args.all:
        return
    if args.target:
        raise cli.UsageError(
            "--all and --target exclude each other: --all computes every target of each --puzzle, "
            "--target only the targets named"
        )
    if not args.puzzle:
        on_demand = sorted(pid for pid, puzzle in all_puzzles().items() if puzzle.on_demand)
        raise cli.UsageError(
            "--all needs --puzzle ID (repeatable): it computes whole editions, one or more at a time. "
            "Without --puzzle the run already computes every target of the default catalog; the "
            f"editions solved on demand are computed only when named: {', '.join(on_demand)}"
        )
    if args.report:
        raise cli.UsageError("--report only reads the store: run --all first, then --report json")


def _selected_puzzles(ids: list[str] | None, find_puzzle: Callable[[str], Puzzle]) -> list[Puzzle]:
    """The puzzles named (on-demand ones too), or the default catalog; UnknownPuzzleError for a bad id."""
    if not ids:
        return list(catalog().values())
    return [find_puzzle(pid) for pid in dict.fromkeys(ids)]


def _selected_targets(puzzles: Sequence[Puzzle], names: list[str] | None) -> list[str] | None:
    """The targets named (None: all); UsageError unless one puzzle is named, UnknownTargetError if unknown."""
    if names is None:
        return None
    if len(puzzles) != 1:
        raise cli.UsageError("--target needs exactly one --puzzle")
    return [puzzles[0].target(name).name for name in dict.fromkeys(names)]


def resume_command(args: argparse.Namespace) -> str:
    """The command that carries on an interrupted run (without --force, so what is stored is kept)."""
    words = ["python", "-m", "solver.precompute"]
    for puzzle_id in dict.fromkeys(args.puzzle or []):
        words += ["--puzzle", puzzle_id]
    if args.all:
        words.append("--all")
    for target in dict.fromkeys(args.target or []):
        words += ["--target", target]
    if args.database_url:
        words += ["--database-url", make_url(args.database_url).render_as_string(hide_password=True)]
    if args.verify:
        words.append("--verify")
    return shlex.join(words)


def precompute(args: argparse.Namespace, find_puzzle: Callable[[str], Puzzle] = get_puzzle) -> int:
    """The command's body: report, or solve what is missing (then verify); returns the exit code."""
    _check_all(args)
    puzzles = _selected_puzzles(args.puzzle, find_puzzle)
    targets = _selected_targets(puzzles, args.target)
    url = cli.database_url(args)
    upgrade(url)
    sessions = session_factory(make_engine(url))
    if args.report:
        print(json.dumps(report(sessions, puzzles), indent=2))
        return cli.EXIT_OK
    bars, every = progress_mode(sys.stderr)
    summary = run(
        sessions,
        puzzles,
        force=args.force,
        targets=targets,
        workers=args.workers,
        progress=bars,
        progress_every=every,
        say=lambda message: print(message, file=sys.stderr),
    )
    print(format_summary(summary, sessions, puzzles))
    if summary.interrupted:
        stored = stored_message(sessions, puzzles, targets)
        print(f"interrupted: {stored}; every stored target is complete", file=sys.stderr)
        print(f"resume with: {resume_command(args)}", file=sys.stderr)
        return cli.EXIT_INTERRUPTED
    if args.verify:
        problems = [p for puzzle in puzzles for p in verify_counts(sessions, puzzle)]
        for problem in problems:
            print(f"MISMATCH {problem}", file=sys.stderr)
        if problems:
            return cli.EXIT_ENVIRONMENT
        print("verify: every stored count matches the published numbers")
    return cli.EXIT_OK


def main(argv: Sequence[str] | None = None, *, find_puzzle: Callable[[str], Puzzle] = get_puzzle) -> int:
    """The command line; ``find_puzzle`` looks up a ``--puzzle`` id (tests pass a smaller stand-in)."""
    args = _parser().parse_args(argv)
    if args.workers < 1:
        print("error: --workers must be at least 1", file=sys.stderr)
        return cli.EXIT_USAGE
    return cli.run(lambda: precompute(args, find_puzzle))


if __name__ == "__main__":
    raise SystemExit(main())
