"""The one way the front ends change a chat's settings: a calendar edition must be one of the
catalog's (the store checks the rest, tests/db/test_chats.py), and a refusal writes nothing."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session

from db import chats
from hints import chat_settings
from hints.daily import CALENDAR_ID


@pytest.mark.parametrize("edition", ["calendar-nowhere", "pentomino-6x10", "", "Calendar-Weekday"])
def test_an_edition_the_catalog_does_not_have_is_refused(session: Session, edition: str) -> None:
    with pytest.raises(chat_settings.InvalidSetting) as refused:
        chat_settings.set_edition(session, 31, "private", edition)
    assert (refused.value.setting, refused.value.value) == ("edition", edition)
    assert chats.get_chat(session=session, chat_id=31) is None


def test_an_edition_is_stored_by_its_id_and_the_default_as_none_chosen(session: Session) -> None:
    assert chat_settings.set_edition(session, 32, "private", "calendar-weekday").id == "calendar-weekday"
    stored = chats.get_chat(session=session, chat_id=32)
    assert stored is not None and stored.edition == "calendar-weekday"
    assert chat_settings.set_edition(session, 32, "private", CALENDAR_ID).id == CALENDAR_ID
    stored = chats.get_chat(session=session, chat_id=32)
    assert stored is not None and stored.edition is None
