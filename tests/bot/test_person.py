"""Whom an update counts for (``bot.respond.person``): the user, or the chat a message was sent as.

Telegram sends every message posted as a channel from one placeholder user, and every anonymous
admin's from another; end to end, test_bot_people.py."""

from __future__ import annotations

from typing import Any

from telegram import Update

from bot.respond import person
from hints.players import Player
from tests.support.fake_telegram import ANONYMOUS_ADMIN, CHANNEL_BOT

GROUP = {"id": -1_001, "type": "supergroup", "title": "Puzzlers"}
CHANNEL = {"id": -1_005_001, "type": "channel", "title": "Daily Puzzles"}
ALICE = {"id": 7, "is_bot": False, "first_name": "Alice", "language_code": "ja"}


def player(player_id: int, name: str, language: str | None) -> Player:
    return Player(player_id, "UTC", language=language, name=name)


def message(sender: dict[str, Any], sender_chat: dict[str, Any] | None = None) -> Update:
    body: dict[str, Any] = {"message_id": 1, "date": 0, "chat": GROUP, "from": sender, "text": "/hint"}
    if sender_chat is not None:
        body["sender_chat"] = sender_chat
    return Update.de_json({"update_id": 1, "message": body}, None)


def test_a_member_is_themselves() -> None:
    assert person(message(ALICE), "UTC") == player(7, "Alice", "ja")


def test_a_message_sent_as_a_channel_is_the_channels() -> None:
    assert person(message(CHANNEL_BOT, CHANNEL), "UTC") == player(-1_005_001, "Daily Puzzles", None)


def test_two_channels_are_two_people_though_telegram_sends_both_from_one_placeholder() -> None:
    other = {**CHANNEL, "id": -1_005_002, "title": "Other"}
    assert person(message(CHANNEL_BOT, CHANNEL), "UTC") != person(message(CHANNEL_BOT, other), "UTC")


def test_an_anonymous_admin_is_the_group() -> None:
    assert person(message(ANONYMOUS_ADMIN, GROUP), "UTC") == player(-1_001, "Puzzlers", None)


def test_a_button_press_is_the_presser_even_under_a_message_sent_as_a_chat() -> None:
    """A press always names the real user; the message it sits under may carry a sender_chat."""
    under = {"message_id": 2, "date": 0, "chat": GROUP, "from": CHANNEL_BOT, "sender_chat": CHANNEL}
    query = {"id": "q", "from": ALICE, "chat_instance": "c", "data": "x", "message": under}
    assert person(Update.de_json({"update_id": 2, "callback_query": query}, None), "UTC") == player(
        7, "Alice", "ja"
    )


def test_an_update_without_a_user_is_nobody() -> None:
    post = {"message_id": 3, "date": 0, "chat": CHANNEL, "sender_chat": CHANNEL, "text": "/hint"}
    assert person(Update.de_json({"update_id": 3, "channel_post": post}, None), "UTC") is None
