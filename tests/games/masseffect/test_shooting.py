"""Phase de tir, scenario by scenario (docs/masseffect.md ME16, ME21-ME26, ME12, ME32)."""

from __future__ import annotations

import pytest

from skirmish.core.errors import IllegalActionError
from skirmish.games.masseffect.state import MEState
from tests.games.masseffect.cards import target
from tests.games.masseffect.table import Put, figure, scene, st, wall

SOLDIER = "Soldat de l'Alliance"  # Tir 4+, Défense 4+, Bouclier (5+, 1), Vitalité 2
VETERAN = "Mercenaire vétéran"  # Tir 4+, Bouclier (6+, 1), Munitions incendiaires
RIFLE = "Fusil-mitrailleur"  # 16 pas, 1 damage, Tirs (2)


def test_two_shots_each_resolved_before_the_next_and_the_shield_once_per_phase() -> None:
    # ME16, ME24: shot 1 hits (4), the Bouclier saves it (5) and is spent; shot 2 hits (6),
    # no use left: 1 wound.
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 15)], phase="tir",
                 dice=[4, 5, 6])
    game.apply(f"shoot A.Soldat-de-l'Alliance {RIFLE} B.Soldat-de-l'Alliance")
    target = figure(game, 1)
    assert target.shield_uses == 0
    assert target.vitality == 1
    assert game.dice.remaining == 0  # type: ignore[attr-defined]


def test_incendiary_ammunition_passes_the_shield() -> None:
    # ME24: «munitions incendiaires … passer outre les boucliers adverses»: two hits, no
    # Bouclier roll, two wounds: out of action.
    game = scene([Put(0, VETERAN, 10, 5), Put(1, SOLDIER, 10, 15)], phase="tir", dice=[4, 4])
    game.apply(f"shoot A.Mercenaire-vétéran {RIFLE} B.Soldat-de-l'Alliance")
    target = figure(game, 1)
    assert target.out and target.shield_uses == 1


def test_cover_gives_a_defence_roll_and_a_far_obstacle_minus_one() -> None:
    # ME22, ME23: a low wall in contact with the target (cover) and one half way (obstacle).
    walls = [wall("near", 4, 13.8, 16, 14.4), wall("far", 9.8, 9.5, 12, 10)]
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 15)], phase="tir",
                 scenery=walls, dice=[5, 4, 4, 3, 5])
    # shot 1: 5-1 = 4 hits; Défense 4 saves. shot 2: 4-1 = 3 misses. (2 dice left unused)
    game.apply(f"shoot A.Soldat-de-l'Alliance {RIFLE} B.Soldat-de-l'Alliance")
    rolls = [e for e in game.log if e.kind == "me.roll"]
    assert [(r.roll, r.face, r.modifier, r.success) for r in rolls] == [  # type: ignore[attr-defined]
        (f"shot ({RIFLE.replace('-', ' ')})", 5, -1, True), ("Défense", 4, 0, True),
        (f"shot ({RIFLE.replace('-', ' ')})", 4, -1, False)]
    assert figure(game, 1).vitality == 2


def test_the_stationary_bonus() -> None:
    # ME12: a figure that stayed adds 1: a 3 hits a 4+ shooter.
    game = scene([Put(0, VETERAN, 10, 5), Put(1, SOLDIER, 10, 15)], phase="tir",
                 dice=[3, 1], moved={0: "stay"})
    game.apply(f"shoot A.Mercenaire-vétéran {RIFLE} B.Soldat-de-l'Alliance")
    assert figure(game, 1).vitality == 1


def test_a_figure_that_ran_cannot_shoot() -> None:
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 15)], phase="tir",
                 moved={0: "run"})
    with pytest.raises(IllegalActionError):
        game.apply(f"shoot A.Soldat-de-l'Alliance {RIFLE} B.Soldat-de-l'Alliance")


def test_out_of_range_and_hidden_by_a_nearer_enemy() -> None:
    # ME21: 20 pas is beyond the rifle's 16; a second enemy in the line hides the first.
    game = scene([Put(0, SOLDIER, 10, 2), Put(1, SOLDIER, 10, 23), Put(1, VETERAN, 20, 12),
                  Put(1, SOLDIER, 20, 6)], phase="tir")
    state = st(game)
    actions = [str(a) for a in game.legal_actions()]
    assert f"shoot A.Soldat-de-l'Alliance {RIFLE} B.Soldat-de-l'Alliance" not in actions
    # The veteran at (20,12) is behind the soldier at (20,6) seen from (10,2)? Not exactly in
    # line; the second soldier is the nearer enemy and may be shot.
    assert f"shoot A.Soldat-de-l'Alliance {RIFLE} B.Soldat-de-l'Alliance-2" in actions
    assert state.figure("B.Soldat-de-l'Alliance").in_action


def test_no_shot_at_an_engaged_figure_but_a_counter_charge_shot_at_minus_one() -> None:
    # ME21, ME26: B's soldier charged A's soldier this turn (in contact): A may shoot it at
    # -1; A's veteran may not shoot into the melee.
    game = scene([Put(0, SOLDIER, 10, 10), Put(0, VETERAN, 20, 5),
                  Put(1, SOLDIER, 10, 11.2)], phase="tir", dice=[5, 5, 6],
                 prepare=lambda s: s.figures[0].chargers.append("B.Soldat-de-l'Alliance"))
    actions = [str(a) for a in game.legal_actions()]
    assert f"shoot A.Mercenaire-vétéran {RIFLE} B.Soldat-de-l'Alliance" not in actions
    game.apply(f"shoot A.Soldat-de-l'Alliance {RIFLE} B.Soldat-de-l'Alliance")
    rolls = [e for e in game.log if e.kind == "me.roll"]
    assert rolls[0].modifier == -1  # type: ignore[attr-defined]
    assert figure(game, 0).counter_charged


def test_no_counter_charge_against_a_charger_from_the_rear() -> None:
    # ME2 under me-rear-counter-charge=forbidden (the engine's reading before issue 47;
    # test_house_rules.py pins both): the charger ended in the rear arc: no counter-charge.
    def charged_from_behind(state: MEState) -> None:
        state.figures[0].chargers.append("B.Soldat-de-l'Alliance")
        state.figures[0].rear_chargers.append("B.Soldat-de-l'Alliance")
        state.house_rules = {"me-rear-counter-charge": "forbidden"}

    game = scene([Put(0, SOLDIER, 10, 10, facing=90), Put(1, SOLDIER, 10, 8.8)], phase="tir",
                 prepare=charged_from_behind)
    assert not [a for a in game.legal_actions() if str(a).startswith("shoot A.")]


GRENADIER = target("Grenadier", equipment="Arme de mêlée, Grenade à fragmentation")


def test_an_explosion_hits_every_other_figure_near_the_target_friend_or_foe() -> None:
    # ME32 Explosif (1): the Cible 0.8 pas from the target and the shooter's friend 0.7 pas
    # from it take a hit too; the figure 1.2 pas away does not.
    game = scene([Put(0, GRENADIER, 10, 5), Put(1, target(), 15, 10),
                  Put(1, target(), 15, 12), Put(0, target("Ami"), 13.1, 10),
                  Put(1, target(), 17.4, 10)], phase="tir", dice=[4])
    game.apply("shoot A.Grenadier Grenade-à-fragmentation B.Cible")
    hurt = [e.figure for e in game.log if e.kind == "me.wound"]  # type: ignore[attr-defined]
    assert hurt == ["B.Cible", "A.Ami", "B.Cible-2"]
    assert figure(game, 0).uses == {"Grenade à fragmentation": 1}


def test_a_grenade_thrown_at_a_charger_in_contact_hits_the_thrower_too() -> None:
    # ME26, ME32: a counter-charge shot (5 - 1 hits on Tir 4+); the thrower is within 1 pas
    # of its target: «every other figure … friend or foe».
    game = scene([Put(0, GRENADIER, 10, 10), Put(1, target(), 10, 11.2)], phase="tir",
                 dice=[5], prepare=lambda s: s.figures[0].chargers.append("B.Cible"))
    game.apply("shoot A.Grenadier Grenade-à-fragmentation B.Cible")
    assert figure(game, 0).vitality == 2 and figure(game, 1).vitality == 2


def test_the_remaining_shots_are_lost_once_the_target_is_out() -> None:
    # ME16: the rifle's first shot takes the target out; the second is not rolled.
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, target(vitality=1), 10, 15),
                  Put(1, target(), 30, 34)], phase="tir", dice=[4])
    game.apply(f"shoot A.Soldat-de-l'Alliance {RIFLE} B.Cible")
    assert figure(game, 1).out
    assert [e.roll for e in game.log if e.kind == "me.roll"] == [  # type: ignore[attr-defined]
        f"shot ({RIFLE.replace('-', ' ')})"]
    assert game.dice.remaining == 0  # type: ignore[attr-defined]


def test_a_blast_hits_the_others_even_if_the_target_is_saved() -> None:
    # ME47: the grenade's roll succeeds; the target's cover saves it (Défense 4), but the
    # figure 0.1 pas behind it, out of cover, still takes the blast's hit.
    game = scene([Put(0, GRENADIER, 10, 5), Put(1, target(), 10, 12),
                  Put(1, target(), 10, 13.3)], phase="tir",
                 scenery=[wall("cover", 8, 10.9, 12, 11.4)], dice=[4, 4])
    game.apply("shoot A.Grenadier Grenade-à-fragmentation B.Cible")
    assert [e.roll for e in game.log if e.kind == "me.roll"] == [  # type: ignore[attr-defined]
        "shot (Grenade à fragmentation)", "Défense"]
    assert figure(game, 1).vitality == 3 and figure(game, 2).vitality == 2


def test_a_lourd_weapon_fires_only_after_staying() -> None:
    # ME16, ME32: the Fusil de précision (Lourd) is offered to a sniper who stayed, not to
    # one who walked.
    sniper = target("Tireur", equipment="Arme de mêlée, Fusil de précision")
    for moved, offered in (("walk", False), ("stay", True)):
        game = scene([Put(0, sniper, 10, 5), Put(1, target(), 10, 25)], phase="tir",
                     moved={0: moved})
        shots = [str(a) for a in game.legal_actions() if str(a).startswith("shoot")]
        assert shots == (["shoot A.Tireur Fusil-de-précision B.Cible"] if offered else [])


def test_a_figure_hidden_from_the_shooter_rolls_defence_against_the_blast() -> None:
    # ME47: an opaque block hides the second figure completely from the grenadier (no shot
    # at it is possible) but not the target: the blast reaches it, and it rolls Défense (4:
    # saved) as it would behind a low wall.
    block = wall("bloc", 8.8, 12.3, 9.2, 14.5, sight="opaque")
    game = scene([Put(0, GRENADIER, 4, 12), Put(1, target(), 10, 12),
                  Put(1, target(), 10, 13.3)], phase="tir", scenery=[block],
                 dice=[6, 4])
    state = st(game)
    from skirmish.games.masseffect.combat.targeting import targeting

    def seen(index: int) -> bool:
        return targeting(state.figures[0].base, state.figures[index].base, enemies=[],
                         friends=[], elements=state.elements(), range_cm=None).allowed

    assert seen(1) and not seen(2)
    game.apply("shoot A.Grenadier Grenade-à-fragmentation B.Cible")
    rolls = [(e.figure, e.roll) for e in game.log if e.kind == "me.roll"]  # type: ignore[attr-defined]
    assert rolls == [("A.Grenadier", "shot (Grenade à fragmentation)"), ("B.Cible-2", "Défense")]
    assert figure(game, 1).vitality == 2 and figure(game, 2).vitality == 3
