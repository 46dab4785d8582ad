"""The pages' stylesheets, scripts and icon, served from ``/static`` (no front-end build step).

The daily page's small stylesheet and script are the strings below; the
playable board's stylesheet (``board.css``), its script (the ES modules in
``board/``, entry ``board/main.js``) and the icon (``favicon.svg``) are plain
files in ``api/web/static/``, every one of them served. Pages link each by a
name that carries a hash of its content (``/static/board/main.1a2b3c4d5e.js``,
:func:`url`), which is cached for a year: a changed file is a new address. The
plain name (``/static/board/main.js``) is served too, briefly cached.

The modules import each other by relative plain names (``./state.js``); the
board page's import map (:data:`IMPORT_MAP`) maps each plain address to the
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


def static_file(name: str) -> bytes:
    """The bytes of ``api/web/static/<name>`` (read once, when the routes are built)."""
    return resources.files(__package__).joinpath("static", name).read_bytes()


CSS = """\
:root { color-scheme: light; --ink: #1b1b1f; --muted: #55555c; --accent: #1f5fa8; --paper: #fbfaf7;
        --surface: #ffffff; --edge: #dedad2; --focus: #b45f00; --soft: #e8eef6; --accent-hover: #174a84;
        --on-accent: #ffffff; --error-bg: #fde8e8; --error-edge: #e0a0a0; }
/* dark mode: the system's, unless Telegram's theme says light (data-scheme, set in the Mini App) */
@media (prefers-color-scheme: dark) {
  :root:not([data-scheme="light"]) { color-scheme: dark; --ink: #ececf0; --muted: #b4b4bc; --accent: #8ab4f8;
        --paper: #1b1b1f; --surface: #26262b; --edge: #3a3a42; --focus: #ffa94d; --soft: #2f3a4a;
        --accent-hover: #a8c7fa; --on-accent: #111111; --error-bg: #3b1d22; --error-edge: #8a3a46; }
}
:root[data-scheme="dark"] { color-scheme: dark; --focus: #ffa94d; }
/* The hint pictures and the heatmap are drawn on white: in dark mode they are dimmed, so they do not
   glare on the dark page (their colours keep their order and their hues). */
@media (prefers-color-scheme: dark) { :root:not([data-scheme="light"]) img { filter: brightness(.72); } }
:root[data-scheme="dark"] img { filter: brightness(.72); }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       color: var(--ink); background: var(--paper); }
header, main, footer { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
h1 { font-size: clamp(1.4rem, 4vw, 2rem); margin: 1rem 0 .5rem; }
h1 .day { display: block; font-size: .6em; font-weight: 500; color: var(--muted); }
h2 { font-size: 1.25rem; margin: .5rem 0; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--surface); color: var(--accent); padding: .5rem;
              z-index: 1; }
.pick { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.pick input, .pick button, .pick select { font: inherit; min-height: 44px; padding: .25rem .5rem; }
.pick select { max-width: 100%; }
.pick .faceup { display: flex; align-items: center; gap: .5rem; flex-basis: 100%; min-height: 44px; }
.pick .faceup input { min-height: 0; width: 1.25rem; height: 1.25rem; margin: 0; flex: none; }
.days { display: flex; flex-wrap: wrap; gap: 1rem; margin: .5rem 0 1rem; }
.days a { display: inline-block; min-height: 44px; padding: .6rem 0; }
.puzzles { display: grid; gap: 1.5rem;
           grid-template-columns: repeat(auto-fit, minmax(min(100%, 30rem), 1fr)); }
.puzzle, #year { background: var(--surface); border: 1px solid var(--edge); border-radius: .5rem;
                 padding: 1rem; }
#year { margin: 1.5rem 0; }
.heatmap { position: relative; max-width: 100%; width: fit-content; }
.heatmap-links { position: absolute; inset: 0; width: 100%; height: 100%; }
.heatmap-links a rect { fill: transparent; cursor: pointer; }
.heatmap-links a:hover rect { stroke: var(--accent); stroke-width: 3; }
.heatmap-links a:focus { outline: none; }
.heatmap-links a:focus-visible rect { stroke: var(--focus); stroke-width: 5; }
.heatmap-links .today { fill: none; stroke: var(--focus); stroke-width: 4; pointer-events: none; }
.facts { margin: 0 0 .75rem; }
figure { margin: 0 0 1rem; }
figure:focus { outline: 3px solid var(--focus); }
img { display: block; max-width: 100%; height: auto; border-radius: .25rem; }
figcaption { font-size: .95rem; color: var(--muted); margin-top: .25rem; }
.hints { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.button { display: inline-flex; align-items: center; min-height: 44px; padding: .5rem 1rem;
          border-radius: .4rem; background: var(--accent); color: var(--on-accent); text-decoration: none;
          font-weight: 600; }
.button:hover { background: var(--accent-hover); }
.button.done { background: var(--soft); color: var(--ink); font-weight: 500; }
.button.done::before { content: "\\2713\\00a0"; }
.button.secondary { background: var(--surface); color: var(--accent); border: 2px solid var(--accent); }
.button.secondary:hover { background: var(--soft); }
.play-link { margin: 1rem 0 0; }
.reset { display: inline-block; padding: .6rem .25rem; min-height: 44px; }
.error { background: var(--error-bg); border: 1px solid var(--error-edge); padding: 1rem;
         border-radius: .4rem; }
.json { color: var(--muted); font-size: .9rem; overflow-wrap: anywhere; }
footer { color: var(--muted); font-size: .9rem; padding-bottom: 2rem; }
.languages { display: flex; flex-wrap: wrap; justify-content: flex-end; align-items: center; gap: 0 .25rem; }
.languages a, .languages strong { display: inline-block; min-height: 44px; padding: .6rem .25rem; }
.languages strong { font-weight: 600; }
"""

JS = """\
// Progressive enhancement: a hint button reveals its image in place. Without this
// script every button is a plain link to the same page with the stage revealed.
(function () {
  "use strict";

  function figureFor(section, button) {
    var figure = document.createElement("figure");
    figure.id = section.id + "-stage-" + button.dataset.stage;
    figure.tabIndex = -1;
    var img = document.createElement("img");
    img.src = button.dataset.src;
    img.alt = button.dataset.alt;
    img.width = Number(button.dataset.width);
    img.height = Number(button.dataset.height);
    var caption = document.createElement("figcaption");
    var title = document.createElement("strong");
    title.textContent = button.dataset.title;
    caption.append(title, " \\u2014 " + button.dataset.caption);
    figure.append(img, caption);
    return figure;
  }

  function reveal(section, upTo) {
    var stages = section.querySelector(".stages");
    var added = null;
    section.querySelectorAll("a[data-stage]").forEach(function (button) {
      if (Number(button.dataset.stage) > upTo) return;
      if (!document.getElementById(section.id + "-stage-" + button.dataset.stage)) {
        added = figureFor(section, button);
        stages.append(added);
      }
      button.classList.add("done");
      button.setAttribute("aria-current", "step");
    });
    return added;
  }

  // The language switch opens this page as it is now: with the hints revealed so far.
  function keepInLanguageLinks(section, shown) {
    document.querySelectorAll("nav.languages a[href]").forEach(function (link) {
      var other = new URL(link.href, window.location.href);
      other.searchParams.set("date", section.dataset.date);
      other.searchParams.set(section.dataset.param, String(shown));
      link.href = other.pathname + other.search;
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("a[data-stage]") : null;
    if (!button || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    var section = button.closest("section[data-param]");
    var stage = Number(button.dataset.stage);
    var added = reveal(section, stage);
    var url = new URL(window.location.href);
    var shown = Math.max(stage, Number(url.searchParams.get(section.dataset.param) || 0));
    url.searchParams.set("date", section.dataset.date);
    url.searchParams.set(section.dataset.param, String(shown));
    url.hash = "";
    history.replaceState(null, "", url);
    keepInLanguageLinks(section, shown);
    var reset = section.querySelector("a.reset");
    if (reset) reset.hidden = false;
    var target = added || document.getElementById(section.id + "-stage-" + stage);
    if (target) target.focus();
  });
})();

// The visitor's day: the daily page shows the date in the visitor's time zone, which the server
// learns from this browser once (PUT /api/v1/me/settings; until then its default zone), and the
// edition and face-up mode the address names (the page's form names both: an edition without
// "faceup" is face-down), remembered for the next visit. A page of today is shown again when the
// date it shows is not the visitor's.
(function () {
  "use strict";
  var calendar = document.getElementById("calendar");
  if (!calendar || !window.fetch || !window.Intl) return;
  var params = new URLSearchParams(window.location.search);
  var today = !params.has("date") && !params.has("tz");
  function json(response) {
    return response.ok ? response.json() : null;
  }
  function asked(me) {
    var change = {};
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!me.timezone_known && zone) change.timezone = zone;
    if (params.has("edition") && params.get("edition") !== me.edition) change.edition = params.get("edition");
    if (params.has("faceup") || params.has("edition")) {
      var faceup = /^(1|true|yes|on)$/i.test((params.get("faceup") || "").trim());
      if (faceup !== me.faceup) change.faceup = faceup;
    }
    return change;
  }
  fetch("/api/v1/me").then(json).then(function (me) {
    if (!me) return;
    var change = asked(me);
    if (!Object.keys(change).length) return;
    return fetch("/api/v1/me/settings", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(change),
    }).then(json).then(function (after) {
      if (today && after && after.today !== calendar.dataset.date) window.location.reload();
    });
  }).catch(function () {
    /* offline: the page stays as served */
  });
})();
"""


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


# The board's script: ES modules in static/board/, loaded from this one (no build step).
MODULES = "board"
ENTRY = f"{MODULES}/main.js"


def _assets() -> dict[str, Asset]:
    found = {
        "page.css": Asset("page.css", CSS.encode(), MEDIA_TYPES[".css"]),
        "page.js": Asset("page.js", JS.encode(), MEDIA_TYPES[".js"]),
    }
    static = resources.files(__package__).joinpath("static")
    for folder, prefix in ((static, ""), (static.joinpath(MODULES), f"{MODULES}/")):
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
BOARD_MODULES = tuple(name for name in ASSETS if name.startswith(f"{MODULES}/") and name.endswith(".js"))
IMPORT_MAP = json.dumps(
    {"imports": {_plain_url(name): url(name) for name in BOARD_MODULES}},
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
