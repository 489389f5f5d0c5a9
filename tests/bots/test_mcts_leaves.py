"""Issue 16: the MCTS bot's leaf evaluations: Eden's (VP, strength, the end) and ME:A's
(Vitalité and armour, the shots still to come, either side of a turn's scoring, the named
weights), as the search reads them at the end of a rollout."""

from __future__ import annotations

import math
from typing import Any

import pytest

from skirmish.bots.mcts.policies import value_of
from skirmish.bots.registry import parse_agent
from skirmish.core import Game, RandomAgent
from skirmish.games.eden import EDEN
from skirmish.games.eden.bots.search import eden_value
from skirmish.games.eden.rolling import state_of
from skirmish.games.masseffect import MASS_EFFECT, match_setup
from skirmish.games.masseffect.bots.leaf import (
    LEAVES,
    MASSEFFECT_HAND,
    MASSEFFECT_LEAVES,
    MASSEFFECT_TURN_START,
    masseffect_objectives,
    masseffect_terms,
    masseffect_value,
)
from skirmish.games.masseffect.cards.library import load_library
from tests.bots.mcts_games import (
    EDEN_SETUP,
    eden_game,
    play_out,
    round_search,
)


def test_the_leaf_evaluation_reads_vp_strength_and_the_end() -> None:
    game = eden_game()
    base = eden_value(game)
    assert 0 < base < 1
    ahead = game.copy()
    state_of(ahead).vp[0] += 2
    assert eden_value(ahead) > base
    hurt = game.copy()
    fighter = next(f for f in state_of(hurt).fighters if f.side == 1)
    fighter.checked = [limb.white_cp + limb.red_cp for limb in fighter.profile.limbs]
    assert fighter.incapacitated and eden_value(hurt) > base
    acted = game.copy()
    waiting = [f for f in state_of(acted).fighters if f.side == 0 and f.on_field
               and not f.activated and f.ap > 0]
    if waiting:  # a fighter still to act is worth ``tempo`` VP
        waiting[0].activated = True
        assert eden_value(acted, tempo=1.0) < eden_value(game, tempo=1.0)
        assert eden_value(acted, tempo=0.0) == pytest.approx(eden_value(game, tempo=0.0))
    over = play_out(EDEN.new_game(EDEN_SETUP, seed=3), [RandomAgent(1), RandomAgent(2)])
    outcome = over.outcome()
    assert outcome is not None
    assert eden_value(over) == {0: 1.0, 1: 0.0, None: 0.5}[outcome.winner]


def test_the_mass_effect_leaf_counts_vitality_and_armour() -> None:
    """ME25: a hit takes the armour first, so a shot that only strips armour has done
    something: the leaf evaluation counts Armure with Vitalité."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench.mcts import me_mid_game

    game = me_mid_game()
    base = masseffect_value(game)
    armoured = [f for f in game.state.figures  # type: ignore[attr-defined]
                if f.side == 1 and f.in_action and f.armour > 0]
    assert armoured, "the bench's mid-game has an armoured figure of B's in action"
    stripped = game.copy()
    figure = next(f for f in stripped.state.figures  # type: ignore[attr-defined]
                  if f.key == armoured[0].key and f.side == 1)
    figure.armour = 0
    assert masseffect_value(stripped) > base
    wounded = game.copy()
    figure = next(f for f in wounded.state.figures  # type: ignore[attr-defined]
                  if f.key == armoured[0].key and f.side == 1)
    figure.vitality -= 1
    assert masseffect_value(wounded) > base
    # ME34: a burning figure burns at the turn's end (armour first): counted already
    burning = game.copy()
    figure = next(f for f in burning.state.figures  # type: ignore[attr-defined]
                  if f.key == armoured[0].key and f.side == 1)
    figure.statuses.append("burning")
    stripped_value = masseffect_value(stripped)
    assert masseffect_value(burning) == pytest.approx(
        masseffect_value(_with(game, armoured[0].key, armour=figure.armour - 1)))
    assert stripped_value > masseffect_value(burning) > base
    figure.armour, figure.vitality = 0, 1
    assert masseffect_value(burning) == pytest.approx(
        masseffect_value(_with(game, armoured[0].key, armour=0, vitality=0, out=True)))
    # ME37: data downloaded is worth something before it is extracted
    carrying = _with(game, armoured[0].key, carries=["data-T1"])
    assert masseffect_value(carrying) < base
    gone = _with(game, armoured[0].key, carries=[], extracted=True)
    gone.state.extracted[1] += 1  # type: ignore[attr-defined]
    assert masseffect_value(gone) < masseffect_value(carrying)


def _with(game: Game, key: str, **values: Any) -> Game:
    """A copy of ``game`` where B's figure ``key`` has ``values``."""
    copy = game.copy()
    figure = next(f for f in copy.state.figures  # type: ignore[attr-defined]
                  if f.key == key and f.side == 1)
    for name, value in values.items():
        setattr(figure, name, value)
    return copy


def test_the_mass_effect_leaf_weighs_the_shots_still_to_come_with_me_threat() -> None:
    """``me_threat``: a mid-turn ME:A leaf counts each band's best shots still to come this
    turn (a figure that has shot, or stands out of every enemy's reach, threatens nothing;
    one a walk short of its range, less); 0 leaves the evaluation as it was."""
    from skirmish.games.masseffect.bots.tactics import me_table
    from skirmish.games.masseffect.bots.threats import BEYOND, me_threats

    def soldiers(apart: float) -> Game:  # pas between the centres; Fusil mitrailleur: 16
        return me_table([(0, "Soldat de l'Alliance", 18, 10),
                         (1, "Soldat de Cerberus", 18, 10 + apart)], decision="move")

    game = soldiers(12)
    a, b = me_threats(game)
    assert a > 0 and b > 0, "each soldier has the other in range"
    assert masseffect_value(game, 0.0) == masseffect_value(game)
    shot = game.copy()
    for f in shot.state.figures:  # type: ignore[attr-defined]
        if f.side == 1:
            f.shot = True  # ME21: B's soldier has shot this turn
    after_a, after_b = me_threats(shot)
    assert after_b == 0.0 and 0 < after_a < a  # and a soldier that has shot is worth less
    assert masseffect_value(shot, 1.0) > masseffect_value(game, 1.0)
    assert masseffect_value(shot, 0.0) == masseffect_value(game, 0.0)
    # 18 pas apart (edge to edge some 17): a walk (4 pas) short of the range; 30: out of reach
    walk_a, walk_b = me_threats(soldiers(18))
    assert walk_a == pytest.approx(BEYOND * a) and walk_b == pytest.approx(BEYOND * b)
    assert me_threats(soldiers(30)) == (0.0, 0.0)


def test_the_mass_effect_leaf_is_alike_either_side_of_a_turns_scoring() -> None:
    """ME37: holding the objectives scores at each turn's end; the leaf projects it, so a
    turn's scoring moves points from the projection to the scores and changes nothing (a
    pass that ends the turn is not favoured by the points it brings forward)."""
    from skirmish.games.masseffect.turn import Turn

    setup = match_setup(load_library(), ["Escouade Orion", "Cellule Tisiphone"],
                        "Tenir la position")
    game = MASS_EFFECT.new_game(setup, seed=3)
    while game.decision().kind == "deploy" or game.decision().kind == "edge":
        game.apply(next(iter(game.legal_actions())))
    state: Any = game.state
    state.turn = 2
    beacon = next(m for m in state.markers if m.kind == "objective")
    figure = next(f for f in state.figures if f.side == 0 and f.in_action)
    figure.x, figure.y = beacon.x, beacon.y  # A holds one beacon, alone
    assert masseffect_objectives(state) == 5.0  # 1 point, turns 2 to 6
    before = masseffect_value(game)
    Turn()._score(game, state)
    state.turn += 1
    assert state.scores[0] - state.scores[1] == 1
    assert masseffect_value(game) == pytest.approx(before)
    state.scores[0] -= 1
    assert masseffect_value(game) < before


def test_the_mass_effect_leaf_weights_are_named_by_me_leaf() -> None:
    """``me_leaf``: the ME:A leaf's terms weighed as set by hand (every preset's) or as
    calibrated at a turn's start (``MASSEFFECT_TURN_START``, bench/me_leaf_fit.py), where a
    point scored is worth far more than a projected one and data carried nearly wins."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench.mcts import me_mid_game

    def logit(p: float) -> float:
        return math.log(p / (1 - p))

    game = me_mid_game()
    fitted = MASSEFFECT_TURN_START
    assert value_of("masseffect")(game) == masseffect_value(game, 0.0, MASSEFFECT_HAND)
    assert masseffect_value(game, 0.0, MASSEFFECT_HAND) == masseffect_value(game)
    assert value_of("masseffect", me_leaf="fitted")(game) == masseffect_value(game, 0.0,
                                                                              fitted)
    with pytest.raises(ValueError, match="me_leaf"):
        value_of("masseffect", me_leaf="guessed")
    assert round_search(game, iterations=1).value(game) == masseffect_value(game)
    search = round_search(game, me_leaf="fitted", iterations=1)
    assert search.value(game) == masseffect_value(game, 0.0, fitted)
    assert parse_agent("mcts:normal,me_leaf=fitted").settings()["me_leaf"] == "fitted"
    assert fitted.score > 10 * fitted.objectives and fitted.carried > 20 * fitted.alive
    # the value is the logistic curve of the weighted terms
    terms = masseffect_terms(game)
    assert logit(masseffect_value(game, 0.0, fitted)) == pytest.approx(
        sum(getattr(fitted, name) * value for name, value in terms.items()))
    # ME37: one of B's figures carrying data: A's chances fall by the carried weight
    figure = next(f for f in game.state.figures  # type: ignore[attr-defined]
                  if f.side == 1 and f.in_action)
    carrying = _with(game, figure.key, carries=["data-T1"])
    assert masseffect_terms(carrying)["carried"] == -1.0
    assert logit(masseffect_value(carrying, 0.0, fitted)) == pytest.approx(
        logit(masseffect_value(game, 0.0, fitted)) - fitted.carried)
    # "data": the hand-set weights with data carried worth a whole band (25 band points)
    data = value_of("masseffect", me_leaf="data")
    assert data(game) == masseffect_value(game, 0.0, MASSEFFECT_HAND)  # nobody carries data
    assert logit(data(carrying)) == pytest.approx(logit(data(game)) - 25 / 25)
    assert logit(masseffect_value(game)) - logit(masseffect_value(carrying)) == (
        pytest.approx(5 / 25))
    assert parse_agent("mcts:hard,me_leaf=data").settings()["me_leaf"] == "data"
    assert tuple(MASSEFFECT_LEAVES) == LEAVES  # the registry's choices name every leaf
