"""First contact: the /start greeting and the payloads of 'Hints in private' links."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from bot.callbacks import Action
from bot.replies.buttons import button, play_buttons
from bot.replies.types import Button, Reply, Web
from bot.texts import text
from hints.daily import PuzzleKind, puzzle_target
from hints.player_actions import InChat

PRIVATE_PREFIXES = {PuzzleKind.CALENDAR: "cal", PuzzleKind.PENTOMINO: "pen"}


GROUP_PART = re.compile(r"g([1-9][0-9]{0,17})")  # a group's id without its minus sign


@dataclass(frozen=True)
class PrivateStart:
    """What a 'Hints in private' link names: a daily puzzle, and the group it was offered in."""

    kind: PuzzleKind
    day: date
    group: int | None = None  # the group's chat id (negative); None in links made before groups were named


def private_start(kind: PuzzleKind, day: date, group: int | None = None) -> str:
    """The /start payload that opens a daily puzzle in the bot's private chat: ``cal_20260125``, and
    from a group ``cal_20260125_g1001234567890`` (its id -1001234567890). Telegram allows 64
    characters of ``A-Za-z0-9_-``; the longest is 33."""
    payload = f"{PRIVATE_PREFIXES[kind]}_{day:%Y%m%d}"
    return payload if group is None or group >= 0 else f"{payload}_g{-group}"


def hints_in_private(bot_username: str, payload: str, language: str) -> Button:
    """'Hints in private': a link that opens the puzzle of ``payload`` in the bot's private chat."""
    return Button(text("button_private", language), url=f"https://t.me/{bot_username}?start={payload}")


def parse_private_start(payload: str) -> PrivateStart | None:
    """The daily puzzle (and group) a 'Hints in private' link names, or None if the payload is not one."""
    parts = payload.split("_")
    if len(parts) not in (2, 3):
        return None
    prefix, digits, *rest = parts
    kinds = {value: kind for kind, value in PRIVATE_PREFIXES.items()}
    if prefix not in kinds or len(digits) != 8 or not digits.isdigit():
        return None
    group = GROUP_PART.fullmatch(rest[0]) if rest else None
    if rest and group is None:
        return None
    try:
        day = date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    except ValueError:
        return None
    return PrivateStart(kinds[prefix], day, None if group is None else -int(group[1]))


def welcome(who: InChat, day: date, web: Web | None = None) -> Reply:
    """The short /start greeting with the ways in: today's puzzle, the challenge, the web board."""
    language = who.language
    buttons = (
        button(language, "button_today", Action.TODAY, PuzzleKind.CALENDAR, day),
        button(language, "button_challenge", Action.CHALLENGE, PuzzleKind.PENTOMINO, day),
    )
    puzzle, target = puzzle_target(PuzzleKind.CALENDAR, day, who.player.variant.edition)
    return Reply(text("welcome_back", language), buttons=buttons + play_buttons(web, who, puzzle, target))
