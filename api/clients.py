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

A :class:`Budget` is the seam under every such limit: ``take(key)`` counts one use of a key and
says how long to wait when there is no room. :class:`db.rate_limits.Window` is the one kind (the
``limits`` library's moving windows, in this process's memory, or in Redis with ``REDIS_URL`` so
that every worker and machine spends one budget per client); the per-client budget above is
one, the Mini App's writes per Telegram user another (``api.routes.me``).
"""

from __future__ import annotations

import asyncio
import ipaddress
from dataclasses import dataclass
from typing import Protocol

from limits.storage import MemoryStorage, Storage
from starlette.requests import Request
from starlette.types import Receive

from api.errors import ApiError
from db.rate_limits import Rate, Window

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
    wait: float | None = None  # how long it waits for a target solved on demand (None: the server's)

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


class Budget(Protocol):
    """How often each key may do something: the one seam a shared store can fill later."""

    def take(self, key: str) -> int | None:
        """Count one use of ``key``: None when there is room, else the seconds to wait (a refused
        use is not counted)."""
        ...  # pragma: no cover


def too_many(wait: int, message: str) -> ApiError:
    """The 429 of a budget used up: ``Retry-After`` says when there is room again."""
    return ApiError(429, "too_many_requests", message, headers={"Retry-After": str(wait)})


class ClientBudget:
    """Computations each client started over the last minute (in ``storage``: shared with Redis)."""

    def __init__(
        self, per_minute: int, refusal_delay: float | None = None, storage: Storage | None = None
    ) -> None:
        self._per_minute = per_minute
        self._refusal_delay = REFUSAL_DELAY if refusal_delay is None else refusal_delay
        self._delayed_refusals = 0
        self._window = Window(storage or MemoryStorage(), "compute", Rate(per_minute, 60))

    def spend(self, client: str) -> None:
        """Count one computation for ``client``; 429 (with Retry-After) when its minute is used up."""
        wait = self._window.take(client)
        if wait is not None:
            raise too_many(
                wait, f"at most {self._per_minute} uncached answers a minute per client; try again later"
            )

    def refund(self, client: str) -> None:
        """Give back the computation last counted for ``client`` (it was refused before it started)."""
        self._window.refund(client)

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
