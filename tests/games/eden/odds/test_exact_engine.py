"""The odds equal, exactly, the law of the engine's own resolution code played with every
possible sequence of die faces (forced dice): melee passive, dodge, response and a target's
location-shift card, shooting with a redirection, an explosion, a blast and the burn roll.

The fighters are chosen with few dice so that every sequence can be played; the slow tests
in ``test_agreement.py`` sample the content's real fighters with the real RNG instead."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest

from skirmish.core import Game, IllegalActionError, Ref
from skirmish.games.eden.abilities import ability_effects
from skirmish.games.eden.cards.equipment import Category
from skirmish.games.eden.cards.profile import Limb
from skirmish.games.eden.fighting.melee import MeleeAttack
from skirmish.games.eden.fighting.ranged import Blast, Projectile, Shooting
from skirmish.games.eden.odds.game import (
    blast_odds,
    burn_odds,
    explosion_odds,
    melee_odds,
    odds_of,
    shooting_odds,
)
from skirmish.games.eden.odds.results import AttackOdds
from skirmish.games.eden.rounds.intendancy import burn

from ..profiles import limb
from ..scenario import state, table
from .engine import PROFILES, enumerate_engine, place

#: Invented test cards with few dice: PSI 2, CBT 2 (red 1), VIG 7 (so a CBT 3 attacker
#: rolls 2 dice at 6+: Rulebook 2.A), SPD 1.
LOWA = replace(PROFILES["Anton"], name="Lowa", equipment=(), abilities=(), limbs=(
    limb(1, 1, 2, 1, 1), limb(1, 1, 2, 1, 2, 3), limb(2, 1, 7, 6, 4, 5), limb(1, 1, 1, 1, 6)))
HIGA = replace(LOWA, name="Higa", limbs=(
    limb(1, 1, 2, 1, 1), limb(2, 1, 3, 2, 2, 3), limb(2, 1, 7, 6, 4), limb(1, 1, 1, 1, 5, 6)))
SLINGER = replace(PROFILES["Anton"], equipment=("Sling",))
SLING = "Sling (Shooting): CBT -2 - Str(1), Burn(1)"
LUCKY = {"name": "Lucky", "effects": [{"effect": "shift-location", "by": 1}]}


def melee_start(attacker: str, target: str) -> Callable[[Game], None]:
    def start(game: Game) -> None:
        game.push(MeleeAttack(Ref(attacker), Ref(target)))
        game.advance()
    return start


def assert_exact(odds: AttackOdds, law: dict[tuple[tuple[int, ...], ...], Fraction]) -> None:
    assert sum(law.values()) == 1
    got = {k: p for k, p in odds.joint.items() if p}
    assert got == {k: p for k, p in law.items() if p}


def test_melee_passive_is_the_engines_law_with_markers_wounds_and_a_helmet() -> None:
    # Anton (CBT 4, Poison: 3) strikes Tarar (helmet: head +1; arms already wounded).
    game = place([("Anton", 30, 30)], [("Tarar", 33, 30)])
    anton, tarar = state(game).fighter("A.Anton"), state(game).fighter("B.Tarar")
    anton.add_markers("poison", 1)
    tarar.checked[1] = 2
    odds = melee_odds(state(game), anton, tarar, "passive")
    assert odds.settings["attacker_values"]["CBT"] == 3
    law = enumerate_engine(game, ["B.Tarar"], melee_start("A.Anton", "B.Tarar"))
    assert_exact(odds, law)


def test_melee_dodge_is_the_engines_law_for_each_aim() -> None:
    game = table([(HIGA, 30, 30)], [(LOWA, 33, 30)])
    st = state(game)
    for aim in ("best", "none", "legs"):
        odds = melee_odds(st, st.fighter("A.Higa"), st.fighter("B.Lowa"), "dodge", aim=aim)
        law = enumerate_engine(game, ["B.Lowa"], melee_start("A.Higa", "B.Lowa"),
                               reaction="dodge", policies={"A.Higa": aim})
        assert_exact(odds, law)


def test_melee_response_is_the_engines_law_both_strikes_in_order() -> None:
    # Higa CBT 3 against Lowa CBT 2: both VIG 7, so 2 dice and 1 die at 6+ (Rulebook 2.A).
    game = table([(HIGA, 30, 30)], [(LOWA, 33, 30)])
    st = state(game)
    odds = melee_odds(st, st.fighter("A.Higa"), st.fighter("B.Lowa"), "response",
                      aim="arms", target_aim="best")
    law = enumerate_engine(game, ["B.Lowa", "A.Higa"], melee_start("A.Higa", "B.Lowa"),
                           reaction="response", policies={"A.Higa": "arms", "B.Lowa": "best"})
    assert_exact(odds, law)
    assert odds.fighter("A.Higa").p_any_loss > 0  # the loser strikes back


def test_melee_response_declined_strike_back_is_the_engines_law() -> None:
    # Rulebook 6.A: the loser *may* strike back; here he declines, so only the winner strikes.
    game = table([(HIGA, 30, 30)], [(LOWA, 33, 30)])
    st = state(game)
    odds = melee_odds(st, st.fighter("A.Higa"), st.fighter("B.Lowa"), "response",
                      aim="best", target_aim="best", strike_back=False)
    law = enumerate_engine(game, ["B.Lowa", "A.Higa"], melee_start("A.Higa", "B.Lowa"),
                           reaction="response", policies={"strike-back": "no"})
    assert_exact(odds, law)
    both = melee_odds(st, st.fighter("A.Higa"), st.fighter("B.Lowa"), "response")
    assert odds.target.p_any_loss < both.target.p_any_loss
    assert odds.settings["strike_back"] is False


def test_a_targets_location_shift_card_is_the_engines_law() -> None:
    # Rulebook 2.A (Elenia): the target shifts the roll first, to hurt least.
    lucky_lowa = replace(LOWA, abilities=("Lucky",))
    game = table([(HIGA, 30, 30)], [(lucky_lowa, 33, 30)], abilities=[LUCKY])
    state(game).effects.extend(ability_effects(game))
    st = state(game)
    for aim in ("best", "none"):
        odds = melee_odds(st, st.fighter("A.Higa"), st.fighter("B.Lowa"), "passive", aim=aim)
        law = enumerate_engine(game, ["B.Lowa"], melee_start("A.Higa", "B.Lowa"),
                               policies={"A.Higa": aim})
        assert_exact(odds, law)
    plain = table([(HIGA, 30, 30)], [(LOWA, 33, 30)])
    unlucky = melee_odds(state(plain), state(plain).fighter("A.Higa"),
                         state(plain).fighter("B.Lowa"), "passive")
    lucky = melee_odds(st, st.fighter("A.Higa"), st.fighter("B.Lowa"), "passive")
    assert lucky.p_incapacitated < unlucky.p_incapacitated


def test_shooting_with_an_odd_success_redirection_is_the_engines_law() -> None:
    # Anton's sling (CBT 4 - 2, Str 1) at Ngobo, who is in contact with Anton's ally Yuri.
    game = table([(SLINGER, 10, 30), (PROFILES["Yuri"], 20, 33)],
                 [(PROFILES["Ngobo Quick-Arm"], 20, 30)], equipment=[SLING])
    st = state(game)
    anton, ngobo = st.fighter("A.Anton"), st.fighter("B.Ngobo-Quick-Arm")
    part = st.catalogue.item("Sling").part(Category.SHOOTING)
    assert part is not None
    odds = shooting_odds(st, anton, ngobo, part, weapon="Sling")
    assert odds.settings["redirect"] == "A.Yuri"
    assert odds.markers == {"burn": 1}

    def start(game: Game) -> None:
        game.push(Shooting(Ref("A.Anton"), "Sling", Ref("B.Ngobo-Quick-Arm")))
        game.advance()

    law = enumerate_engine(game, ["B.Ngobo-Quick-Arm", "A.Yuri"], start)
    assert_exact(odds, law)


def test_a_shot_at_a_fighter_with_a_location_shift_card_is_the_engines_law() -> None:
    # Rulebook 2.A (Elenia): "a location roll against her" - a shot's too.
    lucky_ngobo = replace(PROFILES["Ngobo Quick-Arm"], abilities=("Lucky",))
    game = table([(SLINGER, 10, 30)], [(lucky_ngobo, 20, 30)], equipment=[SLING],
                 abilities=[LUCKY])
    state(game).effects.extend(ability_effects(game))
    st = state(game)
    anton, ngobo = st.fighter("A.Anton"), st.fighter("B.Ngobo-Quick-Arm")
    part = st.catalogue.item("Sling").part(Category.SHOOTING)
    assert part is not None

    def start(game: Game) -> None:
        game.push(Shooting(Ref("A.Anton"), "Sling", Ref("B.Ngobo-Quick-Arm")))
        game.advance()

    for aim in ("best", "none"):
        odds = shooting_odds(st, anton, ngobo, part, weapon="Sling", aim=aim)
        law = enumerate_engine(game, ["B.Ngobo-Quick-Arm"], start, policies={"A.Anton": aim})
        assert_exact(odds, law)
    plain = table([(SLINGER, 10, 30)], [(PROFILES["Ngobo Quick-Arm"], 20, 30)],
                  equipment=[SLING])
    pst = state(plain)
    unlucky = shooting_odds(pst, pst.fighter("A.Anton"), pst.fighter("B.Ngobo-Quick-Arm"),
                            part, weapon="Sling")
    lucky = shooting_odds(st, anton, ngobo, part, weapon="Sling")
    assert lucky.joint != unlucky.joint  # the card moves where the wounds land


def test_explosion_is_the_engines_law_and_stops_at_incapacitation() -> None:
    game = place([("Yuri", 22, 30)], [("Tarar", 10, 30), ("Ngobo Quick-Arm", 22, 33)])
    st = state(game)
    ngobo = st.fighter("B.Ngobo-Quick-Arm")
    head = ngobo.profile.limbs[0]
    ngobo.checked[0] = head.white_cp + head.red_cp - 1  # 1 CP left on the head
    part = st.catalogue.item("Spear").part(Category.PROJECTILE)
    assert part is not None
    odds = explosion_odds(st, "B.Tarar", part, (22, 31.5), "Spear")
    refs = [f.ref for f in odds.fighters]
    assert refs == ["A.Yuri", "B.Ngobo-Quick-Arm"]

    def start(game: Game) -> None:
        game.push(Projectile(Ref("B.Tarar"), "Spear", 22, 31.5))
        game.advance()

    assert_exact(odds, enumerate_engine(game, refs, start))
    # The head's last CP incapacitates: the other limbs are not wounded (docs/rulings.md).
    assert odds.fighter("B.Ngobo-Quick-Arm").cp_lost(Limb.ARMS) == {0: 1}
    assert odds.fighter("B.Ngobo-Quick-Arm").p_incapacitated == odds.fighter(
        "B.Ngobo-Quick-Arm").p_wounded(Limb.HEAD) > 0


def test_blast_is_certain_and_the_engines_law() -> None:
    game = place([("Vladd", 10, 30)], [("Ngobo Quick-Arm", 16, 30), ("Abama Big-Belly", 20, 33)])
    st = state(game)
    part = st.catalogue.item("Flamethrower").part(Category.BLAST)
    assert part is not None
    odds = blast_odds(st, st.fighter("A.Vladd"), part, 0.0, "Flamethrower")
    refs = [f.ref for f in odds.fighters]
    assert "B.Ngobo-Quick-Arm" in refs
    assert list(odds.joint.values()) == [1]

    def start(game: Game) -> None:
        game.push(Blast(Ref("A.Vladd"), "Flamethrower", 0.0))
        game.advance()

    assert_exact(odds, enumerate_engine(game, refs, start))
    assert odds.p_markers == {ref: 1 for ref in refs}


def test_pivoted_blast_is_the_engines_law() -> None:
    # Ngobo is the nearest enemy; Tarar is out of reach of every radial placement covering
    # him, but the template touching Vladd at 20 degrees and turned to 64.8 covers both
    # (docs/rulings.md G8). Tarar's head already has 1 CP left: the blast incapacitates him.
    game = place([("Vladd", 10, 30)], [("Ngobo Quick-Arm", 14.5, 30), ("Tarar", 14, 40)])
    st = state(game)
    st.fighter("B.Tarar").checked[0] = 2  # head: 2 + 1 CP
    odds = odds_of(game, "blast A.Vladd Flamethrower 20 64.8")
    assert [f.ref for f in odds.fighters] == ["B.Ngobo-Quick-Arm", "B.Tarar"]
    assert odds.settings["axis"] == 64.8
    assert odds_of(game, "blast A.Vladd Flamethrower 20").fighters[0].ref == "B.Ngobo-Quick-Arm"
    assert len(odds_of(game, "blast A.Vladd Flamethrower 20").fighters) == 1
    assert odds.fighter("B.Tarar").p_incapacitated == 1

    def start(game: Game) -> None:
        game.push(Blast(Ref("A.Vladd"), "Flamethrower", 20.0, 64.8))
        game.advance()

    assert_exact(odds, enumerate_engine(game, [f.ref for f in odds.fighters], start))
    with pytest.raises(IllegalActionError, match="nearest enemy"):
        odds_of(game, "blast A.Vladd Flamethrower 60 80")  # covers Tarar only
    assert odds_of(game, "blast A.Vladd Flamethrower 60 80", check=False).fighters[0].ref == (
        "B.Tarar")


def test_burn_roll_is_the_engines_law() -> None:
    game = place([("Yuri", 40, 30)], [("Tarar", 10, 30)])
    st = state(game)
    tarar = st.fighter("B.Tarar")
    tarar.add_markers("burn", 1)
    tarar.add_markers("rage", 2)  # VIG 5 - 2: dice above 3 wound
    odds = burn_odds(st, tarar)
    assert odds.settings["vig"] == 3
    law = enumerate_engine(game, ["B.Tarar"], lambda g: burn(g, state(g).fighter("B.Tarar")))
    assert_exact(odds, law)
