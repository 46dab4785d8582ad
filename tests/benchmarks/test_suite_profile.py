"""The suite's profile: what the plugin writes is what the report reads, summed per file."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import suite_profile
from benchmarks.suite_profile import Timing, read, report


def test_each_workers_timings_are_read_back_and_summed_per_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written = {
        "gw0": [
            Timing("tests/a.py::one", 2.0, 1.5, 0.0, 100.0, "gw0"),
            Timing("tests/b.py::x", 1.0, 0.2, 3.0, 102.0, "gw0"),
        ],
        "gw1": [Timing("tests/a.py::two", 4.0, 0.5, 1.0, 100.5, "gw1")],
    }
    monkeypatch.setenv(suite_profile.FOLDER_VARIABLE, str(tmp_path))
    for timings in written.values():
        monkeypatch.setattr(suite_profile, "_timings", timings)
        suite_profile.pytest_sessionfinish(None)  # type: ignore[arg-type]
    timings = read(tmp_path)
    assert sorted(timings, key=lambda t: t.node_id) == sorted(
        [t for timings in written.values() for t in timings], key=lambda t: t.node_id
    )
    lines = report(timings)
    assert lines[1].split() == ["7.0", "2.2", "4.0", "3", "all"]
    assert lines[2].split() == ["6.0", "2.0", "1.0", "2", "tests/a.py"]  # the slowest file first
    assert lines[3].split() == ["1.0", "0.2", "3.0", "1", "tests/b.py"]
    assert lines[-2:] == ["gw0 finished at 3.0 s", "gw1 finished at 4.5 s"]


def test_no_timings_say_so() -> None:
    assert report([]) == ["no timings"]
