"""Issue 47: the odds of an attack placing Burn markers show them and, beside them, what
they do at the next intendancy phase (Rulebook 4.B step 3: "Chaque combattant ayant au moins
un marqueur Brûlure risque de subir des blessures ... 3D6 + 1D6 de localisation"), checked
exactly against the engine: every die sequence of the attack (forced dice), then, from each
distinct state it leaves, every one of the 6^4 sequences of the engine's own burn roll."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from skirmish.core import Game, Ref
from skirmish.core.dice import ScriptedDice
from skirmish.core.errors import DiceExhaustedError
from skirmish.games.eden.cards.equipment import Category
from skirmish.games.eden.fighting.ranged import Blast, Projectile, Shooting
from skirmish.games.eden.odds.burn import NextBurn
from skirmish.games.eden.odds.game import odds_of, shooting_odds
from skirmish.games.eden.rounds.intendancy import burn

from ..scenario import state, table
from .engine import _decide, place
from .test_exact_engine import LOWA, SLING, SLINGER


def engine_next_burn(base: Game, ref: str, start: Callable[[Game], None]
                     ) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """The engine's law: (P(burn roll), E[CP lost to it], P(it incapacitates), E[VP of A
    from it]): every die sequence of the attack, then every burn roll from each state."""
    groups: dict[tuple[object, ...], tuple[Fraction, Game]] = {}
    pending: list[tuple[int, ...]] = [()]
    while pending:
        prefix = pending.pop()
        game = base.copy()
        game.dice = ScriptedDice(prefix)
        try:
            start(game)
            while not game.is_over:
                action = _decide(game, "passive", {})
                game.top.check(game, action)
                game.top.apply(game, action)
                game.advance()
        except DiceExhaustedError:
            pending.extend((*prefix, face) for face in range(1, 7))
            continue
        f = state(game).fighter(ref)
        key = (f.on_field, f.marker_count("burn"), tuple(f.checked))
        p, _ = groups.get(key, (Fraction(0), game))
        groups[key] = (p + Fraction(1, 6 ** len(prefix)), game)
    rolls = expected = killed = vp = Fraction(0)
    for (on_field, markers, _), (p, game) in groups.items():
        if not on_field or not markers:
            continue
        rolls += p
        for faces in itertools.product(range(1, 7), repeat=4):
            g = game.copy()
            g.dice = ScriptedDice(faces)
            st = state(g)
            before, vp_before = sum(st.fighter(ref).checked), st.vp[0]
            burn(g, st.fighter(ref))
            q = p / 6 ** 4
            expected += q * (sum(st.fighter(ref).checked) - before)
            killed += q * (not st.fighter(ref).on_field)
            vp += q * (st.vp[0] - vp_before)
    return rolls, expected, killed, vp


def same(next_burn: NextBurn, law: tuple[Fraction, Fraction, Fraction, Fraction]) -> None:
    assert (next_burn.p_roll, next_burn.expected, next_burn.p_incapacitated) == law[:3]


def test_a_molotov_never_wounds_but_its_marker_burns_at_the_next_intendancy() -> None:
    # Molotov (Projectile): Burn(1), no Explosive: no dice, no wound, one burn marker.
    game = place([("Yuri", 10, 30)], [("Ngobo Quick-Arm", 20, 30)])
    odds = odds_of(game, "throw A.Yuri Molotov 20,30", check=False)
    ngobo = "B.Ngobo-Quick-Arm"
    assert odds.fighter(ngobo).p_any_loss == 0 and odds.markers == {"burn": 1}
    law = engine_next_burn(game, ngobo, lambda g: (g.push(Projectile(Ref("A.Yuri"), "Molotov",
                                                                     20, 30)), g.advance()))
    same(odds.next_burn[ngobo], law)
    assert odds.next_burn[ngobo].p_roll == 1 and odds.next_burn[ngobo].expected > 0
    assert odds.to_json()["next_intendancy_burn"][ngobo]["expected_cp_lost"] == float(law[1])


def test_a_sling_shot_burns_only_when_it_hits_even_without_a_wound() -> None:
    # Anton's sling (CBT 4 - 2, Str 1, Burn(1)) at Lowa (VIG 7: the Str roll seldom wounds):
    # a hit gives the marker with or without a wound, a miss gives none.
    game = table([(SLINGER, 10, 30)], [(LOWA, 20, 30)], equipment=[SLING])
    st = state(game)
    part = st.catalogue.item("Sling").part(Category.SHOOTING)
    assert part is not None
    odds = shooting_odds(st, st.fighter("A.Anton"), st.fighter("B.Lowa"), part, weapon="Sling")
    law = engine_next_burn(game, "B.Lowa", lambda g: (
        g.push(Shooting(Ref("A.Anton"), "Sling", Ref("B.Lowa"))), g.advance()))
    same(odds.next_burn["B.Lowa"], law)
    assert 0 < odds.next_burn["B.Lowa"].p_roll < 1


def test_a_flamethrower_wounds_then_burns_a_wounded_fighter_with_his_red_values() -> None:
    # Flamethrower (Blast): Burn(1): a wound on each limb, then the marker; Ngobo's second
    # wound on a limb crosses into red CP (his values change for the burn roll).
    game = place([("Vladd", 10, 30)], [("Ngobo Quick-Arm", 16, 30)])
    ngobo = "B.Ngobo-Quick-Arm"
    state(game).fighter(ngobo).checked[2] = 1
    odds = odds_of(game, "blast A.Vladd Flamethrower 0", check=False)
    law = engine_next_burn(game, ngobo, lambda g: (g.push(Blast(Ref("A.Vladd"), "Flamethrower",
                                                                0.0, None)), g.advance()))
    same(odds.next_burn[ngobo], law)


def test_a_fighter_already_burning_rolls_whatever_the_attack_does() -> None:
    game = table([(SLINGER, 10, 30)], [(LOWA, 20, 30)], equipment=[SLING])
    state(game).fighter("B.Lowa").add_markers("burn", 1)
    st = state(game)
    part = st.catalogue.item("Sling").part(Category.SHOOTING)
    assert part is not None
    odds = shooting_odds(st, st.fighter("A.Anton"), st.fighter("B.Lowa"), part, weapon="Sling")
    law = engine_next_burn(game, "B.Lowa", lambda g: (
        g.push(Shooting(Ref("A.Anton"), "Sling", Ref("B.Lowa"))), g.advance()))
    same(odds.next_burn["B.Lowa"], law)
    assert odds.next_burn["B.Lowa"].already and law[0] == 1 - odds.p_incapacitated


def test_the_odds_of_a_burned_npf_follow_the_npf_burn_score_reading() -> None:
    # Optional rules 2, C: "Lorsqu'un combattant élimine un CNJ, le joueur qui contrôle ce
    # combattant marque immédiatement ..." - under eden-npf-burn-score=burner the Molotov's
    # burn scores the NPF's level for A; the odds give the VP the engine gives.
    from ..optional.test_house_rules import _choose
    from ..optional.test_infestation import GHOUL, infested
    from ..profiles import NGOBO, YURI

    weak = replace(GHOUL, limbs=tuple(replace(lp, white_cp=1, red_cp=0)
                                      for lp in GHOUL.limbs))
    for reading, scores in (("nobody", False), ("burner", True)):
        game = infested([(YURI, 10, 10)], [(NGOBO, 50, 50)], [(weak, 20, 10)], cards=[weak])
        _choose(game, **{"eden-npf-burn-score": reading})
        odds = odds_of(game, "throw A.Yuri Molotov 20,10", check=False)
        law = engine_next_burn(game, "N.Ghoul", lambda g: (
            g.push(Projectile(Ref("A.Yuri"), "Molotov", 20, 10)), g.advance()))
        result = odds.next_burn["N.Ghoul"]
        same(result, law)
        assert (result.vp is not None) == scores
        assert law[3] == (result.vp or 0) and (law[3] > 0) == scores
