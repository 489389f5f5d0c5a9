"""Exact odds of Eden's attacks: melee (Rulebook 6.A, each reaction), shooting (6.B),
explosions (8.C Explosive(X)) and blasts (6.B), on :class:`Combatant` models.

A :class:`Combatant` is a fighter reduced to what an attack reads: his effective
characteristics, CP left, protections, location indices, and (for the response's second
strike) how he stands after a first strike. :mod:`skirmish.games.eden.odds.game` builds them from a
game state; the functions here only do probability.

Choices (docs/rulings.md, "Odds"):

- The attacker's use of successes on the location (6.A step 5, 6.B step 4) is an
  :data:`AimPolicy`: ``"none"`` keeps every success (the rolled limb), a :class:`Limb`
  aims there whenever the successes allow (else the rolled limb), ``"best"`` picks, after
  seeing the successes and the location roll, the reachable limb that maximises
  P(incapacitating the fighter struck), then the expected CP he loses, then spends the
  fewest successes, then the first limb in card order. As in the engine, a limb costs the
  fewest successes that reach one of its faces; melee keeps one success (French text, also
  for dodge), shooting may spend them all.
- A card that lets the target shift the roll first (2.A, Elenia) is used by the target to
  minimise the same value, knowing the attacker's policy.
- Response: opposition CBT; the winner strikes the passive loser, then the loser strikes
  back if he is still standing, with his characteristics as they are after the first
  strike. Each striker's ``best`` is judged on his own strike.
- Shooting at a target who is not free: an odd number of successes hits ``redirect``; a
  ``best`` shooter then maximises on an enemy, minimises on an ally.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal

from skirmish.games.eden.cards.profile import Limb
from skirmish.games.eden.odds.dice import FACES, ONE, SIXTH, ZERO, Dist, opposition, successes
from skirmish.games.eden.odds.results import LIMBS, NO_LOSS, Delta

AimPolicy = Literal["none", "best"] | Limb
#: (P(incapacitated), E[CP lost]): what ``best`` compares, lexicographically.
Value = tuple[Fraction, Fraction]


def parse_aim(text: str | Limb) -> AimPolicy:
    """``none``, ``best`` or a limb name (head, arms, torso, legs)."""
    if isinstance(text, Limb):
        return text
    word = text.strip().lower()
    if word in ("none", "best"):
        return "none" if word == "none" else "best"
    try:
        return Limb(word)
    except ValueError:
        raise ValueError(f"--aim must be none, best or a limb (head, arms, torso, legs), "
                         f"got {text!r}") from None


@dataclass(frozen=True, slots=True)
class Combatant:
    """A fighter as an attack reads him (effective values, after every modifier: 1.6, 2.G, 9).

    ``location[face - 1]`` is the limb index of a location face (1.7); ``limb_faces`` the
    faces of each limb in card order; ``protection`` and ``ranged_protection`` the Pr of
    each limb against melee and ranged wounds (8.A, card effects); ``shift_allowance`` how
    far the target's card lets him shift a location roll against him (2.A, Elenia).
    """

    ref: str
    side: int
    cbt: int
    vig: int
    spd: int
    cp_left: Delta
    location: tuple[int, ...]
    limb_faces: tuple[tuple[int, ...], ...]
    protection: Delta = NO_LOSS
    ranged_protection: Delta = NO_LOSS
    shift_allowance: int = 0
    wounded: Callable[[Delta], Combatant] | None = field(default=None, compare=False,
                                                         hash=False, repr=False)

    def after(self, lost: Delta) -> Combatant:
        """The fighter after losing ``lost`` CP (red values, card effects re-read)."""
        if not any(lost):
            return self
        if self.wounded is not None:
            return self.wounded(lost)
        left = tuple(c - n for c, n in zip(self.cp_left, lost, strict=True))
        return replace(self, cp_left=(left[0], left[1], left[2], left[3]))

    def incapacitated_by(self, lost: Delta) -> bool:
        return any(n and n >= c for n, c in zip(lost, self.cp_left, strict=True))


def delta_on(i: int, n: int) -> Delta:
    out = [0, 0, 0, 0]
    out[i] = n
    return (out[0], out[1], out[2], out[3])


def aim_options(target: Combatant, face: int, allowance: int) -> list[tuple[int, int]]:
    """(limb index, successes spent) for every limb reachable from ``face`` by spending at
    most ``allowance`` successes (the engine's ``limb_shift``: the nearest of its faces)."""
    out = []
    for i, faces in enumerate(target.limb_faces):
        cost = min((abs(f - face) for f in faces), default=99)
        if cost <= allowance:
            out.append((i, cost))
    return out


def _value(lost: Dist, cp_left: int) -> Value:
    return (lost.get(cp_left, ZERO), sum((n * p for n, p in lost.items()), ZERO))


def _pick(options: Sequence[tuple[int, int]], value: Callable[[int, int], Value],
          maximise: bool) -> tuple[int, int]:
    # the larger chance first, then the larger expectation (their negatives when
    # minimising), then the fewest successes spent, then the first limb
    if maximise:
        def key(option: tuple[int, int]) -> tuple[Fraction, Fraction, int, int]:
            p, e = value(*option)
            return (p, e, -option[1], -option[0])
    else:
        def key(option: tuple[int, int]) -> tuple[Fraction, Fraction, int, int]:
            p, e = value(*option)
            return (-p, -e, -option[1], -option[0])

    return max(options, key=key)


def choose(policy: AimPolicy, options: Sequence[tuple[int, int]], rolled: int,
           value: Callable[[int, int], Value], maximise: bool = True) -> tuple[int, int]:
    """The limb an :data:`AimPolicy` aims at, among ``options`` (the rolled limb costs 0)."""
    if len(options) < 2:  # the engine asks nothing: the rolled limb is kept
        return rolled, 0
    if policy == "none":
        return rolled, 0
    if policy == "best":
        return _pick(options, value, maximise)
    for i, cost in options:
        if LIMBS[i] == policy:
            return i, cost
    return rolled, 0


# -- Rulebook 6.A, melee: one strike (passive reaction steps 3-6, dodge steps 3-7) ----------
def wounds_lost(wounds: Dist, protection: int, cp_left: int) -> Dist:
    """Wounds less the limb's protection, never more than the CP it has left (1.5, 8.A)."""
    out: Dist = {}
    for w, p in wounds.items():
        n = min(max(0, w - protection), cp_left)
        out[n] = out.get(n, ZERO) + p
    return out


def _melee_wounds(remaining: int, dodge: Dist | None) -> Dist:
    if dodge is None:
        return {remaining: ONE}
    out: Dist = {}
    for d, p in dodge.items():
        w = max(0, remaining - d)
        out[w] = out.get(w, ZERO) + p
    return out


#: :meth:`MeleeStrike.outcome` by what it reads: the attacker's CBT; the target's VIG, SPD
#: (when he dodges: his SPD against the attacker's CBT), CP left, location faces, melee
#: protection and shift allowance; the aim policy.
_STRIKES: dict[tuple[Any, ...], dict[Delta, Fraction]] = {}


class MeleeStrike:
    """One strike of ``attacker`` on ``target`` reacting passively (or dodging)."""

    def __init__(self, attacker: Combatant, target: Combatant, *, dodge: bool = False,
                 aim: AimPolicy = "best") -> None:
        self.attacker, self.target, self.aim = attacker, target, aim
        # Dodge step 6: an SPD roll whose difficulty is the initiator's CBT.
        self.dodge = successes(target.spd, attacker.cbt) if dodge else None
        self._cache: dict[tuple[int, int], Dist] = {}
        # what the strike has worked out already (pure functions of their arguments)
        self._values: dict[tuple[int, int], Value] = {}
        self._aims: dict[tuple[int, int], tuple[int, int]] = {}

    def lost(self, limb: int, cost: int, hits: int) -> Dist:
        """CP lost by limb ``limb`` aimed at for ``cost`` successes out of ``hits``."""
        key = (limb, hits - cost)
        if key not in self._cache:
            t = self.target
            self._cache[key] = wounds_lost(_melee_wounds(hits - cost, self.dodge),
                                            t.protection[limb], t.cp_left[limb])
        return self._cache[key]

    def value(self, limb: int, cost: int, hits: int) -> Value:
        """:func:`_value` of :meth:`lost` (worked out once per limb and successes left)."""
        key = (limb, hits - cost)
        known = self._values.get(key)
        if known is None:
            known = self._values[key] = _value(self.lost(limb, cost, hits),
                                               self.target.cp_left[limb])
        return known

    def aim_at(self, hits: int, face: int) -> tuple[int, int]:
        """Step 5: the limb aimed at and the successes spent (always keeping one); worked
        out once per successes and face."""
        known = self._aims.get((hits, face))
        if known is not None:
            return known
        t = self.target

        def value(limb: int, cost: int) -> Value:
            return self.value(limb, cost, hits)

        options = aim_options(t, face, hits - 1)
        aimed = self._aims[(hits, face)] = choose(self.aim, options, t.location[face - 1],
                                                  value)
        return aimed

    def shift(self, hits: int, face: int) -> int:
        """The target's card shift (2.A): the face that minimises the attacker's value."""
        allowance = self.target.shift_allowance
        if allowance <= 0:
            return face

        def key(new: int) -> tuple[Fraction, Fraction, int, int]:
            limb, cost = self.aim_at(hits, new)
            p, e = self.value(limb, cost, hits)
            return (p, e, abs(new - face), new)

        faces = range(max(1, face - allowance), min(6, face + allowance) + 1)
        return min(faces, key=key)

    def outcome(self) -> dict[Delta, Fraction]:
        """The distribution of the CP the target loses (one limb at most): worked out once
        per the values it reads (:data:`_STRIKES`; searches ask it of many equal pairs)."""
        a, t = self.attacker, self.target
        key = (a.cbt, t.vig, t.spd if self.dodge is not None else None, t.cp_left, t.location,
               t.limb_faces, t.protection, t.shift_allowance, self.aim)
        known = _STRIKES.get(key)
        if known is None:
            if len(_STRIKES) >= 20_000:
                _STRIKES.clear()
            known = _STRIKES[key] = self._outcome()
        return dict(known)

    def _outcome(self) -> dict[Delta, Fraction]:
        out: dict[Delta, Fraction] = {}
        # Step 3: a CBT roll whose difficulty is the target's VIG.
        for hits, p in successes(self.attacker.cbt, self.target.vig).items():
            if hits == 0:
                out[NO_LOSS] = out.get(NO_LOSS, ZERO) + p
                continue
            for rolled in FACES:
                face = self.shift(hits, rolled)
                limb, cost = self.aim_at(hits, face)
                for n, q in self.lost(limb, cost, hits).items():
                    d = delta_on(limb, n)
                    out[d] = out.get(d, ZERO) + p * q * SIXTH
        return out


def melee(attacker: Combatant, target: Combatant, reaction: str = "passive", *,
          aim: AimPolicy = "best", target_aim: AimPolicy = "best", strike_back: bool = True
          ) -> dict[tuple[Delta, Delta], Fraction]:
    """Rulebook 6.A: the joint distribution of (CP lost by the target, by the attacker).

    In a response the loser of the opposition roll *may* strike back: ``strike_back`` says
    whether he does (when he is still on the field)."""
    if reaction in ("passive", "dodge"):
        strike = MeleeStrike(attacker, target, dodge=reaction == "dodge", aim=aim)
        return {(d, NO_LOSS): p for d, p in strike.outcome().items()}
    if reaction != "response":
        raise ValueError(f"a reaction is passive, dodge or response, got {reaction!r}")
    out: dict[tuple[Delta, Delta], Fraction] = {}
    p_attacker = opposition(attacker.cbt, target.cbt)
    for winner_is_attacker, p in ((True, p_attacker), (False, ONE - p_attacker)):
        if not p:
            continue
        winner, loser = (attacker, target) if winner_is_attacker else (target, attacker)
        first_aim, second_aim = (aim, target_aim) if winner_is_attacker else (target_aim, aim)
        first = MeleeStrike(winner, loser, aim=first_aim).outcome()
        for d1, q in first.items():
            if loser.incapacitated_by(d1) or not strike_back:
                second: dict[Delta, Fraction] = {NO_LOSS: ONE}
            else:
                second = MeleeStrike(loser.after(d1), winner, aim=second_aim).outcome()
            for d2, r in second.items():
                key = (d1, d2) if winner_is_attacker else (d2, d1)
                out[key] = out.get(key, ZERO) + p * q * r
    return out


# -- Rulebook 6.B, shooting, steps 2-7 -------------------------------------------------------
#: :meth:`ShootingStrike.outcome` by what it reads: the struck fighter's VIG, CP left, location
#: faces, ranged protection and shift allowance; the weapon's Str; the aim policy, whether the
#: shooter maximises; the successes rolled.
_SHOTS: dict[tuple[Any, ...], dict[Delta, Fraction]] = {}


class ShootingStrike:
    """Steps 3-7 once the successes are known: location, shift, Str + remaining, wounds."""

    def __init__(self, struck: Combatant, strength: int, *, aim: AimPolicy = "best",
                 maximise: bool = True) -> None:
        self.struck, self.strength, self.aim, self.maximise = struck, strength, aim, maximise
        self._cache: dict[tuple[int, int], Dist] = {}
        self._values: dict[tuple[int, int], Value] = {}  # value, once per argument
        self._aims: dict[tuple[int, int], tuple[int, int]] = {}  # aim_at, once per argument

    def lost(self, limb: int, remaining: int) -> Dist:
        key = (limb, remaining)
        if key not in self._cache:
            s = self.struck
            # Steps 5-7: Str(X) + the remaining successes against the target's VIG (2.A).
            self._cache[key] = wounds_lost(successes(self.strength + remaining, s.vig),
                                            s.ranged_protection[limb], s.cp_left[limb])
        return self._cache[key]

    def value(self, limb: int, remaining: int) -> Value:
        """:func:`_value` of :meth:`lost` (worked out once per limb and successes left)."""
        key = (limb, remaining)
        known = self._values.get(key)
        if known is None:
            known = self._values[key] = _value(self.lost(limb, remaining),
                                               self.struck.cp_left[limb])
        return known

    def aim_at(self, hits: int, face: int) -> tuple[int, int]:
        """Step 4: every success may be spent (docs/rulings.md, 6.B step 4)."""
        known = self._aims.get((hits, face))
        if known is not None:
            return known
        s = self.struck

        def value(limb: int, cost: int) -> Value:
            return self.value(limb, hits - cost)

        aimed = self._aims[(hits, face)] = choose(self.aim, aim_options(s, face, hits),
                                                  s.location[face - 1], value, self.maximise)
        return aimed

    def shift(self, hits: int, face: int) -> int:
        """The struck fighter's card shift (2.A): the face that leaves him the least harm,
        knowing the shooter's aim policy."""
        allowance = self.struck.shift_allowance
        if allowance <= 0:
            return face

        def key(new: int) -> tuple[Fraction, Fraction, int, int]:
            limb, cost = self.aim_at(hits, new)
            p, e = self.value(limb, hits - cost)
            return (p, e, abs(new - face), new)

        faces = range(max(1, face - allowance), min(6, face + allowance) + 1)
        return min(faces, key=key)

    def outcome(self, hits: int) -> dict[Delta, Fraction]:
        """The distribution of the CP the struck fighter loses once ``hits`` successes are
        rolled: worked out once per the values it reads (:data:`_SHOTS`: it reads nothing of
        the shooter, so shots of any skill at equal targets share it)."""
        s = self.struck
        key = (s.vig, s.cp_left, s.location, s.limb_faces, s.ranged_protection,
               s.shift_allowance, self.strength, self.aim, self.maximise, hits)
        known = _SHOTS.get(key)
        if known is None:
            if len(_SHOTS) >= 20_000:
                _SHOTS.clear()
            known = _SHOTS[key] = self._outcome(hits)
        return dict(known)

    def _outcome(self, hits: int) -> dict[Delta, Fraction]:
        out: dict[Delta, Fraction] = {}
        for rolled in FACES:
            face = self.shift(hits, rolled)
            limb, cost = self.aim_at(hits, face)
            for n, q in self.lost(limb, hits - cost).items():
                d = delta_on(limb, n)
                out[d] = out.get(d, ZERO) + q * SIXTH
        return out


def shooting(attacker: Combatant, target: Combatant, *, bonus: int = 0, obstacles: int = 0,
             strength: int = 0, redirect: Combatant | None = None, aim: AimPolicy = "best"
             ) -> dict[tuple[Delta, Delta], Fraction]:
    """Rulebook 6.B: joint distribution of (CP lost by the target, by ``redirect``).

    Step 2: CBT + the weapon's CBT ``bonus`` - 1 per obstacle, difficulty the target's SPD.
    ``redirect`` is the fighter an odd number of successes hits when the target is not free
    (the one in contact with him nearest the shooter); ``None`` when the target is free.
    """
    out: dict[tuple[Delta, Delta], Fraction] = {}
    on_target = ShootingStrike(target, strength, aim=aim)
    on_other = (ShootingStrike(redirect, strength, aim=aim,
                               maximise=redirect.side != attacker.side)
                if redirect is not None else None)
    for hits, p in successes(attacker.cbt + bonus - obstacles, target.spd).items():
        if hits == 0:
            out[(NO_LOSS, NO_LOSS)] = out.get((NO_LOSS, NO_LOSS), ZERO) + p
            continue
        if hits % 2 == 1 and on_other is not None:
            for d, q in on_other.outcome(hits).items():
                out[(NO_LOSS, d)] = out.get((NO_LOSS, d), ZERO) + p * q
        else:
            for d, q in on_target.outcome(hits).items():
                out[(d, NO_LOSS)] = out.get((d, NO_LOSS), ZERO) + p * q
    return out


def p_shot_hits(attacker: Combatant, target: Combatant, *, bonus: int = 0, obstacles: int = 0,
                redirect: Combatant | None = None) -> tuple[Fraction, Fraction]:
    """P(the shot has at least one success and hits the target), P(... hits ``redirect``)."""
    hit = other = ZERO
    for hits, p in successes(attacker.cbt + bonus - obstacles, target.spd).items():
        if hits == 0:
            continue
        if hits % 2 == 1 and redirect is not None:
            other += p
        else:
            hit += p
    return hit, other


# -- Rulebook 8.C Explosive(X), 6.B blast --------------------------------------------
def every_limb(fighter: Combatant) -> Delta:
    """One wound to each limb in card order, ignoring protections, stopping once the fighter
    is incapacitated (Rulebook 6.B blast, 8.C Explosive; docs/rulings.md)."""
    out = [0, 0, 0, 0]
    for i, left in enumerate(fighter.cp_left):
        out[i] = 1
        if left <= 1:
            break
    return (out[0], out[1], out[2], out[3])


def _product(parts: Iterable[dict[Delta, Fraction]]) -> dict[tuple[Delta, ...], Fraction]:
    joint: dict[tuple[Delta, ...], Fraction] = {(): ONE}
    for part in parts:
        joint = {(*key, d): p * q for key, p in joint.items() for d, q in part.items()}
    return joint


def explosion(power: int, covered: Sequence[Combatant]) -> dict[tuple[Delta, ...], Fraction]:
    """Rulebook 8.C, Explosive(X): for each fighter covered, X D6 against his VIG; at least one
    success is one wound to every limb, ignoring protections. Independent rolls."""
    parts = []
    for fighter in covered:
        hit = ONE - successes(power, fighter.vig).get(0, ZERO)
        parts.append({every_limb(fighter): hit, NO_LOSS: ONE - hit} if hit != 1
                     else {every_limb(fighter): ONE})
    return _product(p for p in parts)


def blast(covered: Sequence[Combatant]) -> dict[tuple[Delta, ...], Fraction]:
    """Rulebook 6.B, blast: every fighter covered takes one wound to each limb, ignoring
    protections; no dice."""
    return _product({every_limb(f): ONE} for f in covered)
