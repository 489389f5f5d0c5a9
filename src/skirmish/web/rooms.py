"""A live match in memory (docs/web.md): its game, its seats and its connections.

Everything that reads or changes a room's game holds the room's lock, so the actions of a
room are applied one at a time, in order, and a frame is only built once every action it
shows is committed: ``game.apply``, then :meth:`Store.append` (the commit), and only then
the frames. If the commit fails, the action is undone and its sender gets an error. Bots
think in a worker thread, on their own view, without the lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from skirmish.bots.registry import make_agent
from skirmish.core.agents import Agent, view_of
from skirmish.core.dice import dice_from_json
from skirmish.core.errors import GameOverError, IllegalActionError
from skirmish.core.game import Game
from skirmish.core.ruleset import RULESETS
from skirmish.web import frames
from skirmish.web.explanations import KEPT, Explained, explanation_of, for_reader
from skirmish.web.guards import Buckets
from skirmish.web.ops import Metrics
from skirmish.web.storage import MatchInfo, Store

log = logging.getLogger("skirmish.web")

#: The largest websocket message read (bytes, docs/web.md).
MAX_MESSAGE = 16 * 1024
#: The longest ``text``, ``from`` or ``to`` in a message (characters).
MAX_TEXT = 400
#: Each message kind and its fields (beyond ``type``): name -> required.
MESSAGES: dict[str, dict[str, bool]] = {
    "action": {"text": True},
    "probe": {"text": True},
    "sight": {"from": True, "to": True},
    "odds": {"text": True, "reaction": False},
    "ready": {},
    "explain": {},
    "ping": {},
}
REACTIONS = ("passive", "dodge", "response")
#: What :meth:`Room._apply` answers when a bot's action was chosen for a table that has
#: changed since (another process committed first): dropped, the bot thinks again.
STALE = ("the match moved on before this action was committed", "")
#: A client that lets this many frames pile up unread is disconnected.
MAX_QUEUED = 512


class MessageError(ValueError):
    """A websocket message that is malformed (closes its connection, code 1008) or too
    large (code 1009)."""

    def __init__(self, message: str, code: int = 1008) -> None:
        self.code = code
        super().__init__(message)


def parse_message(raw: str | bytes | None) -> dict[str, Any]:
    """A client message, checked: a JSON text of at most :data:`MAX_MESSAGE` bytes, an
    object with a known ``type`` and exactly its fields, each a short string."""
    if not isinstance(raw, str):
        raise MessageError("messages are JSON text, not binary")
    if len(raw) > MAX_MESSAGE or len(raw.encode("utf-8", "replace")) > MAX_MESSAGE:
        raise MessageError(f"a message is at most {MAX_MESSAGE} bytes", 1009)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise MessageError("not JSON") from None
    if not isinstance(data, dict):
        raise MessageError("a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in MESSAGES:
        raise MessageError(f"unknown message type (expected one of {', '.join(MESSAGES)})")
    fields = MESSAGES[kind]
    unknown = sorted(set(data) - set(fields) - {"type"})
    if unknown:
        raise MessageError(f"{kind}: unknown field(s) {', '.join(unknown)[:80]}")
    for name, required in fields.items():
        value = data.get(name)
        if value is None and not required:
            continue
        if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT:
            raise MessageError(f"{kind}: '{name}' must be a text of 1 to {MAX_TEXT} characters")
    if kind == "odds" and data.get("reaction") not in (None, *REACTIONS):
        raise MessageError(f"odds: 'reaction' is one of {', '.join(REACTIONS)}")
    return data


@dataclass(eq=False)
class Connection:
    """One websocket of a room. ``seat`` is its fixed seat (remote), ``None`` for a
    spectator; a hot-seat connection shows ``shown`` and, after a handover, waits for
    ``ready`` (``waiting``)."""

    ws: WebSocket
    seat: int | None
    hotseat: bool = False
    shown: int | None = None
    waiting: int | None = None
    log_sent: int = 0
    queue: asyncio.Queue[str | tuple[int, str]] = field(default_factory=asyncio.Queue)
    #: The client's address and its socket's own rate buckets (:mod:`.guards`).
    address: str = "unknown"
    buckets: Buckets = field(default_factory=Buckets)
    #: When this connection was last told it asks too often (one notice a second at most).
    throttled_at: float = -1.0

    @property
    def spectator(self) -> bool:
        """Watching only: no seat, not a hot-seat device."""
        return self.seat is None and not self.hotseat

    @property
    def acting_seat(self) -> int | None:
        """The seat this connection acts for now (``None``: it may not act)."""
        if self.hotseat:
            return self.shown if self.waiting is None else None
        return self.seat

    def send(self, frame: Mapping[str, Any]) -> None:
        self.send_text(json.dumps(frame, separators=(",", ":")))

    def send_text(self, text: str) -> None:
        """Queue a frame already written as JSON (one text shared by every reader of the
        same view: :meth:`Room._broadcast`)."""
        if self.queue.qsize() >= MAX_QUEUED:
            if self.queue.qsize() == MAX_QUEUED:
                self.close(1008, "too many unread frames")
            return
        self.queue.put_nowait(text)

    def error(self, message: str, rule: str = "") -> None:
        self.send({"type": "error", "message": message, "rule": rule})

    def close(self, code: int, reason: str) -> None:
        self.queue.put_nowait((code, reason))

    async def write(self) -> None:
        """Send the queued frames in order (the writer task of the connection)."""
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple):
                with contextlib.suppress(Exception):
                    await self.ws.close(code=item[0], reason=item[1][:120])
                return
            try:
                await self.ws.send_text(item)
            except Exception:  # the client is gone: its receive loop ends the connection
                return


class Room:
    """One match in play (or finished, while someone watches it). Each bot gets a fresh
    random seed, or (tests only) ``bot_seed`` plus its seat."""

    def __init__(self, info: MatchInfo, game: Game, store: Store, *,
                 bot_seed: int | None = None) -> None:
        self.info = info
        self.id = info.id
        self.mode = info.mode
        self.game = game
        self.store = store
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.bots: dict[int, Agent] = {
            s.seat: make_agent(s.agent or "random",
                               secrets.randbits(32) if bot_seed is None else bot_seed + s.seat)
            for s in info.seats if s.kind == "bot"}
        self.bot_task: asyncio.Task[None] | None = None
        #: The bots' explanations of their actions, the latest last (:mod:`.explanations`).
        self.explanations: list[Explained] = []
        self.closed = False
        #: State frames built (each shared by every reader of its view).
        self.frames_built = 0
        #: The server's metrics (set when the hub takes the room in).
        self.metrics: Metrics | None = None

    @classmethod
    def restore(cls, info: MatchInfo, actions: list[tuple[int, str]], store: Store, *,
                bot_seed: int | None = None) -> Room:
        """The room of a stored match: its game re-played from its set-up, its dice and
        every stored action (CPU-bound: call it in a worker thread)."""
        ruleset = RULESETS.get(info.ruleset)
        game = ruleset.new_game(info.setup, dice=dice_from_json(info.dice))
        for index, (player, text) in enumerate(actions):
            if game.is_over or game.decision().player != player:
                raise RuntimeError(f"match {info.id}: stored action {index} '{text}' is not "
                                   "for the deciding player")
            game.apply(text)
        return cls(info, game, store, bot_seed=bot_seed)

    # -- connections -----------------------------------------------------------------------
    async def join(self, conn: Connection, *, spectators: int | None = None) -> bool:
        """Add ``conn`` and send it the table; False (not added) when it is a spectator and
        the match already has ``spectators`` of them."""
        async with self.lock:
            if spectators is not None and conn.spectator and self.spectators() >= spectators:
                return False
            self.connections.add(conn)
            await self._refresh([conn], first=True)
        # a bot whose turn it is moves (its process may have stopped: scale-out)
        self.wake_bots()
        return True

    async def leave(self, conn: Connection) -> None:
        async with self.lock:
            self.connections.discard(conn)

    def spectators(self) -> int:
        """How many connections watch this match without a seat."""
        return sum(1 for c in self.connections if c.spectator)

    def _shown_seat(self, conn: Connection, first: bool) -> tuple[bool, int | None, bool]:
        """(send a state frame, as which seat, from the log's start) for ``conn`` now (lock
        held); in hot-seat a handover is sent instead when the deciding seat is not the one
        shown."""
        game = self.game
        if not conn.hotseat:
            return True, conn.seat, first
        if not game.is_over:
            decider = game.decision().player
            if decider != conn.shown or conn.waiting is not None:
                if conn.waiting != decider:
                    conn.waiting = decider
                    conn.send({"type": "handover", "seat": decider})
                return False, None, first
        else:  # over: everything is public, no more handovers
            first = first or conn.waiting is not None
            conn.waiting = None
            if conn.shown is None:
                conn.shown = 0
        return True, conn.shown, first

    async def _refresh(self, conns: list[Connection], *, first: bool = False) -> None:
        """Send each of ``conns`` what it should see now (lock held). Readers of the same
        view get one frame, built once and written once (docs/web.md, Frames): a match
        watched by hundreds costs what a match watched by its two seats costs; the frames
        are built in a worker thread, so other matches' sockets are served meanwhile."""
        game = self.game
        wanted: dict[tuple[int | None, int], list[Connection]] = {}
        for conn in conns:
            send, seat, from_start = self._shown_seat(conn, first)
            if send:
                start = 0 if from_start else min(conn.log_sent, len(game.log))
                wanted.setdefault((seat, start), []).append(conn)
        if not wanted:
            return
        texts = await asyncio.to_thread(self._frames, list(wanted))
        for key, readers in wanted.items():
            for conn in readers:
                conn.send_text(texts[key])
                conn.log_sent = len(game.log)
        self.frames_built += len(texts)
        if self.metrics is not None:
            self.metrics.frames(len(texts))

    def _frames(self, keys: list[tuple[int | None, int]]) -> dict[tuple[int | None, int], str]:
        """The state frame of each (seat, log start), as JSON text."""
        out = {}
        for seat, start in keys:
            frame = frames.state_frame(self.game, seat, mode=self.mode, log_from=start)
            if self.bots:
                frame["explained"] = len(self.explanations)
            out[(seat, start)] = json.dumps(frame, separators=(",", ":"))
        return out

    async def _broadcast(self) -> None:
        await self._refresh(list(self.connections))

    # -- messages ----------------------------------------------------------------------------
    async def handle(self, conn: Connection, message: Mapping[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "ready":
            await self._ready(conn)
        elif kind == "action":
            await self.act(conn, str(message["text"]))
        elif kind == "probe":
            async with self.lock:
                self._answer(conn, lambda: frames.probe(self.game, self._asker(conn),
                                                        str(message["text"])))
        elif kind == "sight":
            async with self.lock:
                self._answer(conn, lambda: frames.sight(self.game, self._asker(conn),
                                                        str(message["from"]),
                                                        str(message["to"])))
        elif kind == "explain":
            async with self.lock:
                self._explain(conn)
        elif kind == "odds":
            async with self.lock:
                known = frames.knowledge(self.game, self._asker(conn))
            reaction = message.get("reaction")
            try:
                answer = await asyncio.to_thread(frames.odds, known, str(message["text"]),
                                                 None if reaction is None else str(reaction))
            except frames.FrameError as exc:
                conn.error(exc.message, exc.rule)
            else:
                conn.send(answer)

    def _explain(self, conn: Connection) -> None:
        """Answer "Why?": the latest bot action's explanation, as this reader may see it
        (lock held)."""
        if not self.explanations:
            conn.error("no bot has explained a move in this match yet")
            return
        conn.send(for_reader(self.game, self.explanations[-1], self._asker(conn)))

    def _asker(self, conn: Connection) -> int | None:
        """Whose knowledge answers this connection's questions."""
        return conn.shown if conn.hotseat and conn.waiting is None else (
            None if conn.hotseat else conn.seat)

    @staticmethod
    def _answer(conn: Connection, compute: Any) -> None:
        try:
            conn.send(compute())
        except frames.FrameError as exc:
            conn.error(exc.message, exc.rule)

    async def _ready(self, conn: Connection) -> None:
        async with self.lock:
            if not conn.hotseat or conn.waiting is None:
                conn.error("'ready' answers a handover, and none is pending")
                return
            conn.shown, conn.waiting = conn.waiting, None
            await self._refresh([conn], first=True)

    async def act(self, conn: Connection, text: str) -> None:
        """A client's action: checked, applied, committed, then shown to everyone (its time
        from here to the frames queued is the ``action_seconds`` metric)."""
        started = time.perf_counter()
        async with self.lock:
            refusal = self._refusal(conn)
            error = await self._apply(conn.acting_seat or 0, text) if refusal is None \
                else (refusal, "")
            if error is not None:
                if self.metrics is not None:
                    self.metrics.reject("illegal")
                conn.error(*error)
                return
            await self._broadcast()
        if self.metrics is not None:
            self.metrics.action_done(started)
        self.wake_bots()

    def _refusal(self, conn: Connection) -> str | None:
        """Why ``conn`` may not act now (lock held), or None."""
        seat = conn.acting_seat
        if seat is None:
            return ("a spectator cannot act" if not conn.hotseat else
                    "pass the device first: answer the handover with 'ready'")
        if self.game.is_over:
            return "the match is over"
        decider = self.game.decision().player
        if decider != seat:
            return f"not your turn: player {'AB'[decider]} decides now"
        return None

    async def _apply(self, seat: int, text: str | Any, *,
                     expected: int | None = None) -> tuple[str, str] | None:
        """Apply and commit one action of ``seat`` (lock held; the work in a worker thread):
        None, or (message, rule). ``expected``: the count of actions the action was chosen
        at (a bot's): if the match moved on meanwhile, it is dropped (:data:`STALE`)."""
        return await asyncio.to_thread(self._commit, seat, text, expected)

    def _commit(self, seat: int, text: str | Any, expected: int | None
                ) -> tuple[str, str] | None:
        """In ONE transaction holding the match's row (:meth:`Store.locked`): the actions
        another server process committed meanwhile are applied first (scale-out), the
        action is checked and applied, then stored. The transaction's commit is the
        acknowledgement; if it fails, the action is undone."""
        game = self.game
        applied = False
        try:
            with self.store.locked(self.id) as session:
                self._replay(self.store.actions(self.id, len(game.history), session=session))
                if expected is not None and len(game.history) != expected:
                    return STALE
                if game.is_over:
                    return "the match is over", ""
                decider = game.decision().player
                if decider != seat:
                    return f"not your turn: player {'AB'[decider]} decides now", ""
                game.apply(text)
                applied = True
                idx = len(game.history) - 1
                outcome = game.outcome()
                self.store.append(self.id, idx, seat, str(game.history[-1]),
                                  outcome=outcome.to_json() if outcome else None,
                                  over=game.is_over, session=session)
        except (IllegalActionError, GameOverError) as exc:
            if not applied:
                return str(exc), getattr(exc, "rule", "")
            game.undo()
            return "the server could not save this action: nothing changed, try again", ""
        except Exception:
            if not applied:
                log.exception("match %s: applying an action failed", self.id)
                return "the engine could not apply this action; nothing changed", ""
            log.exception("match %s: storing action %d failed; undone", self.id,
                          len(game.history) - 1)
            game.undo()
            return "the server could not save this action: nothing changed, try again", ""
        return None

    def _replay(self, actions: list[tuple[int, str]]) -> None:
        """Apply stored actions the room has not applied yet (committed by another server
        process), each by the player who took it."""
        for player, text in actions:
            if self.game.is_over or self.game.decision().player != player:
                raise RuntimeError(f"match {self.id}: stored action '{text}' is not for the "
                                   "deciding player")
            self.game.apply(text)

    async def catch_up(self) -> None:
        """Bring the room up to date with the database (an action committed by another
        server process, :mod:`.fanout`) and show it to this process's readers."""
        async with self.lock:
            count = len(self.game.history)
            actions = await asyncio.to_thread(self.store.actions, self.id, count)
            if not actions:
                return
            try:
                await asyncio.to_thread(self._replay, actions)
            except Exception:
                log.exception("match %s: catching up with the database failed", self.id)
            await self._broadcast()

    # -- bots ----------------------------------------------------------------------------------
    def wake_bots(self) -> None:
        """Start the bot task if a bot decides now and none runs."""
        if self.closed or not self.bots or (self.bot_task and not self.bot_task.done()):
            return
        if self.game.is_over or self.game.decision().player not in self.bots:
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while not self.closed:
            async with self.lock:
                game = self.game
                if game.is_over or game.decision().player not in self.bots:
                    return
                player = game.decision().player
                agent = self.bots[player]
                count = len(game.history)
                secret = game.decision().kind.startswith("secret")
                view = view_of(game, player, agent)
                legal = list(game.legal_actions())
            try:
                action = await asyncio.to_thread(agent.act, view, legal)
            except Exception:
                log.exception("match %s: the bot of seat %d failed", self.id, player)
                return
            async with self.lock:
                if len(self.game.history) != count:
                    continue
                error = await self._apply(player, action, expected=count)
                if error is STALE:
                    continue
                if error is not None:
                    log.error("match %s: the bot's action was refused: %s", self.id, error[0])
                    return
                self._keep_explanation(agent, player, count, secret)
                await self._broadcast()

    def _keep_explanation(self, agent: Agent, seat: int, index: int, secret: bool) -> None:
        data = explanation_of(agent)
        if data is None:
            return
        name = next((s.agent or "" for s in self.info.seats if s.seat == seat), "")
        self.explanations.append(Explained(index, seat, name, secret, data))
        del self.explanations[:-KEPT]

    async def close(self) -> None:
        self.closed = True
        if self.bot_task is not None:
            self.bot_task.cancel()
            with contextlib.suppress(BaseException):
                await self.bot_task
