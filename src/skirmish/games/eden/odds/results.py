"""What an attack will do: exact probabilities of every CP loss it can cause.

An :class:`AttackOdds` holds the *joint* distribution of the CP each fighter involved loses
(one 4-tuple per fighter, in :class:`~skirmish.games.eden.cards.profile.Limb` order: head, arms,
torso, legs), as exact fractions. Everything else is read from it: the probability of
incapacitating a fighter (Rulebook 1.5 / 2.F: the last CP of any one limb), of wounding
each limb, the distribution of CP lost per limb and in total, expected values, and the
"at least X" cumulative table. :meth:`AttackOdds.to_json` gives it all as JSON (floats:
each exact fraction rounded to the nearest double; ``exact=True`` adds the fractions).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from skirmish.games.eden.cards.profile import Limb
from skirmish.games.eden.odds.dice import ZERO, Dist, cumulative, mean

if TYPE_CHECKING:
    from skirmish.games.eden.odds.burn import NextBurn

Delta = tuple[int, int, int, int]
NO_LOSS: Delta = (0, 0, 0, 0)
LIMBS = tuple(Limb)


@dataclass(frozen=True, slots=True)
class FighterInfo:
    """A fighter as the attack finds him: who, and his card's CP (Rulebook 1.5)."""

    ref: str
    name: str
    checked: Delta
    white_cp: Delta
    red_cp: Delta

    @property
    def cp_left(self) -> Delta:
        w, r, c = self.white_cp, self.red_cp, self.checked
        return (w[0] + r[0] - c[0], w[1] + r[1] - c[1], w[2] + r[2] - c[2], w[3] + r[3] - c[3])

    def incapacitated_by(self, lost: Delta) -> bool:
        """Rulebook 1.5: losing the last CP of any one limb incapacitates."""
        return any(n >= left for n, left in zip(lost, self.cp_left, strict=True) if n)

    def becomes_wounded(self, lost: Delta, i: int) -> bool:
        """Rulebook 1.5: the limb's last white CP is checked now (a limb without red CP is
        never wounded)."""
        if not self.red_cp[i] or not lost[i]:
            return False
        return self.checked[i] < self.white_cp[i] <= self.checked[i] + lost[i]


@dataclass(frozen=True, slots=True)
class FighterOdds:
    """One fighter's marginal outcome of an attack."""

    info: FighterInfo
    lost: Mapping[Delta, Fraction]

    def _p(self, test: Any) -> Fraction:
        return sum((p for d, p in self.lost.items() if test(d)), ZERO)

    @property
    def p_incapacitated(self) -> Fraction:
        return self._p(self.info.incapacitated_by)

    @property
    def p_any_loss(self) -> Fraction:
        """Rulebook 6.A/6.B: "if the target loses at least 1 CP the attack is successful"."""
        return self._p(lambda d: any(d))

    def p_wounded(self, limb: Limb) -> Fraction:
        """P(the limb loses at least one CP)."""
        i = LIMBS.index(limb)
        return self._p(lambda d: d[i] > 0)

    def p_becomes_wounded(self, limb: Limb) -> Fraction:
        """P(the limb turns "wounded": its red characteristic applies from now on)."""
        i = LIMBS.index(limb)
        return self._p(lambda d: self.info.becomes_wounded(d, i))

    def cp_lost(self, limb: Limb) -> Dist:
        """The distribution of CP lost on one limb."""
        i = LIMBS.index(limb)
        out: Dist = {}
        for d, p in self.lost.items():
            out[d[i]] = out.get(d[i], ZERO) + p
        return dict(sorted(out.items()))

    @property
    def total(self) -> Dist:
        """The distribution of the CP lost on all limbs together."""
        out: Dist = {}
        for d, p in self.lost.items():
            out[sum(d)] = out.get(sum(d), ZERO) + p
        return dict(sorted(out.items()))

    def expected(self, limb: Limb) -> Fraction:
        return mean(self.cp_lost(limb))

    @property
    def expected_total(self) -> Fraction:
        return mean(self.total)

    @property
    def at_least(self) -> dict[int, Fraction]:
        """The "at least X" table: X -> P(at least X CP lost in all)."""
        return cumulative(self.total)

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        def num(p: Fraction) -> Any:
            return {"p": float(p), "exact": str(p)} if exact else float(p)

        return {
            "ref": self.info.ref,
            "name": self.info.name,
            "cp_left": dict(zip((limb.value for limb in LIMBS), self.info.cp_left, strict=True)),
            "p_incapacitated": num(self.p_incapacitated),
            "p_any_cp_lost": num(self.p_any_loss),
            "expected_cp_lost": num(self.expected_total),
            "limbs": {
                limb.value: {
                    "p_wounded": num(self.p_wounded(limb)),
                    "p_becomes_wounded": num(self.p_becomes_wounded(limb)),
                    "expected_cp_lost": num(self.expected(limb)),
                    "cp_lost": {str(k): num(p) for k, p in self.cp_lost(limb).items()},
                }
                for limb in LIMBS
            },
            "cp_lost_total": {str(k): num(p) for k, p in self.total.items()},
            "at_least": {str(k): num(p) for k, p in self.at_least.items()},
        }


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """The exact outcome of one attack (or roll) on every fighter it may wound.

    ``fighters[0]`` is the declared target (or the fighter burning); the others are those
    the attack may also wound (the attacker in a response, the fighter hit by a redirected
    shot, everyone under a template). ``joint`` maps one CP-lost 4-tuple per fighter to its
    exact probability; the probabilities add up to 1. ``markers`` gives, per fighter, the
    condition markers the weapon gives (Rulebook 8.C) and ``p_markers`` the probability
    that he receives them; ``next_burn``, per fighter it may give burn markers, what they do
    at the next intendancy (:class:`~skirmish.games.eden.odds.burn.NextBurn`).
    """

    kind: str
    attacker: str | None
    fighters: tuple[FighterInfo, ...]
    joint: Mapping[tuple[Delta, ...], Fraction]
    settings: Mapping[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    markers: Mapping[str, int] = field(default_factory=dict)
    p_markers: Mapping[str, Fraction] = field(default_factory=dict)
    next_burn: Mapping[str, NextBurn] = field(default_factory=dict)

    def __post_init__(self) -> None:
        total = sum(self.joint.values(), ZERO)
        if total != 1:
            raise ValueError(f"the probabilities of an attack must add up to 1, got {total}")

    def fighter(self, ref: str) -> FighterOdds:
        """One fighter's marginal outcome, by reference (``B.Ngobo-Quick-Arm``)."""
        for i, info in enumerate(self.fighters):
            if info.ref == ref:
                lost: dict[Delta, Fraction] = {}
                for deltas, p in self.joint.items():
                    lost[deltas[i]] = lost.get(deltas[i], ZERO) + p
                return FighterOdds(info, lost)
        raise KeyError(f"{ref} is not wounded by this attack "
                       f"(fighters: {', '.join(f.ref for f in self.fighters)})")

    @property
    def target(self) -> FighterOdds:
        return self.fighter(self.fighters[0].ref)

    @property
    def p_incapacitated(self) -> Fraction:
        """P(the declared target is incapacitated)."""
        return self.target.p_incapacitated

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "attacker": self.attacker,
            "target": self.fighters[0].ref,
            "settings": dict(self.settings),
            "fighters": [self.fighter(f.ref).to_json(exact) for f in self.fighters],
            "markers": dict(self.markers),
            "p_markers": {ref: float(p) for ref, p in self.p_markers.items()},
            **({"next_intendancy_burn": {ref: b.to_json() for ref, b in
                                         self.next_burn.items()}} if self.next_burn else {}),
            "notes": list(self.notes),
        }

    def summary(self) -> str:
        """A few lines of plain text for the command line."""
        lines = []
        for info in self.fighters:
            odds = self.fighter(info.ref)
            wounded = ", ".join(f"{limb.value} {float(odds.p_wounded(limb)):.1%}"
                                for limb in LIMBS)
            lines.append(
                f"{info.ref}: incapacitated {float(odds.p_incapacitated):.2%}, "
                f"loses at least 1 CP {float(odds.p_any_loss):.2%}, "
                f"expected CP lost {float(odds.expected_total):.3f}"
            )
            lines.append(f"  wounded limb: {wounded}")
            table = "  ".join(f">={k}: {float(p):.1%}" for k, p in odds.at_least.items())
            lines.append(f"  CP lost at least: {table or 'never loses CP'}")
        return "\n".join(lines)
