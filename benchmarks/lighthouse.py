"""Lighthouse (mobile) scores of the daily page and the playable board, served locally.

    .venv/bin/python -m benchmarks.lighthouse [--database-url URL] [--date 2026-01-22] [--runs 3]

Starts ``python -m api --port 0`` on 127.0.0.1 against the test suite's store of the whole
default catalog (built once into pytest's cache, about 25 s, as the browser tests do; the fast
tests' sample store with ``--sample``, whose calendar year is not all stored, so the daily page's
heatmap answers 503) unless ``--database-url`` names another, and runs Lighthouse from npm
(``npx lighthouse@VERSION``, Node 18 or newer) with Debian's Chromium (``CHROME_PATH``, default
``/usr/bin/chromium``, headless) against ``/?date=DATE`` and ``/play/calendar-dragonfjord/MM-DD``:
its default mobile profile (a mid-range phone, throttled network and CPU), the four categories.
Each page is run ``--runs`` times and the median score of each category is printed, as a table
for docs/benchmarks.md. Only loopback addresses are loaded; Lighthouse itself comes from the
npm registry the first time.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx

from benchmarks.api_load import start_server, stop_server
from tests.support.stores import precomputed_catalog, precomputed_sample

PROJECT_ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = "lighthouse@12.8.2"  # the newest that runs on Node 18 and 20 (13.x needs Node 22)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking"
STORES = PROJECT_ROOT / ".pytest_cache" / "d" / "catalog"  # where the tests keep their stores


def lighthouse(url: str, chrome: str, out: Path) -> dict[str, int]:
    """One Lighthouse run (mobile): each category's score out of 100."""
    command = [
        "npx",
        "--yes",
        LIGHTHOUSE,
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
    ]
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": chrome}, stdout=subprocess.DEVNULL)
    report = json.loads(out.read_text())
    return {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", help="a precomputed store (default: the tests' whole catalog)")
    parser.add_argument("--sample", action="store_true", help="the fast tests' sample store instead")
    parser.add_argument("--date", default="2026-01-22", help="the date of both pages (in the sample)")
    parser.add_argument("--runs", type=int, default=3, help="runs per page (the median is printed)")
    args = parser.parse_args(argv)
    chrome = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
    if not Path(chrome).exists() or shutil.which("npx") is None:
        raise SystemExit(f"error: needs Chromium at {chrome} (CHROME_PATH) and npx (Debian's npm)")
    with tempfile.TemporaryDirectory() as folder:
        made = precomputed_sample if args.sample else precomputed_catalog
        url = args.database_url or made(STORES, Path(folder) / "store.db")
        process, base = start_server(url)
        try:
            month_day = args.date[5:]
            pages = {
                "daily page": f"{base}/?date={args.date}",
                "board": f"{base}/play/calendar-dragonfjord/{month_day}",
            }
            for address in pages.values():  # computed once, as a visitor finds them after the first
                httpx.get(address, timeout=120).raise_for_status()
            print(f"{LIGHTHOUSE}, mobile, median of {args.runs} runs")
            print("| page | " + " | ".join(CATEGORIES) + " |")
            print("|---" * (len(CATEGORIES) + 1) + "|")
            for name, address in pages.items():
                runs = [lighthouse(address, chrome, Path(folder) / f"run{i}.json") for i in range(args.runs)]
                medians = [round(statistics.median(run[c] for run in runs)) for c in CATEGORIES]
                path = address.removeprefix(base)
                print(f"| {name} `{path}` | " + " | ".join(str(m) for m in medians) + " |")
                sys.stdout.flush()
        finally:
            stop_server(process)
    return 0


if __name__ == "__main__":
    sys.exit(main())
