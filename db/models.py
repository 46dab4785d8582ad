"""SQLAlchemy 2 typed models of the solution store."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from enum import StrEnum

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


# The solve-job queue's tables (procrastinate's, PostgreSQL only: migration 0021) have no models.
QUEUE_TABLE_PREFIX = "procrastinate_"


def is_modelled(name: str | None, type_: str, _parent_names: object) -> bool:
    """Whether Alembic's comparison of the models with a database looks at this table (an
    ``include_name`` hook): every table but the solve-job queue's."""
    return not (type_ == "table" and name is not None and name.startswith(QUEUE_TABLE_PREFIX))


class DeliveryStatus(StrEnum):
    """Where a daily post is in the outbox (stored as its value)."""

    DUE = "due"
    SENDING = "sending"
    SENT = "sent"
    FAILED = "failed"


class PuzzleRow(Base):
    """A catalog puzzle as last precomputed; ``fingerprint`` detects a changed definition."""

    __tablename__ = "puzzles"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    lattice: Mapped[str] = mapped_column(String(16))
    fingerprint: Mapped[str] = mapped_column(String(64))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


def new_generation() -> str:
    """A fresh target generation: 32 random hex digits."""
    return uuid.uuid4().hex


class TargetRow(Base):
    """One fully enumerated target. Its presence means all its solutions are stored.

    ``generation`` is drawn anew each time the target is stored, so a hint-cache write computed
    from an earlier storing finds it changed and is dropped (SQLite may give the new row the old
    row's id). NULL on rows stored before revision 0014, which count as ``legacy-ID``
    (see :func:`db.repository.target_key`).
    """

    __tablename__ = "targets"
    __table_args__ = (UniqueConstraint("puzzle_id", "name", name="uq_targets_puzzle_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    puzzle_id: Mapped[str] = mapped_column(ForeignKey("puzzles.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    is_real: Mapped[bool] = mapped_column(Boolean, default=True)
    solution_count: Mapped[int] = mapped_column(Integer)
    seconds: Mapped[float] = mapped_column(Float)
    computed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    generation: Mapped[str | None] = mapped_column(String(32), nullable=True, default=new_generation)


class SolutionSetRow(Base):
    """Every solution of one target in one packed value (no row when the target has none).

    A solution is encoded as one piece letter per board cell ('.' = uncovered); ``data`` holds
    the target's encodings in ordinal order, packed as ``codec`` says (see
    :func:`db.repository.pack_encodings`). One row per target, not per solution, since revision
    0010: the weekday editions have millions of solutions, about 9 bytes each packed, 87 as rows.
    """

    __tablename__ = "solutions"

    target_id: Mapped[int] = mapped_column(
        ForeignKey("targets.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    codec: Mapped[int] = mapped_column(SmallInteger)
    data: Mapped[bytes] = mapped_column(LargeBinary)


class HintCacheRow(Base):
    """Computed hint stages for one featured solution, so repeat requests are plain reads.

    Shown placements are stored in the solution encoding with '.' for cells not shown.
    """

    __tablename__ = "hint_cache"
    __table_args__ = (UniqueConstraint("target_id", "ordinal", name="uq_hint_cache_target_ordinal"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    target_id: Mapped[int] = mapped_column(ForeignKey("targets.id", ondelete="CASCADE"), index=True)
    ordinal: Mapped[int] = mapped_column(Integer)
    preplaced: Mapped[str] = mapped_column(String(256))
    stage1: Mapped[str] = mapped_column(String(256))
    stage2: Mapped[str] = mapped_column(String(256))
    remaining1: Mapped[int] = mapped_column(Integer)
    remaining2: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)


class ChatRow(Base):
    """A Telegram chat the bot talks to: its settings and daily-post subscription."""

    __tablename__ = "chats"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(16))  # private, group, supergroup, channel
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    timezone: Mapped[str | None] = mapped_column(String(64), nullable=True)
    edition: Mapped[str | None] = mapped_column(String(64), nullable=True)  # NULL: the default calendar
    faceup: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # /faceup on
    # Telegram's language_code of the chat's person: a private chat's user (kept up to date), or the
    # admin who subscribed a group; the daily post's language when the chat chose none (/language).
    telegram_language: Mapped[str | None] = mapped_column(String(16), nullable=True)
    subscribed: Mapped[bool] = mapped_column(Boolean, default=False)
    post_time: Mapped[str] = mapped_column(String(5), default="08:00")
    subscribed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # When the dispatcher must look at this chat next (at or before its next post); NULL: not subscribed.
    next_post_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    # The settings someone chose here, comma-separated (db.chats.CHOSEN): a choice of a default
    # value counts too, so a supergroup's choices win over its group's when they merge.
    chosen: Mapped[str] = mapped_column(String(64), default="", server_default="")


class HintProgressRow(Base):
    """Which puzzle a user in a chat is on, and how far through its hints.

    In a private chat, ``group_id`` is the group whose 'Hints in private' link opened that day's
    puzzles there, with the group's calendar edition and face-up mode then (NULL: none did).
    """

    __tablename__ = "hint_progress"

    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(16))  # calendar or pentomino
    day: Mapped[date] = mapped_column(Date)
    stage: Mapped[int] = mapped_column(Integer, default=0)
    another: Mapped[int] = mapped_column(Integer, default=0)
    opened_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    group_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    group_edition: Mapped[str | None] = mapped_column(String(64), nullable=True)  # NULL: the default
    group_faceup: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class SolveRow(Base):
    """A user solved a daily puzzle (the first report counts), reported in ``chat_id``."""

    __tablename__ = "solves"
    __table_args__ = (Index("ix_solves_chat_day", "chat_id", "day"),)

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)  # calendar or pentomino
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger)
    first_name: Mapped[str] = mapped_column(String(64))
    hints: Mapped[int] = mapped_column(Integer)  # hint stages seen before solving (0-3)
    seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)  # since first opened, if known
    solved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # solved on the puzzle's own (local) day: only those make a streak
    on_day: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())


class SolveGroupRow(Base):
    """A group a solve counts for besides the chat it was reported in (``solves.chat_id``): one where
    it was reported again, or whose 'Hints in private' link opened the puzzle it was solved from."""

    __tablename__ = "solve_groups"
    __table_args__ = (Index("ix_solve_groups_chat_day", "chat_id", "day"),)

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)


class PlayerDayRow(Base):
    """A person's day with one puzzle variant: the highest hint stage seen on each ladder, and when
    it was first opened (``user_id``: a Telegram user, or the chat someone posted as)."""

    __tablename__ = "player_days"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    puzzle: Mapped[str] = mapped_column(String(80), primary_key=True)  # the variant (hints.game)
    kind: Mapped[str] = mapped_column(String(16))  # calendar or pentomino
    featured_stage: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    board_stage: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    opened_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SavedPositionRow(Base):
    """A Telegram user's own board on one puzzle target, as a position code.

    ``active`` is False once the user asked for the day's featured hints instead.
    """

    __tablename__ = "saved_positions"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    puzzle_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    target: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str] = mapped_column(String(64))
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    stage: Mapped[int] = mapped_column(Integer, default=0)  # hints shown from this board so far
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DeliveryRow(Base):
    """The daily-post outbox: one row per chat and local day (due -> sending -> sent | failed)."""

    __tablename__ = "deliveries"
    __table_args__ = (UniqueConstraint("chat_id", "local_date", name="uq_deliveries_chat_day"),)

    # 64-bit on PostgreSQL; SQLite needs INTEGER for its (already 64-bit) rowid key.
    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    chat_id: Mapped[int] = mapped_column(BigInteger, index=True)
    local_date: Mapped[date] = mapped_column(Date)
    status: Mapped[str] = mapped_column(String(16), index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    message_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    error: Mapped[str | None] = mapped_column(String(500), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    claimed_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Written afresh by every claim; renewals and outcomes are conditional on it (fencing).
    claim_token: Mapped[str | None] = mapped_column(String(32), nullable=True)


class SendBudgetRow(Base):
    """One bot token's shared send budget: the next free slot (Unix seconds) for a message."""

    __tablename__ = "send_budget"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    next_slot: Mapped[float] = mapped_column(Float(precision=53))


class FileIdRow(Base):
    """Telegram's file_id for an uploaded image, keyed by the image's cache key."""

    __tablename__ = "telegram_files"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    file_id: Mapped[str] = mapped_column(String(300))
    stored_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class DispatcherHeartbeatRow(Base):
    """When each dispatcher process last finished a tick (for health checks)."""

    __tablename__ = "dispatcher_heartbeats"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    beat_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    sent_total: Mapped[int] = mapped_column(Integer, default=0)


class WebPlayerRow(Base):
    """A visitor of the web board without an account, known by a signed cookie (api.players):
    their settings, and the Telegram user they became once they opened the board in the Mini App.
    Their player id in the tables keyed by user id is ``db.web_players.WEB_PLAYER_BASE + id``."""

    __tablename__ = "web_players"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    timezone: Mapped[str | None] = mapped_column(String(64), nullable=True)  # NULL: not known yet
    edition: Mapped[str | None] = mapped_column(String(64), nullable=True)  # NULL: the default calendar
    faceup: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)  # NULL: the browser's
    linked_user: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # the Telegram user id


class ServerSecretRow(Base):
    """A secret the server made for itself once (the web player cookie's key when no setting gives
    one), so every worker and every restart agrees on it. Never logged."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class CustomPuzzleRow(Base):
    """A puzzle a person defined (db.custom_puzzles): its short stable id, its owner (a player id:
    a Telegram user's or a web player's), its title and whether it is listed. Deleting it keeps the
    row as a tombstone (``deleted_at``; owner, title and definitions gone), so other players'
    records of it read as "a deleted puzzle"."""

    __tablename__ = "custom_puzzles"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    owner: Mapped[int | None] = mapped_column(BigInteger, nullable=True, index=True)
    title: Mapped[str] = mapped_column(String(200))
    published: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    current_version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class CustomPuzzleVersionRow(Base):
    """One version of a custom puzzle's definition, never changed once written: an edit makes a new
    version, so solutions, codes and links that name a version keep meaning what they meant."""

    __tablename__ = "custom_puzzle_versions"

    puzzle_id: Mapped[str] = mapped_column(
        ForeignKey("custom_puzzles.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    definition: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TargetRefusalRow(Base):
    """A target of a version of a custom puzzle found beyond the limits it was solved within
    (``CUSTOM_PUZZLE_*``): more than ``more_than`` solutions, or not solved in ``seconds``. Written
    by whichever process or solver worker solved it, read by every process before solving it again:
    a version never changes, so the verdict holds as long as the limits are no larger."""

    __tablename__ = "target_refusals"

    puzzle_id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the version's id, ID.N
    target: Mapped[str] = mapped_column(String(32), primary_key=True)
    more_than: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: out of time
    seconds: Mapped[float] = mapped_column(Float)  # the time a target was given
    decided_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
