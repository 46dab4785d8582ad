"""Stale cross-references in the docs and the code: ``python -m tools.doccheck [--root DIR]``.

What is checked, under the repository root (``.venv``, ``node_modules``, hidden and build
folders left out):

- every relative link in a ``*.md`` file: ``[text](<path>)``, ``[text](<path>#<anchor>)``,
  ``[text](#<anchor>)``, images, reference definitions and HTML ``src``/``href`` attributes.
  The file must exist, relative to the linking file, and for a Markdown target the anchor must
  be the GitHub slug of one of its headings;
- every pointer written for people, relative to the root, in a ``*.md`` file or in the comments
  and docstrings of a ``*.py`` file (other string literals are data, such as a test's fixtures):
  ``README "<heading>"`` and ``docs/<name>.md "<heading>"`` (a comma may sit between), whose
  file must have that heading, or one that continues it after a colon, dash or parenthesis;
  ``docs/<name>.md#<anchor>``, whose file must have that anchor; and any ``docs/<name>.md``
  named at all (``see docs/<name>.md``), which must exist. Placeholders in angle brackets, as
  here, are not pointers.

Each stale reference is printed as ``path:line: what is wrong``; the exit code is 1 if there is
any, else 0. Text inside fenced code blocks is never a heading, and links there are not links.
"""

from __future__ import annotations

import argparse
import ast
import io
import os
import re
import sys
import tokenize
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_FOLDERS = frozenset(
    {"node_modules", "__pycache__", "venv", "build", "dist", "htmlcov", "test-output", "data"}
)

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
ATX_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
HTML_ANCHOR = re.compile(r"""<a\s[^>]*?(?:name|id)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+[\"'(][^)]*)?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HTML_LINK = re.compile(r"""<(?:a|img)\s[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
MD_PATH = r"(?:[\w.-]+/)*[\w.-]+\.md"
QUOTED_SECTION = re.compile(
    rf"(?<![\w/.-])(?P<path>README(?:\.md)?|{MD_PATH})[,:]?[ \t]+[\"“](?P<section>[^\"”\n]+)[\"”]"
)
ANCHOR_POINTER = re.compile(rf"(?<![\w/.-])(?P<path>{MD_PATH})#(?P<anchor>[\w-]+)")
DOCS_PATH = re.compile(r"(?<![\w/.-])(?P<path>docs/(?:[\w.-]+/)*[\w.-]+\.md)\b")


@dataclass(frozen=True, order=True)
class Problem:
    """One stale reference: where it is written and what is wrong with it."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


# ---------------------------------------------------------------- headings and anchors


def plain_heading(text: str) -> str:
    """A heading's text as it reads: links by their text, no code marks or emphasis."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("`", "")
    return re.sub(r"(\*\*|__|\*)(.+?)\1", r"\2", text).strip()


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    kept = []
    for char in plain_heading(heading).lower():
        category = unicodedata.category(char)
        if char in " -_" or category[0] in "LNM" or category == "Pc":
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def outside_fences(lines: Sequence[str]) -> Iterator[tuple[int, str]]:
    """(line number from 1, line) for every line that is not inside a fenced code block."""
    fence: str | None = None
    for number, line in enumerate(lines, start=1):
        opening = FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)[0] * len(opening.group(1))
        elif fence is not None and line.strip().startswith(fence):
            fence = None
        elif fence is None:
            yield number, line


@dataclass(frozen=True)
class Headings:
    """A Markdown file's headings (plain text) and the anchors they and its HTML anchors make."""

    texts: tuple[str, ...]
    anchors: frozenset[str]

    def has_section(self, section: str) -> bool:
        """Whether a heading is ``section``, or continues it after a colon, dash or parenthesis."""
        wanted = plain_heading(section).casefold()
        for text in self.texts:
            heading = text.casefold()
            rest = heading.removeprefix(wanted)
            if heading == wanted or (rest != heading and re.match(r"\s*[:(—–-]", rest)):
                return True
        return False


@cache
def headings_of(path: Path) -> Headings:
    """The headings of a Markdown file (not those inside code blocks), with GitHub's anchors."""
    texts: list[str] = []
    anchors: set[str] = set()
    seen: dict[str, int] = {}
    for _, line in outside_fences(path.read_text(encoding="utf-8").splitlines()):
        anchors.update(anchor.lower() for anchor in HTML_ANCHOR.findall(line))
        found = ATX_HEADING.match(line)
        if not found:
            continue
        texts.append(plain_heading(found.group(1)))
        slug = github_slug(found.group(1))
        repeats = seen.get(slug, 0)
        seen[slug] = repeats + 1
        anchors.add(slug if repeats == 0 else f"{slug}-{repeats}")
    return Headings(tuple(texts), frozenset(anchors))


# ---------------------------------------------------------------- the checks


def _shown(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def _anchor_problem(target: Path, anchor: str, root: Path) -> str | None:
    """What is wrong with ``#anchor`` in the Markdown file ``target``, or None."""
    if target.suffix != ".md" or not anchor or anchor.lower() in headings_of(target).anchors:
        return None
    return f"no heading with the anchor #{anchor} in {_shown(target, root)}"


def _without_code_spans(line: str) -> str:
    return CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)


def link_problems(path: Path, root: Path) -> Iterator[Problem]:
    """Relative links of one Markdown file that point at no file or at no heading."""
    shown = _shown(path, root)
    for number, line in outside_fences(path.read_text(encoding="utf-8").splitlines()):
        text = _without_code_spans(line)
        targets = [m.group(1) for m in INLINE_LINK.finditer(text)]
        targets += [m.group(1) for m in REFERENCE_DEFINITION.finditer(text)]
        targets += [m.group(1) for m in HTML_LINK.finditer(text)]
        for raw in targets:
            link = raw.removeprefix("<").removesuffix(">")
            if not link or SCHEME.match(link) or link.startswith(("/", "//")):
                continue
            file_part, _, anchor = link.partition("#")
            target = (path.parent / unquote(file_part)).resolve() if file_part else path
            if not target.exists():
                yield Problem(shown, number, f"link to {link}: no such file")
                continue
            wrong = _anchor_problem(target, anchor, root)
            if wrong:
                yield Problem(shown, number, f"link to {link}: {wrong}")


def _pointed_file(name: str, root: Path) -> Path:
    return root / "README.md" if name == "README" else root / name


def python_prose(source: str) -> dict[int, str]:
    """Line number -> the text written for people on it: docstring lines and comments.

    Source that does not parse is taken whole, so nothing in it goes unchecked.
    """
    lines = source.splitlines()
    try:
        parsed = ast.parse(source)
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (SyntaxError, tokenize.TokenError):
        return dict(enumerate(lines, start=1))
    prose: dict[int, str] = {}
    for node in ast.walk(parsed):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        first = node.body[0] if node.body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            for number in range(first.lineno, (first.end_lineno or first.lineno) + 1):
                prose[number] = lines[number - 1]
    for token in tokens:
        if token.type == tokenize.COMMENT:
            prose.setdefault(token.start[0], token.string)
    return prose


def pointer_problems(path: Path, root: Path) -> Iterator[Problem]:
    """Pointers written for people (``README "<heading>"``, ``docs/<name>.md#<anchor>``, ``see
    docs/<name>.md``) in one Markdown file, or in the comments and docstrings of one Python file,
    that name a missing file, heading or anchor."""
    shown = _shown(path, root)
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        prose = sorted(python_prose(source).items())
    else:
        prose = list(enumerate(source.splitlines(), start=1))
    for number, line in prose:
        if path.suffix == ".md":
            line = INLINE_LINK.sub(lambda m: " " * len(m.group(0)), line)  # links are checked apart
        reported: set[str] = set()
        for found in QUOTED_SECTION.finditer(line):
            target = _pointed_file(found["path"], root)
            section = found["section"]
            reported.add(found["path"])
            if section.startswith("<") and section.endswith(">"):
                continue  # a placeholder, as in a description of this check
            if not target.is_file():
                yield Problem(shown, number, f'{found["path"]} "{section}": no such file')
            elif not headings_of(target).has_section(section):
                yield Problem(shown, number, f'{found["path"]} "{section}": no such heading in it')
        for found in ANCHOR_POINTER.finditer(line):
            target = _pointed_file(found["path"], root)
            reported.add(found["path"])
            where = f"{found['path']}#{found['anchor']}"
            if not target.is_file():
                yield Problem(shown, number, f"{where}: no such file")
            else:
                wrong = _anchor_problem(target, found["anchor"], root)
                if wrong:
                    yield Problem(shown, number, f"{where}: {wrong}")
        for found in DOCS_PATH.finditer(line):
            if found["path"] not in reported and not (root / found["path"]).is_file():
                reported.add(found["path"])
                yield Problem(shown, number, f"{found['path']}: no such file")


def source_files(root: Path) -> Iterator[Path]:
    """The Markdown and Python files of the tree, virtualenvs, hidden and build folders left out."""
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(
            name
            for name in subfolders
            if not name.startswith(".") and name not in SKIPPED_FOLDERS and not name.endswith(".egg-info")
        )
        for name in sorted(files):
            if name.endswith((".md", ".py")):
                yield Path(folder) / name


def check_tree(root: Path) -> list[Problem]:
    """Every stale reference under ``root``, sorted by file and line."""
    root = root.resolve()
    headings_of.cache_clear()
    problems: list[Problem] = []
    for path in source_files(root):
        if path.suffix == ".md":
            problems.extend(link_problems(path, root))
        problems.extend(pointer_problems(path, root))
    return sorted(set(problems))


def main(argv: Sequence[str] | None = None) -> int:
    """Print each stale reference as ``path:line: what is wrong``; 1 if there is any, else 0."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.doccheck",
        description="Check the relative links of the Markdown files and the pointers to docs in the "
        "Python and Markdown files.",
    )
    parser.add_argument("--root", type=Path, default=ROOT, help="the tree to check (default: this one)")
    arguments = parser.parse_args(argv)
    problems = check_tree(arguments.root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"doccheck: {len(problems)} stale reference(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
