"""The one unit of work of the front ends: one commit when the work returns, nothing kept when it
raises, and the service's refusals sorted into what a front end answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db import chats
from db.engine import make_engine, session_factory
from hints import chat_settings
from hints.errors import NotPrecomputed
from hints.unit_of_work import Refusal, refusal, run
from tests.support.stores import copy_sqlite_file


@pytest.fixture
def store(migrated_sqlite: Path, tmp_path: Path) -> Iterator[sessionmaker[Session]]:
    engine = make_engine(copy_sqlite_file(migrated_sqlite, tmp_path / "store.db"))
    yield session_factory(engine)
    engine.dispose()


def language_of(store: sessionmaker[Session], chat_id: int) -> str | None:
    with store() as session:
        found = chats.get_chat(session=session, chat_id=chat_id)
        return None if found is None else found.language


def test_the_work_is_committed_once_it_returns(store: sessionmaker[Session]) -> None:
    def work(session: Session) -> str:
        chat_settings.set_language(session, 7, "private", "ja")
        return "done"

    assert run(store, work) == "done"
    assert language_of(store, 7) == "ja"


def test_nothing_is_kept_when_the_work_raises(store: sessionmaker[Session]) -> None:
    def work(session: Session) -> None:
        chat_settings.set_language(session, 8, "private", "ja")
        chat_settings.set_edition(session, 8, "private", "calendar-nowhere")  # refused after a write

    with pytest.raises(chat_settings.InvalidSetting):
        run(store, work)
    assert language_of(store, 8) is None


def test_a_read_only_unit_keeps_nothing_it_wrote(store: sessionmaker[Session]) -> None:
    run(store, lambda session: chat_settings.set_language(session, 9, "private", "ja"), commit=False)
    assert language_of(store, 9) is None


def test_the_refusals_a_front_end_answers() -> None:
    solvable = NotPrecomputed("calendar-weekday 01-22-Thu", solvable=("calendar-weekday", "01-22-Thu"))
    assert refusal(solvable) == Refusal.SOLVE_FIRST
    assert refusal(solvable, may_solve=False) == Refusal.NOT_READY
    assert refusal(NotPrecomputed("dragonfjord 01-22")) == Refusal.NOT_READY
    assert refusal(chat_settings.InvalidSetting("timezone", "Mars/Base")) == Refusal.BAD_SETTING
    assert refusal(ValueError("a bug")) is None
