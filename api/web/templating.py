"""How the pages are marked up: the Jinja2 templates of ``api/web/templates/``, one environment.

The Python modules of :mod:`api.web` decide *what* a page says (view models: dataclasses of
translated words, numbers and URLs); the templates decide *how* it is marked up. Every
``.html`` template is autoescaped, and a name a template uses without being given one is an
error (``StrictUndefined``), never an empty string.

Three choices keep the pages exactly as they are sent:

- **Lines joined.** Templates are written one element to a line, indented; the page is sent as
  one line. Before a template is compiled, each line break, with the spaces around it, is
  dropped where it touches a tag or a template tag (the line before ends with ``>`` or ``}``,
  the next starts with ``<`` or ``{``) and is one space elsewhere (between the words of a long
  sentence, or the attributes of a long tag). So words that need a space between them and an
  element or a ``{{ value }}`` stay on one line.
- **Escaped as ``html.escape`` escapes.** Every ``{{ value }}`` is escaped with
  :func:`html.escape` (``&#x27;`` and ``&quot;`` for quotes), not markupsafe's own spelling.
- **Translated words with markup in them** (``{cells}`` set in bold inside a sentence) are
  filled by the ``fill`` filter: the translation escaped, its fields put in as the template
  marked them up.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, pass_eval_context, select_autoescape
from jinja2.ext import Extension
from jinja2.nodes import EvalContext
from markupsafe import Markup

LINE_BREAK = re.compile(r"[ \t]*\n\s*")


def join_lines(source: str) -> str:
    """``source`` as one line: a line break (and the spaces around it) dropped next to a tag or a
    template tag, one space between words."""

    def joined(match: re.Match[str]) -> str:
        before = source[match.start() - 1 : match.start()]
        after = source[match.end() : match.end() + 1]
        return "" if before in ("", ">", "}") or after in ("", "<", "{") else " "

    return LINE_BREAK.sub(joined, source)


class JoinLines(Extension):
    """Joins each template's lines before it is compiled (:func:`join_lines`)."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return join_lines(source)


def _escaped(value: object) -> Markup:
    return value if isinstance(value, Markup) else Markup(html.escape(str(value)))


@pass_eval_context
def _finalize(context: EvalContext, value: object) -> object:
    """Every ``{{ value }}`` of an autoescaped template escaped as :func:`html.escape` does."""
    return _escaped(value) if context.autoescape and not hasattr(value, "__html__") else value


def fill(message: str, **fields: object) -> Markup:
    """A translated ``message`` (plain text with ``{fields}``) escaped, its fields filled in: markup
    the template made as it is, anything else escaped."""
    return Markup(html.escape(message).format(**{name: _escaped(value) for name, value in fields.items()}))


def json_script(data: Any) -> Markup:
    """``data`` as JSON to sit inside ``<script type="application/json">``: no ``<``, ``>`` or ``&``
    that could end or open a tag (written as ``\\u003c`` and so on, which JSON reads back)."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


ENVIRONMENT = Environment(
    loader=PackageLoader("api.web", "templates"),
    autoescape=select_autoescape(["html"]),
    undefined=StrictUndefined,
    finalize=_finalize,
    extensions=[JoinLines],
    auto_reload=False,
)
ENVIRONMENT.filters["fill"] = fill
ENVIRONMENT.filters["json_script"] = json_script


def compile_templates() -> None:
    """Compile every page template now (tens of milliseconds in all): at a server's start, not in
    the first request that shows each, where it held the interpreter's lock from a worker thread
    while everyone else's answers waited."""
    for name in ENVIRONMENT.list_templates():
        ENVIRONMENT.get_template(name)


def render(template: str, **context: object) -> str:
    """The page ``template`` (a file of ``api/web/templates/``) makes of ``context``."""
    return ENVIRONMENT.get_template(template).render(**context)
