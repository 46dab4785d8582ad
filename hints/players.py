"""Who plays: a Telegram user (or a channel, or a group's anonymous admin, writing as that chat), or
a visitor of the web board known only by a cookie; and, in the bot, the chat they play in.

A :class:`Player` carries what the player's day depends on (:mod:`hints.game`): their id in the
tables keyed by user id, their time zone (their "today" is that zone's date), calendar edition,
face-up mode and language. A Telegram user's settings are those of their private chat with the
bot; a web visitor's are their ``web_players`` row's (``db.web_players``: their id is above every
Telegram user's). Once a web visitor opens the board in the Mini App, they are linked to the
Telegram user: their history moves over and from then on the visitor *is* that user.

In the bot a player plays in a :class:`Chat` (their private chat with the bot, or a group), and
carries that chat's settings (a group's zone, edition and face-up mode hold for everyone in it):
the pair is :class:`hints.player_actions.InChat`.

Nothing here commits.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, tzinfo

from sqlalchemy.orm import Session

from db import chats, forgetting, web_players
from db.chats import InvalidSetting
from db.web_players import WebPlayer
from hints import chat_settings
from hints.daily import DEFAULT_VARIANT, Variant, edition_choice, edition_to_keep, known_edition

__all__ = [
    "Chat",
    "InvalidSetting",
    "Player",
    "choose",
    "forget",
    "is_web_player",
    "link",
    "new_web_player",
    "server_secret",
    "telegram_player",
    "web_player",
]

PRIVATE = "private"  # the kind of a Telegram user's chat with the bot, where their settings live
GROUP_KINDS = ("group", "supergroup")


def is_web_player(player_id: int) -> bool:
    """Whether a player id is a web visitor's (else a Telegram user's or a chat's)."""
    return web_players.is_web_player(player_id)


def server_secret(session: Session, name: str) -> str:
    """The server's own secret ``name`` (a web visitor's cookie key), made the first time it is
    asked for and the same for every worker from then on."""
    return web_players.server_secret(session=session, name=name)


def forget(session: Session, player_id: int) -> int:
    """Everything kept about the player goes (``/forget``, ``DELETE /me``): their record, saved
    boards and settings; a Telegram user's private chat with the bot and the web visitors who
    became them; a web visitor's row. Rows deleted."""
    return forgetting.forget_user(session=session, user_id=player_id)


@dataclass(frozen=True)
class Player:
    """One player as the service sees them.

    ``id``: a Telegram user's, a web visitor's, or the chat a message was sent as (a channel, or a
    group's anonymous admin); ``timezone``: their IANA zone, None while not known (the server's
    default then holds); ``language``: the one they chose, None for none (in the bot: the one the
    chat is answered in); ``signed_at``: when a Mini App sign-in was made (a day may only be written
    by a sign-in made on it), None for a web visitor's cookie and in the bot.
    """

    id: int
    default_timezone: str
    timezone: str | None = None
    variant: Variant = DEFAULT_VARIANT
    language: str | None = None
    name: str = ""
    signed_at: datetime | None = None

    @property
    def web(self) -> bool:
        """A web visitor not (yet) linked to a Telegram user."""
        return is_web_player(self.id)

    @property
    def zone(self) -> tzinfo:
        return chats.zone_or_default(self.timezone, self.default_timezone)

    @property
    def zone_name(self) -> str:
        """The name of the zone their day is in: theirs, else the default."""
        return self.timezone or self.default_timezone

    def today(self, now: datetime) -> date:
        """The player's local date at ``now``."""
        return chats.local_date(now, self.timezone, self.default_timezone)


@dataclass(frozen=True)
class Chat:
    """Where a player plays in the bot: a chat's id and kind (``private`` or a group's), and ``via``:
    in a private chat, the group whose 'Hints in private' link opened the day's puzzles (that
    group's edition and face-up mode then hold, and a solve counts for it too)."""

    id: int
    kind: str = PRIVATE
    via: int | None = None

    @property
    def in_group(self) -> bool:
        return self.kind in GROUP_KINDS


def telegram_player(
    session: Session, user_id: int, default_timezone: str, name: str = "", signed_at: datetime | None = None
) -> Player:
    """The Telegram user ``user_id``, with their private chat's settings (the defaults without one)."""
    found = chats.get_chat(session=session, chat_id=user_id)
    if found is None:
        return Player(user_id, default_timezone, name=name, signed_at=signed_at)
    variant = Variant(known_edition(found.edition), found.faceup)
    return Player(user_id, default_timezone, found.timezone, variant, found.language, name, signed_at)


def _of_web(session: Session, found: WebPlayer, default_timezone: str) -> Player:
    if found.linked_user is not None:
        return telegram_player(session, found.linked_user, default_timezone)
    variant = Variant(known_edition(found.edition), found.faceup)
    timezone = found.timezone if chats.loaded_zone(found.timezone) else None
    language = found.language if chats.is_language(found.language) else None
    return Player(found.id, default_timezone, timezone, variant, language)


def web_player(session: Session, player_id: int, default_timezone: str) -> Player | None:
    """The web visitor ``player_id`` (the Telegram user they became, once linked); None when the
    store has no such visitor."""
    found = web_players.get(session=session, player_id=player_id)
    return None if found is None else _of_web(session, found, default_timezone)


def new_web_player(session: Session, now: datetime, default_timezone: str) -> Player:
    """A new web visitor with every setting at its default."""
    return _of_web(session, web_players.create(session=session, now=now), default_timezone)


def _checked(timezone: str | None, edition: str | None, language: str | None) -> None:
    """InvalidSetting for the first value given that a player cannot hold."""
    if timezone is not None and chats.loaded_zone(timezone) is None:
        raise InvalidSetting("timezone", timezone)
    if edition is not None and edition_choice(edition) is None:
        raise InvalidSetting("edition", edition)
    if language is not None and not chats.is_language(language):
        raise InvalidSetting("language", language)


def choose(
    session: Session,
    player: Player,
    now: datetime,
    *,
    timezone: str | None = None,
    edition: str | None = None,
    faceup: bool | None = None,
    language: str | None = None,
) -> Player:
    """The player with the settings given (None: unchanged) stored: a Telegram user's in their
    private chat (as the bot's commands store them), a web visitor's in their row. InvalidSetting,
    with nothing written, for a zone that does not load, an edition or a language there is not."""
    _checked(timezone, edition, language)
    if player.web:
        stored = None if edition is None else edition_choice(edition)
        web_players.choose(
            session=session,
            player_id=player.id,
            timezone=timezone,
            edition=None if stored is None or edition is None else edition_to_keep(edition, stored),
            faceup=faceup,
            language=language,
        )
        found = web_player(session, player.id, player.default_timezone)
        assert found is not None
        return found
    if timezone is not None:
        chat_settings.set_timezone(session, player.id, PRIVATE, timezone, now)
    if edition is not None:
        chat_settings.set_edition(session, player.id, PRIVATE, edition)
    if faceup is not None:
        chat_settings.set_faceup(session, player.id, PRIVATE, faceup)
    if language is not None:
        chat_settings.set_language(session, player.id, PRIVATE, language)
    return telegram_player(session, player.id, player.default_timezone, player.name, player.signed_at)


def link(session: Session, web_id: int, user: Player, now: datetime) -> bool:
    """The web visitor ``web_id`` opened the board in the Mini App as ``user``: their history
    becomes the user's (where the user has none of the same day and puzzle), the settings they
    chose on the web fill the ones the user never chose, and the visitor is the user from now on.
    False when there was nothing to link."""
    visitor = web_player(session, web_id, user.default_timezone)
    if visitor is None or not visitor.web or user.web:
        return False
    mine = chats.get_chat(session=session, chat_id=user.id)
    if visitor.timezone is not None and (mine is None or mine.timezone is None):
        chat_settings.set_timezone(session, user.id, PRIVATE, visitor.timezone, now)
    unchosen = mine is None or (mine.edition is None and not mine.faceup)
    if visitor.variant != DEFAULT_VARIANT and unchosen:
        chat_settings.set_edition(session, user.id, PRIVATE, visitor.variant.edition)
        chat_settings.set_faceup(session, user.id, PRIVATE, visitor.variant.faceup)
    return web_players.link(session=session, player_id=web_id, user_id=user.id)
