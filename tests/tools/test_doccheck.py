"""tools.doccheck: relative Markdown links and pointers to docs, each checked on a small tree."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.doccheck import Problem, check_tree, github_slug, main

GUIDE = """# Guide

Read [the details](docs/details.md) and [its store](docs/details.md#the-store).

## Running it

Back to [the top](#guide).
"""

DETAILS = """# Details

See the [guide](../README.md#running-it).

## The store

## On-demand targets: CP-SAT against exact cover

## Notes

## Notes
"""


def tree(root: Path, files: dict[str, str]) -> Path:
    """Write ``files`` (path -> text) under ``root``, with the guide and the details page."""
    for name, text in {"README.md": GUIDE, "docs/details.md": DETAILS, **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def messages(root: Path) -> list[str]:
    return [str(problem) for problem in check_tree(root)]


@pytest.mark.parametrize(
    ("heading", "slug"),
    [
        ("The store", "the-store"),
        ("On-demand targets: CP-SAT against exact cover", "on-demand-targets-cp-sat-against-exact-cover"),
        ("Whole editions (`--all`) and face-up counts", "whole-editions---all-and-face-up-counts"),
        ("**Bold** [linked](x.md) 日本語", "bold-linked-日本語"),
    ],
)
def test_slugs_are_githubs(heading: str, slug: str) -> None:
    assert github_slug(heading) == slug


def test_a_tree_whose_references_resolve_has_no_problems(tmp_path: Path) -> None:
    code = '''"""Speed: docs/details.md, "On-demand targets"; README "Running it"; see docs/details.md."""
# The layout is drawn in (docs/details.md#the-store); repeated headings: docs/details.md#notes-1.
'''
    tree(tmp_path, {"solver/cover.py": code, "docs/pictures.md": "![board](../README.md)\n"})
    assert check_tree(tmp_path) == []


def test_a_link_to_a_missing_file_is_reported(tmp_path: Path) -> None:
    tree(tmp_path, {"docs/api.md": "# API\n\nSee [the catalog](catalog.md).\n"})
    assert messages(tmp_path) == ["docs/api.md:3: link to catalog.md: no such file"]


def test_a_link_to_a_missing_anchor_is_reported(tmp_path: Path) -> None:
    tree(tmp_path, {"docs/api.md": "# API\n\n[store](details.md#the-stores)\n"})
    assert messages(tmp_path) == [
        "docs/api.md:3: link to details.md#the-stores: "
        "no heading with the anchor #the-stores in docs/details.md"
    ]


def test_a_missing_anchor_in_the_same_file_is_reported(tmp_path: Path) -> None:
    tree(tmp_path, {"docs/api.md": "# API\n\n## Errors\n\n[errors](#errors) and [caching](#caching)\n"})
    assert messages(tmp_path) == [
        "docs/api.md:5: link to #caching: no heading with the anchor #caching in docs/api.md"
    ]


def test_images_and_html_sources_must_exist(tmp_path: Path) -> None:
    (tmp_path / "docs" / "images").mkdir(parents=True)
    (tmp_path / "docs" / "images" / "board.png").write_bytes(b"png")
    page = '![board](images/board.png)\n<img src="images/hint.png" width="300">\n'
    tree(tmp_path, {"docs/pictures.md": page})
    assert messages(tmp_path) == ["docs/pictures.md:2: link to images/hint.png: no such file"]


def test_code_blocks_hold_no_headings_and_no_links(tmp_path: Path) -> None:
    page = "# Page\n\n```sh\n# Not a heading\n[no link](missing.md)\n```\n\n[heading?](#not-a-heading)\n"
    tree(tmp_path, {"docs/page.md": page})
    assert messages(tmp_path) == [
        "docs/page.md:8: link to #not-a-heading: no heading with the anchor #not-a-heading in docs/page.md"
    ]


def test_links_to_other_sites_are_left_alone(tmp_path: Path) -> None:
    page = "[site](https://example.org/x.md) [mail](mailto:a@example.org) `[code](missing.md)`\n"
    tree(tmp_path, {"docs/page.md": page})
    assert check_tree(tmp_path) == []


def test_a_readme_section_that_does_not_exist_is_reported(tmp_path: Path) -> None:
    tree(tmp_path, {"solver/cover.py": '# 3.5x on a calendar date. See README "Speed".\n'})
    assert messages(tmp_path) == ['solver/cover.py:1: README "Speed": no such heading in it']


def test_a_docs_section_must_exist_in_that_file(tmp_path: Path) -> None:
    code = '# fast (docs/details.md, "The store"), (docs/details.md, "The stor")\n'
    tree(tmp_path, {"db/repository.py": code})
    assert messages(tmp_path) == ['db/repository.py:1: docs/details.md "The stor": no such heading in it']


def test_a_section_pointer_to_a_missing_file_is_reported(tmp_path: Path) -> None:
    tree(tmp_path, {"solver/blockers.py": '# faster (docs/speed.md, "On-demand targets")\n'})
    assert messages(tmp_path) == ['solver/blockers.py:1: docs/speed.md "On-demand targets": no such file']


def test_a_named_docs_file_must_exist(tmp_path: Path) -> None:
    tree(tmp_path, {"hints/daily.py": '"""Measured counts: see docs/editions.md."""\n'})
    assert messages(tmp_path) == ["hints/daily.py:1: docs/editions.md: no such file"]


def test_an_anchor_pointer_must_resolve(tmp_path: Path) -> None:
    code = "# the layers (docs/details.md#the-store) and (docs/details.md#layers)\n"
    tree(tmp_path, {"api/app.py": code})
    assert messages(tmp_path) == [
        "api/app.py:1: docs/details.md#layers: no heading with the anchor #layers in docs/details.md"
    ]


def test_only_comments_and_docstrings_of_python_files_are_prose(tmp_path: Path) -> None:
    code = '''"""Module: see docs/gone.md."""

FIXTURE = "see docs/also-gone.md"  # a test's data, not a pointer; but this comment is: docs/old.md


def run() -> None:
    """Run it (README "Nowhere")."""
'''
    tree(tmp_path, {"tests/test_x.py": code})
    assert messages(tmp_path) == [
        "tests/test_x.py:1: docs/gone.md: no such file",
        "tests/test_x.py:3: docs/old.md: no such file",
        'tests/test_x.py:7: README "Nowhere": no such heading in it',
    ]


def test_placeholders_are_not_pointers(tmp_path: Path) -> None:
    tree(tmp_path, {"tools/check.py": '"""Forms: README "<heading>", docs/<name>.md#<anchor>."""\n'})
    assert check_tree(tmp_path) == []


def test_virtualenvs_and_hidden_folders_are_not_checked(tmp_path: Path) -> None:
    broken = "[gone](missing.md)\n"
    tree(tmp_path, {".venv/lib/README.md": broken, "node_modules/x/README.md": broken, ".git/x.md": broken})
    assert check_tree(tmp_path) == []


def test_main_prints_each_problem_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree(tmp_path, {"docs/api.md": "# API\n\n[gone](gone.md)\n", "cli.py": '# see README "Usage"\n'})
    assert main(["--root", str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        'cli.py:1: README "Usage": no such heading in it',
        "docs/api.md:3: link to gone.md: no such file",
    ]


def test_main_passes_a_clean_tree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree(tmp_path, {})
    assert main(["--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out == ""


def test_problems_read_as_path_line_message() -> None:
    problem = Problem("README.md", 12, "link to x.md: no such file")
    assert str(problem) == "README.md:12: link to x.md: no such file"
