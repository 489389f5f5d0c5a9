"""Dice both sides contribute to, at the web table (docs/dice.md; docs/web.md, Fair dice).

A match made through the API starts with :class:`PendingDice`: the server's key is drawn
and committed to (its commitment is in every seat's view from the first frame), each bot
seat's nonce is made with :mod:`secrets` and committed at once. Each human seat's browser
draws its own nonce (``crypto.getRandomValues``) and sends only its commitment (a
``commit`` message); once every seat has committed, the view says so (``revealing``) and
each browser sends its nonce (``reveal``), checked against its commitment. When every
nonce is in, the dice key is derived and the match's game gets its :class:`FairDice`.

The first die never waits for a seat that has not committed: when an action needs a die
and some seat has not committed yet, the commitments close (that seat is absent, it can no
longer commit: recorded as ``null``); if a seat that committed has not revealed yet, the
action is refused ("the first die waits for the nonce of seat N") and every seat is sent
the table again, so that its browser reveals. The state of the protocol is stored with the
match (``matches.dice``) at each step, in the transaction holding the match's row, so a
restart or another server process goes on from it."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from skirmish.core.dice import Dice, KeyedDice, dice_from_json
from skirmish.core.fair_dice import (
    DiceCommitments,
    DiceWaitingError,
    FairDice,
    PendingDice,
    install,
    new_secret,
    seat_commitment,
    settled,
)

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.core.ruleset import Ruleset
    from skirmish.web.connections import Connection
    from skirmish.web.rooms import Room

__all__ = ["DiceWaitingError", "first_die", "handle", "new_dice", "new_game", "refresh",
           "settle"]

#: The rule named by a refusal of the dice protocol.
RULE = "dice"
#: What :func:`_change` answers for a message that repeats what the server holds.
REPEATED = "repeated"


def new_dice(seats: Sequence[Mapping[str, Any]], key: bytes | None = None) -> Dice:
    """The dice of a new match: pending fair dice, the bots' nonces committed. ``key``
    (tests only, the hub's ``dice_key``): plain keyed dice, so a match plays out the same
    way every time."""
    if key is not None:
        return KeyedDice(key)
    protocol = DiceCommitments(len(seats))
    for seat in seats:
        if seat["kind"] == "bot":
            protocol.hold(int(seat["seat"]), new_secret())
    return PendingDice(protocol)


def new_game(ruleset: Ruleset, setup: Mapping[str, Any], dice: Dice
             ) -> tuple[Game, Dice, Mapping[str, Any]]:
    """A new match's game, its dice and its set-up (the one to store). A game that draws a
    die as it is set up (a roll-off, a first initiative) plays
    the set-up its web part opens with the seats' decisions
    (:meth:`~skirmish.web.game_parts.WebPart.seats_first`), so that its first die waits
    for the seats' nonces like any other; a game without such an opening cannot wait for
    the browsers: its commitments close at once, its human seats absent (docs/dice.md)."""
    try:
        return ruleset.new_game(setup, dice=dice.clone()), dice, setup
    except DiceWaitingError:
        assert isinstance(dice, PendingDice)
    from skirmish.web.game_parts import web_part

    opening = web_part(ruleset.name).seats_first(setup)
    if opening is not None:
        try:
            return ruleset.new_game(opening, dice=dice.clone()), dice, opening
        except DiceWaitingError:
            pass  # the opening still draws at once: as a game without one
    dice.protocol.close()
    drawn = dice.protocol.dice()
    return ruleset.new_game(setup, dice=drawn.clone()), drawn, setup


def _stored(room: Room, session: Any) -> DiceCommitments | None:
    """The stored state of the protocol (another process may have moved it on), installed
    in the room's game; ``None`` once the dice are drawn."""
    data = room.store.dice(room.id, session=session)
    dice = dice_from_json(data)
    if not isinstance(room.game.dice, PendingDice):
        return None
    if isinstance(dice, PendingDice):
        install(room.game, dice)
        return dice.protocol
    install(room.game, dice)
    return None


def _save(room: Room, protocol: DiceCommitments, session: Any) -> None:
    """Store the protocol's state; once the key can be derived, the match's fair dice."""
    dice: Dice = protocol.dice() if protocol.ready else PendingDice(protocol)
    room.store.set_dice(room.id, dice.to_json(), session=session)
    install(room.game, dice)


def refresh(room: Room, session: Any = None) -> None:
    """Before entries are re-played or applied: the dice as stored, while they are pending
    (a commitment, a reveal or the first die handled by another server process)."""
    if isinstance(room.game.dice, PendingDice):
        _stored(room, session)


def first_die(room: Room, session: Any) -> str | None:
    """An action wants the first die (lock held, in the transaction holding the match's
    row): the commitments close. None when the dice key is derived now (apply the action
    again); what the die waits for when a seat that committed has yet to reveal (the
    closed state stored)."""
    protocol = _stored(room, session)
    if protocol is None:
        return None  # another process has drawn the dice meanwhile
    protocol.close()
    _save(room, protocol, session)
    return None if protocol.ready else protocol.waiting()


def settle(room: Room, session: Any) -> None:
    """A match over before its first die (lock held, in the transaction holding the
    match's row): its dice are settled (:func:`skirmish.core.fair_dice.settled`), stored,
    so its record, its re-play and the room agree."""
    if room.game.is_over and isinstance(room.game.dice, PendingDice):
        dice = settled(room.game.dice.to_json())
        room.store.set_dice(room.id, dice.to_json(), session=session)
        install(room.game, dice)


def _seat(conn: Connection, message: Mapping[str, Any]) -> int:
    """The seat a ``commit`` or ``reveal`` message is for: a remote seat's own; on a hot-seat
    device, the ``seat`` it names."""
    named = message.get("seat")
    if conn.hotseat:
        if named not in ("0", "1"):
            raise ValueError("seat: a hot-seat device names the seat, '0' or '1'")
        return int(named)
    if conn.seat is None:
        raise ValueError("a spectator has no nonce to commit or reveal")
    if named is not None and named != str(conn.seat):
        raise ValueError(f"seat: this socket is seat {conn.seat}'s")
    return conn.seat


def _repeated(room: Room, protocol: DiceCommitments | None, seat: int,
              message: Mapping[str, Any]) -> bool:
    """Whether a ``commit`` or ``reveal`` says again what the server already holds for this
    seat: a browser sends again what no frame has confirmed yet (a socket lost on the way,
    static/fair_dice.js), and is answered with the table as it stands, not refused."""
    if protocol is not None:
        commitment, nonce = protocol.commitments[seat], protocol.nonces[seat]
    elif isinstance(room.game.dice, FairDice):
        nonce = room.game.dice.nonces[seat]
        commitment = None if nonce is None else seat_commitment(seat, nonce)
    else:
        return False
    if message["type"] == "commit":
        return commitment is not None and str(message["commitment"]).lower() == commitment
    return nonce is not None and str(message["nonce"]).lower() == nonce.hex()


def _change(room: Room, conn: Connection, message: Mapping[str, Any]) -> str | None:
    """Apply a ``commit`` or ``reveal`` in the transaction holding the match's row: None,
    :data:`REPEATED` when it repeats what is held, or why not (one line)."""
    try:
        seat = _seat(conn, message)
    except ValueError as exc:
        return str(exc)
    with room.store.locked(room.id) as session:
        protocol = _stored(room, session)
        if _repeated(room, protocol, seat, message):
            return REPEATED
        if protocol is None:
            return "the dice are already drawn: nothing more to commit or reveal"
        try:
            if message["type"] == "commit":
                protocol.commit(seat, str(message["commitment"]))
            else:
                protocol.reveal(seat, str(message["nonce"]))
        except ValueError as exc:
            return str(exc)
        _save(room, protocol, session)
    return None


async def handle(room: Room, conn: Connection, message: Mapping[str, Any]) -> None:
    """A ``commit`` or ``reveal`` message: stored, then every seat sees the new state (its
    browser reveals once every seat has committed), and a bot waiting for the dice moves."""
    async with room.lock:
        error = await asyncio.to_thread(_change, room, conn, message)
        if error is REPEATED:  # this seat's browser missed the frame that showed it
            await room._refresh([conn], first=True)
            return
        if error is not None:
            conn.error(error, RULE)
            return
        await room._broadcast()
    room.wake_bots()
