"""Dice both sides contribute to: a commit-reveal scheme over :class:`KeyedDice`.

:class:`KeyedDice` alone is only as fair as whoever makes its key: the key maker can try
keys until the dice suit him. Here (docs/dice.md gives the byte layouts and the threat
model) every seat adds a secret of its own:

1. the server draws a 32-byte key and publishes its commitment
   (:func:`server_commitment`) before anyone else commits;
2. each seat (a browser, a terminal player, a bot) draws a 32-byte nonce and sends only its
   commitment (:func:`seat_commitment`, which names the seat);
3. once every commitment is in, each seat reveals its nonce to the server, which checks it
   against its commitment (:class:`DiceCommitments`);
4. the dice key is :func:`derive_key` (HMAC-SHA-256 keyed by the server key over every
   nonce in seat order); draw ``i`` is the first 8 bytes of HMAC-SHA-256 keyed by it over
   ``i`` (8 bytes, big-endian), dice by rejection sampling as :class:`KeyedDice`;
5. the record's header carries every commitment; its end line every reveal and every die
   drawn (:func:`header_of`, :func:`end_of`), so anyone can check the dice, with the engine
   (``skirmish replay --verify``) or without it (``tools/verify_dice.py``).

SHA-256 and HMAC-SHA-256 (not BLAKE2b, which :class:`KeyedDice` uses) everywhere, so a
browser can check every commitment and every die with Web Crypto alone. :class:`KeyedDice`
and the records made with it are unchanged.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from skirmish.core.dice import KeyedDice
from skirmish.core.errors import SkirmishError

if TYPE_CHECKING:
    from skirmish.core.dice import Dice
    from skirmish.core.game import Game

#: The scheme's name, in the header: a verifier refuses a scheme it does not know.
SCHEME = "skirmish-fair-dice/1"
#: Domain separation: each hash starts with one of these tags and a zero byte.
SERVER_TAG = b"skirmish-fair-dice/1 server"
SEAT_TAG = b"skirmish-fair-dice/1 seat"
DERIVE_TAG = b"skirmish-fair-dice/1 derive"
#: Every secret (the server's key, each seat's nonce) is exactly this many bytes.
SECRET_BYTES = 32
#: Seats are numbered in one byte.
MAX_SEATS = 255

#: One die drawn, as the record lists it: a D6 face (1..6), or ``[n, value]`` for a
#: uniform choice in ``[0, n)`` that is not a D6.
Rolled = int | list[int]


def new_secret() -> bytes:
    """A fresh 32-byte key or nonce from the operating system (:mod:`secrets`)."""
    return secrets.token_bytes(SECRET_BYTES)


def _secret(value: bytes | str, what: str) -> bytes:
    """A 32-byte secret from bytes or hex; anything else is a ValueError naming it."""
    if isinstance(value, str):
        try:
            raw = bytes.fromhex(value)
        except ValueError:
            raise ValueError(f"{what}: not hexadecimal") from None
    else:
        raw = bytes(value)
    if len(raw) != SECRET_BYTES:
        raise ValueError(f"{what}: {SECRET_BYTES} bytes ({2 * SECRET_BYTES} hex digits), "
                         f"got {len(raw)}")
    return raw


def _seat_byte(seat: int) -> bytes:
    if not 0 <= seat <= MAX_SEATS:
        raise ValueError(f"seat {seat}: seats are 0..{MAX_SEATS}")
    return bytes([seat])


def server_commitment(key: bytes | str) -> str:
    """``SHA-256(SERVER_TAG || 0x00 || key)``, hex: published before any seat commits."""
    return hashlib.sha256(SERVER_TAG + b"\0" + _secret(key, "server key")).hexdigest()


def seat_commitment(seat: int, nonce: bytes | str) -> str:
    """``SHA-256(SEAT_TAG || 0x00 || seat (1 byte) || nonce)``, hex. The seat is in the hash,
    so a seat cannot copy another's commitment as its own."""
    raw = _secret(nonce, f"seat {seat}'s nonce")
    return hashlib.sha256(SEAT_TAG + b"\0" + _seat_byte(seat) + raw).hexdigest()


def derive_key(server_key: bytes | str, nonces: Sequence[bytes | str | None]) -> bytes:
    """The dice key: ``HMAC-SHA-256(key=server key, DERIVE_TAG || 0x00 || count (1 byte) ||
    seat 0 || seat 1 || ...)``, each seat ``0x01 || nonce`` (32 bytes), or ``0x00`` for a
    seat that had not committed when the first die was drawn (an absent seat)."""
    key = _secret(server_key, "server key")
    if not 1 <= len(nonces) <= MAX_SEATS:
        raise ValueError(f"the dice key needs 1 to {MAX_SEATS} seats, got {len(nonces)}")
    parts = [b"\0" if n is None else b"\1" + _secret(n, f"seat {i}'s nonce")
             for i, n in enumerate(nonces)]
    message = DERIVE_TAG + b"\0" + bytes([len(nonces)]) + b"".join(parts)
    return hmac.new(key, message, hashlib.sha256).digest()


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.lower().encode(), b.lower().encode())


class DiceWaitingError(SkirmishError, RuntimeError):
    """A die was asked for before the dice key could be derived: a seat that committed has
    not revealed its nonce yet (the game is left as it was; ask again once it has)."""


class DiceCommitments:
    """The commit-reveal protocol of one match, on the server's side.

    The server's key is drawn (or given, in tests) first and its commitment is public at
    once. :meth:`commit` takes each seat's commitment (once; :meth:`hold` commits for a seat
    whose nonce the server makes itself: a bot). Nonces are revealed (:meth:`reveal`) only
    after every seat has committed, or once the commitments are closed (:meth:`close`: the
    first die is wanted: a seat that has not committed by then is absent and can no longer
    commit), each matching its commitment. :meth:`dice` makes the dice once every seat that
    committed has revealed. A refusal is a ValueError with one line naming the seat and the
    rule; nothing changes."""

    __slots__ = ("closed", "commitments", "held", "key", "nonces", "seats")

    def __init__(self, seats: int, key: bytes | str | None = None) -> None:
        if not 1 <= seats <= MAX_SEATS:
            raise ValueError(f"a match has 1 to {MAX_SEATS} seats, not {seats}")
        self.seats = seats
        self.key = new_secret() if key is None else _secret(key, "server key")
        self.commitments: list[str | None] = [None] * seats
        self.nonces: list[bytes | None] = [None] * seats
        #: The nonces the server made for seats of its own (bots), revealed by it.
        self.held: dict[int, bytes] = {}
        self.closed = False

    def server(self) -> str:
        """The server key's commitment (public from the start)."""
        return server_commitment(self.key)

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise ValueError(f"seat: 0 to {self.seats - 1}, not {seat!r}")

    def commit(self, seat: int, commitment: str) -> None:
        """Seat ``seat`` commits (64 hex digits, once: a second commitment is refused, and
        so is any once the commitments are closed)."""
        self._check_seat(seat)
        if not isinstance(commitment, str) or len(commitment) != 64 or any(
                c not in "0123456789abcdefABCDEF" for c in commitment):
            raise ValueError("commitment: 64 hexadecimal digits (SHA-256)")
        if self.commitments[seat] is not None:
            raise ValueError(f"seat {seat} has already committed to its nonce")
        if self.closed:
            raise ValueError(f"commitment: too late, the first die was drawn without seat "
                             f"{seat}'s nonce")
        self.commitments[seat] = commitment.lower()
        self._reveal_held()

    def hold(self, seat: int, nonce: bytes) -> None:
        """Commit for a seat whose nonce the server makes (a bot) and reveal it in turn."""
        self.commit(seat, seat_commitment(seat, nonce))
        self.held[seat] = nonce
        self._reveal_held()

    @property
    def committed(self) -> bool:
        """Whether every seat has committed (then nonces are revealed)."""
        return all(c is not None for c in self.commitments)

    @property
    def revealing(self) -> bool:
        """Whether nonces are revealed now: every seat has committed, or it is too late."""
        return self.closed or self.committed

    def missing(self) -> list[int]:
        """The seats that committed and have not revealed."""
        return [i for i, c in enumerate(self.commitments)
                if c is not None and self.nonces[i] is None]

    @property
    def ready(self) -> bool:
        """Whether the dice key can be derived now."""
        return self.revealing and not self.missing()

    def reveal(self, seat: int, nonce: bytes | str) -> None:
        """Seat ``seat`` reveals its nonce: once nonces are revealed (:attr:`revealing`),
        matching its own commitment, once."""
        self._check_seat(seat)
        if not self.revealing:
            raise ValueError("nonce: revealed only once every seat has committed")
        if self.commitments[seat] is None:
            raise ValueError(f"nonce: seat {seat} did not commit before the first die")
        if self.nonces[seat] is not None:
            raise ValueError(f"seat {seat} has already revealed its nonce")
        raw = _secret(nonce, "nonce")
        expected = self.commitments[seat]
        assert expected is not None
        if not _same(seat_commitment(seat, raw), expected):
            raise ValueError(f"nonce: it does not match seat {seat}'s commitment")
        self.nonces[seat] = raw

    def _reveal_held(self) -> None:
        if self.revealing:
            for seat, nonce in self.held.items():
                if self.nonces[seat] is None:
                    self.nonces[seat] = nonce

    def close(self) -> None:
        """The first die is wanted: no more commitments; a seat without one is absent."""
        self.closed = True
        self._reveal_held()

    def dice(self) -> FairDice:
        """The match's dice, once every seat that committed has revealed."""
        if not self.ready:
            raise DiceWaitingError(self.waiting())
        return FairDice(self.key, self.nonces)

    def waiting(self) -> str:
        """What the first die waits for, in one line."""
        if not self.revealing:
            return "the first die waits for every seat's commitment"
        missing = self.missing()
        seats = " and ".join(str(s) for s in missing)
        return (f"the first die waits for the nonce of seat{'s' if len(missing) > 1 else ''} "
                f"{seats} (a seat's browser sends it)")

    def to_json(self) -> dict[str, Any]:
        """The whole state, secrets included (the server's, never a seat's frame)."""
        return {"kind": PENDING, "server_key": self.key.hex(),
                "commitments": list(self.commitments),
                "nonces": [None if n is None else n.hex() for n in self.nonces],
                "held": {str(seat): n.hex() for seat, n in sorted(self.held.items())},
                "closed": self.closed}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DiceCommitments:
        commitments, nonces = data.get("commitments"), data.get("nonces")
        if not isinstance(commitments, list) or not isinstance(nonces, list) \
                or len(nonces) != len(commitments):
            raise ValueError("pending dice: 'commitments' and 'nonces' are lists of one size")
        protocol = cls(len(commitments), str(data.get("server_key")))
        protocol.commitments = [None if c is None else str(c) for c in commitments]
        protocol.nonces = [None if n is None else _secret(str(n), f"seat {i}'s nonce")
                           for i, n in enumerate(nonces)]
        held = data.get("held") or {}
        protocol.held = {int(seat): _secret(str(n), "held nonce") for seat, n in held.items()}
        protocol.closed = bool(data.get("closed", False))
        return protocol

    def public(self) -> dict[str, Any]:
        """What every seat may know while the dice wait: the scheme, every commitment made,
        which seats have revealed (not their nonces) and whether it is too late to commit."""
        return {"kind": "fair", "scheme": SCHEME, "pending": True,
                "commitments": {"server": self.server(), "seats": list(self.commitments)},
                "revealed": [n is not None for n in self.nonces],
                "revealing": self.revealing, "closed": self.closed}


#: The kind of the dice of a match whose commitments are still coming in.
PENDING = "pending-fair"


class PendingDice:
    """The dice of a match before its dice key is known (:class:`DiceCommitments`): asking
    for a die is a :class:`DiceWaitingError` until the key can be derived; the owner (the
    web table) then starts the game again with :meth:`DiceCommitments.dice`."""

    __slots__ = ("protocol",)

    def __init__(self, protocol: DiceCommitments) -> None:
        self.protocol = protocol

    def d6(self) -> int:
        raise DiceWaitingError(self.protocol.waiting())

    def roll(self, n: int) -> tuple[int, ...]:
        raise DiceWaitingError(self.protocol.waiting())

    def below(self, n: int) -> int:
        raise DiceWaitingError(self.protocol.waiting())

    def clone(self) -> PendingDice:
        return PendingDice(DiceCommitments.from_json(self.protocol.to_json()))

    def to_json(self) -> dict[str, Any]:
        return self.protocol.to_json()

    def public(self) -> dict[str, Any]:
        return self.protocol.public()

    def __repr__(self) -> str:
        return f"PendingDice(server={self.protocol.server()[:16]}...)"


def local_dice(seats: int, key: bytes | str | None = None) -> FairDice:
    """Fair dice for seats that all live in this process (terminal players, bots): each
    seat's nonce is drawn with :mod:`secrets`, committed, then revealed, in that order."""
    protocol = DiceCommitments(seats, key)
    nonces = [new_secret() for _ in range(seats)]
    for seat, nonce in enumerate(nonces):
        protocol.commit(seat, seat_commitment(seat, nonce))
    for seat, nonce in enumerate(nonces):
        protocol.reveal(seat, nonce)
    return protocol.dice()


# The dice drawn so far, as a chain of (earlier chain, die) pairs: a copy of the game for
# search shares it (copying costs nothing), a draw adds one pair.
_Chain = tuple[Any, Rolled] | None


class FairDice(KeyedDice):
    """Keyed dice whose key is :func:`derive_key` of the server's key and every seat's nonce,
    drawn with HMAC-SHA-256 (:meth:`_next`), which keep the list of every die drawn (for
    the record's end line)."""

    __slots__ = ("_chain", "nonces", "server_key")

    def __init__(self, server_key: bytes | str, nonces: Sequence[bytes | str | None],
                 counter: int = 0, rolled: Sequence[Rolled] = ()) -> None:
        self.server_key = _secret(server_key, "server key")
        self.nonces: tuple[bytes | None, ...] = tuple(
            None if n is None else _secret(n, f"seat {i}'s nonce") for i, n in enumerate(nonces))
        super().__init__(derive_key(self.server_key, self.nonces), counter)
        chain: _Chain = None
        for die in rolled:
            chain = (chain, die)
        self._chain = chain

    def _next(self) -> int:
        self.counter += 1
        digest = hmac.digest(self.key, self.counter.to_bytes(8, "big"), "sha256")
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        value = super().below(n)
        self._chain = (self._chain, value + 1 if n == 6 else [n, value])
        return value

    def rolled(self) -> list[Rolled]:
        """Every die drawn so far, in order."""
        out: list[Rolled] = []
        chain = self._chain
        while chain is not None:
            chain, die = chain
            out.append(die)
        out.reverse()
        return out

    def commitments(self) -> dict[str, Any]:
        """The server's commitment and each seat's (``None``: an absent seat)."""
        return {"server": server_commitment(self.server_key),
                "seats": [None if n is None else seat_commitment(i, n)
                          for i, n in enumerate(self.nonces)]}

    def public(self) -> dict[str, Any]:
        """What every seat may know: the scheme and every commitment."""
        return {"kind": "fair", "scheme": SCHEME, "commitments": self.commitments()}

    def clone(self) -> FairDice:
        other = FairDice.__new__(FairDice)
        other.key, other.counter = self.key, self.counter
        other.server_key, other.nonces, other._chain = self.server_key, self.nonces, self._chain
        return other

    def to_json(self) -> dict[str, Any]:
        """The full state, secrets included: never send it to a seat before the match ends."""
        return {"kind": "fair", "server_key": self.server_key.hex(),
                "nonces": [None if n is None else n.hex() for n in self.nonces],
                "counter": self.counter,
                "rolled": self.rolled()}

    def __repr__(self) -> str:
        return (f"FairDice(server={server_commitment(self.server_key)[:16]}..., "
                f"seats={len(self.nonces)}, counter={self.counter})")


def fair_from_json(data: Mapping[str, Any]) -> FairDice:
    """Rebuild :meth:`FairDice.to_json`."""
    nonces = data.get("nonces")
    if not isinstance(nonces, list):
        raise ValueError("fair dice: 'nonces' must be a list")
    rolled = data.get("rolled", [])
    if not isinstance(rolled, list):
        raise ValueError("fair dice: 'rolled' must be a list")
    return FairDice(str(data.get("server_key")), [None if n is None else str(n) for n in nonces],
                    int(data.get("counter", 0)), rolled)


# -- the record ----------------------------------------------------------------------------------
def install(game: Game, dice: Dice) -> None:
    """Give ``game``, no die drawn yet (its dice :class:`PendingDice`), its new dice: as it
    holds them now, as it started with them, and where it goes on after a takeback."""
    game.dice = dice
    game.initial_dice = dice.to_json()
    game.resumes = {i: (dice.to_json() if d.get("kind") == PENDING else d)
                    for i, d in game.resumes.items()}


def settled(pending: Mapping[str, Any]) -> FairDice:
    """The dice a record gives a game that ended before its first die (its dice still
    :class:`PendingDice`): derived from what was revealed by then, a seat that never
    revealed counted absent. No die depended on them."""
    protocol = DiceCommitments.from_json(pending)
    protocol.close()
    return FairDice(protocol.key, protocol.nonces)


def header_of(full: Mapping[str, Any]) -> dict[str, Any]:
    """The header's ``dice`` for fair dice (from their first :meth:`FairDice.to_json`):
    the scheme and every commitment, no secret."""
    return fair_from_json(full).public()


def end_of(dice: FairDice) -> dict[str, Any]:
    """What the end line adds: every reveal, the number of 64-bit words drawn and every die."""
    return {"reveal": {"server": dice.server_key.hex(),
                       "seats": [None if n is None else n.hex() for n in dice.nonces]},
            "dice": {"draws": dice.counter, "rolled": dice.rolled()}}


def dice_of_record(header_dice: Mapping[str, Any], end: Mapping[str, Any] | None) -> FairDice:
    """The first dice of a record with fair dice: the end line's reveals, each checked
    against its commitment in the header. A ValueError says, in one line, what does not
    check."""
    if header_dice.get("scheme") != SCHEME:
        raise ValueError(f"dice: unknown scheme {header_dice.get('scheme')!r} "
                         f"(this engine knows {SCHEME!r})")
    commitments = header_dice.get("commitments")
    if not isinstance(commitments, Mapping) or not isinstance(commitments.get("server"), str) \
            or not isinstance(commitments.get("seats"), list) \
            or not all(c is None or isinstance(c, str) for c in commitments["seats"]):
        raise ValueError("dice: 'commitments' must be {\"server\": hex, \"seats\": [hex or "
                         "null, ...]}")
    reveal = end.get("reveal") if end is not None else None
    if not isinstance(reveal, Mapping) or not isinstance(reveal.get("server"), str) \
            or not isinstance(reveal.get("seats"), list) \
            or not all(n is None or isinstance(n, str) for n in reveal["seats"]):
        raise ValueError("end line: 'reveal' must be {\"server\": hex, \"seats\": [hex, ...]} "
                         "(a record of fair dice ends with every reveal)")
    seats: list[str | None] = list(commitments["seats"])
    nonces: list[str | None] = list(reveal["seats"])
    if len(nonces) != len(seats):
        raise ValueError(f"end line: {len(nonces)} seats' nonces revealed, but the header "
                         f"has {len(seats)} seats' commitments")
    try:
        return _checked(commitments["server"], seats, reveal["server"], nonces)
    except ValueError as exc:
        text = str(exc)
        raise ValueError(text if text.startswith("end line") else f"end line: {text}") from None


def _checked(server: str, seats: Sequence[str | None], key: str,
             nonces: Sequence[str | None]) -> FairDice:
    """The dice of checked reveals (see :func:`dice_of_record`)."""
    if not _same(server_commitment(key), server):
        raise ValueError("end line: the server's revealed key does not match its commitment "
                         f"{server[:16]}... in the header")
    for seat, (nonce, commitment) in enumerate(zip(nonces, seats, strict=True)):
        if (nonce is None) != (commitment is None):
            raise ValueError(f"end line: seat {seat} " + (
                "committed but its nonce is not revealed" if nonce is None else
                "has a nonce revealed but no commitment in the header"))
        if nonce is None or commitment is None:
            continue  # an absent seat
        if not _same(seat_commitment(seat, nonce), commitment):
            raise ValueError(f"end line: seat {seat}'s revealed nonce does not match its "
                             f"commitment {commitment[:16]}... in the header")
    return FairDice(key, nonces)
