"""Time on-demand calendar targets with the product's CP-SAT path against an exact-cover reference.

    .venv/bin/python -m benchmarks.ondemand [--edition ID ...] [--targets N] [--quick]
                                            [--try-params NAME=VALUE,...] [--try-split]

For each edition it takes ``--targets`` real targets spread evenly over the year (every k-th
real target, the same ones on every run) and enumerates every solution of each twice:

- CP-SAT: what ``solver.precompute.solve_task`` does for a target, from scratch, without
  storing and without its final check: the target's placements (``TargetProblem``), its
  subproblems, and ``solve_subproblem`` (model building, CP-SAT search, read-out, encoding).
  The check that follows in ``solve_task`` (``verify.check_encodings`` on the solutions) is
  timed apart ("verify s").
- xcover: Knuth's Algorithm C (dancing cells, compiled with numba) from the ``xcover`` package,
  on rows built from the same placements (one column per cell, one per piece), its solutions
  encoded the same way.

Both produce the target's encodings; they must be the same set on every target, or the run
stops with exit 1. Times are CPU seconds of this single process (``time.process_time``; the
machine is shared, so CPU time is steadier than wall time; medians of both are printed).
Goal: median CP-SAT within 3x of the reference, on 2 cores.

``--try-params`` runs the CP-SAT leg a second time with SAT parameters set on top of the
product's (``solver.cpsat.make_solver``, patched in this process only), e.g.
``--try-params use_sat_inprocessing=false``. ``--try-split`` enumerates each target a third way:
one CP-SAT solve per placement on the target's first cell (``Subproblem((i,), ())`` through
``solve_subproblem``, as if ``subproblems()`` split a board without symmetry), with the
``--try-params`` if given. It prints the CPU sum and the makespan of the measured parts on two
workers (largest first, each to the less loaded worker): the wall time two idle worker
processes would need, pool start-up not included.

xcover is a benchmark dependency only (``make bench-ondemand`` installs it), never the product's.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import partial
from importlib.metadata import version
from typing import Any, TypeVar

from ortools.sat.python import cp_model

from jobs.target_solving import on_demand_processes, solve_target
from solver import cover, cpsat
from solver.catalog import Puzzle
from solver.encoding import encode
from solver.problem import Subproblem, TargetProblem, board_blockers
from solver.puzzles import all_puzzles, get_puzzle
from solver.verify import check_encodings

EDITIONS = ("calendar-weekday", "calendar-tetromino")
DEFAULT_TARGETS = 20
QUICK_TARGETS = 3
GOAL_RATIO = 3.0
WORKERS = 2  # the machine's cores, for the --try-split makespan

T = TypeVar("T")


class Mismatch(RuntimeError):
    """CP-SAT and the reference disagree on a target's solutions; the message says where."""


@dataclass(frozen=True)
class Timed:
    cpu: float
    wall: float


@dataclass(frozen=True)
class Split:
    parts: int
    cpu: float  # all parts
    makespan: float  # on WORKERS workers


@dataclass(frozen=True)
class Row:
    target: str
    solutions: int
    cpsat: Timed
    xcover: Timed
    verify: Timed
    tried: Timed | None = None
    split: Split | None = None
    clock: str = "cpu"  # which seconds the CP-SAT and xcover columns and the ratio use: "cpu" or "wall"

    def seconds(self, timed: Timed) -> float:
        return timed.wall if self.clock == "wall" else timed.cpu

    @property
    def ratio(self) -> float:
        return self.seconds(self.cpsat) / self.seconds(self.xcover)


@dataclass(frozen=True)
class Tries:
    """The candidate changes to time besides the product: see the module doc."""

    params: dict[str, Any] | None = None
    split: bool = False


# ---------------------------------------------------------------- the two enumerations


def _timed(run: Callable[[], T]) -> tuple[T, Timed]:
    """What ``run`` returns, and the CPU and wall seconds it took."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = run()
    return result, Timed(time.process_time() - cpu, time.perf_counter() - wall)


def cpsat_encodings(puzzle: Puzzle, name: str) -> list[str]:
    """Every solution of a target as ``solve_task`` finds them in one process: fresh problem, CP-SAT."""
    problem = TargetProblem(puzzle, puzzle.target(name))
    return [code for sub in problem.subproblems() for code in problem.solve_subproblem(sub)]


def warm_pool(puzzle: Puzzle, processes: int, avoid: Sequence[str]) -> float:
    """Start the pool and let its workers analyse the edition's board, as a running server's first
    on-demand targets (its window) do; the wall seconds that took. Two targets outside the sample."""
    spare = [t.name for t in puzzle.targets if t.real and t.name not in avoid][:2]
    started = time.perf_counter()
    for name in spare:
        solve_target(puzzle, puzzle.target(name), processes)
    return time.perf_counter() - started


def xcover_encodings(puzzle: Puzzle, name: str) -> list[str]:
    """Every solution of a target by xcover's Algorithm C on the same placements, encoded alike.

    Mismatch if the board has a symmetry (the reference has no subproblems to deduplicate).
    """
    from xcover import covers

    problem = TargetProblem(puzzle, puzzle.target(name))
    if len(problem.symmetry_group) != 1:
        raise Mismatch(f"{puzzle.id} {name}: the board has symmetries; the reference handles none")
    items = problem.cover.n_items
    rows = [[*option.items, items + option.group] for option in problem.cover.options]
    columns = list(range(items + problem.cover.n_groups))
    return [
        encode(puzzle, problem.to_placements(tuple(chosen)))
        for chosen in covers(rows, primary=columns, secondary=[])
    ]


def verify_all(puzzle: Puzzle, name: str, codes: Sequence[str]) -> None:
    """The check ``solve_task`` runs after enumerating: every solution through the verifier."""
    check_encodings(puzzle, puzzle.target(name), codes)


def _warm_up() -> None:
    """Load CP-SAT and xcover's compiled code before anything is timed."""
    from xcover import covers

    tiny = cover.CoverProblem(2, 1, (cover.Option(0, (0, 1)),))
    cover.enumerate_solutions(tiny)
    list(covers([[0, 1], [0], [1]]))


# ---------------------------------------------------------------- trying solver parameters


def parse_params(text: str) -> dict[str, Any]:
    """``NAME=VALUE,...`` as SAT parameters: true/false, numbers, or enum names (FIXED_SEARCH)."""
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, raw = part.partition("=")
        if not sep:
            raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {part!r}")
        value: Any
        if raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        elif raw.lstrip("-").replace(".", "", 1).isdigit():
            value = float(raw) if "." in raw else int(raw)
        else:
            value = getattr(type(cp_model.CpSolver().parameters), raw, raw)
        params[name.strip()] = value
    try:
        _apply(cp_model.CpSolver(), params)  # fail now on a bad name or value, not after the first leg
    except (AttributeError, TypeError) as exc:
        raise argparse.ArgumentTypeError(f"not a CP-SAT parameter and value: {exc}") from None
    return params


def _apply(solver: cp_model.CpSolver, params: dict[str, Any]) -> cp_model.CpSolver:
    for name, value in params.items():
        setattr(solver.parameters, name, value)
    return solver


@contextmanager
def product_solver_with(params: dict[str, Any]) -> Iterator[None]:
    """Within the block, ``solver.cover`` builds its CP-SAT solver with ``params`` set on top."""
    original = cpsat.make_solver

    def with_params(enumerate_all: bool, seconds: float | None = None) -> cp_model.CpSolver:
        return _apply(original(enumerate_all, seconds), params)

    cpsat.make_solver = with_params  # type: ignore[assignment]
    try:
        yield
    finally:
        cpsat.make_solver = original  # type: ignore[assignment]


def split_encodings(puzzle: Puzzle, name: str) -> tuple[list[str], list[float]]:
    """Every solution of a target, one CP-SAT solve per placement on its first cell, and each solve's CPU s.

    Mismatch if the board has a symmetry (the split replaces the product's symmetry subproblems).
    """
    problem = TargetProblem(puzzle, puzzle.target(name))
    if len(problem.symmetry_group) != 1:
        raise Mismatch(f"{puzzle.id} {name}: the board has symmetries; --try-split handles none")
    options, building = _timed(lambda: problem.cover.options)  # the placements, built on first use
    first = [i for i, option in enumerate(options) if 0 in option.items]
    codes: list[str] = []
    seconds = []
    for index in first:
        part, timed = _timed(partial(problem.solve_subproblem, Subproblem((index,), ())))
        codes += part
        seconds.append(timed.cpu)
    seconds[0] += building.cpu
    return codes, seconds


def makespan(seconds: Sequence[float], workers: int) -> float:
    """How long ``workers`` need for these jobs, largest first, each to the least loaded worker."""
    loads = [0.0] * workers
    for job in sorted(seconds, reverse=True):
        loads[loads.index(min(loads))] += job
    return max(loads)


# ---------------------------------------------------------------- one edition


def pick_targets(puzzle: Puzzle, count: int) -> list[str]:
    """``count`` real targets spread evenly over the puzzle's list (the middle one of each stretch)."""
    real = [t.name for t in puzzle.targets if t.real]
    count = min(count, len(real))
    step = len(real) / count
    return [real[int((i + 0.5) * step)] for i in range(count)]


def time_target(puzzle: Puzzle, name: str, tries: Tries, processes: int = 1) -> Row:
    """Both enumerations of one target (and the tries asked for); Mismatch if their solutions differ.

    With ``processes`` > 1 the CP-SAT leg is the product's pooled on-demand solve, timed by the
    wall clock (as is xcover then); with 1, one process, timed by CPU seconds.
    """
    if processes > 1:
        cpsat_codes, cpsat_time = _timed(lambda: solve_target(puzzle, puzzle.target(name), processes))
    else:
        cpsat_codes, cpsat_time = _timed(lambda: cpsat_encodings(puzzle, name))
    xcover_codes, xcover_time = _timed(lambda: xcover_encodings(puzzle, name))
    _, verify_time = _timed(lambda: verify_all(puzzle, name, cpsat_codes))
    _same(puzzle, name, "CP-SAT", cpsat_codes, xcover_codes)
    clock = "wall" if processes > 1 else "cpu"
    row = Row(name, len(cpsat_codes), cpsat_time, xcover_time, verify_time, clock=clock)
    with product_solver_with(tries.params or {}):
        if tries.params is not None:
            tried_codes, tried_time = _timed(lambda: cpsat_encodings(puzzle, name))
            _same(puzzle, name, "CP-SAT with --try-params", tried_codes, xcover_codes)
            row = replace(row, tried=tried_time)
        if tries.split:
            split_codes, seconds = split_encodings(puzzle, name)
            _same(puzzle, name, "CP-SAT split by --try-split", split_codes, xcover_codes)
            row = replace(row, split=Split(len(seconds), sum(seconds), makespan(seconds, WORKERS)))
    return row


def _same(puzzle: Puzzle, name: str, label: str, codes: Sequence[str], reference: Sequence[str]) -> None:
    if len(codes) != len(reference) or set(codes) != set(reference) or len(set(codes)) != len(codes):
        raise Mismatch(
            f"{puzzle.id} {name}: {label} found {len(codes)} solutions ({len(set(codes))} distinct),"
            f" xcover {len(reference)}; the sets differ"
        )


def _load() -> str:
    try:
        with open("/proc/loadavg", encoding="ascii") as file:
            return " ".join(file.read().split()[:3])
    except OSError:
        return "unknown"


def table_header(tries: Tries) -> list[str]:
    """The column titles of an edition's table (and its rule), as lines."""
    header = f"{'target':<11} {'solutions':>9} {'CP-SAT s':>9} {'xcover s':>9} {'ratio':>7} {'verify s':>9}"
    header += f" {'tried s':>8} {'ratio':>7}" * (tries.params is not None)
    header += f" {'parts':>5} {'split s':>8} {'ratio':>7}" * tries.split
    return [header, "-" * len(header)]


def table_line(row: Row) -> str:
    """One target's line of the table."""
    line = (
        f"{row.target:<11} {row.solutions:>9} {row.seconds(row.cpsat):>9.3f} {row.seconds(row.xcover):>9.3f}"
        f" {row.ratio:>6.1f}x {row.verify.cpu:>9.3f}"
    )
    if row.tried is not None:
        line += f" {row.tried.cpu:>8.3f} {row.tried.cpu / row.xcover.cpu:>6.1f}x"
    if row.split is not None:
        line += (
            f" {row.split.parts:>5} {row.split.makespan:>8.3f} {row.split.makespan / row.xcover.cpu:>6.1f}x"
        )
    return line


def summary(rows: Sequence[Row]) -> list[str]:
    """The medians under an edition's table, and whether the goal is met, as lines."""
    med = statistics.median
    cpsat, xcover = med(r.seconds(r.cpsat) for r in rows), med(r.seconds(r.xcover) for r in rows)
    ratio = med(r.ratio for r in rows)
    verdict = "met" if ratio <= GOAL_RATIO else "NOT met"
    clock = "CPU" if rows[0].clock == "cpu" else "wall"
    lines = [
        f"median {clock} s: CP-SAT {cpsat:.3f}, xcover {xcover:.3f},"
        f" verify {med(r.verify.cpu for r in rows):.3f};"
        f" median ratio {ratio:.1f}x (goal <= {GOAL_RATIO:.0f}x: {verdict})",
        f"median wall s: CP-SAT {med(r.cpsat.wall for r in rows):.3f},"
        f" xcover {med(r.xcover.wall for r in rows):.3f}; CP-SAT CPU s of this process"
        f" {med(r.cpsat.cpu for r in rows):.3f};"
        f" median solutions {med(r.solutions for r in rows):.0f}",
    ]
    tried_rows = [(r, r.tried) for r in rows if r.tried is not None]
    if tried_rows:
        lines.append(
            f"--try-params: median CPU s {med(t.cpu for _, t in tried_rows):.3f},"
            f" median ratio {med(t.cpu / r.xcover.cpu for r, t in tried_rows):.1f}x,"
            f" median speed-up over the product {med(r.cpsat.cpu / t.cpu for r, t in tried_rows):.2f}x"
        )
    split_rows = [(r, p) for r in rows if (p := r.split) is not None]
    if split_rows:
        lines.append(
            f"--try-split: median {WORKERS}-worker makespan {med(p.makespan for _, p in split_rows):.3f} s,"
            f" median ratio {med(p.makespan / r.xcover.cpu for r, p in split_rows):.1f}x,"
            f" median speed-up over the product {med(r.cpsat.cpu / p.makespan for r, p in split_rows):.2f}x;"
            f" CPU of all parts / unsplit CPU: median {med(p.cpu / r.cpsat.cpu for r, p in split_rows):.2f}"
        )
    return lines


# ---------------------------------------------------------------- command line


def _at_least_one(text: str) -> int:
    """A count of processes: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of processes, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1 process, got {value}")
    return value


def _parser() -> argparse.ArgumentParser:
    calendars = sorted(p.id for p in all_puzzles().values() if p.targets_kind != "board")
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.ondemand", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--edition", action="append", choices=calendars, help=f"repeatable (default: {' '.join(EDITIONS)})"
    )
    parser.add_argument(
        "--targets", type=int, default=DEFAULT_TARGETS, help="targets per edition (default 20)"
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"{QUICK_TARGETS} targets per edition (a smoke check)"
    )
    parser.add_argument(
        "--try-params", type=parse_params, metavar="NAME=VALUE,...", help="see the module doc"
    )
    parser.add_argument(
        "--processes",
        type=_at_least_one,
        help="solver processes per target (default: the product's, ON_DEMAND_PROCESSES; 1 with --try-*)",
    )
    parser.add_argument("--try-split", action="store_true", help="see the module doc")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        _warm_up()
    except ImportError:
        print("xcover is not installed: `make bench-ondemand` installs it (benchmark only)", file=sys.stderr)
        return 2
    count = QUICK_TARGETS if args.quick else args.targets
    tries = Tries(args.try_params, args.try_split)
    trying = args.try_params is not None or args.try_split
    processes = args.processes or (1 if trying else on_demand_processes())
    workers = cpsat.make_solver(True).parameters.num_workers
    how = (
        f"{processes} solver processes per target (the product's pool, warm), wall clock"
        if processes > 1
        else "one process, CPU clock"
    )
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores; load {_load()} (1/5/15 min);"
        f" ortools {version('ortools')}, xcover {version('xcover')}; {how};"
        f" CP-SAT num_workers per solve: {workers} (solver.cpsat.make_solver)"
    )
    if args.try_params is not None:
        print(f"--try-params: {args.try_params}")
    try:
        for puzzle in (get_puzzle(pid) for pid in args.edition or EDITIONS):
            names = pick_targets(puzzle, count)
            real = sum(t.real for t in puzzle.targets)
            print(f"\n{puzzle.id}: {len(names)} of {real} real targets, one in {real / len(names):.0f}")
            _, analysis = _timed(partial(board_blockers, puzzle))
            print(f"board analysis in this process (once per edition): {analysis.cpu:.2f} s CPU")
            if processes > 1:
                warming = warm_pool(puzzle, processes, names)
                print(f"pool start, board analysis in each worker and 2 spare targets: {warming:.2f} s")
            print("\n".join(table_header(tries)))
            rows = []
            for name in names:
                rows.append(time_target(puzzle, name, tries, processes))
                print(table_line(rows[-1]), flush=True)
            print("\n".join(summary(rows)))
    except Mismatch as exc:
        print(f"MISMATCH {exc}", file=sys.stderr)
        return 1
    print(f"\nload at the end: {_load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
