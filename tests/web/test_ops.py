"""Operations (docs/web.md, Operations): health, readiness and metrics endpoints on a small
app of their own, metrics in a registry per app, the retention task on a fake clock (no
sleeping), JSON logs."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from skirmish.web.ops import Metrics, configure_logging, ops_router, prune_forever
from skirmish.web.settings import WebSettings
from skirmish.web.storage import SeatInfo, Store, database_url, token_hash

DAY = 86400.0


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(database_url(None, tmp_path))
    try:
        yield opened
    finally:
        opened.close()


class Flag:
    def __init__(self) -> None:
        self.up = False

    def __call__(self) -> bool:
        return self.up


def app_of(store: Any, metrics: Metrics, settings: WebSettings, ready: Flag) -> TestClient:
    app = FastAPI()
    app.include_router(ops_router(store, metrics, settings, ready))
    return TestClient(app)


def sample(metrics: Metrics, name: str, **labels: str) -> float:
    value = metrics.registry.get_sample_value(name, labels or None)
    assert value is not None, name
    return value


def test_health_and_readiness(store: Store) -> None:
    ready = Flag()
    client = app_of(store, Metrics(), WebSettings(), ready)
    assert client.get("/healthz").json() == {"status": "ok"}
    unready = client.get("/readyz")  # not started yet (or stopping)
    assert unready.status_code == 503 and unready.json()["status"] == "unready"
    assert "starting or stopping" in unready.json()["reason"]
    ready.up = True
    assert client.get("/readyz").status_code == 200
    assert client.get("/readyz").json() == {"status": "ready"}
    assert client.get("/healthz").status_code == 200


def test_not_ready_while_the_database_cannot_be_reached(store: Store) -> None:
    class Unreachable:
        def ping(self) -> None:
            raise ConnectionError("db.internal:5432 refused, password=secret")

    ready = Flag()
    ready.up = True
    client = app_of(Unreachable(), Metrics(), WebSettings(), ready)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json() == {"status": "unready", "reason": "database: ConnectionError"}
    assert "secret" not in response.text and "db.internal" not in response.text
    assert client.get("/healthz").status_code == 200  # alive all the same
    store.close()  # a real store whose database went away
    store.engine = create_engine(
        f"sqlite:///{Path(store.url.split(':///', 1)[1]).parent}/gone/away.db")
    response = app_of(store, Metrics(), WebSettings(), ready).get("/readyz")
    assert response.status_code == 503 and response.json()["reason"].startswith("database:")


def test_metrics_in_prometheus_text_format(store: Store) -> None:
    metrics = Metrics()
    client = app_of(store, metrics, WebSettings(), Flag())
    metrics.matches_live.set(3)
    metrics.socket_opened("seat")
    metrics.socket_opened("spectator")
    metrics.socket_opened("spectator")
    metrics.socket_closed("spectator")
    metrics.reject("origin")
    metrics.reject("rate")
    metrics.reject("rate")
    metrics.frames(4)
    with metrics.time_action():
        pass
    metrics.action_done(time.perf_counter() - 0.02)
    with pytest.raises(ValueError), metrics.time_action():
        raise ValueError("refused: not counted")
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    body = response.text
    for line in ('skirmish_matches_live 3.0', 'skirmish_sockets{kind="seat"} 1.0',
                 'skirmish_sockets{kind="spectator"} 1.0', 'skirmish_actions_total 2.0',
                 'skirmish_rejected_total{reason="rate"} 2.0',
                 'skirmish_rejected_total{reason="origin"} 1.0',
                 'skirmish_rejected_total{reason="token"} 0.0', 'skirmish_frames_total 4.0',
                 'skirmish_action_seconds_count 2.0',
                 'skirmish_action_seconds_bucket{le="0.05"} 2.0',
                 'skirmish_action_seconds_bucket{le="0.01"} 1.0'):
        assert line in body.splitlines(), line
    assert "# TYPE skirmish_action_seconds histogram" in body
    assert sample(metrics, "skirmish_action_seconds_sum") >= 0.02


def test_each_app_has_its_own_registry(store: Store) -> None:
    first, second = Metrics(), Metrics()  # the global registry would refuse the second
    first.actions_total.inc()
    assert sample(first, "skirmish_actions_total") == 1.0
    assert sample(second, "skirmish_actions_total") == 0.0
    assert b"skirmish_actions_total 0.0" in second.render()


def test_metrics_switched_off(store: Store) -> None:
    client = app_of(store, Metrics(), WebSettings(metrics=False), Flag())
    assert client.get("/metrics").status_code == 404
    assert client.get("/healthz").status_code == 200


# -- retention ----------------------------------------------------------------------------------
class FakeClock:
    """``time.time`` and ``asyncio.sleep`` for :func:`prune_forever`: a sleep moves the clock
    on at once; after ``wakes`` sleeps the task is cancelled."""

    def __init__(self, now: float, wakes: int) -> None:
        self.now, self.wakes, self.slept = now, wakes, list[float]()

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        if len(self.slept) > self.wakes:
            raise asyncio.CancelledError
        self.now += seconds


def ended_match(store: Store, finished_at: float) -> str:
    match_id = store.create_match(ruleset="eden", setup={}, dice={}, title="t", mode="remote",
                                  seats=[SeatInfo(0, "human", None, "", token_hash("x"))])
    store.append(match_id, 0, 0, "bid 1", outcome={"winner": 0}, over=True)
    with store.session() as s, s.begin():
        s.execute(text("UPDATE matches SET finished_at = :at WHERE id = :id"),
                  {"at": finished_at, "id": match_id})
    return match_id


def test_prune_forever_at_start_and_every_prune_hours(store: Store,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    t0 = 1_000_000_000.0
    old, newer = ended_match(store, t0 - 3 * DAY), ended_match(store, t0 - 0.5 * DAY)
    open_match = store.create_match(ruleset="eden", setup={}, dice={}, title="t",
                                    mode="remote", seats=[])
    replay = store.add_replay("{}\n")
    with store.session() as s, s.begin():
        s.execute(text("UPDATE replays SET created_at = :at"), {"at": t0 - 1.75 * DAY})
        s.execute(text("UPDATE matches SET created_at = :at"), {"at": t0 - 99 * DAY})
    clock = FakeClock(t0, wakes=2)
    settings = WebSettings(keep_finished_days=1, keep_replays_days=2, prune_hours=12)
    caplog.set_level(logging.INFO, logger="skirmish.web.ops")
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(prune_forever(store, settings, clock=clock, sleep=clock.sleep))
    assert clock.slept == [12 * 3600.0] * 3
    # at t0: the match ended 3 days before; at t0 + 12 h: the record (2.25 days old); at
    # t0 + 1 day: the match ended 1.5 days before (exactly 1 day at t0 + 12 h: kept)
    passes = [(getattr(r, "matches_deleted"), getattr(r, "replays_deleted"))  # noqa: B009
              for r in caplog.records if r.getMessage().startswith("retention: deleted")]
    assert passes == [(1, 0), (0, 1), (1, 0)]
    assert store.match(old) is None and store.match(newer) is None
    assert store.replay(replay) is None
    assert store.open_matches() == [open_match]


def test_prune_forever_once_when_prune_hours_is_0_and_never_when_keeping_all(
        store: Store) -> None:
    ended = ended_match(store, 0.0)
    clock = FakeClock(10 * DAY, wakes=0)
    asyncio.run(prune_forever(store, WebSettings(keep_finished_days=0, keep_replays_days=0),
                              clock=clock, sleep=clock.sleep))
    assert store.match(ended) is not None and clock.slept == []
    asyncio.run(prune_forever(store, WebSettings(keep_finished_days=1, prune_hours=0),
                              clock=clock, sleep=clock.sleep))
    assert store.match(ended) is None and clock.slept == []


def test_a_failed_pass_is_logged_and_tried_again(caplog: pytest.LogCaptureFixture) -> None:
    class Flaky:
        def __init__(self) -> None:
            self.calls: list[tuple[float, float, float]] = []

        def prune(self, now: float, finished: float, replays: float) -> tuple[int, int]:
            self.calls.append((now, finished, replays))
            if len(self.calls) == 1:
                raise OSError("disk full")
            return 2, 3

    flaky, clock = Flaky(), FakeClock(100.0, wakes=1)
    caplog.set_level(logging.INFO, logger="skirmish.web.ops")
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(prune_forever(flaky, WebSettings(prune_hours=1),  # type: ignore[arg-type]
                                  clock=clock, sleep=clock.sleep))
    assert flaky.calls == [(100.0, 0.0, 30.0), (3700.0, 0.0, 30.0)]
    messages = [r.getMessage() for r in caplog.records]
    assert any("pruning failed" in m for m in messages)
    assert any("deleted 2 finished matches" in m and "3 uploaded records" in m
               for m in messages)


# -- logs ----------------------------------------------------------------------------------------
def test_json_logs_one_object_a_line_with_extras() -> None:
    root, access = logging.getLogger(), logging.getLogger("uvicorn.access")
    out, out_access = io.StringIO(), io.StringIO()
    handler, access_handler = logging.StreamHandler(out), logging.StreamHandler(out_access)
    root.addHandler(handler)
    access.addHandler(access_handler)
    level, access_level, propagate = root.level, access.level, access.propagate
    access.setLevel(logging.INFO)
    access.propagate = False
    try:
        configure_logging("text")  # leaves them
        assert handler.formatter is None
        configure_logging("json")
        log = logging.getLogger("skirmish.web.test")
        log.setLevel(logging.INFO)
        log.info("match %s: action %d stored", "abc", 4, extra={"match_id": "abc"})
        try:
            raise KeyError("boom")
        except KeyError:
            log.exception("failed", extra={"match_id": "abc"})
        access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET", "/healthz", "1.1",
                    200)
    finally:
        root.removeHandler(handler)
        access.removeHandler(access_handler)
        root.setLevel(level)
        access.setLevel(access_level)
        access.propagate = propagate
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == 2
    first, second = lines
    assert first["message"] == "match abc: action 4 stored" and first["match_id"] == "abc"
    assert (first["level"], first["logger"]) == ("INFO", "skirmish.web.test")
    assert first["time"].endswith("Z") and "T" in first["time"]
    assert second["level"] == "ERROR" and "KeyError: 'boom'" in second["exception"]
    (line,) = [json.loads(line) for line in out_access.getvalue().splitlines()]
    assert (line["method"], line["path"], line["status"]) == ("GET", "/healthz", 200)
    assert line["logger"] == "uvicorn.access"
    with pytest.raises(ValueError):
        configure_logging("xml")
