"""Who is asking, and how much computing they may start: one budget for every uncached path.

A client is its address as uvicorn reports it: the peer's own address, or the one a
*trusted* proxy forwarded (``FORWARDED_ALLOW_IPS``; no proxy is trusted by default, so an
``X-Forwarded-For`` header from anyone else changes nothing). IPv6 clients are grouped by
their /64 network: one host there owns billions of addresses.

:class:`ClientBudget` counts the computations each client started over the last minute:
an uncached daily date, position, hint, solution page or image, a heatmap render, a target
solved on demand, a ``/check`` or ``/me`` analysis that had to load a target's solutions.
Answers already cached cost nothing. Beyond ``API_COMPUTE_PER_MINUTE`` the answer is 429
with ``Retry-After``, given after :data:`REFUSAL_DELAY` seconds (at most
:data:`MAX_DELAYED_REFUSALS` held at once): a client that ignores ``Retry-After`` then
costs one sleeping coroutine per connection, not a busy event loop.
"""

from __future__ import annotations

import asyncio
import ipaddress
import threading
import time
from collections import OrderedDict, deque
from dataclasses import dataclass

from starlette.requests import Request
from starlette.types import Receive

from api.errors import ApiError

MAX_CLIENTS = 10_000
REFUSAL_DELAY = 1.0
MAX_DELAYED_REFUSALS = 256
IPV6_GROUP_BITS = 64
UNKNOWN_CLIENT = "unknown"


def client_key(host: str | None) -> str:
    """The budget key of an address: IPv4 as it is, IPv6 by its /64, anything else verbatim."""
    if not host:
        return UNKNOWN_CLIENT
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host  # not an address (a test client's name, a Unix socket)
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_GROUP_BITS), strict=False))
    return str(address)


@dataclass(frozen=True)
class Requester:
    """One request's client, and a way to notice that it hung up (to drop work no one waits for)."""

    key: str
    receive: Receive | None = None

    async def left(self) -> None:
        """Return once the client has disconnected (never, without a connection to watch)."""
        if self.receive is None:
            await asyncio.Event().wait()
            return
        while (await self.receive())["type"] != "http.disconnect":
            pass


def requester(request: Request) -> Requester:
    """The client of ``request`` (its connection watched for a hang-up)."""
    return Requester(client_key(request.client.host if request.client else None), request.receive)


class ClientBudget:
    """Computations each client started over the last minute (memory bounded by :data:`MAX_CLIENTS`)."""

    def __init__(self, per_minute: int, refusal_delay: float | None = None) -> None:
        self._per_minute = per_minute
        self._refusal_delay = REFUSAL_DELAY if refusal_delay is None else refusal_delay
        self._delayed_refusals = 0
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def spend(self, client: str) -> None:
        """Count one computation for ``client``; 429 (with Retry-After) when its minute is used up."""
        now = time.monotonic()
        with self._lock:
            started = self._seen.setdefault(client, deque())
            self._seen.move_to_end(client)
            while started and now - started[0] > 60:
                started.popleft()
            while len(self._seen) > MAX_CLIENTS:
                self._seen.popitem(last=False)
            if len(started) >= self._per_minute:
                wait = max(1, int(60 - (now - started[0])) + 1)
                raise ApiError(
                    429,
                    "too_many_requests",
                    f"at most {self._per_minute} uncached answers a minute per client; try again later",
                    headers={"Retry-After": str(wait)},
                )
            started.append(now)

    def refund(self, client: str) -> None:
        """Give back the computation last counted for ``client`` (it was refused before it started)."""
        with self._lock:
            started = self._seen.get(client)
            if started:
                started.pop()

    async def admit(self, who: Requester | None) -> None:
        """Spend one computation of ``who`` (nothing for the server's own work); a refusal comes late."""
        if who is None:
            return
        try:
            self.spend(who.key)
        except ApiError:
            await self.hold_refusal()
            raise

    async def hold_refusal(self) -> None:
        """Answer a refusal late, so a client that ignores Retry-After cannot spin the event loop."""
        if self._delayed_refusals >= MAX_DELAYED_REFUSALS:
            return
        self._delayed_refusals += 1
        try:
            await asyncio.sleep(self._refusal_delay)
        finally:
            self._delayed_refusals -= 1
