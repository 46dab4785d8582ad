"""The layer rule the import contracts cannot see: the service and the bot's replies never commit.

The import contracts themselves (pyproject.toml, [tool.importlinter]) run once, as
`lint-imports`, in `make test` and `make lint`.
"""

from __future__ import annotations

import ast
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


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
