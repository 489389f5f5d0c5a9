"""The one mechanism that changes a characteristic: bonuses, penalties and factors.

Rulebook glossary, "Bonus"/"Penalty": a bonus is a positive value added to a
characteristic, a penalty a positive value subtracted from it; both are a signed
``delta`` here. Some effects divide or multiply a characteristic (Rulebook 2.G:
Vlädd's PSI divided by two); those are a ``factor``.

Order (a ruling, see docs/rulings.md): start from the base value (white or red,
Rulebook 1.6), add every applicable delta, then multiply by every applicable
factor, then round UP once to an integer (Rulebook 2.G: 1.5 becomes 2). The
result is not clamped: a characteristic of 0 or less makes a characteristic
roll fail (Rulebook 2.A), which :mod:`skirmish.games.eden.rolls` handles.

Rulebook 9 conditions that change characteristics (Poison, Rage) become
modifiers through :func:`condition_modifiers`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from skirmish.games.eden.cards.profile import Characteristic


class Condition(StrEnum):
    """Rulebook 9: the physical and psychological conditions, each shown by markers."""

    BURN = "burn"
    FEAR = "fear"
    POISON = "poison"
    RAGE = "rage"
    SLOWDOWN = "slowdown"


@dataclass(frozen=True, slots=True)
class Modifier:
    """A change to one characteristic (or to all four when ``characteristic`` is None).

    ``source`` names what causes it (a condition, an ability, an equipment, a card),
    for logs and for removing it later. ``delta`` is added; ``factor`` multiplies.
    """

    source: str
    characteristic: Characteristic | None
    delta: int = 0
    factor: Fraction = Fraction(1)

    def __post_init__(self) -> None:
        if isinstance(self.delta, bool) or not isinstance(self.delta, int):
            raise ValueError(
                f"{self.source}: modifier delta must be an integer, got {self.delta!r}"
            )
        factor = self.factor
        if not isinstance(factor, Fraction):
            if isinstance(factor, bool) or not isinstance(factor, int):
                raise ValueError(
                    f"{self.source}: modifier factor must be a Fraction or an integer, "
                    f"got {factor!r}"
                )
            object.__setattr__(self, "factor", Fraction(factor))
        if self.factor < 0:
            raise ValueError(f"{self.source}: modifier factor must be >= 0, got {self.factor}")

    @classmethod
    def bonus(cls, source: str, characteristic: Characteristic | None, amount: int) -> Modifier:
        """Glossary, "Bonus": a positive value added to the characteristic."""
        if amount < 0:
            raise ValueError(f"{source}: a bonus is a positive value, got {amount}")
        return cls(source, characteristic, delta=amount)

    @classmethod
    def penalty(cls, source: str, characteristic: Characteristic | None, amount: int) -> Modifier:
        """Glossary, "Penalty": a positive value subtracted from the characteristic."""
        if amount < 0:
            raise ValueError(f"{source}: a penalty is a positive value, got {amount}")
        return cls(source, characteristic, delta=-amount)

    @classmethod
    def times(
        cls, source: str, characteristic: Characteristic | None, factor: Fraction | int
    ) -> Modifier:
        """A multiplication (Rulebook 2.G example: "divided by two" is ``Fraction(1, 2)``)."""
        return cls(source, characteristic, factor=Fraction(factor))

    def applies_to(self, characteristic: Characteristic) -> bool:
        """Whether this modifier changes ``characteristic``."""
        return self.characteristic is None or self.characteristic == characteristic


def effective_value(
    base: int, modifiers: Iterable[Modifier], characteristic: Characteristic
) -> int:
    """Rulebook 2.G and glossary (Bonus, Penalty): a characteristic after its modifiers.

    Deltas first (``base + sum of deltas``), then factors (product), then one
    rounding up to the higher integer (Rulebook 2.G: "rounded to the higher
    number"; 1.5 -> 2, and -1.5 -> -1). Not clamped at 0.
    """
    applicable = [m for m in modifiers
                  if m.characteristic is None or m.characteristic == characteristic]
    if not applicable:
        return base
    total = base + sum(m.delta for m in applicable)
    if all(m.factor == 1 for m in applicable):
        return total  # whole numbers only: nothing to round
    value = Fraction(total)
    for m in applicable:
        value *= m.factor
    return math.ceil(value)


def effective_values(base: Mapping[Characteristic, int], modifiers: Iterable[Modifier]
                     ) -> dict[Characteristic, int]:
    """:func:`effective_value` of every characteristic of ``base``, the modifiers gone
    through once: the same deltas added, the same factors multiplied (in another order,
    which exact fractions do not mind), the same rounding up."""
    totals = dict(base)
    factors: dict[Characteristic, list[Fraction]] = {}
    for m in modifiers:
        for c in totals if m.characteristic is None else (m.characteristic,):
            if c in totals:
                totals[c] += m.delta
                if m.factor != 1:
                    factors.setdefault(c, []).append(m.factor)
    for c, fs in factors.items():
        value = Fraction(totals[c])
        for factor in fs:
            value *= factor
        totals[c] = math.ceil(value)
    return totals


def condition_modifiers(markers: Mapping[str, int]) -> list[Modifier]:
    """Rulebook 9: what Poison and Rage markers do to the characteristics.

    Poison (at least one marker): a penalty of 1 to all four characteristics,
    whatever the number of markers. Rage (N markers): a bonus of N to CBT and
    SPD and a penalty of N to VIG and PSI.
    """
    modifiers: list[Modifier] = []
    if markers.get(Condition.POISON, 0) > 0:
        modifiers.append(Modifier.penalty(Condition.POISON.value, None, 1))
    rage = markers.get(Condition.RAGE, 0)
    if rage > 0:
        modifiers += [
            Modifier.bonus(Condition.RAGE.value, Characteristic.CBT, rage),
            Modifier.bonus(Condition.RAGE.value, Characteristic.SPD, rage),
            Modifier.penalty(Condition.RAGE.value, Characteristic.VIG, rage),
            Modifier.penalty(Condition.RAGE.value, Characteristic.PSI, rage),
        ]
    return modifiers
