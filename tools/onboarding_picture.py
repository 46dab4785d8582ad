"""The README's picture of the onboarding: the bot's first two onboarding messages as a phone shows
them, drawn from the replies the bot really sends (``bot.chat_setup``), not from a mock-up.

    python -m tools.onboarding_picture [-o docs/images/onboarding.png] [--language en]

Each message is drawn as Telegram lays out a photo message: the picture, the words under it and
the inline keyboard below, in rows of the reply's ``columns``.
"""

from __future__ import annotations

import argparse
import io
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from bot.chat_setup import onboarding, onboarding_time, suggested_zone
from bot.replies.types import Reply
from hints.player_actions import InChat
from hints.players import Chat, Player
from render.fonts import face_for, printable, text_width

PHONE = 390  # CSS px of a phone's width; each message is drawn this wide, side by side
BUBBLE = PHONE - 24
PAD = 10
TEXT_SIZE = 15
BUTTON_HEIGHT = 38
GAP = 6
BACKGROUND = (214, 228, 214)  # a chat wallpaper's green-grey
BUBBLE_FILL = (255, 255, 255)
BUTTON_FILL = (120, 150, 130)
INK = (20, 20, 20)
BUTTON_INK = (255, 255, 255)
OUT = Path("docs/images/onboarding.png")


@dataclass(frozen=True)
class Drawn:
    """One message drawn: its image, and how many buttons it shows (for the test)."""

    image: Image.Image
    buttons: int


def _lines(words: str) -> list[str]:
    """The message's words wrapped to the bubble (about 44 characters at 15 px)."""
    lines: list[str] = []
    for paragraph in words.split("\n"):
        lines += textwrap.wrap(paragraph, 44) or [""]
    return lines


def _button_rows(reply: Reply) -> list[Sequence[str]]:
    labels = [button.label for button in reply.buttons]
    return [labels[i : i + reply.columns] for i in range(0, len(labels), reply.columns)]


def _fitted(label: str, room: int) -> str:
    """The label, cut short with an ellipsis as Telegram cuts a button's label that does not fit."""
    if text_width(label, TEXT_SIZE - 1) <= room:
        return label
    while label and text_width(label + "...", TEXT_SIZE - 1) > room:
        label = label[:-1]
    return label.rstrip() + "..."


def draw_message(reply: Reply) -> Drawn:
    """A photo message with its caption and inline keyboard, ``BUBBLE`` px wide."""
    photo = None
    if reply.photo is not None:
        sheet = Image.open(io.BytesIO(reply.photo.draw())).convert("RGB")
        photo = sheet.resize((BUBBLE, sheet.height * BUBBLE // sheet.width), Image.Resampling.LANCZOS)
    lines = _lines(reply.text)
    rows = _button_rows(reply)
    text_height = len(lines) * (TEXT_SIZE + 5) + 2 * PAD
    height = (photo.height if photo else 0) + text_height + len(rows) * (BUTTON_HEIGHT + GAP)
    image = Image.new("RGB", (BUBBLE, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    top = 0
    bubble_height = (photo.height if photo else 0) + text_height
    pen.rounded_rectangle((0, 0, BUBBLE - 1, bubble_height), radius=12, fill=BUBBLE_FILL)
    if photo is not None:
        image.paste(photo, (0, 0))
        top = photo.height
    for n, line in enumerate(lines):
        y = top + PAD + n * (TEXT_SIZE + 5)
        pen.text((PAD, y), printable(line, TEXT_SIZE), font=face_for(line, TEXT_SIZE), fill=INK)
    top = bubble_height + GAP
    for row in rows:
        width = (BUBBLE - GAP * (len(row) - 1)) // len(row)
        for i, label in enumerate(row):
            left = i * (width + GAP)
            pen.rounded_rectangle((left, top, left + width, top + BUTTON_HEIGHT), radius=8, fill=BUTTON_FILL)
            shown = _fitted(printable(label, TEXT_SIZE - 1), width - 2 * PAD)
            face = face_for(shown, TEXT_SIZE - 1)
            box = pen.textbbox((0, 0), shown, font=face)
            x = left + (width - (box[2] - box[0])) // 2
            pen.text((x, top + (BUTTON_HEIGHT - TEXT_SIZE) // 2), shown, font=face, fill=BUTTON_INK)
        top += BUTTON_HEIGHT + GAP
    return Drawn(image, sum(len(row) for row in rows))


def onboarding_picture(language: str = "en") -> tuple[Image.Image, list[Drawn]]:
    """The first two onboarding messages (which calendar; when to post), side by side."""
    who = InChat(Player(1, "UTC", language=language, name="Ann"), Chat(1))
    steps = [
        draw_message(onboarding(who)),
        draw_message(onboarding_time(who, suggested_zone(None, language, "UTC"))),
    ]
    height = max(step.image.height for step in steps) + 2 * PAD
    sheet = Image.new("RGB", (len(steps) * PHONE, height), BACKGROUND)
    for i, step in enumerate(steps):
        sheet.paste(step.image, (i * PHONE + (PHONE - BUBBLE) // 2, PAD))
    return sheet, steps


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.onboarding_picture", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("-o", "--output", type=Path, default=OUT)
    parser.add_argument("--language", default="en", choices=["en", "ja"])
    args = parser.parse_args(argv)
    sheet, _ = onboarding_picture(args.language)
    sheet.save(args.output, optimize=True)
    print(f"{args.output}: {sheet.width}x{sheet.height}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
