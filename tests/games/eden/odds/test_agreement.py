"""Acceptance (issue 6): for each attack kind, the exact odds agree with 200,000 samples of
the same attack resolved by the engine's own code with the real RNG (SeededDice), within 4
standard errors, on the content's sample fighters and equipment (skirmish.games.eden.demo).

Compared for every fighter the attack may wound: P(incapacitated), P(each limb wounded),
E[CP lost] per limb and in all, and every P(at least X CP lost) (``engine.compare``).
The agents answer the engine's decisions with the odds' own aim policy."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from skirmish.core import Game, Ref
from skirmish.games.eden.fighting.melee import MeleeAttack
from skirmish.games.eden.fighting.ranged import Blast, Projectile, Shooting
from skirmish.games.eden.odds.game import burn_odds, odds_of
from skirmish.games.eden.odds.results import AttackOdds
from skirmish.games.eden.rounds.intendancy import burn

from ..scenario import state
from .engine import compare, place, run

N = 200_000
pytestmark = pytest.mark.slow


def melee_start(attacker: str, target: str) -> Callable[[Game], None]:
    def start(game: Game) -> None:
        game.push(MeleeAttack(Ref(attacker), Ref(target)))
        game.advance()
    return start


def check(odds: AttackOdds, game: Game, start: Callable[[Game], None], seed: int, *,
          reaction: str = "passive", policies: dict[str, str] | None = None) -> None:
    samples = run(game, [f.ref for f in odds.fighters], start, N, seed, reaction=reaction,
                  policies=policies)
    assert compare(odds, samples) == []


def test_melee_passive_agrees_with_the_engine() -> None:
    # Vladd (CBT 6) against Tarar: helmet (head +1), arms already wounded, one Poison marker.
    game = place([("Vladd", 30, 30)], [("Tarar", 33, 30)])
    tarar = state(game).fighter("B.Tarar")
    tarar.checked[1] = 2
    tarar.add_markers("poison", 1)
    odds = odds_of(game, "attack A.Vladd B.Tarar", reaction="passive", aim="best")
    check(odds, game, melee_start("A.Vladd", "B.Tarar"), seed=601)


def test_melee_dodge_agrees_with_the_engine() -> None:
    # Yuri aims at the legs whenever he can; Ngobo (SPD 5) dodges.
    game = place([("Yuri", 30, 30)], [("Ngobo Quick-Arm", 33, 30)])
    odds = odds_of(game, "attack A.Yuri B.Ngobo-Quick-Arm", reaction="dodge", aim="legs")
    check(odds, game, melee_start("A.Yuri", "B.Ngobo-Quick-Arm"), seed=602,
          reaction="dodge", policies={"A.Yuri": "legs"})


def test_melee_response_agrees_with_the_engine() -> None:
    # Vladd with a Rage marker (CBT 7, VIG 4) against Abama, who responds: both strikes.
    game = place([("Vladd", 30, 30)], [("Abama Big-Belly", 33, 30)])
    state(game).fighter("A.Vladd").add_markers("rage", 1)
    odds = odds_of(game, "attack A.Vladd B.Abama-Big-Belly", reaction="response", aim="best",
                   target_aim="best")
    assert [f.ref for f in odds.fighters] == ["B.Abama-Big-Belly", "A.Vladd"]
    check(odds, game, melee_start("A.Vladd", "B.Abama-Big-Belly"), seed=603,
          reaction="response")


def test_shooting_agrees_with_the_engine() -> None:
    # Tarar's spear (CBT +1, Str 3) at Yuri (Rage: SPD 6, VIG 3), behind one obstacle (Abama),
    # in contact with Tarar's ally Ngobo: an odd number of successes hits Ngobo.
    game = place([("Yuri", 22, 30), ("Vladd", 40, 50)],
                 [("Tarar", 12, 30), ("Ngobo Quick-Arm", 22, 33), ("Abama Big-Belly", 17, 31.5)])
    state(game).fighter("A.Yuri").add_markers("rage", 1)
    odds = odds_of(game, "shoot B.Tarar Spear A.Yuri")
    assert (odds.settings["obstacles"], odds.settings["bonus"]) == (1, 1)
    assert odds.settings["redirect"] == "B.Ngobo-Quick-Arm"

    def start(game: Game) -> None:
        game.push(Shooting(Ref("B.Tarar"), "Spear", Ref("A.Yuri")))
        game.advance()

    check(odds, game, start, seed=604)


def test_shooting_past_the_targets_friend_agrees_with_the_engine() -> None:
    # Rulebook 6.B step 2 with 2.E: Yuri is engaged with Tarar's ally Ngobo (7.44 cm from
    # Tarar) and touches his own friend Vladd, who is nearer (7.19 cm). An odd number of
    # successes hits the target's opponent in contact, Ngobo - never Yuri's friend Vladd.
    vladd = (22 + 3 * math.cos(math.radians(-95)), 30 + 3 * math.sin(math.radians(-95)))
    game = place([("Yuri", 22, 30), ("Vladd", *vladd)],
                 [("Tarar", 12, 30), ("Ngobo Quick-Arm", 22, 33)])
    odds = odds_of(game, "shoot B.Tarar Spear A.Yuri")
    assert odds.settings["redirect"] == "B.Ngobo-Quick-Arm"
    assert [f.ref for f in odds.fighters] == ["A.Yuri", "B.Ngobo-Quick-Arm"]

    def start(game: Game) -> None:
        game.push(Shooting(Ref("B.Tarar"), "Spear", Ref("A.Yuri")))
        game.advance()

    check(odds, game, start, seed=607)


def test_explosion_agrees_with_the_engine() -> None:
    # Tarar throws the spear (Explosive(1)) between Yuri and Ngobo (head: 1 CP left).
    game = place([("Yuri", 22, 30)], [("Tarar", 12, 30), ("Ngobo Quick-Arm", 22, 33)])
    ngobo = state(game).fighter("B.Ngobo-Quick-Arm")
    ngobo.checked[0] = ngobo.profile.limbs[0].white_cp + ngobo.profile.limbs[0].red_cp - 1
    odds = odds_of(game, "throw B.Tarar Spear 22,31.5")
    assert odds.kind == "explosion" and len(odds.fighters) == 2

    def start(game: Game) -> None:
        game.push(Projectile(Ref("B.Tarar"), "Spear", 22.0, 31.5))
        game.advance()

    check(odds, game, start, seed=605)


def test_blast_agrees_with_the_engine() -> None:
    game = place([("Vladd", 10, 30)], [("Ngobo Quick-Arm", 16, 30), ("Abama Big-Belly", 30, 45)])
    odds = odds_of(game, "blast A.Vladd Flamethrower 0")
    assert [f.ref for f in odds.fighters] == ["B.Ngobo-Quick-Arm"]

    def start(game: Game) -> None:
        game.push(Blast(Ref("A.Vladd"), "Flamethrower", 0.0))
        game.advance()

    check(odds, game, start, seed=606)


def test_pivoted_blast_agrees_with_the_engine() -> None:
    # The template touches Vladd at 20 degrees, turned to 64.8 (docs/rulings.md G8): it covers
    # Ngobo, the nearest enemy, and Abama, whom no radial placement covering Ngobo reaches.
    # Abama's arms have 1 CP left: the blast incapacitates him before his torso.
    game = place([("Vladd", 10, 30)], [("Ngobo Quick-Arm", 14.5, 30), ("Abama Big-Belly", 14, 40)])
    abama = state(game).fighter("B.Abama-Big-Belly")
    abama.checked[1] = abama.profile.limbs[1].white_cp + abama.profile.limbs[1].red_cp - 1
    odds = odds_of(game, "blast A.Vladd Flamethrower 20 64.8")
    assert [f.ref for f in odds.fighters] == ["B.Ngobo-Quick-Arm", "B.Abama-Big-Belly"]
    assert odds.fighter("B.Abama-Big-Belly").p_incapacitated == 1
    assert odds.fighter("B.Ngobo-Quick-Arm").p_incapacitated == 0
    assert [f.ref for f in odds_of(game, "blast A.Vladd Flamethrower 20").fighters] == [
        "B.Ngobo-Quick-Arm"]

    def start(game: Game) -> None:
        game.push(Blast(Ref("A.Vladd"), "Flamethrower", 20.0, 64.8))
        game.advance()

    check(odds, game, start, seed=608)


def test_burn_agrees_with_the_engine() -> None:
    # Tarar (helmet: head +1, Rage 2: VIG 3) burns: 3D6 above VIG, one location die.
    game = place([("Yuri", 40, 30)], [("Tarar", 10, 30)])
    tarar = state(game).fighter("B.Tarar")
    tarar.add_markers("burn", 1)
    tarar.add_markers("rage", 2)
    odds = burn_odds(state(game), tarar)
    check(odds, game, lambda g: burn(g, state(g).fighter("B.Tarar")), seed=607)
