"""Position analysis speed: in process, and the position endpoint under load.

    .venv/bin/python -m benchmarks.positions [--database-url URL] [--duration 10] [--connections 32]

1. In process (warm raw-solution cache): ``analyse_position`` on random
   positions (prefixes of solutions and mixed, often dead-end, positions) of
   40 calendar targets and of the 6x10 board (9,356 raw solutions); p50/p95.
   Goals: p95 <= 2 ms on calendar targets, <= 10 ms on 6x10.
2. Over HTTP: ``python -m api`` with one worker; wrk POSTs positions of 20
   calendar targets in turn (a Lua script cycles path and body) with 32
   connections. Goal: >= 1,500 requests/s with p99 <= 30 ms.
Needs a precomputed store (``make precompute``) and, for part 2, ``wrk``.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks.api_load import parse_wrk, start_server, stop_server, warm
from db.engine import make_engine, session_factory
from hints.positions import analyse_position
from hints.raw_solutions import raw_solutions
from settings import get_settings
from solver.catalog import Puzzle, Target
from solver.encoding import Placement
from solver.puzzles import get_puzzle

CALENDAR = get_puzzle("calendar-dragonfjord")
BOARD = get_puzzle("pentomino-6x10")
GOALS_MS = {"calendar": 2.0, "pentomino-6x10": 10.0}
MIN_RPS, MAX_P99_MS = 1500, 30.0


def positions(
    solutions: tuple[frozenset[Placement], ...], rng: random.Random, count: int
) -> list[list[Placement]]:
    """Prefixes of random solutions and mixtures of two (where pieces do not clash)."""
    found = []
    for _ in range(count):
        one = sorted(rng.choice(solutions), key=lambda p: p.piece)
        two = sorted(rng.choice(solutions), key=lambda p: p.piece)
        found.append(one[: rng.randint(0, len(one))])
        mixed: dict[int, Placement] = {}
        for placement in one[:3] + two[3:6]:
            taken = {c for p in mixed.values() for c in p.cells}
            if placement.piece not in mixed and not taken & set(placement.cells):
                mixed[placement.piece] = placement
        found.append(list(mixed.values()))
    return found


def time_analysis(url: str, puzzle: Puzzle, targets: list[Target], per_target: int) -> list[float]:
    """Milliseconds per ``analyse_position`` call (the cache is warmed first, outside the timing)."""
    timings = []
    rng = random.Random(puzzle.id)
    with session_factory(make_engine(url))() as session:
        for target in targets:
            raw = raw_solutions(session, puzzle, target)
            raw.masks  # noqa: B018  (built once per target, like the first request)
            for placements in positions(raw.solutions, rng, per_target):
                started = time.perf_counter()
                analyse_position(session, puzzle, target, placements)
                timings.append((time.perf_counter() - started) * 1000)
    return timings


def percentile(values: list[float], share: float) -> float:
    return statistics.quantiles(values, n=100)[int(share * 100) - 1]


def in_process(url: str) -> None:
    real = [t for t in CALENDAR.targets if t.real]
    calendar = time_analysis(url, CALENDAR, real[:: max(1, len(real) // 40)][:40], 25)
    board = time_analysis(url, BOARD, [BOARD.target("board")], 500)
    for name, timings in (("calendar", calendar), ("pentomino-6x10", board)):
        p50, p95 = statistics.median(timings), percentile(timings, 0.95)
        verdict = "ok" if p95 <= GOALS_MS[name] else "MISSED"
        print(
            f"analysis {name:15s} n={len(timings):5d}  p50 {p50:.2f} ms  p95 {p95:.2f} ms  "
            f"(goal p95 <= {GOALS_MS[name]} ms: {verdict})"
        )


LUA = """
local requests = {}
local i = 0
init = function(args)
  for _, line in ipairs(%s) do
    requests[#requests + 1] = wrk.format("POST", line[1], {["Content-Type"] = "application/json"}, line[2])
  end
end
request = function()
  i = i %% #requests + 1
  return requests[i]
end
"""


def load_script(url: str, folder: Path) -> Path:
    """A wrk script that POSTs 3-piece positions of 20 calendar targets in turn."""
    rng = random.Random(7)
    lines = []
    with session_factory(make_engine(url))() as session:
        for target in [t for t in CALENDAR.targets if t.real][::18][:20]:
            solution = sorted(
                rng.choice(raw_solutions(session, CALENDAR, target).solutions), key=lambda p: p.piece
            )
            placements = [
                {"piece": CALENDAR.pieces[p.piece].name, "cells": [list(c) for c in p.cells]}
                for p in solution[:3]
            ]
            path = f"/api/v1/puzzles/calendar-dragonfjord/targets/{target.name}/position"
            lines.append([path, json.dumps({"placements": placements})])
    table = "{" + ", ".join(f"{{{json.dumps(p)}, {json.dumps(b)}}}" for p, b in lines) + "}"
    script = folder / "positions.lua"
    script.write_text(LUA % table)
    return script


def over_http(url: str, duration: int, connections: int) -> None:
    if shutil.which("wrk") is None:
        print("http: wrk is not installed (apt-get install -y wrk); skipped")
        return
    process, base = start_server(url)
    try:
        warm(base, ["/api/v1/puzzles/calendar-dragonfjord"])
        with tempfile.TemporaryDirectory() as folder:
            script = load_script(url, Path(folder))
            for seconds in (2, duration):  # a short warm-up fills the raw-solution cache, then the run
                command = [
                    "wrk",
                    "-t2",
                    f"-c{connections}",
                    f"-d{seconds}s",
                    "--latency",
                    "-s",
                    str(script),
                    base,
                ]
                output = subprocess.run(
                    command, capture_output=True, text=True, check=True, timeout=seconds + 30
                )
        result = parse_wrk(output.stdout)
    finally:
        stop_server(process)
    verdict = (
        "ok" if result.rps >= MIN_RPS and result.p99_ms <= MAX_P99_MS and not result.errors else "MISSED"
    )
    print(
        f"http POST position  {result.rps:7.0f} req/s  p50 {result.p50_ms:.1f} ms  "
        f"p99 {result.p99_ms:.1f} ms  errors {result.errors}  "
        f"(goal >= {MIN_RPS} req/s, p99 <= {MAX_P99_MS} ms: {verdict})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=get_settings().DATABASE_URL)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args(argv)
    in_process(args.database_url)
    over_http(args.database_url, args.duration, args.connections)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
