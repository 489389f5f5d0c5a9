"""Where the web table keeps its matches: SQLAlchemy 2, SQLite (WAL) by default, PostgreSQL
with the same code (docs/web.md, Storage).

An accepted action is inserted in the same transaction as its match's new action count,
guarded by the count it had (:meth:`Store.append`): a commit either stores both or neither,
and two writers can never both store action ``idx``. The caller tells nobody of an action
before :meth:`Store.append` has returned.

The schema is Alembic's (:mod:`skirmish.web.migrations`): a :class:`Store` upgrades its
database to the newest revision when it opens it (docs/web.md, Migrations).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

#: The data folder when neither ``--db`` nor a folder is given (docs/web.md).
DEFAULT_DATA_DIR = Path("skirmish-data")
DB_FILE = "skirmish.db"
#: The PostgreSQL channel a committed action is announced on (``match_id:idx``).
CHANNEL = "skirmish_actions"


class Base(DeclarativeBase):
    """The tables of the web table's storage (SQLAlchemy 2 declarative models)."""


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(32))
    setup: Mapped[str] = mapped_column(Text)
    dice: Mapped[str] = mapped_column(Text)
    title: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(8), default="open", index=True)
    action_count: Mapped[int] = mapped_column(Integer, default=0)
    outcome: Mapped[str | None] = mapped_column(Text, nullable=True)
    mode: Mapped[str] = mapped_column(String(8), default="remote")
    # revision 0002 (issue 44)
    owner_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    spectator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    # revision 0003 (issue 45): the match's clock (JSON, :mod:`.clocks`); NULL: no clock
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    agent: Mapped[str | None] = mapped_column(String(40), nullable=True)
    name: Mapped[str] = mapped_column(String(80), default="")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # revision 0002 (issue 44): NULL = the link never expires
    token_expires_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """One chat message of a match (revision 0003, issue 45: :mod:`.chat`)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class ReplayRow(Base):
    __tablename__ = "replays"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    record: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


class ConflictError(RuntimeError):
    """The match's stored action count was not the one expected: the action is not stored."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    kind: str  # "human" | "bot"
    agent: str | None = None
    name: str = ""
    token_hash: str | None = None
    #: When the seat's join link stops working (``time.time()`` seconds); None: never.
    token_expires_at: float | None = None

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "agent": self.agent, "name": self.name}

    def expired(self, now: float) -> bool:
        """Whether the seat's token no longer opens it at ``now``."""
        return self.token_expires_at is not None and now >= self.token_expires_at

    def held_by(self, digest: str, now: float | None = None) -> bool:
        """Whether the token of hash ``digest`` opens this seat (at ``now``, if given: an
        expired token does not)."""
        return (self.token_hash is not None and secrets.compare_digest(self.token_hash, digest)
                and (now is None or not self.expired(now)))


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """A stored match (its actions apart)."""

    id: str
    ruleset: str
    setup: dict[str, Any]
    dice: dict[str, Any]
    title: str
    created_at: float
    status: str
    action_count: int
    outcome: dict[str, Any] | None
    mode: str
    seats: tuple[SeatInfo, ...]
    #: SHA-256 of the match owner's token (who may re-issue seat links); None: no owner.
    owner_hash: str | None = None
    #: SHA-256 of the spectator token of a private match; None: anyone may watch.
    spectator_hash: str | None = None
    #: When the match ended (``time.time()`` seconds); None while it is open.
    finished_at: float | None = None
    #: The match's clock as of its last commit (:mod:`.clocks`); None: no clock.
    clock: dict[str, Any] | None = None

    @property
    def private(self) -> bool:
        return self.spectator_hash is not None

    def summary(self) -> dict[str, Any]:
        """What anyone may know of the match (docs/web.md, ``GET /api/matches/{id}``): never a
        hash."""
        return {"id": self.id, "title": self.title, "ruleset": self.ruleset, "mode": self.mode,
                "status": self.status, "count": self.action_count, "outcome": self.outcome,
                "created_at": self.created_at, "seats": [s.public() for s in self.seats],
                "private": self.private}


def notice(match_id: str, idx: int, player: int, text: str) -> str:
    """The payload announcing a committed action: ``match_id:idx:player:text``, or
    ``match_id:idx`` when the text would not fit PostgreSQL's 8000 bytes."""
    full = f"{match_id}:{idx}:{player}:{text}"
    return full if len(full.encode()) < 7900 else f"{match_id}:{idx}"


#: The notices that are not actions: ``match_id:KIND:payload`` (:mod:`.fanout`).
CHAT_NOTICE = "chat"
END_NOTICE = "end"
CLOCK_NOTICE = "clock"


def new_id() -> str:
    """12 url-safe random characters (72 bits): a match's or replay's id."""
    return secrets.token_urlsafe(9)


def new_token() -> str:
    """A seat token: 32 random bytes (256 bits), url-safe base64."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """SHA-256 of a seat token (hex): all that is stored of it."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def database_url(db: str | None, data_dir: str | Path | None) -> str:
    """The SQLAlchemy URL: ``db`` as given (``postgresql://`` picks an installed driver), or
    the SQLite file in the data folder (created if missing)."""
    if db:
        if db.startswith(("postgresql://", "postgres://")):
            rest = db.split("://", 1)[1]
            return f"postgresql+{_postgres_driver()}://{rest}"
        return db
    folder = Path(data_dir) if data_dir is not None else DEFAULT_DATA_DIR
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DB_FILE}"


def _postgres_driver() -> str:
    import importlib.util

    for module, name in (("psycopg", "psycopg"), ("psycopg2", "psycopg2")):
        if importlib.util.find_spec(module) is not None:
            return name
    raise RuntimeError("--db postgresql://... needs a PostgreSQL driver: pip install psycopg")


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class Store:
    """The database of one server: matches, seats, actions, uploaded replays."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine: Engine = create_engine(url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        from skirmish.web.migrations import upgrade

        upgrade(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """A trivial query: raises if the database cannot be reached."""
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1")).scalar_one()

    @contextmanager
    def session(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session:
            yield session

    # -- matches ----------------------------------------------------------------------------
    def create_match(self, *, ruleset: str, setup: Mapping[str, Any], dice: Mapping[str, Any],
                     title: str, mode: str, seats: Sequence[SeatInfo],
                     owner_hash: str | None = None, spectator_hash: str | None = None,
                     clock: Mapping[str, Any] | None = None) -> str:
        """A new open match and its seats (each with its token hash and its expiry); its id.
        ``spectator_hash`` set: a private match; ``clock``: its clock (:mod:`.clocks`)."""
        match_id = new_id()
        with self.session() as s, s.begin():
            s.add(MatchRow(id=match_id, ruleset=ruleset, setup=_dumps(setup), dice=_dumps(dice),
                           title=title, created_at=time.time(), status="open", action_count=0,
                           outcome=None, mode=mode, owner_hash=owner_hash,
                           spectator_hash=spectator_hash, finished_at=None,
                           clock=None if clock is None else _dumps(clock)))
            s.flush()
            for seat in seats:
                s.add(SeatRow(match_id=match_id, seat=seat.seat, kind=seat.kind,
                              agent=seat.agent, name=seat.name, token_hash=seat.token_hash,
                              token_expires_at=seat.token_expires_at))
        return match_id

    def reissue_seat(self, match_id: str, seat: int, token_hash: str,
                     expires_at: float | None) -> bool:
        """Give human seat ``seat`` a new token (its hash) and expiry: the old link stops
        working. False (nothing changed) if the match has no such human seat."""
        with self.session() as s, s.begin():
            done = s.execute(update(SeatRow)
                             .where(SeatRow.match_id == match_id, SeatRow.seat == seat,
                                    SeatRow.kind == "human")
                             .values(token_hash=token_hash, token_expires_at=expires_at))
            return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    def match(self, match_id: str) -> MatchInfo | None:
        with self.session() as s:
            row = s.get(MatchRow, match_id)
            if row is None:
                return None
            seats = s.scalars(select(SeatRow).where(SeatRow.match_id == match_id)
                              .order_by(SeatRow.seat)).all()
            return _info(row, seats)

    def dice(self, match_id: str, *, session: Connection | None = None) -> dict[str, Any]:
        """A match's stored dice (JSON: while its commitments come in, they change)."""
        with self._using(session) as s:
            text = s.execute(select(MatchRow.dice).where(MatchRow.id == match_id)).scalar_one()
            return dict(json.loads(text))

    def set_dice(self, match_id: str, dice: Mapping[str, Any], *,
                 session: Connection | None = None) -> None:
        """Store a match's dice (a commitment or a reveal came in: docs/dice.md), in
        ``session``'s transaction (from :meth:`locked`) or one of its own."""
        with contextlib.ExitStack() as stack:
            s = session if session is not None else stack.enter_context(self.engine.begin())
            s.execute(update(MatchRow).where(MatchRow.id == match_id)
                      .values(dice=_dumps(dice)))

    def open_matches(self) -> list[str]:
        with self.session() as s:
            return list(s.scalars(select(MatchRow.id).where(MatchRow.status == "open")
                                  .order_by(MatchRow.created_at)))

    def matches_of(self, hashes: Mapping[str, str],
                   now: float | None = None) -> list[tuple[MatchInfo, int | None]]:
        """The matches whose seat token hash is given (match id -> hash), with the seat held
        (``None``: both seats, hot-seat); with ``now``, a seat whose link has expired is not
        held."""
        out: list[tuple[MatchInfo, int | None]] = []
        for match_id, digest in hashes.items():
            info = self.match(match_id)
            if info is None:
                continue
            held = [s.seat for s in info.seats if s.held_by(digest, now)]
            if held:
                out.append((info, held[0] if len(held) == 1 else None))
        out.sort(key=lambda pair: -pair[0].created_at)
        return out

    def actions(self, match_id: str, start: int = 0, *,
                session: Connection | None = None) -> list[tuple[int, str]]:
        """The stored actions of a match from index ``start``, in order: (player, text)."""
        with self._using(session) as s:
            rows = s.execute(select(ActionRow.idx, ActionRow.player, ActionRow.text)
                             .where(ActionRow.match_id == match_id, ActionRow.idx >= start)
                             .order_by(ActionRow.idx)).all()
        for expected, row in enumerate(rows, start):
            if row.idx != expected:
                raise RuntimeError(f"match {match_id}: action {expected} is missing")
        return [(row.player, row.text) for row in rows]

    @contextmanager
    def locked(self, match_id: str) -> Iterator[Connection]:
        """A transaction holding match ``match_id``'s row (PostgreSQL: ``SELECT ... FOR
        UPDATE``, so that of several server processes exactly one applies the match's next
        action at a time; SQLite serves one process, whose room lock does the same). Commits
        when the block ends, rolls back if it raises. The hot path of every action: plain
        SQLAlchemy Core statements on a connection, no ORM session."""
        with self.engine.begin() as c:
            c.execute(select(MatchRow.action_count).where(MatchRow.id == match_id)
                      .with_for_update())
            yield c

    @contextmanager
    def _using(self, connection: Connection | None) -> Iterator[Connection]:
        if connection is not None:
            yield connection
        else:
            with self.engine.connect() as c:
                yield c

    def append(self, match_id: str, idx: int, player: int, text: str, *,
               outcome: Mapping[str, Any] | None = None, over: bool = False,
               session: Connection | None = None,
               clock: Mapping[str, Any] | None = None) -> None:
        """Store action ``idx`` and the match's new count (and its end) in ONE transaction
        (``session``'s, from :meth:`locked`, or one of its own); :class:`ConflictError`
        (nothing stored) if the stored count is not ``idx``. On PostgreSQL the transaction
        also notifies :data:`CHANNEL` (:func:`notice`), delivered to every listening server
        process when it commits (:mod:`skirmish.web.fanout`). ``clock``: the match's clock
        after the action (:mod:`.clocks`), stored with it. A match that is over (its table
        ended it: a clock ran out) takes no more actions."""
        at = time.time()
        values: dict[str, Any] = {"action_count": idx + 1}
        if clock is not None:
            values["clock"] = _dumps(clock)
        if over:
            values.update(status="over", outcome=_dumps(outcome), finished_at=at)
        with contextlib.ExitStack() as stack:
            s = session if session is not None else stack.enter_context(self.engine.begin())
            done = s.execute(update(MatchRow)
                             .where(MatchRow.id == match_id, MatchRow.action_count == idx,
                                    MatchRow.status == "open")
                             .values(**values))
            if done.rowcount != 1:
                raise ConflictError(f"match {match_id}: action {idx} is not the next one")
            s.execute(insert(ActionRow).values(match_id=match_id, idx=idx, player=player,
                                               text=text, at=at))
            if not self.is_sqlite:
                # the action itself rides along (at most 8000 bytes): the other processes
                # apply it without reading it back
                s.execute(select(func.pg_notify(CHANNEL, notice(match_id, idx, player, text))))

    def end_match(self, match_id: str, count: int, outcome: Mapping[str, Any],
                  clock: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
        """End open match ``match_id`` with ``outcome`` (its table's: a clock ran out), if
        it still has ``count`` actions; in one transaction holding its row, so that of
        several server processes one ends it. Returns the outcome the match ended with (the
        one stored first, if another process ended it already), or None when the match has
        moved on (an action was committed meanwhile: nothing changed). On PostgreSQL the
        other processes are told (``match_id:end``)."""
        with self.locked(match_id) as c:
            row = c.execute(select(MatchRow.status, MatchRow.action_count, MatchRow.outcome)
                            .where(MatchRow.id == match_id)).one_or_none()
            if row is None:
                return None
            if row.status != "open":
                return None if row.outcome is None else dict(json.loads(row.outcome))
            if row.action_count != count:
                return None
            values: dict[str, Any] = {"status": "over", "outcome": _dumps(outcome),
                                      "finished_at": time.time()}
            if clock is not None:
                values["clock"] = _dumps(clock)
            c.execute(update(MatchRow).where(MatchRow.id == match_id).values(**values))
            if not self.is_sqlite:
                c.execute(select(func.pg_notify(CHANNEL, f"{match_id}:{END_NOTICE}")))
        return dict(outcome)

    def change_clock(self, match_id: str,
                     change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any] | None:
        """Change an open match's clock (``change``: the stored clock -> the new one) in one
        transaction holding its row; the clock as stored, or None (no clock, or the match is
        over). On PostgreSQL the other processes are told (``match_id:clock``)."""
        with self.locked(match_id) as c:
            row = c.execute(select(MatchRow.status, MatchRow.clock)
                            .where(MatchRow.id == match_id)).one_or_none()
            if row is None or row.clock is None or row.status != "open":
                return None
            new = change(json.loads(row.clock))
            c.execute(update(MatchRow).where(MatchRow.id == match_id).values(clock=_dumps(new)))
            if not self.is_sqlite:
                c.execute(select(func.pg_notify(CHANNEL, f"{match_id}:{CLOCK_NOTICE}")))
        return new

    def clock(self, match_id: str) -> dict[str, Any] | None:
        """The match's clock as of its last commit (None: no clock)."""
        with self.engine.connect() as c:
            value = c.execute(select(MatchRow.clock).where(MatchRow.id == match_id)).scalar()
        return None if value is None else dict(json.loads(value))

    # -- chat ---------------------------------------------------------------------------------
    def add_chat(self, match_id: str, seat: int, text: str, at: float, *,
                 origin: str = "") -> dict[str, Any]:
        """Store a chat message; the message (``id``, ``seat``, ``text``, ``at``). On
        PostgreSQL the other server processes are told (``match_id:chat:JSON``, with
        ``origin``: the process that wrote it, which has shown it already)."""
        with self.engine.begin() as c:
            done = c.execute(insert(ChatRow).values(match_id=match_id, seat=seat, text=text,
                                                    at=at))
            key = done.inserted_primary_key
            message = {"id": int(key[0]) if key else 0, "seat": seat, "text": text, "at": at}
            if not self.is_sqlite:
                payload = json.dumps({**message, "origin": origin}, separators=(",", ":"))
                c.execute(select(func.pg_notify(CHANNEL,
                                                f"{match_id}:{CHAT_NOTICE}:{payload}")))
        return message

    def chat(self, match_id: str, limit: int = 200) -> list[dict[str, Any]]:
        """The last ``limit`` chat messages of a match, oldest first."""
        with self.engine.connect() as c:
            rows = c.execute(select(ChatRow.id, ChatRow.seat, ChatRow.text, ChatRow.at)
                             .where(ChatRow.match_id == match_id)
                             .order_by(ChatRow.id.desc()).limit(limit)).all()
        return [{"id": r.id, "seat": r.seat, "text": r.text, "at": r.at} for r in reversed(rows)]

    def count(self) -> int:
        with self.session() as s:
            return int(s.scalar(select(func.count()).select_from(MatchRow)) or 0)

    # -- uploaded records ---------------------------------------------------------------------
    def add_replay(self, record: str) -> str:
        replay_id = new_id()
        with self.session() as s, s.begin():
            s.add(ReplayRow(id=replay_id, record=record, created_at=time.time()))
        return replay_id

    def replay(self, replay_id: str) -> str | None:
        with self.session() as s:
            row = s.get(ReplayRow, replay_id)
            return None if row is None else row.record

    # -- retention ------------------------------------------------------------------------------
    def prune(self, now: float, keep_finished_days: float,
              keep_replays_days: float) -> tuple[int, int]:
        """Delete the finished matches that ended more than ``keep_finished_days`` before
        ``now`` (with their seats and actions) and the uploaded replays stored more than
        ``keep_replays_days`` before it; 0 days keeps them for ever. An open match is never
        deleted. Returns (matches, replays) deleted."""
        matches = replays = 0
        with self.session() as s, s.begin():
            if keep_finished_days > 0:
                cutoff = now - keep_finished_days * 86400.0
                ids = list(s.scalars(select(MatchRow.id).where(
                    MatchRow.status != "open", MatchRow.finished_at.is_not(None),
                    MatchRow.finished_at < cutoff)))
                for start in range(0, len(ids), 500):
                    chunk = ids[start:start + 500]
                    s.execute(delete(ActionRow).where(ActionRow.match_id.in_(chunk)))
                    s.execute(delete(ChatRow).where(ChatRow.match_id.in_(chunk)))
                    s.execute(delete(SeatRow).where(SeatRow.match_id.in_(chunk)))
                    done = s.execute(delete(MatchRow).where(MatchRow.id.in_(chunk),
                                                            MatchRow.status != "open"))
                    matches += int(done.rowcount)  # type: ignore[attr-defined]
            if keep_replays_days > 0:
                cutoff = now - keep_replays_days * 86400.0
                done = s.execute(delete(ReplayRow).where(ReplayRow.created_at < cutoff))
                replays = int(done.rowcount)  # type: ignore[attr-defined]
        return matches, replays


def _info(row: MatchRow, seats: Sequence[SeatRow]) -> MatchInfo:
    return MatchInfo(
        id=row.id, ruleset=row.ruleset, setup=json.loads(row.setup), dice=json.loads(row.dice),
        title=row.title, created_at=row.created_at, status=row.status,
        action_count=row.action_count,
        outcome=None if row.outcome is None else json.loads(row.outcome), mode=row.mode,
        seats=tuple(SeatInfo(s.seat, s.kind, s.agent, s.name, s.token_hash, s.token_expires_at)
                    for s in seats),
        owner_hash=row.owner_hash, spectator_hash=row.spectator_hash,
        finished_at=row.finished_at,
        clock=None if row.clock is None else json.loads(row.clock))


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
    finally:
        cursor.close()
