"""Exact odds of a shot or a power at one target (docs/masseffect.md, ME4, ME12, ME19,
ME22-ME26, ME32-ME34), without the turn engine: pure functions over a small description.

A :class:`ShotSituation` says who rolls what: the shooting roll (Tir, or a power's roll, ME19)
and its modifier, the number of shots (``Tirs (N)``, ME16), the damage, and the target's state
(cover and Défense, Bouclier and Barrière with their uses left this phase, armour points and
Vitalité left). :func:`shot_odds` resolves every shot in full, in the rulings' order:

1. the shooting roll, D6 + modifier ≥ the threshold; a natural 1 fails and a natural 6
   succeeds (ME4);
2. in cover, the target's Défense roll, D6 ≥ Défense with no modifier: a success means no hit
   (ME23);
3. Bouclier, then Barrière if the Bouclier failed or was not rolled (ME24): each one not
   ignored and with a use left rolls D6 ≥ X and spends a use, saved or not;
4. an unsaved hit deals its own amount (ME3, ME25), armour points first unless perforant, then
   Vitalité; at Vitalité 0 the target is out of action and the remaining shots are lost (ME16).

The result (:class:`ShotOdds`) is exact (``Fraction``): the joint distribution of the target's
state afterwards (:class:`TargetState`) and of the hits that landed, from which the wounds,
the chance of taking the target out of action and the uses left are read. ``shot_odds(s,
before=odds)`` continues from an earlier attack on the same target in the same phase, so
shooters can be chained.

Not modelled here: heroic actions (ME31), the hits an ``Explosif`` weapon deals to other
figures, and what a power's other effects (move, status) do.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from skirmish.games.masseffect.cards.powers import Power, Target
from skirmish.games.masseffect.cards.profile import VITALITY_RANGE, Profile
from skirmish.games.masseffect.cards.traits import TRAIT_RANGES, USES_RANGE, TraitKind
from skirmish.games.masseffect.cards.weapons import SHOTS, Weapon, WeaponKind
from skirmish.games.masseffect.dice import Amount, check_threshold, success_chance
from skirmish.games.masseffect.rules import (
    COUNTER_CHARGE_PENALTY,
    OBSTACLE_PENALTY,
    PROTECTIONS,
    STATIONARY_BONUS,
)

ONE = Fraction(1)
ARMOUR_RANGE = (0, TRAIT_RANGES[TraitKind.ARMOUR][1])


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, got {value!r}")
    return value


@dataclass(frozen=True, slots=True, order=True)
class TargetState:
    """What a figure has left: Vitalité (0: out of action, ME25), armour points (a pool for
    the whole game), and the uses of its Bouclier and Barrière left in this phase (ME24)."""

    vitality: int
    armour: int = 0
    shield_uses: int = 0
    barrier_uses: int = 0
    #: The house rule ``me-armour=per-hit``: the armour stops up to X wounds of each hit and
    #: never wears out (the default, a pool of X for the game, wears out).
    armour_lasts: bool = False

    def __post_init__(self) -> None:
        _whole(self.vitality, "Vitalité left", 0, VITALITY_RANGE[1])
        _whole(self.armour, "armour left", *ARMOUR_RANGE)
        _whole(self.shield_uses, "Bouclier uses left", 0, USES_RANGE[1])
        _whole(self.barrier_uses, "Barrière uses left", 0, USES_RANGE[1])

    @property
    def out_of_action(self) -> bool:
        return self.vitality == 0


def target_state(target: Profile, *, shield_uses_left: int | None = None,
                 barrier_uses_left: int | None = None, armour_left: int | None = None,
                 vitality_left: int | None = None) -> TargetState:
    """``target``'s state: its card's values unless given (each checked against the card:
    uses 0 to N, armour 0 to X, Vitalité 1 to the card's, since a figure out of action
    cannot be attacked)."""
    def left(given: int | None, full: int, what: str, low: int = 0) -> int:
        if given is None:
            return full
        if full == 0 and given:
            raise ValueError(f"{target.name} has no {what}")
        return _whole(given, f"{target.name}: {what} left", low, full)

    shield, barrier = target.shield, target.barrier
    return TargetState(
        left(vitality_left, target.vitality, "Vitalité", 1),
        left(armour_left, target.armour, "Armure"),
        left(shield_uses_left, shield.value or 0 if shield else 0, "Bouclier uses"),
        left(barrier_uses_left, barrier.value or 0 if barrier else 0, "Barrière uses"))


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotSituation:
    """One shooting action (or one power) at one target.

    ``threshold``: the shooter's Tir or the power's roll (None: a power that needs no roll);
    ``modifier``: the sum of the roll's modifiers (+1 stayed, −1 obstacle, −1 counter-charge
    shot); ``shots``: the weapon's Tirs; ``damage`` per unsaved hit; ``perforant``: wounds skip
    the armour; ``ignores``: the protections that may not save (Bouclier, Barrière; Armure is
    the same as ``perforant``); ``in_cover`` and ``defence``: the Défense roll (a lifted target
    is not in cover); ``shield``/``barrier``: (X of X+, uses left this phase); ``armour`` and
    ``vitality``: what the target has left."""

    threshold: int | None
    modifier: int = 0
    shots: int = 1
    damage: Amount = field(default_factory=Amount)
    perforant: bool = False
    ignores: frozenset[str] = frozenset()
    in_cover: bool = False
    defence: int = 6
    shield: tuple[int, int] | None = None
    barrier: tuple[int, int] | None = None
    armour: int = 0
    vitality: int = 1
    #: The house rule ``me-natural-rolls`` = ``naturals``: a natural 6 hits and a natural 1
    #: misses whatever the modifiers (the draft's reading, the default: the total decides).
    naturals: bool = False
    #: The house rule ``me-armour=per-hit`` (:attr:`TargetState.armour_lasts`).
    armour_per_hit: bool = False

    def __post_init__(self) -> None:
        if self.threshold is not None:
            check_threshold(self.threshold)
        if isinstance(self.modifier, bool) or not isinstance(self.modifier, int):
            raise ValueError(f"modifier must be a whole number, got {self.modifier!r}")
        _whole(self.shots, "shots", *SHOTS)
        if not isinstance(self.damage, Amount):
            raise ValueError(f"damage must be an Amount, got {self.damage!r}")
        unknown = set(self.ignores) - set(PROTECTIONS)
        if unknown:
            raise ValueError(f"ignores: {', '.join(sorted(unknown))} is not a protection "
                             f"({', '.join(PROTECTIONS)})")
        check_threshold(self.defence)
        for name, protection in (("Bouclier", self.shield), ("Barrière", self.barrier)):
            if protection is not None:
                save, uses = protection
                check_threshold(save)
                _whole(uses, f"{name} uses left", 0, USES_RANGE[1])
        _whole(self.armour, "armour left", *ARMOUR_RANGE)
        _whole(self.vitality, "Vitalité left", *VITALITY_RANGE)

    @property
    def target(self) -> TargetState:
        return TargetState(self.vitality, self.armour, self.shield[1] if self.shield else 0,
                           self.barrier[1] if self.barrier else 0, self.armour_per_hit)

    @property
    def pierces(self) -> bool:
        """ME25: the wounds go straight to Vitalité (``Perforant``, or Armure ignored)."""
        return self.perforant or "Armure" in self.ignores

    @property
    def p_roll(self) -> Fraction:
        """The chance of one shooting roll succeeding (ME4); 1 without a roll."""
        return ONE if self.threshold is None else success_chance(
            self.threshold, self.modifier, naturals=self.naturals)

    def describe(self) -> str:
        """The situation in one line (what the odds assume)."""
        roll = "no roll" if self.threshold is None else (
            f"{self.threshold}+" + (f" {self.modifier:+d}" if self.modifier else "")
            + (" (a natural 6 hits, a natural 1 misses)"
               if self.naturals and self.modifier else ""))
        parts = [f"roll {roll}, {self.shots} shot{'s' * (self.shots > 1)} of {self.damage}"
                 + (" perforant" if self.pierces else "")]
        parts.append(f"target in cover (Défense {self.defence}+)" if self.in_cover
                     else "target in the open")
        for name, protection in (("Bouclier", self.shield), ("Barrière", self.barrier)):
            if protection is not None:
                ignored = " ignored" if name in self.ignores else ""
                parts.append(f"{name} {protection[0]}+ ({protection[1]} left){ignored}")
        if self.armour:
            parts.append(f"Armure {self.armour}")
        parts.append(f"Vitalité {self.vitality}")
        return ", ".join(parts)

    # -- from the cards ----------------------------------------------------------------------
    @classmethod
    def from_cards(cls, shooter: Profile, weapon: Weapon, target: Profile, *,
                   stayed: bool = False, obstacle: bool = False, counter_charge: bool = False,
                   cover: bool = False, lifted: bool = False,
                   shield_uses_left: int | None = None, barrier_uses_left: int | None = None,
                   armour_left: int | None = None, vitality_left: int | None = None
                   ) -> ShotSituation:
        """``shooter`` fires ``weapon`` at ``target`` (ME16, ME21-ME26, ME32): +1 if he stayed
        (ME12), −1 for an obstacle (ME22), −1 for a counter-charge shot (ME26); Défense in
        cover unless ``lifted`` (ME23, ME34); Bouclier ignored by ``Munitions incendiaires``
        or an ``Incendiaire`` weapon (ME24); ``Perforant`` skips armour (ME25). A ``Lourd``
        weapon fires only if the shooter stayed (ME32): otherwise a ``ValueError``."""
        if weapon.kind is not WeaponKind.RANGED:
            raise ValueError(f"{weapon.name} is not a ranged weapon (Tir)")
        if weapon.has("Lourd") and not stayed:
            raise ValueError(f"{weapon.name} is Lourd: it fires only if {shooter.name} "
                             "stayed this turn (ME32)")
        assert weapon.damage is not None
        modifier = (STATIONARY_BONUS * stayed + OBSTACLE_PENALTY * obstacle
                    + COUNTER_CHARGE_PENALTY * counter_charge)
        incendiary = shooter.incendiary or weapon.has("Incendiaire")
        return cls._against(target, shooter.shoot, modifier, weapon.shots, weapon.damage,
                            weapon.has("Perforant"),
                            frozenset({"Bouclier"} if incendiary else ()),
                            cover and not lifted,
                            target_state(target, shield_uses_left=shield_uses_left,
                                         barrier_uses_left=barrier_uses_left,
                                         armour_left=armour_left, vitality_left=vitality_left))

    @classmethod
    def from_power(cls, power: Power, user: Profile, target: Profile, *, stayed: bool = False,
                   obstacle: bool = False, cover: bool = False, lifted: bool = False,
                   shield_uses_left: int | None = None, barrier_uses_left: int | None = None,
                   armour_left: int | None = None, vitality_left: int | None = None
                   ) -> ShotSituation:
        """``user`` uses ``power`` (aimed at an enemy or a point, with one ``damage``
        effect) on ``target`` (ME19, ME33): one roll on Tir, Qualité or X+ (none for
        ``auto``), +1 if the user stayed (ME12), −1 for an obstacle against an ``enemy``
        power (ME22; a counter-charge power takes nothing more, ME20); Défense in cover for
        an ``enemy`` power without ``ignores_cover``; the protections named by a ``strip``
        effect or the damage's ``ignores`` do not save; Armure in ``ignores`` sends the
        wounds to Vitalité. ``Munitions incendiaires`` are ammunition: they do not make a
        power ignore Bouclier."""
        if not power.attacks:
            raise ValueError(f"{power.name} is not aimed at an enemy (target {power.target})")
        damages = [spec for spec in power.effects if spec.kind == "damage"]
        if len(damages) != 1:
            raise ValueError(f"{power.name} has {len(damages)} damage effects; the odds "
                             "cover a power with exactly one")
        spec = damages[0]
        ignores = set(spec.param("ignores", ()))
        ignores |= {s.param("protection") for s in power.effects if s.kind == "strip"}
        rolls = {"Tir": user.shoot, "Qualité": user.quality, "auto": None}
        threshold = rolls[power.roll] if power.roll in rolls else int(power.roll[0])
        enemy = power.target is Target.ENEMY
        modifier = 0 if threshold is None else (
            STATIONARY_BONUS * stayed + OBSTACLE_PENALTY * (obstacle and enemy))
        return cls._against(target, threshold, modifier, 1, spec.amount(), False,
                            frozenset(ignores),
                            cover and not lifted and enemy and not power.ignores_cover,
                            target_state(target, shield_uses_left=shield_uses_left,
                                         barrier_uses_left=barrier_uses_left,
                                         armour_left=armour_left, vitality_left=vitality_left))

    @classmethod
    def _against(cls, target: Profile, threshold: int | None, modifier: int, shots: int,
                 damage: Amount, perforant: bool, ignores: frozenset[str], in_cover: bool,
                 state: TargetState) -> ShotSituation:
        shield, barrier = target.shield, target.barrier
        return cls(threshold=threshold, modifier=modifier, shots=shots, damage=damage,
                   perforant=perforant, ignores=ignores, in_cover=in_cover,
                   defence=target.defence,
                   shield=(shield.save or 6, state.shield_uses) if shield else None,
                   barrier=(barrier.save or 6, state.barrier_uses) if barrier else None,
                   armour=state.armour, vitality=state.vitality)


# -- the exact resolution --------------------------------------------------------------------
#: (the target's state, unsaved hits so far) -> probability.
Joint = dict[tuple[TargetState, int], Fraction]


@dataclass(frozen=True, slots=True)
class Blow:
    """The chances of one attack roll: ``hit`` (the roll succeeds), ``dodge`` (the Défense
    roll cancels it; 0 out of cover), ``shield``/``barrier`` (the chance each saves; None:
    not rolled), then ``damage`` per unsaved hit and whether it ``pierces`` the armour."""

    hit: Fraction
    damage: Mapping[int, Fraction]
    pierces: bool = False
    dodge: Fraction = Fraction(0)
    shield: Fraction | None = None
    barrier: Fraction | None = None

    @classmethod
    def of(cls, situation: ShotSituation) -> Blow:
        s = situation

        def save(name: str, protection: tuple[int, int] | None) -> Fraction | None:
            if protection is None or name in s.ignores:
                return None
            return success_chance(protection[0])

        return cls(s.p_roll, s.damage.probabilities(), s.pierces,
                   success_chance(s.defence) if s.in_cover else Fraction(0),
                   save("Bouclier", s.shield), save("Barrière", s.barrier))


def wound(state: TargetState, amount: int, pierces: bool) -> TargetState:
    """ME25: ``amount`` wounds take armour points first (unless ``pierces``), then Vitalité,
    which stops at 0 (out of action)."""
    soaked = 0 if pierces else min(state.armour, amount)
    return replace(state, armour=state.armour - (0 if state.armour_lasts else soaked),
                   vitality=max(0, state.vitality - (amount - soaked)))


def strike(joint: Mapping[tuple[TargetState, int], Fraction], blow: Blow) -> Joint:
    """One attack roll resolved in full against every state of ``joint`` (a target already
    out of action is not attacked: its shots are lost)."""
    out: defaultdict[tuple[TargetState, int], Fraction] = defaultdict(Fraction)
    for (state, hits), p in joint.items():
        if state.out_of_action:
            out[state, hits] += p
            continue
        out[state, hits] += p * (1 - blow.hit) + p * blow.hit * blow.dodge
        reach = p * blow.hit * (1 - blow.dodge)
        for chance, uses in ((blow.shield, "shield_uses"), (blow.barrier, "barrier_uses")):
            if chance is not None and getattr(state, uses) > 0:  # ME24: one use, saved or not
                state = replace(state, **{uses: getattr(state, uses) - 1})
                out[state, hits] += reach * chance
                reach *= 1 - chance
        for amount, q in blow.damage.items():
            out[wound(state, amount, blow.pierces), hits + 1] += reach * q
    return {key: p for key, p in out.items() if p}


@dataclass(frozen=True, slots=True)
class ShotOdds:
    """The exact outcome of one or more attacks on one figure that started as ``start``:
    ``joint`` maps (its state afterwards, unsaved hits that landed) to a probability."""

    start: TargetState
    joint: Mapping[tuple[TargetState, int], Fraction]

    def _marginal(self, key: Iterable[tuple[int, Fraction]]) -> dict[int, Fraction]:
        out: defaultdict[int, Fraction] = defaultdict(Fraction)
        for value, p in key:
            out[value] += p
        return dict(sorted(out.items()))

    @property
    def end(self) -> dict[TargetState, Fraction]:
        """The target's state afterwards."""
        out: defaultdict[TargetState, Fraction] = defaultdict(Fraction)
        for (state, _), p in self.joint.items():
            out[state] += p
        return dict(sorted(out.items()))

    @property
    def hits(self) -> dict[int, Fraction]:
        """Unsaved hits that landed (hits soaked by armour count)."""
        return self._marginal((h, p) for (_, h), p in self.joint.items())

    @property
    def wounds(self) -> dict[int, Fraction]:
        """Vitalité lost (at most what the target had)."""
        return self._marginal((self.start.vitality - s.vitality, p)
                              for (s, _), p in self.joint.items())

    @property
    def out_of_action(self) -> Fraction:
        return sum((p for (s, _), p in self.joint.items() if s.out_of_action), Fraction(0))

    @property
    def any_hit(self) -> Fraction:
        """The chance that at least one hit landed."""
        return 1 - self.hits.get(0, Fraction(0))

    @property
    def expected_wounds(self) -> Fraction:
        return sum((w * p for w, p in self.wounds.items()), Fraction(0))

    @property
    def armour_left(self) -> dict[int, Fraction]:
        return self._marginal((s.armour, p) for (s, _), p in self.joint.items())

    @property
    def shield_left(self) -> dict[int, Fraction]:
        """Bouclier uses left this phase (for the next shooter at the same target)."""
        return self._marginal((s.shield_uses, p) for (s, _), p in self.joint.items())

    @property
    def barrier_left(self) -> dict[int, Fraction]:
        return self._marginal((s.barrier_uses, p) for (s, _), p in self.joint.items())


def shot_odds(situation: ShotSituation, before: ShotOdds | None = None) -> ShotOdds:
    """The exact odds of ``situation``'s shots, each resolved in full (see the module).
    With ``before`` (an earlier attack on the same target in the same phase), the target
    starts in ``before``'s states, whatever ``situation`` says of its uses, armour and
    Vitalité; the hits add up and the wounds count from ``before.start``."""
    joint: Joint = dict(before.joint) if before else {(situation.target, 0): ONE}
    blow = Blow.of(situation)
    for _ in range(situation.shots):
        joint = strike(joint, blow)
    return ShotOdds(before.start if before else situation.target, joint)


def power_odds(power: Power, user: Profile, target: Profile, *, stayed: bool = False,
               obstacle: bool = False, cover: bool = False, lifted: bool = False,
               shield_uses_left: int | None = None, barrier_uses_left: int | None = None,
               armour_left: int | None = None, vitality_left: int | None = None) -> ShotOdds:
    """ME19: the odds of a damaging power (:meth:`ShotSituation.from_power`)."""
    return shot_odds(ShotSituation.from_power(
        power, user, target, stayed=stayed, obstacle=obstacle, cover=cover, lifted=lifted,
        shield_uses_left=shield_uses_left, barrier_uses_left=barrier_uses_left,
        armour_left=armour_left, vitality_left=vitality_left))
