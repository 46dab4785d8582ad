"""The one configuration class: environment variables and ``.env``."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from pydantic import SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite:///data/puzzles.db"
WEBHOOK_SECRET_PATTERN = re.compile(r"^[A-Za-z0-9_-]{32,256}$")  # Telegram's alphabet; guessable below 32


class Settings(BaseSettings):
    """Every setting of the project; created by :func:`get_settings`, never at import time."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    DATABASE_URL: str = DEFAULT_DATABASE_URL
    TELEGRAM_BOT_TOKEN: SecretStr | None = None
    TELEGRAM_API_BASE_URL: str | None = None
    WEBHOOK_URL: str | None = None
    WEBHOOK_SECRET: SecretStr | None = None
    API_HOST: str = "127.0.0.1"
    API_PORT: int = 8000
    DEFAULT_TIMEZONE: str = "UTC"
    # Telegram's limit is about 30 messages/s per bot token; every process sending with the token
    # (dispatchers, webhook workers, the polling bot) shares this one budget through the database.
    TELEGRAM_MESSAGES_PER_SECOND: float = 30.0
    # Updates accepted and not yet handled, per bot process; beyond it polling pauses and the
    # webhook answers 503 (Telegram delivers again later).
    BOT_UPDATE_BACKLOG: int = 1000
    DISPATCH_INTERVAL_SECONDS: float = 60.0
    # Messages one dispatcher keeps in flight (also the most a crash can duplicate).
    DISPATCH_CONCURRENCY: int = 8
    # A claimed post whose dispatcher died is taken over after this long.
    DISPATCH_LEASE_SECONDS: float = 300.0
    # The API's bounded pool for dates that are not cached (yesterday, today and tomorrow always are):
    # computations at once, computations waiting (beyond: 503), and per client a minute (beyond: 429).
    API_COMPUTE_WORKERS: int = 1
    API_COMPUTE_QUEUE: int = 8
    API_COMPUTE_PER_MINUTE: int = 20
    # Requests per client a second on average, any path (three seconds' worth at once; beyond: 429),
    # counted per process: cached answers cost the event loop too.
    API_REQUESTS_PER_SECOND: int = 50
    # Requests of one client handled at once (its others wait their turn), so that a
    # client's burst is spread among everyone else's requests, not handled back to back.
    API_REQUESTS_IN_FLIGHT: int = 2
    # The Mini App's writes (saved boards, hints seen, solves) per Telegram user: a minute's, and at
    # most API_ME_WRITE_BURST of them in any 10 seconds (beyond either: 429 with Retry-After).
    API_ME_WRITES_PER_MINUTE: int = 30
    API_ME_WRITE_BURST: int = 10
    # Reverse proxies whose X-Forwarded-For (the client's address) the API believes: addresses or
    # networks, comma-separated ("*": any peer). Empty: none, every client is the address it connects
    # from. Set it to your proxy's address only (compose.proxy.yaml: the edge network's subnet).
    FORWARDED_ALLOW_IPS: str = ""
    # How long a request waits for a target solved on demand before 503 with Retry-After (seconds).
    API_ON_DEMAND_WAIT: float = 10.0
    # Worker processes that solve one on-demand target together (its work dealt out in shares);
    # 0: one per core; 1: solve in the asking process. The pool starts on the first such target.
    ON_DEMAND_PROCESSES: int = 0
    # Where targets solved on demand are solved: "in-process" (the asking process's own solver
    # processes; the default, and the only choice on SQLite) or "queue" (PostgreSQL only: as jobs
    # on procrastinate's queue in the store, taken by `python -m jobs.solve_worker` on any machine).
    SOLVE_JOBS: Literal["in-process", "queue"] = "in-process"
    # With SOLVE_JOBS=queue: the solver workers `make run`'s launcher starts on this machine (0: none,
    # they run elsewhere), and the targets each API or bot process keeps on the queue at once.
    SOLVE_WORKERS: int = 1
    # With SOLVE_JOBS=queue: how often a worker tells the store it is alive, and after how long
    # without a sign the job it was solving is taken by another worker (seconds).
    SOLVE_WORKER_HEARTBEAT: float = 5.0
    SOLVE_WORKER_STALLED_AFTER: float = 20.0
    # The bound of each process's cache of raw solutions (every solution and its symmetric images,
    # read for hints and positions), in MB; the targets used longest ago go first.
    RAW_SOLUTION_CACHE_MB: int = 256
    # https base of the web board / Telegram Mini App (e.g. https://puzzles.example.org); unset: no
    # "Play on the board" buttons in the bot.
    PUBLIC_URL: str | None = None
    # Where the rate limits count (the API's budgets per client and per Mini App user, the webhook's
    # wrong secrets, the bot's flood budgets): unset, in each process's memory; a redis:// URL, in
    # Redis, shared by every worker and machine (each then spends one budget per client).
    REDIS_URL: str | None = None
    # The bot's @username without the @, for "Continue in Telegram" deep links from the web page.
    TELEGRAM_BOT_USERNAME: str | None = None
    # The key the web board's player cookie is signed with (any long random string; changing it
    # makes every web visitor a new one). Unset: a random key the server makes once and keeps in
    # the store (server_secrets), the same for every worker and restart. Never logged.
    WEB_PLAYER_SECRET: SecretStr | None = None

    # People's own puzzles (solver.definitions.Limits, docs/catalog.md): the largest board and the
    # most pieces a definition may have, and per target solved, the seconds of search and the
    # solutions kept (beyond them the answer is "more than N", with hints from the first N).
    CUSTOM_PUZZLE_MAX_BOARD_CELLS: int = 64
    CUSTOM_PUZZLE_MAX_PIECES: int = 13
    CUSTOM_PUZZLE_SECONDS_PER_TARGET: float = 20.0
    CUSTOM_PUZZLE_SOLUTIONS_PER_TARGET: int = 5000
    # How many puzzles one person may keep, and write (new puzzles and new versions) in a day.
    CUSTOM_PUZZLES_PER_PERSON: int = 20
    CUSTOM_PUZZLE_VERSIONS_PER_DAY: int = 30

    @field_validator("DATABASE_URL")
    @classmethod
    def _known_database(cls, value: str) -> str:
        if not value.startswith(("sqlite:", "postgresql")):
            raise ValueError("DATABASE_URL must be a sqlite:/// or postgresql+psycopg:// URL")
        return value

    @field_validator("REDIS_URL")
    @classmethod
    def _redis_url(cls, value: str | None) -> str | None:
        if not value:
            return None
        if not value.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError("REDIS_URL must be a redis://, rediss:// or unix:// URL")
        return value

    @field_validator("API_PORT")
    @classmethod
    def _valid_port(cls, value: int) -> int:
        if not 0 < value < 65536:
            raise ValueError("API_PORT must be between 1 and 65535")
        return value

    @field_validator(
        "TELEGRAM_MESSAGES_PER_SECOND",
        "BOT_UPDATE_BACKLOG",
        "DISPATCH_INTERVAL_SECONDS",
        "DISPATCH_CONCURRENCY",
        "DISPATCH_LEASE_SECONDS",
        "API_COMPUTE_WORKERS",
        "API_COMPUTE_QUEUE",
        "API_COMPUTE_PER_MINUTE",
        "API_REQUESTS_PER_SECOND",
        "API_REQUESTS_IN_FLIGHT",
        "API_ME_WRITES_PER_MINUTE",
        "API_ME_WRITE_BURST",
        "API_ON_DEMAND_WAIT",
        "RAW_SOLUTION_CACHE_MB",
        "SOLVE_WORKER_HEARTBEAT",
        "CUSTOM_PUZZLE_MAX_BOARD_CELLS",
        "CUSTOM_PUZZLE_SECONDS_PER_TARGET",
        "CUSTOM_PUZZLE_SOLUTIONS_PER_TARGET",
        "CUSTOM_PUZZLES_PER_PERSON",
        "CUSTOM_PUZZLE_VERSIONS_PER_DAY",
    )
    @classmethod
    def _positive(cls, value: float) -> float:
        if value <= 0:
            raise ValueError("must be positive")
        return value

    @field_validator("ON_DEMAND_PROCESSES")
    @classmethod
    def _processes(cls, value: int) -> int:
        if value < 0:
            raise ValueError("ON_DEMAND_PROCESSES must be 0 (one per core) or a number of processes")
        return value

    @field_validator("SOLVE_WORKERS")
    @classmethod
    def _solve_workers(cls, value: int) -> int:
        if value < 0:
            raise ValueError("SOLVE_WORKERS must be 0 (workers run elsewhere) or a number of workers")
        return value

    @model_validator(mode="after")
    def _queue_needs_postgresql(self) -> Settings:
        """The queue lives in the store: procrastinate needs PostgreSQL; and a worker's job must not
        be taken from it while its heartbeat is still due."""
        if self.SOLVE_JOBS == "queue" and not self.DATABASE_URL.startswith("postgresql"):
            raise ValueError("SOLVE_JOBS=queue needs a postgresql+psycopg:// DATABASE_URL")
        if self.SOLVE_WORKER_STALLED_AFTER < 2 * self.SOLVE_WORKER_HEARTBEAT:
            raise ValueError("SOLVE_WORKER_STALLED_AFTER must be at least twice SOLVE_WORKER_HEARTBEAT")
        return self

    @field_validator("CUSTOM_PUZZLE_MAX_PIECES")
    @classmethod
    def _pieces(cls, value: int) -> int:
        """A stored solution names each piece by one letter, A to Z."""
        if not 0 < value <= 26:
            raise ValueError("CUSTOM_PUZZLE_MAX_PIECES must be between 1 and 26")
        return value

    @field_validator("PUBLIC_URL")
    @classmethod
    def _https_public_url(cls, value: str | None) -> str | None:
        """Telegram opens Mini Apps only over https; a trailing slash is dropped."""
        if not value:
            return None
        if not value.startswith(("https://", "http://127.0.0.1", "http://localhost")):
            raise ValueError("PUBLIC_URL must be an https:// URL (Telegram opens Mini Apps only over https)")
        return value.rstrip("/")

    @field_validator("TELEGRAM_BOT_USERNAME")
    @classmethod
    def _bot_username(cls, value: str | None) -> str | None:
        if not value:
            return None
        name = value.removeprefix("@")
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{3,31}", name):
            raise ValueError("TELEGRAM_BOT_USERNAME must be a Telegram username like PuzzleHintBot")
        return name

    @model_validator(mode="after")
    def _webhook_needs_secret(self) -> Settings:
        """A webhook without a secret would let anyone on the internet impersonate Telegram."""
        if self.WEBHOOK_URL:
            secret = self.WEBHOOK_SECRET.get_secret_value() if self.WEBHOOK_SECRET else ""
            if not WEBHOOK_SECRET_PATTERN.match(secret):
                raise ValueError(
                    "WEBHOOK_URL needs WEBHOOK_SECRET: 32-256 characters of A-Z, a-z, 0-9, _ and - "
                    "(e.g. python -c 'import secrets; print(secrets.token_urlsafe(32))')"
                )
            if not self.WEBHOOK_URL.startswith(("https://", "http://127.0.0.1", "http://localhost")):
                raise ValueError("WEBHOOK_URL must be an https:// URL (Telegram only calls https webhooks)")
        return self


@lru_cache
def get_settings() -> Settings:
    """The process's settings, read once from the environment and ``.env``."""
    return Settings()
