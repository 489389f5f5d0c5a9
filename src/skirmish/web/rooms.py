"""A live match in memory (docs/web.md): its game, its seats and its connections.

Everything that reads or changes a room's game holds the room's lock, so the actions of a
room are applied one at a time, in order, and a frame is only built once every action it
shows is committed: ``game.apply``, then :meth:`Store.append` (the commit), and only then
the frames. If the commit fails, the action is undone and its sender gets an error. Bots
think in a worker thread, on their own view, without the lock.

A match is its stored entries, in order: actions, takebacks and takeback requests
(:mod:`.takebacks`); the room counts them (:attr:`Room.stored`) and re-plays any it has not
seen (another server process's) before committing its own. In hot-seat, the device is
handed over only before a decision that needs it (:mod:`.handovers`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from skirmish.bots.registry import make_agent
from skirmish.core.agents import Agent, view_of
from skirmish.core.dice import dice_from_json
from skirmish.core.errors import GameOverError, IllegalActionError
from skirmish.core.game import Game
from skirmish.core.ruleset import RULESETS
from skirmish.core.words import Resolved
from skirmish.core.words import resolve as resolve_words
from skirmish.web import chat, clocks, fair, frames, handovers
from skirmish.web import takebacks as tb
from skirmish.web.connections import MAX_MESSAGE, Connection
from skirmish.web.deltas import delta_text
from skirmish.web.explanations import KEPT, Explained, explanation_of, for_reader
from skirmish.web.ops import Metrics
from skirmish.web.pacing import pace_wait
from skirmish.web.storage import MatchInfo, Store

log = logging.getLogger("skirmish.web")

__all__ = ["MAX_MESSAGE", "STALE", "Connection", "Room"]

#: What :meth:`Room._apply` answers when a bot's action was chosen for a table that has
#: changed since (another process committed first): dropped, the bot thinks again.
STALE = ("the match moved on before this action was committed", "")

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
        #: The bots' pace in seconds (the hub's ``bot_pace_s`` setting: :func:`pace_wait`).
        self.bot_pace = 0.0
        #: The bots' explanations of their actions, the latest last (:mod:`.explanations`).
        self.explanations: list[Explained] = []
        self.closed = False
        #: State frames built (each shared by every reader of its view).
        self.frames_built = 0
        #: The last state frame of each version still held by a connection (the bases of
        #: delta frames).
        self._sent: dict[str, dict[str, Any]] = {}
        #: The server's metrics (set when the hub takes the room in).
        self.metrics: Metrics | None = None
        #: The last action typed in words and what it became (:mod:`skirmish.core.words`).
        self.resolved: tuple[str, Resolved] | None = None
        #: The match's clock (:mod:`.clocks`), and the wall clock it reads (the hub's).
        self.clock = clocks.of(info)
        self.now: Callable[[], float] = time.time
        #: How many entries of the match are stored (actions, takebacks, requests), and the
        #: pending takeback request (:mod:`.takebacks`).
        self.stored = game.played
        self.ledger = tb.Ledger()
        #: Whether the pending decision needs a hot-seat handover, for the entry count it
        #: was worked out at (:func:`.handovers.needs_handover`).
        self._privacy: tuple[int, bool] = (-1, False)

    @classmethod
    def restore(cls, info: MatchInfo, actions: list[tuple[int, str]], store: Store, *,
                bot_seed: int | None = None) -> Room:
        """The room of a stored match: its game re-played from its set-up, its dice and
        every stored action (CPU-bound: call it in a worker thread)."""
        ruleset = RULESETS.get(info.ruleset)
        game = ruleset.new_game(info.setup, dice=dice_from_json(info.dice))
        ledger = tb.Ledger()
        for index, (player, text) in enumerate(actions):
            try:
                ledger.enter(game, player, text)
            except (IllegalActionError, GameOverError, ValueError) as exc:
                raise RuntimeError(f"match {info.id}: stored action {index} '{text}' is not "
                                   f"for the deciding player ({exc})") from None
        room = cls(info, game, store, bot_seed=bot_seed)
        room.stored, room.ledger = len(actions), ledger
        clocks.restored(room)  # a match its clock ended ends again
        return room

    # -- connections -----------------------------------------------------------------------
    async def join(self, conn: Connection, *, spectators: int | None = None) -> bool:
        """Add ``conn`` and send it the table; False (not added) when it is a spectator and
        the match already has ``spectators`` of them."""
        async with self.lock:
            if spectators is not None and conn.spectator and self.spectators() >= spectators:
                return False
            self.connections.add(conn)
            await self._refresh([conn], first=True)
        await chat.history(self, conn)
        await clocks.joined(self, conn)
        # a bot whose turn it is moves (its process may have stopped: scale-out)
        self.wake_bots()
        return True

    async def leave(self, conn: Connection) -> None:
        async with self.lock:
            self.connections.discard(conn)

    def spectators(self) -> int:
        """How many connections watch this match without a seat."""
        return sum(1 for c in self.connections if c.spectator)

    def _shown_seat(self, conn: Connection, first: bool
                    ) -> tuple[bool, int | None, bool, bool]:
        """(send a state frame, as which seat, from the log's start, the public frame) for
        ``conn`` now (lock held). In hot-seat the device shows what both players may see
        (the public frame of the deciding seat) unless the decision needs a handover
        (:mod:`.handovers`): then a handover is sent, and the seat's own frame once it is
        answered; any change between public and private frames sends the whole log."""
        game = self.game
        if not conn.hotseat:
            return True, conn.seat, first, False
        if game.is_over:  # over: everything is public, no more handovers
            first = first or conn.waiting is not None or conn.private
            conn.waiting, conn.private = None, False
            if conn.shown is None:
                conn.shown = 0
            return True, conn.shown, first, False
        decider = game.decision().player
        if conn.waiting == decider:
            return False, None, first, False  # handed over (or asked for): waits for 'ready'
        if conn.private and conn.shown == decider and conn.waiting is None:
            return True, decider, first, False  # still in the deciding seat's hands
        if not self._needs_handover():
            # the public log is every seat's: only leaving a seat's own frame sends it whole
            first = first or conn.private or conn.waiting is not None
            conn.shown, conn.waiting, conn.private = decider, None, False
            return True, decider, first, True
        if conn.waiting != decider:
            conn.waiting, conn.private = decider, False
            conn.send({"type": "handover", "seat": decider})
        return False, None, first, False

    def _needs_handover(self) -> bool:
        """:func:`.handovers.needs_handover`, worked out once per entry (lock held)."""
        played, needed = self._privacy
        if played != self.stored:
            needed = handovers.needs_handover(self.game)
            self._privacy = (self.stored, needed)
        return needed

    async def _refresh(self, conns: list[Connection], *, first: bool = False) -> None:
        """Send each of ``conns`` what it should see now (lock held). Readers of the same
        view get one frame, built once and written once (docs/web.md, Frames): a match
        watched by hundreds costs what a match watched by its two seats costs; a client
        that reads deltas gets what changed since its last frame (one delta per distinct
        view and base); the frames are built in a worker thread, so other matches' sockets
        are served meanwhile."""
        game = self.game
        wanted: dict[tuple[int | None, int, bool, bool], list[Connection]] = {}
        for conn in conns:
            send, seat, from_start, public = self._shown_seat(conn, first)
            if send:
                start = 0 if from_start else min(conn.log_sent, len(game.log))
                if from_start:
                    conn.version = ""  # a whole frame
                wanted.setdefault((seat, start, public, conn.picture), []).append(conn)
        if not wanted:
            return
        plan = {key: (sorted({c.version for c in readers if c.deltas and c.version in
                              self._sent}), any(c.deltas for c in readers))
                for key, readers in wanted.items()}
        built = await asyncio.to_thread(self._frames, plan)
        for key, readers in wanted.items():
            frame, whole, deltas = built[key]
            for conn in readers:
                conn.send_text(deltas.get(conn.version, whole) if conn.deltas else whole)
                conn.log_sent = len(game.log)
                conn.version = frame["version"]
            if plan[key][1]:  # the base of its readers' next deltas
                self._sent[frame["version"]] = frame
        held = {c.version for c in self.connections} | {c.version for c in conns}
        for version in [v for v in self._sent if v not in held]:
            del self._sent[version]
        self.frames_built += len(built)
        if self.metrics is not None:
            self.metrics.frames(len(built))

    def _frames(self, plan: dict[tuple[int | None, int, bool, bool], tuple[list[str], bool]]
                ) -> dict[tuple[int | None, int, bool, bool],
                          tuple[dict[str, Any], str, dict[str, str]]]:
        """For each (seat, log start, public, picture): its state frame, as JSON text, and its
        deltas from each base version in ``plan`` (text; the whole frame where no delta is smaller);
        the frame is read back as its clients read it only when some reader takes deltas."""
        out = {}
        for (seat, start, public, picture), (bases, deltas) in plan.items():
            frame = (handovers.public_frame(self.game, mode=self.mode, log_from=start,
                                            picture=picture)
                     if public else
                     frames.state_frame(self.game, seat, mode=self.mode, log_from=start,
                                        picture=picture))
            if self.bots:
                frame["explained"] = len(self.explanations)
            clocks.stamp(self, frame)
            frame["takeback"] = self._takeback_frame(seat)
            text = json.dumps(frame, separators=(",", ":"))
            # the version names the frame's content (a digest of it): it tells a reader
            # nothing its frame does not, not even how many frames others were sent
            frame["version"] = hashlib.blake2b(text.encode(), digest_size=9).hexdigest()
            whole = f'{text[:-1]},"version":"{frame["version"]}"}}'
            if deltas:  # the frame as the client reads it (JSON: tuples become arrays)
                frame = json.loads(whole)
            out[(seat, start, public, picture)] = (
                frame, whole, {base: delta_text(self._sent[base], frame, whole) for base in bases})
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
        elif kind == "handover":
            async with self.lock:
                self._hand_over(conn)
        elif kind == "resync":
            async with self.lock:
                await self._refresh([conn], first=True)
        elif kind == "action":
            await self.act(conn, str(message["text"]))
        elif kind == "chat":
            await chat.post(self, conn, str(message["text"]))
        elif kind in ("commit", "reveal"):  # the seats' dice nonces (web/fair.py)
            await fair.handle(self, conn, message)
        elif kind == "takeback":
            reply = message.get("answer")
            await self.take_back(conn, None if reply is None else str(reply))
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
                known = frames.knowledge(self.game, self._knower(conn))
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
        conn.send(for_reader(self.game, self.explanations[-1], self._knower(conn)))

    def _asker(self, conn: Connection) -> int | None:
        """For whom this connection asks whether an action is legal (probe, sight): its seat;
        a hot-seat device, the seat it acts for (none during a handover)."""
        if conn.hotseat:
            return conn.shown if conn.waiting is None else None
        return conn.seat

    def _knower(self, conn: Connection) -> int | None:
        """Whose knowledge answers this connection's odds and "Why?": :meth:`_asker`'s, but
        a hot-seat device showing the public frame knows what a spectator knows."""
        if conn.hotseat and not conn.private:
            return None
        return self._asker(conn)

    @staticmethod
    def _answer(conn: Connection, compute: Any) -> None:
        try:
            conn.send(compute())
        except frames.FrameError as exc:
            conn.error(exc.message, exc.rule)

    def _hand_over(self, conn: Connection) -> None:
        """A hot-seat device asks for the deciding seat's own frame (the public frame left
        out some of its choices: the cards of its hand): a handover, then ``ready``."""
        if not conn.hotseat or self.game.is_over:
            conn.error("'handover' is for a hot-seat device, while the match goes on")
            return
        decider = self.game.decision().player
        if conn.waiting is not None or (conn.private and conn.shown == decider):
            conn.error("the device is already handed over")
            return
        conn.waiting, conn.private = decider, False
        conn.send({"type": "handover", "seat": decider})

    async def _ready(self, conn: Connection) -> None:
        async with self.lock:
            if not conn.hotseat or conn.waiting is None:
                conn.error("'ready' answers a handover, and none is pending")
                return
            conn.shown, conn.waiting, conn.private = conn.waiting, None, True
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
                if error[1] == fair.RULE:  # the first die waits: the browsers reveal
                    await self._broadcast()
                return
            await self._broadcast()
            if self.resolved is not None:  # a move in words: what it became, to its player
                (typed, resolved), self.resolved = self.resolved, None
                conn.send({"type": "resolved", "text": typed, "action": str(resolved.action),
                           "said": resolved.said})
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
        None, or (message, rule). ``expected``: the count of entries the action was chosen
        at (a bot's): if the match moved on meanwhile, it is dropped (:data:`STALE`). A
        callable ``text`` decides a takeback entry on the up-to-date match
        (:meth:`_takeback_entry`)."""
        return await asyncio.to_thread(self._commit, seat, text, expected)

    def _commit(self, seat: int, text: str | Any, expected: int | None
                ) -> tuple[str, str] | None:
        """In ONE transaction holding the match's row (:meth:`Store.locked`): the entries
        another server process committed meanwhile are applied first (scale-out), the
        action (or takeback entry) is checked and applied, then stored. The transaction's
        commit is the acknowledgement; if it fails, the entry is undone."""
        game = self.game
        applied = False
        saved: tuple[Game, tb.Pending | None] | None = None
        try:
            with self.store.locked(self.id) as session:
                fair.refresh(self, session)  # pending dice: as stored (web/fair.py)
                self._replay(self.store.actions(self.id, self.stored, session=session))
                game = self.game
                if expected is not None and self.stored != expected:
                    return STALE
                if callable(text):  # a takeback entry, decided on the up-to-date match
                    decided = text()
                    if isinstance(decided, str):
                        return decided, "takeback"
                    seat, entry = decided
                    saved = (game.copy(), self.ledger.pending)
                    self.ledger.enter(game, seat, entry)
                    clock = clocks.reran(self)  # whoever decides now, their time runs
                else:
                    if game.is_over:
                        return "the match is over", ""
                    decider = game.decision().player
                    if decider != seat:
                        return f"not your turn: player {'AB'[decider]} decides now", ""
                    late = clocks.refusal(self, seat)
                    if late is not None:
                        return late
                    resolved = resolve_words(game, text) if isinstance(text, str) else None
                    action = text if resolved is None else resolved.action  # words: issue 45
                    try:
                        game.apply(action)
                    except fair.DiceWaitingError:  # the first die: web/fair.py
                        waiting = fair.first_die(self, session)
                        if waiting is not None:
                            return waiting, fair.RULE
                        game.apply(action)
                    self.resolved = None if resolved is None else (text, resolved)
                    entry = str(game.history[-1])
                    clock = clocks.committed(self, seat)
                applied = True
                fair.settle(self, session)  # over before its first die: web/fair.py
                outcome = game.outcome()
                self.store.append(self.id, self.stored, seat, entry,
                                  outcome=outcome.to_json() if outcome else None,
                                  over=game.is_over, session=session, clock=clock)
            self.stored += 1
        except (IllegalActionError, GameOverError) as exc:
            if not applied:
                return str(exc), getattr(exc, "rule", "")
            self._undo(saved)
            clocks.undone(self)
            return "the server could not save this action: nothing changed, try again", ""
        except Exception:
            if not applied:
                log.exception("match %s: applying an action failed", self.id)
                return "the engine could not apply this action; nothing changed", ""
            log.exception("match %s: storing entry %d failed; undone", self.id, self.stored)
            self._undo(saved)
            clocks.undone(self)
            return "the server could not save this action: nothing changed, try again", ""
        return None

    def _undo(self, saved: tuple[Game, tb.Pending | None] | None) -> None:
        """Undo the entry whose commit failed: an action, or a takeback entry (``saved``:
        the game and the pending request before it)."""
        if saved is None:
            self.game.undo()
        else:
            self.game, self.ledger.pending = saved

    def _replay(self, actions: list[tuple[int, str]]) -> None:
        """Play stored entries the room has not played yet (committed by another server
        process), each by the player who entered it."""
        for player, text in actions:
            try:
                self.ledger.enter(self.game, player, text)
            except (IllegalActionError, GameOverError, ValueError) as exc:
                raise RuntimeError(f"match {self.id}: stored action '{text}' is not for the "
                                   f"deciding player ({exc})") from None
            self.stored += 1

    # -- takebacks (docs/web.md, Takebacks) ------------------------------------------------------
    async def take_back(self, conn: Connection, answer: str | None) -> None:
        """A ``takeback`` message: take back, ask for a takeback, or answer the pending
        request (:mod:`.takebacks`); stored as an entry like an action, then shown to
        everyone as whole frames (the log may have lost lines)."""
        async with self.lock:
            trail = len(self.game.trail)
            error = await self._apply(-1, lambda: self._takeback_entry(conn, answer))
            if error is not None:
                conn.error(*error)
                return
            await self._after_entries(trail)
        self.wake_bots()

    def _takeback_entry(self, conn: Connection, answer: str | None) -> tuple[int, str] | str:
        """The entry a ``takeback`` message of ``conn`` makes now, as (player, text), or why
        none (lock held, on the up-to-date match: :func:`.takebacks.entry_for`)."""
        return tb.entry_for(self.game, self.ledger, self._humans(), hotseat=conn.hotseat,
                            seat=conn.seat, answer=answer)

    def _takeback_frame(self, seat: int | None) -> dict[str, Any]:
        """The state frame's ``takeback`` field for ``seat`` (lock held)."""
        return tb.frame_field(self.game, self.ledger, self._humans(),
                              hotseat=self.mode == "hotseat", seat=seat)

    def _humans(self) -> set[int]:
        return {s.seat for s in self.info.seats if s.kind != "bot"}

    async def _after_entries(self, trail: int) -> None:
        """Show the entries just played to everyone (lock held): whole frames after a
        takeback (the log may have lost lines), the explanations of taken-back bot
        actions dropped."""
        game = self.game
        if len(game.trail) != trail:
            self.explanations = [e for e in self.explanations if e.index < len(game.history)]
            for conn in self.connections:
                conn.log_sent = 0
            await self._refresh(list(self.connections), first=True)
        else:
            await self._broadcast()

    async def catch_up(self, idx: int | None = None,
                       action: tuple[int, str] | None = None) -> None:
        """Bring the room up to date with the database (an action committed by another
        server process, :mod:`.fanout`) and show it to this process's readers. A notice
        holding the next action (its index ``idx``, its player and text) is applied without
        reading the database; any other gap is read from it."""
        async with self.lock:
            count = self.stored
            if idx is not None and idx < count:
                return  # applied meanwhile
            if idx == count and action is not None:
                actions = [action]
            else:
                actions = await asyncio.to_thread(self.store.actions, self.id, count)
            if not actions:
                return
            trail = len(self.game.trail)
            try:
                await asyncio.to_thread(fair.refresh, self)
                await asyncio.to_thread(self._replay, actions)
                if self.clock is not None:  # the clock as the committing process stored it
                    self.clock = clocks.of_stored(await asyncio.to_thread(self.store.clock,
                                                                          self.id))
            except Exception:
                log.exception("match %s: catching up with the database failed", self.id)
            await self._after_entries(trail)

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
                count, index = self.stored, len(game.history)
                secret = game.decision().kind.startswith("secret")
                view = view_of(game, player, agent)
                legal = list(game.legal_actions())
            came = time.monotonic()
            try:
                action = await asyncio.to_thread(agent.act, view, legal)
            except Exception:
                log.exception("match %s: the bot of seat %d failed", self.id, player)
                return
            if self.bot_pace > 0:
                await asyncio.sleep(pace_wait(time.monotonic() - came, self.bot_pace))
            async with self.lock:
                if self.stored != count:
                    continue
                error = await self._apply(player, action, expected=count)
                if error is STALE:
                    continue
                if error is not None:
                    log.error("match %s: the bot's action was refused: %s", self.id, error[0])
                    return
                self._keep_explanation(agent, player, index, secret)
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
