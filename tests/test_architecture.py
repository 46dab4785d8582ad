"""The layers of docs/architecture.md hold: the import contracts pass, and they catch what they forbid."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("solver", "db", "hints", "render", "bot", "api")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """Run import-linter on the tree at ``root`` (it analyses the packages found there)."""
    wide = {**os.environ, "COLUMNS": "300"}  # one line per contract in the summary
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"], cwd=root, capture_output=True, text=True, check=False, env=wide
    )


def test_the_import_contracts_hold() -> None:
    result = lint_imports(PROJECT_ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "bad_import", "contract"),
    [
        ("solver/geometry.py", "import db.repository", "The solver core is pure"),
        ("solver/hints.py", "import render.images", "The solver core is pure"),
        ("render/images.py", "import db.engine", "render draws solver types"),
        ("db/repository.py", "import hints.daily", "The store knows nothing above it"),
        ("hints/daily.py", "import bot.replies", "The service knows no front end"),
        ("bot/replies.py", "from db import repository", "Front ends read puzzle data only through"),
        ("api/presenters.py", "import api.daily", "No import cycles"),
        ("api/app.py", "import bot.handlers", "The API uses the bot only through its webhook seam"),
        ("bot/handlers.py", "import api.errors", "The bot never imports the API"),
    ],
)
def test_each_contract_catches_a_violation(
    tmp_path: Path, module: str, bad_import: str, contract: str
) -> None:
    for package in PACKAGES:
        shutil.copytree(
            PROJECT_ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    for name in ("pyproject.toml", "settings.py", "cli.py"):
        shutil.copy(PROJECT_ROOT / name, tmp_path / name)
    with (tmp_path / module).open("a") as source:
        source.write(f"\n{bad_import}  # injected by the test\n")
    result = lint_imports(tmp_path)
    assert result.returncode != 0
    broken = [line for line in result.stdout.splitlines() if " BROKEN" in line]
    assert any(line.startswith(contract) for line in broken), result.stdout


def _commits(path: Path) -> list[str]:
    """Where a module calls ``.commit()`` (or begins a self-committing ``sessions.begin()`` block)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return [
        f"{path.relative_to(PROJECT_ROOT)}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("commit", "begin")
    ]


def test_no_service_module_and_no_bot_reply_commits() -> None:
    """The service and the bot's reply builders leave the unit of work to the front end that calls them."""
    modules = [*sorted((PROJECT_ROOT / "hints").glob("*.py")), PROJECT_ROOT / "bot" / "replies.py"]
    found = [where for path in modules if path.name != "warm.py" for where in _commits(path)]
    assert found == []
