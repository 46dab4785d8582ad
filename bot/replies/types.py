"""The reply types: what the bot answers as plain data (text, an image, buttons).

Nothing here talks to Telegram. An image is a cache key and a render function: the sender uploads
each key once and re-sends Telegram's file_id afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hints import links
from hints.catalog import Placement, Puzzle, Target
from hints.codes import encode_position
from hints.pictures import Picture


@dataclass(frozen=True)
class Button:
    label: str
    data: str = ""  # callback data, for buttons the bot answers
    url: str | None = None  # a link instead
    web_app: bool = False  # open the link as a Telegram Mini App (private chats only)
    switch_inline: str | None = None  # share: pick a chat and write "@bot <this>" there (inline mode)


@dataclass(frozen=True)
class Card:
    """An inline-mode answer: a card another chat receives (its title and description are what the
    person picking it sees), with a link button under it."""

    key: str  # unique among the answers of one query
    title: str
    description: str
    text: str
    link: Button


@dataclass(frozen=True)
class Reply:
    text: str
    photo: Picture | None = None
    buttons: tuple[Button, ...] = ()
    spoiler: bool = False
    private: str | None = None  # in a group: the /start payload of "Hints in private" (same puzzle)
    toast: str | None = None  # a button's answer as a toast instead of a message
    flash: str | None = None  # a toast for the button pressed, at once, the message following it
    keyboard_only: bool = False  # only the pressed message's buttons change
    columns: int = 1  # buttons per row


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
