"""Eden's house rules (issue 47): each option's readings, with forced dice, and a match
with options that plays to the end and re-plays from its record (docs/rulings.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skirmish.bots import make_agent
from skirmish.core import Game, Record, Ref, verify
from skirmish.core.agents import view_of
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import match_setup
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.fighting.movement import allowance
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.optional.npf_activation import NpfActivation
from skirmish.games.eden.ruleset import SetupError

from ..profiles import NGOBO, YURI
from ..scenario import fighter, state
from .test_climate import YURI_REF, weather
from .test_infestation import GHOUL, infested, unchanged


def _choose(game: object, **readings: str) -> None:
    st = state(game)  # type: ignore[arg-type]
    st.catalogue = replace(st.catalogue, house_rules=readings)


# -- eden-npf-prowl ------------------------------------------------------------------------
# Optional rules 2, B: "Rôder : Le CNJ se déplace de 5 cm dans la direction du choix du
# joueur" (EN "the NPF moves 5 cm in the direction of player's choice").
def test_npf_prowl_up_to_offers_and_takes_a_shorter_prowl() -> None:
    game = infested([(YURI, 10, 10)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30)],
                    start=[], first=1)
    _choose(game, **{"eden-npf-prowl": "up-to"})
    game.push(NpfActivation())
    game.advance()
    game.apply("prowl N.Ghoul 32,31")  # about 2.2 cm: "up to 5 cm"
    assert (fighter(game, "N.Ghoul").x, fighter(game, "N.Ghoul").y) == (32, 31)


def test_npf_prowl_exactly_the_default_refuses_a_shorter_prowl_and_offers_only_5_cm() -> None:
    game = infested([(YURI, 10, 10)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30)],
                    start=[NpfActivation()], first=1)
    assert state(game).catalogue.house_rules == {}  # the default reading: the literal one
    unchanged(game, "prowl N.Ghoul 32,31", r"moves exactly 5 cm \(house rule eden-npf-prowl")
    offered = game.legal_actions()
    assert len(offered) == 8
    for action in offered:
        to = action.to  # type: ignore[attr-defined]
        assert abs(((to.x - 30) ** 2 + (to.y - 30) ** 2) ** 0.5 - 5) < 0.05
    game.apply("prowl N.Ghoul 33,34")  # exactly 5 cm
    assert (fighter(game, "N.Ghoul").x, fighter(game, "N.Ghoul").y) == (33, 34)


# -- eden-storm-charge ---------------------------------------------------------------------
def test_storm_move_only_the_default_leaves_the_charge_at_10_cm() -> None:
    game = weather((3,), [(YURI, 10, 10)], [(NGOBO, 40, 10)])
    yuri = fighter(game, YURI_REF)
    assert (allowance(state(game), yuri), allowance(state(game), yuri, charge=True)) == (8, 10)


def test_storm_charge_too_limits_the_charge_to_8_cm() -> None:
    # Ngobo 12 cm away centre to centre: the contact position is 9 cm away, beyond 8.
    from skirmish.games.eden.optional.climate import start_climate

    from ..scenario import table
    from .test_climate import EQUIPMENT, LONG_LASH

    game = table([(YURI, 10, 10)], [(NGOBO, 22, 10)], start=[], equipment=EQUIPMENT,
                 abilities=[LONG_LASH])
    _choose(game, **{"eden-storm-charge": "charge-too"})
    start_climate(game, (3,))
    game.push(Activation(Ref(YURI_REF)))
    game.advance()
    yuri = fighter(game, YURI_REF)
    assert (allowance(state(game), yuri), allowance(state(game), yuri, charge=True)) == (8, 8)
    assert not any(str(a).startswith("charge") for a in game.legal_actions())


# -- eden-tied-bid ------------------------------------------------------------------------
def _bid(dice: list[int], **readings: str) -> Game:
    from skirmish.games.eden.preparation.bidding import FirstPlayerBid

    from ..scenario import table

    game = table([(YURI, 5, 5)], [(NGOBO, 5, 50)], dice=dice, start=[])
    _choose(game, **readings)
    game.push(FirstPlayerBid())
    game.advance()
    game.apply("bid 0")
    game.apply("bid 0")
    return game


def test_tied_bid_first_the_default_the_higher_roll_is_first_player() -> None:
    game = _bid([2, 5])  # A rolls 2, B 5: B is the first player, nobody chooses
    assert game.is_over and state(game).first_player == 1


def test_tied_bid_chooses_the_higher_roll_chooses_the_first_player() -> None:
    game = _bid([2, 5], **{"eden-tied-bid": "chooses"})
    decision = game.decision()
    assert (decision.player, decision.kind) == (1, "first-player")
    game.apply("first A")  # B won the roll and lets A play first
    assert game.is_over and state(game).first_player == 0


# -- eden-fear-burn ------------------------------------------------------------------------
def _afraid_and_burning(**readings: str) -> Game:
    from ..test_movement import activation

    game = activation([(YURI, 10, 10)], [(NGOBO, 50, 50)], "A.Yuri")
    _choose(game, **readings)
    yuri = fighter(game, "A.Yuri")
    yuri.add_markers(Condition.BURN, 1)
    yuri.add_markers(Condition.FEAR, 1)
    return game


def test_fear_burn_allowed_the_default_a_frightened_fighter_removes_a_burn() -> None:
    game = _afraid_and_burning()
    assert "extinguish A.Yuri" in {str(a) for a in game.legal_actions()}
    game.apply("extinguish A.Yuri")
    assert fighter(game, "A.Yuri").marker_count(Condition.BURN) == 0


def test_fear_burn_forbidden_a_frightened_fighter_keeps_his_burn() -> None:
    game = _afraid_and_burning(**{"eden-fear-burn": "forbidden"})
    assert "extinguish A.Yuri" not in {str(a) for a in game.legal_actions()}
    unchanged(game, "extinguish A.Yuri",
              r"no action except the Move action \(house rule eden-fear-burn=forbidden\)")


# -- eden-redirection ---------------------------------------------------------------------
def _astray(**readings: str) -> tuple[Game, list[tuple[str, str]]]:
    """Ngobo (B) is engaged with Vladd (A, 8.79 cm from Yuri) and touches his own friend
    Abama (B, 7.09 cm from Yuri, nearer); Yuri's 3 successes (odd) on Ngobo go astray."""
    from skirmish.games.eden.fighting.ranged import RedirectEvent

    from ..profiles import ABAMA, VLADD
    from ..test_ranged import GUNNER, NGOBO_REF, turn

    vladd = (VLADD, 21.5, 10 + 3 * 0.8660254037844386)
    game = turn([(GUNNER, 10, 10), vladd], [(NGOBO, 20, 10), (ABAMA, 20, 6.5)],
                dice=[4, 5, 6, 1, 1, 4, 4, 4, 4, 1, 1, 1])
    _choose(game, **readings)
    game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    return game, [(e.intended, e.target) for e in game.log if isinstance(e, RedirectEvent)]


def test_redirection_opponents_the_default_the_shot_hits_the_targets_opponent() -> None:
    _, redirected = _astray()
    assert redirected == [("B.Ngobo-Quick-Arm", "A.Vlädd")]


def test_redirection_anyone_touching_the_shot_hits_the_targets_nearer_friend() -> None:
    _, redirected = _astray(**{"eden-redirection": "anyone-touching"})
    assert redirected == [("B.Ngobo-Quick-Arm", "B.Abama-Big-Belly")]


def test_the_exact_odds_follow_the_redirection_reading() -> None:
    from skirmish.games.eden.odds.game import odds_of

    from ..profiles import ABAMA, VLADD
    from ..test_ranged import GUNNER, NGOBO_REF, turn

    who = []
    for readings in ({}, {"eden-redirection": "anyone-touching"}):
        vladd = (VLADD, 21.5, 10 + 3 * 0.8660254037844386)
        game = turn([(GUNNER, 10, 10), vladd], [(NGOBO, 20, 10), (ABAMA, 20, 6.5)])
        _choose(game, **readings)
        who.append([f.ref for f in odds_of(game, f"shoot A.Yuri Pistol {NGOBO_REF}").fighters])
    assert who == [[NGOBO_REF, "A.Vlädd"], [NGOBO_REF, "B.Abama-Big-Belly"]]


# -- the set-up, the record, the agents ----------------------------------------------------
def test_a_setup_naming_an_unknown_option_or_reading_is_refused_in_one_line() -> None:
    setup = match_setup()
    known = (r"eden-npf-prowl, eden-storm-charge, eden-tied-bid, eden-fear-burn, "
             r"eden-redirection, eden-scenery-ranged, eden-npf-burn-score, "
             r"eden-infestation-roll, eden-scenery-no-room")
    with pytest.raises(SetupError, match=rf"unknown house rule 'eden-nope' \(known: {known}\)"):
        EDEN.new_game({**setup, "house_rules": {"eden-nope": "x"}}, seed=1)
    with pytest.raises(SetupError, match=r"eden-npf-prowl: unknown reading 'far' \(known: "
                                         r"up-to, exactly\)"):
        EDEN.new_game({**setup, "house_rules": {"eden-npf-prowl": "far"}}, seed=1)


@pytest.mark.parametrize("agent", ["random", "mcts"])
def test_a_match_with_options_plays_to_the_end_and_replays(agent: str) -> None:
    setup = {**match_setup(), "rules": {"infestation": 3, "climate": [3]},
             "house_rules": {"eden-npf-prowl": "exactly", "eden-storm-charge": "charge-too",
                             "eden-tied-bid": "chooses", "eden-fear-burn": "forbidden",
                             "eden-redirection": "anyone-touching"}}
    game = EDEN.new_game(setup, seed=7)
    assert state(game).catalogue.house_rules == setup["house_rules"]
    bots = [make_agent(agent if agent == "random" else "mcts:iterations=8", s)
            for s in (1, 2)]
    while not game.is_over:
        player = game.decision().player
        game.apply(bots[player].act(view_of(game, player, bots[player]),
                                    list(game.legal_actions())))
    record = Record.of(game)
    assert record.header["setup"]["house_rules"] == setup["house_rules"]
    assert verify(Record.from_jsonl(record.to_jsonl())).state_hash() == game.state_hash()


# -- eden-scenery-ranged ------------------------------------------------------------------
# Optional rules 1, A, Destruction (X): "Un décor possédant cette règle spéciale peut être la
# cible d'une action d'Attaque" (EN "may be the target of an attack action"), and Rulebook 6:
# "Un combattant peut effectuer une attaque de corps à corps ou à distance lors de l'action
# d'Attaque". A Wall 13 cm from Yuri, who carries a Molotov (a projectile).
def _wall_away(**readings: str) -> Game:
    from .test_territory_destruction import WALL, attacking

    game = attacking((WALL, 35.0, 30.0, 90.0))
    _choose(game, **readings)
    return game


def test_scenery_ranged_allowed_the_default_a_ranged_attack_chips_the_element() -> None:
    from skirmish.games.eden.optional.terrain import attacks

    game = _wall_away()
    assert [str(a) for a in game.legal_actions() if "Wall" in str(a)] == [
        "attack A.Yuri Wall-1 Molotov"]
    game.apply("attack A.Yuri Wall-1 Molotov")
    st = state(game)
    yuri = st.fighter("A.Yuri")
    assert (attacks(st, "Wall-1"), yuri.ap, yuri.round_uses["attack"]) == (1, 2, 1)
    assert yuri.match_uses["Molotov"] == 1  # the item's use is counted


def test_scenery_ranged_contact_only_a_fighter_in_contact_attacks_scenery() -> None:
    game = _wall_away(**{"eden-scenery-ranged": "contact"})
    assert not [a for a in game.legal_actions() if "Wall" in str(a)]
    unchanged(game, "attack A.Yuri Wall-1 Molotov",
              r"only a fighter in contact attacks scenery \(house rule "
              r"eden-scenery-ranged=contact\)")


# -- eden-npf-burn-score ------------------------------------------------------------------
# Optional rules 2, C: "Lorsqu'un combattant élimine un CNJ, le joueur qui contrôle ce
# combattant marque immédiatement un nombre de points de victoire équivalent au niveau du
# CNJ." A burn is no fighter: by the letter nobody scores; the other reading credits the
# player whose fighter set the NPF on fire.
def _burnt_ghoul(**readings: str) -> list[int]:
    from skirmish.games.eden.cards.profile import Limb
    from skirmish.games.eden.fighting.conditions import give_markers
    from skirmish.games.eden.fighting.wounds import inflict_wounds

    from .test_infestation import infested

    game = infested([(YURI, 10, 10)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30)])
    _choose(game, **readings)
    ghoul = fighter(game, "N.Ghoul")
    give_markers(game, ghoul, Condition.BURN, 1, by="A.Yuri", source="Molotov")
    inflict_wounds(game, ghoul, Limb.HEAD, 3, by="burn")  # the intendancy's burn wound
    assert not ghoul.on_field
    return list(state(game).vp)


def test_npf_burn_score_nobody_the_default_a_burn_scores_for_no_one() -> None:
    assert _burnt_ghoul() == [0, 0]


def test_npf_burn_score_burner_the_burning_fighters_player_scores_the_level() -> None:
    assert _burnt_ghoul(**{"eden-npf-burn-score": "burner"}) == [2, 0]  # a Ghoul: level 2


# -- eden-infestation-roll ----------------------------------------------------------------
# Optional rules 2, A: the players "peuvent le déterminer au hasard" - no dice named. 2D6-2
# (a 0 rolled again: 1 to 10, the middle likelier) is the engine's reading; ``uniform`` makes
# each level of 1 to 10 as likely.
def test_infestation_roll_2d6_minus_2_the_default() -> None:
    from skirmish.core import ScriptedDice

    from .test_infestation import placement_setup

    game = EDEN.new_game(placement_setup("random"), dice=ScriptedDice([6, 3]))
    assert state(game).infestation.points == [7, 7]


@pytest.mark.parametrize(("dice", "level"), [([6, 3, 5], 8), ([2, 1], 2), ([5, 4], 10)])
def test_infestation_roll_uniform_a_d6_for_the_units_and_a_d6_for_five_more(
        dice: list[int], level: int) -> None:
    from skirmish.core import ScriptedDice

    from .test_infestation import placement_setup

    setup = {**placement_setup("random"), "house_rules": {"eden-infestation-roll": "uniform"}}
    game = EDEN.new_game(setup, dice=ScriptedDice(dice))
    assert state(game).infestation.points == [level, level]
