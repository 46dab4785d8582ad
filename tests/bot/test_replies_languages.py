"""Every message in its person's language: the rule the daily post follows from what is stored,
the same one every reply follows (:func:`bot.texts.language_for`). How the language gets stored
(first contact, a change, /subscribe in a group) is tests/db/test_chats.py's; that a post arrives
in it, test_bot_languages.py's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.orm import Session

from bot.replies import puzzles
from bot.texts import language_for
from db.chats import ChatSettings
from tests.support import asked
from tests.support.replies import GROUP, TODAY, open_session


@pytest.fixture
def session(sample_url: str) -> Iterator[Session]:
    with open_session(sample_url) as session:
        yield session


@pytest.mark.parametrize(
    ("chosen", "telegram", "expected"),
    [
        (None, None, "en"),  # nothing known: English
        (None, "ja", "ja"),  # the person's Telegram language
        (None, "ja-JP", "ja"),
        (None, "pt-br", "en"),  # one the bot does not speak
        ("en", "ja", "en"),  # /language wins
        ("ja", "en", "ja"),
    ],
)
@pytest.mark.parametrize(("chat_id", "kind"), [(7, "private"), (GROUP, "supergroup")])
def test_a_daily_post_speaks_the_chats_language_else_its_persons_else_english(
    chosen: str | None, telegram: str | None, expected: str, chat_id: int, kind: str
) -> None:
    settings = ChatSettings(chat_id, kind, chosen, None, True, "08:00", None, telegram_language=telegram)
    assert puzzles.post_language(settings) == expected
    assert language_for(chosen, telegram) == expected  # what a reply to that person says it in


def test_the_post_in_the_persons_language_is_japanese_throughout(session: Session) -> None:
    settings = ChatSettings(7, "private", None, None, True, "08:00", None, telegram_language="ja")
    post = asked.daily_post(session, puzzles.post_language(settings), TODAY)
    assert post.text.startswith("2026年1月22日(木)：解は78通り")
    assert [b.label for b in post.buttons] == ["ヒント 1/3", "解けた！", "ペントミノ・チャレンジ"]
    assert post.photo is not None and post.photo.key.endswith(":ja")  # the picture's words too
