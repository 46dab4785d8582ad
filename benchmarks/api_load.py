"""Load test of the HTTP API: a cached hint PNG and the daily JSON, 32 connections, one uvicorn worker.

    .venv/bin/python benchmarks/api_load.py [--database-url URL | --url http://127.0.0.1:PORT]
        [--date 2026-01-25] [--duration 10] [--connections 32] [--tool auto|wrk|python] [--strict]

Without ``--url`` it starts ``python -m api --port 0`` (one uvicorn worker, no
access log) against a precomputed store (default ``DATABASE_URL``, i.e.
``data/puzzles.db``) and stops it afterwards. Both URLs are requested once
(so they are cached in process) and loaded briefly to warm up, then measured.
The load generator runs in a second process on 127.0.0.1: ``wrk`` when it is
installed (``apt-get install -y wrk``), else a bounded asyncio generator
(keep-alive HTTP/1.1 over raw sockets). Only loopback addresses are accepted.

Targets: >= 1,000 requests/s with p99 <= 50 ms for both endpoints. ``--strict``
exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx

PROJECT_ROOT = Path(__file__).resolve().parent.parent
MIN_RPS = 1000
MAX_P99_MS = 50.0
MAX_DURATION = 120
MAX_CONNECTIONS = 256
MAX_REQUESTS = 5_000_000
WARM_UP_SECONDS = 2


@dataclass(frozen=True)
class Measurement:
    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    errors: int

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def meets_targets(self) -> bool:
        return self.rps >= MIN_RPS and self.p99_ms <= MAX_P99_MS and self.errors == 0


# ------------------------------------------------------------------ wrk


_UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()  # type: ignore[union-attr]
    return float(number) * _UNITS_MS[unit]


def parse_wrk(output: str) -> Measurement:
    """Requests, duration, p50/p99 and errors from ``wrk --latency`` output."""
    total = re.search(r"(\d+) requests in ([\d.]+)(us|ms|s|m)", output)
    p50 = re.search(r"^\s*50%\s+(\S+)", output, re.MULTILINE)
    p99 = re.search(r"^\s*99%\s+(\S+)", output, re.MULTILINE)
    if not (total and p50 and p99):
        raise RuntimeError(f"cannot read wrk's output:\n{output}")
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    errors = (int(non_2xx.group(1)) if non_2xx else 0) + (sum(map(int, sockets.groups())) if sockets else 0)
    seconds = _ms(total.group(2) + total.group(3)) / 1000
    return Measurement(int(total.group(1)), seconds, _ms(p50.group(1)), _ms(p99.group(1)), errors)


def run_wrk(url: str, connections: int, duration: int, threads: int) -> Measurement:
    command = [
        "wrk",
        f"-t{threads}",
        f"-c{connections}",
        f"-d{duration}s",
        "--latency",
        "--timeout",
        "5s",
        url,
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=duration + 30, check=True)
    return parse_wrk(result.stdout)


# ------------------------------------------------------------------ python generator


async def _one_connection(
    host: str, port: int, path: str, deadline: float, latencies: list[float], errors: list[int]
) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()
    try:
        while time.perf_counter() < deadline and len(latencies) < MAX_REQUESTS:
            started = time.perf_counter()
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            length = re.search(rb"(?i)\r\ncontent-length:\s*(\d+)", head)
            await reader.readexactly(int(length.group(1)) if length else 0)
            latencies.append(time.perf_counter() - started)
            if not head.startswith(b"HTTP/1.1 2"):
                errors.append(1)
    finally:
        writer.close()


async def _generate(url: str, connections: int, duration: int) -> dict[str, float]:
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    latencies: list[float] = []
    errors: list[int] = []
    started = time.perf_counter()
    deadline = started + duration
    workers = [_one_connection(host, port, path, deadline, latencies, errors) for _ in range(connections)]
    outcomes = await asyncio.gather(*workers, return_exceptions=True)
    seconds = time.perf_counter() - started
    failed = sum(1 for outcome in outcomes if isinstance(outcome, BaseException))
    ordered = sorted(latencies) or [0.0]
    return {
        "requests": len(latencies),
        "seconds": seconds,
        "p50_ms": ordered[len(ordered) // 2] * 1000,
        "p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000,
        "errors": len(errors) + failed,
    }


def generate_main(url: str, connections: int, duration: int) -> int:
    """The load generator process: prints one JSON line with its measurement."""
    coroutine = _generate(url, connections, duration)
    try:
        import uvloop
    except ImportError:
        print(json.dumps(asyncio.run(coroutine)))
    else:
        print(json.dumps(uvloop.run(coroutine)))
    return 0


def run_python(url: str, connections: int, duration: int) -> Measurement:
    command = [sys.executable, __file__, "--generate", url, "--connections", str(connections)]
    command += ["--duration", str(duration)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=duration + 60, check=True)
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return Measurement(
        int(data["requests"]), data["seconds"], data["p50_ms"], data["p99_ms"], int(data["errors"])
    )


# ------------------------------------------------------------------ server


def require_loopback(url: str) -> None:
    host = urlsplit(url).hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise SystemExit(f"error: only loopback servers may be load tested, not {host!r}")


def start_server(
    database_url: str | None, workers: int = 1, cpus: set[int] | None = None
) -> tuple[subprocess.Popen[str], str]:
    """``python -m api`` on a free port (on ``cpus`` only, when given); its process and base URL."""
    command = [
        sys.executable,
        "-m",
        "api",
        "--port",
        "0",
        "--log-level",
        "warning",
        "--workers",
        str(workers),
    ]
    if database_url:
        command += ["--database-url", database_url]
    process = subprocess.Popen(
        command,
        cwd=PROJECT_ROOT,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=None if cpus is None else lambda: os.sched_setaffinity(0, cpus),
    )
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if not line.startswith("api: serving "):
        process.wait(timeout=30)
        raise SystemExit(f"error: the API did not start (exit {process.returncode})")
    return process, line.split()[2]


def stop_server(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


def warm(base: str, paths: list[str]) -> dict[str, int]:
    """Fetch each path once (fills the in-process caches); their sizes. Exit if the store is not ready."""
    sizes = {}
    with httpx.Client(base_url=base, timeout=120) as client:
        ready = client.get("/readyz")
        if ready.status_code != 200:
            raise SystemExit(f"error: the store is not ready: {ready.json()['error']['message']}")
        for path in paths:
            response = client.get(path)
            response.raise_for_status()
            sizes[path] = len(response.content)
    return sizes


# ------------------------------------------------------------------ main


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server on 127.0.0.1 instead of starting one")
    parser.add_argument("--database-url", help="store for the started server (default DATABASE_URL)")
    parser.add_argument("--date", default="2026-01-25", help="the daily date to request")
    parser.add_argument("--duration", type=int, default=10, help=f"seconds per endpoint (max {MAX_DURATION})")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--workers", type=int, default=1, help="uvicorn workers of the started server")
    parser.add_argument("--threads", type=int, default=1, help="wrk threads (the server needs a core)")
    parser.add_argument("--tool", choices=["auto", "wrk", "python"], default="auto")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument("--generate", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not 1 <= args.duration <= MAX_DURATION or not 1 <= args.connections <= MAX_CONNECTIONS:
        parser.error(f"--duration must be 1..{MAX_DURATION} and --connections 1..{MAX_CONNECTIONS}")
    return args


def measure(tool: str, url: str, args: argparse.Namespace, duration: int) -> Measurement:
    if tool == "wrk":
        return run_wrk(url, args.connections, duration, args.threads)
    return run_python(url, args.connections, duration)


def report(
    tool: str, args: argparse.Namespace, results: dict[str, Measurement], sizes: dict[str, int]
) -> None:
    server = "a running server" if args.url else f"{args.workers} uvicorn worker(s)"
    print(f"tool: {tool}, {args.connections} connections, {args.duration} s per endpoint, {server}")
    print(f"{'endpoint':<46} {'bytes':>7} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}  target")
    for path, result in results.items():
        verdict = "met" if result.meets_targets else "MISSED"
        target = f"(>= {MIN_RPS} req/s, p99 <= {MAX_P99_MS:.0f} ms)"
        print(
            f"GET {path:<42} {sizes[path]:>7} {result.rps:>9.0f} {result.p50_ms:>8.2f} "
            f"{result.p99_ms:>8.2f} {result.errors:>7}  {verdict} {target}"
        )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.generate:
        require_loopback(args.generate)
        return generate_main(args.generate, args.connections, args.duration)
    tool = args.tool if args.tool != "auto" else ("wrk" if shutil.which("wrk") else "python")
    if tool == "wrk" and not shutil.which("wrk"):
        raise SystemExit("error: wrk is not installed (apt-get install -y wrk), or use --tool python")
    process = None
    if args.url:
        base = args.url.rstrip("/")
    else:
        process, base = start_server(args.database_url, args.workers)
    require_loopback(base)
    paths = [f"/api/v1/daily/{args.date}/hints/1.png", f"/api/v1/daily/{args.date}"]
    try:
        sizes = warm(base, paths)
        results = {}
        for path in paths:
            measure(tool, base + path, args, WARM_UP_SECONDS)
            results[path] = measure(tool, base + path, args, args.duration)
    finally:
        if process is not None:
            stop_server(process)
    report(tool, args, results, sizes)
    return 1 if args.strict and not all(r.meets_targets for r in results.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
