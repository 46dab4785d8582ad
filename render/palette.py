"""Colours: colour-blind-safe piece fills, fixed state colours, and a viridis-like scale.

Piece fills come from Paul Tol's "muted" scheme (9 colours) topped up with
three colours of his "light" scheme, ordered so that the first few pieces get
the most distinct hues. All schemes are documented at
https://personal.sron.nl/~pault/ and are distinguishable under the common
forms of colour blindness.
"""

from __future__ import annotations

RGB = tuple[int, int, int]


def _hex(code: str) -> RGB:
    return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)


PALETTE: tuple[RGB, ...] = tuple(
    _hex(code)
    for code in (
        "#CC6677",  # muted rose
        "#332288",  # muted indigo
        "#DDCC77",  # muted sand
        "#117733",  # muted green
        "#88CCEE",  # muted cyan
        "#882255",  # muted wine
        "#44AA99",  # muted teal
        "#999933",  # muted olive
        "#AA4499",  # muted purple
        "#EE8866",  # light orange
        "#77AADD",  # light blue
        "#FFAABB",  # light pink
    )
)

# Dark mode's fills: the same hues in the same order, light enough to stand 4:1 or more against
# the dark board's empty cell (DARK_EMPTY) and told apart from one another.
DARK_PALETTE: tuple[RGB, ...] = tuple(
    _hex(code)
    for code in (
        "#EE7788",  # rose
        "#9988EE",  # indigo
        "#EEDD88",  # sand
        "#55CC77",  # green
        "#99DDFF",  # cyan
        "#DD88BB",  # wine
        "#44BB99",  # teal
        "#BBCC33",  # olive
        "#CC99FF",  # purple
        "#FFAA66",  # orange
        "#77AADD",  # blue
        "#FFCCDD",  # pink
    )
)
DARK_EMPTY: RGB = (52, 52, 58)  # an empty cell in dark mode (board.css --cell)

CANVAS: RGB = (246, 246, 244)
EMPTY: RGB = (255, 255, 255)
MARKED: RGB = (40, 40, 40)  # neutral near-black: no palette colour is hue-less
MARKED_RING: RGB = (255, 255, 255)
GRID: RGB = (190, 190, 190)
BORDER: RGB = (34, 34, 34)
INK: RGB = (30, 30, 30)
INK_LIGHT: RGB = (255, 255, 255)
MUTED_INK: RGB = (95, 95, 95)
NO_DATE: RGB = (222, 222, 222)
SOLVED_CLEAN: RGB = _hex("#117733")  # a day solved with no hint (muted green)
SOLVED_HINTED: RGB = _hex("#DDCC77")  # a day solved with hints (muted sand)

# Viridis sampled at 9 evenly spaced points; render_heatmap interpolates between them.
VIRIDIS: tuple[RGB, ...] = tuple(
    _hex(code)
    for code in (
        "#440154",
        "#472D7B",
        "#3B528B",
        "#2C728E",
        "#21918C",
        "#28AE80",
        "#5EC962",
        "#ADDC30",
        "#FDE725",
    )
)


def piece_colour(piece_index: int) -> RGB:
    """The fill of piece ``piece_index``: fixed per index, so a piece keeps its colour in every image."""
    return PALETTE[piece_index % len(PALETTE)]


def dark_piece_colour(piece_index: int) -> RGB:
    """The fill of piece ``piece_index`` in dark mode."""
    return DARK_PALETTE[piece_index % len(DARK_PALETTE)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def scale_colour(t: float) -> RGB:
    """Viridis at ``t`` in [0, 1] (clamped): dark purple at 0, yellow at 1."""
    t = min(1.0, max(0.0, t))
    position = t * (len(VIRIDIS) - 1)
    low = min(int(position), len(VIRIDIS) - 2)
    return mix(VIRIDIS[low], VIRIDIS[low + 1], position - low)


def _luminance(colour: RGB) -> float:
    """WCAG relative luminance."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_colour_on(background: RGB) -> RGB:
    """Dark or light ink, whichever contrasts more with ``background``."""
    lum = _luminance(background)
    dark = (lum + 0.05) / (_luminance(INK) + 0.05)
    light = (_luminance(INK_LIGHT) + 0.05) / (lum + 0.05)
    return INK if dark >= light else INK_LIGHT
