"""Phase de mouvement, scenario by scenario (docs/masseffect.md ME2, ME10-ME12, ME17, ME30)."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from tests.games.masseffect.table import Put, at, figure, halted, kinds, rolls, scene, st, wall

SOLDIER = "Soldat de l'Alliance"  # Mêlée 5+, Vitalité 2, Bouclier (5+, 1), Arme de mêlée
MERC = "Mercenaire"  # Vitalité 1, Mêlée 5+, Arme de mêlée
DRONE = "Drone de combat geth"  # Déplacement (6), 25 mm base
A, B = "A.Soldat-de-l'Alliance", "B.Soldat-de-l'Alliance"
A2, B2 = "A.Soldat-de-l'Alliance-2", "B.Soldat-de-l'Alliance-2"


def refused(game: Game, action: str, rule: str) -> None:
    """The action is refused with an error naming ``rule``, and nothing changes."""
    before = game.state_hash()
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert rule in str(error.value)
    assert game.state_hash() == before


# -- ME10: who moves when ----------------------------------------------------------------------
def test_the_initiative_player_moves_all_his_figures_then_the_other_player() -> None:
    # ME10: «tous ses personnages à la fois»: B has the initiative and moves both his figures
    # before A moves any; A's figures are not offered meanwhile.
    game = scene([Put(0, SOLDIER, 5, 2), Put(0, SOLDIER, 15, 2), Put(1, SOLDIER, 5, 30),
                  Put(1, SOLDIER, 15, 30)], initiative=1)
    players = []
    for ref in (B2, B, A, A2):
        decision = game.decision()
        players.append(decision.player)
        offered = {str(a).split()[1] for a in game.legal_actions()}
        assert offered == set(decision.context["figures"])
        game.apply(f"stay {ref} 0")
    assert players == [1, 1, 0, 0]
    assert halted(game)


def test_a_figure_takes_exactly_one_movement_action() -> None:
    game = scene([Put(0, SOLDIER, 5, 2), Put(0, SOLDIER, 15, 2), Put(1, SOLDIER, 5, 30)])
    game.apply(f"walk {A} {at(5, 5)} 90")
    assert all(not str(a).startswith(("stay A.Soldat-de-l'Alliance ",
                                       "walk A.Soldat-de-l'Alliance ",
                                       "run A.Soldat-de-l'Alliance "))
               for a in game.legal_actions())
    refused(game, f"stay {A} 90", "ME10")


def test_a_walk_goes_up_to_4_pas() -> None:
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 30, 30)])
    refused(game, f"walk {A} {at(10, 9.1)} 90", "ME10")
    game.apply(f"walk {A} {at(10, 9)} 90")
    assert (figure(game, 0).x, figure(game, 0).y) == (25.0, 22.5)
    assert figure(game, 0).moved == "walk"


def test_a_run_goes_up_to_8_pas() -> None:
    # ME11: «jusqu'à deux fois sa valeur de déplacement».
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 30, 30)])
    refused(game, f"run {A} {at(10, 13.1)} 90", "ME10")
    game.apply(f"run {A} {at(10, 13)} 90")
    assert figure(game, 0).y == 32.5 and figure(game, 0).moved == "run"


def test_deplacement_x_replaces_the_4_pas() -> None:
    # ME10: the geth drone has Déplacement (6): it walks 6 pas and runs 12.
    game = scene([Put(0, DRONE, 10, 5), Put(0, DRONE, 20, 5), Put(1, SOLDIER, 30, 30)])
    drone, drone2 = "A.Drone-de-combat-geth", "A.Drone-de-combat-geth-2"
    refused(game, f"walk {drone} {at(10, 11.1)} 90", "ME10")
    game.apply(f"walk {drone} {at(10, 11)} 90")
    refused(game, f"run {drone2} {at(20, 17.1)} 90", "ME10")
    game.apply(f"run {drone2} {at(20, 17)} 90")
    assert figure(game, 1).y == 42.5


def test_an_illegal_destination_is_refused_and_the_game_is_unchanged() -> None:
    # ME17: not through scenery, not through a figure (friend or foe), not off the table.
    game = scene([Put(0, SOLDIER, 10, 5), Put(0, SOLDIER, 10, 7), Put(1, SOLDIER, 20, 5)],
                 scenery=[wall("w", 2, 6.5, 8, 7.5, sight="opaque")])
    refused(game, f"walk {A2} {at(5, 7)} 90", "ME10")  # inside the wall
    refused(game, f"walk {A} {at(10, 8.5)} 90", "ME10")  # through its friend
    refused(game, f"walk {A} {at(20, 5)} 90", "ME10")  # onto the enemy
    refused(game, f"walk {A} {at(10, 0.3)} 90", "ME10")  # off the table
    refused(game, f"walk {A} {at(10, 6)} 400", "ME2")  # no such facing
    refused(game, f"walk B.Soldat-de-l'Alliance {at(20, 7)} 90", "ME10")  # not his turn


def test_a_walk_goes_around_scenery_within_the_allowance() -> None:
    # ME17: «n'importe quelle trajectoire permise par les décors»: around a wall, the path
    # is longer than the straight line.
    walls = [wall("w", 8, 6.5, 12, 7.5, sight="opaque")]
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 30, 30)], scenery=walls)
    refused(game, f"walk {A} {at(10, 9)} 90", "ME10")  # 4 pas straight, but through the wall
    game.apply(f"run {A} {at(10, 9)} 90")  # around it: less than 8 pas
    assert figure(game, 0).y == 22.5


# -- ME17, ME2: charges --------------------------------------------------------------------------
def test_a_move_ending_in_contact_is_a_charge_recorded_on_the_charged_figure() -> None:
    # ME17: A walks into base contact from B's front: B records the charge, not from the rear.
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 10, facing=270)])
    game.apply(f"walk {A} {at(10, 8.8)} 90")
    charged = figure(game, 1)
    assert charged.chargers == [A] and charged.rear_chargers == []
    assert st(game).engaged(figure(game, 0))
    assert figure(game, 0).chargers == []  # the charger is not charged


def test_a_charge_that_ends_in_the_rear_arc_is_recorded_as_such() -> None:
    # ME2: B faces away (north); A ends south of B's centre: the rear arc.
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 10, facing=90)])
    game.apply(f"walk {A} {at(10, 8.8)} 90")
    assert figure(game, 1).chargers == [A] and figure(game, 1).rear_chargers == [A]


def test_a_run_may_end_in_a_charge() -> None:
    # ME11: a run may end in contact: a charge.
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 13, facing=270)])
    charges = [a for a in game.legal_actions() if str(a).startswith(f"run {A} ")]
    assert charges  # the charge is offered as a run (beyond 4 pas)
    game.apply(f"run {A} {at(10, 11.8)} 90")
    assert figure(game, 1).chargers == [A] and figure(game, 0).moved == "run"


def test_the_charge_offered_ends_in_contact() -> None:
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 12, 9, facing=270)])
    walks = [a for a in game.legal_actions() if str(a).startswith(f"walk {A} ")]
    game.apply(walks[-1])
    assert figure(game, 1).chargers == [A]


# -- ME30: engaged figures and disengagement -----------------------------------------------------
def test_an_engaged_figure_may_only_stay_or_disengage() -> None:
    # ME10, ME30: every walk or run offered ends out of contact; one ending in contact is refused.
    game = scene([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 10, 11.2)])
    for action in game.legal_actions():
        if not str(action).startswith("stay"):
            to = action.to  # type: ignore[attr-defined]
            assert ((to.x - 25) ** 2 + (to.y - 28) ** 2) ** 0.5 > 3.05
    refused(game, f"walk {A} {at(11.2, 11.2)} 0", "ME30")  # slides round, still touching


def test_disengaging_takes_the_opportunity_attacks_first_then_moves() -> None:
    # ME30, ME29: B's opportunity attack (5 on Mêlée 5+) hits before A moves: 1 wound, no
    # Bouclier roll; then A walks away and has disengaged (moved: no ME12 bonus).
    game = scene([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 10, 11.2)], dice=[5])
    game.apply(f"walk {A} {at(10, 7)} 270")
    mover = figure(game, 0)
    assert rolls(game) == [(B, "opportunity attack", 5)]
    assert mover.vitality == 1 and mover.shield_uses == 0
    assert (mover.y, mover.facing) == (17.5, 270.0)
    assert mover.disengaged and mover.moved == "walk"
    order = [k for k in kinds(game) if k in ("me.roll", "me.wound", "me.move")]
    assert order == ["me.roll", "me.wound", "me.move"]
    assert not st(game).engaged(mover)


def test_every_enemy_in_contact_makes_an_opportunity_attack_on_a_disengaging_figure() -> None:
    game = scene([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 10, 11.2),
                  Put(1, SOLDIER, 11.2, 10)], dice=[1, 2])
    game.apply(f"run {A} {at(4, 10)} 180")
    assert [r[0] for r in rolls(game)] == [B, B2]
    assert figure(game, 0).x == 10.0 and figure(game, 0).vitality == 2


def test_a_figure_taken_out_while_disengaging_does_not_move() -> None:
    # ME30: «Puis il effectue son déplacement» only if still in action.
    game = scene([Put(0, MERC, 10, 10), Put(1, SOLDIER, 10, 11.2), Put(1, SOLDIER, 30, 30)],
                 dice=[6])
    game.apply(f"walk A.Mercenaire {at(10, 7)} 270")
    mover = figure(game, 0)
    assert mover.out and (mover.x, mover.y) == (25.0, 25.0)
    assert "me.move" not in kinds(game)


def test_a_disengaging_figure_may_charge_another_enemy() -> None:
    # ME30: «It may charge others».
    game = scene([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 10, 11.2),
                  Put(1, SOLDIER, 13.2, 10, facing=180)], dice=[1, 1])
    refused(game, f"walk {A} {at(11.2, 11.2)} 0", "ME30")  # still touches B
    game.apply(f"walk {A} {at(12, 10)} 0")
    assert figure(game, 2).chargers == [A]
    assert figure(game, 1).chargers == []


def test_an_engaged_figure_may_stay_without_opportunity_attacks() -> None:
    game = scene([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 10, 11.2)])
    game.apply(f"stay {A} 90")
    assert rolls(game) == [] and figure(game, 0).moved == "stay"


# -- ME2, ME12: facing and staying ---------------------------------------------------------------
def test_stay_sets_the_facing_without_moving() -> None:
    # ME2, ME12: turning in place is staying.
    game = scene([Put(0, SOLDIER, 10, 5, facing=90), Put(1, SOLDIER, 30, 30)])
    game.apply(f"stay {A} 45")
    mover = figure(game, 0)
    assert (mover.x, mover.y, mover.facing, mover.moved) == (25.0, 12.5, 45.0, "stay")


def test_a_walk_sets_the_facing_at_its_end() -> None:
    game = scene([Put(0, SOLDIER, 10, 5, facing=90), Put(1, SOLDIER, 30, 30)])
    game.apply(f"walk {A} {at(12, 5)} 180")
    assert figure(game, 0).facing == 180.0


# -- ME11: running -------------------------------------------------------------------------------
def test_a_figure_that_ran_cannot_use_a_power_shoot_or_take_a_special_action() -> None:
    # ME11: the adept runs; in the following phases it is never offered; its friend who
    # walked may still shoot.
    adept = "Adepte de l'Alliance"
    game = scene([Put(0, adept, 10, 5), Put(0, SOLDIER, 14, 5), Put(1, SOLDIER, 10, 20)],
                 phase=("mouvement", "pouvoirs", "tir"), dice=[1, 1])
    game.apply(f"run A.Adepte-de-l'Alliance {at(10, 10)} 90")
    game.apply(f"walk {A} {at(14, 8)} 90")
    game.apply(f"stay {B} 270")
    assert game.decision().kind == "tir"  # nobody could use a power
    offered = [str(a) for a in game.legal_actions()]
    assert not [a for a in offered if "Adepte" in a]
    assert f"shoot {A} Fusil-mitrailleur {B}" in offered


# -- ME43, ME11: added with docs/masseffect.md's engine rulings ----------------------------------
def test_brushing_past_an_enemy_is_not_a_charge() -> None:
    # ME43: the straight walk runs tangent to B's base half way and carries on; it ends out of
    # contact, so it is no charge and nobody is engaged.
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 11.2, 7, facing=180)])
    game.apply(f"walk {A} {at(10, 8.5)} 90")
    assert (figure(game, 0).x, figure(game, 0).y) == (25.0, 21.25)
    assert figure(game, 1).chargers == [] and not st(game).engaged(figure(game, 0))


def test_a_figure_that_ran_still_fights_in_the_melee_phase() -> None:
    # ME11: «Il pourra tout de même effectuer une mêlée»: A runs into a charge, then fights.
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 13, facing=270)],
                 phase=("mouvement", "mêlée"), dice=[1, 1])
    game.apply(f"run {A} {at(10, 11.8)} 90")
    game.apply(f"stay {B} 270")
    assert game.decision().kind == "fight"
    game.apply(f"fight {A}")
    assert rolls(game) == [(A, "melee", 1), (B, "melee", 1)] and halted(game)


def test_a_figure_may_end_a_move_on_a_marker() -> None:
    # ME46: markers block neither movement nor sight: A walks onto objective-1 at (9, 18).
    game = scene([Put(0, SOLDIER, 9, 15), Put(1, SOLDIER, 30, 30)], scenario="Tenir la position")
    game.apply(f"walk {A} {at(9, 18)} 90")
    assert (figure(game, 0).x, figure(game, 0).y) == (22.5, 45.0)


# -- listing again (issue 43) --------------------------------------------------------------------
def test_options_listed_again_after_a_friend_moves_are_those_worked_out_afresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A figure's options stand while the friend that moved stays out of its run's reach; one
    # within reach, before or after, or any enemy moving, has them worked out again. Either
    # way they are what movement_options finds.
    from skirmish.games.masseffect.phases import movement

    game = scene([Put(0, SOLDIER, 5, 2), Put(0, SOLDIER, 60, 2), Put(0, SOLDIER, 12, 4),
                  Put(1, SOLDIER, 5, 80), Put(1, SOLDIER, 60, 80)])
    worked_out: list[str] = []
    real = movement.movement_options

    def counting(state: Any, figure: Any, *rest: Any) -> Any:
        worked_out.append(str(figure.ref))
        return real(state, figure, *rest)

    def fresh() -> list[str]:
        state = st(game)
        player = game.decision().player
        return [str(a) for f in movement.movers(state, player) for a in real(state, f)]

    monkeypatch.setattr(movement, "movement_options", counting)
    assert [str(a) for a in game.legal_actions()] == fresh()
    worked_out.clear()
    game.apply(f"walk {A} {at(5, 6)} 90")  # near A3 (12, 4), far from A2 (60, 2)
    assert [str(a) for a in game.legal_actions()] == fresh()
    assert worked_out == [A + "-3"]  # A2's options stand, A3's are worked out again
