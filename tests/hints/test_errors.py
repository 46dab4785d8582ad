"""What a refusal tells people to run: the default precompute, or the command naming an edition
that is solved on demand (the default run leaves it out, so "run python -m solver.precompute"
would never fix it)."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session, sessionmaker

from hints.errors import NotPrecomputed
from hints.solutions import complete_counts, stored_key
from solver.puzzles import get_puzzle


def test_a_missing_target_names_the_command_that_computes_it(sessions: sessionmaker[Session]) -> None:
    weekday, dragonfjord = get_puzzle("calendar-weekday"), get_puzzle("calendar-dragonfjord")
    with sessions() as session:
        with pytest.raises(NotPrecomputed) as on_demand:
            stored_key(session, weekday, weekday.target("01-25-sun"))
        with pytest.raises(NotPrecomputed) as default:
            stored_key(session, dragonfjord, dragonfjord.target("01-25"))
        with pytest.raises(NotPrecomputed) as whole:
            complete_counts(session, weekday)
    assert str(on_demand.value).endswith(
        "run python -m solver.precompute --puzzle calendar-weekday --target 01-25-sun"
    )
    assert str(default.value).endswith("run python -m solver.precompute")
    assert str(whole.value).endswith("run python -m solver.precompute --puzzle calendar-weekday")
