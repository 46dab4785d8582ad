"""Alembic environment: the URL comes from the settings unless the caller passed one, and a
downgrade that would delete people's data is refused before it starts unless allowed
(``-x allow-data-loss=true``; see :mod:`db.data_loss`)."""

from __future__ import annotations

from logging.config import fileConfig
from typing import Any

from alembic import context

from db import data_loss
from db.engine import make_engine
from db.models import Base, is_modelled
from settings import get_settings

config = context.config
if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def _url() -> str:
    return config.attributes.get("database_url") or get_settings().DATABASE_URL


def _configure(**options: Any) -> None:
    """``context.configure``, with the run's steps checked for people's data before the first runs."""
    context.configure(**options)
    steps = context.get_context().opts.get("fn")
    if steps is not None:
        allow = data_loss.allowed(
            context.get_x_argument(as_dictionary=True).get(data_loss.X_ARGUMENT),
            config.attributes.get(data_loss.ATTRIBUTE),
        )
        context.configure(**options, fn=data_loss.guarded(steps, allow))


def run_migrations_offline() -> None:
    _configure(url=_url(), target_metadata=Base.metadata, include_name=is_modelled, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    engine = make_engine(_url())
    with engine.connect() as connection:
        _configure(
            connection=connection,
            target_metadata=Base.metadata,
            include_name=is_modelled,
            render_as_batch=True,
        )
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
