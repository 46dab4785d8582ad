"""Today's answers under a flood of random dates: p99 with and without another client hammering the API.

    .venv/bin/python -m benchmarks.api_flood [--database-url URL] [--duration 30] [--connections 16]

Starts ``python -m api`` (one worker) on a precomputed store, warms today's
daily JSON and stage-1 hint PNG, then measures them with wrk (a Lua script
alternating the two) twice: alone, and while a second process requests random
dates (years 1900-2100) as fast as 8 threads can for the same time. Goal: the
loaded p99 is at most twice the unloaded p99. Prints the flooder's answers by
status (200 computed, 429 over its budget, 503 pool full).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

from benchmarks.api_load import parse_wrk, start_server, stop_server, warm
from settings import get_settings

PATHS = ["/api/v1/daily/today", "/api/v1/daily/today/hints/1.png"]
LUA = """
local paths = {"/api/v1/daily/today", "/api/v1/daily/today/hints/1.png"}
local i = 0
request = function()
  i = i % 2 + 1
  return wrk.format("GET", paths[i])
end
"""


def flood(base: str, seconds: float, threads: int = 8) -> None:
    """Random dates as fast as ``threads`` clients can, for ``seconds``; prints statuses (child process)."""
    counts: Counter[int] = Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client() -> None:
        rng = random.Random()
        with httpx.Client(base_url=base, timeout=30) as http:
            while time.monotonic() < stop:
                day = f"{rng.randint(1900, 2100)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
                status = http.get(f"/api/v1/daily/{day}").status_code
                with lock:
                    counts[status] += 1

    workers = [threading.Thread(target=client) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    print(dict(sorted(counts.items())), flush=True)


def measure(base: str, script: Path, seconds: int, connections: int) -> tuple[float, float]:
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", str(script), base]
    result = parse_wrk(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    return result.rps, result.p99_ms


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=get_settings().DATABASE_URL)
    parser.add_argument("--duration", type=int, default=30)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--flood", help=argparse.SUPPRESS)  # child mode: flood this base URL
    args = parser.parse_args(argv)
    if args.flood:
        flood(args.flood, args.duration)
        return 0
    process, base = start_server(args.database_url)
    try:
        warm(base, PATHS)
        with tempfile.TemporaryDirectory() as folder:
            script = Path(folder) / "today.lua"
            script.write_text(LUA)
            alone_rps, alone_p99 = measure(base, script, args.duration, args.connections)
            flooder = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "benchmarks.api_flood",
                    "--flood",
                    base,
                    "--duration",
                    str(args.duration),
                ],
                stdout=subprocess.PIPE,
                text=True,
            )
            loaded_rps, loaded_p99 = measure(base, script, args.duration, args.connections)
            flooded, _ = flooder.communicate(timeout=args.duration + 60)
    finally:
        stop_server(process)
    ratio = loaded_p99 / alone_p99 if alone_p99 else float("inf")
    print(f"today's JSON + PNG alone:        {alone_rps:7.0f} req/s, p99 {alone_p99:.1f} ms")
    print(f"while random dates are flooded:  {loaded_rps:7.0f} req/s, p99 {loaded_p99:.1f} ms")
    verdict = "ok" if ratio <= 2 else "MISSED"
    print(f"p99 ratio {ratio:.2f} (goal <= 2: {verdict}); flooder answers {flooded.strip()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
