"""The reply types: who asks, and what the bot answers as plain data (text, an image, buttons).

Nothing here talks to Telegram. An image is a cache key and a render function: the sender uploads
each key once and re-sends Telegram's file_id afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime

from bot.local_time import local_today, zone
from hints import links
from hints import seat as seats
from hints.catalog import Placement, Puzzle, Target
from hints.codes import encode_position
from hints.daily import DEFAULT_VARIANT, Variant
from hints.pictures import Picture


@dataclass(frozen=True)
class Button:
    label: str
    data: str = ""  # callback data, for buttons the bot answers
    url: str | None = None  # a link instead
    web_app: bool = False  # open the link as a Telegram Mini App (private chats only)


@dataclass(frozen=True)
class Reply:
    text: str
    photo: Picture | None = None
    buttons: tuple[Button, ...] = ()
    spoiler: bool = False
    private: str | None = None  # in a group: the /start payload of "Hints in private" (same puzzle)
    toast: str | None = None  # a button's answer as a toast instead of a message
    columns: int = 1  # buttons per row


@dataclass(frozen=True)
class Who:
    """Who is asking, and where."""

    chat_id: int
    chat_kind: str
    user_id: int
    language: str
    timezone: str
    first_name: str = ""
    variant: Variant = DEFAULT_VARIANT  # the chat's calendar edition (/edition) and face-up mode (/faceup)
    via: int | None = None  # in a private chat: the group whose link opened the puzzle (hints.seat.linked)

    @property
    def in_group(self) -> bool:
        return self.chat_kind in ("group", "supergroup")

    def today(self, now: datetime) -> date:
        """The date in the chat's time zone at ``now``."""
        return local_today(now, zone(self.timezone, "UTC"))

    @property
    def seat(self) -> seats.Seat:
        """The person in this chat, as the service knows them."""
        return seats.Seat(
            self.chat_id, self.user_id, self.timezone, self.variant, self.in_group, self.first_name, self.via
        )

    def at(self, seat: seats.Seat) -> Who:
        """Answer as the service placed them: a group's link may change the edition and face-up mode."""
        return replace(self, variant=seat.variant, via=seat.via)


@dataclass(frozen=True)
class Web:
    """Where the web board lives (``PUBLIC_URL``): the "Play on the board" buttons link there."""

    public_url: str

    def play(
        self, puzzle: Puzzle, target: Target, placements: Sequence[Placement] = (), faceup: bool = False
    ) -> str:
        """The board page of a target (``faceup``: no flipping, face-up counts and hints)."""
        code = encode_position(puzzle, placements) if placements else None
        return self.public_url + links.play(
            puzzle.id, target.name, code, faceup=faceup and puzzle.is_calendar
        )
