"""The web board's visitors without an account (``web_players``) and the server's own secrets
(``server_secrets``).

A web player's id in the tables keyed by user id (solves, player_days, saved_positions…) is
``WEB_PLAYER_BASE + row id``: above every Telegram user id (they fit in 52 bits) and every chat
id (negative), so the two kinds never meet in one key.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.chat_moves import move_person
from db.models import ServerSecretRow, WebPlayerRow
from db.moments import aware, utc
from db.statements import insert_ignoring_conflicts

WEB_PLAYER_BASE = 2**53


@dataclass(frozen=True)
class WebPlayer:
    """A web visitor as stored: ``id`` is their player id (``WEB_PLAYER_BASE`` + row id); ``None``
    settings were never chosen; ``linked_user``: the Telegram user they became."""

    id: int
    created_at: datetime
    timezone: str | None = None
    edition: str | None = None
    faceup: bool = False
    language: str | None = None
    linked_user: int | None = None


def is_web_player(player_id: int) -> bool:
    """Whether a player id is a web visitor's (else a Telegram user's or a chat's)."""
    return player_id > WEB_PLAYER_BASE


def _player(row: WebPlayerRow) -> WebPlayer:
    created = aware(row.created_at)
    assert created is not None
    return WebPlayer(
        WEB_PLAYER_BASE + row.id,
        created,
        row.timezone,
        row.edition,
        bool(row.faceup),
        row.language,
        row.linked_user,
    )


def _row(session: Session, player_id: int) -> WebPlayerRow | None:
    return session.get(WebPlayerRow, player_id - WEB_PLAYER_BASE) if is_web_player(player_id) else None


def create(*, session: Session, now: datetime) -> WebPlayer:
    """A new web player, with no setting chosen."""
    row = WebPlayerRow(created_at=utc(now), last_seen_at=utc(now), faceup=False)
    session.add(row)
    session.flush()
    return _player(row)


def get(*, session: Session, player_id: int) -> WebPlayer | None:
    """The web player of this player id; None when there is none (or it is no web player's id)."""
    row = _row(session, player_id)
    return None if row is None else _player(row)


def seen(*, session: Session, player_id: int, now: datetime) -> None:
    """The player came back now."""
    row = _row(session, player_id)
    if row is not None:
        row.last_seen_at = utc(now)


def choose(
    *,
    session: Session,
    player_id: int,
    timezone: str | None = None,
    edition: str | None = None,
    faceup: bool | None = None,
    language: str | None = None,
) -> WebPlayer:
    """Store the settings given (None: unchanged; the caller checked them). LookupError when
    there is no such web player."""
    row = _row(session, player_id)
    if row is None:
        raise LookupError(player_id)
    for name, value in (
        ("timezone", timezone),
        ("edition", edition),
        ("faceup", faceup),
        ("language", language),
    ):
        if value is not None:
            setattr(row, name, value)
    return _player(row)


def link(*, session: Session, player_id: int, user_id: int) -> bool:
    """The web player is the Telegram user ``user_id``: their solves, days and saved boards move
    to the user where the user has none of the same key (the merge of ``db.chat_moves``), and from
    now on the player resolves to the user. False when there was nothing to link (no such player,
    or linked already)."""
    row = _row(session, player_id)
    if row is None or row.linked_user is not None:
        return False
    move_person(session=session, old_id=player_id, new_id=user_id)
    row.linked_user = user_id
    return True


def server_secret(*, session: Session, name: str) -> str:
    """The server's secret ``name``: made (32 random bytes, hex) the first time it is asked for;
    when two workers make it at once, the first write wins and both read it."""
    found = session.scalar(select(ServerSecretRow.value).where(ServerSecretRow.name == name))
    if found is not None:
        return found
    made = {"name": name, "value": secrets.token_hex(32)}
    session.execute(insert_ignoring_conflicts(session, ServerSecretRow, "name").values(made))
    stored = session.scalar(select(ServerSecretRow.value).where(ServerSecretRow.name == name))
    assert stored is not None
    return stored
