"""Pure ASGI middleware (cheaper than Starlette's BaseHTTPMiddleware): a body size limit, HEAD as GET,
security headers, relative redirects, gzip, a request rate per client."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.caching import body_bytes
from api.clients import client_key
from api.errors import error_response
from api.token_buckets import TokenBuckets
from hints.cache import BoundedCache

# How long a refused request waits for its 429 (at most its Retry-After): a second.
REFUSAL_PAUSE_SECONDS = 1.0
# What a request costs of its client's request rate, by method: a POST is never answered from a
# cache (an analysed position, a check, a write). A warm position's analysis took 2.25 times the
# server's CPU time of a cached answer (3.6 ms against 1.6 ms) in one block of the event loop;
# charged 2, a flood of them still doubled today's p99 (docs/benchmarks.md, the cost model).
REQUEST_COSTS = {"POST": 3.0}


class BodySizeLimit:
    """413 for a body over the limit, declared (``Content-Length``) or streamed (chunked).

    The body is passed on as the app reads it (so a route may refuse a request
    before reading its body at all, as the webhook does with a wrong secret).
    Once more than the limit has arrived the app is told the client went away,
    and whatever it answers is replaced by the 413: no route or body parser
    can turn an oversized body into a 400 or a 500.
    """

    def __init__(self, app: ASGIApp, max_bytes: int, larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.larger = larger or {}  # paths allowed a larger body, and their limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope["path"], self.max_bytes)
        too_large = error_response(413, "payload_too_large", f"request body over {limit} bytes")
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await too_large(scope, receive, send)
            return
        guard = _Guard(limit, receive, send)
        try:
            await self.app(scope, guard.receive, guard.send)
        except Exception:
            if not guard.over:
                raise
        if guard.over and not guard.answered:
            guard.answered = True
            await too_large(scope, receive, send)


class _Guard:
    """Counts the body as the app receives it; past the limit, fakes a disconnect and mutes the app."""

    def __init__(self, limit: int, receive: Receive, send: Send) -> None:
        self.limit, self._receive, self._send = limit, receive, send
        self.size = 0
        self.over = False
        self.answered = False

    async def receive(self) -> Message:
        if self.over:
            return {"type": "http.disconnect"}
        message = await self._receive()
        self.size += len(message.get("body", b""))
        if self.size > self.limit:
            self.over = True
            return {"type": "http.disconnect"}
        return message

    async def send(self, message: Message) -> None:
        if self.over:
            return
        if message["type"] == "http.response.start":
            self.answered = True  # too late for a 413 if the body turns out too large afterwards
        await self._send(message)


class HeadAsGet:
    """Answers HEAD like GET without the body (FastAPI routes only declare GET)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, without_body)


class RequestRate:
    """At most ``per_second`` requests a second per client on average (three seconds' worth at
    once; a POST counts as ``costs["POST"]``), counted before any other work: beyond it 429 with
    ``Retry-After``. Even answers cached for everyone take the event loop's time, so a client
    asking hundreds a second for them would slow everyone's. Counted in this process's memory (a
    check per request must not wait for the network); the paths in ``exempt`` (Telegram's webhook,
    the health check) are not counted. The counter is a token bucket per client
    (:mod:`api.token_buckets`): one lookup.

    A refusal is sent after a pause of ``pause`` seconds (never longer than the ``Retry-After`` it
    carries): a connection waits, the event loop does not (the pause is a timer). A flooder then
    gets one refusal per connection per pause instead of thousands a second, each of which took
    the event loop's time from everyone else (docs/benchmarks.md, the cost model)."""

    def __init__(
        self,
        app: ASGIApp,
        per_second: int,
        exempt: tuple[str, ...] = (),
        clock: Callable[[], float] = time.monotonic,
        pause: float = REFUSAL_PAUSE_SECONDS,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        in_flight: int = 0,
        costs: dict[str, float] = REQUEST_COSTS,
    ) -> None:
        self.app = app
        self.exempt = exempt
        self.costs = costs
        self.buckets = TokenBuckets(per_second, 3 * per_second, clock=clock)
        self.pause = pause
        self.sleep = sleep
        self.turns = ClientTurns(in_flight) if in_flight > 0 else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in self.exempt:
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        key = client_key(client[0] if client else None)
        wait = self.buckets.take(key, self.costs.get(scope["method"], 1.0))
        if wait is None:
            if self.turns is None:
                await self.app(scope, receive, send)
            else:
                async with self.turns.of(key):
                    await self.app(scope, receive, send)
            return
        if self.pause > 0:
            await self.sleep(min(self.pause, wait))
        await _refuse(send, wait)


class ClientTurns:
    """At most ``in_flight`` requests of one client handled at once; its others wait their turn
    (a lock's queue, not the event loop's time). Without it a client's burst of requests arrived
    together and was handled back to back, everyone else's answers waiting behind all of it."""

    def __init__(self, in_flight: int) -> None:
        self.in_flight = in_flight
        self._gates: dict[str, tuple[asyncio.Semaphore, list[int]]] = {}

    @contextlib.asynccontextmanager
    async def of(self, key: str) -> AsyncIterator[None]:
        gate, users = self._gates.setdefault(key, (asyncio.Semaphore(self.in_flight), [0]))
        users[0] += 1
        try:
            async with gate:
                yield
        finally:
            users[0] -= 1
            if not users[0]:  # nobody in or waiting: forgotten (clients come and go)
                del self._gates[key]

    def __len__(self) -> int:
        return len(self._gates)


# Built once: a refusal is the cheapest answer there is, since a flooder is sent thousands of them.
_REFUSAL = error_response(429, "too_many_requests", "too many requests; try again later")


async def _refuse(send: Send, wait: int) -> None:
    """429 with ``Retry-After: wait`` and the same JSON error body as every other refusal."""
    headers = [*_REFUSAL.raw_headers, (b"retry-after", str(wait).encode())]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": _REFUSAL.body})


DEFAULT_HTML_POLICY = "default-src 'self'; base-uri 'none'; frame-ancestors 'none'"


class SecurityHeaders:
    """On every response: ``nosniff`` and a Referrer-Policy; on HTML without its own, a strict CSP."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                if b"x-content-type-options" not in names:
                    headers.append((b"x-content-type-options", b"nosniff"))
                if b"referrer-policy" not in names:
                    headers.append((b"referrer-policy", b"strict-origin-when-cross-origin"))
                content_type = dict(headers).get(b"content-type", b"")
                if content_type.startswith(b"text/html") and b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", DEFAULT_HTML_POLICY.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


class RelativeRedirects:
    """Redirects name a path, never the Host header the client sent: Starlette's trailing-slash
    redirect builds an absolute URL from it, so any host a client claimed came back in
    ``Location``. A location on another host than the request's is left as it is."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1")

        async def relative(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (name, location_path(value, host) if name.lower() == b"location" else value)
                    for name, value in message.get("headers", [])
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, relative)


def location_path(location: bytes, host: str) -> bytes:
    """``location`` without its scheme and host when the host is the request's."""
    parts = urlsplit(location.decode("latin-1"))
    if not parts.netloc or parts.netloc != host:
        return location
    path = "/" + parts.path.lstrip("/")  # never "//other.host/...": a browser reads that as a host
    return (path + (f"?{parts.query}" if parts.query else "")).encode("latin-1")


COMPRESSIBLE = (b"text/", b"application/json", b"application/javascript", b"image/svg+xml")


class Compress:
    """gzip for text bodies (HTML, CSS, JavaScript, JSON, SVG, plain text) of at least
    ``minimum_size`` bytes, for clients that accept it; images and streamed bodies pass as they are.

    The ETag stays the content's (conditional requests compare it weakly), and ``Vary:
    Accept-Encoding`` keeps a shared cache's copies of the two encodings apart. Bodies with an ETag
    are compressed once (a bounded cache by ETag): the static files and the cached JSON cost one
    dictionary lookup after the first time.
    """

    def __init__(
        self, app: ASGIApp, minimum_size: int = 1024, level: int = 6, cached_bytes: int = 32 << 20
    ) -> None:
        self.app = app
        self.minimum_size = minimum_size
        self.level = level
        self._compressed: BoundedCache[bytes, bytes] = BoundedCache(cached_bytes, body_bytes)

    def _gzip(self, body: bytes, etag: bytes | None) -> bytes:
        compress = lambda: gzip.compress(body, self.level, mtime=0)  # noqa: E731
        return compress() if etag is None else self._compressed.get_or_compute(etag, compress)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_headers = Headers(scope=scope)
        if "gzip" not in request_headers.get("accept-encoding", "").lower():
            await self.app(scope, receive, send)
            return
        held: Message | None = None

        async def compressing(message: Message) -> None:
            nonlocal held
            if message["type"] == "http.response.start":
                held = message
                return
            if message["type"] != "http.response.body" or held is None:
                await send(message)
                return
            start, held = held, None
            headers = MutableHeaders(raw=list(start.get("headers", [])))
            body = message.get("body", b"")
            kind = headers.get("content-type", "").encode("latin-1")
            if kind.startswith(COMPRESSIBLE) and "content-encoding" not in headers:
                headers.add_vary_header("Accept-Encoding")
                if not message.get("more_body", False) and len(body) >= self.minimum_size:
                    etag = headers.get("etag")
                    body = self._gzip(body, etag.encode("latin-1") if etag else None)
                    headers["content-encoding"] = "gzip"
                    headers["content-length"] = str(len(body))
                    message = {**message, "body": body}
            await send({**start, "headers": headers.raw})
            await send(message)

        await self.app(scope, receive, compressing)
