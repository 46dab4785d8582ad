"""``python -m api``: serve the API and web page with one uvicorn worker.

    python -m api [--host H] [--port P] [--database-url URL] [--access-log]

Defaults come from ``API_HOST``/``API_PORT``/``DATABASE_URL`` (settings.py).
``--port 0`` picks a free port. The first stdout line says where it listens:
``api: serving http://127.0.0.1:8000 (OpenAPI at /docs)``. A port in use or an
unusable database ends the process with a one-line error (exit 1).
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import socket
import sys
from collections.abc import Sequence

import uvicorn
from fastapi import FastAPI
from pydantic import ValidationError
from sqlalchemy import inspect, text
from sqlalchemy.exc import SQLAlchemyError
from uvicorn.supervisors import Multiprocess

from api.app import create_app
from db.engine import DatabaseUnavailable, database_error, make_engine
from jobs import cli
from jobs.solve_jobs import solver_factory
from settings import Settings, get_settings

REQUIRED_TABLES = {"puzzles", "targets", "solutions", "hint_cache"}


class StartupError(RuntimeError):
    """Why the server cannot start; printed as one line."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m api", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--host", help="address to listen on (default API_HOST)")
    parser.add_argument("--port", type=int, help="port (default API_PORT; 0 picks a free one)")
    cli.add_database_option(parser)
    parser.add_argument("--access-log", action="store_true", help="log every request (slower)")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn worker processes (default 1)")
    parser.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )
    return parser


def check_database(url: str) -> None:
    """The store opens, answers and has the schema (precomputing is /readyz's concern)."""
    try:
        engine = make_engine(url)
    except DatabaseUnavailable as exc:
        raise StartupError(str(exc)) from None
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
            tables = set(inspect(connection).get_table_names())
    except SQLAlchemyError as exc:
        reason = database_error(exc)
        raise StartupError(f"cannot use the database {engine.url!r}: {reason}") from None
    finally:
        engine.dispose()
    missing = REQUIRED_TABLES - tables
    if missing:
        raise StartupError(f"the database {engine.url!r} is not migrated (run python -m db.migrate)")


def app_from_environment() -> FastAPI:
    """The app a worker process builds (uvicorn's factory): settings from the environment, and
    targets not stored solved on demand."""
    settings = get_settings()
    return create_app(settings, solver_factory(settings))


def listen(host: str, port: int) -> socket.socket:
    """A bound, listening socket, so "port in use" is our clear error and not a uvicorn traceback."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise StartupError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        reason = "the port is already in use" if exc.errno == errno.EADDRINUSE else exc.strerror or str(exc)
        raise StartupError(f"cannot listen on {host}:{port}: {reason}") from None
    sock.set_inheritable(True)
    return sock


def settings_from(args: argparse.Namespace) -> Settings:
    try:
        settings = get_settings()
        if args.database_url:
            settings = Settings(**{**settings.model_dump(), "DATABASE_URL": args.database_url})
    except ValidationError as exc:
        first = exc.errors()[0]
        where = f"bad setting {first['loc'][0]}" if first["loc"] else "bad settings"
        raise StartupError(f"{where}: {first['msg']}") from None
    return settings


def serve(args: argparse.Namespace) -> None:
    settings = settings_from(args)
    host = args.host or settings.API_HOST
    port = settings.API_PORT if args.port is None else args.port
    if not 0 <= port < 65536:
        raise StartupError(f"--port must be between 0 and 65535, got {port}")
    if not 1 <= args.workers <= 64:
        raise StartupError(f"--workers must be between 1 and 64, got {args.workers}")
    check_database(settings.DATABASE_URL)
    sock = listen(host, port)
    bound_port = sock.getsockname()[1]
    if args.workers > 1:
        serve_workers(args, settings, sock, f"{host}:{bound_port}")
        return
    try:
        app = create_app(settings, solver_factory(settings))
    except (DatabaseUnavailable, ValueError) as exc:
        sock.close()
        raise StartupError(str(exc)) from None
    shown = f"[{host}]" if ":" in host else host
    print(f"api: serving http://{shown}:{bound_port} (OpenAPI at /docs)", flush=True)
    run_until_signalled(uvicorn.Server(uvicorn_config(app, args, settings)), sock)


def uvicorn_config(
    app: FastAPI | str, args: argparse.Namespace, settings: Settings, workers: int = 1
) -> uvicorn.Config:
    """Server options shared by the one-worker and the multi-worker modes (a string is a factory path).

    ``X-Forwarded-For`` is believed only from ``FORWARDED_ALLOW_IPS`` (uvicorn's own default
    believes it from 127.0.0.1, where any local client could name itself anyone).
    """
    trusted = settings.FORWARDED_ALLOW_IPS.strip()
    return uvicorn.Config(
        app,
        factory=isinstance(app, str),
        workers=workers,
        loop="uvloop",
        http="httptools",
        access_log=args.access_log,
        log_level=args.log_level,
        server_header=False,
        timeout_graceful_shutdown=5,
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted or "127.0.0.1",  # unused without proxy_headers
    )


def serve_workers(args: argparse.Namespace, settings: Settings, sock: socket.socket, where: str) -> None:
    """Several worker processes on one listening socket; each builds its app from the environment."""
    os.environ["DATABASE_URL"] = settings.DATABASE_URL  # --database-url reaches the workers this way
    config = uvicorn_config("jobs.api:app_from_environment", args, settings, workers=args.workers)
    print(f"api: serving http://{where} with {args.workers} workers (OpenAPI at /docs)", flush=True)
    Multiprocess(config, sockets=[sock]).run()


def run_until_signalled(server: uvicorn.Server, sock: socket.socket) -> None:
    """Serve until SIGINT/SIGTERM, then shut down gracefully and return (exit status 0).

    uvicorn re-raises the signal it caught once it has shut down; with no-op
    handlers in place that re-raise ends quietly instead of killing the process
    or printing a KeyboardInterrupt traceback.
    """
    stops = (signal.SIGINT, signal.SIGTERM)
    previous = {stop: signal.signal(stop, lambda _signum, _frame: None) for stop in stops}
    try:
        server.run(sockets=[sock])
    finally:
        for stop, handler in previous.items():
            signal.signal(stop, handler)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        serve(args)
    except StartupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return cli.EXIT_ENVIRONMENT
    return cli.EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
