"""The pages' stylesheets, scripts and icon, served from ``/static`` (no front-end build step).

They are plain files in ``api/web/static/``, every one of them served: the
daily page's stylesheet and script (``page.css``, ``page.js``), the playable
board's stylesheet (``board.css``) and script (the ES modules in ``board/``,
entry ``board/main.js``), the editor's (``make.css``, the modules in ``make/``, entry
``make/main.js``), and the icon (``favicon.svg``). Pages link each by a
name that carries a hash of its content (``/static/board/main.1a2b3c4d5e.js``,
:func:`url`), which is cached for a year: a changed file is a new address. The
plain name (``/static/board/main.js``) is served too, briefly cached.

The modules import each other by relative plain names (``./state.js``); the
pages' import map (:data:`IMPORT_MAP`, one for every module of both folders) maps each plain address to the
hashed one, so a module is fetched once, by its hashed name, and a changed
module changes only its own address. The map is an inline script, allowed by
its hash (:data:`IMPORT_MAP_HASH`) in the page's Content-Security-Policy.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
from dataclasses import dataclass
from importlib import resources
from pathlib import PurePosixPath

from PIL import Image, ImageDraw

MEDIA_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
}


@dataclass(frozen=True)
class Asset:
    """One static file: its plain name, its body and media type, and its name with a content hash."""

    name: str
    body: bytes
    media_type: str

    @property
    def hashed(self) -> str:
        path = PurePosixPath(self.name)
        digest = hashlib.sha256(self.body).hexdigest()[:10]
        return str(path.with_name(f"{path.stem}.{digest}{path.suffix}"))


# The board's script: ES modules in static/board/, loaded from this one (no build step); the
# editor's in static/make/ (which imports the board's Telegram stand-in).
MODULES = "board"
ENTRY = f"{MODULES}/main.js"
MAKE_MODULES = "make"
FOLDERS = (MODULES, MAKE_MODULES)


def _assets() -> dict[str, Asset]:
    """Every static file by its name under ``static/``: the top folder's and the modules'."""
    found = {}
    static = resources.files(__package__).joinpath("static")
    folders = [(static, ""), *((static.joinpath(name), f"{name}/") for name in FOLDERS)]
    for folder, prefix in folders:
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            suffix = PurePosixPath(entry.name).suffix
            if entry.is_file() and suffix in MEDIA_TYPES:
                name = prefix + entry.name
                found[name] = Asset(name, entry.read_bytes(), MEDIA_TYPES[suffix])
    return found


ASSETS = _assets()
BY_NAME = {name: asset for asset in ASSETS.values() for name in (asset.name, asset.hashed)}


def url(name: str) -> str:
    """The address pages link a static file by: its name with a hash of its content."""
    return f"/static/{ASSETS[name].hashed}"


def _plain_url(name: str) -> str:
    return f"/static/{name}"


# The board's modules: every one by its hashed address. A module's relative import (``./state.js``
# in ``/static/board/main.1a2b3c4d5e.js``) resolves to the plain address ``/static/board/state.js``,
# which the import map sends to the hashed one. A browser without import maps fetches the plain
# names, which are served too.
def _modules(folder: str) -> tuple[str, ...]:
    return tuple(name for name in ASSETS if name.startswith(f"{folder}/") and name.endswith(".js"))


BOARD_MODULES = _modules(MODULES)
EDITOR_MODULES = _modules(MAKE_MODULES)
IMPORT_MAP = json.dumps(
    {"imports": {_plain_url(name): url(name) for name in BOARD_MODULES + EDITOR_MODULES}},
    separators=(",", ":"),
    sort_keys=True,
)
IMPORT_MAP_HASH = "'sha256-" + base64.b64encode(hashlib.sha256(IMPORT_MAP.encode()).digest()).decode() + "'"


# The one inline script: it marks <html> as scripted ("js") before the first paint, so the board
# page shows its controls only where its script runs (no flash of dead buttons, no layout shift).
# The page's Content-Security-Policy allows exactly this script by its hash.
SCRIPTED = 'document.documentElement.classList.add("js")'
SCRIPTED_HASH = "'sha256-" + base64.b64encode(hashlib.sha256(SCRIPTED.encode()).digest()).decode() + "'"


def favicon_ico() -> bytes:
    """``/favicon.ico``: the icon of ``favicon.svg`` (a P pentomino beside an open date cell) as a
    32 px ICO, for clients that ask for that address."""
    image = Image.new("RGBA", (32, 32), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, 31, 31), 6, fill=(251, 250, 247, 255))
    for row, column in ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)):
        x, y = 6 + column * 10, 3 + row * 9
        draw.rectangle((x, y, x + 8, y + 7), fill=(31, 95, 168, 255))
    draw.rectangle((16, 21, 24, 28), fill=(40, 40, 40, 255))
    out = io.BytesIO()
    image.save(out, format="ICO", sizes=[(32, 32)])
    return out.getvalue()


ROBOTS = """\
User-agent: *
Disallow: /api/
Disallow: /telegram/
"""
