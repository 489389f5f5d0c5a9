"""Dice both sides contribute to (core/fair_dice.py, docs/dice.md): the byte layouts, the
commit-reveal protocol's refusals, the dice in the record, and a server that grinds keys
without the seats' nonces cannot steer a die."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from skirmish.core import RandomAgent, Record, play
from skirmish.core.dice import KeyedDice, dice_from_json
from skirmish.core.errors import RecordMismatchError
from skirmish.core.fair_dice import (
    SCHEME,
    DiceCommitments,
    DiceWaitingError,
    FairDice,
    PendingDice,
    derive_key,
    local_dice,
    seat_commitment,
    server_commitment,
)
from skirmish.core.record import verify_jsonl
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import demo_setup

KEY = bytes(range(32))
NONCES = [bytes([7]) * 32, bytes([9]) * 32]


def test_the_byte_layouts_of_docs_dice_md() -> None:
    assert server_commitment(KEY) == hashlib.sha256(
        b"skirmish-fair-dice/1 server\0" + KEY).hexdigest()
    assert seat_commitment(1, NONCES[1]) == hashlib.sha256(
        b"skirmish-fair-dice/1 seat\0\x01" + NONCES[1]).hexdigest()
    derived = hmac.new(KEY, b"skirmish-fair-dice/1 derive\0\x02\x01" + NONCES[0] + b"\x01"
                       + NONCES[1], hashlib.sha256).digest()
    assert derive_key(KEY, NONCES) == derived
    word = int.from_bytes(hmac.new(derived, (1).to_bytes(8, "big"), hashlib.sha256)
                          .digest()[:8], "big")
    assert FairDice(KEY, NONCES).below(2**40) == word % 2**40  # no rejection: 2**40 | 2**64
    # a seat's commitment names its seat: seat 0 cannot copy seat 1's
    assert seat_commitment(0, NONCES[1]) != seat_commitment(1, NONCES[1])


def test_every_nonce_changes_every_die() -> None:
    dice = FairDice(KEY, NONCES).roll(40)
    assert FairDice(bytes(32), NONCES).roll(40) != dice
    assert FairDice(KEY, [NONCES[0], bytes(32)]).roll(40) != dice
    assert FairDice(KEY, NONCES[::-1]).roll(40) != dice  # seat order counts
    # keyed dice with the same key draw as before (golden records unchanged)
    assert KeyedDice(derive_key(KEY, NONCES)).roll(40) != dice


def test_the_protocol_refuses_out_of_order_and_wrong_reveals() -> None:
    protocol = DiceCommitments(2, KEY)
    assert protocol.server() == server_commitment(KEY)
    protocol.commit(0, seat_commitment(0, NONCES[0]))
    with pytest.raises(ValueError, match="only once every seat has committed"):
        protocol.reveal(0, NONCES[0])
    with pytest.raises(ValueError, match="already committed"):
        protocol.commit(0, seat_commitment(0, NONCES[1]))
    with pytest.raises(ValueError, match="64 hexadecimal digits"):
        protocol.commit(1, "abc")
    protocol.commit(1, seat_commitment(1, NONCES[1]).upper())
    with pytest.raises(ValueError, match="does not match seat 1's commitment"):
        protocol.reveal(1, NONCES[0])
    with pytest.raises(DiceWaitingError, match="waits for the nonce of seats 0 and 1"):
        protocol.dice()
    protocol.reveal(0, NONCES[0].hex())
    protocol.reveal(1, NONCES[1])
    with pytest.raises(ValueError, match="already revealed"):
        protocol.reveal(1, NONCES[1])
    assert protocol.dice().roll(10) == FairDice(KEY, NONCES).roll(10)


def test_a_seat_that_has_not_committed_by_the_first_die_is_absent() -> None:
    """The first die closes the commitments: the bot's nonce (held by the server) is
    revealed, the seat that never committed is absent and can no longer commit; the record
    says so and still verifies."""
    protocol = DiceCommitments(2, KEY)
    protocol.hold(1, NONCES[1])
    assert protocol.nonces == [None, None]  # nothing revealed before every seat commits
    pending = dice_from_json(protocol.to_json())
    assert isinstance(pending, PendingDice)
    with pytest.raises(DiceWaitingError, match="every seat's commitment"):
        pending.d6()
    public = pending.public()
    assert public["pending"] and KEY.hex() not in json.dumps(public)
    assert NONCES[1].hex() not in json.dumps(public)
    protocol.close()
    with pytest.raises(ValueError, match="too late"):
        protocol.commit(0, seat_commitment(0, NONCES[0]))
    dice = protocol.dice()
    assert dice.nonces == (None, NONCES[1])
    assert dice.commitments()["seats"] == [None, seat_commitment(1, NONCES[1])]
    game = EDEN.new_game(demo_setup(max_rounds=1), dice=dice)
    play(game, [RandomAgent(3), RandomAgent(4)])
    text = Record.of(game).to_jsonl()
    assert json.loads(text.splitlines()[-1])["reveal"]["seats"][0] is None
    verify_jsonl(text)


def test_a_committed_seat_must_reveal_before_the_first_die() -> None:
    protocol = DiceCommitments(2, KEY)
    protocol.commit(0, seat_commitment(0, NONCES[0]))
    protocol.close()
    with pytest.raises(DiceWaitingError, match="waits for the nonce of seat 0 "):
        protocol.dice()
    with pytest.raises(ValueError, match="did not commit before the first die"):
        protocol.reveal(1, NONCES[1])
    protocol.reveal(0, NONCES[0])
    assert protocol.dice().nonces == (NONCES[0], None)


def test_the_dice_keep_every_die_and_copy_for_nothing() -> None:
    dice = FairDice(KEY, NONCES)
    faces = dice.roll(5)
    choice = dice.below(10)
    assert dice.rolled() == [*faces, [10, choice]]
    copy = dice.clone()
    assert copy.roll(3) == dice.roll(3) and copy.rolled() == dice.rolled()
    again = dice_from_json(json.loads(json.dumps(dice.to_json())))
    assert isinstance(again, FairDice) and again.rolled() == dice.rolled()
    assert again.roll(4) == dice.roll(4)
    public = dice.public()
    assert public["kind"] == "fair" and public["scheme"] == SCHEME
    assert KEY.hex() not in json.dumps(public) and NONCES[0].hex() not in json.dumps(public)


def fair_record(key: bytes = KEY, nonces: list[bytes] = NONCES) -> tuple[str, str]:
    game = EDEN.new_game(demo_setup(max_rounds=1), dice=FairDice(key, nonces))
    play(game, [RandomAgent(3), RandomAgent(4)])
    return Record.of(game).to_jsonl(), Record.of(game, events=True).to_jsonl()


def test_the_record_carries_the_commitments_first_and_the_reveals_last() -> None:
    for text in fair_record():
        lines = text.splitlines()
        header, end = json.loads(lines[0]), json.loads(lines[-1])
        assert header["dice"] == FairDice(KEY, NONCES).public()
        assert KEY.hex() not in lines[0] and all(n.hex() not in lines[0] for n in NONCES)
        assert end["reveal"] == {"server": KEY.hex(), "seats": [n.hex() for n in NONCES]}
        assert end["dice"]["draws"] == len(end["dice"]["rolled"]) > 0
        game = verify_jsonl(text)
        assert isinstance(game.dice, FairDice)
        assert Record.from_jsonl(text).replay().state_hash() == game.state_hash()


def forged(text: str, change: str) -> str:
    lines = text.splitlines()
    end = json.loads(lines[-1])
    if change == "nonce":
        end["reveal"]["seats"][1] = bytes(32).hex()
    elif change == "key":
        end["reveal"]["server"] = bytes(32).hex()
    elif change == "die":
        end["dice"]["rolled"][0] = end["dice"]["rolled"][0] % 6 + 1
    lines[-1] = json.dumps(end, sort_keys=True)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("change", "message"), [
    ("nonce", "seat 1's revealed nonce does not match its commitment"),
    ("key", "the server's revealed key does not match its commitment"),
    ("die", "die 1 is .*, but the key derived from the reveals draws"),
])
def test_a_forged_reveal_or_die_is_refused_on_the_end_line(change: str, message: str) -> None:
    text = fair_record()[0]
    with pytest.raises(RecordMismatchError, match=message) as caught:
        verify_jsonl(forged(text, change))
    assert caught.value.line == len(text.splitlines())


def test_local_dice_draw_a_nonce_per_seat() -> None:
    a, b = local_dice(2), local_dice(2)
    assert a.nonces[0] != a.nonces[1] and a.nonces != b.nonces and a.server_key != b.server_key


def test_a_takeback_keeps_the_dice_going_and_the_record_verifies() -> None:
    game = EDEN.new_game(demo_setup(max_rounds=1), dice=FairDice(KEY, NONCES))
    agents = [RandomAgent(5), RandomAgent(6)]
    while len(game.history) < 12 and not game.is_over:
        player = game.decision().player
        game.apply(agents[player].act(game.view(player), list(game.legal_actions())))
    drawn = game.dice.counter
    game.take_back(4, 0)
    assert game.dice.counter == drawn  # the dice seen are never drawn again
    play(game, agents)
    verify_jsonl(Record.of(game).to_jsonl())


def test_grinding_ten_thousand_server_keys_cannot_steer_the_first_die() -> None:
    """The server tries 10,000 keys and keeps those whose first die would be a 6 with the
    nonces it guesses; the seats' nonces, which it does not know when it commits, make that
    first die a 6 no more often than chance. (With keyed dice alone, every kept key would
    give a 6.)"""
    guessed = [bytes(32), bytes(32)]
    kept = []
    for i in range(10_000):
        key = hashlib.sha256(b"grind" + i.to_bytes(4, "big")).digest()
        if FairDice(key, guessed).d6() == 6:
            kept.append(key)
    assert 1_500 < len(kept) < 1_850  # a sixth of the keys, as chance gives
    sixes = 0
    for j, key in enumerate(kept):
        nonces = [hashlib.sha256(b"seat" + bytes([s]) + j.to_bytes(4, "big")).digest()
                  for s in range(2)]
        sixes += FairDice(key, nonces).d6() == 6
    expected = len(kept) / 6
    spread = (len(kept) * (1 / 6) * (5 / 6)) ** 0.5
    assert abs(sixes - expected) < 5 * spread, (sixes, len(kept))
