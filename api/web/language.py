"""The language of a web page: ``?lang=``, else the browser's ``Accept-Language``, else English.

A page keeps its language in every link and form (``lang=ja``), so a shared
link opens in the language it was sent in. English is left out of the links
unless the browser would pick another language (then ``lang=en`` keeps the
reader's choice). The texts of the pages are English ``msgid``\\ s marked with
``N_``/``Nn_`` where they are used and translated through :class:`PageLanguage`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from html import escape

from i18n import LANGUAGES, N_, SOURCE_LANGUAGE, translate, translate_plural
from render.words import board_label, day_label, join_words
from solver.catalog import Puzzle
from solver.geometry import Cell

# Each language's name in itself, so anyone finds theirs in the switch.
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}
MAX_HEADER = 1000  # characters of Accept-Language read


def _weight(parameters: str) -> float:
    """The ``q`` of one Accept-Language entry (1 without one, 0 when unreadable)."""
    for parameter in parameters.split(";"):
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "q":
            try:
                return min(max(float(value), 0.0), 1.0)
            except ValueError:
                return 0.0
    return 1.0


def accepted_language(header: str | None) -> str:
    """The language of an ``Accept-Language`` header we have a catalog for, by weight (``ja-JP``
    counts as ``ja``), else English."""
    ranked = []
    for position, entry in enumerate((header or "")[:MAX_HEADER].split(",")):
        tag, _, parameters = entry.strip().partition(";")
        weight = _weight(parameters)
        if tag.strip() and weight > 0:
            ranked.append((-weight, position, tag.strip().lower()))
    for _, _, tag in sorted(ranked):
        for candidate in (tag.replace("-", "_"), tag.split("-")[0]):
            if candidate in LANGUAGES:
                return candidate
    return SOURCE_LANGUAGE


@dataclass(frozen=True)
class PageLanguage:
    """The language a page is in (``code``) and the one the browser alone would give (``browser``)."""

    code: str = SOURCE_LANGUAGE
    browser: str = SOURCE_LANGUAGE

    @property
    def param(self) -> str | None:
        """``lang`` for the page's links: left out for English unless the browser asks for another."""
        return None if self.code == SOURCE_LANGUAGE == self.browser else self.code

    def switched(self, code: str) -> PageLanguage:
        return replace(self, code=code)

    def text(self, message: str, **fields: object) -> str:
        """``message`` (a marked msgid) in this language, its ``{fields}`` filled in (plain text)."""
        return translate(self.code, message).format(**fields)

    def plural(self, forms: tuple[str, str], n: int, **fields: object) -> str:
        """A counted message (``Nn_``) for ``n`` in this language (plain text)."""
        return translate_plural(self.code, forms, n).format(n=n, **fields)

    def html(self, message: str, **markup: str) -> str:
        """``message`` escaped for HTML, its ``{fields}`` filled with ``markup`` (already HTML)."""
        return escape(translate(self.code, message)).format(**markup)

    def html_plural(self, forms: tuple[str, str], count: int, /, **markup: str) -> str:
        """A counted message for ``count``, escaped, its ``{fields}`` (``{n}`` too) filled with
        ``markup``."""
        return escape(translate_plural(self.code, forms, count)).format(**markup)


def open_cells(puzzle: Puzzle, cells: Iterable[Cell], language: str) -> str:
    """The labels of the cells a target leaves open, as a sentence says them: "Jan and 25" in
    English, "1月、25日" in Japanese (a cell without a label by its coordinates)."""
    words = []
    for cell in sorted(cells):
        label = puzzle.labels.get(cell)
        if label is None:
            words.append(str(cell))
        else:
            words.append(day_label(int(label), language) if label.isdigit() else board_label(label, language))
    return join_words(words, language)


def page_language(lang: str | None, accept_language: str | None) -> PageLanguage:
    """``lang`` when we have it (anything else is ignored: a person typed it), else the browser's."""
    browser = accepted_language(accept_language)
    return PageLanguage(lang if lang in LANGUAGES else browser, browser)


def language_switch(language: PageLanguage, href: Callable[[PageLanguage], str]) -> str:
    """Links to the same page in each language; ``href`` gives the page's address in one."""
    items = []
    for code in LANGUAGES:
        name = escape(LANGUAGE_NAMES.get(code, code))
        if code == language.code:
            items.append(f'<strong lang="{code}" aria-current="true">{name}</strong>')
            continue
        link = escape(href(language.switched(code)))
        items.append(f'<a href="{link}" lang="{code}" hreflang="{code}" data-lang="{code}">{name}</a>')
    label = escape(language.text(N_("Language")))
    return f'<nav class="languages" aria-label="{label}">{" · ".join(items)}</nav>'
