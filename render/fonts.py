"""Fonts at any size, cached: Pillow's bundled face, and a Japanese face for what it cannot draw.

Latin text uses ``ImageFont.load_default(size=...)`` only, so those images look
the same on every machine with the same Pillow. The bundled face (Aileron) has
no Japanese glyphs: text that needs them is drawn with the first Japanese font
found in :data:`CJK_FONT_FILES` (Debian's ``fonts-ipaexfont-gothic``, which
``make install`` and the Docker image install). Characters no available face
can draw are passed through :func:`printable` (e.g. ``×`` becomes ``x``).
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

CJK_FONT_FILES = (
    Path("/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf"),
    Path("/usr/share/fonts/truetype/fonts-japanese-gothic.ttf"),
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
)
_REPLACEMENTS = {"×": "x", "—": "-", "–": "-", "−": "-", "→": "->", "•": "·", "…": "..."}
log = logging.getLogger(__name__)


@cache
def font(size: int) -> Font:
    """The bundled font at ``size`` px (one object per size per process)."""
    return ImageFont.load_default(size=size)


@cache
def cjk_font_file() -> Path | None:
    """The Japanese font this machine has, if any (said once in the log when there is none)."""
    found = next((path for path in CJK_FONT_FILES if path.is_file()), None)
    if found is None:
        log.warning(
            "no Japanese font found (apt-get install fonts-ipaexfont-gothic): Japanese text is drawn as ?"
        )
    return found


@cache
def cjk_font(size: int) -> Font | None:
    path = cjk_font_file()
    return None if path is None else ImageFont.truetype(str(path), size=size)


@cache
def _has_glyph(japanese: bool, size: int, char: str) -> bool:
    """False when the face would draw its 'missing glyph' box for ``char``."""
    face = cjk_font(size) if japanese else font(size)
    if face is None:
        return False
    if not isinstance(face, ImageFont.FreeTypeFont) or char.isspace() or char.isascii():
        return True
    return bytes(face.getmask(char)) != bytes(face.getmask("\uffff"))


def _needs_japanese(text: str, size: int) -> bool:
    """Whether ``text`` has a character the bundled face lacks, that has no ASCII look-alike and that
    the Japanese face can draw (so "8 × 8" stays in the bundled face, "1月" does not)."""
    return any(
        not _has_glyph(False, size, char) and char not in _REPLACEMENTS and _has_glyph(True, size, char)
        for char in text
    )


def face_for(text: str, size: int) -> Font:
    """The bundled face, or the Japanese one when ``text`` has characters only that one can draw."""
    if _needs_japanese(text, size):
        japanese = cjk_font(size)
        assert japanese is not None
        return japanese
    return font(size)


def printable(text: str, size: int) -> str:
    """``text`` with characters its face cannot draw replaced by ASCII look-alikes (or '?')."""
    japanese = _needs_japanese(text, size)
    out = []
    for char in text:
        if _has_glyph(japanese, size, char):
            out.append(char)
        else:
            out.append(_REPLACEMENTS.get(char, "?"))
    return "".join(out)


def text_width(text: str, size: int) -> int:
    left, _, right, _ = face_for(text, size).getbbox(text)
    return int(right - left)
