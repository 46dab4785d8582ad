"""Telegram file ids on both databases: saved once per image key, replaced, forgotten."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.orm import Session, sessionmaker

from db import file_ids
from db.models import FileIdRow

NOW = datetime(2026, 1, 25, 7, 0, tzinfo=UTC)
KEY = "calendar:2026-01-25:stage0"


def test_a_file_id_is_replaced_by_a_newer_upload_and_forgotten(sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as session:
        assert file_ids.get_file_id(session=session, key=KEY) is None
        file_ids.save_file_id(session=session, key=KEY, file_id="first", now=NOW)
    with sessions.begin() as session:  # a second upload of the same image (a concurrent sender's)
        file_ids.save_file_id(session=session, key=KEY, file_id="second", now=NOW)
    with sessions() as session:
        assert file_ids.get_file_id(session=session, key=KEY) == "second"
        row = session.get(FileIdRow, KEY)
        assert row is not None and row.stored_at is not None
    with sessions.begin() as session:
        file_ids.forget_file_id(session=session, key=KEY)
        file_ids.forget_file_id(session=session, key="never-stored")  # nothing to forget: no error
    with sessions() as session:
        assert file_ids.get_file_id(session=session, key=KEY) is None
