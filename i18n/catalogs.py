"""Extracting the source strings and checking the catalogs against them (Babel)."""

from __future__ import annotations

import string
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from i18n import DOMAIN, LOCALES, catalog_path

PROJECT = Path(__file__).resolve().parent.parent
SOURCE_PACKAGES = ("bot", "render", "hints", "api", "solver")
# gettext's own names plus the markers of i18n (N_ for one string, Nn_ for a plural pair)
KEYWORDS = {
    "gettext": None,
    "_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "N_": None,
    "Nn_": (1, 2),
}
TEMPLATE = LOCALES / f"{DOMAIN}.pot"


def extract_template(packages: Iterable[str] = SOURCE_PACKAGES) -> Catalog:
    """Every marked string of the source packages, with where it is used and its translator note."""
    template = Catalog(project="puzzle-hint-bot", fuzzy=False)
    for package in packages:
        found = extract_from_dir(
            PROJECT / package,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            flags = ("python-brace-format",) if _has_fields(message) else ()
            template.add(
                message,
                locations=[(f"{package}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
                flags=flags,
            )
    return template


def _has_fields(message: str | tuple[str, ...]) -> bool:
    forms = (message,) if isinstance(message, str) else message
    return any(fields(form) for form in forms)


def fields(text: str) -> frozenset[str]:
    """The ``{name}`` fields of a format string (what a translation must keep)."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


def write_template(template: Catalog) -> Path:
    with TEMPLATE.open("wb") as out:
        write_po(out, template, width=100, omit_header=False, sort_output=True)
    return TEMPLATE


def read_catalog(language: str) -> Catalog:
    with catalog_path(language).open("rb") as po:
        return read_po(po, locale=language)


def update_catalogs(template: Catalog) -> list[Path]:
    paths = []
    for path in sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        language = path.parent.parent.name
        catalog = read_catalog(language)
        catalog.update(template, no_fuzzy_matching=True)
        with path.open("wb") as out:
            write_po(out, catalog, width=100, sort_output=True, ignore_obsolete=True)
        paths.append(path)
    return paths


def init_catalog(language: str, template: Catalog) -> Path:
    path = catalog_path(language)
    if path.exists():
        raise SystemExit(f"{path} exists already: use `python -m i18n update`")
    catalog = Catalog(locale=language, project="puzzle-hint-bot", fuzzy=False)
    catalog.update(template)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=100, sort_output=True)
    return path


def _translation_problems(language: str, message: Message) -> list[str]:
    ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
    texts = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
    where = f"{language}: {ids[0]!r}"
    if message.fuzzy:
        return [f"{where} is marked fuzzy"]
    if not all(texts):
        return [f"{where} is not translated"]
    wanted = frozenset().union(*(fields(i) for i in ids))
    problems = []
    for text in texts:
        got = fields(text)
        # a plural translation may leave out {n} (Japanese counts without changing the word)
        if not got <= wanted or not (wanted - {"n"}) <= got:
            problems.append(f"{where}: fields {sorted(got)} differ from the source's {sorted(wanted)}")
    return problems


def check_catalogs(template: Catalog) -> list[str]:
    """What is wrong in the catalogs: strings missing, untranslated, fuzzy, with other fields, or
    translations of strings the code no longer has."""
    problems = []
    for path in sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        language = path.parent.parent.name
        catalog = read_catalog(language)
        for message in template:
            if not message.id:
                continue
            found = catalog.get(message.id, message.context)
            if found is None:
                problems.append(f"{language}: {message.id!r} is missing (python -m i18n update)")
                continue
            problems.extend(_translation_problems(language, found))
        for message in catalog:
            if message.id and template.get(message.id, message.context) is None:
                problems.append(f"{language}: {message.id!r} is no longer in the code")
    return problems
