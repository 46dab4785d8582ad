"""Every ``python -m`` entry point started as a real process, once: it starts, answers, and stops.

What each command does is tested through its ``main(argv)`` in this process (next to its package's
tests); these smoke tests keep what only a real process shows: the module runs as ``__main__``,
its exit status, and how it takes Ctrl-C or SIGTERM (the process group, the worker processes).
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import httpx
import pytest
from sqlalchemy.exc import OperationalError

from bot.commands import Scope
from bot.texts import LANGUAGES
from bot.webhook import SECRET_HEADER, WEBHOOK_PATH
from jobs.precompute import main as precompute_main
from tests.jobs.test_precompute import stored_counts
from tests.support.bot import TOKEN
from tests.support.fake_telegram import FakeTelegram

# Each starts a real Python process (two to five seconds of imports): make test, not make test-fast.
pytestmark = pytest.mark.slow

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SECRET_PART = TOKEN.split(":", 1)[1]


@pytest.fixture
def fake() -> Iterator[FakeTelegram]:
    """A fake Telegram Bot API on 127.0.0.1 that accepts TOKEN."""
    server = FakeTelegram(TOKEN).start()
    yield server
    server.stop()


def environment(**settings: str) -> dict[str, str]:
    """This process's environment with ``settings`` (the configuration a command reads)."""
    return {**os.environ, **settings}


def run_module(
    module: str, *args: str, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``python -m MODULE ARGS`` to its end."""
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def start_module(
    module: str, *args: str, env: dict[str, str] | None = None, **options: object
) -> subprocess.Popen[str]:
    """``python -m MODULE ARGS`` in the background, its stderr joined to its stdout unless told."""
    settings: dict[str, object] = {"stdout": subprocess.PIPE, "stderr": subprocess.STDOUT, **options}
    return subprocess.Popen(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-m", module, *args], cwd=PROJECT_ROOT, env=env, text=True, **settings
    )


@contextlib.contextmanager
def interruptible_children() -> Iterator[None]:
    """Processes started meanwhile take Ctrl-C even when this one ignores it (as a background job
    does): a new program keeps an ignored signal ignored, but starts a handled one at its default."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def wait_until(
    condition: Callable[[], bool],
    process: subprocess.Popen[str],
    what: str,
    timeout: float = 60,
    every: float = 0.05,
) -> None:
    """Poll ``condition`` while ``process`` runs; fail if it ends first or time runs out."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert process.poll() is None, f"the process ended before {what}"
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(every)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def polls() -> Iterator[httpx.Client]:
    """One client for the polls of a process's health (each new client loads the CA bundle: 30 ms)."""
    with httpx.Client(timeout=1) as client:
        yield client


def answers(polls: httpx.Client, url: str) -> bool:
    try:
        return polls.get(url).status_code == 200
    except httpx.HTTPError:
        return False


# ---------------------------------------------------------------- solver.precompute

# Twelve DragonFjord dates of about 0.2 s each: interrupted after two, ten or so are left.
DATES = [f"02-{day:02d}" for day in range(1, 13)]
SELECTION = ["--puzzle", "calendar-dragonfjord", *(word for date in DATES for word in ("--target", date))]
STORED_BEFORE_CTRL_C = 2


def test_precompute_ctrl_c_keeps_whole_targets_and_the_run_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_file = tmp_path / "p.db"
    url = f"sqlite:///{db_file}"
    args = [*SELECTION, "--database-url", url]
    with interruptible_children():
        process = start_module(
            "solver.precompute", *args, "--workers", "2", stderr=subprocess.PIPE, start_new_session=True
        )
    try:

        def stored_enough() -> bool:
            try:
                return db_file.exists() and len(stored_counts(db_file)) >= STORED_BEFORE_CTRL_C
            except OperationalError:
                return False  # the schema is not there yet

        wait_until(stored_enough, process, "targets were stored", timeout=120)
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C: the command and its worker processes
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and "SearchIncomplete" not in stderr
    partial = stored_counts(db_file)
    assert STORED_BEFORE_CTRL_C <= len(partial) < len(DATES)
    assert all(count == present for count, present in partial.values())  # no half-written target
    done = len(partial)
    assert (
        f"interrupted: {done} of {len(DATES)} targets stored (calendar-dragonfjord {done}/{len(DATES)}); "
        "every stored target is complete"
    ) in stderr
    assert f"resume with: {shlex.join(['python', '-m', 'solver.precompute', *args])}" in stderr

    assert precompute_main([*args, "--workers", "2"]) == 0  # the resumed run, in this process
    resumed = capsys.readouterr().err
    assert f"calendar-dragonfjord: {done} target(s) already stored, computing {len(DATES) - done}" in resumed
    final = stored_counts(db_file)
    assert sorted(name for _, name in final) == DATES
    assert all(final[key] == partial[key] for key in partial)
    assert all(count == present for count, present in final.values())


# ---------------------------------------------------------------- api


def test_api_serves_until_sigterm(database_url: str) -> None:
    process = start_module(
        "api", "--port", "0", "--database-url", database_url, "--log-level", "warning", stderr=subprocess.PIPE
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline().strip()
        assert line.startswith("api: serving http://127.0.0.1:"), line
        assert httpx.get(f"{line.split()[2]}/healthz", timeout=10).json() == {"status": "ok"}
    finally:
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=30)
    assert process.returncode == 0, stderr


def test_api_exits_within_10_s_of_sigterm_after_a_solve(sample_url: str) -> None:
    """Once its solver processes existed, the API hung for good at exit in 1 run of 4: its exit
    joined them from an atexit hook. Now its shutdown ends them (``jobs.target_solving``), which
    ``test_the_apps_solver_processes_end_with_the_app`` checks in process; this run, after a target
    solved by two processes, checks the real process's exit."""
    process = start_module(
        "api",
        "--port",
        "0",
        "--database-url",
        sample_url,
        "--log-level",
        "warning",
        env=environment(ON_DEMAND_PROCESSES="2"),
    )
    try:
        assert process.stdout is not None
        base = process.stdout.readline().split()[2]
        solved = httpx.get(f"{base}/api/v1/puzzles/calendar-jarringwords/targets/01-05/solutions", timeout=60)
        assert solved.status_code == 200 and solved.json()["total"] > 0
    finally:
        process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the API did not exit within 10 s of SIGTERM")
    assert process.returncode == 0, process.stdout.read() if process.stdout else ""


def _in_session(session_id: int) -> list[int]:
    """The processes of a session (its leader started with ``start_new_session``), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[3]) == session_id and fields[0] != "Z":  # fields: state, ppid, pgrp, session
                found.append(int(entry.name))
    return found


def api_with_two_workers(**settings: str) -> tuple[subprocess.Popen[str], str]:
    """``python -m api --workers 2`` in a session of its own, and the address it serves."""
    process = start_module(
        "api", "--port", "0", "--workers", "2", env=environment(**settings), start_new_session=True
    )
    assert process.stdout is not None
    return process, process.stdout.readline().split()[2]


def test_api_with_two_workers_spends_one_budget_per_client_and_leaves_no_process_after_sigterm(
    sample_url: str, redis_url: str
) -> None:
    """Before, each worker kept its own budget: with the shipped --workers 2 one client started 40
    cold computations a minute on a budget of 20 (measured here: budget 3, seven cold dates). And
    both workers' compute processes (about 200 MB each) and the resource tracker were still alive
    13 minutes after a SIGTERM, adopted by init."""
    process, base = api_with_two_workers(
        DATABASE_URL=sample_url, REDIS_URL=redis_url, API_COMPUTE_PER_MINUTE="3"
    )
    try:
        with httpx.Client(base_url=base, timeout=120) as client:  # uncached dates: compute processes
            statuses = [
                client.get(f"/api/v1/daily/2026-01-{day}").status_code for day in (21, 22, 23, 26, 27, 28, 31)
            ]
        assert len(_in_session(process.pid)) >= 4  # the supervisor, two workers, their computers
    finally:
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=60)
    assert statuses.count(200) == 3 and statuses.count(429) == 4, statuses
    assert process.returncode == 0
    deadline = time.monotonic() + 20
    while _in_session(process.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _in_session(process.pid) == []


def test_api_workers_each_run_the_webhook_bridge(fake: FakeTelegram, sample_url: str) -> None:
    secret = "webhook_secret-42-0123456789abcdefghijkl"
    webhook_url = "http://127.0.0.1:9/telegram/webhook"  # where Telegram would call; unused here
    env = environment(
        DATABASE_URL=sample_url,
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_API_BASE_URL=fake.base_url,
        WEBHOOK_URL=webhook_url,
        WEBHOOK_SECRET=secret,
    )
    process = start_module("api", "--port", "0", "--workers", "2", env=env)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert " with 2 workers " in line, line
        base = line.split()[2]
        wait_until(lambda: len(fake.calls_to("setWebhook")) == 2, process, "both workers set the webhook")
        assert all(c.params["url"] == webhook_url for c in fake.calls_to("setWebhook"))
        assert all(c.params["secret_token"] == secret for c in fake.calls_to("setWebhook"))
        chats = range(77, 85)  # one reply each (replies to one chat are paced: a burst of 3, then 1/s)
        with httpx.Client(base_url=base, timeout=30) as client:
            for update_id, chat_id in enumerate(chats, start=1):
                update = {"update_id": update_id, **fake.build_message("/help", chat_id=chat_id)}
                assert (
                    client.post(WEBHOOK_PATH, json=update, headers={SECRET_HEADER: secret}).status_code == 200
                )
        wait_until(lambda: len(fake.sent()) == len(chats), process, "every update was answered")
        assert [len(fake.sent(chat_id)) for chat_id in chats] == [1] * len(chats)
        assert all("/today" in c.params["text"] for c in fake.sent())
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=60)
    assert process.returncode == 0, output
    assert TOKEN not in output and SECRET_PART not in output and secret not in output


# ---------------------------------------------------------------- bot


def test_bot_answers_and_stops_on_sigterm_without_logging_the_token(
    fake: FakeTelegram, sample_url: str
) -> None:
    env = environment(
        DATABASE_URL=sample_url, TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=fake.base_url, WEBHOOK_URL=""
    )
    process = start_module("bot", env=env)
    try:
        # every menu set: one per language and scope (waiting for exactly two raced the third)
        menus = len(LANGUAGES) * len(Scope)
        wait_until(lambda: len(fake.calls_to("setMyCommands")) >= menus, process, "the commands were set")
        fake.message("/today 2026-01-25")
        wait_until(lambda: len(fake.sent(1)) == 1, process, "the answer")
        assert fake.sent(1)[0].files["photo"].startswith(b"\x89PNG")
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, output
    assert "bot stopped" in output
    assert TOKEN not in output and SECRET_PART not in output


def has_heartbeat(database_url: str) -> bool:
    uri = f"file:{database_url.removeprefix('sqlite:///')}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as connection:
        return bool(connection.execute("SELECT count(*) FROM dispatcher_heartbeats").fetchone()[0])


def test_dispatcher_beats_its_heart_answers_the_healthcheck_and_stops_on_sigterm(
    fake: FakeTelegram, database_url: str
) -> None:
    env = environment(
        DATABASE_URL=database_url,
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_API_BASE_URL=fake.base_url,
        WEBHOOK_URL="",
        DISPATCH_INTERVAL_SECONDS="0.5",
    )
    process = start_module("bot.dispatch", env=env)
    try:
        # Read-only, 5 times a second: opening the store 20 times a second (each open sets WAL mode)
        # held the dispatcher's first heartbeat up by some 20 s.
        wait_until(lambda: has_heartbeat(database_url), process, "a heartbeat", every=0.2)
        check = run_module("bot.dispatch", "--healthcheck", env=env)
        assert check.returncode == 0, check.stderr
        assert check.stdout.startswith("dispatcher heartbeat: ok\noutbox: ")
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=60)
    assert process.returncode == 0, output
    assert "dispatcher stopped" in output
    assert TOKEN not in output and SECRET_PART not in output


# ---------------------------------------------------------------- launcher


def end_launcher(process: subprocess.Popen[str]) -> None:
    """Kill a launcher a failed test left running, and whatever it started."""
    if process.poll() is None:
        process.kill()
        process.communicate()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


def test_launcher_runs_the_api_and_stops_it_on_ctrl_c(sample_url: str, polls: httpx.Client) -> None:
    port = free_port()
    env = environment(
        DATABASE_URL=sample_url, API_HOST="127.0.0.1", API_PORT=str(port), TELEGRAM_BOT_TOKEN=""
    )
    process = start_module("jobs.launcher", env=env, start_new_session=True)
    try:
        wait_until(lambda: answers(polls, f"http://127.0.0.1:{port}/healthz"), process, "the API answered")
        process.send_signal(signal.SIGINT)  # passed on to the services
        output, _ = process.communicate(timeout=60)
    finally:
        end_launcher(process)
    assert process.returncode == 0, output
    assert "TELEGRAM_BOT_TOKEN is not set: starting the API only" in output
    assert f"API on http://127.0.0.1:{port}/" in output
    assert not answers(polls, f"http://127.0.0.1:{port}/healthz")  # the API stopped with it


@pytest.mark.postgres
def test_launcher_on_the_queue_starts_solver_workers_that_answer_the_api(
    migrated_postgres_url: str, polls: httpx.Client
) -> None:
    """SOLVE_JOBS=queue: the API hands a target not stored to the queue, and a solver worker the
    launcher started solves it while the request waits."""
    port = free_port()
    env = environment(
        DATABASE_URL=migrated_postgres_url,
        API_HOST="127.0.0.1",
        API_PORT=str(port),
        TELEGRAM_BOT_TOKEN="",
        SOLVE_JOBS="queue",
        SOLVE_WORKERS="1",
        ON_DEMAND_PROCESSES="1",
        API_ON_DEMAND_WAIT="120",  # a loaded test machine; the worker starts with the API
    )
    process = start_module("jobs.launcher", env=env, start_new_session=True)
    try:
        wait_until(lambda: answers(polls, f"http://127.0.0.1:{port}/healthz"), process, "the API answered")
        solutions = "/api/v1/puzzles/calendar-tetromino/targets/07-14/solutions"
        response = httpx.get(f"http://127.0.0.1:{port}{solutions}", timeout=150)
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=60)
    finally:
        end_launcher(process)
    assert response.status_code == 200, response.text
    assert response.json()["total"] > 0
    assert "SOLVE_JOBS=queue: starting 1 solver worker(s)" in output
    assert "solve worker taking jobs" in output


# ---------------------------------------------------------------- commands that run to their end


def expect(result: subprocess.CompletedProcess[str], code: int, line: str, stream: str = "stdout") -> None:
    """The command ended with ``code`` and printed a line starting with ``line`` on ``stream``."""
    assert result.returncode == code, result.stderr
    printed = getattr(result, stream).splitlines()
    assert any(text.startswith(line) for text in printed), (line, printed)


def test_migrate(tmp_path: Path) -> None:
    result = run_module("db.migrate", env=environment(DATABASE_URL=f"sqlite:///{tmp_path / 'm.db'}"))
    expect(result, 0, "database is at the newest schema")


def test_transfer(sample_url: str, tmp_path: Path) -> None:
    result = run_module("db.transfer", sample_url, f"sqlite:///{tmp_path / 'copy.db'}")
    assert result.returncode == 0, result.stderr
    assert "puzzles: 4, " in result.stdout and "targets: 18, " in result.stdout  # 15 dates, 3 boards


def test_show(sample_url: str) -> None:
    result = run_module("solver.show", "pentomino-3x20", "board", "--database-url", sample_url)
    expect(result, 0, "Pentominoes 3 × 20 — board: solution 1 of 2")


def test_render(sample_url: str, tmp_path: Path) -> None:
    out = tmp_path / "hint.png"
    args: Sequence[str] = ("calendar-dragonfjord", "01-25", "--stage", "1", "--year", "2026", "--text")
    result = run_module("render", *args, "-o", str(out), "--database-url", sample_url)
    expect(result, 0, "With this piece placed, ")
    assert out.read_bytes().startswith(b"\x89PNG")


def test_warm(sample_url: str) -> None:
    result = run_module("hints.warm", "--days", "1", "--from", "2026-01-26", "--database-url", sample_url)
    expect(result, 0, "hints ready for 1 day(s) from 2026-01-26")


def test_ondemand() -> None:
    result = run_module("solver.ondemand", "--window", "--database-url", "sqlite:////proc/no/such/p.db")
    expect(result, 1, "error: cannot write the database file", stream="stderr")


def test_i18n() -> None:
    expect(run_module("i18n", "check"), 0, "every catalog translates every string")


IMPORTED_SOLVER_LIBRARIES = """
import sys
import jobs.api, bot.app
print(sorted({name.split(".")[0] for name in sys.modules} & {"ortools", "pandas"}))
"""


def test_the_api_and_the_bot_start_without_or_tools() -> None:
    """OR-Tools' CP-SAT module imports pandas (0.4-0.9 s of a start's CPU); a process loads them on
    its first solve (solver.cpsat), not at start."""
    done = subprocess.run(
        [sys.executable, "-c", IMPORTED_SOLVER_LIBRARIES], cwd=PROJECT_ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"
