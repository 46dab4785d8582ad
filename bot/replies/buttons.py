"""The buttons under a daily puzzle: a hint stage, I solved it, another solution, the other
puzzle of the day, and Play on the board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from bot.callbacks import Action, Callback, decode_callback, encode_callback
from bot.replies.types import Button, Web
from bot.texts import text
from hints.catalog import Placement, Puzzle, Stage, Target
from hints.daily import PuzzleKind
from hints.player_actions import InChat


def play_buttons(
    web: Web | None, who: InChat, puzzle: Puzzle, target: Target, placements: Sequence[Placement] = ()
) -> tuple[Button, ...]:
    """'Play on the board': a Mini App in private chats, a plain link in groups (Telegram allows
    ``web_app`` inline buttons only in private chats); nothing without ``PUBLIC_URL``."""
    if web is None:
        return ()
    url = web.play(puzzle, target, placements, who.player.variant.faceup)
    return (Button(text("button_play", who.language), url=url, web_app=not who.chat.in_group),)


def button(language: str, label: str, action: Action, kind: PuzzleKind, day: date) -> Button:
    return Button(text(label, language), encode_callback(Callback(action, kind, day)))


def hint_button(language: str, kind: PuzzleKind, day: date, stage: Stage) -> Button:
    """ "Hint 2 of 3": the button names the stage it shows and carries it, so a second press (a
    double tap) shows the same stage again instead of skipping ahead. The last stage is "Show the
    answer", which asks once before it spends it (:func:`answer_button` confirms)."""
    if stage >= Stage.ANSWER:
        return button(language, "button_show_answer", Action.REVEAL, kind, day)
    data = encode_callback(Callback(Action.HINT, kind, day, int(stage)))
    return Button(text("button_hint_stage", language, stage=int(stage)), data)


def answer_button(language: str, kind: PuzzleKind, day: date) -> Button:
    """ "Yes, show the answer": the answer itself, once "Show the answer" was pressed."""
    data = encode_callback(Callback(Action.HINT, kind, day, int(Stage.ANSWER)))
    return Button(text("button_confirm_answer", language), data)


def confirming(pressed: Sequence[Button], language: str, kind: PuzzleKind, day: date) -> tuple[Button, ...]:
    """The buttons of a message whose "Show the answer" was pressed, that one turned into "Yes, show
    the answer"; a message without it (another member's, a text) gets that and 'I solved it'."""
    reveal = encode_callback(Callback(Action.REVEAL, kind, day))
    confirm = answer_button(language, kind, day)
    if not any(b.data == reveal for b in pressed):
        return (confirm, solved_button(language, kind, day))
    return tuple(confirm if b.data == reveal else b for b in pressed)


def solved_button(language: str, kind: PuzzleKind, day: date) -> Button:
    return button(language, "button_solved", Action.SOLVED, kind, day)


def another_buttons(language: str, kind: PuzzleKind, day: date) -> tuple[Button, ...]:
    """'Another solution' for calendars; the challenge has exactly one."""
    if kind != PuzzleKind.CALENDAR:
        return ()
    return (button(language, "button_another", Action.ANOTHER, PuzzleKind.CALENDAR, day),)


def other_puzzle_button(language: str, kind: PuzzleKind, day: date) -> Button:
    """The day's other daily puzzle: the challenge after the calendar, the calendar after it."""
    if kind == PuzzleKind.CALENDAR:
        return button(language, "button_challenge", Action.CHALLENGE, PuzzleKind.PENTOMINO, day)
    return button(language, "button_today", Action.TODAY, PuzzleKind.CALENDAR, day)


def after_answer_buttons(language: str, kind: PuzzleKind, day: date) -> tuple[Button, ...]:
    """No dead end after the answer: 'I solved it', another solution, the other daily puzzle."""
    return (
        button(language, "button_solved", Action.SOLVED, kind, day),
        *another_buttons(language, kind, day),
        other_puzzle_button(language, kind, day),
    )


@dataclass(frozen=True)
class Lasting:
    """What a message keeps once a newer one takes its place: 'I solved it', Share and its links
    (the board, 'Hints in private') for the day its puzzle is; ``trimmed``: it had other buttons
    too."""

    buttons: tuple[Button, ...]
    day: date | None
    trimmed: bool


def lasting(buttons: Sequence[Button]) -> Lasting:
    """The buttons of a message that stay until its puzzle's day is over: 'I solved it', Share
    (a solve's) and the links; the hint ladder and the other moves go, since a newer message
    carries them."""
    days = [c.day for c in map(_solved, buttons) if c is not None] + [
        d for d in map(_shared_day, buttons) if d is not None
    ]
    day = days[0] if days else None
    kept = tuple(b for b in buttons if b.url or b.switch_inline or _solved(b)) if day is not None else ()
    return Lasting(kept, day, len(kept) < len(buttons))


def _shared_day(button: Button) -> date | None:
    """The day of the puzzle a Share button's card names (its payload ``cal_YYYYMMDD``), else None."""
    parts = (button.switch_inline or "").split("_")
    digits = parts[1] if len(parts) >= 2 else ""
    if len(digits) != 8 or not digits.isdigit():
        return None
    try:
        return date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    except ValueError:
        return None


def _solved(button: Button) -> Callback | None:
    """The 'I solved it' button's meaning, None for any other button."""
    callback = decode_callback(button.data)
    return callback if isinstance(callback, Callback) and callback.action == Action.SOLVED else None


def still_kept(previous: Lasting, newer: Lasting) -> tuple[Button, ...]:
    """The buttons an older message keeps when ``newer`` is sent: none once a later day's puzzle came."""
    if previous.day is None or (newer.day is not None and newer.day > previous.day):
        return ()
    return previous.buttons
