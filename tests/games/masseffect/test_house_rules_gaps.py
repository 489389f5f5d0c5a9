"""Issue 47: the gaps of the draft that a table may read two ways, each a house rule whose
default is the engine's reading of always (docs/masseffect.md, "House rules"): Armure (X)
as a pool or per hit (ME25, ``me-armour``), the melee hit's «arme du tireur» (ME28,
``me-melee-damage``), the counter-charge's «phase de mouvement précédente» (ME20, ME26,
``me-counter-charge-window``) and Qualité «réagir à une action adverse» (ME20, ME26,
``me-counter-charge-roll``). Each reading has its scenario, forced dice."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

import pytest

from skirmish.core.game import Game
from skirmish.games.masseffect.cards.weapons import Weapon
from skirmish.games.masseffect.dice import Amount
from skirmish.games.masseffect.house_rules import (
    ARMOUR,
    COUNTER_CHARGE_ROLL,
    COUNTER_CHARGE_WINDOW,
    FORMER_READINGS,
    HOUSE_RULES,
    MELEE_DAMAGE,
)
from skirmish.games.masseffect.odds import ShotSituation, melee_from_cards, shot_odds
from skirmish.games.masseffect.state import MEState
from tests.games.masseffect.cards import SHOCK, shocker, target
from tests.games.masseffect.table import Put, figure, rolls, scene

CIBLE = target()  # Mêlée 5+, Arme de mêlée (1), Vitalité 3, Qualité 4+
GUARD = "Garde de Cerberus"  # Armure (2), Vitalité 2, Mêlée 4+
PHANTOM = "Fantôme de Cerberus"  # Mêlée 3+, Lame monofilament (D2, Perforant)
SOLDIER = "Soldat de l'Alliance"  # Tir 4+, Qualité 5+, Bouclier (5+, 1), Vitalité 2
RIFLE = "Fusil-mitrailleur"
#: A shooter with a two-shot D3 gun at a figure with Armure (2): the armour's two readings
#: part on the second hit.
CANNON = Weapon.parse("Canon (Tir) : Portée (20), Dégâts (D3), Tirs (2)")
GUNNER = target("Canonnier", shoot=2, equipment="Canon")
PLATED = target("Blindé", vitality=4, traits="Armure (2)", defence=6)
FRAIL = target("Blindé", vitality=2, traits="Armure (2)", defence=6)


def readings(**chosen: str) -> Callable[[MEState], None]:
    def prepare(state: MEState) -> None:
        state.house_rules = {**state.house_rules,
                             **{k.replace("_", "-"): v for k, v in chosen.items()}}
    return prepare


def test_the_gaps_default_to_the_engines_reading_of_always() -> None:
    """Not deviations: their defaults are what the engine always played, so they are not
    in FORMER_READINGS (the golden records replay unchanged: tests/golden)."""
    defaults = {r.name: r.default for r in HOUSE_RULES}
    assert {k: defaults[k] for k in (ARMOUR, MELEE_DAMAGE, COUNTER_CHARGE_WINDOW,
                                     COUNTER_CHARGE_ROLL)} == {
        ARMOUR: "pool", MELEE_DAMAGE: "weapon", COUNTER_CHARGE_WINDOW: "this-turn",
        COUNTER_CHARGE_ROLL: "none"}
    assert not {ARMOUR, MELEE_DAMAGE, COUNTER_CHARGE_WINDOW, COUNTER_CHARGE_ROLL} & set(
        FORMER_READINGS)


# -- gap 14: Armure (X), a pool or per hit -------------------------------------------------------
@pytest.mark.parametrize(("reading", "after"), [("pool", (1, 2)), ("per-hit", (2, 2))])
def test_armour_as_a_pool_wears_out_and_per_hit_does_not(reading: str,
                                                         after: tuple[int, int]) -> None:
    # «on retire d'abord des points d'armure … jusqu'à un maximum de X»: the target's hit
    # (1 wound) is stopped by its Armure (2) either way; the pool loses a point, per hit not.
    game = scene([Put(0, CIBLE, 10, 10), Put(1, GUARD, 10, 11.2)], phase="mêlée",
                 dice=[5, 1], prepare=readings(me_armour=reading))
    game.apply("fight A.Cible")
    guard = figure(game, 1)
    assert (guard.armour, guard.vitality) == after


@pytest.mark.parametrize(("reading", "vitality"), [("pool", 0), ("per-hit", 2)])
def test_two_hits_of_three_wounds_through_armour_two(reading: str, vitality: int) -> None:
    # Two hits of 3 (D3 rolled 6, 6): the pool stops 2 in all, 4 go through (Vitalité 4 ->
    # 0); per hit each hit loses 2 and only 1 goes through (4 -> 2).
    game = scene([Put(0, GUNNER, 10, 10), Put(1, PLATED, 10, 20)], phase="tir",
                 dice=[6, 6, 6, 6], cards=[CANNON], prepare=readings(me_armour=reading))
    game.apply("shoot A.Canonnier Canon B.Blindé")
    assert figure(game, 1).vitality == vitality


def test_the_odds_follow_the_armour_and_the_engine_by_simulation() -> None:
    """Every face of the four dice (two shooting rolls at 2+, two D3) played by the engine:
    the share of games where the target goes out of action is the exact odds', under each
    reading, and the readings differ."""
    found = {}
    for reading, per_hit in (("pool", False), ("per-hit", True)):
        situation = ShotSituation(threshold=2, shots=2, damage=Amount.parse("D3"), armour=2,
                                  vitality=2, armour_per_hit=per_hit)
        odds = shot_odds(situation)
        out = 0
        faces = list(itertools.product(range(1, 7), repeat=4))
        for dice in faces:
            game = scene([Put(0, GUNNER, 10, 10), Put(1, FRAIL, 10, 20)], phase="tir",
                         dice=list(dice), cards=[CANNON], prepare=readings(me_armour=reading))
            game.apply("shoot A.Canonnier Canon B.Blindé")
            out += figure(game, 1).out
        assert Fraction(out, len(faces)) == odds.out_of_action
        found[reading] = odds.out_of_action
    assert found["pool"] > found["per-hit"] > 0


# -- gap 16: «l'arme du tireur» in melee --------------------------------------------------------
@pytest.mark.parametrize(("reading", "wounds"), [("weapon", 2), ("one", 1)])
def test_a_melee_hit_deals_the_weapons_damage_or_one(reading: str, wounds: int) -> None:
    # The phantom (Mêlée 3+, Lame monofilament D2) hits the target (3, 1); its D2 rolls a 6:
    # 2 wounds with its weapon; 1 whatever the weapon under me-melee-damage=one (no die).
    game = scene([Put(0, PHANTOM, 10, 10), Put(1, CIBLE, 10, 11.2)], phase="mêlée",
                 dice=[3, 1, 6], prepare=readings(me_melee_damage=reading))
    game.apply("fight A.Fantôme-de-Cerberus")
    assert figure(game, 1).vitality == 3 - wounds
    assert (len(rolls(game)) == 3) == (reading == "weapon")


def test_the_melee_odds_follow_the_damage_reading() -> None:
    from skirmish.games.masseffect.cards.library import load_library

    lib = load_library()
    phantom, guard = lib.profile(PHANTOM), lib.profile(GUARD)
    weapons = [lib.weapon("Lame monofilament")]
    plain = melee_from_cards(phantom, weapons, guard, [lib.weapon("Arme de mêlée")])
    one = melee_from_cards(phantom, weapons, guard, [lib.weapon("Arme de mêlée")],
                           one_wound=True)
    assert plain.wounds_to_b == {0: plain.nobody + plain.b_hits,
                                 1: plain.a_hits / 2, 2: plain.a_hits / 2}
    assert one.wounds_to_b == {0: one.nobody + one.b_hits, 1: one.a_hits}


# -- gap 7: «lors de la phase de mouvement précédente» -------------------------------------------
def _engaged_since_last_turn(reading: str) -> Game:
    """B's soldier charged A's soldier in turn 1 and is still in contact as turn 2 begins."""
    def prepare(state: MEState) -> None:
        readings(me_counter_charge_window=reading)(state)
        state.figures[0].chargers.append("B.Soldat-de-l'Alliance")

    return scene([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 10, 11.2)],
                 phase=("fin du tour",), prepare=prepare, dice=[2, 1])


@pytest.mark.parametrize(("reading", "kept"), [("this-turn", []),
                                                ("while-engaged", ["B.Soldat-de-l'Alliance"])])
def test_a_charger_of_an_earlier_turn_still_in_contact(reading: str, kept: list[str]) -> None:
    from skirmish.games.masseffect.turn import Turn

    game = _engaged_since_last_turn(reading)
    game.stack.append(Turn())  # the next turn begins: what lasts a turn ends
    game.advance()
    assert figure(game, 0).chargers == kept


def test_a_charger_of_an_earlier_turn_no_longer_in_contact_is_forgotten() -> None:
    # while-engaged keeps only a charger still in contact («l'ayant engagé»): thrown 3 pas
    # away by a power, it is no charger of the figure any more when the next turn begins.
    from skirmish.games.masseffect.turn import Turn

    def parted(state: MEState) -> None:
        readings(me_counter_charge_window="while-engaged")(state)
        state.figures[0].chargers.append("B.Soldat-de-l'Alliance")

    game = scene([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 10, 15)],
                 phase=("fin du tour",), prepare=parted, dice=[2, 1])
    game.stack.append(Turn())
    game.advance()
    assert figure(game, 0).chargers == []


# -- gap 20: Qualité, «réagir à une action adverse» ---------------------------------------------
def _counter_charge(reading: str, dice: list[int]) -> Game:
    def prepare(state: MEState) -> None:
        readings(me_counter_charge_roll=reading)(state)
        state.figures[0].chargers.append("B.Soldat-de-l'Alliance")

    game = scene([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 10, 11.2)], phase="tir",
                 dice=dice, prepare=prepare)
    game.apply(f"shoot A.Soldat-de-l'Alliance {RIFLE} B.Soldat-de-l'Alliance")
    return game


def test_a_counter_charge_needs_no_roll_by_default() -> None:
    game = _counter_charge("none", [6, 6, 1, 1, 1, 1])
    assert [r[1] for r in rolls(game)][:1] == ["shot (Fusil mitrailleur)"]


@pytest.mark.parametrize(("face", "shots"), [(5, 2), (4, 0)])
def test_a_counter_charge_first_rolls_qualite_under_the_house_rule(face: int,
                                                                   shots: int) -> None:
    # The soldier's Qualité is 5+: a 5 lets its two counter-charge shots go; a 4 loses them.
    game = _counter_charge("qualite", [face, 6, 6, 1, 1, 1, 1])
    made = [r for r in rolls(game) if r[1].startswith("shot")]
    assert rolls(game)[0][1] == "react" and len(made) == shots
    if not shots:
        assert any("loses its counter-charge" in e.text() for e in game.log)
        assert figure(game, 0).shot  # it has taken its shooting action


def test_a_hero_may_roll_a_failed_reaction_again() -> None:
    # ME31: Effort héroïque re-rolls a Qualité roll, the reaction's too: 4 fails the
    # soldier's 5+, the 5 rolled again lets its two counter-charge shots go.
    def hero(state: MEState) -> None:
        readings(me_counter_charge_roll="qualite")(state)
        state.figures[0].chargers.append("B.Soldat-de-l'Alliance")
        state.figures[0].heroism = 1

    game = scene([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 10, 11.2)], phase="tir",
                 dice=[4, 5, 6, 6, 1, 1, 1, 1], prepare=hero)
    game.apply(f"shoot A.Soldat-de-l'Alliance {RIFLE} B.Soldat-de-l'Alliance")
    assert game.decision().kind == "heroic"
    game.apply("heroic effort")
    assert len([r for r in rolls(game) if r[1].startswith("shot")]) == 2
    assert figure(game, 0).heroism == 0


@pytest.mark.parametrize(("face", "used", "vitality"), [(4, 1, 2), (3, 0, 3)])
def test_a_counter_charge_power_first_rolls_qualite_and_a_failure_spends_no_use(
        face: int, used: int, vitality: int) -> None:
    # ME20 under me-counter-charge-roll=qualite: the Lanceur (Qualité 4+) reacts with its
    # Onde de choc (1 use a game, 3+, 1 wound, no Défense roll); a 3 loses the counter-charge
    # and leaves the use unspent.
    def charged(state: MEState) -> None:
        readings(me_counter_charge_roll="qualite")(state)
        state.figures[0].chargers.append("B.Cible")

    game = scene([Put(0, shocker(), 10, 10), Put(1, CIBLE, 10, 11.2)], phase="pouvoirs",
                 cards=[SHOCK], dice=[face, 6], prepare=charged)
    game.apply("power A.Lanceur Onde-de-choc B.Cible")
    assert rolls(game)[0][1] == "react"
    assert figure(game, 0).uses.get("Onde de choc", 0) == used
    assert figure(game, 1).vitality == vitality
    assert any("loses its counter-charge" in e.text() for e in game.log) == (not used)
