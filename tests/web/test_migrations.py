"""Schema migrations (docs/web.md, Storage, Migrations): a database written by the first web
table (0633749's storage, tests/web/data/storage_0633749.py.txt) upgrades in place without
losing a match, on SQLite and on PostgreSQL; opening an upgraded database again does nothing;
several processes starting at once migrate once; the models and the migrated schema agree."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
import threading
import time
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from skirmish.core.dice import KeyedDice
from skirmish.core.ruleset import RULESETS
from skirmish.games.eden.demo import demo_setup
from skirmish.web import migrations
from skirmish.web.rooms import Room
from skirmish.web.storage import Base, Store, database_url, token_hash

OLD = Path(__file__).parent / "data" / "storage_0633749.py.txt"
REPO = Path(__file__).resolve().parents[2]


@cache
def old_storage() -> ModuleType:
    """0633749's storage module, loaded under a name of its own (its own tables' metadata)."""
    name = "skirmish_storage_0633749"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    exec(compile(OLD.read_text(encoding="utf-8"), str(OLD), "exec"), module.__dict__)
    return module


@cache
def played(rounds: int, limit: int) -> tuple[dict[str, Any], dict[str, Any],
                                             tuple[tuple[int, str], ...], dict[str, Any] | None]:
    """An Eden match of ``rounds`` rounds played by random legal choices, at most ``limit``
    actions: its set-up, its dice, its actions (player, text) and its outcome (None: not
    over)."""
    setup, dice = demo_setup(rounds), KeyedDice("7" * 64)  # the same games every run
    game = RULESETS.get("eden").new_game(setup, dice=dice.clone())
    rng = random.Random(7)
    actions: list[tuple[int, str]] = []
    while not game.is_over and len(actions) < limit:
        player = game.decision().player
        game.apply(rng.choice(list(game.legal_actions())))
        actions.append((player, str(game.history[-1])))
    outcome = game.outcome()
    return setup, dice.to_json(), tuple(actions), outcome.to_json() if outcome else None


def write_with_0633749(url: str) -> dict[str, Any]:
    """A database written by 0633749's code: an open match with actions, a finished one, an
    uploaded record. What was written, to compare with."""
    old = old_storage()
    store = old.Store(url)
    made: dict[str, Any] = {}
    try:
        for key, rounds, limit in (("open", 3, 25), ("over", 1, 100_000)):
            setup, dice, actions, outcome = played(rounds, limit)
            assert (outcome is None) == (key == "open")
            seats = [old.SeatInfo(0, "human", None, "Ann", old.token_hash(f"tok-{key}")),
                     old.SeatInfo(1, "bot", "random", "random", None)]
            match_id = store.create_match(ruleset="eden", setup=setup, dice=dice, title=key,
                                          mode="remote", seats=seats)
            for idx, (player, action) in enumerate(actions):
                last = idx == len(actions) - 1 and outcome is not None
                store.append(match_id, idx, player, action, outcome=outcome if last else None,
                             over=last)
            made[key] = match_id
            made[f"{key}_actions"] = list(actions)
        assert made["over_actions"] != made["open_actions"]
        made["replay"] = store.add_replay('{"a": 1}\n')
        with store.engine.connect() as connection:
            made["tables"] = sorted(inspect(connection).get_table_names())
            made["last_at"] = connection.execute(
                text("SELECT max(at) FROM actions WHERE match_id = :id"),
                {"id": made["over"]}).scalar()
    finally:
        store.close()
    assert made["tables"] == ["actions", "matches", "replays", "seats"]  # no alembic_version
    return made


def check_upgraded(url: str, made: dict[str, Any]) -> None:
    store = Store(url)
    try:
        with store.engine.connect() as connection:
            assert migrations.current(connection) == migrations.heads() == ("0003",)
            columns = {table: {c["name"] for c in inspect(connection).get_columns(table)}
                       for table in ("matches", "seats")}
        assert {"owner_hash", "spectator_hash", "finished_at"} <= columns["matches"]
        assert "token_expires_at" in columns["seats"]
        assert store.count() == 2 and store.open_matches() == [made["open"]]
        for key in ("open", "over"):
            info = store.match(made[key])
            assert info is not None and info.title == key
            assert [(s.seat, s.kind, s.token_expires_at) for s in info.seats] == [
                (0, "human", None), (1, "bot", None)]
            assert info.owner_hash is None and info.spectator_hash is None
            assert info.summary()["private"] is False
            assert store.actions(made[key]) == made[f"{key}_actions"]
            assert info.action_count == len(made[f"{key}_actions"])
            # the old links still open their seats
            assert [seat for _, seat in store.matches_of({made[key]: token_hash(f"tok-{key}")},
                                                         now=4e9)] == [0]
        over = store.match(made["over"])
        assert over is not None and over.status == "over" and over.outcome is not None
        assert over.finished_at == made["last_at"]  # filled by the migration
        info = store.match(made["open"])
        assert info is not None and info.finished_at is None
        room = Room.restore(info, store.actions(made["open"]), store)
        assert len(room.game.history) == len(made["open_actions"]) and not room.game.is_over
        assert store.replay(made["replay"]) == '{"a": 1}\n'
    finally:
        store.close()


def no_upgrade_again(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening a database at head runs no migration."""
    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("migrated again")

    with monkeypatch.context() as patch:
        patch.setattr(command, "upgrade", refuse)
        patch.setattr(command, "stamp", refuse)
        again = Store(url)
        again.close()


def test_the_fixture_is_0633749s_storage() -> None:
    shown = subprocess.run(["git", "-C", str(REPO), "show",
                            "0633749:src/skirmish/web/storage.py"],
                           capture_output=True, text=True, check=False)
    if shown.returncode != 0:
        pytest.skip("git cannot show commit 0633749 here (a shallow or exported tree)")
    assert OLD.read_text(encoding="utf-8") == shown.stdout


def test_a_sqlite_database_of_0633749_upgrades_in_place(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    url = database_url(None, tmp_path)
    made = write_with_0633749(url)
    check_upgraded(url, made)
    no_upgrade_again(url, monkeypatch)
    check_upgraded(url, made)
    store = Store(url)  # still in WAL mode, and the upgraded database plays on
    try:
        with store.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
        n = len(made["open_actions"])
        room = Room.restore(store.match(made["open"]), store.actions(made["open"]), store)
        player = room.game.decision().player
        action = str(room.game.parse(str(next(iter(room.game.legal_actions())))))
        store.append(made["open"], n, player, action)
        assert store.actions(made["open"])[-1] == (player, action)
    finally:
        store.close()


def test_a_postgresql_database_of_0633749_upgrades_in_place(
        fresh_postgres: str, monkeypatch: pytest.MonkeyPatch) -> None:
    url = database_url(fresh_postgres, None)
    made = write_with_0633749(url)
    check_upgraded(url, made)
    no_upgrade_again(url, monkeypatch)


def test_downgrade_to_0633749s_schema_and_up_again(tmp_path: Path) -> None:
    url = database_url(None, tmp_path)
    made = write_with_0633749(url)
    Store(url).close()
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            command.downgrade(migrations.config(connection), migrations.BASELINE)
        with engine.connect() as connection:
            assert "finished_at" not in {c["name"] for c in inspect(connection)
                                         .get_columns("matches")}
            assert migrations.current(connection) == ("0001",)
    finally:
        engine.dispose()
    check_upgraded(url, made)


def schema_differences(url: str) -> list[Any]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            return list(compare_metadata(context, Base.metadata))
    finally:
        engine.dispose()


def test_the_models_and_the_migrated_schema_agree(tmp_path: Path) -> None:
    fresh = database_url(None, tmp_path / "fresh")
    Store(fresh).close()
    assert schema_differences(fresh) == []
    old = database_url(None, tmp_path / "old")
    write_with_0633749(old)
    Store(old).close()
    assert schema_differences(old) == []


def test_the_models_and_the_migrated_schema_agree_on_postgresql(fresh_postgres: str) -> None:
    url = database_url(fresh_postgres, None)
    Store(url).close()
    assert schema_differences(url) == []


def test_processes_starting_at_once_migrate_once(fresh_postgres: str,
                                                 tmp_path: Path) -> None:
    """Eight stores opened at the same instant on one new database (PostgreSQL: the advisory
    lock; SQLite: BEGIN IMMEDIATE): every one opens, the schema is made once."""
    for url in (database_url(fresh_postgres, None), database_url(None, tmp_path)):
        start = threading.Barrier(8)
        errors: list[BaseException] = []
        stores: list[Store] = []

        def open_one(url: str = url, start: threading.Barrier = start,
                     errors: list[BaseException] = errors, stores: list[Store] = stores) -> None:
            start.wait()
            try:
                stores.append(Store(url))
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=open_one, daemon=True) for _ in range(8)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60  # without the lock, PostgreSQL deadlocks or fails
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        assert not any(thread.is_alive() for thread in threads), "a store never opened"
        assert errors == [] and len(stores) == 8
        with stores[0].engine.connect() as connection:
            assert migrations.current(connection) == migrations.heads()
            assert connection.execute(text("SELECT count(*) FROM alembic_version")).scalar() \
                == 1
        for store in stores:
            store.close()
