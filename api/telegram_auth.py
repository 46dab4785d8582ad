"""Telegram Mini App sign-in: ``Authorization: tma <initData>``, validated exactly as Telegram documents.

The data-check string is every received field except ``hash``, as
``key=value`` lines sorted by key; the secret key is HMAC-SHA256 of the bot
token keyed with ``"WebAppData"``; the hash is the hex HMAC-SHA256 of the
data-check string under that key. ``auth_date`` must be at most 24 hours old, and
comes with the user (``signed_at``): a write to a player's day must be signed on that
day too (``hints.game``). Neither the init data nor the token is ever logged or echoed
in an error.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qsl

SCHEME = "tma"
MAX_AGE = timedelta(hours=24)
CLOCK_SKEW = timedelta(minutes=5)


class InitDataError(ValueError):
    """Why a Mini App request is not signed in; the message is safe to show (it quotes nothing)."""

    code = "unauthorized"


class SessionExpired(InitDataError):
    """A genuine sign-in, more than 24 hours old: the person should reopen the board from the bot."""

    code = "session_expired"


@dataclass(frozen=True)
class TelegramUser:
    """The person a valid sign-in names, and when Telegram signed it (its ``auth_date``)."""

    id: int
    first_name: str
    signed_at: datetime


def secret_key(bot_token: str) -> bytes:
    return hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()


def sign(fields: dict[str, str], bot_token: str) -> str:
    """The hash Telegram would put on these fields (used to check them, and by tests to make them)."""
    check = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    return hmac.new(secret_key(bot_token), check.encode(), hashlib.sha256).hexdigest()


def _fields(init_data: str) -> dict[str, str]:
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise InitDataError("the Mini App init data is not a query string") from None
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise InitDataError("the Mini App init data repeats a field")
    return fields


def _signed_at(fields: dict[str, str], now: datetime) -> datetime:
    """When the init data was signed; InitDataError when that is missing, too old or to come."""
    try:
        signed = datetime.fromtimestamp(int(fields["auth_date"]), UTC)
    except (KeyError, ValueError, OverflowError):
        raise InitDataError("the Mini App init data has no valid auth_date") from None
    if now - signed > MAX_AGE:
        raise SessionExpired("the Mini App session is more than 24 hours old; reopen the board from the bot")
    if signed - now > CLOCK_SKEW:
        raise InitDataError("the Mini App init data is dated in the future")
    return signed


MAX_USER_ID = 2**63 - 1  # the store's BIGINT; Telegram's ids use at most 52 bits


def _user(fields: dict[str, str], signed_at: datetime) -> TelegramUser:
    """The user the init data names; InitDataError for anything else (a list, an id that is no
    positive 64-bit number, JSON nested too deep to read)."""
    try:
        user = json.loads(fields["user"])
        found = TelegramUser(int(user["id"]), str(user.get("first_name", "")), signed_at)
    except (KeyError, ValueError, TypeError, AttributeError, RecursionError):
        raise InitDataError("the Mini App init data names no Telegram user") from None
    if not 0 < found.id <= MAX_USER_ID:
        raise InitDataError("the Mini App init data names no Telegram user")
    return found


def validate_init_data(init_data: str, bot_token: str, now: datetime | None = None) -> TelegramUser:
    """The signed-in Telegram user; InitDataError when the data is missing, forged or stale."""
    fields = _fields(init_data)
    received = fields.pop("hash", "")
    # bytes: compare_digest refuses str with characters beyond ASCII (a TypeError, so a 500)
    if not received or not hmac.compare_digest(received.encode(), sign(fields, bot_token).encode()):
        raise InitDataError("the Mini App init data is not signed by this bot")
    return _user(fields, _signed_at(fields, now or datetime.now(UTC)))


def init_data_from_header(header: str | None) -> str:
    """The init data of an ``Authorization: tma <initData>`` header; InitDataError otherwise."""
    if not header:
        raise InitDataError("sign in through Telegram: send Authorization: tma <initData>")
    scheme, _, data = header.partition(" ")
    if scheme.lower() != SCHEME or not data.strip():
        raise InitDataError("the Authorization header must be 'tma <initData>'")
    return data.strip()
