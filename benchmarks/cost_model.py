"""Today's daily JSON while each uncached path is flooded in turn: one cost model for every path.

    .venv/bin/python -m benchmarks.cost_model [--database-url URL] [--duration 10] [--connections 4]
        [--rate 400] [--rounds 3] [--shared-cpus] [--only FLOOD ...]

Starts ``python -m api`` (one worker) on a temporary copy of a SQLite store (what the floods make
the server write goes to the copy), warms today's daily JSON and the 6x10 board's solutions (and
the server: a first run of wrk is left out) and measures today's p99 with wrk, alone, at about
``--rate`` requests a second (0: as fast as the server answers, which measures saturation).
wrk stands for everyone else: each of its requests comes from an address of its own (a random
``X-Forwarded-For``, which the server believes from 127.0.0.1 alone), so none of them is over a
client's request rate; the flooder connects from 127.0.0.N, which no proxy header speaks for.
The server runs on every CPU but the last, wrk and the flooder on the last (they stand for other
machines); ``--shared-cpus`` lets them all run anywhere.
Then, for each flood in turn, ``--rounds`` times: today's p99 alone for ``--duration`` seconds,
then again while a second process (from an address of its own, new each round: a client with a
whole budget) asks as fast as ``--threads`` threads can:
random dates; positions POSTed on the pentomino 6x10 board (its solutions in memory); /play boards
with random positions, dates, languages and modes; face-up boards; the daily page with random
stages; /readyz; the catalog listings. Prints one table: the flood's answers by status (200 served,
304 not modified, 429 over its budget, 503 busy) and the medians of today's p99 alone and flooded
and of each round's ratio (side by side, so that the machine's drift between floods does not
count). Goal: at most twice the unloaded p99 under every flood.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx
from sqlalchemy.engine import make_url

from benchmarks.api_load import parse_wrk, start_server, stop_server, warm
from db.engine import make_engine, session_factory
from hints.codes import encode_position
from hints.raw_solutions import RawSolutions, raw_solutions
from settings import get_settings
from solver.puzzles import get_puzzle

TODAY = "/api/v1/daily/today"
BOARD = get_puzzle("pentomino-6x10")
CALENDAR = get_puzzle("calendar-dragonfjord")
LISTINGS = ("/api/v1/puzzles", "/api/v1/editions", "/api/v1/puzzles/calendar-dragonfjord", "/readyz")

Ask = Callable[[httpx.Client, random.Random], httpx.Response]


def _board_solutions(database_url: str) -> RawSolutions:
    """The raw solutions of the 6x10 board, read from the store."""
    engine = make_engine(database_url)
    try:
        with session_factory(engine)() as session:
            return raw_solutions(session, BOARD, BOARD.targets[0])
    finally:
        engine.dispose()


def _position(rng: random.Random, raw: RawSolutions) -> dict[str, object]:
    """Some pieces of a solution, or of two (often a dead end), as the position endpoint takes them."""
    one, two = rng.choice(raw.solutions), rng.choice(raw.solutions)
    chosen: dict[int, object] = {}
    taken: set[tuple[int, int]] = set()
    for placement in rng.sample(sorted(one, key=repr), rng.randint(0, 12)) + rng.sample(
        sorted(two, key=repr), 4
    ):
        if placement.piece not in chosen and not taken & set(placement.cells):
            chosen[placement.piece] = {"piece": BOARD.pieces[placement.piece].name, "cells": placement.cells}
            taken |= set(placement.cells)
    return {"placements": list(chosen.values())}


def _random_date(rng: random.Random) -> str:
    return f"{rng.randint(1900, 2100)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def floods(database_url: str) -> dict[str, Ask]:
    """Each uncached path by name: how one request of its flood is made."""
    raw = _board_solutions(database_url)
    position = f"/api/v1/puzzles/{BOARD.id}/targets/board/position"
    codes = [
        encode_position(BOARD, sorted(s, key=lambda p: p.piece)[:k]) for s in raw.solutions for k in (3, 6)
    ]

    def play(http: httpx.Client, rng: random.Random) -> httpx.Response:
        if rng.random() < 0.5:
            return http.get(
                f"/play/{BOARD.id}/board", params={"p": rng.choice(codes), "lang": rng.choice("ej")}
            )
        target = rng.choice(CALENDAR.targets).name
        return http.get(f"/play/{CALENDAR.id}/{target}", params={"lang": rng.choice(("en", "ja"))})

    return {
        "random dates": lambda http, rng: http.get(f"/api/v1/daily/{_random_date(rng)}"),
        "warm positions": lambda http, rng: http.post(position, json=_position(rng, raw)),
        "/play boards": play,
        "face-up boards": lambda http, rng: http.get(
            f"/play/{CALENDAR.id}/{rng.choice(CALENDAR.targets).name}", params={"faceup": "1"}
        ),
        "daily pages": lambda http, rng: http.get(
            "/", params={"date": _random_date(rng), "stage": rng.randint(0, 3), "pstage": rng.randint(0, 3)}
        ),
        "/readyz": lambda http, _: http.get("/readyz"),
        "listings": lambda http, rng: http.get(rng.choice(LISTINGS)),
    }


def flood(base: str, name: str, database_url: str, seconds: float, threads: int, round_: int = 0) -> None:
    """One flood from its own address (127.0.0.N, a client with a whole budget: a new one each
    round) for ``seconds``; prints its requests per second and statuses."""
    address = f"127.0.0.{10 + list(floods(database_url)).index(name) + 20 * round_}"
    ask = floods(database_url)[name]
    counts: Counter[int] = Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(seed: int) -> None:
        rng = random.Random(seed)
        transport = httpx.HTTPTransport(local_address=address)
        with httpx.Client(base_url=base, timeout=60, transport=transport) as http:
            while time.monotonic() < stop:
                status = ask(http, rng).status_code
                with lock:
                    counts[status] += 1

    workers = [threading.Thread(target=client, args=(seed,)) for seed in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    statuses = " ".join(f"{status}:{n}" for status, n in sorted(counts.items()))
    print(f"{sum(counts.values()) / seconds:.0f} {statuses}", flush=True)


WARM_UP_SECONDS = 8  # the first seconds after a start stall now and then (p99 54 ms, then 2.3 ms)

MANY_CLIENTS = """
request = function()
  local address = "10." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(1, 254)
  return wrk.format(nil, nil, {["X-Forwarded-For"] = address})
end
delay = function()
  return %d
end
"""


@dataclass(frozen=True)
class Load:
    """Everyone else's requests for today's JSON: how many connections, each waiting ``pause_ms``
    between an answer and its next request (0: as fast as the server answers)."""

    connections: int
    pause_ms: int

    @classmethod
    def at_rate(cls, per_second: int, connections: int) -> Load:
        """About ``per_second`` requests a second in all (0: as fast as the server answers)."""
        return cls(connections, round(1000 * connections / per_second) if per_second else 0)


@dataclass(frozen=True)
class Today:
    """wrk's figures for today's JSON over one run."""

    per_second: float
    p99_ms: float


def today_p99(base: str, seconds: int, load: Load, folder: Path, cpus: set[int] | None) -> Today:
    """Today's p99 over ``seconds`` of wrk, each request from a client of its own (all 200s)."""
    script = folder / "many_clients.lua"
    script.write_text(MANY_CLIENTS % load.pause_ms)
    command = ["wrk", "-t1", f"-c{load.connections}", f"-d{seconds}s", "--latency", "-s", str(script)]
    output = subprocess.run(
        [*command, f"{base}{TODAY}"], capture_output=True, text=True, check=True, preexec_fn=_on(cpus)
    ).stdout
    result = parse_wrk(output)
    if result.errors:
        raise SystemExit(
            f"error: {result.errors} of today's answers failed or were not 200: the p99 is not theirs"
        )
    return Today(result.rps, result.p99_ms)


def _on(cpus: set[int] | None) -> Callable[[], None] | None:
    """A ``preexec_fn`` keeping a child process on ``cpus`` (None: anywhere)."""
    if cpus is None:
        return None
    return lambda: os.sched_setaffinity(0, cpus)


def split_cpus() -> tuple[set[int], set[int]] | None:
    """The server's CPUs and the clients' (the last one), so that the clients, which stand for
    people on other machines, do not take the server's CPU time; None with a single CPU."""
    available = sorted(os.sched_getaffinity(0))
    if len(available) < 2:
        return None
    return set(available[:-1]), {available[-1]}


def store_copy(database_url: str, folder: Path) -> str:
    """A SQLite store's copy in ``folder`` (the floods write hint caches and saved boards)."""
    source = make_url(database_url).database
    if not database_url.startswith("sqlite") or not source:
        raise SystemExit("error: the benchmark copies a SQLite store; give --database-url sqlite:///PATH")
    shutil.copyfile(source, folder / "puzzles.db")
    return f"sqlite:///{folder / 'puzzles.db'}"


@dataclass(frozen=True)
class Round:
    """One round of a flood: today's figures alone, then while flooded, and the flood's answers."""

    alone: Today
    loaded: Today
    rate: str
    statuses: str

    @property
    def ratio(self) -> float:
        return self.loaded.p99_ms / self.alone.p99_ms if self.alone.p99_ms else float("inf")


@dataclass(frozen=True)
class Setup:
    """Where and how the rounds run."""

    base: str
    store: str
    load: Load
    folder: Path
    duration: int
    threads: int
    clients: set[int] | None


def flood_round(setup: Setup, name: str, round_: int) -> Round:
    """Today's p99 alone, then at once while ``name`` floods the server."""
    alone = today_p99(setup.base, setup.duration, setup.load, setup.folder, setup.clients)
    child = [sys.executable, "-m", "benchmarks.cost_model", "--flood", setup.base, name, setup.store]
    options = ["--duration", str(setup.duration), "--threads", str(setup.threads), "--round", str(round_)]
    flooder = subprocess.Popen(
        [*child, *options], stdout=subprocess.PIPE, text=True, preexec_fn=_on(setup.clients)
    )
    loaded = today_p99(setup.base, setup.duration, setup.load, setup.folder, setup.clients)
    rate, _, statuses = flooder.communicate(timeout=setup.duration + 120)[0].strip().partition(" ")
    return Round(alone, loaded, rate, statuses)


def report(rows: list[tuple[str, list[Round]]], where: str, connections: int) -> None:
    """One line per flood: the medians of its rounds (today's p99 alone and flooded, and the ratio
    of each round's two, measured side by side)."""
    print(f"today's daily JSON (wrk, {connections} connections, {where}); medians of the rounds")
    print(f"{'flood':<16} {'req/s':>6}  {'answers (last round)':<24} {'alone':>8} {'flooded':>8}  ratios")
    for name, rounds in rows:
        alone = statistics.median(r.alone.p99_ms for r in rounds)
        loaded = statistics.median(r.loaded.p99_ms for r in rounds)
        ratio = statistics.median(r.ratio for r in rounds)
        each = " ".join(f"{r.ratio:.2f}" for r in rounds)
        verdict = "ok" if ratio <= 2 else "MISSED"
        last = rounds[-1]
        print(
            f"{name:<16} {last.rate:>6}  {last.statuses:<24} {alone:5.1f} ms {loaded:5.1f} ms"
            f"  {ratio:.2f} {verdict} ({each})"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=get_settings().DATABASE_URL)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument(
        "--rate", type=int, default=400, help="today's requests a second in all (0: as fast as it can)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="alone-then-flooded pairs per flood")
    parser.add_argument("--shared-cpus", action="store_true", help="clients on the server's CPUs too")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--only", nargs="+", metavar="FLOOD", help="these floods only (by name)")
    parser.add_argument("--flood", nargs=3, help=argparse.SUPPRESS)  # child mode: base URL, flood, store
    parser.add_argument("--round", type=int, default=0, help=argparse.SUPPRESS)  # child mode
    args = parser.parse_args(argv)
    if args.flood:
        base, name, store = args.flood
        flood(base, name, store, args.duration, args.threads, args.round)
        return 0
    load = Load.at_rate(args.rate, args.connections)
    split = None if args.shared_cpus else split_cpus()
    server_cpus, client_cpus = split if split else (None, None)
    rows: list[tuple[str, list[Round]]] = []
    with tempfile.TemporaryDirectory() as folder:
        store = store_copy(args.database_url, Path(folder))
        os.environ["FORWARDED_ALLOW_IPS"] = "127.0.0.1"  # wrk's X-Forwarded-For: everyone else
        process, base = start_server(store, cpus=server_cpus)
        try:
            warm(base, [TODAY])
            # the board's solutions in memory, as "warm positions" says (read once, in a thread)
            httpx.post(f"{base}/api/v1/puzzles/{BOARD.id}/targets/board/position", json={"placements": []})
            today_p99(base, WARM_UP_SECONDS, load, Path(folder), client_cpus)  # steady state, not the start
            setup = Setup(base, store, load, Path(folder), args.duration, args.threads, client_cpus)
            for name in args.only or floods(store):
                rows.append((name, [flood_round(setup, name, r) for r in range(args.rounds)]))
        finally:
            stop_server(process)
    where = f"server on CPUs {server_cpus}, clients on {client_cpus}" if split else "shared CPUs"
    report(rows, where, args.connections)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
