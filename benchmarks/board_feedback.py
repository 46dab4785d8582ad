"""Board feedback on a phone: from a move's input event to its count and dead-end words on the page.

    .venv/bin/python -m benchmarks.board_feedback [--database-url URL] [--date 01-25]
        [--cycles 5] [--connections 16] [--load-seconds S] [--cpu-slowdown 4] [--rtt-ms 0]

Starts ``python -m api`` (one worker, as ``benchmarks.api_flood``) on 127.0.0.1 over the test
suite's store of the whole default catalog (built once into pytest's cache, as the browser tests
and ``benchmarks.lighthouse`` do; every DragonFjord date and every board the daily challenge
needs are precomputed, as in production) unless ``--database-url`` names another, and opens
``/play/calendar-dragonfjord/DATE`` in Debian's Chromium (Playwright, headless) as a phone:
390×844 CSS px, device scale 3, mobile, touch, and the renderer's CPU slowed 4× with CDP
``Emulation.setCPUThrottlingRate`` (the CPU slowdown of Lighthouse's mobile profile). The network
is loopback, unthrottled unless ``--rtt-ms`` adds a round trip (CDP
``Network.emulateNetworkConditions``; Lighthouse's mobile profile assumes 150 ms).

Every move is made with a finger: a piece is placed by tapping it in the tray, the rotate/flip
buttons until it lies as wanted (Playwright's touch taps), then the board cell its anchor goes on
(the move, on the finger's lift); undo and clear are taps on their buttons. The move's own tap
lasts ``--touch-ms`` (80 ms, a quick finger's; CDP ``Input.dispatchTouchEvent``): Playwright's
tap lifts the finger in the same instant it touches, so the lift would wait for the touch's own
handling, which a finger never does. A cycle of nine moves
per solution of the date: place, place, undo, place, a placement the API calls a dead end, undo,
place, another dead end, clear. The plan (and each position's count) is asked of the position
API before the browser starts, with the server idle.

In the page a capturing listener keeps the newest ``pointerup``/``keydown`` and a
MutationObserver watches ``main[data-moves]`` (a move committed), the count
(``[data-testid=remaining]``, ``#count-text``) and ``#verdict``. A move's latency is from its input
event's ``timeStamp`` to the first change of the count or verdict while ``data-moves`` is that
move's number (the board drops a stale answer, and the next move starts only when
``main[data-analysed]`` names this one); the count shown is checked against the plan's. The
phone starts once the page has the date's solutions (``main[data-offline="ready"]``, as a few
milliseconds after the page opens): from then on the page answers the calendar's moves itself,
and a move asks the server only for what the page cannot word. Also recorded: the first animation
frame after the change, and, for a move that asks the server, the position request's Resource
Timing, to split the time into the page before the request, the request (server and loopback)
and the page after it.

The phone is a client of its own, as it would be beside a flood from elsewhere: the server
believes ``X-Forwarded-For`` from 127.0.0.1 (``FORWARDED_ALLOW_IPS``) and the page's requests
name 198.51.100.23, so the flooder's spent budget of computations (``API_COMPUTE_PER_MINUTE``,
per client) is not the phone's; without that every loopback client is one, and the board's
uncached positions are refused (429 after a second's delay) while the flood runs.

The moves run twice on a fresh page each: with the server idle, then while the load of
``benchmarks.api_flood`` runs against the same server (wrk alternating today's daily JSON and
hint PNG over ``--connections`` connections with api_flood's own Lua script, and
``python -m benchmarks.api_flood --flood`` asking random dates from 8 threads). Prints median,
p95 (nearest rank), max and n of both, and exits 0: a measurement, not a test. Goal: p95 <= 50 ms
under that load. Only loopback addresses are loaded.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, Route, sync_playwright

from benchmarks.api_flood import LUA, PATHS
from benchmarks.api_load import parse_wrk, require_loopback, start_server, stop_server, warm
from tests.support.browser import CHROMIUM_ARGS
from tests.support.stores import precomputed_catalog

PROJECT_ROOT = Path(__file__).resolve().parent.parent
STORES = PROJECT_ROOT / ".pytest_cache" / "d" / "catalog"  # where the tests keep their stores
PUZZLE = "calendar-dragonfjord"
BROWSER = Path("/usr/bin/chromium")  # the full browser, as a phone's user runs it (new headless mode)
GOAL_P95_MS = 50.0
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
CPU_SLOWDOWN = 4  # Lighthouse's mobile profile
PHONE_ADDRESS = "198.51.100.23"  # the phone's own address (TEST-NET-2), forwarded by "a proxy"
SETTLE_MS = 30_000
PAUSE_S = 0.3  # between moves: the page idle again, as between a player's taps
TOUCH_MS = 80  # how long a quick tap's finger stays on the glass

Placement = dict[str, Any]  # {"piece": "L", "cells": [[r, c], ...]} as the position API takes it

# In the page: the newest input event, each committed move, the first change of its count or
# verdict, the frame after it. Installed once the board has its first answer.
INSTRUMENT = """() => {
  const main = document.getElementById("main");
  const count = document.querySelector("[data-testid=remaining]");
  const words = document.getElementById("count-text");
  const verdict = document.getElementById("verdict");
  const bench = (window.__feedback = { last: null, moves: {} });
  performance.setResourceTimingBufferSize(100000);
  for (const type of ["pointerup", "keydown"]) {
    window.addEventListener(type, (event) => {
      bench.last = { type: event.type, at: event.timeStamp };
    }, { capture: true, passive: true });
  }
  const observer = new MutationObserver((records) => {
    const now = performance.now();
    const move = Number(main.dataset.moves);
    for (const record of records) {
      if (record.target === main) {
        if (record.attributeName === "data-moves" && !bench.moves[move]) {
          bench.moves[move] = { input: bench.last, committed: now };
        }
        continue;
      }
      const entry = bench.moves[move];
      if (entry && entry.shown === undefined) {
        entry.shown = now;
        entry.remaining = count.textContent;
        entry.state = verdict.dataset.state;
        entry.verdict = verdict.textContent;
        requestAnimationFrame(() => { entry.frame = performance.now(); });
      }
    }
  });
  observer.observe(main, { attributes: true, attributeFilter: ["data-moves"] });
  for (const node of [count, words, verdict]) {
    observer.observe(node, { childList: true, characterData: true, subtree: true });
  }
}"""

# The move's record, and the position request made between its input and its words.
RECORD = """(move) => {
  const entry = window.__feedback.moves[move];
  if (!entry || !entry.input || entry.shown === undefined) return entry || null;
  const fetches = performance.getEntriesByType("resource").filter((r) =>
    r.initiatorType === "fetch" && r.name.includes("/position") &&
    r.startTime >= entry.input.at && r.startTime <= entry.shown);
  const request = fetches.length ? fetches[fetches.length - 1] : null;
  return Object.assign({}, entry, request && {
    fetchStart: request.startTime, requestStart: request.requestStart,
    responseStart: request.responseStart, responseEnd: request.responseEnd,
  });
}"""


@dataclass(frozen=True)
class Move:
    kind: str  # place, dead end, undo, clear
    placement: Placement | None  # what a place move puts down
    position: list[Placement]  # the board after the move
    remaining: int  # the count the page should show after it (the API's distinct_remaining)


@dataclass
class Sample:
    kind: str
    latency_ms: float  # input event -> count or verdict changed
    frame_ms: float | None  # input event -> the first animation frame after the change
    before_ms: float | None  # input event -> the position request started (page work)
    request_ms: float | None  # the request, start to the response's last byte
    queued_ms: float | None  # fetch() called -> requestStart (the browser's network stack)
    server_ms: float | None  # requestStart -> responseStart (server time and loopback)
    body_ms: float | None  # responseStart -> responseEnd (the answer's bytes)
    after_ms: float | None  # the response's last byte -> count changed (page work)


@dataclass
class Run:
    name: str
    samples: list[Sample] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)  # moves whose shown count is not the plan's
    seconds: float = 0.0


# ---------------------------------------------------------------- the plan, asked of the API


def analyse(http: httpx.Client, date: str, placements: list[Placement]) -> dict[str, Any]:
    response = http.post(f"/api/v1/puzzles/{PUZZLE}/targets/{date}/position", json={"placements": placements})
    response.raise_for_status()
    answer: dict[str, Any] = response.json()
    return answer


def board_data(http: httpx.Client, date: str) -> dict[str, Any]:
    """The board's data as the page has it (its ``<script id="board-data">``)."""
    html = http.get(f"/play/{PUZZLE}/{date}").raise_for_status().text
    start = html.index('id="board-data">') + len('id="board-data">')
    data: dict[str, Any] = json.loads(html[start : html.index("</script>", start)])
    return data


def dead_end(http: httpx.Client, date: str, data: dict[str, Any], position: list[Placement]) -> Placement:
    """A legal placement of an unplaced piece after which no solution remains (the API decides)."""
    cells = {tuple(c["cell"]) for c in data["cells"]} - {tuple(c) for c in data["uncovered"]}
    taken = {tuple(cell) for p in position for cell in p["cells"]}
    placed = {p["piece"] for p in position}
    for piece in data["pieces"]:
        if piece["name"] in placed:
            continue
        for orientation in piece["orientations"]:
            shape = orientation["cells"]
            for row, col in sorted(cells - taken):
                moved = [[r + row - shape[0][0], c + col - shape[0][1]] for r, c in shape]
                if not all(tuple(cell) in cells and tuple(cell) not in taken for cell in moved):
                    continue
                candidate = {"piece": piece["name"], "cells": sorted(moved)}
                answer = analyse(http, date, [*position, candidate])
                if answer["legal"] and answer["dead_end"]:
                    return candidate
    raise SystemExit(f"error: no dead end found after {[p['piece'] for p in position]}")


def plan(http: httpx.Client, date: str, data: dict[str, Any], cycles: int) -> list[Move]:
    """``cycles`` × nine moves, each cycle on the next solution of the date (see the module's doc)."""
    moves: list[Move] = []

    def add(kind: str, position: list[Placement], placement: Placement | None = None) -> list[Placement]:
        answer = analyse(http, date, position)
        moves.append(Move(kind, placement, position, answer["distinct_remaining"]))
        return position

    for cycle in range(cycles):
        solution = http.get(f"/api/v1/puzzles/{PUZZLE}/targets/{date}/solutions/{cycle + 1}")
        first, second, third = solution.raise_for_status().json()["placements"][:3]
        add("place", [first], first)
        add("place", [first, second], second)
        add("undo", [first])
        add("place", [first, second], second)
        wrong = dead_end(http, date, data, [first, second])
        add("dead end", [first, second, wrong], wrong)
        add("undo", [first, second])
        add("place", [first, second, third], third)
        wrong = dead_end(http, date, data, [first, second, third])
        add("dead end", [first, second, third, wrong], wrong)
        add("clear", [])
    return moves


# ---------------------------------------------------------------- the phone


class LoopbackOnly:
    """Aborts every request that is not for the server under test (as the browser tests do)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.blocked: list[str] = []

    def __call__(self, route: Route) -> None:
        if route.request.url.startswith(self.base + "/"):
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort()


def open_phone(
    browser: Browser, base: str, args: argparse.Namespace
) -> tuple[BrowserContext, Page, CDPSession]:
    context = browser.new_context(**PHONE, extra_http_headers={"X-Forwarded-For": PHONE_ADDRESS})  # type: ignore[arg-type]
    context.route("**/*", LoopbackOnly(base))
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_slowdown})
    if args.rtt_ms:
        cdp.send("Network.enable")
        conditions = {
            "offline": False,
            "latency": args.rtt_ms,
            "downloadThroughput": -1,
            "uploadThroughput": -1,
        }
        cdp.send("Network.emulateNetworkConditions", conditions)
    page.goto(f"{base}/play/{PUZZLE}/{args.date}")
    page.locator('main[data-analysed="0"]').wait_for(timeout=SETTLE_MS)
    page.locator('main[data-offline="ready"]').wait_for(timeout=SETTLE_MS)  # the date's solutions came
    page.evaluate(INSTRUMENT)
    return context, page, cdp


def finger_tap(page: Page, cdp: CDPSession, selector: str, touch_ms: float) -> None:
    """A tap whose finger stays ``touch_ms`` on the element's centre before it lifts."""
    target = page.locator(selector)
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    if box is None:
        raise SystemExit(f"error: {selector} is not on the page")
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    time.sleep(touch_ms / 1000)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def orientation_and_anchor(data: dict[str, Any], placement: Placement) -> tuple[int, list[int]]:
    """The orientation the cells are in, and the board cell a tap puts its anchor on."""
    piece = next(p for p in data["pieces"] if p["name"] == placement["piece"])
    ordered = sorted(placement["cells"])
    for index, orientation in enumerate(piece["orientations"]):
        shape = orientation["cells"]
        d_row, d_col = ordered[0][0] - shape[0][0], ordered[0][1] - shape[0][1]
        if all([r + d_row, c + d_col] == cell for (r, c), cell in zip(shape, ordered, strict=True)):
            return index, ordered[orientation["anchors"][0]]
    raise SystemExit(f"error: {placement['piece']} has no orientation with cells {placement['cells']}")


def ready_to_place(page: Page, data: dict[str, Any], placement: Placement) -> list[int]:
    """Tap the tray piece, then rotate (and flip) until it lies as ``placement``; the cell to tap."""
    wanted, anchor = orientation_and_anchor(data, placement)
    tray = page.locator(f'.tray-piece[data-piece="{placement["piece"]}"]')
    tray.tap()
    if tray.get_attribute("aria-pressed") != "true":
        raise SystemExit(f"error: tapping {placement['piece']} in the tray did not select it")
    for _ in range(2):
        for _ in range(4):
            if int(tray.get_attribute("data-orientation") or "-1") == wanted:
                return anchor
            page.locator("#rotate").tap()
        page.locator("#flip").tap()
    raise SystemExit(f"error: could not turn {placement['piece']} into orientation {wanted}")


def play(
    page: Page,
    cdp: CDPSession,
    data: dict[str, Any],
    moves: list[Move],
    run: Run,
    touch_ms: float,
    until: float | None = None,
) -> None:
    """Make every move with a finger; one sample per move (``until``: stop when the load ends)."""
    started = time.monotonic()
    for move in moves:
        if until is not None and time.monotonic() >= until:
            print(f"  the load ended after {len(run.samples)} moves", flush=True)
            break
        number = int(page.locator("main").get_attribute("data-moves") or "0") + 1
        if move.kind in ("place", "dead end"):
            assert move.placement is not None
            anchor = ready_to_place(page, data, move.placement)
            time.sleep(PAUSE_S)
            finger_tap(page, cdp, f'#board .cells [data-cell="{anchor[0]},{anchor[1]}"]', touch_ms)
        else:
            finger_tap(page, cdp, "#undo" if move.kind == "undo" else "#clear", touch_ms)
        page.locator(f'main[data-analysed="{number}"]').wait_for(timeout=SETTLE_MS)
        page.wait_for_function("(m) => window.__feedback.moves[m]?.frame !== undefined", arg=number)
        record = page.evaluate(RECORD, number)
        run.samples.append(sample(move, record))
        if record["state"] == "error":
            run.wrong.append(f"move {number} ({move.kind}): the page says {record['verdict']!r}")
        elif record["remaining"] != str(move.remaining):
            run.wrong.append(
                f"move {number} ({move.kind}): shows {record['remaining']}, expected {move.remaining}"
            )
        time.sleep(PAUSE_S)
    run.seconds = time.monotonic() - started


def sample(move: Move, record: dict[str, Any]) -> Sample:
    def span(start: str, end: str) -> float | None:
        return record[end] - record[start] if record.get(start) and record.get(end) else None

    at = record["input"]["at"]
    return Sample(
        kind=move.kind,
        latency_ms=record["shown"] - at,
        frame_ms=record["frame"] - at,
        before_ms=record["fetchStart"] - at if record.get("fetchStart") else None,
        request_ms=span("fetchStart", "responseEnd"),
        queued_ms=span("fetchStart", "requestStart"),
        server_ms=span("requestStart", "responseStart"),
        body_ms=span("responseStart", "responseEnd"),
        after_ms=record["shown"] - record["responseEnd"] if record.get("responseEnd") else None,
    )


# ---------------------------------------------------------------- api_flood's load


def start_load(base: str, script: Path, seconds: int, connections: int) -> list[subprocess.Popen[str]]:
    """api_flood's loaded phase: wrk on today's JSON and PNG, and its random-date flooder."""
    wrk = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", str(script), base]
    flooder = [sys.executable, "-m", "benchmarks.api_flood", "--flood", base, "--duration", str(seconds)]
    return [
        subprocess.Popen(wrk, cwd=PROJECT_ROOT, stdout=subprocess.PIPE, text=True),
        subprocess.Popen(flooder, cwd=PROJECT_ROOT, stdout=subprocess.PIPE, text=True),
    ]


def finish_load(load: list[subprocess.Popen[str]], seconds: int) -> str:
    wrk, flooder = (process.communicate(timeout=seconds + 60)[0] for process in load)
    measured = parse_wrk(wrk)
    return (
        f"wrk {measured.rps:,.0f} req/s, p99 {measured.p99_ms:.1f} ms, {measured.errors} errors; "
        f"flooder's answers {flooder.strip()}"
    )


# ---------------------------------------------------------------- report


def nearest_rank(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def summary(values: list[float | None]) -> str:
    known = [v for v in values if v is not None]
    if not known:
        return "—"
    return f"{statistics.median(known):7.1f} {nearest_rank(known, 0.95):7.1f} {max(known):7.1f}"


def report(runs: list[Run]) -> None:
    print(f"\n{'feedback (input event -> words changed)':<44} {'median':>7} {'p95':>7} {'max':>7} {'n':>4}")
    for run in runs:
        latencies: list[float | None] = [s.latency_ms for s in run.samples]
        print(f"{run.name:<44} {summary(latencies)} {len(run.samples):>4}")
    print("\nwhere the time goes (ms: median p95 max)")
    parts = [
        ("input -> fetch() called (page)", "before_ms"),
        ("fetch() -> last byte of the answer", "request_ms"),
        ("  fetch() -> request sent", "queued_ms"),
        ("  request sent -> first byte (server)", "server_ms"),
        ("  first byte -> last byte", "body_ms"),
        ("last byte -> words changed (page)", "after_ms"),
        ("input -> next animation frame", "frame_ms"),
    ]
    for run in runs:
        print(f"  {run.name}")
        for label, name in parts:
            print(f"    {label:<40} {summary([getattr(s, name) for s in run.samples])}")
    print("\nby kind of move (feedback ms: median p95 max, n)")
    for run in runs:
        for kind in ("place", "dead end", "undo", "clear"):
            some = [s.latency_ms for s in run.samples if s.kind == kind]
            print(f"  {run.name:<36} {kind:<9} {summary(list(some))} {len(some):>4}")
    for run in runs:
        print(f"{run.name}: {len(run.wrong)} of {len(run.samples)} moves showed no right count")
        for wrong in run.wrong:
            print(f"WRONG COUNT ({run.name}): {wrong}")
    loaded = [s.latency_ms for s in runs[-1].samples]
    if loaded:
        p95 = nearest_rank(loaded, 0.95)
        verdict = "met" if p95 <= GOAL_P95_MS else "MISSED"
        print(f"\ngoal: p95 <= {GOAL_P95_MS:.0f} ms under api_flood's load: {verdict} (p95 {p95:.1f} ms)")


# ---------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", help="a precomputed store (default: the tests' whole catalog)")
    parser.add_argument("--date", default="01-25", help="the DragonFjord date (MM-DD) of the board")
    parser.add_argument("--cycles", type=int, default=5, help="nine moves each, on the date's next solution")
    parser.add_argument("--connections", type=int, default=16, help="wrk's connections (api_flood's default)")
    parser.add_argument(
        "--load-seconds", type=int, help="how long the load runs (default: from the idle run)"
    )
    parser.add_argument("--rtt-ms", type=float, default=0.0, help="a round trip added to every request")
    parser.add_argument("--cpu-slowdown", type=float, default=CPU_SLOWDOWN, help="CDP CPU throttling rate")
    parser.add_argument("--touch-ms", type=float, default=TOUCH_MS, help="how long a move's tap touches")
    args = parser.parse_args(argv)
    if not BROWSER.exists() or shutil.which("wrk") is None:
        raise SystemExit(f"error: needs Chromium at {BROWSER} and wrk (apt-get install -y chromium wrk)")
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or precomputed_catalog(STORES, Path(folder) / "store.db")
        os.environ["FORWARDED_ALLOW_IPS"] = "127.0.0.1"  # the server started below: the phone's address
        process, base = start_server(url)
        require_loopback(base)
        try:
            warm(base, PATHS)
            with httpx.Client(base_url=base, timeout=60) as http:
                data = board_data(http, args.date)
                moves = plan(http, args.date, data, args.cycles)
            script = Path(folder) / "today.lua"
            script.write_text(LUA)
            runs = measure(base, args, data, moves, script)
        finally:
            stop_server(process)
    print(
        f"\n{PUZZLE}/{args.date}, {len(moves)} moves a run; phone 390x844 @3x, "
        f"touch ({args.touch_ms:g} ms taps), CPU {args.cpu_slowdown:g}x slower, "
        f"RTT added {args.rtt_ms:.0f} ms; one API worker"
    )
    report(runs)
    return 0


def measure(
    base: str, args: argparse.Namespace, data: dict[str, Any], moves: list[Move], script: Path
) -> list[Run]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(BROWSER), args=CHROMIUM_ARGS)
        try:
            idle = Run("server idle")
            context, page, cdp = open_phone(browser, base, args)
            print(f"server idle: {len(moves)} moves", flush=True)
            play(page, cdp, data, moves, idle, args.touch_ms)
            context.close()
            seconds = args.load_seconds or int(idle.seconds * 2) + 30
            loaded = Run(f"under api_flood's load (wrk -c{args.connections})")
            print(f"under api_flood's load for {seconds} s: {len(moves)} moves", flush=True)
            load = start_load(base, script, seconds, args.connections)
            until = time.monotonic() + seconds - 2
            try:
                time.sleep(2)  # the load running before the page opens
                context, page, cdp = open_phone(browser, base, args)
                play(page, cdp, data, moves, loaded, args.touch_ms, until)
                context.close()
            finally:
                print(f"  load: {finish_load(load, seconds)}", flush=True)
        finally:
            browser.close()
    return [idle, loaded]


if __name__ == "__main__":
    sys.exit(main())
