"""``python -m jobs.launcher``: run the API and, when TELEGRAM_BOT_TOKEN is set, the bot, until stopped.

Used by ``make run``. Each service is its own process (``python -m api``,
``python -m bot``, and with ``SOLVE_JOBS=queue`` ``SOLVE_WORKERS`` solver workers,
``python -m jobs.solve_worker``); SIGINT/SIGTERM are passed on, and if one exits the
others are stopped too, so they live and die together. Once the API answers, the
targets of the editions solved on demand around today are solved in the
background (``python -m jobs.window``, at a lower CPU priority), so
the first start stays as fast as the default precompute.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from types import FrameType

from settings import get_settings


def _services() -> list[list[str]]:
    settings = get_settings()
    services = [[sys.executable, "-m", "api"]]
    token = settings.TELEGRAM_BOT_TOKEN
    if token is not None and token.get_secret_value().strip():
        services.append([sys.executable, "-m", "bot"])
    else:
        print("TELEGRAM_BOT_TOKEN is not set: starting the API only", file=sys.stderr)
    if settings.SOLVE_JOBS == "queue":
        services += [[sys.executable, "-m", "jobs.solve_worker"]] * settings.SOLVE_WORKERS
        print(f"SOLVE_JOBS=queue: starting {settings.SOLVE_WORKERS} solver worker(s)", file=sys.stderr)
    return services


WINDOW_NICENESS = 10


def _api_answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def _solve_window_when_up(
    health_url: str, processes: list[subprocess.Popen[bytes]]
) -> subprocess.Popen[bytes]:
    """Start the on-demand window once the API answers (or after 60 s), at a lower CPU priority."""
    deadline = time.monotonic() + 60
    while not _api_answers(health_url) and time.monotonic() < deadline:
        if any(p.poll() is not None for p in processes):
            break
        time.sleep(0.5)
    command = [sys.executable, "-m", "jobs.window", "--window", "--quiet"]  # one summary line
    return subprocess.Popen(command, preexec_fn=lambda: os.nice(WINDOW_NICENESS))


def main() -> int:
    settings = get_settings()
    processes = [subprocess.Popen(command) for command in _services()]
    host = "127.0.0.1" if settings.API_HOST in ("0.0.0.0", "::") else settings.API_HOST
    print(
        f"API on http://{settings.API_HOST}:{settings.API_PORT}/ — Ctrl-C stops everything", file=sys.stderr
    )
    background: list[subprocess.Popen[bytes]] = []

    def stop(signum: int, _frame: FrameType | None) -> None:
        for process in [*processes, *background]:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    background.append(_solve_window_when_up(f"http://{host}:{settings.API_PORT}/healthz", processes))
    while all(p.poll() is None for p in processes):
        time.sleep(0.2)
    stop(signal.SIGTERM, None)
    codes = [p.wait(timeout=30) for p in processes]
    for process in background:  # its last line before ours ends, its solver processes stopped
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
    return max(abs(code) for code in codes)


if __name__ == "__main__":
    raise SystemExit(main())
