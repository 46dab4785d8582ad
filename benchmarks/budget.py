"""One client at full speed against the per-client budget; another client's cold request beside it.

    .venv/bin/python -m benchmarks.budget [--database-url URL] [--duration 60] [--threads 4]

Starts ``python -m api`` (one worker) on a temporary copy of a SQLite store (targets solved on
demand are written to the copy, not to your store). Client B (source address 127.0.0.3) first
asks for a cold target of ``calendar-weekday-monday`` (the solver processes start), then for
five more alone, timed (targets differ in size: the median counts). Then client A
(127.0.0.2) asks for the solutions of random unsolved ``calendar-weekday`` targets from
``--threads`` threads as fast as it can for ``--duration`` seconds, each a new solve; meanwhile
B asks for five more cold targets of ``calendar-weekday-monday``, spread over the flood. Goals: A
gets at most ``API_COMPUTE_PER_MINUTE`` computations a minute, and B's cold requests under the
flood take about as long as alone (B's solve starts beside A's and its pieces go first).
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
from sqlalchemy.engine import make_url

from benchmarks.api_load import start_server, stop_server
from settings import get_settings
from solver.puzzles import get_puzzle

FLOODED = "calendar-weekday"
BESIDE = "calendar-weekday-monday"


def random_target(rng: random.Random, puzzle_id: str = FLOODED) -> str:
    return rng.choice(get_puzzle(puzzle_id).targets).name


def client(base: str, address: str) -> httpx.Client:
    """An HTTP client whose requests come from ``address`` (any 127.x.y.z is this host)."""
    return httpx.Client(base_url=base, timeout=120, transport=httpx.HTTPTransport(local_address=address))


def timed_cold_request(base: str, target: str) -> tuple[int, float]:
    with client(base, "127.0.0.3") as http:
        started = time.perf_counter()
        status = http.get(f"/api/v1/puzzles/{BESIDE}/targets/{target}/solutions").status_code
        return status, time.perf_counter() - started


def most_in_a_minute(starts: list[float], skew: float = 1.0) -> int:
    """The most of ``starts`` (seconds) within any minute less ``skew``: the server counts a request
    when it arrives, a moment after the client asked, so its minute can end a moment later."""
    starts = sorted(starts)
    return max(
        (sum(1 for t in starts[i:] if t - first < 60 - skew) for i, first in enumerate(starts)), default=0
    )


def flood(base: str, seconds: float, threads: int, computed: list[float]) -> Counter[int]:
    """Client A: a new cold target per request from ``threads`` threads for ``seconds``; when each
    computed answer (200) was asked for goes to ``computed``."""
    counts: Counter[int] = Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds
    targets = [t.name for t in get_puzzle(FLOODED).targets]
    random.Random(11).shuffle(targets)  # each asked for once: a repeat would be a cached answer
    fresh = iter(targets)

    def ask() -> None:
        with client(base, "127.0.0.2") as http:
            while time.monotonic() < stop:
                with lock:
                    target = next(fresh)
                asked = time.monotonic()
                status = http.get(f"/api/v1/puzzles/{FLOODED}/targets/{target}/solutions").status_code
                with lock:
                    counts[status] += 1
                    if status == 200:
                        computed.append(asked)

    workers = [threading.Thread(target=ask) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return counts


SAMPLES = 5  # cold targets B asks for alone, and during the flood (their sizes differ: medians)


def _times(requests: list[tuple[int, float]]) -> str:
    statuses = sorted({status for status, _ in requests})
    seconds = sorted(s for _, s in requests)
    return f"HTTP {statuses}, median {statistics.median(seconds):.2f} s, max {seconds[-1]:.2f} s"


def copy_store(database_url: str, folder: Path) -> str:
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite" or not url.database:
        raise SystemExit("error: this benchmark copies a SQLite store; give --database-url sqlite:///...")
    copy = folder / "store.db"
    shutil.copyfile(url.database, copy)
    return f"sqlite:///{copy}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=get_settings().DATABASE_URL)
    parser.add_argument("--duration", type=int, default=60)
    parser.add_argument("--threads", type=int, default=4)
    args = parser.parse_args(argv)
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        process, base = start_server(copy_store(args.database_url, Path(folder)))
        try:
            timed_cold_request(base, random_target(rng, BESIDE))  # starts the solver processes
            alone = [timed_cold_request(base, random_target(rng, BESIDE)) for _ in range(SAMPLES)]
            beside: list[tuple[int, float]] = []

            def during_the_flood() -> None:
                for _ in range(SAMPLES):
                    time.sleep(args.duration / (SAMPLES + 1))
                    beside.append(timed_cold_request(base, random_target(rng, BESIDE)))

            later = threading.Thread(target=during_the_flood)
            later.start()
            computed: list[float] = []
            counts = flood(base, args.duration, args.threads, computed)
            later.join()
        finally:
            stop_server(process)
    budget = get_settings().API_COMPUTE_PER_MINUTE
    per_minute = most_in_a_minute(computed)
    verdict = "ok" if per_minute <= budget else "MISSED"
    print(f"client A, {args.threads} threads for {args.duration} s: answers {dict(sorted(counts.items()))}")
    print(
        f"  computed {counts[200]}, at most {per_minute} asked within a minute (budget {budget}: {verdict})"
    )
    print(f"B alone, {SAMPLES} cold targets: {_times(alone)}")
    print(f"B under A's flood, {SAMPLES} cold targets: {_times(beside)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
