"""Exact odds of a melee and of an opportunity attack (docs/masseffect.md, ME24, ME25,
ME27-ME29), without the turn engine.

A normal melee (ME27): both figures roll D6 ≥ their Mêlée, with no modifier. If exactly one
succeeds, it hits. If both succeed, the better (lower) Mêlée hits, and with equal Mêlée nobody
does. A figure without a melee weapon fights bare handed (ME28): its Mêlée counts one worse
(at most 6+) for the roll and for the comparison, and it deals 1 wound. A hit always becomes
damage: no Défense, no Bouclier, no Barrière (ME24); the armour soaks first unless the weapon
is ``Perforant`` (ME25). An opportunity attack (ME29) is one D6 ≥ Mêlée, and a hit as above;
the target does not strike back.

A figure with several melee weapons fights with the one its player chose for the phase
(ME42: :func:`melee_weapon`, named by ``weapon``); unnamed, with :func:`best_melee_weapon`
(the turn engine's choice under ``me-melee-weapon=best``, and what the heuristic bot takes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.cards.weapons import Weapon, WeaponKind
from skirmish.games.masseffect.dice import Amount, check_threshold, success_chance
from skirmish.games.masseffect.odds.shooting import (
    ONE,
    Blow,
    ShotOdds,
    TargetState,
    strike,
    target_state,
)
from skirmish.games.masseffect.rules import UNARMED_PENALTY

#: ME28: what a bare-handed figure deals.
BARE_HANDS = Amount(1)


def best_melee_weapon(weapons: Iterable[Weapon]) -> Weapon | None:
    """ME28: the melee weapon a figure fights with: the highest mean damage, ``Perforant``
    breaking a tie, then the first in the order given; None if it has none (bare hands)."""
    best: tuple[Fraction, bool, Weapon] | None = None
    for weapon in weapons:
        if weapon.kind is WeaponKind.MELEE and weapon.damage is not None:
            key = (weapon.damage.mean, weapon.has("Perforant"))
            if best is None or key > best[:2]:
                best = (*key, weapon)
    return best[2] if best else None


def melee_weapon(weapons: Iterable[Weapon], name: str | None = None) -> Weapon | None:
    """ME42: the melee weapon named ``name`` among ``weapons`` (a notation token, dashes for
    spaces, is accepted too); ``None`` names :func:`best_melee_weapon`. ValueError, naming the
    choices, when ``weapons`` hold no melee weapon of that name."""
    weapons = tuple(weapons)
    if name is None:
        return best_melee_weapon(weapons)
    melee = [w for w in weapons if w.kind is WeaponKind.MELEE]
    for w in melee:
        if name in (w.name, w.name.replace(" ", "-")):
            return w
    choices = ", ".join(w.name for w in melee) or "none: bare hands"
    raise ValueError(f"{name!r} is not one of its melee weapons ({choices}) (ME42)")


def bare_handed(melee: int) -> int:
    """ME28: a Mêlée one worse, at most 6+."""
    return min(6, melee + UNARMED_PENALTY)


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeSide:
    """One figure in a melee: its Mêlée as it stands this turn (after any ``modify``, before
    the bare-hands penalty), its melee weapon's ``damage`` (None: bare hands) and whether it is
    ``perforant``, and what it has left: ``armour`` points and ``vitality``."""

    melee: int
    damage: Amount | None = None
    perforant: bool = False
    armour: int = 0
    vitality: int = 1
    #: The house rule ``me-bare-hands=one-worse`` (the engine's reading before issue 47):
    #: bare hands count one worse; by the draft (the default) they do not.
    bare_penalty: bool = False
    #: The house rule ``me-melee-damage=one``: a melee hit deals 1 wound, whatever the weapon.
    one_wound: bool = False
    #: The house rule ``me-armour=per-hit``: its armour stops up to X wounds of each hit.
    armour_per_hit: bool = False

    def __post_init__(self) -> None:
        check_threshold(self.melee)
        if self.damage is None and self.perforant:
            raise ValueError("bare hands are not perforant (ME28)")
        if self.state.out_of_action:
            raise ValueError("a figure out of action does not fight (Vitalité left is 0)")

    @property
    def threshold(self) -> int:
        """The Mêlée rolled and compared (ME28: bare hands one worse under
        ``bare_penalty``)."""
        if self.damage is None and self.bare_penalty:
            return bare_handed(self.melee)
        return self.melee

    @property
    def blow(self) -> Amount:
        return self.damage if self.damage is not None and not self.one_wound else BARE_HANDS

    @property
    def state(self) -> TargetState:
        return TargetState(self.vitality, self.armour, armour_lasts=self.armour_per_hit)

    @classmethod
    def from_card(cls, profile: Profile, weapons: Iterable[Weapon], *, melee: int | None = None,
                  armour_left: int | None = None, vitality_left: int | None = None,
                  bare_penalty: bool = False, weapon: str | None = None,
                  one_wound: bool = False, armour_per_hit: bool = False) -> MeleeSide:
        """``profile`` fighting with the melee weapon named ``weapon`` among ``weapons`` (its
        equipment's cards; ME42: the one its player chose), by default with
        :func:`best_melee_weapon`; ``melee``: its Mêlée if changed this turn (default: the
        card's)."""
        chosen = melee_weapon(weapons, weapon)
        state = target_state(profile, armour_left=armour_left, vitality_left=vitality_left)
        return cls(melee=profile.melee if melee is None else melee,
                   damage=chosen.damage if chosen else None,
                   perforant=bool(chosen and chosen.has("Perforant")),
                   armour=state.armour, vitality=state.vitality, bare_penalty=bare_penalty,
                   one_wound=one_wound, armour_per_hit=armour_per_hit)


def _blow(chance: Fraction, attacker: MeleeSide, start: TargetState) -> ShotOdds:
    """A blow that lands with ``chance`` and always damages (no protection, ME24)."""
    joint = strike({(start, 0): ONE},
                   Blow(chance, attacker.blow.probabilities(), attacker.perforant))
    return ShotOdds(start, joint)


@dataclass(frozen=True, slots=True)
class MeleeOdds:
    """A normal melee between ``a`` and ``b``: who hits, and what each suffers (``to_a``: what
    b's blow does to a, counting the chance that b hits at all)."""

    a_hits: Fraction
    b_hits: Fraction
    nobody: Fraction
    to_a: ShotOdds
    to_b: ShotOdds

    @property
    def wounds_to_a(self) -> dict[int, Fraction]:
        return self.to_a.wounds

    @property
    def wounds_to_b(self) -> dict[int, Fraction]:
        return self.to_b.wounds

    @property
    def a_out_of_action(self) -> Fraction:
        return self.to_a.out_of_action

    @property
    def b_out_of_action(self) -> Fraction:
        return self.to_b.out_of_action


def melee_odds(a: MeleeSide, b: MeleeSide) -> MeleeOdds:
    """ME27, ME28: the exact odds of a normal melee between ``a`` and ``b``."""
    pa, pb = success_chance(a.threshold), success_chance(b.threshold)
    both = pa * pb
    a_hits = pa * (1 - pb) + (both if a.threshold < b.threshold else 0)
    b_hits = pb * (1 - pa) + (both if b.threshold < a.threshold else 0)
    return MeleeOdds(a_hits, b_hits, 1 - a_hits - b_hits, _blow(b_hits, b, a.state),
                     _blow(a_hits, a, b.state))


def opportunity_odds(threshold: int, damage: Amount | None, perforant: bool = False,
                     armour: int = 0, vitality: int = 1, *,
                     bare_penalty: bool = False, one_wound: bool = False,
                     armour_per_hit: bool = False) -> ShotOdds:
    """ME29: an opportunity attack by a figure of Mêlée ``threshold`` with a melee weapon
    dealing ``damage`` (None: bare hands, ME28; one worse under ``bare_penalty``) at a target
    with ``armour`` and ``vitality`` left: one D6 ≥ Mêlée, no protection, no blow back."""
    attacker = MeleeSide(melee=threshold, damage=damage, perforant=perforant,
                         bare_penalty=bare_penalty, one_wound=one_wound)
    start = TargetState(vitality, armour, armour_lasts=armour_per_hit)
    if start.out_of_action:
        raise ValueError("a figure out of action is not attacked (Vitalité left is 0)")
    return _blow(success_chance(attacker.threshold), attacker, start)


def melee_from_cards(profile_a: Profile, weapons_a: Iterable[Weapon], profile_b: Profile,
                     weapons_b: Iterable[Weapon], *, a_armour_left: int | None = None,
                     a_vitality_left: int | None = None, b_armour_left: int | None = None,
                     b_vitality_left: int | None = None,
                     bare_penalty: bool = False, weapon_a: str | None = None,
                     weapon_b: str | None = None, one_wound: bool = False,
                     armour_per_hit: bool = False) -> MeleeOdds:
    """A normal melee between two cards, each with the melee weapon named (``weapon_a``,
    ``weapon_b``; ME42) among its ``weapons`` (the cards of its equipment), by default
    :func:`best_melee_weapon`; ``bare_penalty``: the house rule
    ``me-bare-hands=one-worse``."""
    return melee_odds(
        MeleeSide.from_card(profile_a, weapons_a, armour_left=a_armour_left,
                            vitality_left=a_vitality_left, bare_penalty=bare_penalty,
                            weapon=weapon_a, one_wound=one_wound,
                            armour_per_hit=armour_per_hit),
        MeleeSide.from_card(profile_b, weapons_b, armour_left=b_armour_left,
                            vitality_left=b_vitality_left, bare_penalty=bare_penalty,
                            weapon=weapon_b, one_wound=one_wound,
                            armour_per_hit=armour_per_hit))
