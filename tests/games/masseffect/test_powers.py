"""Phase de pouvoirs, scenario by scenario (docs/masseffect.md ME12, ME15, ME18-ME20, ME24,
ME33-ME35)."""

from __future__ import annotations

import pytest

from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.games.masseffect.state import MEState
from tests.games.masseffect.cards import SHOCK, shocker, target
from tests.games.masseffect.table import Put, at, figure, halted, rolls, scene, st, wall

ADEPT = "Adepte de l'Alliance"  # Tir 5+, Barrière (5+, 1), Projection, Distorsion (8/10 pas)
ASARI = "Biotique asari"  # Tir 5+, Barrière (4+, 1), Singularité, Attraction
SOLDIER = "Soldat de l'Alliance"  # Bouclier (5+, 1), Vitalité 2
ENGINEER = "Ingénieur de l'Alliance"  # Tir 5+, Surcharge, Incinération, Pistolet lourd
MEDIC = "Ingénieur de Cerberus"  # Tir 5+, Qualité 4+, Incinération, Unité de soins
KROGAN = "Guerrier krogan"  # Mêlée 3+, Armure (2), Rage sanguinaire
PRIMARCH = "Primat geth"  # Consensus (ally, 6 pas)
TROOPER = "Fantassin geth"  # Tir 4+, Bouclier (5+, 1), Fusil à impulsions
PHANTOM = "Fantôme de Cerberus"  # Tir 4+, Charge biotique
AGENT = "Agent Corvin Hale"  # Bouclier (4+, 2), Régénération de bouclier, Héroïsme 2
GUARD = "Garde de Cerberus"  # Armure (2), Vitalité 2
CIBLE = target()  # Vitalité 3, Défense 4+, no protection
A_ADEPT, B_CIBLE = "A.Adepte-de-l'Alliance", "B.Cible"


def refused(game: Game, action: str, rule: str) -> None:
    before = game.state_hash()
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert rule in str(error.value)
    assert game.state_hash() == before


def offered(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def pas(cm: float) -> float:
    return round(cm / 2.5, 3)


# -- ME15: the alternation -----------------------------------------------------------------------
def test_players_alternate_picks_the_initiative_player_first() -> None:
    game = scene([Put(0, ADEPT, 10, 5), Put(0, ADEPT, 20, 5), Put(1, ADEPT, 10, 12),
                  Put(1, ADEPT, 20, 12)], phase="pouvoirs", initiative=1)
    players = []
    for ref in ("B.Adepte-de-l'Alliance", A_ADEPT, "B.Adepte-de-l'Alliance-2",
                "A.Adepte-de-l'Alliance-2"):
        players.append(game.decision().player)
        game.apply(f"hold {ref}")
    assert players == [1, 0, 1, 0] and halted(game)


def test_when_a_player_has_no_figure_left_the_other_finishes() -> None:
    game = scene([Put(0, ADEPT, 10, 5), Put(1, ADEPT, 10, 12), Put(1, ADEPT, 13, 12)],
                 phase="pouvoirs")
    players = []
    for ref in (A_ADEPT, "B.Adepte-de-l'Alliance", "B.Adepte-de-l'Alliance-2"):
        players.append(game.decision().player)
        game.apply(f"hold {ref}")
    assert players == [0, 1, 1] and halted(game)


def test_pass_ends_a_players_part_of_the_phase() -> None:
    game = scene([Put(0, ADEPT, 10, 5), Put(0, ADEPT, 20, 5), Put(1, ADEPT, 15, 12)],
                 phase="pouvoirs")
    game.apply("pass")
    assert game.decision().player == 1
    game.apply("hold B.Adepte-de-l'Alliance")
    assert halted(game)  # A's figures are not picked again


def test_a_figure_held_is_spent_for_the_phase() -> None:
    game = scene([Put(0, ADEPT, 10, 5), Put(0, ADEPT, 20, 5), Put(1, ADEPT, 15, 12)],
                 phase="pouvoirs")
    game.apply(f"hold {A_ADEPT}")
    game.apply("hold B.Adepte-de-l'Alliance")
    assert not [a for a in offered(game) if f"{A_ADEPT} " in a + " "]
    refused(game, f"hold {A_ADEPT}", "ME15")


def test_a_figure_uses_one_power_a_turn() -> None:
    # ME15: «un et un seul»: a second powers phase in the same turn offers it nothing.
    game = scene([Put(0, KROGAN, 10, 5), Put(1, SOLDIER, 10, 30)],
                 phase=("pouvoirs", "pouvoirs"))
    game.apply("power A.Guerrier-krogan Rage-sanguinaire")
    assert halted(game)
    assert figure(game, 0).used_power and figure(game, 0).mods == {"Mêlée": -1}


def test_a_per_game_power_runs_out() -> None:
    game = scene([Put(0, shocker(), 10, 5), Put(1, CIBLE, 10, 10)], phase="pouvoirs",
                 cards=[SHOCK], dice=[3])
    game.apply("power A.Lanceur Onde-de-choc B.Cible")
    assert figure(game, 0).uses == {"Onde de choc": 1}
    used = scene([Put(0, shocker(), 10, 5), Put(1, CIBLE, 10, 10)], phase="pouvoirs",
                 cards=[SHOCK], prepare=lambda s: s.figures[0].uses.update({"Onde de choc": 1}))
    assert halted(used)


# -- ME18: targets -------------------------------------------------------------------------------
def test_an_enemy_power_follows_the_shooting_rules() -> None:
    # ME18, ME21: range (Projection 8 pas, Distorsion 10), a nearer enemy hides the farther
    # one, an engaged enemy is no target.
    game = scene([Put(0, ADEPT, 10, 5), Put(0, SOLDIER, 4, 10.4),
                  Put(1, CIBLE, 18, 12),  # 9.4 pas away: Distorsion only
                  Put(1, CIBLE, 10, 9), Put(1, CIBLE, 10, 12),  # the second one is hidden
                  Put(1, CIBLE, 4, 9.2)],  # engaged with A's soldier
                 phase="pouvoirs")
    powers = [a for a in offered(game) if a.startswith(f"power {A_ADEPT}")]
    assert sorted(powers) == sorted([
        f"power {A_ADEPT} Distorsion B.Cible", f"power {A_ADEPT} Projection B.Cible-2",
        f"power {A_ADEPT} Distorsion B.Cible-2"])
    refused(game, f"power {A_ADEPT} Projection B.Cible", "ME15")
    refused(game, f"power {A_ADEPT} Projection B.Cible-3", "ME15")
    refused(game, f"power {A_ADEPT} Projection B.Cible-4", "ME15")


def test_a_point_power_hits_friend_and_foe_engaged_or_not() -> None:
    # ME18: Singularité (area 1 pas) on a point between a friend and the enemy it fights:
    # both are lifted; an enemy 1.8 pas from the point is not.
    game = scene([Put(0, ASARI, 14, 8), Put(0, target("Ami"), 20, 15),
                  Put(1, CIBLE, 21.2, 15), Put(1, CIBLE, 23, 15)], phase="pouvoirs", dice=[5])
    game.apply(f"area A.Biotique-asari Singularité {at(20.6, 15)}")
    assert [f.statuses for f in st(game).figures] == [[], ["lifted"], ["lifted"], []]


def test_a_point_power_needs_range_and_sight_and_a_free_user() -> None:
    walls = [wall("block", 15, 12, 25, 13, sight="opaque")]
    game = scene([Put(0, ASARI, 20, 5), Put(1, CIBLE, 20, 20), Put(1, CIBLE, 20, 6.2)],
                 phase="pouvoirs", scenery=walls,
                 prepare=lambda s: s.figures[0].chargers.append("B.Cible-2"))
    refused(game, f"area A.Biotique-asari Singularité {at(30, 5)}", "ME18")  # engaged
    free = scene([Put(0, ASARI, 20, 5), Put(1, CIBLE, 30, 10)], phase="pouvoirs",
                 scenery=walls)
    refused(free, f"area A.Biotique-asari Singularité {at(20, 17.7)}", "ME18")  # too far
    refused(free, f"area A.Biotique-asari Singularité {at(20, 15)}", "ME18")  # not in sight


def test_an_ally_power_targets_a_friend_in_range_and_in_sight() -> None:
    # ME18: Consensus (6 pas): the friend 5 pas away, even behind another friend; not the
    # one 7 pas away, not the user, not an enemy.
    game = scene([Put(0, PRIMARCH, 10, 5), Put(0, TROOPER, 10, 7), Put(0, TROOPER, 10, 11.5),
                  Put(0, TROOPER, 20, 5), Put(1, TROOPER, 12, 9)], phase="pouvoirs")
    powers = sorted(a for a in offered(game) if a.startswith("power A.Primat"))
    assert powers == ["power A.Primat-geth Consensus A.Fantassin-geth",
                      "power A.Primat-geth Consensus A.Fantassin-geth-2"]


def test_an_ally_power_stops_at_opaque_scenery() -> None:
    game = scene([Put(0, PRIMARCH, 10, 5), Put(0, TROOPER, 10, 10), Put(1, TROOPER, 30, 30)],
                 phase="pouvoirs", scenery=[wall("block", 8, 7, 12, 8, sight="opaque")])
    assert not [a for a in offered(game) if "Consensus" in a]


def test_a_self_power_targets_the_user() -> None:
    game = scene([Put(0, KROGAN, 10, 5), Put(1, SOLDIER, 10, 30)], phase="pouvoirs")
    assert "power A.Guerrier-krogan Rage-sanguinaire" in offered(game)
    refused(game, "power A.Guerrier-krogan Rage-sanguinaire B.Soldat-de-l'Alliance", "ME15")


def test_an_engaged_figure_may_use_only_a_counter_charge_or_self_power() -> None:
    # ME18, ME20: the asari charged by Cible may aim Attraction at it, not at the other enemy,
    # and no Singularité; the engaged krogan may use its Rage.
    def charged(state: MEState) -> None:
        state.figures[0].chargers.append("B.Cible")

    game = scene([Put(0, ASARI, 10, 5), Put(0, KROGAN, 30, 5), Put(1, CIBLE, 10, 6.2),
                  Put(1, CIBLE, 14, 8), Put(1, CIBLE, 30, 6.4)], phase="pouvoirs",
                 prepare=charged)
    asari = sorted(a for a in offered(game) if a.startswith("power A.Bio") or
                   a.startswith("area"))
    assert asari == ["power A.Biotique-asari Attraction B.Cible"]
    assert "power A.Guerrier-krogan Rage-sanguinaire" in offered(game)


# -- ME19: the roll and the hit -------------------------------------------------------------------
def test_the_power_roll_is_on_tir_with_plus_one_for_staying() -> None:
    # ME19, ME12: the adept (Tir 5+) stayed: a 4 succeeds.
    game = scene([Put(0, ADEPT, 10, 5), Put(1, CIBLE, 10, 10)], phase="pouvoirs",
                 moved={0: "stay"}, dice=[4])
    game.apply(f"power {A_ADEPT} Projection {B_CIBLE}")
    roll = next(e for e in game.log if e.kind == "me.roll")
    assert (roll.threshold, roll.modifier, roll.success) == (5, 1, True)  # type: ignore
    assert pas(figure(game, 1).y) == 13


def test_the_power_roll_takes_minus_one_for_an_obstacle() -> None:
    # ME19, ME22: a low wall half way: a 5 fails on Tir 5+.
    game = scene([Put(0, ADEPT, 10, 5), Put(1, CIBLE, 10, 12)], phase="pouvoirs",
                 scenery=[wall("w", 8, 8, 12, 8.5)], dice=[5])
    game.apply(f"power {A_ADEPT} Projection {B_CIBLE}")
    roll = next(e for e in game.log if e.kind == "me.roll")
    assert (roll.modifier, roll.success) == (-1, False)  # type: ignore[attr-defined]
    assert pas(figure(game, 1).y) == 12


def test_a_qualite_power_rolls_qualite() -> None:
    # ME19: Unité de soins rolls Qualité (4+ for this engineer, whose Tir is 5+).
    game = scene([Put(0, MEDIC, 10, 5), Put(0, SOLDIER, 12, 5), Put(1, SOLDIER, 10, 30)],
                 phase="pouvoirs", dice=[4, 1],
                 prepare=lambda s: setattr(s.figures[1], "vitality", 1))
    game.apply("power A.Ingénieur-de-Cerberus Unité-de-soins A.Soldat-de-l'Alliance")
    roll = next(e for e in game.log if e.kind == "me.roll")
    assert (roll.threshold, roll.success) == (4, True)  # type: ignore[attr-defined]
    assert figure(game, 1).vitality == 2


def test_a_fixed_roll_and_ignores_cover() -> None:
    # ME19: a 3+ power (the user's Tir is 5+): a 3 succeeds; ignores_cover: no Défense roll
    # for the target behind its wall.
    game = scene([Put(0, shocker(), 10, 5), Put(1, CIBLE, 10, 12)], phase="pouvoirs",
                 scenery=[wall("cover", 8, 10.9, 12, 11.4)], cards=[SHOCK], dice=[3])
    game.apply("power A.Lanceur Onde-de-choc B.Cible")
    assert rolls(game) == [("A.Lanceur", "power (Onde de choc)", 3)]
    assert figure(game, 1).vitality == 2


def test_an_auto_power_rolls_no_die() -> None:
    game = scene([Put(0, KROGAN, 10, 5), Put(1, SOLDIER, 10, 30)], phase="pouvoirs",
                 moved={0: "stay"})
    game.apply("power A.Guerrier-krogan Rage-sanguinaire")
    assert rolls(game) == []


def test_an_enemy_target_in_cover_rolls_defence() -> None:
    # ME19 step 1, ME23: the target touches a low wall in the corridor: Défense 4+ saves it
    # and the Projection has no effect at all.
    game = scene([Put(0, ADEPT, 10, 5), Put(1, CIBLE, 10, 12)], phase="pouvoirs",
                 scenery=[wall("cover", 8, 10.9, 12, 11.4)], dice=[5, 4])
    game.apply(f"power {A_ADEPT} Projection {B_CIBLE}")
    assert [r[1] for r in rolls(game)] == ["power (Projection)", "Défense"]
    assert pas(figure(game, 1).y) == 12


def test_a_protection_saves_a_power_hit_and_it_has_no_effect() -> None:
    # ME19 step 2, ME24: the soldier's Bouclier (5+) saves: no throw; its use is spent.
    game = scene([Put(0, ADEPT, 10, 5), Put(1, SOLDIER, 10, 10)], phase="pouvoirs",
                 dice=[5, 5])
    game.apply(f"power {A_ADEPT} Projection B.Soldat-de-l'Alliance")
    target_ = figure(game, 1)
    assert (pas(target_.y), target_.shield_uses) == (10, 0)


def test_ally_and_self_powers_meet_no_protection_roll() -> None:
    # ME19: Consensus on a friend with a Bouclier: no roll at all.
    game = scene([Put(0, PRIMARCH, 10, 5), Put(0, TROOPER, 12, 5), Put(1, TROOPER, 10, 30)],
                 phase="pouvoirs")
    game.apply("power A.Primat-geth Consensus A.Fantassin-geth")
    assert rolls(game) == [] and figure(game, 1).mods == {"Tir": -1}


def test_effects_follow_in_card_order() -> None:
    # ME19 step 3: Attraction: first the pull, then stunned.
    game = scene([Put(0, ASARI, 10, 5), Put(1, CIBLE, 10, 12)], phase="pouvoirs", dice=[5])
    game.apply("power A.Biotique-asari Attraction B.Cible")
    notes = [e for e in game.log if e.kind in ("me.move", "me.note")]
    assert [e.kind for e in notes][-2:] == ["me.move", "me.note"]
    assert "stunned" in notes[-1].text()


# -- ME20: counter-charge powers ------------------------------------------------------------------
def test_a_counter_charge_power_is_used_normally_on_a_charger() -> None:
    # ME20: no extra modifier; it throws the charger out of contact.
    game = scene([Put(0, ADEPT, 10, 5), Put(1, CIBLE, 10, 6.2)], phase="pouvoirs", dice=[5],
                 prepare=lambda s: s.figures[0].chargers.append("B.Cible"))
    game.apply(f"power {A_ADEPT} Projection {B_CIBLE}")
    roll = next(e for e in game.log if e.kind == "me.roll")
    assert roll.modifier == 0  # type: ignore[attr-defined]
    assert pas(figure(game, 1).y) == 9.2
    assert figure(game, 0).counter_charged and not st(game).engaged(figure(game, 0))


@pytest.mark.parametrize("reading", ["forbidden", "allowed"])
def test_no_counter_charge_power_against_a_charger_from_the_rear(reading: str) -> None:
    # ME2: «Un personnage qui a été chargé … peut utiliser … un pouvoir de contre-charge»:
    # from the rear too by the draft (the default); not under me-rear-counter-charge=
    # forbidden (the engine's reading before issue 47).
    def from_behind(state: MEState) -> None:
        state.figures[0].chargers.append("B.Cible")
        state.figures[0].rear_chargers.append("B.Cible")
        state.house_rules = {"me-rear-counter-charge": reading}

    game = scene([Put(0, ADEPT, 10, 5, facing=270), Put(1, CIBLE, 10, 6.2)], phase="pouvoirs",
                 prepare=from_behind)
    assert halted(game) == (reading == "forbidden")


def test_no_power_at_an_enemy_in_contact_that_did_not_charge() -> None:
    game = scene([Put(0, ADEPT, 10, 5), Put(1, CIBLE, 10, 6.2)], phase="pouvoirs")
    assert halted(game)


# -- ME33: the sample powers ----------------------------------------------------------------------
def test_projection_throws_the_target_3_pas_straight_away() -> None:
    game = scene([Put(0, ADEPT, 10, 5), Put(1, CIBLE, 13, 9)], phase="pouvoirs", dice=[5])
    game.apply(f"power {A_ADEPT} Projection {B_CIBLE}")
    moved = figure(game, 1)
    assert (pas(moved.x), pas(moved.y)) == (14.8, 11.4)
    assert moved.vitality == 3 and moved.facing == 270  # no impact; the facing is kept


def test_projection_stopped_by_scenery_deals_its_impact() -> None:
    game = scene([Put(0, ADEPT, 10, 5), Put(1, CIBLE, 10, 10)], phase="pouvoirs",
                 scenery=[wall("w", 5, 11.5, 15, 12.5)], dice=[5])
    game.apply(f"power {A_ADEPT} Projection {B_CIBLE}")
    moved = figure(game, 1)
    assert abs(pas(moved.y) - 10.9) < 0.02 and moved.vitality == 2


def test_projection_stopped_by_a_figure_deals_its_impact() -> None:
    game = scene([Put(0, ADEPT, 10, 5), Put(1, CIBLE, 10, 10), Put(1, CIBLE, 10, 12.2)],
                 phase="pouvoirs", dice=[5])
    game.apply(f"power {A_ADEPT} Projection {B_CIBLE}")
    moved = figure(game, 1)
    assert abs(pas(moved.y) - 11) < 0.02 and moved.vitality == 2
    assert figure(game, 2).vitality == 3


def test_attraction_pulls_the_target_and_stuns_it() -> None:
    game = scene([Put(0, ASARI, 10, 5), Put(1, CIBLE, 10, 12)], phase="pouvoirs", dice=[5])
    game.apply("power A.Biotique-asari Attraction B.Cible")
    assert pas(figure(game, 1).y) == 9 and figure(game, 1).statuses == ["stunned"]


def test_attraction_into_contact_engages_but_is_not_a_charge() -> None:
    # ME17, ME33: pulled no farther than base contact.
    game = scene([Put(0, ASARI, 10, 5), Put(1, CIBLE, 10, 8)], phase="pouvoirs", dice=[5])
    game.apply("power A.Biotique-asari Attraction B.Cible")
    assert pas(figure(game, 1).y) == 6.2
    assert st(game).engaged(figure(game, 0))
    assert figure(game, 0).chargers == [] and figure(game, 1).chargers == []


def test_distorsion_strips_the_barriere_and_its_damage_ignores_it() -> None:
    # ME33: the sentinel's Bouclier is rolled (1: fails), its Barrière is not; D2 (4 -> 2).
    game = scene([Put(0, ADEPT, 10, 5), Put(1, "Sentinelle de l'Alliance", 10, 10)],
                 phase="pouvoirs", dice=[5, 1, 4])
    game.apply(f"power {A_ADEPT} Distorsion B.Sentinelle-de-l'Alliance")
    hit = figure(game, 1)
    assert [r[1] for r in rolls(game)] == ["power (Distorsion)", "Bouclier", "damage D2"]
    assert hit.stripped == ["Barrière"] and hit.barrier_uses == 1 and hit.out


def test_singularite_lifts_and_the_lifted_target_rolls_no_defence_afterwards() -> None:
    # ME33, ME34: lifted out of its cover: the shot that follows meets no Défense roll.
    cover = [wall("cover", 8, 10.9, 12, 11.4)]
    game = scene([Put(0, ASARI, 10, 5), Put(1, CIBLE, 10, 12)], phase=("pouvoirs", "tir"),
                 scenery=cover, dice=[5, 5])
    game.apply(f"area A.Biotique-asari Singularité {at(10, 12)}")
    assert figure(game, 1).statuses == ["lifted"]
    game.apply("shoot A.Biotique-asari Pistolet-lourd B.Cible")
    assert [r[1] for r in rolls(game)] == ["power (Singularité)", "shot (Pistolet lourd)"]
    assert figure(game, 1).vitality == 2


def test_charge_biotique_flies_the_user_into_contact_then_strikes() -> None:
    game = scene([Put(0, PHANTOM, 10, 5), Put(1, CIBLE, 10, 12)], phase="pouvoirs", dice=[4])
    game.apply("power A.Fantôme-de-Cerberus Charge-biotique B.Cible")
    assert pas(figure(game, 0).y) == 10.8
    assert st(game).engaged(figure(game, 1)) and figure(game, 1).chargers == []
    assert figure(game, 1).vitality == 2


def test_surcharge_strips_the_bouclier_for_the_rest_of_the_turn() -> None:
    # ME33, ME24: no Bouclier roll against Surcharge (1 wound), nor against the pistol shot
    # of the shooting phase (the strip lasts the turn).
    game = scene([Put(0, ENGINEER, 10, 5), Put(1, SOLDIER, 10, 12)], phase=("pouvoirs", "tir"),
                 dice=[5, 5])
    game.apply("power A.Ingénieur-de-l'Alliance Surcharge B.Soldat-de-l'Alliance")
    assert figure(game, 1).vitality == 1 and figure(game, 1).stripped == ["Bouclier"]
    game.apply("shoot A.Ingénieur-de-l'Alliance Pistolet-lourd B.Soldat-de-l'Alliance")
    assert figure(game, 1).out
    assert "Bouclier" not in [r[1] for r in rolls(game)]


def test_incineration_burns_one_wound_at_the_end_of_the_turn() -> None:
    # ME33, ME34: D2 (1) ignoring the Bouclier, burning; at the end of the turn 1 more wound.
    game = scene([Put(0, ENGINEER, 10, 5), Put(1, SOLDIER, 10, 12), Put(1, SOLDIER, 20, 30)],
                 phase=("pouvoirs", "fin du tour"), dice=[5, 1])
    game.apply("power A.Ingénieur-de-l'Alliance Incinération B.Soldat-de-l'Alliance")
    assert halted(game)
    burnt = figure(game, 1)
    assert burnt.out
    assert [w.wounds for w in game.log if w.kind == "me.wound"] == [1, 1]  # type: ignore


def test_burning_wounds_take_armour_first() -> None:
    # ME34: «no protection saves (armour still applies)».
    game = scene([Put(0, ENGINEER, 10, 5), Put(1, GUARD, 10, 12)],
                 phase=("pouvoirs", "fin du tour"), dice=[5, 1])
    game.apply("power A.Ingénieur-de-l'Alliance Incinération B.Garde-de-Cerberus")
    guard = figure(game, 1)
    assert (guard.armour, guard.vitality) == (0, 2)


def test_unite_de_soins_heals_never_above_the_profile() -> None:
    # ME35: D2 (6 -> 2) on a friend at 1 of 2: back to 2, not 3.
    game = scene([Put(0, MEDIC, 10, 5), Put(0, SOLDIER, 12, 5), Put(1, SOLDIER, 10, 30)],
                 phase="pouvoirs", dice=[4, 6],
                 prepare=lambda s: setattr(s.figures[1], "vitality", 1))
    game.apply("power A.Ingénieur-de-Cerberus Unité-de-soins A.Soldat-de-l'Alliance")
    assert figure(game, 1).vitality == 2


def test_unite_de_soins_does_not_reach_a_friend_out_of_action() -> None:
    # ME35: «Powers heal only figures in action».
    game = scene([Put(0, MEDIC, 10, 5), Put(0, SOLDIER, 12, 5), Put(1, SOLDIER, 10, 30)],
                 phase="pouvoirs", prepare=lambda s: setattr(s.figures[1], "out", True))
    assert not [a for a in offered(game) if "Unité" in a]


def test_regeneration_de_bouclier_restores_a_stripped_bouclier() -> None:
    game = scene([Put(0, AGENT, 10, 5), Put(1, SOLDIER, 10, 30)], phase="pouvoirs",
                 prepare=lambda s: s.figures[0].stripped.append("Bouclier"))
    game.apply("power A.Agent-Corvin-Hale Régénération-de-bouclier")
    agent = figure(game, 0)
    assert agent.stripped == [] and agent.shield_uses == 2


def test_rage_sanguinaire_betters_melee_within_2_plus() -> None:
    game = scene([Put(0, KROGAN, 10, 5), Put(1, SOLDIER, 10, 30)], phase="pouvoirs",
                 prepare=lambda s: s.figures[0].mods.update({"Mêlée": -1}))
    game.apply("power A.Guerrier-krogan Rage-sanguinaire")
    assert figure(game, 0).mods == {"Mêlée": -2}
    assert figure(game, 0).threshold("Mêlée") == 2  # 3+ two better, kept at 2+


def test_consensus_betters_a_friends_tir_for_its_shots() -> None:
    game = scene([Put(0, PRIMARCH, 10, 5), Put(0, TROOPER, 12, 5), Put(1, CIBLE, 12, 12)],
                 phase=("pouvoirs", "tir"), dice=[3, 1])
    game.apply("power A.Primat-geth Consensus A.Fantassin-geth")
    game.apply("shoot A.Fantassin-geth Fusil-à-impulsions B.Cible")
    shot = next(e for e in game.log if e.kind == "me.roll")
    assert (shot.threshold, shot.success) == (3, True)  # type: ignore[attr-defined]


# -- ME34: statuses -------------------------------------------------------------------------------
@pytest.mark.parametrize("status", ["stunned", "lifted", None])
def test_stunned_and_lifted_figures_cannot_use_powers_shoot_or_act(status: str | None) -> None:
    # ME34: next to the terminal, with a power and a pistol in reach: nothing is offered in
    # the three phases to a stunned or lifted asari (and all of it without a status).
    def hold(state: MEState) -> None:
        if status:
            state.figures[0].statuses.append(status)

    game = scene([Put(0, ASARI, 10, 16.8), Put(1, CIBLE, 10, 22)],
                 phase=("pouvoirs", "tir", "actions spéciales"), scenario="Extraction de données",
                 prepare=hold, dice=[1, 1])
    seen = []
    while not halted(game):
        seen.append(game.decision().kind)
        assert [a for a in offered(game) if a.startswith(("power A.", "area A.", "shoot A.",
                                                           "special A."))]
        game.apply("hold A.Biotique-asari")  # (acting would rule out the special action)
    assert seen == ([] if status else ["pouvoirs", "tir", "actions spéciales"])
    phases = [e.phase for e in game.log if e.kind == "me.phase"]  # type: ignore[attr-defined]
    assert phases[-3:] == ["pouvoirs", "tir", "actions spéciales"]


def test_a_figure_may_counter_charge_with_a_power_then_with_a_shot() -> None:
    # ME20, ME26: charged by Cible, the engineer aims Surcharge at it (no modifier; 1 fails),
    # then shoots it in the shooting phase at -1 (6 hits).
    game = scene([Put(0, ENGINEER, 10, 5), Put(1, CIBLE, 10, 6.2)], phase=("pouvoirs", "tir"),
                 dice=[1, 6], prepare=lambda s: s.figures[0].chargers.append("B.Cible"))
    game.apply("power A.Ingénieur-de-l'Alliance Surcharge B.Cible")
    assert game.decision().kind == "tir"
    game.apply("shoot A.Ingénieur-de-l'Alliance Pistolet-lourd B.Cible")
    made = [(e.roll, e.modifier) for e in game.log if e.kind == "me.roll"]  # type: ignore
    assert made == [("power (Surcharge)", 0), ("shot (Pistolet lourd)", -1)]
    assert figure(game, 1).vitality == 2
