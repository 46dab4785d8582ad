"""``python -m launcher``: run the API and, when TELEGRAM_BOT_TOKEN is set, the bot, until stopped.

Used by ``make run``. Each service is its own process (``python -m api``,
``python -m bot``); SIGINT/SIGTERM are passed on, and if one exits the other is
stopped too, so the pair lives and dies together.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
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
    return services


def main() -> int:
    settings = get_settings()
    processes = [subprocess.Popen(command) for command in _services()]
    print(
        f"API on http://{settings.API_HOST}:{settings.API_PORT}/ — Ctrl-C stops everything", file=sys.stderr
    )

    def stop(signum: int, _frame: FrameType | None) -> None:
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    while all(p.poll() is None for p in processes):
        time.sleep(0.2)
    stop(signal.SIGTERM, None)
    codes = [p.wait(timeout=30) for p in processes]
    return max(abs(code) for code in codes)


if __name__ == "__main__":
    raise SystemExit(main())
