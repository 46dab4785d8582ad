"""Mini App sign-in for the tests: init data signed as Telegram signs it."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta
from urllib.parse import urlencode

from api.telegram_auth import sign

TOKEN = "123456789:AAH-fake-token-for-tests-0123456789abc"


def init_data(
    user_id: int = 77,
    *,
    token: str = TOKEN,
    age: timedelta = timedelta(minutes=1),
    signed_at: datetime | None = None,
) -> str:
    """Init data as Telegram signs it for a Mini App opened by ``user_id``, ``age`` ago (or at
    ``signed_at``)."""
    moment = signed_at.timestamp() if signed_at is not None else time.time() - age.total_seconds()
    fields = {
        "auth_date": str(int(moment)),
        "query_id": "AAF-test",
        "user": json.dumps({"id": user_id, "first_name": "Ada", "language_code": "en"}),
    }
    return urlencode({**fields, "hash": sign(fields, token)})
