"""Pillow's bundled font at any size, cached, plus a fallback for glyphs it lacks.

Only ``ImageFont.load_default(size=...)`` is used, so images look the same on
every machine with the same Pillow. The bundled face (Aileron) has no glyphs
for some characters the catalog uses (e.g. ``×`` in "8 × 8", dashes), so text
is passed through :func:`printable` first.
"""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

_REPLACEMENTS = {"×": "x", "—": "-", "–": "-", "−": "-", "→": "->", "•": "·", "…": "..."}


@cache
def font(size: int) -> Font:
    """The bundled font at ``size`` px (one object per size per process)."""
    return ImageFont.load_default(size=size)


@cache
def _has_glyph(size: int, char: str) -> bool:
    """False when the font would draw its 'missing glyph' box for ``char``."""
    face = font(size)
    if not isinstance(face, ImageFont.FreeTypeFont) or char.isspace() or char.isascii():
        return True
    return bytes(face.getmask(char)) != bytes(face.getmask("\uffff"))


def printable(text: str, size: int) -> str:
    """``text`` with characters the font cannot draw replaced by ASCII look-alikes (or '?')."""
    out = []
    for char in text:
        if _has_glyph(size, char):
            out.append(char)
        else:
            out.append(_REPLACEMENTS.get(char, "?"))
    return "".join(out)


def text_width(text: str, size: int) -> int:
    left, _, right, _ = font(size).getbbox(text)
    return int(right - left)
