"""Running the web table as a service (docs/web.md, Operations): Prometheus metrics, health and
readiness endpoints, the retention task, structured logs.

- :class:`Metrics`: the table's counters, each app with a registry of its own (tests build
  many apps; the global registry would refuse the second).
- :func:`ops_router`: ``GET /healthz`` (the process answers), ``GET /readyz`` (it can serve:
  started, not stopping, its database answers), ``GET /metrics`` (Prometheus' text format).
- :func:`prune_forever`: deletes old finished matches and uploaded records at start and every
  ``prune_hours`` (:meth:`skirmish.web.storage.Store.prune`).
- :func:`configure_logging`: ``json`` writes one JSON object a line (for log collectors).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

from skirmish.web.settings import WebSettings
from skirmish.web.storage import Store

log = logging.getLogger("skirmish.web.ops")

#: The kinds of socket counted apart.
SOCKET_KINDS = ("seat", "spectator")
#: Why a request or a message may be refused (``rejected_total{reason=...}``), listed so that
#: each shows at 0 before it first happens; any other reason is counted too.
REJECT_REASONS = ("origin", "rate", "size", "spectators", "sockets", "token", "malformed",
                  "illegal")
#: Action latency buckets, in seconds (the issue's target is a p95 round trip of 50 ms).
ACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: How long ``/readyz`` waits for the database before it answers 503.
PING_TIMEOUT_S = 5.0


class Metrics:
    """The web table's Prometheus metrics, in a registry of their own
    (``skirmish_`` names; docs/web.md, Operations)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.matches_live = Gauge("skirmish_matches_live",
                                  "Matches whose room is loaded in this process", registry=r)
        self.sockets = Gauge("skirmish_sockets", "Open websockets, by kind (seat|spectator)",
                             ["kind"], registry=r)
        self.action_seconds = Histogram(
            "skirmish_action_seconds",
            "From an action received to it committed and its frames queued, in seconds",
            buckets=ACTION_BUCKETS, registry=r)
        self.actions_total = Counter("skirmish_actions", "Actions committed", registry=r)
        self.rejected_total = Counter("skirmish_rejected",
                                      "Requests and messages refused, by reason", ["reason"],
                                      registry=r)
        self.frames_total = Counter("skirmish_frames", "Frames queued to sockets", registry=r)
        for kind in SOCKET_KINDS:
            self.sockets.labels(kind=kind)
        for reason in REJECT_REASONS:
            self.rejected_total.labels(reason=reason)

    # -- what the server calls ------------------------------------------------------------------
    def socket_opened(self, kind: str) -> None:
        self.sockets.labels(kind=kind).inc()

    def socket_closed(self, kind: str) -> None:
        self.sockets.labels(kind=kind).dec()

    def reject(self, reason: str) -> None:
        self.rejected_total.labels(reason=reason).inc()

    def frames(self, count: int = 1) -> None:
        self.frames_total.inc(count)

    def action_done(self, started: float) -> None:
        """An action committed and its frames queued; ``started``: ``time.perf_counter()``
        when it was received."""
        self.action_seconds.observe(max(0.0, time.perf_counter() - started))
        self.actions_total.inc()

    @contextmanager
    def time_action(self) -> Iterator[None]:
        """Around the handling of one action: counted and timed if the block ends normally
        (an action refused raises or returns before, and is not counted)."""
        started = time.perf_counter()
        yield
        self.action_done(started)

    def render(self) -> bytes:
        """The metrics in Prometheus' text format."""
        return bytes(generate_latest(self.registry))


def ops_router(store: Store, metrics: Metrics, settings: WebSettings,
               ready: Callable[[], bool]) -> APIRouter:
    """``/healthz``, ``/readyz`` and ``/metrics`` (docs/web.md, Operations). ``ready()``: the
    server has started and is not stopping."""
    router = APIRouter()

    @router.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @router.get("/readyz", include_in_schema=False)
    async def readyz() -> Response:
        if not ready():
            return _unready("not serving: starting or stopping")
        try:
            await asyncio.wait_for(asyncio.to_thread(store.ping), PING_TIMEOUT_S)
        except TimeoutError:
            log.warning("readiness: the database did not answer in %g s", PING_TIMEOUT_S)
            return _unready(f"database: no answer in {PING_TIMEOUT_S:g} s")
        except Exception as exc:  # the reason's kind only: a message may name hosts
            log.warning("readiness: the database cannot be reached", exc_info=True)
            return _unready(f"database: {type(exc).__name__}")
        return JSONResponse({"status": "ready"})

    @router.get("/metrics", include_in_schema=False)
    async def prometheus() -> Response:
        if not settings.metrics:
            return JSONResponse({"error": "metrics are off (SKIRMISH_METRICS=0)"},
                                status_code=404)
        return Response(metrics.render(), media_type=CONTENT_TYPE_LATEST)

    return router


def _unready(reason: str) -> JSONResponse:
    return JSONResponse({"status": "unready", "reason": reason}, status_code=503)


# -- retention ----------------------------------------------------------------------------------
async def prune_forever(store: Store, settings: WebSettings, *,
                        clock: Callable[[], float] = time.time,
                        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
    """Delete old finished matches and uploaded records (:meth:`Store.prune`, in a worker
    thread) at once, then every ``settings.prune_hours`` (0: only at start), until cancelled.
    Nothing to keep apart (both ``keep_*_days`` 0): returns at once. A failed pass is logged
    and tried again at the next."""
    finished, replays = settings.keep_finished_days, settings.keep_replays_days
    if finished <= 0 and replays <= 0:
        log.info("retention: off (finished matches and uploaded records are kept for ever)")
        return
    while True:
        try:
            matches, records = await asyncio.to_thread(store.prune, clock(), finished, replays)
        except Exception:
            log.exception("retention: pruning failed; next try in %g hours",
                          settings.prune_hours)
        else:
            log.info("retention: deleted %d finished matches (older than %g days) and %d "
                     "uploaded records (older than %g days)", matches, finished, records,
                     replays, extra={"matches_deleted": matches, "replays_deleted": records})
        if settings.prune_hours <= 0:
            return
        await sleep(settings.prune_hours * 3600.0)


# -- logs ------------------------------------------------------------------------------------
#: The attributes every LogRecord has: anything else on a record came from ``extra=``.
_STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {
    "message", "asctime", "taskName", "color_message"}


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message``,
    then the record's extras (``extra={"match_id": ...}``), ``exception`` if any; uvicorn's
    access lines also get ``client``, ``method``, ``path`` and ``status``."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname, "logger": record.name, "message": record.getMessage()}
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) \
                and len(record.args) == 5:
            client, method, path, _version, status = record.args
            out.update(client=client, method=method, path=path, status=status)
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_") and key not in out:
                out[key] = value
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            out["exception"] = record.exc_text
        if record.stack_info:
            out["stack"] = self.formatStack(record.stack_info)
        return json.dumps(out, ensure_ascii=False, default=str)


#: The loggers whose handlers :func:`configure_logging` formats (besides the root's).
SERVER_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access")


def configure_logging(fmt: str) -> None:
    """``json``: every handler of the root logger and of uvicorn's loggers writes
    :class:`JsonFormatter` lines (the root gets a stderr handler if it has none, and level
    INFO if it had none set). ``text``: the loggers are left as they are. Call it once
    uvicorn has set up its loggers (e.g. in the app's lifespan start), or they would get
    uvicorn's formatters back."""
    if fmt == "text":
        return
    if fmt != "json":
        raise ValueError(f"log format: 'text' or 'json', not {fmt!r}")
    formatter = JsonFormatter()
    root = logging.getLogger()
    if not root.handlers:
        root.addHandler(logging.StreamHandler(sys.stderr))
    if root.level == logging.WARNING:  # Python's default: the table's INFO lines are wanted
        root.setLevel(logging.INFO)
    for logger in (root, *(logging.getLogger(name) for name in SERVER_LOGGERS)):
        for handler in logger.handlers:
            handler.setFormatter(formatter)
