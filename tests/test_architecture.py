"""The layers: the rule the import contracts cannot see (the service and the bot's replies never
commit), and proof that the contracts catch what they forbid.

The import contracts themselves (pyproject.toml, [tool.importlinter]) run once on the real tree,
as `lint-imports`, in `make test` and `make lint`; here they run on copies with an import injected.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

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
    """The service and the bot's reply builders leave the unit of work to the front end that calls
    them: only the one runner the front ends share (``hints.unit_of_work``) commits."""
    runner = PROJECT_ROOT / "hints" / "unit_of_work.py"
    replies = sorted((PROJECT_ROOT / "bot" / "replies").glob("*.py"))
    modules = [*sorted((PROJECT_ROOT / "hints").glob("*.py")), *replies]
    found = [where for path in modules if path != runner for where in _commits(path)]
    assert found == []
    assert _commits(runner) != []


PACKAGES = ("jobs", "bot", "api", "hints", "render", "solver", "db", "i18n")


def _tree_copy(destination: Path) -> Path:
    """The project's packages, settings and import contracts, copied to ``destination``."""
    for package in PACKAGES:
        for source in (PROJECT_ROOT / package).rglob("*.py"):
            target = destination / source.relative_to(PROJECT_ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(source.read_text())
    for name in ("settings.py", "pyproject.toml"):
        (destination / name).write_text((PROJECT_ROOT / name).read_text())
    return destination


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    lint = Path(sys.executable).parent / "lint-imports"
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(lint), "--no-cache"], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("module", "upward", "broken"),
    [
        ("solver/catalog.py", "import jobs.cli", "solver is not allowed to import jobs"),
        ("render/hint.py", "import hints.errors", "render is not allowed to import hints"),
        ("hints/daily.py", "import bot.texts", "hints is not allowed to import bot"),
        ("bot/inputs.py", "import api.caching", "bot is not allowed to import api"),
        ("api/presenters.py", "import jobs.target_solving", "api is not allowed to import jobs"),
        ("db/engine.py", "import solver.catalog", "db is not allowed to import solver"),
    ],
)
def test_the_floors_contract_catches_an_import_that_runs_up(
    tmp_path: Path, module: str, upward: str, broken: str
) -> None:
    root = _tree_copy(tmp_path)
    path = root / module
    path.write_text(path.read_text() + f"\n{upward}  # injected by the test\n")
    result = _lint_imports(root)
    assert result.returncode == 1
    assert broken in result.stdout


def test_the_documented_command_names_only_run_the_entry_points() -> None:
    """``python -m solver.precompute`` and the like import nothing: no arrow runs up a floor."""
    shims = ["solver/precompute.py", "solver/ondemand.py", "solver/show.py", "render/__main__.py"]
    shims += ["hints/warm.py", "db/transfer.py", "api/__main__.py", "bot/__main__.py", "bot/dispatch.py"]
    for shim in shims:
        tree = ast.parse((PROJECT_ROOT / shim).read_text())
        imports = [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]
        assert [alias.name for node in imports for alias in node.names] == ["runpy"], shim


RASTERISERS = {
    "hint_image",
    "position_image",
    "render_board",
    "render_date_counts",
    "render_editions",
    "render_heatmap",
    "render_solved_days",
}


def test_only_the_service_s_pictures_module_rasterises() -> None:
    """One presenter turns drawings into PNG bytes: ``hints.pictures``. The service's other modules
    and the front ends import none of render's rasterising functions (the contracts forbid the
    front ends the modules; this names the functions, for the service too)."""
    found = []
    for package in ("hints", "bot", "api"):
        for path in sorted((PROJECT_ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text())
            imported = {
                alias.name
                for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("render")
                for alias in node.names
            }
            if imported & RASTERISERS:
                found.append(str(path.relative_to(PROJECT_ROOT)))
    assert found == ["hints/pictures.py"]


SETTING_WRITERS = {"subscribe", "set_timezone", "set_language", "set_edition", "set_faceup"}


def _setting_writes(path: Path) -> list[str]:
    """Where a module calls one of ``db.chats``' setting writers (``chats.set_timezone(...)``) or
    imports one by name."""
    tree = ast.parse(path.read_text(), filename=str(path))
    where = f"{path.relative_to(PROJECT_ROOT)}:"
    calls = [
        f"{where}{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "chats"
        and node.func.attr in SETTING_WRITERS
    ]
    imports = [
        f"{where}{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.module == "db.chats"
        and {alias.name for alias in node.names} & SETTING_WRITERS
    ]
    return calls + imports


def test_the_front_ends_change_a_chats_settings_only_through_the_service() -> None:
    """``hints.chat_settings`` checks every value against the catalog before ``db.chats`` stores it;
    a command, a button, a route or another service module calling the store's writers directly
    would skip that."""
    service = PROJECT_ROOT / "hints" / "chat_settings.py"
    modules = [
        path
        for package in ("bot", "api", "jobs", "hints")
        for path in sorted((PROJECT_ROOT / package).rglob("*.py"))
        if path != service
    ]
    assert [where for path in modules for where in _setting_writes(path)] == []
    assert _setting_writes(service) != []  # the check does see them


def _reply_functions() -> list[tuple[str, inspect.Signature]]:
    """Every function of :mod:`bot.replies` (its modules' own, not what they import), by name."""
    found = []
    for path in sorted((PROJECT_ROOT / "bot" / "replies").glob("*.py")):
        module = importlib.import_module(f"bot.replies.{path.stem}")
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ == module.__name__:
                found.append((f"{module.__name__}.{name}", inspect.signature(function)))
    return found


def test_replies_format_answers_and_never_see_the_store() -> None:
    """A reply is a pure function of the service's answer (and the language, the chat, the links):
    the handler makes the service call in its unit of work, so no reply function takes a session."""
    functions = _reply_functions()
    with_session = [
        name
        for name, signature in functions
        if any("Session" in str(parameter.annotation) for parameter in signature.parameters.values())
    ]
    assert with_session == []
    assert len(functions) > 30  # the check does see them


SESSION_OPENED = re.compile(r"sessions(?:\.begin)?\(\)")


def test_the_api_opens_its_sessions_in_one_place() -> None:
    """Routes opened sessions four ways (``sessions()``, ``sessions.begin()``, an unused
    dependency, the state's helpers); now only ``ApiState.unit`` does (the one unit of work,
    ``hints.unit_of_work.run``)."""
    opened = [
        f"{path.relative_to(PROJECT_ROOT)}:{number}"
        for path in sorted((PROJECT_ROOT / "api").rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if SESSION_OPENED.search(line)
    ]
    assert opened == []
    assert SESSION_OPENED.search("        with state.sessions.begin() as session:")  # it does see them


OLD_PERSON_TYPES = {"Person", "Who", "Seat"}  # one thing, once under four names


def _classes(path: Path) -> list[tuple[str, int]]:
    """The classes a module defines, with their lines."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return [(node.name, node.lineno) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]


def test_a_person_is_a_player_and_only_a_player() -> None:
    """Whoever plays is a ``hints.players.Player`` (where they play in the bot, a
    ``hints.players.Chat``; the two together, ``hints.player_actions.InChat``): no module defines another
    type of person beside it."""
    found = {
        f"{path.relative_to(PROJECT_ROOT)}:{line} {name}"
        for package in (*PACKAGES, "tools", "benchmarks", "tests")
        for path in sorted((PROJECT_ROOT / package).rglob("*.py"))
        for name, line in _classes(path)
        if name in OLD_PERSON_TYPES
    }
    assert found == set()
    assert "Player" in {name for name, _ in _classes(PROJECT_ROOT / "hints" / "players.py")}  # it sees them
