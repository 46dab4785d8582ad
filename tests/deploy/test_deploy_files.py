"""deploy/ cannot be run here (no Docker engine): parse every file and check what it refers to exists.

Also the deployment's security properties, as far as the files show them: the API published on
127.0.0.1 behind a TLS proxy, each compose service handed only its own secrets, pinned images,
a .dockerignore, resource limits and restart policies, sandboxed systemd units, an image built
from a hashed lock file, and the dependency audit in ``make lint``. Fast and offline.
"""

from __future__ import annotations

import configparser
import importlib
import importlib.util
import ipaddress
import json
import re
import shlex
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from db.models import Base, ChatRow
from settings import Settings

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
LOCK = ROOT / "requirements.lock"
PARSERS = {  # module run with `python -m`  ->  function building its argument parser
    "api": ("jobs.api", "build_parser"),
    "bot": None,
    "bot.dispatch": None,
    "solver.precompute": ("jobs.precompute", "_parser"),
    "hints.warm": ("jobs.warm", "_parser"),
    "db.migrate": None,
    "jobs.solve_worker": ("jobs.solve_worker", "_parser"),
}

# The secrets of deploy/.env, and which compose service may see each (DATABASE_URL carries the
# PostgreSQL password, so every service with a DATABASE_URL sees POSTGRES_PASSWORD).
SECRETS = ("POSTGRES_PASSWORD", "TELEGRAM_BOT_TOKEN", "WEBHOOK_SECRET")
SECRETS_PER_SERVICE = {
    "postgres": {"POSTGRES_PASSWORD"},
    "redis": set(),
    "migrate": {"POSTGRES_PASSWORD"},
    "api": {"POSTGRES_PASSWORD", "TELEGRAM_BOT_TOKEN", "WEBHOOK_SECRET"},
    "dispatcher": {"POSTGRES_PASSWORD", "TELEGRAM_BOT_TOKEN"},
    "solver": {"POSTGRES_PASSWORD"},
    "proxy": set(),
}
# A filled-in deploy/.env, to see what each service's environment turns into.
SAMPLE_ENV = {
    "POSTGRES_PASSWORD": "pg-secret",
    "TELEGRAM_BOT_TOKEN": "123456:bot-token",
    "WEBHOOK_URL": "https://puzzles.example.org/telegram/webhook",
    "WEBHOOK_SECRET": "w" * 40,
    "PUBLIC_URL": "https://puzzles.example.org",
    "PUBLIC_HOSTNAME": "puzzles.example.org",
}
LONG_RUNNING = ("postgres", "api", "dispatcher", "proxy")

# The systemd sandbox every unit must have: directive -> required value (None: any value).
SANDBOX = {
    "NoNewPrivileges": "true",
    "ProtectSystem": "strict",
    "ProtectHome": "true",
    "PrivateTmp": "true",
    "PrivateDevices": "true",
    "ProtectKernelTunables": "true",
    "ProtectKernelModules": "true",
    "ProtectControlGroups": "true",
    "RestrictNamespaces": "true",
    "LockPersonality": "true",
    "CapabilityBoundingSet": "",
    "RestrictAddressFamilies": "AF_INET AF_INET6 AF_UNIX",
    "SystemCallFilter": "@system-service",
    "ReadWritePaths": "/opt/puzzle-hints/data",
    "UMask": "0077",
    "MemoryMax": None,
}

# Advisories the dependency audit found against releases the old ranges admitted: the newest
# affected release of each, which pyproject.toml's range must now exclude (deploy/README.md).
AFFECTED_RELEASES = {
    "pillow": "12.3.0",  # PYSEC-2026-2251..2257 and others up to 12.3.0; fixed in 13.0.0
    "starlette": "1.3.0",  # CVE-2026-48710 (< 1.0.1), PYSEC-2026-248 (< 1.3.0), form limits (< 1.3.1)
    "fastapi": "0.136.3",  # MAL-2026-4750; older releases also cap Starlette below its fixes
    "tqdm": "4.66.2",  # CVE-2024-34062
    "jinja2": "3.1.5",  # CVE-2025-27516
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


def interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's ``${VAR}``, ``${VAR:-default}`` and ``${VAR:?error}`` filled in from ``env``."""

    def one(match: re.Match[str]) -> str:
        name, operator, rest = match.group(1), match.group(2), match.group(3) or ""
        if env.get(name):
            return env[name]
        assert operator != ":?", f"{name} is required: {rest}"
        return rest if operator == ":-" else ""

    return re.sub(r"\$\{(\w+)(:[-?])?([^}]*)\}", one, value)


def secrets_referenced(service: dict) -> set[str]:  # type: ignore[type-arg]
    """The deploy/.env secrets that reach a service's environment, under any name."""
    values = " ".join(str(v) for v in (service.get("environment") or {}).values())
    return {name for name in SECRETS if re.search(r"\$\{" + name + r"\b", values)}


def published_ports(service: dict) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    """(host address, container port) of each published port; "" is every address."""
    found = []
    for port in service.get("ports", []):
        if isinstance(port, dict):
            found.append((port.get("host_ip", ""), str(port["target"])))
            continue
        parts = str(port).rsplit(":", 2)
        found.append((parts[0] if len(parts) == 3 else "", parts[-1]))
    return found


@pytest.fixture(scope="module")
def compose() -> dict:  # type: ignore[type-arg]
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


@pytest.fixture(scope="module")
def proxy_override() -> dict:  # type: ignore[type-arg]
    """compose.proxy.yaml, or {} where it is missing (the tests that need it then fail)."""
    path = DEPLOY / "compose.proxy.yaml"
    return yaml.safe_load(path.read_text()) if path.exists() else {}


@pytest.fixture(scope="module")
def all_services(compose: dict, proxy_override: dict) -> dict:  # type: ignore[type-arg]
    """The services of compose.yaml with the proxy override merged in (as compose would)."""
    merged = {name: dict(service) for name, service in compose["services"].items()}
    for name, service in proxy_override.get("services", {}).items():
        base = merged.setdefault(name, {})
        for key, value in service.items():
            if isinstance(value, dict) and isinstance(base.get(key), dict):
                base[key] = {**base[key], **value}
            else:
                base[key] = value
    return merged


def test_compose_names_every_service_with_health_checks(compose: dict) -> None:  # type: ignore[type-arg]
    services = compose["services"]
    assert set(services) == {"postgres", "redis", "migrate", "api", "dispatcher", "solver"}
    assert services["solver"]["profiles"] == ["queue"]  # started only with SOLVE_JOBS=queue
    for name in ("postgres", "redis", "api", "dispatcher"):
        assert services[name]["healthcheck"]["test"], name
    assert services["api"]["depends_on"]["redis"]["condition"] == "service_healthy"
    assert services["api"]["environment"]["REDIS_URL"] == "redis://redis:6379/0"  # one budget per client
    assert services["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    for name in ("api", "dispatcher"):
        assert services[name]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert services[name]["build"]["dockerfile"] == "deploy/Dockerfile"
        assert services[name]["environment"]["DATABASE_URL"].startswith("postgresql+psycopg://")


def test_compose_commands_exist_in_the_project(compose: dict) -> None:  # type: ignore[type-arg]
    services = compose["services"]
    for name in ("api", "dispatcher", "solver"):
        check_python_command(services[name]["command"])
    shell = services["migrate"]["command"]
    assert shell[:2] == ["sh", "-c"]
    for words in commands_in(shell[2]):
        check_python_command(words)
    dispatcher_check = services["dispatcher"]["healthcheck"]["test"]
    check_python_command(dispatcher_check[1:])
    api_check = services["api"]["healthcheck"]["test"]
    assert "/healthz" in " ".join(api_check)


def test_compose_publishes_the_api_on_loopback_only(compose: dict) -> None:  # type: ignore[type-arg]
    assert published_ports(compose["services"]["api"]) == [("127.0.0.1", "8000")]
    for name, service in compose["services"].items():
        for host, port in published_ports(service):
            assert host in ("127.0.0.1", "[::1]"), f"{name} publishes port {port} on every address"


def test_without_the_proxy_the_api_believes_forwarded_addresses_from_the_host_alone(
    compose: dict,  # type: ignore[type-arg]
) -> None:
    """Published on 127.0.0.1, the API is reached from the host through the network's gateway: a
    proxy of the operator's there tells clients apart; no container can claim another address."""
    network = compose["networks"]["default"]["ipam"]["config"][0]
    subnet, gateway = interpolate(network["subnet"], SAMPLE_ENV), interpolate(network["gateway"], SAMPLE_ENV)
    trusted = interpolate(compose["services"]["api"]["environment"]["FORWARDED_ALLOW_IPS"], SAMPLE_ENV)
    assert trusted == gateway and ipaddress.ip_address(gateway) in ipaddress.ip_network(subnet)


def test_proxy_override_puts_tls_in_front_of_the_api(proxy_override: dict) -> None:  # type: ignore[type-arg]
    assert proxy_override, "deploy/compose.proxy.yaml (the TLS proxy) is missing"
    proxy = proxy_override["services"]["proxy"]
    assert {port for _, port in published_ports(proxy)} >= {"80", "443"}
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    assert proxy["environment"]["API_UPSTREAM"] == "api:8000"
    caddyfile = (DEPLOY / "Caddyfile").read_text()
    assert "read_header 10s" in caddyfile and "max_header_size 16KB" in caddyfile  # slow or huge headers
    assert "{$PUBLIC_HOSTNAME}" in caddyfile and "reverse_proxy {$API_UPSTREAM:127.0.0.1:8000}" in caddyfile
    # Behind the proxy the API takes the client address from X-Forwarded-For, from the proxy only.
    api = proxy_override["services"]["api"]
    assert set(api["networks"]) == {"default", "edge"} and proxy["networks"] == ["edge"]
    subnet = proxy_override["networks"]["edge"]["ipam"]["config"][0]["subnet"]
    assert api["environment"]["FORWARDED_ALLOW_IPS"] == subnet


def test_each_service_gets_only_its_own_secrets(all_services: dict) -> None:  # type: ignore[type-arg]
    for name, service in all_services.items():
        assert "env_file" not in service, f"{name} would get the whole env file"
        assert secrets_referenced(service) == SECRETS_PER_SERVICE[name], name
    assert set(all_services) == set(SECRETS_PER_SERVICE)
    assert "WEBHOOK_URL" not in all_services["dispatcher"]["environment"]
    assert not {"TELEGRAM_BOT_TOKEN", "WEBHOOK_SECRET"} & set(all_services["migrate"]["environment"])


@pytest.mark.parametrize("name", ["migrate", "api", "dispatcher", "solver"])
def test_each_app_service_environment_makes_valid_settings(
    all_services: dict,  # type: ignore[type-arg]
    name: str,
) -> None:
    """Only real settings, and together they pass the settings' own checks (webhook secret...)."""
    environment = {k: interpolate(str(v), SAMPLE_ENV) for k, v in all_services[name]["environment"].items()}
    unknown = set(environment) - set(Settings.model_fields)
    assert not unknown, f"{name}: not settings: {unknown}"
    values = {k: v for k, v in environment.items() if k in Settings.model_fields and v}
    settings = Settings(_env_file=None, **values)  # type: ignore[arg-type,call-arg]
    assert settings.DATABASE_URL == "postgresql+psycopg://puzzle:pg-secret@postgres:5432/puzzle"


def test_every_setting_reaches_a_compose_service(all_services: dict) -> None:  # type: ignore[type-arg]
    """With no shared env file, a new setting must be handed to the services that read it."""
    given = {key for service in all_services.values() for key in service.get("environment") or {}}
    by_flag = {"API_HOST", "API_PORT"}  # compose passes --host and --port instead
    by_flag |= {"SOLVE_WORKERS"}  # the solver service's replicas
    missing = set(Settings.model_fields) - given - by_flag
    assert not missing, f"settings no compose service receives: {missing}"


def test_images_are_pinned(all_services: dict) -> None:  # type: ignore[type-arg]
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    for name, service in all_services.items():
        image = service["image"]
        assert not image.endswith(":latest") and ":" in image, f"{name}: {image} is not pinned"
        if "build" in service:
            assert image == f"puzzle-hints:{version}", f"{name}: the built image is tagged {image}"
            assert service.get("pull_policy") == "build", f"{name}: {image} could be pulled from a registry"
        else:  # a concrete release, not a moving major tag like postgres:16
            pinned = re.fullmatch(r"[\w./-]+:\d+\.\d+(\.\d+)?(-[\w.]+)?(@sha256:[0-9a-f]{64})?", image)
            assert pinned, f"{name}: {image} is not a concrete release"
    base = dockerfile_instructions()[0]
    assert base[0] == "FROM"
    assert re.fullmatch(r"python:3\.11\.\d+-slim(-\w+)?(@sha256:[0-9a-f]{64})?", base[1]), base[1]


def test_long_running_services_have_limits_and_restart_policies(
    all_services: dict,  # type: ignore[type-arg]
) -> None:
    for name, service in all_services.items():
        assert "deploy" in service, f"{name} has no resource limits"
        limits = service["deploy"]["resources"]["limits"]
        assert float(limits["cpus"]) > 0 and re.fullmatch(r"\d+[kmg]", str(limits["memory"])), name
        if name in LONG_RUNNING:
            assert service["restart"] in ("unless-stopped", "always"), name
    assert all_services["migrate"]["restart"] == "no"  # one-shot: done when it exits


def test_dockerignore_keeps_secrets_and_local_state_out_of_the_image() -> None:
    assert (ROOT / ".dockerignore").exists(), "no .dockerignore: the whole project dir is the context"
    patterns = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines() if line.strip()}
    required = {".env", "**/.env", ".venv", ".git", "data", "test-output", "**/__pycache__"}
    required |= {".pytest_cache", ".mypy_cache", ".ruff_cache"}
    assert required <= patterns, f"missing from .dockerignore: {required - patterns}"
    assert not any(p.startswith("!") for p in patterns), "nothing is let back in"


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
    assert instructions[0][0] == "FROM" and "-slim" in instructions[0][1]
    users = [rest for keyword, rest in instructions if keyword == "USER"]
    assert users and users[-1] not in ("root", "0")
    for keyword, rest in instructions:
        if keyword == "COPY":
            *sources, _ = rest.split()
            for source in sources:
                assert (ROOT / source).exists(), f"COPY source {source} is not in the project"
    cmd = next(rest for keyword, rest in instructions if keyword == "CMD")
    check_python_command(json.loads(cmd))
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


def test_dockerfile_installs_only_from_the_hashed_lock_file() -> None:
    instructions = dockerfile_instructions()
    installs = [rest for keyword, rest in instructions if keyword == "RUN" and "pip install" in rest]
    assert len(installs) == 1, f"one pip install, from the lock: {installs}"
    words = shlex.split(installs[0])
    assert "--require-hashes" in words and "--no-deps" in words
    assert words[words.index("-r") + 1] == "requirements.lock"
    lock_copied = instructions.index(("COPY", "requirements.lock ./"))
    assert lock_copied < instructions.index(("RUN", installs[0]))


def lock_pins() -> dict[str, tuple[Version, int]]:
    """requirements.lock: normalised name -> (pinned version, number of hashes)."""
    text = LOCK.read_text().replace("\\\n", " ")
    pins: dict[str, tuple[Version, int]] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        requirement, *options = line.split()
        pin = re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)", requirement)
        assert pin, f"{requirement} is not pinned with =="
        hashes = sum(option.startswith("--hash=sha256:") for option in options)
        pins[str(canonicalize_name(pin.group(1)))] = (Version(pin.group(2)), hashes)
    return pins


def test_lock_file_pins_every_runtime_dependency_with_hashes() -> None:
    assert LOCK.exists(), "no requirements.lock (make lock)"
    pins = lock_pins()
    assert all(hashes for _, hashes in pins.values()), "every pin carries its hashes"
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    for line in dependencies:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in requirements.lock (run make lock)"
        version = pins[name][0]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"requirements.lock pins {name}=={version}, outside {requirement.specifier} (run make lock)"
        )
    assert "psycopg-binary" in pins  # the [binary] extra the image needs


def test_dependency_ranges_exclude_releases_with_known_advisories() -> None:
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    ranges = {
        str(canonicalize_name(Requirement(line).name)): Requirement(line).specifier for line in dependencies
    }
    for name, affected in AFFECTED_RELEASES.items():
        assert name in ranges, f"{name} needs its own range in pyproject.toml"
        assert not ranges[name].contains(affected), f"{name}{ranges[name]} admits {affected}"


def makefile_recipe(target: str) -> str:
    """The recipe lines of one Makefile target, joined."""
    lines = (ROOT / "Makefile").read_text().replace("\\\n", " ").splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"{target}:", line))
    recipe = []
    for line in lines[start + 1 :]:
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return "\n".join(recipe)


def test_makefile_locks_and_audits_dependencies() -> None:
    lock = makefile_recipe("lock")
    assert "pip-compile" in lock and "--generate-hashes" in lock
    assert "--output-file requirements.lock" in lock and "https://pypi.org/simple" in lock
    lint = makefile_recipe("lint")
    audit = next(line for line in lint.splitlines() if "pip-audit" in line)
    assert "-r requirements.lock" in audit and "osv" not in audit
    assert "make lint: pip-audit failed" in audit  # a failure says what to do
    dev = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["dev"]
    assert any(canonicalize_name(Requirement(line).name) == "pip-audit" for line in dev)


def unit_directives(unit: Path) -> dict[str, dict[str, list[str]]]:
    """section -> directive -> every value it is given (systemd allows repeats)."""
    sections: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    section = ""
    for line in unit.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
        else:
            key, _, value = line.partition("=")
            sections[section][key.strip()].append(value.strip())
    return sections


UNITS = sorted((DEPLOY / "systemd").glob("*.service"))


@pytest.mark.parametrize("unit", UNITS, ids=lambda p: p.name)
def test_systemd_units_parse_and_restart_on_failure(unit: Path) -> None:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(unit)
    assert {"Unit", "Service", "Install"} <= set(parser.sections())
    service = unit_directives(unit)["Service"]
    assert service["Restart"] == ["on-failure"]
    assert service["EnvironmentFile"][0] == "/etc/puzzle-hints/env"
    assert service["User"] != ["root"]
    check_python_command(shlex.split(service["ExecStart"][0]))
    for command in service.get("ExecStartPre", []):
        check_python_command(shlex.split(command))


@pytest.mark.parametrize("unit", UNITS, ids=lambda p: p.name)
def test_systemd_units_are_sandboxed(unit: Path) -> None:
    service = unit_directives(unit)["Service"]
    for directive, value in SANDBOX.items():
        assert directive in service, f"{unit.name} lacks {directive}="
        if value is not None:
            assert value in service[directive], f"{unit.name}: {directive}={service[directive]}"
    if "MemoryDenyWriteExecute" not in service:  # left out: the unit says why
        assert "# MemoryDenyWriteExecute" in unit.read_text()


def test_only_the_api_unit_reads_the_webhook_secrets() -> None:
    for unit in UNITS:
        files = unit_directives(unit)["Service"]["EnvironmentFile"]
        reads_api_env = "-/etc/puzzle-hints/api.env" in files
        assert reads_api_env == (unit.name == "puzzle-api.service"), unit.name


def test_env_example_lists_every_setting_without_secrets() -> None:
    pairs = dict(
        line.split("=", 1)
        for line in (DEPLOY / ".env.example").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    )
    assert set(Settings.model_fields) <= set(pairs)
    for secret in ("TELEGRAM_BOT_TOKEN", "WEBHOOK_SECRET", "POSTGRES_PASSWORD"):
        assert pairs[secret] == "", f"{secret} must be empty in the example"
    Settings(_env_file=None, **{k: v for k, v in pairs.items() if k in Settings.model_fields and v})  # type: ignore[arg-type,call-arg]


def test_deploy_readme_is_honest_about_docker() -> None:
    text = (DEPLOY / "README.md").read_text()
    assert re.search(r"not (been )?run|cannot run|no Docker engine", text, re.IGNORECASE)


@pytest.mark.parametrize("path", [DEPLOY / "README.md", ROOT / "README.md"], ids=["deploy", "root"])
def test_docs_describe_the_hardening(path: Path) -> None:
    text = path.read_text()
    if path == ROOT / "README.md":
        text = text[text.index("## Deployment") :]
        text = text[: text.index("\n## ", 1)]
    for needle in ("127.0.0.1", "Caddy", "0600", "make lock", "pip-audit", "requirements.lock"):
        assert needle in text, f"{path.relative_to(ROOT)} does not mention {needle}"


def test_the_backup_section_names_every_table_that_holds_peoples_data() -> None:
    """Every table keyed by a chat or a user (and the chats themselves) is named in the backups."""
    text = (DEPLOY / "README.md").read_text()
    backups = text[text.index("## Backups") : text.index("## Upgrades")]
    personal = {
        table.name
        for table in Base.metadata.sorted_tables
        if {"chat_id", "user_id"} & {column.name for column in table.columns}
    } | {ChatRow.__tablename__}
    named = set(re.findall(r"`(\w+)`", backups))
    assert personal <= named, sorted(personal - named)
