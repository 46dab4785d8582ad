"""SQLAlchemy 2 typed models of the solution store."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Integer, String, UniqueConstraint, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class PuzzleRow(Base):
    """A catalog puzzle as last precomputed; ``fingerprint`` detects a changed definition."""

    __tablename__ = "puzzles"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    lattice: Mapped[str] = mapped_column(String(16))
    fingerprint: Mapped[str] = mapped_column(String(64))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class TargetRow(Base):
    """One fully enumerated target. Its presence means all its solutions are stored."""

    __tablename__ = "targets"
    __table_args__ = (UniqueConstraint("puzzle_id", "name", name="uq_targets_puzzle_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    puzzle_id: Mapped[str] = mapped_column(ForeignKey("puzzles.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    is_real: Mapped[bool] = mapped_column(Boolean, default=True)
    solution_count: Mapped[int] = mapped_column(Integer)
    seconds: Mapped[float] = mapped_column(Float)
    computed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SolutionRow(Base):
    """One solution, encoded as one piece letter per board cell ('.' = uncovered)."""

    __tablename__ = "solutions"
    __table_args__ = (UniqueConstraint("target_id", "ordinal", name="uq_solutions_target_ordinal"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    target_id: Mapped[int] = mapped_column(ForeignKey("targets.id", ondelete="CASCADE"), index=True)
    ordinal: Mapped[int] = mapped_column(Integer)
    encoding: Mapped[str] = mapped_column(String(256))


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
