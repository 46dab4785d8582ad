"""One budget for every computation a client can start, a fair queue of solves, addresses that
cannot be forged. Before, only /daily had a budget: positions, solutions, hints, heatmaps, /check
and /me solved and rendered for anyone without limit, a flooder could fill the solve queue, a
solve went on after its asker hung up, and an X-Forwarded-For header from 127.0.0.1 made every
request a new client."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from limits.storage import MemoryStorage

from api import clients, create_app, solve_queue
from api.clients import Requester, client_key
from api.errors import ApiError
from api.solve_queue import MAX_PENDING_PER_CLIENT, FairTurns, OnDemandWaiter
from db.rate_limits import Rate, Window, shared_storage
from hints.missing_targets import SolveUnfinished
from jobs.api import build_parser, listen, uvicorn_config
from jobs.target_solving import OnDemand, Solved
from settings import Settings
from tests.support.limits_clock import freeze_limits


@pytest.fixture(autouse=True)
def refused_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refusals are held a second in service (see api.clients); here they need not be."""
    monkeypatch.setattr(clients, "REFUSAL_DELAY", 0.0)


# ---------------------------------------------------------------- who a client is


def test_ipv4_clients_are_their_address_and_ipv6_clients_their_64_network() -> None:
    assert client_key("203.0.113.7") == "203.0.113.7"
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:ffff:1:2:3") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:203.0.113.7") == "203.0.113.7"  # an IPv4 client on a dual-stack socket
    assert client_key(None) == "unknown" and client_key("testclient") == "testclient"


# ---------------------------------------------------------------- moving windows


def test_a_moving_window_keeps_every_rate_and_says_when_there_is_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks = freeze_limits(monkeypatch, now=0.0)
    window = Window(MemoryStorage(), "test", Rate(30, 60), Rate(10, 10))
    assert [window.take("ann") for _ in range(10)] == [None] * 10
    assert window.take("ann") == 10  # the burst: the first of the ten leaves its 10 s at 10
    assert window.take("bob") is None  # each key its own
    for ticks.now in (10.5, 21.0):
        assert [window.take("ann") for _ in range(10)] == [None] * 10  # refused uses were not counted
    ticks.now = 32.0
    assert window.take("ann") == 28  # thirty this minute: the first leaves it at 60
    ticks.now = 60.5
    assert window.take("ann") is None


def test_a_refund_makes_the_next_use_free(monkeypatch: pytest.MonkeyPatch) -> None:
    freeze_limits(monkeypatch)
    window = Window(MemoryStorage(), "test", Rate(1, 60))
    assert window.take("ann") is None and window.take("ann") is not None
    window.refund("ann")
    assert window.take("ann") is None and window.take("ann") is not None  # one refund, one use


def test_without_redis_the_window_lets_uses_through_and_says_so(caplog: pytest.LogCaptureFixture) -> None:
    """A rate limit that failed closed would take the whole service down with Redis."""
    window = Window(shared_storage("redis://127.0.0.1:1/0"), "test", Rate(1, 60))
    assert window.take("ann") is None and window.take("ann") is None
    assert sum("rate limits unavailable" in r.getMessage() for r in caplog.records) == 1


# ---------------------------------------------------------------- the fair queue


async def test_turns_go_round_the_clients_not_first_come_first_served() -> None:
    turns = FairTurns()
    await turns.acquire("flooder")  # its first solve runs
    order: list[str] = []

    async def take(client: str, name: str) -> None:
        await turns.acquire(client)
        order.append(name)
        turns.release(client)

    queued = [asyncio.create_task(take("flooder", "f2")), asyncio.create_task(take("flooder", "f3"))]
    await asyncio.sleep(0)
    queued.append(asyncio.create_task(take("someone", "s1")))  # asks last
    await asyncio.sleep(0)
    turns.release("flooder")
    await asyncio.gather(*queued)
    assert order == ["s1", "f2", "f3"]  # not f2, f3, s1: the client served least recently first


async def test_a_turn_given_up_while_waiting_is_passed_on() -> None:
    turns = FairTurns()
    await turns.acquire("a")
    gone = asyncio.create_task(turns.acquire("b"))
    waiting = asyncio.create_task(turns.acquire("c"))
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.sleep(0)
    assert turns.waiting() == 1
    turns.release("a")
    await asyncio.wait_for(waiting, 1)  # c's turn came although b, ahead of it, left


class NoProcesses:
    """The solver a :class:`HeldSolver` never hands its solves to; it has nothing to stop."""

    targets_at_once: int | None = None

    def ensure(self, puzzle: object, target: object) -> object:
        raise AssertionError("HeldSolver solves in _solve_now")

    def close(self) -> None:
        pass


class HeldSolver(OnDemandWaiter):
    """Solves nothing: each target's solve waits until the test lets it finish."""

    def __init__(self, wait_seconds: float = 30.0, solver: NoProcesses | None = None) -> None:
        super().__init__(solver or NoProcesses(), wait_seconds)
        self.started: list[str] = []
        self.release = threading.Event()

    def _solve_now(self, puzzle_id: str, target: str) -> object:
        self.started.append(target)
        self.release.wait(10)
        return Solved(computed=True, solutions=1)


async def _until(condition: object) -> None:
    """Let the event loop run until ``condition()`` holds (the solver thread reports through it)."""
    for _ in range(1000):
        if condition():  # type: ignore[operator]
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the condition never held")


async def test_one_client_cannot_fill_the_queue_of_solves() -> None:
    solver = HeldSolver()
    mine = [
        asyncio.create_task(solver.solve("calendar-weekday", f"01-0{day}-Mon", Requester("flooder")))
        for day in range(1, 1 + MAX_PENDING_PER_CLIENT)
    ]
    await _until(lambda: solver.pending() == MAX_PENDING_PER_CLIENT)
    with pytest.raises(ApiError) as refused:
        await solver.solve("calendar-weekday", "02-01-Mon", Requester("flooder"))
    assert refused.value.status == 503 and refused.value.headers["Retry-After"]
    theirs = asyncio.create_task(solver.solve("calendar-weekday", "03-01-Mon", Requester("someone")))
    await _until(lambda: solver.pending() == MAX_PENDING_PER_CLIENT + 1)  # accepted, queued
    solver.release.set()
    await asyncio.gather(*mine, theirs)
    solver.close()


async def test_a_queued_solve_whose_asker_hung_up_never_starts() -> None:
    solver = HeldSolver()
    running = asyncio.create_task(solver.solve("calendar-weekday", "01-01-Mon", Requester("a")))
    await _until(lambda: solver.started == ["01-01-Mon"])
    hung_up = asyncio.Event()

    async def receive() -> dict[str, str]:
        await hung_up.wait()
        return {"type": "http.disconnect"}

    # the same client's second target waits for its first (one slot per client)
    leaving = asyncio.create_task(solver.solve("calendar-weekday", "01-02-Mon", Requester("a", receive)))
    await _until(lambda: solver.pending() == 2)
    hung_up.set()
    with pytest.raises(ApiError):
        await leaving  # its answer goes nowhere
    await _until(lambda: solver.pending() == 1)  # dropped from the queue
    solver.release.set()
    await running
    assert solver.started == ["01-01-Mon"]  # the abandoned target was never solved
    solver.close()


async def test_two_clients_targets_are_solved_at_once_one_clients_in_turn() -> None:
    solver = HeldSolver()
    first = asyncio.create_task(solver.solve("calendar-weekday", "01-01-Mon", Requester("a")))
    second = asyncio.create_task(solver.solve("calendar-weekday", "01-02-Mon", Requester("a")))
    other = asyncio.create_task(solver.solve("calendar-weekday", "01-03-Mon", Requester("b")))
    await _until(lambda: sorted(solver.started) == ["01-01-Mon", "01-03-Mon"])  # b did not wait for a
    solver.release.set()
    await asyncio.gather(first, second, other)
    assert sorted(solver.started) == ["01-01-Mon", "01-02-Mon", "01-03-Mon"]
    solver.close()


async def test_a_solve_whose_asker_was_told_to_come_back_goes_on() -> None:
    solver = HeldSolver(wait_seconds=0.05)
    blocking = asyncio.create_task(solver.solve("calendar-weekday", "01-01-Mon", Requester("a")))
    with pytest.raises(ApiError) as later:
        await solver.solve("calendar-weekday", "01-02-Mon", Requester("b"))
    assert later.value.status == 503 and later.value.code == "solving"
    with pytest.raises(ApiError):
        await blocking  # a's wait ran out too
    solver.release.set()
    await _until(lambda: solver.pending() == 0)
    assert sorted(solver.started) == ["01-01-Mon", "01-02-Mon"]  # both kept and solved for the retries
    solver.close()


class QueueOfThree(NoProcesses):
    """A solver whose work happens elsewhere (the solve-job queue): three targets at once."""

    targets_at_once = 3


async def test_a_solver_that_solves_elsewhere_gets_as_many_targets_at_once_as_it_takes() -> None:
    solver = HeldSolver(solver=QueueOfThree())
    asked = [
        asyncio.create_task(solver.solve("calendar-weekday", f"01-0{day}-Mon", Requester(f"client {day}")))
        for day in range(1, 5)
    ]
    await _until(lambda: len(solver.started) == 3)  # in-process, two at once (SOLVE_SLOTS)
    assert solver.pending() == 4
    solver.release.set()
    await asyncio.gather(*asked)
    assert len(solver.started) == 4
    solver.close()


class GivesUp(NoProcesses):
    """A queue solver that stopped waiting: its job failed, or no worker took it in time."""

    def ensure(self, puzzle: object, target: object) -> object:
        raise SolveUnfinished("calendar-weekday 01-01-Mon: its solve job failed")


async def test_a_solve_the_solver_gave_up_on_is_a_503_with_retry_after() -> None:
    waiter = OnDemandWaiter(GivesUp())
    with pytest.raises(ApiError) as busy:
        await waiter.solve("calendar-weekday", "01-01-mon", Requester("a"))
    assert busy.value.status == 503 and busy.value.code == "solving"
    assert busy.value.headers["Retry-After"]
    waiter.close()


# ---------------------------------------------------------------- every path counts


def budget_app(url: str, per_minute: int, **settings: str) -> TestClient:
    return TestClient(
        create_app(
            Settings(_env_file=None, DATABASE_URL=url, API_COMPUTE_PER_MINUTE=per_minute, **settings),  # type: ignore[call-arg,arg-type]
            OnDemand,
        )
    )


BOARD = "/api/v1/puzzles/calendar-dragonfjord/targets"
EMPTY_CALENDAR = "1AAAAAAAAAA"
PATHS = {
    "solutions": (f"{BOARD}/01-20/solutions", f"{BOARD}/01-21/solutions"),
    "solution image": (f"{BOARD}/01-20/solutions/1.png", f"{BOARD}/01-21/solutions/1.png"),
    "position": (f"{BOARD}/01-20/positions/{EMPTY_CALENDAR}", f"{BOARD}/01-21/positions/{EMPTY_CALENDAR}"),
    "position hint": (
        f"{BOARD}/01-20/positions/{EMPTY_CALENDAR}/hints/1.png",
        f"{BOARD}/01-21/positions/{EMPTY_CALENDAR}/hints/1.png",
    ),
}


@pytest.mark.parametrize("name", PATHS)
def test_each_uncached_answer_counts_against_the_clients_budget(sample_url: str, name: str) -> None:
    first, second = PATHS[name]
    with budget_app(sample_url, 1) as api:
        assert api.get(first).status_code == 200
        assert api.get(first).status_code in (200, 304)  # cached, or its picture unchanged: free
        refused = api.get(second)
        assert refused.status_code == 429, refused.text
        assert int(refused.headers["Retry-After"]) >= 1
        assert refused.json()["error"]["code"] == "too_many_requests"


def test_a_heatmap_that_is_not_final_counts_each_time_it_is_drawn(sample_url: str) -> None:
    """An edition solved on demand draws the dates solved so far: never cached until all are."""
    heatmap = "/api/v1/puzzles/calendar-weekday/heatmap.png?year=2026"
    with budget_app(sample_url, 1) as api:
        assert api.get(heatmap).status_code == 200
        assert api.get(heatmap).status_code == 429


def test_check_counts_when_it_must_read_a_target(sample_url: str) -> None:
    def check(target: str) -> httpx.Response:
        return api.post(
            "/api/v1/check", json={"puzzle": "calendar-dragonfjord", "target": target, "placements": []}
        )

    with budget_app(sample_url, 1) as api:
        assert check("01-20").status_code == 200
        assert check("01-20").status_code == 200  # its solutions are in memory now: free
        assert check("01-21").status_code == 429


def test_a_solve_refused_for_want_of_room_costs_nothing(
    sample_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client at its two queued solves is refused (503) without losing a minute's budget."""
    with budget_app(sample_url, 2) as api:
        solver = api.app.state.api.solver  # type: ignore[attr-defined]
        monkeypatch.setattr(solve_queue, "MAX_PENDING_PER_CLIENT", 0)  # as if two were already queued
        for day in ("01-05", "01-06", "01-07"):
            refused = api.get(f"/api/v1/puzzles/calendar-weekday/targets/{day}-mon/solutions")
            assert refused.status_code == 503 and refused.json()["error"]["code"] == "solving"
        monkeypatch.undo()
        assert solver.pending() == 0
        assert api.get(f"{BOARD}/01-20/solutions").status_code == 200  # the budget of 2 is whole
        assert api.get(f"{BOARD}/01-21/solutions").status_code == 200


def test_the_budget_is_per_client(sample_url: str) -> None:
    with budget_app(sample_url, 1) as api:
        assert api.get(PATHS["solutions"][0]).status_code == 200
    app = create_app(Settings(_env_file=None, DATABASE_URL=sample_url, API_COMPUTE_PER_MINUTE=1), OnDemand)  # type: ignore[call-arg]
    with (
        TestClient(app, client=("198.51.100.1", 1)) as one,
        TestClient(app, client=("198.51.100.2", 1)) as two,
    ):
        assert one.get(PATHS["solutions"][0]).status_code == 200
        assert two.get(PATHS["solutions"][1]).status_code == 200  # someone else's minute
        assert one.get(f"{BOARD}/01-22/solutions").status_code == 429


# ---------------------------------------------------------------- forwarded addresses


@pytest.fixture
def served(sample_url: str) -> Iterator[object]:
    servers: list[uvicorn.Server] = []

    def serve(**settings: str) -> str:
        config = Settings(_env_file=None, DATABASE_URL=sample_url, API_COMPUTE_PER_MINUTE=1, **settings)  # type: ignore[call-arg,arg-type]
        server = uvicorn.Server(
            uvicorn_config(create_app(config, OnDemand), build_parser().parse_args([]), config)
        )
        sock = listen("127.0.0.1", 0)
        threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
        servers.append(server)
        deadline = time.monotonic() + 20
        while not server.started:  # as tests.support.api_server waits for its servers
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        return f"http://127.0.0.1:{sock.getsockname()[1]}"

    yield serve
    for server in servers:
        server.should_exit = True


def test_forwarded_addresses_are_not_believed_by_default(served: object) -> None:
    url = served()  # type: ignore[operator]
    first = httpx.get(url + PATHS["solutions"][0], headers={"X-Forwarded-For": "198.51.100.1"})
    second = httpx.get(url + PATHS["solutions"][1], headers={"X-Forwarded-For": "198.51.100.2"})
    assert first.status_code == 200 and second.status_code == 429  # one client, whatever it claims


def test_forwarded_addresses_are_believed_from_the_configured_proxy(served: object) -> None:
    url = served(FORWARDED_ALLOW_IPS="127.0.0.1")  # type: ignore[operator]
    first = httpx.get(url + PATHS["solutions"][0], headers={"X-Forwarded-For": "198.51.100.1"})
    second = httpx.get(url + PATHS["solutions"][1], headers={"X-Forwarded-For": "198.51.100.2"})
    assert first.status_code == 200 and second.status_code == 200  # two clients behind the proxy
