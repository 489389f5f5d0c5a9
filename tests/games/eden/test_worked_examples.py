"""Every worked example of Rulebook 1.5-1.7 (Profile cards), 2.A (Rolls) and 2.G
(Measurement and round), replayed with forced dice. Profiles: tests/games/eden/profiles.py."""

from __future__ import annotations

from fractions import Fraction

from skirmish.core.dice import ScriptedDice
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.modifiers import Modifier, effective_value
from skirmish.games.eden.rolls import (
    characteristic_roll,
    location_roll,
    opposition_roll,
    shift_location,
)
from tests.games.eden.profiles import ABAMA, ELENIA, NGOBO, VLADD, YURI


def test_yuri_psi_roll_difficulty_5() -> None:
    """Rulebook 2.A: Yuri (PSI 4) rolls 1, 4, 5, 6 at difficulty 5: 2 successes."""
    yuri = Fighter(0, YURI)
    psi = yuri.characteristic(Characteristic.PSI)
    assert psi == 4
    roll = characteristic_roll(ScriptedDice([1, 4, 5, 6]), psi, 5, Characteristic.PSI)
    assert roll.dice == 4
    assert roll.threshold == 5
    assert roll.successes == 2
    assert [f for f in roll.faces if f >= roll.threshold] == [5, 6]


def test_abama_cbt_roll_difficulty_7() -> None:
    """Rulebook 2.A: Abama Big-Belly, CBT 4 at difficulty 7: 3 dice at 6+, 6 4 3: 1 success."""
    abama = Fighter(1, ABAMA)
    cbt = abama.characteristic(Characteristic.CBT)
    assert cbt == 4
    dice = ScriptedDice([6, 4, 3])
    roll = characteristic_roll(dice, cbt, 7, Characteristic.CBT)
    assert (roll.value, roll.difficulty, roll.dice, roll.threshold) == (4, 7, 3, 6)
    assert roll.faces == (6, 4, 3)
    assert roll.successes == 1
    assert "difficulty 7 lowered to 6, CBT 4 lowered to 3" in roll.detail
    assert dice.remaining == 0


def test_vladd_against_wounded_ngobo_opposition() -> None:
    """Rulebook 2.A: Vlädd (CBT 6) rolls 1 = 7; Ngobo, wounded in the arm (CBT 4), rolls 4 = 8."""
    vladd = Fighter(0, VLADD)
    ngobo = Fighter(1, NGOBO)
    ngobo.wound(Limb.ARMS, NGOBO.limb(Limb.ARMS).white_cp)
    assert ngobo.is_wounded(Limb.ARMS)
    a = vladd.characteristic(Characteristic.CBT)
    b = ngobo.characteristic(Characteristic.CBT)
    assert (a, b) == (6, 4)
    roll = opposition_roll(ScriptedDice([1, 4]), a, b)
    assert roll.rolls == ((1, 4),)
    assert roll.totals == (7, 8)
    assert roll.winner == 1


def test_elenia_location_roll_raised_by_one() -> None:
    """Rulebook 2.A: a location roll of 5 hits Elenia's torso; raised by 1 it is 6, the legs."""
    face = location_roll(ScriptedDice([5]))
    assert face == 5
    assert ELENIA.location(face) is Limb.TORSO
    shifted = shift_location(face, +1)
    assert shifted == 6
    assert ELENIA.location(shifted) is Limb.LEGS


def test_yuri_head_wounds() -> None:
    """Rulebook 1.5/1.6: Yuri's head has 2 white + 2 red CP; PSI 4 white, 3 red.

    One wound: the first white dot is checked, the head stays normal (PSI 4).
    The second: the last white CP is gone, the head is wounded (PSI 3).
    """
    yuri = Fighter(0, YURI)
    first = yuri.wound(Limb.HEAD, 1)
    assert (first.lost, first.became_wounded, first.incapacitated) == (1, False, False)
    assert not yuri.is_wounded(Limb.HEAD)
    assert yuri.characteristic(Characteristic.PSI) == 4
    second = yuri.wound(Limb.HEAD, 1)
    assert (second.lost, second.became_wounded, second.incapacitated) == (1, True, False)
    assert yuri.is_wounded(Limb.HEAD)
    assert yuri.characteristic(Characteristic.PSI) == 3


def test_yuri_location_index_1_is_the_head() -> None:
    """Rulebook 1.7: for Yuri, location index 1 is the head."""
    assert YURI.location(location_roll(ScriptedDice([1]))) is Limb.HEAD


def test_vladd_psi_halved_rounds_up() -> None:
    """Rulebook 2.G: Vlädd's PSI 3 divided by two is 1.5, rounded up to 2."""
    vladd = Fighter(0, VLADD)
    halved = Modifier.times("a game event", Characteristic.PSI, Fraction(1, 2))
    assert effective_value(vladd.base_value(Characteristic.PSI), [halved], Characteristic.PSI) == 2
    assert vladd.characteristic(Characteristic.PSI, [halved]) == 2
