"""deploy/ cannot be run here (no Docker engine): parse every file and check what it refers to exists."""

from __future__ import annotations

import configparser
import importlib
import importlib.util
import re
import shlex
import tomllib
from pathlib import Path

import pytest
import yaml

from settings import Settings

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
PARSERS = {  # module run with `python -m`  ->  function building its argument parser
    "api": ("api.__main__", "build_parser"),
    "bot": None,
    "bot.dispatch": None,
    "solver.precompute": ("solver.precompute", "_parser"),
    "hints.warm": ("hints.warm", "_parser"),
    "db.migrate": None,
}


def check_python_command(words: list[str]) -> None:
    """`python -m MODULE ARGS...`: the module exists here and its parser accepts the arguments."""
    assert words[0].endswith("python") and words[1] == "-m", words
    module, arguments = words[2], words[3:]
    assert module in PARSERS, f"unexpected module {module}"
    assert importlib.util.find_spec(module) is not None, module
    parser = PARSERS[module]
    if parser is None:
        assert arguments == [] or arguments == ["--healthcheck"], words
        return
    build = getattr(importlib.import_module(parser[0]), parser[1])
    build().parse_args(arguments)  # SystemExit (a test failure) if a flag does not exist


def commands_in(shell: str) -> list[list[str]]:
    return [shlex.split(part) for part in shell.split("&&")]


@pytest.fixture(scope="module")
def compose() -> dict:  # type: ignore[type-arg]
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def test_compose_names_every_service_with_health_checks(compose: dict) -> None:  # type: ignore[type-arg]
    services = compose["services"]
    assert set(services) == {"postgres", "migrate", "api", "dispatcher"}
    for name in ("postgres", "api", "dispatcher"):
        assert services[name]["healthcheck"]["test"], name
    assert services["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    for name in ("api", "dispatcher"):
        assert services[name]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert services[name]["build"]["dockerfile"] == "deploy/Dockerfile"
        assert services[name]["environment"]["DATABASE_URL"].startswith("postgresql+psycopg://")


def test_compose_commands_exist_in_the_project(compose: dict) -> None:  # type: ignore[type-arg]
    services = compose["services"]
    for name in ("api", "dispatcher"):
        check_python_command(services[name]["command"])
    shell = services["migrate"]["command"]
    assert shell[:2] == ["sh", "-c"]
    for words in commands_in(shell[2]):
        check_python_command(words)
    dispatcher_check = services["dispatcher"]["healthcheck"]["test"]
    check_python_command(dispatcher_check[1:])
    api_check = services["api"]["healthcheck"]["test"]
    assert "/healthz" in " ".join(api_check)


def dockerfile_instructions() -> list[tuple[str, str]]:
    text = (DEPLOY / "Dockerfile").read_text().replace("\\\n", " ")
    found = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            keyword, _, rest = line.strip().partition(" ")
            found.append((keyword.upper(), rest.strip()))
    return found


def test_dockerfile_is_slim_non_root_and_refers_to_real_files() -> None:
    instructions = dockerfile_instructions()
    assert instructions[0] == ("FROM", "python:3.11-slim")
    users = [rest for keyword, rest in instructions if keyword == "USER"]
    assert users and users[-1] not in ("root", "0")
    for keyword, rest in instructions:
        if keyword == "COPY":
            *sources, _ = rest.split()
            for source in sources:
                assert (ROOT / source).exists(), f"COPY source {source} is not in the project"
    cmd = next(rest for keyword, rest in instructions if keyword == "CMD")
    check_python_command(__import__("json").loads(cmd))
    assert any(keyword == "HEALTHCHECK" and "/healthz" in rest for keyword, rest in instructions)
    copied = {s for k, r in instructions if k == "COPY" for s in r.split()[:-1]}
    development_only = {"tests", "benchmarks"}
    packages = {
        p.name for p in ROOT.iterdir() if (p / "__init__.py").exists() and p.name not in development_only
    }
    assert packages <= copied, f"packages missing from the image: {packages - copied}"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    modules = {f"{name}.py" for name in project["tool"]["setuptools"]["py-modules"]}
    assert modules <= copied, f"top-level modules missing from the image: {modules - copied}"


def test_env_example_lists_every_setting_without_secrets() -> None:
    pairs = dict(
        line.split("=", 1)
        for line in (DEPLOY / ".env.example").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    )
    assert set(Settings.model_fields) <= set(pairs)
    for secret in ("TELEGRAM_BOT_TOKEN", "WEBHOOK_SECRET", "POSTGRES_PASSWORD"):
        assert pairs[secret] == "", f"{secret} must be empty in the example"
    Settings(_env_file=None, **{k: v for k, v in pairs.items() if k in Settings.model_fields and v})  # type: ignore[arg-type]


@pytest.mark.parametrize("unit", sorted((DEPLOY / "systemd").glob("*.service")), ids=lambda p: p.name)
def test_systemd_units_parse_and_restart_on_failure(unit: Path) -> None:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(unit)
    assert {"Unit", "Service", "Install"} <= set(parser.sections())
    service = parser["Service"]
    assert service["Restart"] == "on-failure"
    assert service["EnvironmentFile"] == "/etc/puzzle-hints/env"
    assert service["User"] != "root"
    check_python_command(shlex.split(service["ExecStart"]))
    if "ExecStartPre" in service:
        check_python_command(shlex.split(service["ExecStartPre"]))


def test_deploy_readme_is_honest_about_docker() -> None:
    text = (DEPLOY / "README.md").read_text()
    assert re.search(r"not (been )?run|cannot run|no Docker engine", text, re.IGNORECASE)
