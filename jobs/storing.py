"""Storing solved targets: a puzzle's catalog definition synced, the targets still to compute,
a target's solutions written with their checked flip records (one transaction per target)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy.orm import Session, sessionmaker

from db import repository
from solver.catalog import Puzzle, Target
from solver.tasks import TaskResult, checked_flip_records, fingerprint, former_fingerprints


def targets_to_compute(
    session: Session, puzzle: Puzzle, force: bool, say: Callable[[str], None], only: Sequence[str] | None
) -> tuple[list[str], list[str]]:
    """The targets asked for (all, or ``only``) and those of them to compute now."""
    changed = repository.sync_puzzle(
        session=session,
        puzzle_id=puzzle.id,
        title=puzzle.title,
        lattice=puzzle.lattice.name,
        fingerprint=fingerprint(puzzle),
        former=former_fingerprints(puzzle),
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


def store_target(
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


def add_flip_records(
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
