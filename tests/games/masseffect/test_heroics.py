"""Heroic actions, scenario by scenario (docs/masseffect.md ME6, ME31).

The hero of these tests («Héros», tests/games/masseffect/cards.py) has Héroïsme 3, Vitalité 2,
Tir 4+, Défense 4+, Mêlée 5+, no protection, an Arme de mêlée and a Fusil mitrailleur
(2 shots, 1 wound).
"""

from __future__ import annotations

import pytest

from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.games.masseffect.events import Note
from tests.games.masseffect.cards import HERO, target
from tests.games.masseffect.table import Put, figure, halted, rolls, scene, st, wall

CIBLE = target()
SHOOTER = target("Tireur", equipment="Arme de mêlée, Fusil mitrailleur")
RIFLE = "Fusil-mitrailleur"
COVER = [wall("cover", 8, 10.9, 12, 11.4)]  # touches a figure at (10, 12), from the south


def offer(game: Game) -> tuple[str, str]:
    """The pending heroic offer: (figure, heroic key)."""
    decision = game.decision()
    assert decision.kind == "heroic"
    return decision.context["figure"], decision.context["heroic"]


def heroic_events(game: Game) -> list[str]:
    return [e.what for e in game.log if isinstance(e, Note) and "Héroïsme" in e.what]


# -- Esquive au dernier moment --------------------------------------------------------------------
def test_a_dodge_cancels_a_hit_before_the_defence_roll() -> None:
    # ME31: the hero in cover is hit (4); it dodges: no Défense roll, no wound.
    game = scene([Put(0, SHOOTER, 10, 5), Put(1, HERO, 10, 12)], phase="tir", scenery=COVER,
                 dice=[4, 1])
    game.apply(f"shoot A.Tireur {RIFLE} B.Héros")
    assert offer(game) == ("B.Héros", "dodge")
    game.apply("heroic dodge")
    hero = figure(game, 1)
    assert hero.vitality == 2 and hero.heroism == 2 and hero.heroic_used == ["dodge"]
    assert [r[1] for r in rolls(game)] == [f"shot ({RIFLE.replace('-', ' ')})"] * 2


def test_a_dodge_is_once_a_turn() -> None:
    # ME31: the second hit of the volley is not offered a dodge; Défense (1) fails: 1 wound.
    game = scene([Put(0, SHOOTER, 10, 5), Put(1, HERO, 10, 12)], phase="tir", scenery=COVER,
                 dice=[4, 4, 1])
    game.apply(f"shoot A.Tireur {RIFLE} B.Héros")
    game.apply("heroic dodge")
    assert game.decision().kind == "heroic"  # the hero's Effort on its failed Défense
    assert offer(game) == ("B.Héros", "effort")
    game.apply("pass")
    assert figure(game, 1).vitality == 1 and figure(game, 1).heroism == 2


def test_a_dodge_cancels_a_melee_hit() -> None:
    game = scene([Put(0, CIBLE, 10, 10), Put(1, HERO, 10, 11.2)], phase="mêlée", dice=[5, 1])
    game.apply("fight A.Cible")
    assert offer(game) == ("B.Héros", "effort")  # its own melee roll failed
    game.apply("pass")
    assert offer(game) == ("B.Héros", "dodge")
    game.apply("heroic dodge")
    assert figure(game, 1).vitality == 2 and halted(game)


# -- Effort héroïque -------------------------------------------------------------------------------
def test_effort_rolls_a_failed_shot_again_and_the_new_face_stands() -> None:
    # ME31: shot 1 fails (2), rolled again (5): a hit. Shot 2 fails (1): no second effort.
    game = scene([Put(0, HERO, 10, 5), Put(1, CIBLE, 10, 12)], phase="tir", dice=[2, 5, 1])
    game.apply(f"shoot A.Héros {RIFLE} B.Cible")
    assert offer(game) == ("A.Héros", "effort")
    game.apply("heroic effort")
    assert [r[2] for r in rolls(game)] == [2, 5, 1] and halted(game)
    assert figure(game, 1).vitality == 2 and figure(game, 0).heroism == 2


def test_a_failed_effort_stands() -> None:
    game = scene([Put(0, HERO, 10, 5), Put(1, CIBLE, 10, 12)], phase="tir", dice=[2, 3, 6])
    game.apply(f"shoot A.Héros {RIFLE} B.Cible")
    game.apply("heroic effort")
    # the re-roll (3) fails and stands; the second shot (6) hits
    assert figure(game, 1).vitality == 2 and halted(game)


def test_effort_rolls_a_failed_defence_again() -> None:
    game = scene([Put(0, SHOOTER, 10, 5), Put(1, HERO, 10, 12)], phase="tir", scenery=COVER,
                 dice=[4, 2, 4, 1])
    game.apply(f"shoot A.Tireur {RIFLE} B.Héros")
    game.apply("pass")  # no dodge
    assert offer(game) == ("B.Héros", "effort")
    game.apply("heroic effort")  # Défense 2, again: 4, saved
    assert figure(game, 1).vitality == 2  # (and shot 2 missed)
    assert [r[1] for r in rolls(game)][1:3] == ["Défense", "Défense"]


def test_effort_rolls_a_failed_melee_roll_again() -> None:
    # ME31, ME27: the hero's melee roll (1) fails, again: 5; the opponent's 1 fails: the
    # hero hits.
    game = scene([Put(0, HERO, 10, 10), Put(1, CIBLE, 10, 11.2)], phase="mêlée",
                 dice=[1, 1, 5])
    game.apply("fight A.Héros")
    assert offer(game) == ("A.Héros", "effort")
    game.apply("heroic effort")
    assert figure(game, 1).vitality == 2


def test_effort_rolls_a_failed_power_roll_again() -> None:
    hero = target("Héros", heroism=1, shoot=5, traits="Projection (biotique)")
    game = scene([Put(0, hero, 10, 5), Put(1, CIBLE, 10, 10)], phase="pouvoirs", dice=[1, 5])
    game.apply("power A.Héros Projection B.Cible")
    game.apply("heroic effort")
    assert figure(game, 1).y == 32.5 and figure(game, 0).heroism == 0


def test_effort_rolls_a_failed_opportunity_attack_again() -> None:
    # ME30: the hero attacks a figure disengaging from it.
    game = scene([Put(0, CIBLE, 10, 10), Put(1, HERO, 10, 11.2)], dice=[1, 6])
    game.apply("walk A.Cible 25,17.5 270")
    assert offer(game) == ("B.Héros", "effort")
    game.apply("heroic effort")
    assert figure(game, 0).vitality == 2 and figure(game, 0).y == 17.5


# -- Tenir bon ------------------------------------------------------------------------------------
def test_tenir_bon_keeps_the_hero_in_action_with_1_vitalite_for_2_points() -> None:
    game = scene([Put(0, SHOOTER, 10, 5), Put(1, HERO, 10, 12)], phase="tir", dice=[4, 4])
    game.apply(f"shoot A.Tireur {RIFLE} B.Héros")
    game.apply("pass")  # no dodge: 1 wound
    game.apply("pass")  # no dodge again (still allowed: it was declined)
    assert offer(game) == ("B.Héros", "stand")
    game.apply("heroic stand")
    hero = figure(game, 1)
    assert hero.in_action and hero.vitality == 1 and hero.heroism == 1


def test_tenir_bon_needs_2_points() -> None:
    hero = target("Héros", vitality=1, heroism=1)
    game = scene([Put(0, SHOOTER, 10, 5), Put(1, hero, 10, 12)], phase="tir", dice=[4])
    game.apply(f"shoot A.Tireur {RIFLE} B.Héros")
    game.apply("pass")  # the dodge (1 point) declined
    assert figure(game, 1).out and halted(game)


def test_tenir_bon_is_once_a_turn() -> None:
    hero = target("Héros", vitality=1, heroism=5)
    game = scene([Put(0, SHOOTER, 10, 5), Put(1, hero, 10, 12)], phase="tir", dice=[4, 4])
    game.apply(f"shoot A.Tireur {RIFLE} B.Héros")
    game.apply("pass")
    game.apply("heroic stand")
    game.apply("pass")
    assert figure(game, 1).out and figure(game, 1).heroism == 3


# -- Action groupée -------------------------------------------------------------------------------
GROUP = [Put(0, HERO, 10, 5), Put(0, SHOOTER, 13, 5), Put(0, SHOOTER, 20, 5),
         Put(1, CIBLE, 10, 14), Put(1, SHOOTER, 20, 14)]


def test_action_groupee_friends_within_4_pas_act_right_after_the_hero() -> None:
    # ME31: after the hero shoots, its friend 1.8 pas away acts before B; the one 8.8 pas
    # away cannot be called.
    game = scene(GROUP, phase="tir", dice=[4, 4])
    game.apply(f"shoot A.Héros {RIFLE} B.Cible")
    decision = game.decision()
    assert (decision.kind, decision.player) == ("group", 0)
    assert [str(a) for a in game.legal_actions()] == ["pass", "group A.Tireur"]
    with pytest.raises(IllegalActionError, match="ME31"):
        game.apply("group A.Tireur-2")
    game.apply("group A.Tireur")
    assert figure(game, 0).heroism == 2
    assert game.decision().player == 0
    offered = {str(a).split()[1] for a in game.legal_actions()}
    assert offered == {"A.Tireur"}  # only the friend called; no pass
    game.apply("hold A.Tireur")
    assert game.decision().player == 1


def test_action_groupee_takes_two_friends_in_either_order() -> None:
    game = scene([Put(0, HERO, 10, 5), Put(0, SHOOTER, 13, 5), Put(0, SHOOTER, 7, 5),
                  Put(1, CIBLE, 10, 14)], phase="tir", dice=[4, 4])
    game.apply(f"shoot A.Héros {RIFLE} B.Cible")
    game.apply("group A.Tireur-2 A.Tireur")
    game.apply("hold A.Tireur-2")
    game.apply("hold A.Tireur")
    assert halted(game)  # B's Cible has no gun


def test_action_groupee_may_be_declined_and_costs_nothing() -> None:
    game = scene(GROUP, phase="tir", dice=[4, 4])
    game.apply(f"shoot A.Héros {RIFLE} B.Cible")
    game.apply("pass")
    assert game.decision().player == 1 and figure(game, 0).heroism == 3


def test_action_groupee_goes_on_if_a_friend_called_falls() -> None:
    # ME31: the grenadier's blast (Explosif (1)) takes out the other friend called, who can
    # no longer act: the phase goes on with B's pick.
    grenadier = target("Grenadier", equipment="Grenade à fragmentation")
    frail = target("Fragile", vitality=1, equipment="Arme de mêlée, Fusil mitrailleur")
    game = scene([Put(0, HERO, 10, 5), Put(0, grenadier, 12, 5), Put(0, frail, 14, 5),
                  Put(1, CIBLE, 14, 7), Put(1, SHOOTER, 5, 15)], phase="tir",
                 dice=[4, 4, 4])
    game.apply(f"shoot A.Héros {RIFLE} B.Tireur")
    game.apply("group A.Grenadier A.Fragile")
    game.apply("shoot A.Grenadier Grenade-à-fragmentation B.Cible")
    assert figure(game, 2).out
    decision = game.decision()
    assert (decision.kind, decision.player) == ("tir", 1)


# -- the pool -------------------------------------------------------------------------------------
def test_points_spent_never_come_back_and_each_action_is_once_a_turn() -> None:
    game = scene([Put(0, SHOOTER, 10, 5), Put(1, HERO, 10, 12)], phase="tir", dice=[4, 1])
    game.apply(f"shoot A.Tireur {RIFLE} B.Héros")
    game.apply("heroic dodge")
    hero = figure(game, 1)
    hero.new_turn()
    assert hero.heroism == 2 and hero.heroic_used == []


def test_a_figure_without_heroism_is_offered_nothing() -> None:
    game = scene([Put(0, SHOOTER, 10, 5), Put(1, CIBLE, 10, 12)], phase="tir", dice=[1, 1])
    game.apply(f"shoot A.Tireur {RIFLE} B.Cible")
    assert halted(game) and heroic_events(game) == [] and st(game).figures[1].heroism == 0


def test_effort_rolls_a_failed_qualite_roll_again() -> None:
    # ME31 («one of the hero's own D6 rolls»), ME14: Télécharger on Qualité 4+: 2, then 5.
    game = scene([Put(0, HERO, 10, 16.8), Put(1, CIBLE, 30, 32)], phase="actions spéciales",
                 scenario="Extraction de données", dice=[2, 5])
    game.apply("special A.Héros download terminal-1")
    assert offer(game) == ("A.Héros", "effort")
    game.apply("heroic effort")
    assert figure(game, 0).carries == ["data-terminal-1"] and halted(game)


SHIELDED = target("Héros", vitality=2, heroism=3, traits="Bouclier (5+, 1), Barrière (5+, 1)")


@pytest.mark.parametrize(("faces", "barrier_rolled", "vitality"), [
    ([4, 1, 5, 1], False, 2),  # Bouclier 1, again 5: saved; (shot 2 misses)
    ([4, 1, 2, 6, 1], True, 2),  # Bouclier 1, again 2; Barrière 6: saved
    ([4, 1, 2, 1, 1], True, 1),  # all fail: 1 wound
])
def test_effort_rolls_a_failed_protection_roll_again(faces: list[int], barrier_rolled: bool,
                                                     vitality: int) -> None:
    game = scene([Put(0, SHOOTER, 10, 5), Put(1, SHIELDED, 10, 12)], phase="tir", dice=faces)
    game.apply(f"shoot A.Tireur {RIFLE} B.Héros")
    game.apply("pass")  # no dodge
    assert offer(game) == ("B.Héros", "effort")
    assert "Bouclier" in game.decision().prompt
    game.apply("heroic effort")
    hero = figure(game, 1)
    assert hero.shield_uses == 0 and (hero.barrier_uses == 0) is barrier_rolled
    assert hero.vitality == vitality


def test_action_groupee_follows_a_hero_who_holds() -> None:
    # ME31: «the hero is picked»; a pick that declines is a pick (ME15).
    game = scene(GROUP, phase="tir")
    game.apply("hold A.Héros")
    assert game.decision().kind == "group"
    game.apply("group A.Tireur")
    assert game.decision().player == 0


def test_no_action_groupee_once_the_hero_spent_his_last_point_on_his_own_roll() -> None:
    # ME31 (found by the soak): a hero with 1 point picked to shoot, who spends it on an
    # Effort héroïque, has nothing left for an Action groupée (Héroïsme never below 0).
    poor = target("Héros", vitality=2, heroism=1, equipment="Arme de mêlée, Fusil mitrailleur")
    game = scene([Put(0, poor, 10, 5), Put(0, SHOOTER, 13, 5), Put(1, CIBLE, 10, 14)],
                 phase="tir", dice=[1, 1, 2])
    game.apply(f"shoot A.Héros {RIFLE} B.Cible")
    game.apply("pass")  # the first shot's Effort declined
    game.apply("heroic effort")  # the second shot's: the last point
    assert figure(game, 0).heroism == 0
    assert game.decision().kind != "group"
