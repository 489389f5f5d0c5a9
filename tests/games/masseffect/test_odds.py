"""Exact odds of ME:A shots, powers and melee (docs/masseffect.md, ME4, ME12, ME19,
ME22-ME29, ME32-ME34): hand-computed cases, then a cross-check against an independent
simulator written here."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction as F

import pytest

from skirmish.games.masseffect.cards.library import load_library
from skirmish.games.masseffect.cards.powers import Power, PowerKind, Target
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.cards.specs import Spec
from skirmish.games.masseffect.cards.weapons import Weapon
from skirmish.games.masseffect.dice import Amount
from skirmish.games.masseffect.odds import (
    MeleeSide,
    ShotSituation,
    TargetState,
    best_melee_weapon,
    melee_from_cards,
    melee_odds,
    opportunity_odds,
    power_odds,
    shot_odds,
)

LIB = load_library()
D1, D2, D3 = Amount(1), Amount(0, 2), Amount(0, 3)


def card(name: str, traits: str = "-", *, shoot: int = 4, vitality: int = 2) -> Profile:
    return Profile.parse(f"{name} (3 points) :\nTir : {shoot}+\nDéfense : 4+\nMêlée : 4+\n"
                         f"Qualité : 3+\nVitalité : {vitality}\nHéroïsme : -\n"
                         f"Traits : {traits}\nÉquipement : -")


# -- shooting --------------------------------------------------------------------------------
def test_two_shots_at_4_plus_in_the_open() -> None:
    """ME4, ME16: each shot hits on 4+ (1/2); two shots at Vitalité 2."""
    odds = shot_odds(ShotSituation(threshold=4, shots=2, vitality=2))
    assert odds.wounds == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
    assert odds.hits == odds.wounds
    assert odds.out_of_action == F(1, 4)
    assert odds.any_hit == F(3, 4) and odds.expected_wounds == 1
    assert odds.end == {TargetState(2): F(1, 4), TargetState(1): F(1, 2),
                        TargetState(0): F(1, 4)}


def test_out_of_action_loses_the_remaining_shots() -> None:
    """ME16, ME25: once the target is out of action the weapon's other shots are lost."""
    odds = shot_odds(ShotSituation(threshold=4, shots=2, vitality=1))
    assert odds.hits == {0: F(1, 4), 1: F(3, 4)}
    assert odds.out_of_action == F(3, 4)
    four = shot_odds(ShotSituation(threshold=None, shots=4, vitality=1))
    assert four.hits == {1: F(1)}


def test_a_natural_one_fails_and_a_natural_six_succeeds_whatever_the_modifiers() -> None:
    """ME4 with big modifiers, under me-natural-rolls=naturals: 2+ at +5 still misses on a
    1, 6+ at -5 still hits on a 6; by the total (the draft, the default): 1 and 0."""
    assert shot_odds(ShotSituation(threshold=2, modifier=5, naturals=True)).any_hit == F(5, 6)
    assert shot_odds(ShotSituation(threshold=6, modifier=-5, naturals=True)).any_hit == F(1, 6)
    assert shot_odds(ShotSituation(threshold=2, modifier=5)).any_hit == 1
    assert shot_odds(ShotSituation(threshold=6, modifier=-5)).any_hit == 0
    assert shot_odds(ShotSituation(threshold=4, modifier=1)).any_hit == F(2, 3)
    assert shot_odds(ShotSituation(threshold=4, modifier=-1)).any_hit == F(1, 3)


def test_cover_gives_a_defence_roll_with_no_modifier() -> None:
    """ME23: in cover, D6 ≥ Défense cancels the hit; the shot's +1 does not help it."""
    base = ShotSituation(threshold=4, modifier=1, defence=5)
    assert shot_odds(base).any_hit == F(2, 3)
    # 2/3 hit, then Défense 5+ (1/3) cancels: 2/3 * 2/3; with the +1 on Défense it'd be 1/3
    assert shot_odds(replace(base, in_cover=True)).any_hit == F(4, 9)


def test_a_bouclier_use_is_spent_saved_or_not_and_runs_out_within_two_shots() -> None:
    """ME24: Bouclier (4+, 1): the first hit spends the only use whatever the roll; the
    second hit meets no shield."""
    one = shot_odds(ShotSituation(threshold=None, shots=2, shield=(4, 1), vitality=2))
    assert one.wounds == {1: F(1, 2), 2: F(1, 2)}
    assert one.shield_left == {0: F(1)}
    two = shot_odds(ShotSituation(threshold=None, shots=2, shield=(4, 2), vitality=2))
    assert two.wounds == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
    # a use is spent only by a hit that got through the shooting roll (and Défense)
    missing = shot_odds(ShotSituation(threshold=4, shots=2, shield=(4, 1), vitality=2))
    assert missing.shield_left == {0: F(3, 4), 1: F(1, 4)}
    dodging = shot_odds(ShotSituation(threshold=None, in_cover=True, defence=4,
                                      shield=(4, 1), vitality=2))
    assert dodging.shield_left == {0: F(1, 2), 1: F(1, 2)}
    none_left = shot_odds(ShotSituation(threshold=None, shield=(2, 0), vitality=2))
    assert none_left.wounds == {1: F(1)}


def test_barriere_rolls_when_the_bouclier_fails() -> None:
    """ME24: Bouclier first; if it fails, Barrière; each spends its own use."""
    odds = shot_odds(ShotSituation(threshold=None, shield=(4, 1), barrier=(4, 1),
                                   vitality=2))
    assert odds.wounds == {0: F(3, 4), 1: F(1, 4)}
    assert odds.shield_left == {0: F(1)}
    assert odds.barrier_left == {0: F(1, 2), 1: F(1, 2)}


def test_incendiary_ignores_bouclier_but_not_barriere() -> None:
    """ME24: incendiary hits are not saved by Bouclier (no roll, no use spent); Barrière
    still saves."""
    both = ShotSituation(threshold=None, shield=(2, 1), barrier=(4, 1), vitality=2)
    assert shot_odds(both).wounds[1] == F(1, 6) * F(1, 2)
    fire = shot_odds(replace(both, ignores=frozenset({"Bouclier"})))
    assert fire.wounds == {0: F(1, 2), 1: F(1, 2)}
    assert fire.shield_left == {1: F(1)} and fire.barrier_left == {0: F(1)}
    veteran, rifle = LIB.profile("Mercenaire vétéran"), LIB.weapon("Fusil mitrailleur")
    sentinel = LIB.profile("Sentinelle de l'Alliance")  # Bouclier (6+, 1), Barrière (6+, 1)
    shot = ShotSituation.from_cards(veteran, rifle, sentinel)
    assert shot.ignores == {"Bouclier"} and shot.shield == (6, 1) and shot.barrier == (6, 1)
    flamer = ShotSituation.from_cards(LIB.profile("Pyro geth"), LIB.weapon("Lance-flammes"),
                                      sentinel)
    assert flamer.ignores == {"Bouclier"}
    plain = ShotSituation.from_cards(LIB.profile("Soldat de l'Alliance"), rifle, sentinel)
    assert plain.ignores == frozenset()
    assert shot_odds(shot).expected_wounds > shot_odds(plain).expected_wounds


def test_armour_soaks_first_then_vitality() -> None:
    """ME25: Armure (X) is a pool taken before Vitalité, up to what is left."""
    two = shot_odds(ShotSituation(threshold=None, shots=2, armour=1, vitality=1))
    assert two.out_of_action == 1 and two.hits == {2: F(1)} and two.armour_left == {0: F(1)}
    d3 = shot_odds(ShotSituation(threshold=None, damage=D3, armour=2, vitality=2))
    # D3: 1 -> armour 1 left; 2 -> armour 0; 3 -> armour 0 and 1 wound
    assert d3.wounds == {0: F(2, 3), 1: F(1, 3)}
    assert d3.armour_left == {0: F(2, 3), 1: F(1, 3)}
    assert d3.hits == {1: F(1)}


def test_perforant_wounds_skip_the_armour() -> None:
    """ME25, ME32: Perforant (or Armure in a power's ignores) sends wounds to Vitalité."""
    d3 = ShotSituation(threshold=None, damage=D3, perforant=True, armour=2, vitality=2)
    odds = shot_odds(d3)
    assert odds.wounds == {1: F(1, 3), 2: F(2, 3)} and odds.armour_left == {2: F(1)}
    armour = replace(d3, perforant=False, ignores=frozenset({"Armure"}))
    assert shot_odds(armour).joint == odds.joint
    gun = Weapon.parse("Fusil perforant (Tir) : Portée (10), Dégâts (1), Perforant")
    guard = LIB.profile("Garde de Cerberus")  # Armure (2)
    assert ShotSituation.from_cards(card("Tireur"), gun, guard).perforant


def test_d2_and_d3_damage_roll_for_each_hit() -> None:
    """ME3, ME25: each unsaved hit rolls its own amount; wounds stop at Vitalité 0."""
    assert shot_odds(ShotSituation(threshold=None, damage=D2, vitality=2)).wounds == {
        1: F(1, 2), 2: F(1, 2)}
    assert shot_odds(ShotSituation(threshold=None, damage=D3, vitality=3)).wounds == {
        1: F(1, 3), 2: F(1, 3), 3: F(1, 3)}
    twice = shot_odds(ShotSituation(threshold=None, shots=2, damage=D2, vitality=3))
    assert twice.wounds == {2: F(1, 4), 3: F(3, 4)} and twice.out_of_action == F(3, 4)


def test_chained_shooters_share_the_uses_of_the_phase() -> None:
    """ME24: uses are per phase: a second shooter meets the shield the first one left."""
    one = ShotSituation(threshold=4, shield=(5, 1), armour=1, vitality=2)
    first = shot_odds(one)
    second = shot_odds(replace(one, threshold=3, shield=(5, 1)), before=first)
    both = (shot_odds(replace(one, shots=2)), shot_odds(one, before=first))
    assert both[0].joint == both[1].joint
    assert second.start == one.target
    assert second.shield_left[1] == F(1, 2) * F(1, 3)  # both missed
    assert sum(second.wounds.values()) == 1


def test_from_cards_modifiers_heavy_weapons_and_states() -> None:
    """ME12, ME22, ME26, ME32, ME34: the flags' modifiers, Lourd, lifted targets, and the
    target's state checked against its card."""
    veteran, rifle = LIB.profile("Mercenaire vétéran"), LIB.weapon("Fusil mitrailleur")
    soldier = LIB.profile("Soldat de l'Alliance")
    shot = ShotSituation.from_cards(veteran, rifle, soldier, stayed=True, obstacle=True,
                                    counter_charge=True, cover=True)
    assert (shot.threshold, shot.modifier, shot.shots, shot.in_cover, shot.defence) == (
        4, -1, 2, True, 4)
    assert shot.target == TargetState(2, 0, 1, 0)
    assert not ShotSituation.from_cards(veteran, rifle, soldier, cover=True,
                                        lifted=True).in_cover
    sniper = LIB.weapon("Fusil de précision")
    with pytest.raises(ValueError, match="Lourd"):
        ShotSituation.from_cards(veteran, sniper, soldier)
    assert ShotSituation.from_cards(veteran, sniper, soldier, stayed=True).damage == D3
    with pytest.raises(ValueError, match="not a ranged weapon"):
        ShotSituation.from_cards(veteran, LIB.weapon("Arme de mêlée"), soldier)
    hurt = ShotSituation.from_cards(veteran, rifle, soldier, shield_uses_left=0,
                                    vitality_left=1)
    assert hurt.target == TargetState(1, 0, 0, 0)
    for kwargs, message in [({"vitality_left": 3}, "Vitalité left"),
                            ({"vitality_left": 0}, "Vitalité left"),
                            ({"shield_uses_left": 2}, "Bouclier uses left"),
                            ({"barrier_uses_left": 1}, "no Barrière uses"),
                            ({"armour_left": 1}, "no Armure")]:
        with pytest.raises(ValueError, match=message):
            ShotSituation.from_cards(veteran, rifle, soldier, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"threshold": 7}, "threshold"), ({"threshold": 4, "shots": 5}, "shots"),
    ({"threshold": 4, "ignores": frozenset({"Casque"})}, "not a protection"),
    ({"threshold": 4, "vitality": 0}, "Vitalité"), ({"threshold": 4, "shield": (4, 7)}, "uses"),
    ({"threshold": 4, "modifier": True}, "modifier"),
])
def test_a_situation_is_checked(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ShotSituation(**kwargs)  # type: ignore[arg-type]


# -- powers ----------------------------------------------------------------------------------
def test_power_odds_from_the_sample_cards() -> None:
    """ME19, ME33: one roll on Tir (+1 stayed, -1 obstacle), Défense in cover, the
    protections the power strips or ignores do not roll, then the damage."""
    engineer = LIB.profile("Ingénieur de l'Alliance")  # Tir 5+
    soldier = LIB.profile("Soldat de l'Alliance")  # Défense 4+, Bouclier (5+, 1), Vitalité 2
    overload = LIB.power("Surcharge")
    odds = power_odds(overload, engineer, soldier, cover=True)
    assert odds.wounds == {0: F(5, 6), 1: F(1, 6)}  # 1/3 roll, 1/2 Défense, no Bouclier
    assert odds.shield_left == {1: F(1)}
    assert power_odds(overload, engineer, soldier, stayed=True).any_hit == F(1, 2)
    assert power_odds(overload, engineer, soldier, obstacle=True).any_hit == F(1, 6)
    warp = ShotSituation.from_power(LIB.power("Distorsion"), LIB.profile("Adepte"),
                                    LIB.profile("Sentinelle"))
    assert warp.ignores == {"Barrière"} and warp.damage == D2 and warp.shots == 1
    assert warp.shield == (6, 1) and warp.threshold == 5
    for name in ("Projection", "Unité de soins", "Rage sanguinaire"):
        with pytest.raises(ValueError):
            ShotSituation.from_power(LIB.power(name), engineer, soldier)


def test_incendiary_ammunition_does_not_reach_powers() -> None:
    """ME24 (ruling): «munitions incendiaires» are ammunition: a power's hit still meets the
    Bouclier unless the power itself strips or ignores it."""
    fiery = card("Pyromane", "Munitions incendiaires, Projection (biotique)")
    blast = Power("Onde", PowerKind.BIOTIC, Target.ENEMY, 8, "Tir",
                  (Spec("damage", (("amount", "1"),)),))
    situation = ShotSituation.from_power(blast, fiery, LIB.profile("Soldat de l'Alliance"))
    assert situation.ignores == frozenset() and situation.shield == (5, 1)


def test_power_rolls_auto_fixed_and_point_powers() -> None:
    """ME19: ``auto`` needs no roll (no modifier either); a fixed X+ takes the +1; a point
    power gets no Défense roll and no obstacle penalty; Armure in ``ignores`` pierces."""
    target = card("Cible", "Armure (2)")
    damage = Spec("damage", (("amount", "D2"), ("ignores", ("Armure",))))
    auto = Power("Frappe", PowerKind.OTHER, Target.ENEMY, 8, "auto", (damage,))
    situation = ShotSituation.from_power(auto, card("Lanceur"), target, stayed=True,
                                         cover=True)
    assert (situation.threshold, situation.modifier, situation.pierces) == (None, 0, True)
    assert power_odds(auto, card("Lanceur"), target).wounds == {1: F(1, 2), 2: F(1, 2)}
    fixed = replace(auto, roll="3+")
    assert ShotSituation.from_power(fixed, card("Lanceur"), target, stayed=True).modifier == 1
    point = Power("Nova", PowerKind.BIOTIC, Target.POINT, 8, "Qualité", (damage,), area=1)
    at_point = ShotSituation.from_power(point, card("Lanceur"), target, obstacle=True,
                                        cover=True)
    assert (at_point.threshold, at_point.modifier, at_point.in_cover) == (3, 0, False)
    blind = replace(auto, ignores_cover=True)
    assert not ShotSituation.from_power(blind, card("Lanceur"), target, cover=True).in_cover


# -- melee -----------------------------------------------------------------------------------
def side(melee: int, damage: Amount | None = D1, **kwargs: object) -> MeleeSide:
    return MeleeSide(melee=melee, damage=damage, **kwargs)  # type: ignore[arg-type]


def test_melee_one_success_hits_and_the_better_melee_wins_when_both_succeed() -> None:
    """ME27: 3+ against 4+: a hits when it succeeds (2/3); b only when a fails."""
    odds = melee_odds(side(3, vitality=2), side(4, vitality=2))
    assert (odds.a_hits, odds.b_hits, odds.nobody) == (F(2, 3), F(1, 6), F(1, 6))
    assert odds.wounds_to_b == {0: F(1, 3), 1: F(2, 3)}
    assert odds.wounds_to_a == {0: F(5, 6), 1: F(1, 6)}


def test_melee_with_equal_melee_both_succeeding_nobody_hits() -> None:
    """ME27: «Sinon aucun n'inflige de touche»."""
    odds = melee_odds(side(4), side(4))
    assert (odds.a_hits, odds.b_hits, odds.nobody) == (F(1, 4), F(1, 4), F(1, 2))
    assert odds.a_out_of_action == odds.b_out_of_action == F(1, 4)


def test_bare_hands_are_one_worse_for_the_roll_and_the_comparison_and_deal_one() -> None:
    """ME28 under me-bare-hands=one-worse (the engine's reading before issue 47): 4+ bare
    handed fights as 5+: against an armed 5+ both succeeding is a tie; against an armed 4+
    the armed figure is better; 6+ stays 6+. By the draft (the default) 4+ stays 4+."""
    tie = melee_odds(side(4, None, bare_penalty=True), side(5))
    assert (tie.a_hits, tie.b_hits, tie.nobody) == (F(2, 9), F(2, 9), F(5, 9))
    worse = melee_odds(side(4, None, bare_penalty=True), side(4))
    assert (worse.a_hits, worse.b_hits, worse.nobody) == (F(1, 6), F(1, 2), F(1, 3))
    assert side(6, None, bare_penalty=True).threshold == 6
    assert side(4, None).threshold == 4  # the draft: no penalty
    even = melee_odds(side(4, None), side(4))
    assert even.a_hits == even.b_hits
    fists = melee_odds(side(2, None), side(6, D3, vitality=3))
    assert fists.wounds_to_b == {0: 1 - fists.a_hits, 1: fists.a_hits}
    with pytest.raises(ValueError, match="bare hands"):
        side(4, None, perforant=True)


def test_melee_damage_meets_armour_but_no_protection() -> None:
    """ME24, ME25, ME27: no Bouclier or Barrière in melee; armour first unless Perforant."""
    krogan, blade = side(2, D2, armour=2, vitality=1), side(2, D2, perforant=True)
    assert melee_odds(side(6), krogan).b_out_of_action == 0
    pierced = melee_odds(blade, replace(krogan, melee=6))
    assert pierced.b_out_of_action == pierced.a_hits == F(5, 6) * F(5, 6) + F(5, 6) * F(1, 6)


def test_opportunity_attack() -> None:
    """ME29: one D6 ≥ Mêlée, a hit damages (armour first), no blow back."""
    assert opportunity_odds(4, D2).out_of_action == F(1, 2)
    assert opportunity_odds(4, D2, vitality=2).wounds == {0: F(1, 2), 1: F(1, 4),
                                                          2: F(1, 4)}
    assert opportunity_odds(5, None, bare_penalty=True).any_hit == F(1, 6)  # one worse: 6+
    assert opportunity_odds(5, None).any_hit == F(1, 3)  # the draft: 5+
    assert opportunity_odds(3, D2, armour=2, vitality=1).out_of_action == 0
    assert opportunity_odds(3, D2, True, armour=2, vitality=1).out_of_action == F(2, 3)


def test_best_melee_weapon() -> None:
    """ME28 (ruling): the highest mean damage, Perforant breaking a tie; None: bare hands."""
    w = LIB.weapon
    club, omni, mono, fist = (w("Arme de mêlée"), w("Omni-lame"), w("Lame monofilament"),
                              w("Poing hydraulique"))
    assert best_melee_weapon([club, omni]) is omni
    assert best_melee_weapon([mono, omni]) is mono and best_melee_weapon([omni, mono]) is mono
    assert best_melee_weapon([mono, fist, club]) is fist
    assert best_melee_weapon([w("Fusil mitrailleur"), w("Médigel"), club]) is club
    assert best_melee_weapon([w("Fusil mitrailleur")]) is None


def test_melee_from_cards() -> None:
    """The krogan (Mêlée 3+, Armure 2) against the draft's veteran (Mêlée 5+)."""
    krogan, veteran = LIB.profile("Guerrier krogan"), LIB.profile("Mercenaire vétéran")
    arms = [LIB.weapons[i] for i in ("Arme de mêlée", "Fusil à pompe")]
    odds = melee_from_cards(krogan, arms, veteran, [LIB.weapon("Fusil mitrailleur")],
                            bare_penalty=True)
    # the veteran is bare handed here: 6+ under me-bare-hands=one-worse
    assert (odds.a_hits, odds.b_hits) == (F(2, 3) * F(5, 6) + F(2, 3) * F(1, 6),
                                          F(1, 6) * F(1, 3))
    assert odds.wounds_to_b == {0: F(1, 3), 1: F(2, 3)} and odds.b_out_of_action == 0
    assert odds.wounds_to_a == {0: F(1)}  # 1 wound into Armure (2)
    hurt = melee_from_cards(krogan, arms, veteran, [], a_armour_left=0, a_vitality_left=1,
                            bare_penalty=True)
    assert hurt.a_out_of_action == F(1, 18)


# -- cross-check: an independent simulator ---------------------------------------------------
def passes(rng: random.Random, threshold: int, modifier: int = 0) -> bool:
    face = rng.randint(1, 6)
    return face != 1 and (face == 6 or face + modifier >= threshold)


def simulate(rng: random.Random, s: ShotSituation, *, shield_before_cover: bool = False
             ) -> tuple[int, int]:
    """(Vitalité lost, hits) of one shooting action played die by die."""
    vitality, armour = s.vitality, s.armour
    shield = list(s.shield) if s.shield and "Bouclier" not in s.ignores else None
    barrier = list(s.barrier) if s.barrier and "Barrière" not in s.ignores else None
    hits = 0
    for _ in range(s.shots):
        if vitality == 0:
            break
        if s.threshold is not None and not passes(rng, s.threshold, s.modifier):
            continue
        steps = ["cover", "protect"]
        saved = False
        for step in reversed(steps) if shield_before_cover else steps:
            if step == "cover" and s.in_cover and passes(rng, s.defence):
                saved = True
                break
            if step == "protect":
                for protection in (shield, barrier):
                    if protection and protection[1] > 0:
                        protection[1] -= 1
                        if passes(rng, protection[0]):
                            saved = True
                            break
                if saved:
                    break
        if saved:
            continue
        hits += 1
        face = rng.randint(1, 6)
        wounds = -(-face * s.damage.sides // 6) if s.damage.sides else s.damage.value
        if not s.pierces:
            soaked = min(armour, wounds)
            armour, wounds = armour - soaked, wounds - soaked
        vitality = max(0, vitality - wounds)
    return s.vitality - vitality, hits


TRIALS = 4000
#: 4000 trials: a frequency's standard error is at most 0.008; 0.045 is over 5 of them.
TOLERANCE = 0.045


def frequencies(s: ShotSituation, seed: int, **kwargs: bool) -> dict[int, float]:
    rng = random.Random(seed)
    counts: dict[int, int] = {}
    for _ in range(TRIALS):
        lost, _ = simulate(rng, s, **kwargs)
        counts[lost] = counts.get(lost, 0) + 1
    return {k: v / TRIALS for k, v in counts.items()}


def gap(exact: dict[int, F], seen: dict[int, float]) -> float:
    return max(abs(float(exact.get(k, 0)) - seen.get(k, 0.0)) for k in {*exact, *seen})


def random_situations(count: int) -> list[ShotSituation]:
    rng = random.Random(2024)
    out = []
    for _ in range(count):
        out.append(ShotSituation(
            threshold=rng.choice([None, 2, 3, 4, 5, 6]), modifier=rng.randint(-2, 2),
            shots=rng.randint(1, 4), damage=rng.choice([Amount(1), Amount(2), D2, D3]),
            perforant=rng.random() < 0.3,
            ignores=frozenset(p for p in ("Bouclier", "Barrière") if rng.random() < 0.3),
            in_cover=rng.random() < 0.5, defence=rng.randint(2, 6),
            shield=(rng.randint(2, 6), rng.randint(0, 2)) if rng.random() < 0.6 else None,
            barrier=(rng.randint(2, 6), rng.randint(0, 2)) if rng.random() < 0.6 else None,
            armour=rng.randint(0, 3), vitality=rng.randint(1, 4)))
    return out


@pytest.mark.parametrize("situation", random_situations(8), ids=lambda s: s.describe())
def test_exact_odds_agree_with_an_independent_simulation(situation: ShotSituation) -> None:
    seen = frequencies(situation, 7)
    assert gap(shot_odds(situation).wounds, seen) < TOLERANCE


def test_the_cross_check_would_catch_a_wrong_order_of_steps() -> None:
    """Rolling the Bouclier before Défense spends it on hits that cover would have stopped:
    P(out of action) is about 0.44 instead of 0.20, far outside the tolerance."""
    s = ShotSituation(threshold=None, shots=4, in_cover=True, defence=2, shield=(2, 1))
    exact = shot_odds(s).wounds
    assert gap(exact, frequencies(s, 11)) < TOLERANCE
    assert gap(exact, frequencies(s, 11, shield_before_cover=True)) > 3 * TOLERANCE


@pytest.mark.parametrize(("a", "b"), [(side(3, D2, vitality=2), side(3, None, armour=1)),
                                      (side(5, None, bare_penalty=True),
                                       side(2, D3, perforant=True)),
                                      (side(3, None, bare_penalty=True),
                                       side(4, None, bare_penalty=True)),
                                      (side(4, D2, armour=1, vitality=2), side(6, D3))])
def test_melee_agrees_with_an_independent_simulation(a: MeleeSide, b: MeleeSide) -> None:
    rng = random.Random(5)
    odds = melee_odds(a, b)
    counts = {"a": 0, "b": 0, "none": 0}
    for _ in range(TRIALS):
        ma = a.melee if a.damage or not a.bare_penalty else min(6, a.melee + 1)
        mb = b.melee if b.damage or not b.bare_penalty else min(6, b.melee + 1)
        sa, sb = rng.randint(1, 6) >= ma, rng.randint(1, 6) >= mb
        winner = ("a" if sa and (not sb or ma < mb) else
                  "b" if sb and (not sa or mb < ma) else "none")
        counts[winner] += 1
    assert abs(counts["a"] / TRIALS - float(odds.a_hits)) < TOLERANCE
    assert abs(counts["b"] / TRIALS - float(odds.b_hits)) < TOLERANCE
