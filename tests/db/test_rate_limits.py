"""Rate limits on the ``limits`` library: in memory each process counts its own; on Redis two
processes (two storages here) spend one budget per key."""

from __future__ import annotations

from db.rate_limits import Notices, Rate, Window, shared_storage


def test_on_redis_two_processes_spend_one_budget(redis_url: str) -> None:
    """Before, each worker kept its own budget: with two workers a client had twice its budget."""
    first = Window(shared_storage(redis_url), "compute", Rate(3, 60))
    second = Window(shared_storage(redis_url), "compute", Rate(3, 60))
    taken = [window.take("203.0.113.7") for window in (first, second, first, second)]
    assert taken[:3] == [None, None, None] and taken[3] is not None and 0 < taken[3] <= 60
    assert second.take("198.51.100.1") is None  # another client's budget is its own


def test_in_memory_each_process_counts_its_own() -> None:
    first = Window(shared_storage(None), "compute", Rate(1, 60))
    second = Window(shared_storage(None), "compute", Rate(1, 60))
    assert first.take("a") is None and second.take("a") is None and first.take("a") is not None


def test_a_refusal_is_worded_once_whichever_process_refuses(redis_url: str) -> None:
    first, second = (
        Notices(shared_storage(redis_url), "user", 60),
        Notices(shared_storage(redis_url), "user", 60),
    )
    assert first.due("7") and not second.due("7") and not first.due("7") and second.due("8")
