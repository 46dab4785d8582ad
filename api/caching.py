"""Response bodies cached in process, with strong ETags and conditional GETs.

A :class:`Payload` is a finished response body (bytes, media type, ETag). The
expensive ones (rendered PNGs, the daily JSON, the pages) live in a
:class:`PayloadStore` (the one :class:`~hints.cache.BoundedCache`, bounded by
bytes), so a hot request is a dictionary lookup and a write.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field

from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from hints.cache import BoundedCache

PNG = "image/png"
JSON = "application/json"
TEXT = "text/plain; charset=utf-8"
HTML = "text/html; charset=utf-8"

IMMUTABLE = "public, max-age=31536000, immutable"
STABLE = "public, max-age=86400"  # dated JSON: fixed unless the store is recomputed
SHORT = "public, max-age=60"  # "today" and catalog summaries


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


ENTRY_BYTES = 512  # what a cached body costs beside its bytes: the key, the Payload, its ETag


def payload_bytes(payload: Payload) -> int:
    """What a payload holds in memory, about: its body and :data:`ENTRY_BYTES`."""
    return len(payload.body) + ENTRY_BYTES


def body_bytes(body: bytes) -> int:
    """What a cached body (a compressed one) holds in memory, about."""
    return len(body) + ENTRY_BYTES


class PayloadStore(BoundedCache[Hashable, Payload]):
    """Finished payloads by key, bounded by bytes (:func:`payload_bytes`); a miss is produced once
    however many ask for it at the same time, in a worker thread so the event loop never blocks."""

    def __init__(self, max_bytes: int = 64 << 20) -> None:
        super().__init__(max_bytes, payload_bytes)

    async def fetch(self, key: Hashable, produce: Callable[[], Payload]) -> Payload:
        """The payload under ``key``, or ``produce()`` (in a worker thread) kept there."""
        return await self.get_or_compute_async(key, lambda: run_in_threadpool(produce))
