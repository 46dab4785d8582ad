"""Every text people read, in every language we have a gettext catalog for.

The source strings are English and live in the code, marked for extraction
(``N_`` and ``Nn_`` where a string is chosen before the language is known,
``gettext``/``ngettext`` on a :func:`translator` otherwise). Each other
language is one catalog, ``i18n/locales/<language>/LC_MESSAGES/messages.po``:
adding a language is adding a catalog (``python -m i18n init <language>``,
then translating it). Catalogs are compiled in memory when first used, so there
is no build step and no binary file in the repository.
"""

from __future__ import annotations

import gettext
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALES = Path(__file__).parent / "locales"
DOMAIN = "messages"
SOURCE_LANGUAGE = "en"


def catalog_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _catalog_languages() -> tuple[str, ...]:
    return tuple(sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")))


LANGUAGES: tuple[str, ...] = (SOURCE_LANGUAGE, *_catalog_languages())


def N_(message: str) -> str:
    """Marks ``message`` for extraction; it is translated later, once the language is known."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a singular/plural pair for extraction (translated later with ``ngettext``)."""
    return singular, plural


@cache
def translator(language: str) -> gettext.NullTranslations:
    """The translations of ``language``: its compiled catalog, or the English source strings
    (with English plural rules) for English and for any language without a catalog."""
    path = catalog_path(language)
    if language == SOURCE_LANGUAGE or not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=language)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def translate(language: str, message: str) -> str:
    return translator(language).gettext(message)


def translate_plural(language: str, forms: tuple[str, str], n: int) -> str:
    return translator(language).ngettext(forms[0], forms[1], n)
