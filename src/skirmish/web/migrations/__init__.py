"""The web table's schema migrations (Alembic; docs/web.md, Migrations).

:func:`upgrade` brings a database to the newest revision: :class:`skirmish.web.storage.Store`
calls it when it opens one. Revision ``0001`` is the schema of the first web table (commit
0633749, which made its tables with ``create_all`` and kept no version): a database that has
those tables but no ``alembic_version`` is stamped at ``0001`` first, then upgraded.

Several processes may start at once against one PostgreSQL database: each takes the same
transaction-level advisory lock before it looks at the version, so exactly one migrates and
the others find the database already upgraded. On SQLite the upgrade runs in one
``BEGIN IMMEDIATE`` transaction, which serialises processes sharing the file the same way.

A new revision: ``alembic -c src/skirmish/web/migrations/alembic.ini revision -m "..."``
(with ``--autogenerate`` against a database at head), then review it; every revision must work
on SQLite (``op.batch_alter_table`` where ALTER is not enough) and PostgreSQL.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event, inspect, text
from sqlalchemy.engine import Connection, Engine

#: Where the revisions are (package data: a wheel carries them).
SCRIPTS = Path(__file__).resolve().parent
#: The revision of the schema written by the first web table (0633749), before Alembic.
BASELINE = "0001"
#: The PostgreSQL advisory lock held while a process migrates ("skirmish" as 8 bytes).
LOCK_KEY = int.from_bytes(b"skirmish", "big")


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration of these scripts; env.py runs on ``connection`` if given."""
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    cfg.attributes["connection"] = connection
    return cfg


@cache
def heads() -> tuple[str, ...]:
    """The newest revision(s) of the scripts."""
    return tuple(sorted(ScriptDirectory.from_config(config()).get_heads()))


def current(connection: Connection) -> tuple[str, ...]:
    """The revision(s) a database is at (empty: none stamped)."""
    return tuple(sorted(MigrationContext.configure(connection).get_current_heads()))


def upgrade(engine: Engine) -> None:
    """Bring the database of ``engine`` to the newest revision (nothing to do: one query)."""
    with engine.connect() as connection:
        if current(connection) == heads():
            return
    if engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
        # A connection of its own, whose transactions the driver leaves alone: the upgrade,
        # DDL included, is one BEGIN IMMEDIATE transaction; foreign keys are not enforced
        # while a batch operation copies a table.
        own = create_engine(engine.url, connect_args={"isolation_level": None, "timeout": 30})
        event.listen(own, "begin", lambda conn: conn.exec_driver_sql("BEGIN IMMEDIATE"))
        try:
            with own.begin() as connection:
                _upgrade(connection)
        finally:
            own.dispose()
        return
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # released when this transaction ends: the next process sees the upgrade done
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        _upgrade(connection)


def _upgrade(connection: Connection) -> None:
    if current(connection) == heads():  # another process has just done it
        return
    cfg = config(connection)
    tables = set(inspect(connection).get_table_names())
    if "alembic_version" not in tables and "matches" in tables:
        command.stamp(cfg, BASELINE)  # written by 0633749's code (create_all, no version)
    command.upgrade(cfg, "head")
