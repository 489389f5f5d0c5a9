"""The game's only source of randomness.

A game owns one :class:`Dice`. :class:`SeededDice` is a counter-based generator
(SplitMix64 of ``seed`` and a draw counter): its whole state is two integers, so
copying a game for search costs nothing here, and the same seed gives the same
faces on every Python version; it is for simulation, where speed matters and nobody
is cheated by a predictable die. :class:`KeyedDice` is for matches between people:
each draw is a keyed cryptographic hash (BLAKE2b) of a secret 256-bit key and the draw
counter, the key's commitment is published when the match starts and the key itself
when it ends, so anyone can check afterwards that no die was chosen ("provably fair"),
and nobody can predict the next die from the dice seen. :class:`ScriptedDice` serves
forced faces for tests and fails loudly when it runs out. Seeds and keys default to
fresh random bits from the operating system (:mod:`secrets`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from skirmish.core.errors import DiceExhaustedError

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class Dice(Protocol):
    """Where every die of a game comes from."""

    def d6(self) -> int:
        """One six-sided die."""
        ...

    def roll(self, n: int) -> tuple[int, ...]:
        """``n`` six-sided dice, in the order rolled."""
        ...

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (for random choices the rules make, not dice)."""
        ...

    def clone(self) -> Dice: ...

    def to_json(self) -> dict[str, Any]: ...

    def public(self) -> dict[str, Any]:
        """What every seat may know of the dice (never a seed or a key)."""
        ...


def fresh_seed() -> int:
    """64 random bits from the operating system: the default seed of a game."""
    return secrets.randbits(64)


class _Uniform64(ABC):
    """Dice from a stream of uniform 64-bit words (``_next``), by rejection sampling."""

    __slots__ = ()

    @abstractmethod
    def _next(self) -> int:
        """The next uniform 64-bit word of the stream."""

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        # Rejection sampling keeps every value exactly equally likely.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def d6(self) -> int:
        return self.below(6) + 1

    def roll(self, n: int) -> tuple[int, ...]:
        return tuple(self.below(6) + 1 for _ in range(n))


class SeededDice(_Uniform64):
    """Deterministic dice from a seed: state is ``(seed, counter)``."""

    __slots__ = ("counter", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = int(seed) & _MASK
        self.counter = counter

    def _next(self) -> int:
        self.counter += 1
        return _splitmix64(self.seed ^ _splitmix64(self.counter))

    def clone(self) -> SeededDice:
        return SeededDice(self.seed, self.counter)

    def to_json(self) -> dict[str, Any]:
        return {"kind": "seeded", "seed": self.seed, "counter": self.counter}

    def public(self) -> dict[str, Any]:
        return {"kind": "seeded"}

    def __repr__(self) -> str:
        return f"SeededDice(seed={self.seed}, counter={self.counter})"


#: Domain separation for the key's commitment (BLAKE2b's 16-byte personalisation).
_COMMIT = b"skirmish-commit"


class KeyedDice(_Uniform64):
    """Provably fair dice: draw ``i`` is the first 8 bytes of BLAKE2b keyed with a secret
    256-bit ``key``, over ``i`` (8 bytes, big-endian). Without the key the draws are
    unpredictable; with it (revealed when the match ends) anyone can re-compute every die and
    check it against the :meth:`commitment` published at the start."""

    __slots__ = ("counter", "key")

    def __init__(self, key: bytes | str | None = None, counter: int = 0) -> None:
        if key is None:
            key = secrets.token_bytes(32)
        raw = bytes.fromhex(key) if isinstance(key, str) else bytes(key)
        if not 16 <= len(raw) <= 64:
            raise ValueError("a dice key is 16 to 64 bytes (32 by default)")
        self.key = raw
        self.counter = counter

    def _next(self) -> int:
        self.counter += 1
        digest = hashlib.blake2b(self.counter.to_bytes(8, "big"), key=self.key,
                                 digest_size=8).digest()
        return int.from_bytes(digest, "big")

    def commitment(self) -> str:
        """What is published when the match starts: a hash of the key (hex)."""
        return commitment_of(self.key)

    def public(self) -> dict[str, Any]:
        """What every seat may know: the kind and the key's commitment."""
        return {"kind": "keyed", "commitment": self.commitment()}

    def clone(self) -> KeyedDice:
        return KeyedDice(self.key, self.counter)

    def to_json(self) -> dict[str, Any]:
        """The full state, key included: never send it to a seat before the match ends."""
        return {"kind": "keyed", "key": self.key.hex(), "counter": self.counter}

    def __repr__(self) -> str:
        return f"KeyedDice(commitment={self.commitment()[:16]}..., counter={self.counter})"


def commitment_of(key: bytes | str) -> str:
    """The published commitment of a dice key (BLAKE2b-256 of the key, domain-separated)."""
    raw = bytes.fromhex(key) if isinstance(key, str) else bytes(key)
    return hashlib.blake2b(raw, digest_size=32, person=_COMMIT).hexdigest()


def key_matches(key: bytes | str, commitment: str) -> bool:
    """Whether a revealed key is the one committed to at the start."""
    return hmac.compare_digest(commitment_of(key), commitment.lower())


class ScriptedDice:
    """Forced faces for tests: each die takes the next face; running out is an error."""

    __slots__ = ("faces", "position")

    def __init__(self, faces: Iterable[int], position: int = 0) -> None:
        self.faces = tuple(int(f) for f in faces)
        for face in self.faces:
            if not 1 <= face <= 6:
                raise ValueError(f"a D6 face must be 1..6, got {face}")
        self.position = position

    @property
    def remaining(self) -> int:
        return len(self.faces) - self.position

    def d6(self) -> int:
        if self.position >= len(self.faces):
            raise DiceExhaustedError(
                f"scripted dice ran out after {len(self.faces)} faces {list(self.faces)}"
            )
        face = self.faces[self.position]
        self.position += 1
        return face

    def roll(self, n: int) -> tuple[int, ...]:
        if self.remaining < n:
            raise DiceExhaustedError(
                f"scripted dice asked for {n} dice but only {self.remaining} remain "
                f"(faces {list(self.faces)}, {self.position} used)"
            )
        return tuple(self.d6() for _ in range(n))

    def below(self, n: int) -> int:
        # A scripted die face f picks (f - 1) % n: tests force random choices with faces too.
        return (self.d6() - 1) % n

    def clone(self) -> ScriptedDice:
        return ScriptedDice(self.faces, self.position)

    def to_json(self) -> dict[str, Any]:
        return {"kind": "scripted", "faces": list(self.faces), "position": self.position}

    def public(self) -> dict[str, Any]:
        return {"kind": "scripted"}

    def __repr__(self) -> str:
        return f"ScriptedDice({list(self.faces)}, position={self.position})"


def dice_from_json(data: Mapping[str, Any]) -> Dice:
    """Rebuild dice from :meth:`Dice.to_json`."""
    kind = data.get("kind")
    if kind == "seeded":
        return SeededDice(int(data["seed"]), int(data["counter"]))
    if kind == "scripted":
        return ScriptedDice(data["faces"], int(data["position"]))
    if kind == "keyed":
        return KeyedDice(str(data["key"]), int(data["counter"]))
    if kind == "fair":  # dice both sides contribute to (core/fair_dice.py)
        from skirmish.core.fair_dice import fair_from_json

        return fair_from_json(data)
    if kind == "pending-fair":  # fair dice whose commitments are still coming in
        from skirmish.core.fair_dice import DiceCommitments, PendingDice

        return PendingDice(DiceCommitments.from_json(data))
    raise ValueError(f"unknown dice kind {kind!r} "
                     "(expected 'seeded', 'keyed', 'fair' or 'scripted')")
