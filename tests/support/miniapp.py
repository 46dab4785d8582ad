"""Mini App sign-in for the tests: init data signed as Telegram signs it."""

from __future__ import annotations

import json
import time
from datetime import timedelta
from urllib.parse import urlencode

from api.telegram_auth import sign

TOKEN = "123456789:AAH-fake-token-for-tests-0123456789abc"


def init_data(user_id: int = 77, *, token: str = TOKEN, age: timedelta = timedelta(minutes=1)) -> str:
    """Init data as Telegram signs it for a Mini App opened by ``user_id``."""
    fields = {
        "auth_date": str(int(time.time() - age.total_seconds())),
        "query_id": "AAF-test",
        "user": json.dumps({"id": user_id, "first_name": "Ada", "language_code": "en"}),
    }
    return urlencode({**fields, "hash": sign(fields, token)})
