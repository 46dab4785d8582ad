"""``jobs.cli``: every command's exit codes, carried by the errors themselves."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from db.engine import DatabaseUnavailable
from hints.errors import NotPrecomputed, ServiceError
from jobs import cli
from solver.catalog import UnknownPuzzleError, UnknownTargetError
from solver.catalog_files import CatalogError


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (UnknownPuzzleError("no puzzle x"), cli.EXIT_USAGE),
        (UnknownTargetError("no target y"), cli.EXIT_USAGE),
        (CatalogError("bad line"), cli.EXIT_USAGE),
        (cli.UsageError("--target needs --puzzle"), cli.EXIT_USAGE),
        (ServiceError("not ready"), cli.EXIT_ENVIRONMENT),
        (NotPrecomputed("pentomino-5x12"), cli.EXIT_ENVIRONMENT),
        (DatabaseUnavailable("cannot open"), cli.EXIT_ENVIRONMENT),
        (OperationalError("SELECT 1", {}, Exception("gone")), cli.EXIT_ENVIRONMENT),
        (FileNotFoundError(2, "No such file", "out.png"), cli.EXIT_ENVIRONMENT),
    ],
)
def test_each_error_a_user_can_act_on_has_its_code(error: BaseException, code: int) -> None:
    assert cli.exit_code(error) == code


def test_a_bug_has_no_code_and_keeps_its_trace() -> None:
    assert cli.exit_code(RuntimeError("a bug")) is None
    with pytest.raises(RuntimeError):
        cli.run(lambda: (_ for _ in ()).throw(RuntimeError("a bug")))


def test_run_turns_an_error_into_one_line_and_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    def work() -> int:
        raise UnknownPuzzleError("unknown puzzle 'x'; known: pentomino-6x10")

    assert cli.run(work) == cli.EXIT_USAGE
    assert capsys.readouterr().err == "error: unknown puzzle 'x'; known: pentomino-6x10\n"


def test_the_cli_helper_imports_nothing_of_the_project_but_settings() -> None:
    tree = ast.parse(Path(cli.__file__).read_text())
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {
        (node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    }
    project = {"solver", "db", "hints", "render", "bot", "api", "jobs", "i18n", "settings"}
    assert imported & project == {"settings"}
