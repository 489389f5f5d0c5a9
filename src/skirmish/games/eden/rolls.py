"""Rulebook 2.A, Rolls: the characteristic roll, the opposition roll and the location roll.

Pure procedures: they take the game's :class:`~skirmish.core.dice.Dice` and the
values already computed (a characteristic after its modifiers, a difficulty),
roll, and return a frozen record of what was rolled and why.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.core.dice import Dice
from skirmish.games.eden.cards.profile import Characteristic


@dataclass(frozen=True, slots=True)
class CharacteristicRoll:
    """A characteristic roll: ``dice`` D6 at ``threshold``+ (after the 2.A adjustments)."""

    value: int
    difficulty: int
    dice: int
    threshold: int
    faces: tuple[int, ...]
    successes: int
    detail: str

    @property
    def succeeded(self) -> bool:
        """At least one success."""
        return self.successes > 0


def characteristic_roll(
    dice: Dice, value: int, difficulty: int, characteristic: Characteristic | None = None
) -> CharacteristicRoll:
    """Rulebook 2.A, Characteristic roll.

    Roll as many D6 as the characteristic; every die at or above the difficulty
    is a success. A difficulty above 6 is lowered to 6 and the characteristic is
    lowered by the same amount (Abama: CBT 4 at difficulty 7 rolls 3 dice at 6+).
    A characteristic of 0 or less, naturally or after that lowering, rolls no
    dice and fails automatically. A difficulty below 1 becomes 1: every die
    succeeds (a ruling). ``characteristic`` only names the value in ``detail``.
    """
    name = characteristic.value if characteristic is not None else "characteristic"
    notes: list[str] = []
    threshold = difficulty
    count = value
    if difficulty > 6:
        threshold = 6
        count = value - (difficulty - 6)
        notes.append(f"difficulty {difficulty} lowered to 6, {name} {value} lowered to {count}")
    elif difficulty < 1:
        threshold = 1
        notes.append(f"difficulty {difficulty} raised to 1, every die succeeds")
    if count <= 0:
        notes.append(f"{name} {count} is 0 or less: no dice rolled, the roll fails automatically")
        return CharacteristicRoll(value, difficulty, 0, threshold, (), 0, "; ".join(notes))
    faces = dice.roll(count)
    successes = sum(1 for face in faces if face >= threshold)
    shown = " ".join(str(face) for face in faces)
    notes.append(
        f"{count}D6 at {threshold}+: {shown}, {successes} success{'es' if successes != 1 else ''}"
    )
    return CharacteristicRoll(
        value, difficulty, count, threshold, faces, successes, "; ".join(notes)
    )


@dataclass(frozen=True, slots=True)
class OppositionRoll:
    """An opposition roll: every (a, b) pair of dice rolled, and the winner (0 = a, 1 = b)."""

    a_value: int
    b_value: int
    rolls: tuple[tuple[int, int], ...]
    winner: int

    @property
    def totals(self) -> tuple[int, int]:
        """The deciding totals: last dice plus characteristics."""
        a_face, b_face = self.rolls[-1]
        return a_face + self.a_value, b_face + self.b_value


def opposition_roll(dice: Dice, a_value: int, b_value: int) -> OppositionRoll:
    """Rulebook 2.A, Opposition roll.

    Each fighter rolls one D6 (``a`` first, then ``b``) and adds his
    characteristic; the higher total wins. Equal totals: the higher
    characteristic wins. Equal characteristics too: both roll again, until
    there is a winner (every pair is kept in ``rolls``).
    """
    rolls: list[tuple[int, int]] = []
    while True:
        a_face = dice.d6()
        b_face = dice.d6()
        rolls.append((a_face, b_face))
        a_total, b_total = a_face + a_value, b_face + b_value
        if a_total != b_total:
            winner = 0 if a_total > b_total else 1
            break
        if a_value != b_value:
            winner = 0 if a_value > b_value else 1
            break
    return OppositionRoll(a_value, b_value, tuple(rolls), winner)


def location_roll(dice: Dice) -> int:
    """Rulebook 2.A, Location roll: one D6; its face picks the limb (Rulebook 1.7)."""
    return dice.d6()


def _check_face(face: int) -> None:
    if not 1 <= face <= 6:
        raise ValueError(f"a location roll is a D6 face 1-6, got {face}")


def shift_location(face: int, shift: int) -> int:
    """Rulebook 2.A: a modified location roll, raised or lowered (not both), kept in 1-6.

    ``shift`` is signed: +1 raises the face by one, -2 lowers it by two.
    """
    _check_face(face)
    return min(6, max(1, face + shift))


def reachable_faces(face: int, max_shift: int) -> list[int]:
    """Every face a location roll of ``face`` can become when shifted by at most ``max_shift``.

    In increasing order, the unshifted face included (Rulebook 2.A, Location roll).
    """
    _check_face(face)
    if max_shift < 0:
        raise ValueError(f"a location shift allowance must be >= 0, got {max_shift}")
    return list(range(max(1, face - max_shift), min(6, face + max_shift) + 1))
