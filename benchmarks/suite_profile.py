"""Where the test suite's time goes: each test's wall clock and CPU, summed per file.

    SUITE_PROFILE=test-output/suite-profile .venv/bin/python -m pytest -q -n auto -p benchmarks.suite_profile
    .venv/bin/python -m benchmarks.suite_profile test-output/suite-profile

As a pytest plugin it writes one tab-separated file per pytest-xdist worker into the folder
``SUITE_PROFILE`` names: each test's node id, its wall seconds (set-up, call and tear-down), the
CPU seconds of the worker and of the processes the worker waited for, and when it started. A
process's CPU counts once it has been waited for (``getrusage``), so a module's server counts at
the module's end and Chromium when its driver exits. As a command it sums them per file and says
when each worker finished (a long test at the end leaves the other worker idle).
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from collections import defaultdict
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

FOLDER_VARIABLE = "SUITE_PROFILE"


@dataclass(frozen=True)
class Timing:
    """One test on one worker."""

    node_id: str
    wall: float
    own_cpu: float
    child_cpu: float
    started: float
    worker: str

    @property
    def file(self) -> str:
        return self.node_id.split("::", 1)[0]


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


_timings: list[Timing] = []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(
    item: pytest.Item, nextitem: pytest.Item | None
) -> Generator[None, object, object]:
    started, (own, children) = time.monotonic(), _cpu()
    result = yield
    own_after, children_after = _cpu()
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    wall = time.monotonic() - started
    _timings.append(Timing(item.nodeid, wall, own_after - own, children_after - children, started, worker))
    return result


def pytest_sessionfinish(session: pytest.Session) -> None:
    folder = os.environ.get(FOLDER_VARIABLE)
    if not folder or not _timings:
        return
    path = Path(folder) / f"{_timings[0].worker}.tsv"
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = (f"{t.node_id}\t{t.wall}\t{t.own_cpu}\t{t.child_cpu}\t{t.started}\t{t.worker}\n" for t in _timings)
    path.write_text("".join(rows))


def read(folder: Path) -> list[Timing]:
    """Every worker's timings written into ``folder``."""
    timings = []
    for path in sorted(folder.glob("*.tsv")):
        for line in path.read_text().splitlines():
            node_id, wall, own, child, started, worker = line.split("\t")
            timings.append(Timing(node_id, float(wall), float(own), float(child), float(started), worker))
    return timings


def report(timings: Iterable[Timing], files: int = 25) -> list[str]:
    """The slowest ``files`` by wall clock with their CPU, then when each worker finished."""
    timings = list(timings)
    if not timings:
        return ["no timings"]
    per_file: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for timing in timings:
        total = per_file[timing.file]
        total[0] += timing.wall
        total[1] += timing.own_cpu
        total[2] += timing.child_cpu
        total[3] += 1
    lines = [f"{'wall':>7} {'own':>7} {'child':>7} {'tests':>5}  file"]
    lines.append(_line([sum(t.wall for t in timings), *_cpu_sums(timings), len(timings)], "all"))
    for name, total in sorted(per_file.items(), key=lambda item: -item[1][0])[:files]:
        lines.append(_line(total, name))
    first = min(t.started for t in timings)
    ends: dict[str, float] = defaultdict(float)
    for timing in timings:
        ends[timing.worker] = max(ends[timing.worker], timing.started + timing.wall - first)
    lines.extend(f"{worker} finished at {end:.1f} s" for worker, end in sorted(ends.items()))
    return lines


def _cpu_sums(timings: list[Timing]) -> tuple[float, float]:
    return sum(t.own_cpu for t in timings), sum(t.child_cpu for t in timings)


def _line(total: list[float], name: str) -> str:
    wall, own, child, tests = total
    return f"{wall:7.1f} {own:7.1f} {child:7.1f} {int(tests):5d}  {name}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.suite_profile", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("folder", type=Path, help=f"where the plugin wrote ({FOLDER_VARIABLE})")
    parser.add_argument("--files", type=int, default=25, help="how many files to list")
    args = parser.parse_args(argv)
    for line in report(read(args.folder), args.files):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
