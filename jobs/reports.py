"""What the precompute command reports: the store's counts (``--report json``), the face-up
counts read from the stored solutions, the check against the published numbers (``--verify``)
and the table printed at the end of a run. Nothing here solves."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sqlalchemy.orm import Session, sessionmaker

from db import repository
from solver.catalog import Puzzle
from solver.encoding import FlipReader
from solver.problem import TargetProblem, face_up_count


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


def stored_message(
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
