"""Issue 11: dice nobody can predict. Keyed (provably fair) dice for matches between people,
and random seeds by default."""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict

import pytest

from skirmish.core.dice import (
    KeyedDice,
    SeededDice,
    commitment_of,
    dice_from_json,
    fresh_seed,
    key_matches,
)

KEY = bytes(range(32))


def test_keyed_dice_are_deterministic_for_a_key_and_copy_cheaply() -> None:
    a, b = KeyedDice(KEY), KeyedDice(KEY.hex())
    assert a.roll(30) == b.roll(30)
    twin = a.clone()
    assert twin.roll(10) == a.roll(10)
    again = dice_from_json(a.to_json())
    assert isinstance(again, KeyedDice) and again.roll(5) == a.roll(5)
    assert KeyedDice(bytes(32)).roll(30) != KeyedDice(KEY).roll(30)


def test_a_draw_is_blake2b_of_the_key_and_the_counter() -> None:
    # Anyone holding the revealed key can recompute every die: draw 1 is this digest.
    word = int.from_bytes(hashlib.blake2b((1).to_bytes(8, "big"), key=KEY,
                                          digest_size=8).digest(), "big")
    assert KeyedDice(KEY).below(2**40) == word % 2**40  # 2**40 divides 2**64: no rejection


def test_keyed_faces_are_fair() -> None:
    counts = Counter(KeyedDice(KEY).roll(30_000))
    for face in range(1, 7):
        assert abs(counts[face] - 5_000) < 300  # > 4 standard deviations


def test_the_commitment_is_published_and_checks_the_revealed_key() -> None:
    dice = KeyedDice(KEY)
    public = dice.public()
    assert public == {"kind": "keyed", "commitment": commitment_of(KEY)}
    assert KEY.hex() not in str(public)
    assert key_matches(KEY.hex(), public["commitment"])
    assert not key_matches(bytes(32), public["commitment"])
    assert "seed" not in SeededDice(5).public()


def test_the_public_dice_do_not_determine_the_next_die() -> None:
    # Two keys whose first three dice agree (all a player has seen) and whose fourth
    # differs: the public log cannot tell which comes next.
    seen: dict[tuple[int, ...], set[int]] = defaultdict(set)
    for i in range(5_000):
        faces = KeyedDice(hashlib.sha256(i.to_bytes(4, "big")).digest()).roll(4)
        seen[faces[:3]].add(faces[3])
        if len(seen[faces[:3]]) > 1:
            break
    assert any(len(nexts) > 1 for nexts in seen.values())


def test_keys_and_seeds_default_to_fresh_os_randomness() -> None:
    assert KeyedDice().key != KeyedDice().key and len(KeyedDice().key) == 32
    seeds = {fresh_seed() for _ in range(20)}
    assert len(seeds) == 20 and max(seeds) >= 2**40


def test_bad_keys_are_refused() -> None:
    with pytest.raises(ValueError, match="16 to 64 bytes"):
        KeyedDice(b"short")
    with pytest.raises(ValueError, match="unknown dice kind"):
        dice_from_json({"kind": "loaded"})


def test_a_game_without_a_seed_gets_fresh_random_dice() -> None:
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.demo import demo_setup

    seeds = {EDEN.new_game(demo_setup()).dice.to_json()["seed"] for _ in range(5)}
    assert len(seeds) == 5
    keyed = EDEN.new_game(demo_setup(), dice=KeyedDice(KEY))
    assert keyed.dice.public()["commitment"] == commitment_of(KEY)


def test_the_view_publishes_the_commitment_never_the_seed_or_key() -> None:
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.demo import demo_setup

    keyed = EDEN.new_game(demo_setup(), dice=KeyedDice(KEY))
    for player in (0, 1):
        view = keyed.view(player)
        assert view["dice"] == {"kind": "keyed", "commitment": commitment_of(KEY)}
        assert KEY.hex() not in str(view)
    seeded = EDEN.new_game(demo_setup(), seed=123456789)
    assert seeded.view(0)["dice"] == {"kind": "seeded"}
    assert "123456789" not in str(seeded.view(1))
