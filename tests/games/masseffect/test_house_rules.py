"""Mass Effect: Annihilation's house rules (issue 47): the draft's words by default, the
engine's former reading as a named option; each reading pinned by a scenario."""

from __future__ import annotations

from fractions import Fraction

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.core.house_rules import house_rules_of
from skirmish.games.masseffect.dice import succeeds, success_chance
from skirmish.games.masseffect.house_rules import (
    ARMOUR,
    BARE_HANDS,
    BRUSHING_PAST,
    CLIMBING,
    COUNTER_CHARGE_ROLL,
    COUNTER_CHARGE_WINDOW,
    ELIMINATE_POINTS,
    FORMER_READINGS,
    HOUSE_RULES,
    MELEE_DAMAGE,
    MELEE_WEAPON,
    NATURAL_ROLLS,
    PROTECTION_USES,
    REAR_COUNTER_CHARGE,
)
from skirmish.games.masseffect.odds import ShotSituation, shot_odds
from skirmish.games.masseffect.ruleset import MASS_EFFECT, SetupError
from skirmish.games.masseffect.state import MEState
from skirmish.games.masseffect.turn import final_scores

from .cards import target
from .table import Put, figure, scene, setup_for

SOLDIER = "Soldat de l'Alliance"  # 3 points; Arme de mêlée, Fusil mitrailleur on its card
SNIPER = target("Tireur", shoot=6, equipment="Fusil mitrailleur")


def readings(**chosen: str):  # type: ignore[no-untyped-def]
    def prepare(state: MEState) -> None:
        state.house_rules = {k.replace("_", "-"): v for k, v in chosen.items()}
    return prepare


def test_the_options_are_registered_with_the_drafts_readings_as_defaults() -> None:
    assert house_rules_of("masseffect") == HOUSE_RULES
    assert {r.name: r.default for r in HOUSE_RULES} == {
        REAR_COUNTER_CHARGE: "allowed", NATURAL_ROLLS: "total", ELIMINATE_POINTS: "cost",
        PROTECTION_USES: "shooting-phase", BARE_HANDS: "even", MELEE_WEAPON: "player",
        BRUSHING_PAST: "stops", CLIMBING: "special-action", ARMOUR: "pool",
        MELEE_DAMAGE: "weapon", COUNTER_CHARGE_WINDOW: "this-turn", COUNTER_CHARGE_ROLL: "none"}
    assert all(r.default == r.literal for r in HOUSE_RULES)
    # FORMER_READINGS: the options whose default changed (the engine deviated from the
    # draft); the gaps' options default to the engine's reading of always
    # (test_house_rules_gaps.py), so the former games need nothing of them.
    deviations = {REAR_COUNTER_CHARGE, NATURAL_ROLLS, ELIMINATE_POINTS, PROTECTION_USES,
                  BARE_HANDS, MELEE_WEAPON, BRUSHING_PAST, CLIMBING}
    assert set(FORMER_READINGS) == deviations
    for rule in HOUSE_RULES:  # the former reading is another reading of the same option
        if rule.name in deviations:
            assert FORMER_READINGS[rule.name] in rule.names()
            assert FORMER_READINGS[rule.name] != rule.default


def test_a_bad_house_rule_in_a_set_up_is_one_line_naming_it() -> None:
    setup = setup_for([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 20, 20)])
    with pytest.raises(SetupError, match="unknown house rule 'me-nope'"):
        MASS_EFFECT.new_game({**setup, "house_rules": {"me-nope": "x"}}, seed=1)
    with pytest.raises(SetupError, match=r"me-natural-rolls: unknown reading 'maybe'"):
        MASS_EFFECT.new_game({**setup, "house_rules": {NATURAL_ROLLS: "maybe"}}, seed=1)
    game = MASS_EFFECT.new_game({**setup, "house_rules": {NATURAL_ROLLS: "naturals"}}, seed=1)
    assert game.state.house_rules == {NATURAL_ROLLS: "naturals"}  # type: ignore[attr-defined]
    assert game.copy().state.house_rules == {NATURAL_ROLLS: "naturals"}  # type: ignore[attr-defined]


# -- ME2: a counter-charge against a charger from the rear ---------------------------------------
def charged_from_behind(state: MEState) -> None:
    state.figures[0].chargers.append("B.Soldat-de-l'Alliance")
    state.figures[0].rear_chargers.append("B.Soldat-de-l'Alliance")


@pytest.mark.parametrize("reading", ["allowed", "forbidden"])
def test_a_figure_charged_from_its_rear_counter_charges_by_the_draft(reading: str) -> None:
    # «Un personnage qui a été chargé lors de la phase de mouvement précédente … peut
    # effectuer, lors de la phase de tir, un tir de contre-charge contre un des adversaires
    # l'ayant engagé»: the facing is only «préférable». The charger ended behind A.
    def prepare(state: MEState) -> None:
        charged_from_behind(state)
        readings(me_rear_counter_charge=reading)(state)

    game = scene([Put(0, SOLDIER, 10, 10, facing=90), Put(1, SOLDIER, 10, 8.8)], phase="tir",
                 prepare=prepare, dice=[6, 6, 6, 6])
    shots = [str(a) for a in game.legal_actions() if str(a).startswith("shoot A.")]
    assert bool(shots) == (reading == "allowed")


# -- ME4: modified rolls -------------------------------------------------------------------------
def test_a_modified_roll_succeeds_on_its_total_by_the_draft() -> None:
    # «il doit obtenir un score supérieur ou égal à sa valeur de tir»: the total decides.
    assert not succeeds(6, 6, -2) and succeeds(6, 6, -2, naturals=True)
    assert succeeds(1, 2, +3) and not succeeds(1, 2, +3, naturals=True)
    assert success_chance(6, -1) == 0 and success_chance(6, -1, naturals=True) == Fraction(1, 6)
    assert success_chance(2, +1) == 1 and success_chance(2, +1, naturals=True) == Fraction(5, 6)
    for face in range(1, 7):  # without a modifier the readings agree
        for threshold in range(2, 7):
            assert succeeds(face, threshold) == succeeds(face, threshold, naturals=True)


@pytest.mark.parametrize(("reading", "hit"), [("total", False), ("naturals", True)])
def test_a_six_behind_an_obstacle_at_a_6_plus_shooter(reading: str, hit: bool) -> None:
    # A Tir 6+ counter-charge shot (−1, ME26) rolls a 6: 5 < 6 misses by the draft; the
    # former engine made a natural 6 hit. The target has no protection: a hit wounds.
    def prepare(state: MEState) -> None:
        state.figures[0].chargers.append("B.Cible")
        readings(me_natural_rolls=reading)(state)

    game = scene([Put(0, SNIPER, 10, 10), Put(1, target(), 10, 11.2)], phase="tir",
                 prepare=prepare, dice=[6, 1, 1, 1])
    game.apply("shoot A.Tireur Fusil-mitrailleur B.Cible")
    wounded = [e for e in game.log if e.kind == "me.wound"]
    assert bool(wounded) == hit
    assert figure(game, 1).vitality == (3 - 1 if hit else 3)


def test_the_odds_follow_the_option_and_the_engine_by_simulation() -> None:
    # odds of a Tir 6+ shot at −1: 0 by the draft, 1/6 with naturals; the engine rolls as the
    # odds say (every face tried: the exact frequency of a hit over the six faces).
    plain = ShotSituation(threshold=6, modifier=-1)
    assert shot_odds(plain).any_hit == 0
    naturals = ShotSituation(threshold=6, modifier=-1, naturals=True)
    assert shot_odds(naturals).any_hit == Fraction(1, 6)
    assert "natural 6 hits" in naturals.describe()
    for reading, odds in (("total", plain), ("naturals", naturals)):
        hits = 0
        for face in range(1, 7):
            def prepare(state: MEState, reading: str = reading) -> None:
                state.figures[0].chargers.append("B.Cible")
                readings(me_natural_rolls=reading)(state)

            game = scene([Put(0, SNIPER, 10, 10), Put(1, target(), 10, 11.2)], phase="tir",
                         prepare=prepare, dice=[face, 1, 1, 1])
            game.apply("shoot A.Tireur Fusil-mitrailleur B.Cible")
            hits += any(e.kind == "me.wound" for e in game.log)
        assert Fraction(hits, 6) == shot_odds(odds).any_hit


def test_skirmish_odds_gives_other_figures_under_the_option() -> None:
    runner = CliRunner()
    args = ["odds", "shoot", "--game", "masseffect", "Adepte de l'Alliance",
            "Fusil mitrailleur", "Soldat de l'Alliance", "--obstacle", "--counter-charge",
            "--json"]
    import json

    plain = runner.invoke(app, args)
    former = runner.invoke(app, [*args, "--house-rules", f"{NATURAL_ROLLS}=naturals"])
    assert plain.exit_code == 0 and former.exit_code == 0, (plain.output, former.output)
    a, b = json.loads(plain.output), json.loads(former.output)
    # Tir 5+ at −2 (obstacle, counter-charge): a 6 makes 4, a miss by the draft; a hit
    # with naturals
    assert a["any_hit"] != b["any_hit"]
    assert b["house_rules"] == {NATURAL_ROLLS: "naturals"}


# -- ME37/ME39: what an eliminated figure scores ------------------------------------------------
@pytest.mark.parametrize(("reading", "score"), [("cost", 4), ("card", 3)])
def test_eliminate_scores_what_the_figure_cost(reading: str, score: int) -> None:
    # «le coût en points du personnage, qui permet d'équilibrer les bandes»: a Soldat de
    # l'Alliance (3 points) given an Omni-lame (1 point, not on its card) cost its band 4.
    game = scene([Put(0, SOLDIER, 10, 10),
                  Put(1, SOLDIER, 20, 20, equipment=["Fusil mitrailleur", "Omni-lame"])],
                 phase="tir", prepare=readings(me_eliminate_points=reading))
    state: MEState = game.state  # type: ignore[assignment]
    state.figures[1].vitality, state.figures[1].out = 0, True  # out of action (ME25)
    assert final_scores(state) == [score, 0]


# -- ME24: when protections come back -------------------------------------------------------------
ADEPT = "Adepte de l'Alliance"  # Tir 5+, Projection


@pytest.mark.parametrize(("reading", "uses"), [("shooting-phase", 0), ("each-phase", 1)])
def test_a_bouclier_works_n_times_a_shooting_phase(reading: str, uses: int) -> None:
    # «le nombre de fois que la barrière ou bouclier fonctionne par phase de tir»: in turn 2
    # the soldier's one Bouclier use, spent in turn 1's shooting phase, is not back in the
    # powers phase by the draft; the former engine gave it back there too.
    def prepare(state: MEState) -> None:
        state.turn = 2
        state.figures[1].shield_uses = 0  # spent in turn 1's shooting phase
        readings(me_protection_uses=reading)(state)

    game = scene([Put(0, ADEPT, 10, 5), Put(1, SOLDIER, 10, 10)], phase="pouvoirs",
                 prepare=prepare, dice=[5, 5])
    assert figure(game, 1).shield_uses == uses
    game.apply("power A.Adepte-de-l'Alliance Projection B.Soldat-de-l'Alliance")
    rolled = [e for e in game.log if getattr(e, "roll", "").startswith("Bouclier")]
    assert bool(rolled) == (uses == 1)  # a Bouclier roll only with a use left


def test_a_figure_starts_the_match_with_its_uses_under_both_readings() -> None:
    for reading in ("shooting-phase", "each-phase"):
        game = scene([Put(0, ADEPT, 10, 5), Put(1, SOLDIER, 10, 10)], phase="pouvoirs",
                     prepare=readings(me_protection_uses=reading))
        assert figure(game, 1).shield_uses == 1  # turn 1: no shooting phase yet


# -- ME28: bare hands ----------------------------------------------------------------------------
@pytest.mark.parametrize(("reading", "hit"), [("even", True), ("one-worse", False)])
def test_bare_hands_fight_as_printed_by_the_draft(reading: str, hit: bool) -> None:
    # The draft gives bare hands no penalty: Mêlée 4+ without a weapon hits on a 4 against a
    # 6+ opponent who fails; the former engine counted it 5+.
    game = scene([Put(0, target(melee=4, equipment="-"), 10, 10),
                  Put(1, target(melee=6), 10, 11.2)], phase="mêlée",
                 prepare=readings(me_bare_hands=reading), dice=[4, 1, 1])
    game.apply("fight A.Cible")
    assert any(e.kind == "me.wound" for e in game.log) == hit


# -- the web table's odds follow the options -----------------------------------------------------
@pytest.mark.parametrize(("reading", "p_roll"), [("total", 0.0), ("naturals", 1 / 6)])
def test_the_tables_odds_read_the_rolls_as_the_match_does(reading: str, p_roll: float) -> None:
    from skirmish.games.masseffect.web import odds as web_odds

    def prepare(state: MEState) -> None:
        state.figures[0].chargers.append("B.Cible")
        readings(me_natural_rolls=reading)(state)

    game = scene([Put(0, SNIPER, 10, 10), Put(1, target(), 10, 11.2)], phase="tir",
                 prepare=prepare)
    state: MEState = game.state  # type: ignore[assignment]
    answer = web_odds.shot(state, state.figures[0], "Fusil-mitrailleur", state.figures[1])
    assert answer["p_roll"] == pytest.approx(p_roll, abs=1e-6)  # rounded to 6 places


@pytest.mark.parametrize(("reading", "melee"), [("even", 4), ("one-worse", 5)])
def test_the_tables_melee_odds_weigh_bare_hands_as_the_match_does(reading: str,
                                                                   melee: int) -> None:
    from skirmish.games.masseffect.web import odds as web_odds

    game = scene([Put(0, target(melee=4, equipment="-"), 10, 10),
                  Put(1, target(melee=6), 10, 11.2)], phase="mêlée",
                 prepare=readings(me_bare_hands=reading))
    state: MEState = game.state  # type: ignore[assignment]
    answer = web_odds.fight(state, state.figures[0])
    assert answer["melees"][0]["a_melee"] == melee


# -- me-brushing-past (ME43) ---------------------------------------------------------------
# «Deux personnages adverses sont engagés en mêlée si ils sont en contact socle à socle», and
# a charged figure is one that enemies «sont venus l'engager»: a figure that touches an enemy
# has engaged it. Two enemies stand 3.01 cm apart, edge to edge; A (a 3 cm base) walks 10 cm
# straight between them, its whole allowance.
def _gap(reading: str):  # type: ignore[no-untyped-def]
    return scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 8.8, 7.0, facing=90),
                  Put(1, SOLDIER, 11.204, 7.0, facing=90)],
                 prepare=readings(me_brushing_past=reading))


def test_a_move_that_would_brush_past_enemies_keeps_clear_by_the_draft() -> None:
    """``stops`` (the default): the path may not touch an enemy it does not end touching, so
    the way between the two is shut and the way around is longer than the walk."""
    from skirmish.core.errors import IllegalActionError

    game = _gap("stops")
    before = game.state_hash()
    with pytest.raises(IllegalActionError, match="cannot walk there"):
        game.apply("walk A.Soldat-de-l'Alliance 25,22.5 90")
    assert game.state_hash() == before
    # every walk and run offered keeps clear of both enemies (none touches one)
    from skirmish.games.masseffect.phases.movement import move_problem
    state = game.state
    mover = figure(game, 0)
    for action in game.legal_actions():
        to = getattr(action, "to", None)
        if to is not None:
            assert move_problem(state, mover, (to.x, to.y), type(action).__name__ == "Run") == ""


def test_a_move_may_brush_past_enemies_under_the_former_reading() -> None:
    """``passes`` (the engine before issue 47): the path runs tangent to both and goes on;
    it ends out of contact, so it is no charge."""
    game = _gap("passes")
    game.apply("walk A.Soldat-de-l'Alliance 25,22.5 90")
    assert (figure(game, 0).x, figure(game, 0).y) == (25.0, 22.5)
    assert figure(game, 1).chargers == [] and figure(game, 2).chargers == []


@pytest.mark.parametrize("reading", ["stops", "passes"])
def test_a_move_ending_in_contact_charges_under_both_readings(reading: str) -> None:
    """A charge still ends in contact with the figure charged (ME17), whatever the reading."""
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 8, facing=270)],
                 prepare=readings(me_brushing_past=reading))
    charges = [a for a in game.legal_actions()
               if getattr(a, "to", None) is not None and a.to.y > 5 * 2.5 + 3]
    assert charges
    game.apply(charges[0])
    assert figure(game, 1).chargers == [str(figure(game, 0).ref)]
