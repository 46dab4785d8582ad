"""The shared send budget on both databases: slots are the interval apart, whoever reserves them."""

from __future__ import annotations

import itertools

from sqlalchemy.orm import Session, sessionmaker

from db import send_budget


def test_send_slots_are_spaced_by_the_interval_whoever_reserves_them(sessions: sessionmaker[Session]) -> None:
    interval, start = 1 / 30, 1_800_000_000.0
    slots = []
    for _ in range(60):  # sixty senders asking at the same moment, each in its own transaction
        with sessions.begin() as session:
            slots.append(
                send_budget.reserve_send_slot(session=session, name="bot0", now=start, interval=interval)
            )
    assert slots[0] == start
    gaps = [b - a for a, b in itertools.pairwise(slots)]
    assert all(abs(gap - interval) < 1e-6 for gap in gaps)
    with sessions.begin() as session:  # after a quiet spell the next slot is "now", not in the past
        assert (
            send_budget.reserve_send_slot(session=session, name="bot0", now=start + 100, interval=interval)
            == start + 100
        )
        assert (
            send_budget.reserve_send_slot(session=session, name="other", now=start, interval=interval)
            == start
        )
