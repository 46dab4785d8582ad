"""Telegram file ids of uploaded images by image key (``telegram_files``): an image is uploaded
once, then sent by its id."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlalchemy.orm import Session

from db.models import FileIdRow
from db.moments import utc
from db.statements import upsert


def get_file_id(*, session: Session, key: str) -> str | None:
    row = session.get(FileIdRow, key)
    return None if row is None else row.file_id


def save_file_id(*, session: Session, key: str, file_id: str, now: datetime) -> None:
    upsert(session, FileIdRow, ("key",), {"key": key, "file_id": file_id, "stored_at": utc(now)})


def forget_file_id(*, session: Session, key: str) -> None:
    session.execute(delete(FileIdRow).where(FileIdRow.key == key))
