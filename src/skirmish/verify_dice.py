#!/usr/bin/env python3
"""Check the dice of a skirmish game record, without installing skirmish.

    python3 verify_dice.py GAME.jsonl [--commitment HEX ...]

One file, Python 3.8 or later, nothing but ``hashlib``, ``json`` and ``sys``: read it
through before you trust it. It checks a record whose dice are ``skirmish-fair-dice/1``
(docs/dice.md):

1. the server's revealed key hashes to the server's commitment in the header, and each
   seat's revealed nonce to that seat's commitment;
2. the dice key is derived from the key and every nonce (HMAC-SHA-256);
3. every die the end line lists is, in order, the die that key draws, and the number of
   64-bit draws is the one the end line states;
4. each ``--commitment`` you noted during the match (the server's, shown when it began, or
   your own seat's) is one of the record's.

It prints the commitments it checked (compare them with those shown during the match).
It does not check that the moves follow the rules: ``skirmish replay --verify`` re-plays the
game and checks that too. Exit 0: verified; exit 2: refused, with one line saying why;
exit 1: nothing to check here (dice that are not fair dice, or a usage error).
"""

from __future__ import annotations

import hashlib
import json
import sys

SCHEME = "skirmish-fair-dice/1"
SERVER_TAG = b"skirmish-fair-dice/1 server\x00"
SEAT_TAG = b"skirmish-fair-dice/1 seat\x00"
DERIVE_TAG = b"skirmish-fair-dice/1 derive\x00"


class Refused(Exception):
    """The record's dice do not check: the message says where and why."""


class NotFair(Exception):
    """The record's dice are not fair dice: nothing for this file to check."""


def hmac_sha256(key: bytes, message: bytes) -> bytes:
    """HMAC-SHA-256 (RFC 2104) written out, so that only hashlib is needed."""
    if len(key) > 64:
        key = hashlib.sha256(key).digest()
    key = key.ljust(64, b"\x00")
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key) + message).digest()
    return hashlib.sha256(bytes(b ^ 0x5C for b in key) + inner).digest()


def secret(text: object, what: str) -> bytes:
    """32 bytes from 64 hex digits."""
    try:
        raw = bytes.fromhex(text) if isinstance(text, str) else None
    except ValueError:
        raw = None
    if raw is None:
        raise Refused(f"{what}: not hexadecimal")
    if len(raw) != 32:
        raise Refused(f"{what}: 32 bytes expected, got {len(raw)}")
    return raw


class Draws:
    """The 64-bit words the dice key draws, counted: word i (from 1) is the first 8 bytes
    of HMAC-SHA-256(dice key, i as 8 bytes big-endian)."""

    def __init__(self, key: bytes) -> None:
        self.key, self.count = key, 0

    def next(self) -> int:
        self.count += 1
        return int.from_bytes(hmac_sha256(self.key, self.count.to_bytes(8, "big"))[:8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection sampling: a word at or above the
        largest multiple of n that fits in 64 bits is skipped."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            word = self.next()
            if word < limit:
                return word % n


def check(text: str, noted: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Check a record's dice; returns the lines to print, raises Refused (or NotFair)."""
    lines = [line for line in text.split("\n") if line.strip()]
    if not lines:
        raise Refused("the record is empty")
    try:
        header, end = json.loads(lines[0]), json.loads(lines[-1])
    except ValueError as exc:
        raise Refused(f"not JSON Lines ({exc})") from None
    if not isinstance(header, dict) or header.get("type") != "header":
        raise Refused("line 1: the first line must be a header")
    dice = header.get("dice")
    if not isinstance(dice, dict) or dice.get("kind") != "fair":
        kind = dice.get("kind") if isinstance(dice, dict) else None
        raise NotFair(f"dice of kind {kind!r}: no seat commitments to check here")
    if dice.get("scheme") != SCHEME:
        raise Refused(f"line 1: unknown dice scheme {dice.get('scheme')!r}")
    where = f"line {len(lines)} (end line): "
    if not isinstance(end, dict) or end.get("type") != "end":
        raise Refused(where + "the record does not end with its end line")
    commitments, reveal = dice.get("commitments"), end.get("reveal")
    if not isinstance(commitments, dict) or not isinstance(commitments.get("seats"), list):
        raise Refused('line 1: \'dice.commitments\' must be {"server": hex, "seats": [hex]}')
    if not isinstance(reveal, dict) or not isinstance(reveal.get("seats"), list):
        raise Refused(where + '\'reveal\' must be {"server": hex, "seats": [hex, ...]}')
    seats, nonces = commitments["seats"], reveal["seats"]
    if len(seats) != len(nonces) or not 1 <= len(seats) <= 255:
        raise Refused(where + f"{len(nonces)} nonces revealed for {len(seats)} seats' "
                      "commitments")

    # 1. every commitment against its reveal
    key = secret(reveal.get("server"), where + "the server's key")
    if hashlib.sha256(SERVER_TAG + key).hexdigest() != str(commitments.get("server")).lower():
        raise Refused(where + "the server's revealed key does not match its commitment")
    parts = []
    for seat in range(len(seats)):
        if seats[seat] is None and nonces[seat] is None:  # absent: no commitment in time
            parts.append(b"\x00")
            continue
        if seats[seat] is None or nonces[seat] is None:
            raise Refused(where + f"seat {seat}: a commitment without its nonce, or a nonce "
                          "without its commitment")
        raw = secret(nonces[seat], where + f"seat {seat}'s nonce")
        digest = hashlib.sha256(SEAT_TAG + bytes([seat]) + raw).hexdigest()
        if digest != str(seats[seat]).lower():
            raise Refused(where + f"seat {seat}'s revealed nonce does not match its commitment")
        parts.append(b"\x01" + raw)

    # 2. the dice key, from the server's key and every seat in seat order
    dice_key = hmac_sha256(key, DERIVE_TAG + bytes([len(parts)]) + b"".join(parts))

    # 3. every die, in order
    listed = end.get("dice")
    if not isinstance(listed, dict) or not isinstance(listed.get("rolled"), list) \
            or type(listed.get("draws")) is not int:
        raise Refused(where + '\'dice\' must be {"draws": count, "rolled": [die, ...]}')
    words = Draws(dice_key)
    for index, die in enumerate(listed["rolled"], start=1):
        if type(die) is int:
            n, want = 6, die - 1
        elif isinstance(die, list) and len(die) == 2 and all(type(x) is int for x in die) \
                and die[0] >= 1:
            n, want = die[0], die[1]
        else:
            raise Refused(where + f"die {index}: {die!r} is neither a face nor [n, value]")
        got = words.below(n)
        if got != want:
            shown = got + 1 if n == 6 else [n, got]
            raise Refused(where + f"die {index} is {die!r}, but the derived key draws {shown!r}")
    if words.count != listed["draws"]:
        raise Refused(where + f"the dice listed take {words.count} draws, the end line says "
                      f"{listed['draws']}")

    # 4. the commitments noted during the match
    known = [str(commitments["server"]).lower()] + [str(c).lower() for c in seats if c]
    for value in noted:
        if value.strip().lower() not in known:
            raise Refused(f"--commitment {value[:16]}...: not in this record: its dice are not "
                          "the ones committed to during the match")

    out = [f"dice verified: {SCHEME}, {len(listed['rolled'])} dice ({words.count} draws) "
           "from the key derived from every reveal",
           f"  server commitment {commitments['server']}"]
    out += [f"  seat {i} commitment {c}" if c else f"  seat {i}: absent (no commitment "
            "before the first die)" for i, c in enumerate(seats)]
    return out


def main(argv: list[str]) -> int:
    """The command line: exit 0 verified, 2 refused, 1 nothing to check or bad usage."""
    args: list[str] = []
    noted: list[str] = []
    at = 0
    while at < len(argv):
        if argv[at] == "--commitment":
            if at + 1 == len(argv):
                print("error: --commitment needs a value", file=sys.stderr)
                return 1
            noted.append(argv[at + 1])
            at += 2
        else:
            args.append(argv[at])
            at += 1
    if len(args) != 1:
        print("usage: python3 verify_dice.py GAME.jsonl [--commitment HEX ...]",
              file=sys.stderr)
        return 1
    try:
        if args[0] == "-":
            text = sys.stdin.read()
        else:
            with open(args[0], encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: {args[0]}: {exc}", file=sys.stderr)
        return 1
    try:
        lines = check(text, noted)
    except Refused as exc:
        print(f"error: {args[0]}: {exc}", file=sys.stderr)
        return 2
    except NotFair as exc:
        print(f"{args[0]}: {exc} (only 'skirmish replay --verify' re-plays such dice)")
        return 1
    print(f"{args[0]}: {lines[0]}")
    for line in lines[1:]:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
