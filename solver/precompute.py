"""Enumerate every solution of every catalog puzzle into the store.

    python -m solver.precompute [--puzzle ID ... [--all | --target T ...]] [--force]
                                [--workers N] [--report json] [--verify]

Without ``--puzzle`` it takes the default catalog (:func:`solver.catalog.catalog`);
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
import io
import json
import os
import shlex
import signal
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from functools import lru_cache

from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

import cli
from db import repository
from db.engine import make_engine, session_factory
from db.migrate import upgrade
from solver.catalog import Puzzle, Target, all_puzzles, catalog, get_puzzle
from solver.problem import (
    ENCODING_VERSION,
    FlipReader,
    TargetProblem,
    decode,
    face_up_count,
    flip_records,
    pieces_of_record,
)
from solver.verify import check_encodings, check_flipped


@dataclass(frozen=True)
class Task:
    puzzle_id: str
    target: str
    subproblem: int
    shares: int = 1  # TargetProblem.subproblems(shares): > 1 splits a board without symmetry


@dataclass(frozen=True)
class TaskResult:
    task: Task
    encodings: list[str]
    seconds: float


@dataclass
class PuzzleSummary:
    id: str
    targets_total: int
    targets_computed: int = 0
    targets_skipped: int = 0
    solutions: int = 0
    seconds: float = 0.0


@dataclass
class RunSummary:
    puzzles: dict[str, PuzzleSummary] = field(default_factory=dict)
    wall_seconds: float = 0.0
    interrupted: bool = False


# ---------------------------------------------------------------- workers


# A board's subproblems share one problem; a calendar has one task per target. Bounded: a weekday
# target's problem holds about 0.8 MB, so caching all 2,604 would take ~2 GB per worker.
@lru_cache(maxsize=32)
def _target_problem(puzzle_id: str, target: str) -> TargetProblem:
    puzzle = get_puzzle(puzzle_id)
    return TargetProblem(puzzle, puzzle.target(target))


def solve_task(task: Task) -> TaskResult:
    """Enumerate one subproblem and verify each solution (runs in a worker process)."""
    started = time.perf_counter()
    problem = _target_problem(task.puzzle_id, task.target)
    subproblems = problem.subproblems(task.shares)
    if task.subproblem >= len(subproblems):  # a share past the last: fewer placements on the first cell
        return TaskResult(task, [], time.perf_counter() - started)
    encodings = problem.solve_subproblem(subproblems[task.subproblem])
    check_encodings(problem.puzzle, problem.target, encodings)
    return TaskResult(task, encodings, time.perf_counter() - started)


def fingerprint(puzzle: Puzzle) -> str:
    """What the stored solutions depend on: the data files and the encoding."""
    return f"{puzzle.fingerprint}-e{ENCODING_VERSION}"


# ---------------------------------------------------------------- planning


def plan_tasks(puzzle: Puzzle, targets: Iterable[str], shares: int = 1) -> list[Task]:
    """Every task needed to enumerate the given targets of a puzzle (``shares``: see ``subproblems``)."""
    tasks: list[Task] = []
    for name in targets:
        count = len(_target_problem(puzzle.id, name).subproblems(shares))
        tasks.extend(Task(puzzle.id, name, i, shares) for i in range(count))
    return tasks


def _targets_to_compute(
    session: Session, puzzle: Puzzle, force: bool, say: Callable[[str], None], only: Sequence[str] | None
) -> tuple[list[str], list[str]]:
    """The targets asked for (all, or ``only``) and those of them to compute now."""
    changed = repository.sync_puzzle(
        session=session,
        puzzle_id=puzzle.id,
        title=puzzle.title,
        lattice=puzzle.lattice.name,
        fingerprint=fingerprint(puzzle),
    )
    if changed:
        say(f"{puzzle.id}: catalog definition changed, recomputing its stored solutions")
    names = [t.name for t in puzzle.targets] if only is None else [puzzle.target(n).name for n in only]
    if force:
        return names, names
    stored = repository.stored_target_names(session=session, puzzle_id=puzzle.id)
    todo = [n for n in names if n not in stored]
    if not todo:
        say(f"{puzzle.id}: all {len(names)} target(s) already stored, skipping (use --force to recompute)")
    elif len(todo) < len(names):
        say(f"{puzzle.id}: {len(names) - len(todo)} target(s) already stored, computing {len(todo)}")
    return names, todo


# ---------------------------------------------------------------- running


# A bar on a terminal, a line in a log: tasks done, time so far, ETA, then the targets stored.
_BAR_FORMAT = (
    "{desc} {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} tasks [{elapsed}, ETA {remaining}{postfix}]"
)
_LINE_FORMAT = "{desc}: {n_fmt}/{total_fmt} tasks [{elapsed}, ETA {remaining}{postfix}]"
# The ETA follows a slow moving average of the task rate (tqdm's default weight is 0.3): a weekday
# target takes 0.5-12 s, so the last few tasks alone give a jumpy estimate, and a puzzle whose tasks
# queue behind another puzzle's forgets that idle start within a few dozen updates.
_SMOOTHING = 0.05


class _Discard(io.TextIOBase):
    """Where bars that are counted but not drawn write to."""

    def write(self, text: str) -> int:
        return len(text)


class _Progress:
    """One tqdm bar per puzzle: tasks done, elapsed time, ETA, targets stored.

    Drawn on a terminal (``draw``). Otherwise, given ``every`` (seconds), the same bars count
    unseen and their line is said at most that often, for the log of a long run; else silent.
    """

    def __init__(
        self,
        counts: dict[str, tuple[int, int]],
        *,
        draw: bool,
        every: float | None = None,
        say: Callable[[str], None] = print,
    ) -> None:
        from tqdm import tqdm

        self._every = None if draw else every
        self._say = say
        self._said_at = time.monotonic()
        self._targets = {pid: [0, n_targets] for pid, (_, n_targets) in counts.items()}
        self._bars = {
            pid: tqdm(
                total=n_tasks,
                desc=pid.ljust(22) if draw else pid,
                unit="task",
                position=i,
                leave=True,
                disable=not draw and self._every is None,
                file=None if draw else _Discard(),
                bar_format=_BAR_FORMAT if draw else _LINE_FORMAT,
                smoothing=_SMOOTHING,
            )
            for i, (pid, (n_tasks, _)) in enumerate(counts.items())
        }

    def task_done(self, puzzle_id: str, stored: str | None = None) -> None:
        """One more task of a puzzle done, and the target it completed (``stored``) if any."""
        bar = self._bars[puzzle_id]
        if stored is not None:
            done = self._targets[puzzle_id]
            done[0] += 1
            bar.set_postfix_str(f"targets {done[0]}/{done[1]} (last {stored})", refresh=False)
        bar.update(1)
        if self._every is not None and time.monotonic() - self._said_at >= self._every:
            self._said_at = time.monotonic()
            self._say(str(bar))

    def close(self) -> None:
        for bar in self._bars.values():
            bar.close()


def _store_target(
    sessions: sessionmaker[Session], puzzle: Puzzle, target: str, results: list[TaskResult]
) -> tuple[int, float]:
    encodings = sorted(code for result in results for code in result.encodings)
    seconds = sum(result.seconds for result in results)
    with sessions.begin() as session:
        save_solutions(session, puzzle, puzzle.target(target), encodings, seconds)
    return len(encodings), seconds


def save_solutions(
    session: Session, puzzle: Puzzle, target: Target, encodings: list[str], seconds: float
) -> None:
    """Store a target's sorted encodings with each one's flip record (in the caller's transaction)."""
    repository.save_target(
        session=session,
        puzzle_id=puzzle.id,
        name=target.name,
        is_real=target.real,
        encodings=encodings,
        flips=checked_flip_records(puzzle, encodings),
        seconds=seconds,
    )


def block_interrupts() -> None:
    """Pool workers leave Ctrl-C to the main process, which stops the pool cleanly.

    SIGINT goes to the whole process group. Ignoring it is not enough: CP-SAT installs its own
    handler for each solve (a Ctrl-C then ends the search as incomplete, failing the task) and
    leaves SIG_DFL behind (a later Ctrl-C would kill the worker and break the pool). Blocked, the
    signal never arrives, whatever the handler; CP-SAT's threads inherit the mask. A worker
    finishes its current task and the main process, which is shutting the pool down, drops it.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _solve_here(task: Task) -> TaskResult:
    """Solve in this process, then give Python back its Ctrl-C handler, which CP-SAT resets to SIG_DFL.

    A Ctrl-C during the solve itself is CP-SAT's: the task fails with SearchIncomplete (never a
    partial result). The command line therefore always solves in worker processes.
    """
    handler = signal.getsignal(signal.SIGINT)
    try:
        return solve_task(task)
    finally:
        if handler is not None and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, handler)


def _results(tasks: Sequence[Task], workers: int) -> Iterable[TaskResult]:
    """Task results as they complete: from ``workers`` processes, or from this one when 0."""
    if workers == 0:
        yield from (_solve_here(task) for task in tasks)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=block_interrupts)
    try:
        pending: set[Future[TaskResult]] = {pool.submit(solve_task, task) for task in tasks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


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
            names, todo[puzzle.id] = _targets_to_compute(session, puzzle, force, say, targets)
            summary.puzzles[puzzle.id] = PuzzleSummary(
                puzzle.id, len(names), targets_skipped=len(names) - len(todo[puzzle.id])
            )
    by_id = {p.id: p for p in puzzles}
    _add_flip_records(sessions, puzzles, todo, say)
    tasks_by_puzzle = {pid: plan_tasks(by_id[pid], names) for pid, names in todo.items() if names}
    # Long single-target boards first, so the many short calendar dates fill the gaps.
    tasks = sorted(
        (t for ts in tasks_by_puzzle.values() for t in ts), key=lambda t: len(by_id[t.puzzle_id].targets)
    )
    remaining: defaultdict[tuple[str, str], int] = defaultdict(int)
    for task in tasks:
        remaining[(task.puzzle_id, task.target)] += 1
    bars = _Progress(
        {pid: (len(ts), len(todo[pid])) for pid, ts in tasks_by_puzzle.items()},
        draw=progress,
        every=progress_every,
        say=say,
    )
    collected: dict[tuple[str, str], list[TaskResult]] = defaultdict(list)
    try:
        for result in _results(tasks, workers):
            key = (result.task.puzzle_id, result.task.target)
            collected[key].append(result)
            remaining[key] -= 1
            if remaining[key] == 0:
                count, seconds = _store_target(sessions, by_id[key[0]], key[1], collected.pop(key))
                entry = summary.puzzles[key[0]]
                entry.targets_computed += 1
                entry.solutions += count
                entry.seconds += seconds
            bars.task_done(key[0], stored=key[1] if remaining[key] == 0 else None)
    finally:
        bars.close()


def _add_flip_records(
    sessions: sessionmaker[Session],
    puzzles: Sequence[Puzzle],
    todo: dict[str, list[str]],
    say: Callable[[str], None],
) -> None:
    """Give the stored targets packed before flip records were kept (codec 1) their records:
    read from the encodings, checked, and repacked in place, one transaction per target (no
    solving; the target keeps its row, so hint caches and keys stay valid)."""
    by_id = {p.id: p for p in puzzles}
    with sessions() as session:
        found = repository.targets_without_flip_records(session=session)
    pending = [(pid, name) for pid, name in found if pid in by_id and name not in todo.get(pid, ())]
    for puzzle_id, name in pending:
        puzzle = by_id[puzzle_id]
        if name not in {t.name for t in puzzle.targets}:
            continue  # a target the catalog no longer has: left as it is
        with sessions.begin() as session:
            encodings = repository.get_encodings(session=session, puzzle_id=puzzle_id, target=name)
            flips = checked_flip_records(puzzle, encodings)
            repository.add_flip_records(session=session, puzzle_id=puzzle_id, target=name, flips=flips)
    if pending:
        say(f"added flip records to {len(pending)} stored target(s) packed before they were kept")


def checked_flip_records(puzzle: Puzzle, encodings: Sequence[str]) -> list[str]:
    """Each solution's flip record (:func:`solver.problem.flip_records`), checked against the
    independent geometry of :mod:`solver.verify`; InvalidSolution if one disagrees."""
    records = flip_records(puzzle, encodings)
    for code, record in zip(encodings, records, strict=True):
        check_flipped(puzzle, decode(puzzle, code), pieces_of_record(puzzle, record))
    return records


# ---------------------------------------------------------------- reports and checks


def face_up_counts(sessions: sessionmaker[Session], puzzle: Puzzle, names: Iterable[str]) -> dict[str, int]:
    """Face-up solutions per stored target, counted from the stored solutions (no solving).

    See :func:`solver.problem.face_up_count`; a stored target the puzzle no longer has is left out.
    """
    reader = FlipReader(puzzle)
    known = {target.name: target for target in puzzle.targets}
    counts: dict[str, int] = {}
    with sessions() as session:
        for name in names:
            if name in known:
                stored = repository.get_solutions(session=session, puzzle_id=puzzle.id, target=name)
                if stored is None:
                    counts[name] = 0
                    continue
                problem = TargetProblem(puzzle, known[name])
                counts[name] = face_up_count(problem, stored.encodings, reader, records=stored.flips)
    return counts


def report(sessions: sessionmaker[Session], puzzles: Sequence[Puzzle]) -> dict[str, object]:
    """The store's counts as the ``--report json`` document (no solving), face-up counts included."""
    with sessions() as session:
        stored = repository.list_targets(session=session)
    by_puzzle: dict[str, list[repository.StoredTarget]] = defaultdict(list)
    for target in stored:
        by_puzzle[target.puzzle_id].append(target)
    entries = []
    for puzzle in puzzles:
        order = {t.name: i for i, t in enumerate(puzzle.targets)}
        rows = sorted(by_puzzle.get(puzzle.id, []), key=lambda t: order.get(t.name, len(order)))
        face_up = face_up_counts(sessions, puzzle, (t.name for t in rows))
        entry: dict[str, object] = {
            "id": puzzle.id,
            "title": puzzle.title,
            "targets": {t.name: t.solution_count for t in rows},
            "total": sum(t.solution_count for t in rows),
            "faceup_targets": face_up,
            "faceup_total": sum(face_up.values()),
        }
        not_real = [t.name for t in puzzle.targets if not t.real]
        if not_real:
            entry["not_real_targets"] = not_real
            entry["real_total"] = sum(t.solution_count for t in rows if t.is_real)
            entry["faceup_real_total"] = sum(face_up.get(t.name, 0) for t in rows if t.is_real)
        entries.append(entry)
    return {"puzzles": entries}


def verify_counts(sessions: sessionmaker[Session], puzzle: Puzzle) -> list[str]:
    """Differences between the store and the published counts, one message each."""
    with sessions() as session:
        counts = {t.name: t for t in repository.list_targets(session=session, puzzle_id=puzzle.id)}
    problems = []
    published = puzzle.published
    for target, expected in published.per_target.items():
        got = counts[target].solution_count if target in counts else None
        if got != expected:
            problems.append(f"{puzzle.id} target {target}: stored {got}, published {expected}")
    if published.real_targets_total is not None:
        real = [t for t in puzzle.targets if t.real]
        missing = [t.name for t in real if t.name not in counts]
        got_total = sum(counts[t.name].solution_count for t in real if t.name in counts)
        if missing or got_total != published.real_targets_total:
            problems.append(
                f"{puzzle.id} all real targets: stored {got_total} over {len(real) - len(missing)} targets,"
                f" published {published.real_targets_total}"
            )
    real_counts = {name: t.solution_count for name, t in counts.items() if t.is_real}
    for label, pick in (("fewest", min), ("most", max)):
        expected_pair = getattr(published, label)
        if expected_pair is None or not real_counts:
            continue
        extreme = pick(real_counts.values())
        holders = sorted(n for n, c in real_counts.items() if c == extreme)
        if (holders, extreme) != ([expected_pair[0]], expected_pair[1]):
            problems.append(
                f"{puzzle.id} {label} solutions: stored {extreme} at {', '.join(holders)}, "
                f"published {expected_pair[1]} at target {expected_pair[0]}"
            )
    return problems


# ---------------------------------------------------------------- command line

PROGRESS_LINE_SECONDS = 60.0  # without a terminal (a log), one progress line a minute


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


def format_summary(summary: RunSummary, sessions: sessionmaker[Session], puzzles: Sequence[Puzzle]) -> str:
    """The table printed at the end: puzzle, targets, solutions, time."""
    with sessions() as session:
        stored = repository.list_targets(session=session)
    header = f"{'puzzle':<24} {'targets':>9} {'solutions':>10} {'time (s)':>9}"
    lines = [header, "-" * len(header)]
    for puzzle in puzzles:
        rows = [t for t in stored if t.puzzle_id == puzzle.id]
        targets = f"{len(rows)}/{len(puzzle.targets)}"
        solutions = sum(t.solution_count for t in rows)
        seconds = sum(t.seconds for t in rows)
        lines.append(f"{puzzle.id:<24} {targets:>9} {solutions:>10} {seconds:>9.1f}")
    lines.append(f"wall time of this run: {summary.wall_seconds:.1f} s")
    return "\n".join(lines)


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


def _stored_message(
    sessions: sessionmaker[Session], puzzles: Sequence[Puzzle], targets: list[str] | None
) -> str:
    """How many targets asked for are stored: ``120 of 372 targets stored (calendar-x 120/372)``."""
    parts = []
    stored_sum = asked_sum = 0
    with sessions() as session:
        for puzzle in puzzles:
            asked = set(targets) if targets is not None else {t.name for t in puzzle.targets}
            stored = len(asked & repository.stored_target_names(session=session, puzzle_id=puzzle.id))
            parts.append(f"{puzzle.id} {stored}/{len(asked)}")
            stored_sum, asked_sum = stored_sum + stored, asked_sum + len(asked)
    return f"{stored_sum} of {asked_sum} targets stored ({', '.join(parts)})"


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
    on_terminal = sys.stderr.isatty()
    summary = run(
        sessions,
        puzzles,
        force=args.force,
        targets=targets,
        workers=args.workers,
        progress=on_terminal,
        progress_every=None if on_terminal else PROGRESS_LINE_SECONDS,
        say=lambda message: print(message, file=sys.stderr),
    )
    print(format_summary(summary, sessions, puzzles))
    if summary.interrupted:
        stored = _stored_message(sessions, puzzles, targets)
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
