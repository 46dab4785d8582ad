"""Test data for the solution store."""

from __future__ import annotations

import random


def encodings(count: int, seed: int = 1, width: int = 50) -> list[str]:
    """``count`` distinct sorted encodings: a piece letter or '.' per cell, like the solver's."""
    rng = random.Random(seed)
    found: set[str] = set()
    while len(found) < count:
        found.add("".join(rng.choice(".ABCDEFGHIJ") for _ in range(width)))
    return sorted(found)
