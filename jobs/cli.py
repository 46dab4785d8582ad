"""What every ``python -m ...`` command shares: ``--database-url`` and one table of exit codes.

Exit codes, the same in every command:

====  ==========================================================================
0     done
1     the environment is not ready: the database cannot be opened or read, the
      store is not precomputed, a file cannot be written; fix it and run again
2     the command line is wrong: bad arguments, unknown puzzle, target or piece
130   interrupted (Ctrl-C); whatever was finished is kept
====  ==========================================================================

Errors are one line on stderr (``error: ...``), never a traceback. An error a user can act on
says its own code (an ``exit_code`` attribute: the catalog's, the service's and the store's
errors do), so this module imports nothing of the layers below but settings.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from sqlalchemy.exc import SQLAlchemyError

from settings import get_settings

EXIT_OK = 0
EXIT_ENVIRONMENT = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class UsageError(ValueError):
    """Bad arguments; the message is shown as is."""

    exit_code = EXIT_USAGE


# Errors raised by libraries, which cannot carry a code of their own.
LIBRARY_EXIT_CODES: tuple[tuple[type[BaseException], int], ...] = (
    (SQLAlchemyError, EXIT_ENVIRONMENT),
    (OSError, EXIT_ENVIRONMENT),
)


def exit_code(error: BaseException) -> int | None:
    """The exit code for an error a user can act on, or None for a bug (which should show its trace)."""
    carried = getattr(error, "exit_code", None)
    if isinstance(carried, int):
        return carried
    return next((code for kind, code in LIBRARY_EXIT_CODES if isinstance(error, kind)), None)


def message(error: BaseException) -> str:
    """One line for people; database driver errors are named, not dumped (they may hold a URL)."""
    if isinstance(error, SQLAlchemyError):
        return f"cannot use the database: {type(error).__name__}"
    if isinstance(error, OSError) and error.strerror:
        where = f" {error.filename}" if error.filename else ""
        return f"cannot use{where}: {error.strerror}"
    return str(error)


def add_database_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database-url", help="override DATABASE_URL (default from the environment or .env)")


def database_url(args: argparse.Namespace) -> str:
    """``--database-url`` if given, else the configured ``DATABASE_URL``."""
    url: str | None = getattr(args, "database_url", None)
    return url or get_settings().DATABASE_URL


def run(work: Callable[[], int]) -> int:
    """Run a command's body and turn an error with an exit code into one line and that code."""
    try:
        return work()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as error:
        code = exit_code(error)
        if code is None:
            raise
        print(f"error: {message(error)}", file=sys.stderr)
        return code
