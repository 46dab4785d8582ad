"""The gettext catalogs: complete, in step with the code, with each language's plural rules."""

from __future__ import annotations

import io
import re
import shutil
import tokenize
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

import i18n
from i18n import LANGUAGES, Nn_, translate, translate_plural, translator
from i18n.__main__ import main
from i18n.catalogs import PROJECT, SOURCE_PACKAGES, TEMPLATE, check_catalogs, extract_template, fields


@pytest.fixture(scope="module")
def code_template() -> Catalog:
    """The strings of the code, extracted once for the tests that read them (a second or two each)."""
    return extract_template()


def test_every_string_of_the_code_is_translated_in_every_catalog(code_template: Catalog) -> None:
    assert check_catalogs(code_template) == []


def test_the_committed_template_lists_exactly_the_strings_of_the_code(code_template: Catalog) -> None:
    with TEMPLATE.open("rb") as pot:
        committed = {(m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(pot) if m.id}
    extracted = {(m.id if isinstance(m.id, str) else m.id[0]) for m in code_template if m.id}
    assert committed == extracted, "run python -m i18n extract && python -m i18n update"


def test_the_check_finds_a_missing_and_a_garbled_translation(
    tmp_path: Path, monkeypatch, code_template: Catalog
) -> None:
    locales = tmp_path / "locales"
    shutil.copytree(i18n.LOCALES, locales)
    po = locales / "ja" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgstr "{day}日"', 'msgstr "{days}日"', 1)
    text = text.replace('msgstr "1月"', 'msgstr ""', 1)
    po.write_text(text, encoding="utf-8")
    monkeypatch.setattr("i18n.catalogs.LOCALES", locales)
    monkeypatch.setattr(
        "i18n.catalogs.catalog_path", lambda lang: locales / lang / "LC_MESSAGES" / "messages.po"
    )
    problems = check_catalogs(code_template)
    assert any("'{day}'" in p and "fields" in p for p in problems), problems
    assert any("'Jan' is not translated" in p for p in problems), problems


def test_japanese_is_a_catalog_and_english_the_source() -> None:
    assert LANGUAGES[0] == "en" and "ja" in LANGUAGES
    assert translate("en", "Jan") == "Jan"
    assert translate("ja", "Jan") == "1月"
    assert translate("de", "Jan") == "Jan"  # no catalog: the English source


def test_plural_forms_follow_each_language() -> None:
    forms = Nn_("{n} piece", "{n} pieces")
    assert [translate_plural("en", forms, n).format(n=n) for n in (1, 2, 0)] == [
        "1 piece",
        "2 pieces",
        "0 pieces",
    ]
    assert translator("ja").info()["plural-forms"] == "nplurals=1; plural=0;"
    assert {translate_plural("ja", forms, n).format(n=n) for n in (1, 2)} == {"1ピース", "2ピース"}


def test_fields_are_the_format_names() -> None:
    assert fields("{remaining} of {total} solutions, {n}") == {"remaining", "total", "n"}
    assert fields("no fields") == frozenset()


def test_the_command_line_checks_and_starts_a_catalog(tmp_path: Path, monkeypatch, capsys) -> None:
    assert main(["check"]) == 0
    monkeypatch.setattr(
        "i18n.catalogs.catalog_path", lambda lang: tmp_path / lang / "LC_MESSAGES" / "messages.po"
    )
    assert main(["init", "de"]) == 0
    started = tmp_path / "de" / "LC_MESSAGES" / "messages.po"
    with started.open("rb") as po:
        catalog = read_po(po, locale="de")
    assert {m.id for m in catalog if m.id} >= {"Jan", "The answer"}
    with pytest.raises(SystemExit, match="exists already"):
        main(["init", "de"])


def _markers_in_f_strings(source: str) -> list[str]:
    """Literal markers (``N_("…")``, ``gettext("…")``) inside f-strings: extraction cannot see them."""
    marker = re.compile(r"""\b(?:N_|Nn_|gettext|ngettext)\(\s*["']""")
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        prefix = re.match(r"[a-zA-Z]*", token.string)
        is_f_string = token.type == tokenize.STRING and prefix is not None and "f" in prefix.group(0).lower()
        if is_f_string and marker.search(token.string):
            found.append(token.string)
    return found


def test_no_marked_string_hides_in_an_f_string_where_extraction_cannot_see_it() -> None:
    assert _markers_in_f_strings("""x = f'{t(N_("Today"))}'\n""") != []  # the check does see one
    assert _markers_in_f_strings("""x = f'{t(TODAY)}' + N_('Today')\n""") == []
    hidden = {
        str(path.relative_to(PROJECT)): _markers_in_f_strings(path.read_text(encoding="utf-8"))
        for package in SOURCE_PACKAGES
        for path in sorted((PROJECT / package).rglob("*.py"))
    }
    assert {path: found for path, found in hidden.items() if found} == {}
