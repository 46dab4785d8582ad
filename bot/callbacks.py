"""Callback data: what an inline button asks for, written into its 64 bytes and read back."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from bot.inputs import parse_iso_day
from hints.daily import PuzzleKind

CALLBACK_VERSION = "v1"


class Action(StrEnum):
    """What an inline button asks for (part of its callback data)."""

    HINT = "hint"
    REVEAL = "reveal"  # "Show the answer": asks once before the answer spends the last stage
    TODAY = "today"  # the day's calendar puzzle (the /start button)
    SOLVED = "solved"  # "I solved it"
    CHALLENGE = "challenge"
    ANOTHER = "another"
    FEATURED = "featured"  # the day's featured hints instead of hints from the saved board
    BOARD = "board"  # the next hint from the saved board of a puzzle target
    EDITION = "edition"  # choose the chat's calendar edition
    SETUP = "set"  # a /settings or onboarding button (SetupCallback)


@dataclass(frozen=True)
class Callback:
    action: Action
    kind: PuzzleKind
    day: date
    stage: int | None = None  # a hint button names the stage it shows (pressed twice: shown twice)


@dataclass(frozen=True)
class BoardCallback:
    """A button about the saved board of one puzzle target (``hints.deeplink.board_key``)."""

    board: str


@dataclass(frozen=True)
class EditionCallback:
    """A button of /edition: make this the chat's calendar edition."""

    edition: str


SETUP_FIELDS = frozenset({"view", "edition", "faceup", "post", "time", "zone", "lang", "skip"})
# The fields whose values are the bot's own words; the others carry a value to store (a time, a zone,
# a language, an edition), which the write checks (hints.chat_settings).
SETUP_WORDS = {
    "view": frozenset({"main", "edition", "time", "zone"}),
    "faceup": frozenset({"on", "off"}),
    "post": frozenset({"on", "off"}),
    "skip": frozenset({"edition", "time"}),
}


@dataclass(frozen=True)
class SetupCallback:
    """A button of /settings or of the first /start: change ``field`` to ``value`` ("view" opens a
    sub-menu, "skip" an onboarding step); ``onboarding``: the first /start's message."""

    field: str
    value: str
    onboarding: bool = False


def encode_setup_callback(callback: SetupCallback) -> str:
    data = f"{CALLBACK_VERSION}|{Action.SETUP}|{callback.field}|{callback.value}"
    return data + "|o" if callback.onboarding else data


def _setup_callback(parts: list[str]) -> SetupCallback | None:
    if len(parts) not in (4, 5) or parts[2] not in SETUP_FIELDS or not parts[3]:
        return None
    if parts[2] in SETUP_WORDS and parts[3] not in SETUP_WORDS[parts[2]]:
        return None
    if len(parts) == 5 and parts[4] != "o":
        return None
    return SetupCallback(parts[2], parts[3], len(parts) == 5)


def encode_callback(callback: Callback) -> str:
    data = f"{CALLBACK_VERSION}|{callback.action}|{callback.kind}|{callback.day.isoformat()}"
    return data if callback.stage is None else f"{data}|{callback.stage}"


def encode_board_callback(board: str) -> str:
    return f"{CALLBACK_VERSION}|{Action.BOARD}|{board}"


def encode_edition_callback(edition: str) -> str:
    return f"{CALLBACK_VERSION}|{Action.EDITION}|{edition}"


def decode_callback(data: str | None) -> Callback | BoardCallback | EditionCallback | SetupCallback | None:
    """The button's meaning, or None for anything we did not make (forged or from an old version)."""
    if not data or len(data) > 64:
        return None
    parts = data.split("|")
    if len(parts) > 2 and parts[0] == CALLBACK_VERSION and parts[1] == Action.SETUP:
        return _setup_callback(parts)
    if len(parts) == 3 and parts[0] == CALLBACK_VERSION and parts[1] == Action.BOARD:
        return BoardCallback(parts[2])
    if len(parts) == 3 and parts[0] == CALLBACK_VERSION and parts[1] == Action.EDITION:
        return EditionCallback(parts[2])
    if len(parts) not in (4, 5) or parts[0] != CALLBACK_VERSION:
        return None
    stage = parts[4] if len(parts) == 5 else None
    if stage is not None and (parts[1] != Action.HINT or stage not in ("1", "2", "3")):
        return None
    try:
        day = parse_iso_day(parts[3])
        return Callback(Action(parts[1]), PuzzleKind(parts[2]), day, None if stage is None else int(stage))
    except ValueError:  # an unknown action or kind, or a bad date (BadArgument is a ValueError)
        return None
