"""Test data for the solution store."""

from __future__ import annotations

import random

from sqlalchemy.orm import Session

from db import repository


def encodings(count: int, seed: int = 1, width: int = 50) -> list[str]:
    """``count`` distinct sorted encodings: a piece letter or '.' per cell, like the solver's."""
    rng = random.Random(seed)
    found: set[str] = set()
    while len(found) < count:
        found.add("".join(rng.choice(".ABCDEFGHIJ") for _ in range(width)))
    return sorted(found)


def flip_records(codes: list[str]) -> list[str]:
    """Made-up flip records, one per encoding: every other solution shows piece C turned over."""
    return ["C" if i % 2 else "" for i in range(len(codes))]


def store_targets(session: Session, targets: dict[str, list[str]], puzzle_id: str = "cal") -> None:
    """A puzzle and its targets as the repository stores them (a target without solutions is not real)."""
    repository.sync_puzzle(
        session=session, puzzle_id=puzzle_id, title="Cal", lattice="square", fingerprint="f"
    )
    for name, codes in targets.items():
        repository.save_target(
            session=session,
            puzzle_id=puzzle_id,
            name=name,
            is_real=bool(codes),
            encodings=codes,
            flips=flip_records(codes),
            seconds=1.0,
        )
