"""Response bodies cached in process, with strong ETags and conditional GETs.

A :class:`Payload` is a finished response body (bytes, media type, ETag). The
expensive ones (rendered PNGs, the daily JSON) live in a bounded
:class:`LruCache`, so a hot request is a dictionary lookup and a write.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, TypeVar

from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

PNG = "image/png"
JSON = "application/json"
TEXT = "text/plain; charset=utf-8"
HTML = "text/html; charset=utf-8"

IMMUTABLE = "public, max-age=31536000, immutable"
STABLE = "public, max-age=86400"  # dated JSON: fixed unless the store is recomputed
SHORT = "public, max-age=60"  # "today" and catalog summaries


class Media(StrEnum):
    """What a resource is served as, by the suffix of its path (JSON has none)."""

    JSON = "json"
    PNG = "png"
    TEXT = "txt"


@dataclass(frozen=True)
class Payload:
    body: bytes
    media_type: str
    etag: str = field(init=False)

    def __post_init__(self) -> None:
        digest = hashlib.blake2b(self.body, digest_size=16).hexdigest()
        object.__setattr__(self, "etag", f'"{digest}"')

    @classmethod
    def json(cls, model: BaseModel) -> Payload:
        return cls(model.model_dump_json().encode(), JSON)

    @classmethod
    def text(cls, text: str) -> Payload:
        return cls(text.encode(), TEXT)

    @classmethod
    def html(cls, text: str) -> Payload:
        return cls(text.encode(), HTML)

    @classmethod
    def png(cls, data: bytes) -> Payload:
        return cls(data, PNG)


def etag_matches(header: str | None, etag: str) -> bool:
    """Whether an ``If-None-Match`` header names ``etag`` (weak comparison, as RFC 9110 asks)."""
    if not header:
        return False
    if header.strip() == "*":
        return True
    wanted = etag.removeprefix("W/")
    return any(tag.strip().removeprefix("W/") == wanted for tag in header.split(","))


def send(
    request: Request, payload: Payload, cache_control: str, headers: Mapping[str, str] | None = None
) -> Response:
    """The payload with its ETag and Cache-Control (and ``headers``), or 304 when the client already
    has it."""
    headers = {**(headers or {}), "ETag": payload.etag, "Cache-Control": cache_control}
    if etag_matches(request.headers.get("if-none-match"), payload.etag):
        return Response(status_code=304, headers=headers)
    return Response(payload.body, media_type=payload.media_type, headers=headers)


class LruCache(Generic[K, V]):
    """A thread-safe LRU bounded by entry count and by total size (``size_of`` each value)."""

    def __init__(self, max_entries: int, max_size: int, size_of: Callable[[V], int] = lambda _: 1) -> None:
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self._max_entries = max_entries
        self._max_size = max_size
        self._size_of = size_of
        self._size = 0

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._size -= self._size_of(old)
            self._entries[key] = value
            self._size += self._size_of(value)
            while self._entries and (len(self._entries) > self._max_entries or self._size > self._max_size):
                _, evicted = self._entries.popitem(last=False)
                self._size -= self._size_of(evicted)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._size = 0

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def size(self) -> int:
        return self._size


class PayloadStore:
    """Finished payloads by key; a miss is produced in a worker thread so the event loop never blocks.

    Two concurrent misses of one key may both produce it; producing is
    deterministic, so the second result simply replaces the first.
    """

    def __init__(self, max_entries: int = 4096, max_bytes: int = 64 * 1024 * 1024) -> None:
        self._cache: LruCache[Hashable, Payload] = LruCache(max_entries, max_bytes, lambda p: len(p.body))

    def get(self, key: Hashable) -> Payload | None:
        return self._cache.get(key)

    def put(self, key: Hashable, payload: Payload) -> None:
        self._cache.put(key, payload)

    async def fetch(self, key: Hashable, produce: Callable[[], Payload]) -> Payload:
        found = self._cache.get(key)
        if found is None:
            found = await run_in_threadpool(produce)
            self._cache.put(key, found)
        return found

    def clear(self) -> None:
        """Forget every payload (they are made again when asked for)."""
        self._cache.clear()

    def __len__(self) -> int:
        return len(self._cache)
