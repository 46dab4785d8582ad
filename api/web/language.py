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

from hints.catalog import Cell, Puzzle
from hints.words import board_label, join_words, open_cells_words
from i18n import LANGUAGES, N_, SOURCE_LANGUAGE, translate, translate_plural

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

    def unfilled(self, message: str) -> str:
        """``message`` in this language with its ``{fields}`` left for the template to fill (they
        hold markup: the template's ``fill`` filter)."""
        return translate(self.code, message)

    def unfilled_plural(self, forms: tuple[str, str], n: int) -> str:
        """The counted message for ``n`` in this language, its ``{fields}`` (``{n}`` too) left for
        the template to fill."""
        return translate_plural(self.code, forms, n)


def open_cells(puzzle: Puzzle, cells: Iterable[Cell], language: str) -> str:
    """The labels of the cells a target leaves open, as a sentence says them: "Jan and 25" in
    English, "1月25日" in Japanese (:func:`hints.words.open_cells_words`; a cell without a label
    by its coordinates)."""
    ordered = sorted(cells)
    labels = [puzzle.labels[cell] for cell in ordered if cell in puzzle.labels]
    if len(labels) == len(ordered):
        return open_cells_words(labels, language)
    words = [board_label(puzzle.labels[c], language) if c in puzzle.labels else str(c) for c in ordered]
    return join_words(words, language)


def page_language(lang: str | None, accept_language: str | None) -> PageLanguage:
    """``lang`` when we have it (anything else is ignored: a person typed it), else the browser's."""
    browser = accepted_language(accept_language)
    return PageLanguage(lang if lang in LANGUAGES else browser, browser)


@dataclass(frozen=True)
class LanguageLink:
    """One language of the switch: its code, its name in itself, and the page in it (None: the
    page's own language, not a link)."""

    code: str
    name: str
    href: str | None


@dataclass(frozen=True)
class LanguageSwitch:
    """Links to the same page in each language (``templates/languages.html``)."""

    label: str
    links: tuple[LanguageLink, ...]


def language_switch(language: PageLanguage, href: Callable[[PageLanguage], str]) -> LanguageSwitch:
    """The same page in each language; ``href`` gives the page's address in one."""
    links = tuple(
        LanguageLink(
            code,
            LANGUAGE_NAMES.get(code, code),
            None if code == language.code else href(language.switched(code)),
        )
        for code in LANGUAGES
    )
    return LanguageSwitch(language.text(N_("Language")), links)
