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
from typing import Any

from skirmish.core.dice import KeyedDice

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


def derive_key(server_key: bytes | str, nonces: Sequence[bytes | str]) -> bytes:
    """The dice key: ``HMAC-SHA-256(key=server key, DERIVE_TAG || 0x00 || count (1 byte) ||
    nonce 0 || nonce 1 || ...)``, the nonces in seat order."""
    key = _secret(server_key, "server key")
    raws = [_secret(n, f"seat {i}'s nonce") for i, n in enumerate(nonces)]
    if not 1 <= len(raws) <= MAX_SEATS:
        raise ValueError(f"the dice key needs 1 to {MAX_SEATS} seats' nonces, got {len(raws)}")
    message = DERIVE_TAG + b"\0" + bytes([len(raws)]) + b"".join(raws)
    return hmac.new(key, message, hashlib.sha256).digest()


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.lower().encode(), b.lower().encode())


class DiceCommitments:
    """The commit-reveal protocol of one match, on the server's side.

    The server's key is drawn (or given, in tests) first and its commitment is public at
    once; :meth:`commit` takes each seat's commitment (once), :meth:`reveal` each seat's
    nonce, only after every seat has committed and only if it matches its commitment;
    :meth:`dice` makes the dice once every seat has revealed. A refusal is a ValueError
    with one line naming the seat and the rule; nothing changes."""

    __slots__ = ("commitments", "key", "nonces", "seats")

    def __init__(self, seats: int, key: bytes | str | None = None) -> None:
        if not 1 <= seats <= MAX_SEATS:
            raise ValueError(f"a match has 1 to {MAX_SEATS} seats, not {seats}")
        self.seats = seats
        self.key = new_secret() if key is None else _secret(key, "server key")
        self.commitments: list[str | None] = [None] * seats
        self.nonces: list[bytes | None] = [None] * seats

    def server(self) -> str:
        """The server key's commitment (public from the start)."""
        return server_commitment(self.key)

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise ValueError(f"seat: 0 to {self.seats - 1}, not {seat!r}")

    def commit(self, seat: int, commitment: str) -> None:
        """Seat ``seat`` commits (64 hex digits, once: a second commitment is refused)."""
        self._check_seat(seat)
        if not isinstance(commitment, str) or len(commitment) != 64 or any(
                c not in "0123456789abcdefABCDEF" for c in commitment):
            raise ValueError("commitment: 64 hexadecimal digits (SHA-256)")
        if self.commitments[seat] is not None:
            raise ValueError(f"seat {seat} has already committed to its nonce")
        self.commitments[seat] = commitment.lower()

    @property
    def committed(self) -> bool:
        """Whether every seat has committed (then, and only then, nonces are revealed)."""
        return all(c is not None for c in self.commitments)

    @property
    def revealed(self) -> bool:
        return all(n is not None for n in self.nonces)

    def reveal(self, seat: int, nonce: bytes | str) -> None:
        """Seat ``seat`` reveals its nonce: after every seat has committed, matching its own
        commitment, once."""
        self._check_seat(seat)
        if not self.committed:
            raise ValueError("nonce: revealed only once every seat has committed")
        if self.nonces[seat] is not None:
            raise ValueError(f"seat {seat} has already revealed its nonce")
        raw = _secret(nonce, "nonce")
        expected = self.commitments[seat]
        assert expected is not None
        if not _same(seat_commitment(seat, raw), expected):
            raise ValueError(f"nonce: it does not match seat {seat}'s commitment")
        self.nonces[seat] = raw

    def dice(self) -> FairDice:
        """The match's dice, once every seat has revealed."""
        if not self.revealed:
            waiting = [i for i, n in enumerate(self.nonces) if n is None]
            raise ValueError(f"the dice wait for the nonce of seat(s) {waiting}")
        return FairDice(self.key, [n for n in self.nonces if n is not None])


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

    def __init__(self, server_key: bytes | str, nonces: Sequence[bytes | str],
                 counter: int = 0, rolled: Sequence[Rolled] = ()) -> None:
        self.server_key = _secret(server_key, "server key")
        self.nonces = tuple(_secret(n, f"seat {i}'s nonce") for i, n in enumerate(nonces))
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
        return {"server": server_commitment(self.server_key),
                "seats": [seat_commitment(i, n) for i, n in enumerate(self.nonces)]}

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
                "nonces": [n.hex() for n in self.nonces], "counter": self.counter,
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
    return FairDice(str(data.get("server_key")), [str(n) for n in nonces],
                    int(data.get("counter", 0)), rolled)


# -- the record ----------------------------------------------------------------------------------
def header_of(full: Mapping[str, Any]) -> dict[str, Any]:
    """The header's ``dice`` for fair dice (from their first :meth:`FairDice.to_json`):
    the scheme and every commitment, no secret."""
    return fair_from_json(full).public()


def end_of(dice: FairDice) -> dict[str, Any]:
    """What the end line adds: every reveal, the number of 64-bit words drawn and every die."""
    return {"reveal": {"server": dice.server_key.hex(),
                       "seats": [n.hex() for n in dice.nonces]},
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
            or not all(isinstance(c, str) for c in commitments["seats"]):
        raise ValueError("dice: 'commitments' must be {\"server\": hex, \"seats\": [hex, ...]}")
    reveal = end.get("reveal") if end is not None else None
    if not isinstance(reveal, Mapping) or not isinstance(reveal.get("server"), str) \
            or not isinstance(reveal.get("seats"), list) \
            or not all(isinstance(n, str) for n in reveal["seats"]):
        raise ValueError("end line: 'reveal' must be {\"server\": hex, \"seats\": [hex, ...]} "
                         "(a record of fair dice ends with every reveal)")
    seats: list[str] = list(commitments["seats"])
    nonces: list[str] = list(reveal["seats"])
    if len(nonces) != len(seats):
        raise ValueError(f"end line: {len(nonces)} seats' nonces revealed, but the header "
                         f"has {len(seats)} seats' commitments")
    try:
        return _checked(commitments["server"], seats, reveal["server"], nonces)
    except ValueError as exc:
        text = str(exc)
        raise ValueError(text if text.startswith("end line") else f"end line: {text}") from None


def _checked(server: str, seats: Sequence[str], key: str, nonces: Sequence[str]) -> FairDice:
    """The dice of checked reveals (see :func:`dice_of_record`)."""
    if not _same(server_commitment(key), server):
        raise ValueError("end line: the server's revealed key does not match its commitment "
                         f"{server[:16]}... in the header")
    for seat, (nonce, commitment) in enumerate(zip(nonces, seats, strict=True)):
        if not _same(seat_commitment(seat, nonce), commitment):
            raise ValueError(f"end line: seat {seat}'s revealed nonce does not match its "
                             f"commitment {commitment[:16]}... in the header")
    return FairDice(key, nonces)
