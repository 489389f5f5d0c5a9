"""Alembic's environment for the web table's migrations: runs on the SQLAlchemy connection
handed in by :func:`skirmish.web.migrations.upgrade` (``config.attributes["connection"]``), in
the transaction it has begun; from the ``alembic`` command line, on ``sqlalchemy.url``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from skirmish.web.storage import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if context.is_offline_mode():
        context.configure(url=config.get_main_option("sqlalchemy.url"),
                          target_metadata=target_metadata, literal_binds=True,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=True, compare_type=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no connection and no sqlalchemy.url: set one in alembic.ini or "
                           "use skirmish.web.migrations.upgrade")
    engine = create_engine(url)
    try:
        with engine.begin() as own:
            context.configure(connection=own, target_metadata=target_metadata,
                              render_as_batch=True, compare_type=True)
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


run()
