"""The search on Mass Effect: Annihilation's movement (docs/bots.md, "Seeing the shooting
after a move"): rollouts that play the movement phase as stays (``me_stays``) to the turn's
end, and a root that compares the heuristic's best moves of the figure it would move
(``me_moves``); and the rules' faster listing of who may act, which must say exactly
what the slower one said."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

from skirmish.bots.mcts import MCTSAgent
from skirmish.bots.mcts.search import FRESH_MOVE
from skirmish.core import Game, RandomAgent
from skirmish.core.agents import view_of
from skirmish.games.masseffect import MASS_EFFECT
from skirmish.games.masseffect.actions import Run, Stay, Walk
from skirmish.games.masseffect.bots.heuristic import MassEffectHeuristic
from skirmish.games.masseffect.bots.moves import APART, choose_move, ranked_moves
from skirmish.games.masseffect.bots.search import masseffect_stay
from skirmish.games.masseffect.bots.table import Table
from skirmish.games.masseffect.figure import STAY
from skirmish.games.masseffect.phases.movement import movers
from skirmish.games.masseffect.phases.options import (
    enemy_targets,
    figure_actions,
    may_act,
    verdict,
)
from skirmish.games.masseffect.rules import Phase
from skirmish.sim.ladder import make_deals

DEALS = make_deals("masseffect", games=8)


def heuristic_until(deal: int, seed: int, kind: str = "move", turn: int = 2) -> Game:
    """Heuristic self-play on a ladder deal, stopped at the first ``kind`` decision of
    ``turn`` or later."""
    game = MASS_EFFECT.new_game(DEALS[deal].setup, seed=seed)
    agents = [MassEffectHeuristic(seed), MassEffectHeuristic(seed + 1)]
    while not game.is_over:
        decision = game.decision()
        if game.state.turn >= turn and decision.kind == kind:  # type: ignore[attr-defined]
            return game
        player = decision.player
        game.apply(agents[player].act(view_of(game, player, agents[player]),
                                      list(game.legal_actions())))
    raise AssertionError(f"no {kind} decision from turn {turn} on (deal {deal})")


MOVES: dict[str, Any] = {"iterations": 16, "horizon": "round", "policy": "heuristic",
                         "rollout": 300, "paired": True, "me_horizon": "round",
                         "me_stays": True, "me_moves": 3}


# -- the stays of the rollouts -------------------------------------------------------------------
def test_a_stay_rollout_plays_the_movement_phase_as_stays() -> None:
    game = heuristic_until(0, seed=5)
    state: Any = game.state
    player = game.decision().player
    first = movers(state, player)[0]
    stay = masseffect_stay(game)
    assert isinstance(stay, Stay) and str(stay.figure) == str(first.ref)
    agent = MCTSAgent(3, **{**MOVES, "rollout": 3})
    search = agent.search(view_of(game, player, agent), list(game.legal_actions()), 3)
    played_out = game.copy()
    assert search.rollout(played_out) == 3
    moved = [f for f in played_out.state.figures if f.moved]  # type: ignore[attr-defined]
    assert len(moved) == 3 and all(f.moved == STAY for f in moved)
    plain = MCTSAgent(3, **{**MOVES, "rollout": 3, "me_stays": False})
    search = plain.search(view_of(game, player, plain), list(game.legal_actions()), 3)
    walked = game.copy()
    assert search.rollout(walked) == 3  # the heuristic moves: not all of them stay
    assert any(f.moved and f.moved != STAY
               for f in walked.state.figures)  # type: ignore[attr-defined]


def test_a_stay_rollout_reaches_the_turns_end_and_no_further() -> None:
    game = heuristic_until(1, seed=6)
    turn = game.state.turn  # type: ignore[attr-defined]
    agent = MCTSAgent(3, **MOVES)
    player = game.decision().player
    search = agent.search(view_of(game, player, agent), list(game.legal_actions()), 3)
    played_out = game.copy()
    assert 0 < search.rollout(played_out) < 300
    assert played_out.is_over or played_out.state.turn == turn + 1  # type: ignore[attr-defined]


def test_a_two_rounds_rollout_plays_the_next_turn_out_too() -> None:
    """``me_horizon=two-rounds``: a rollout plays the turn under way and the next one out,
    stopping at the start of the turn after (or at the game's end)."""
    game = heuristic_until(1, seed=6)
    turn = game.state.turn  # type: ignore[attr-defined]
    agent = MCTSAgent(3, **{**MOVES, "me_horizon": "two-rounds"})
    player = game.decision().player
    search = agent.search(view_of(game, player, agent), list(game.legal_actions()), 3)
    played_out = game.copy()
    one_turn = MCTSAgent(3, **MOVES).search(view_of(game, player, agent),
                                             list(game.legal_actions()), 3)
    assert 0 < one_turn.rollout(game.copy()) < search.rollout(played_out) < 300
    assert played_out.is_over or played_out.state.turn == turn + 2  # type: ignore[attr-defined]


def test_a_replay_rollout_plays_the_heuristics_moves_once_a_position() -> None:
    """``me_replay``: the rollouts' movements are the heuristic's, asked once for each
    position the search reaches (determinization, dice, actions since the root) and
    replayed on the next visits; the root's children, visited on common dice, replay the
    rest of their movement phase."""
    game = heuristic_until(0, seed=5)
    player = game.decision().player
    agent = MCTSAgent(3, **{**MOVES, "me_stays": False, "me_replay": True})
    search = agent.search(view_of(game, player, agent), list(game.legal_actions()), 3)
    asked: list[str] = []
    opponent = search.opponent
    assert opponent is not None

    def counted(g: Game, actions: Any) -> Any:
        if g.decision().kind == "move":
            asked.append(str(g.decision().player))
        return opponent(g, actions)

    search.opponent = counted
    search.run()
    assert search.errors == 0 and search.iterations == 16
    assert len(asked) == len(search.replayed) > 0  # each position asked once
    assert search.replays > len(search.replayed)  # and replayed more often than not
    moved = [action for action, _ in search.replayed.values()]
    assert any(not isinstance(action, Stay) for action in moved)  # real moves, not stays
    assert set(asked) == {"0", "1"}  # both bands' movements


def test_a_replay_search_is_seeded() -> None:
    game = heuristic_until(1, seed=6)
    player = game.decision().player
    legal = list(game.legal_actions())
    settings = {**MOVES, "me_stays": False, "me_replay": True}
    one, two = MCTSAgent(4, **settings), MCTSAgent(4, **settings)
    first = one.act(view_of(game, player, one), legal)
    assert str(two.act(view_of(game, player, two), legal)) == str(first)
    assert one.last is not None and two.last is not None
    assert one.last.options == two.last.options


def test_a_replay_rollout_begins_no_fresh_move_that_would_overrun_the_cap() -> None:
    """``me_replay`` with a cap: a move worked out afresh in a rollout (its listing and the
    heuristic's choice) is expected to take as long as the longest one so far, at least
    ``FRESH_MOVE`` and as long as the heuristic's move at the root (the root prior); none is
    begun that would then overrun the cap. Replayed moves cost nothing and may still be
    played up to the cap."""
    game = heuristic_until(0, seed=5)
    player = game.decision().player

    def fresh_moves(prior: float, seconds: float) -> tuple[Any, list[float], float]:
        readings: list[float] = []

        def clock() -> float:
            # 10 ms a reading, and the root prior between the first two readings
            step = prior if len(readings) == 1 else 0.01
            now = (readings[-1] if readings else 0.0) + step
            readings.append(now)
            return now

        settings = {**MOVES, "iterations": None, "seconds": seconds, "me_stays": False,
                    "me_replay": True}
        agent = MCTSAgent(3, **settings, clock=clock)
        search = agent.search(view_of(game, player, agent), list(game.legal_actions()), 3)
        begun: list[float] = []
        policy = search._policy

        def timed(g: Game, actions: Any) -> Any:
            if g.decision().kind == "move":
                begun.append(readings[-1])  # a move worked out afresh, begun now
            return policy(g, actions)

        search._policy = timed  # type: ignore[method-assign]
        search.run()
        deadline = readings[0] + seconds
        assert readings[-1] < deadline  # stopped short of the cap
        return search, begun, deadline

    search, begun, deadline = fresh_moves(0.05, 0.45)  # a quick root prior: FRESH_MOVE
    assert search.fresh == pytest.approx(FRESH_MOVE) and begun
    assert all(b + FRESH_MOVE <= deadline + 1e-9 for b in begun)
    search, begun, deadline = fresh_moves(0.2, 0.6)  # a slow one: as long as it
    assert search.fresh == pytest.approx(0.2) and begun
    assert all(b + 0.2 <= deadline + 1e-9 for b in begun)
    uncapped = MCTSAgent(3, **{**MOVES, "me_stays": False, "me_replay": True,
                               "iterations": 8})
    search = uncapped.search(view_of(game, player, uncapped), list(game.legal_actions()), 3)
    search.run()
    assert search.fresh == 0.0  # without a cap nothing is timed


# -- the root of a movement ------------------------------------------------------------------------
@pytest.mark.parametrize("deal, seed", [(0, 5), (1, 6), (2, 7), (3, 8)])
def test_the_ranked_moves_start_with_the_heuristics_and_are_legal_and_apart(
        deal: int, seed: int) -> None:
    game = heuristic_until(deal, seed)
    player = game.decision().player
    legal = list(game.legal_actions())
    table = Table.of(game.view(player))
    ranked = ranked_moves(table, legal, 4)
    assert ranked and str(ranked[0]) == str(choose_move(Table.of(game.view(player)), legal))
    assert 1 < len(ranked) <= 4
    assert len({str(a.figure) for a in ranked}) == 1  # type: ignore[attr-defined]
    ends = []
    for action in ranked:
        copy = game.copy()
        copy.apply(action)  # checked: each is legal
        if isinstance(action, Walk | Run):
            ends.append((action.to.x, action.to.y))
    assert all(math.dist(a, b) >= APART for i, a in enumerate(ends) for b in ends[i + 1:])


def test_the_root_of_a_movement_compares_only_the_heuristics_best_moves() -> None:
    game = heuristic_until(0, seed=5)
    player = game.decision().player
    legal = list(game.legal_actions())
    agent = MCTSAgent(2, **MOVES)
    view = view_of(game, player, agent)
    ranked = MassEffectHeuristic(2).ranked_moves(view, legal, 3)
    search = agent.search(view, legal, 2)
    assert search.prior == str(ranked[0])
    action, explanation = search.run()
    assert {o["action"] for o in explanation.options} <= {str(a) for a in ranked}
    assert len(explanation.options) == len(ranked) and explanation.iterations == 16
    # the movements below the root are the rollouts' stays: the tree stops at the root
    assert all(not child.children for child in search.root.children.values())
    assert str(action) in {str(a) for a in ranked}
    again = MCTSAgent(2, **MOVES)
    assert str(again.act(view_of(game, player, again), legal)) == str(agent.act(view, legal))
    # elsewhere (a shooting phase), the root is every listed action
    shooting = heuristic_until(0, seed=5, kind=str(Phase.SHOOTING))
    shooter = shooting.decision().player
    assert MassEffectHeuristic(2).ranked_moves(
        view_of(shooting, shooter, agent), list(shooting.legal_actions()), 3) == []
    search = agent.search(view_of(shooting, shooter, agent), list(shooting.legal_actions()), 2)
    assert search.candidates is None


# -- the rules' faster listing says what the slower one said -------------------------------------
def _slow_targets(state: Any, user: Any, range_pas: int) -> list[tuple[str, str]]:
    out = []
    for enemy in state.in_action(1 - user.side):
        aim = verdict(state, user, enemy, range_pas)
        if aim.allowed:
            out.append((str(enemy.ref), repr(aim)))
    return out


def _agree(state: Any) -> tuple[int, int]:
    """Fast and plain listings compared for every figure and weapon; (weapons checked,
    engaged figures met)."""
    checked = engaged = 0
    for figure in state.in_action():
        for phase in (Phase.POWERS, Phase.SHOOTING, Phase.SPECIAL):
            if may_act(state, figure, phase):
                assert figure_actions(state, figure, phase)
        for weapon in figure.card.ranged:
            fast = [(str(e.ref), repr(a))
                    for e, a in enemy_targets(state, figure, weapon.range or 0)]
            assert fast == _slow_targets(state, figure, weapon.range or 0)
            checked += 1
        engaged += state.engaged(figure)
    return checked, engaged


def test_an_engaged_figure_shoots_only_its_chargers_in_either_listing() -> None:
    """ME20, ME21, ME26 on a table set by hand: a figure in contact with two enemies, one
    of which charged it this turn; the others shoot past them, not at them."""
    game = heuristic_until(0, seed=5)
    state: Any = game.state
    centre = next(state.in_action(0))
    foes = list(state.in_action(1))[:2]
    for foe, side in zip(foes, (1, -1), strict=True):
        foe.x = centre.x + side * (centre.radius + foe.radius)
        foe.y = centre.y
    centre.chargers = [str(foes[0].ref)]
    centre.moved = STAY
    checked, engaged = _agree(state)
    assert checked and engaged >= 3
    assert [str(e.ref) for e, _ in enemy_targets(state, centre, 99)] == [str(foes[0].ref)]
    for friend in state.in_action(0):
        assert not {str(e.ref) for e, _ in enemy_targets(state, friend, 99)} & {
            str(f.ref) for f in foes} or friend is centre


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_who_may_act_and_at_whom_is_what_the_verdict_says(seed: int) -> None:
    """:func:`may_act` stops at the first legal action and :func:`enemy_targets` asks range
    and engagement before sight: on random games, both agree with the plain definitions
    (any legal action at all; :func:`verdict` on every enemy), engaged figures and
    counter-charges included."""
    game = MASS_EFFECT.new_game(DEALS[seed].setup, seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    checked = 0
    while not game.is_over:
        if len(game.history) % 3 == 0:
            checked += _agree(game.state)[0]
        player = game.decision().player
        game.apply(agents[player].act(view_of(game, player, agents[player]),
                                      list(game.legal_actions())))
    assert checked > 300


# -- the seconds cap inside a long rollout -------------------------------------------------------
def test_a_rollout_that_reaches_the_cap_is_abandoned_and_ends_the_search() -> None:
    """A turn played out can take longer than any iteration before it (a melee, a long
    shooting phase): the rollout stops at the seconds cap, its iteration is not counted nor
    back-propagated, and the search ends there, within the cap."""
    game = heuristic_until(0, seed=5)
    player = game.decision().player
    readings = itertools.count()

    def clock() -> float:
        # the time stands still for 60 readings (a few iterations: each reads the clock
        # once before it and once a rollout decision), then jumps past the cap, in the
        # middle of a rollout (this search's 60th reading is a rollout's)
        return 0.0 if next(readings) < 60 else 1.0

    agent = MCTSAgent(2, **{**MOVES, "iterations": None, "seconds": 0.5}, clock=clock)
    search = agent.search(view_of(game, player, agent), list(game.legal_actions()), 2)
    action, explanation = search.run()
    assert search.abandoned == 1 and search.deadline is None
    assert explanation.iterations == search.iterations > 0
    assert sum(c.visits for c in search.root.children.values()) == search.iterations
    assert search.root.visits == search.iterations
    assert str(action) in {str(a) for a in search.legal.values()}
    # the short horizon keeps whole iterations: its rollouts stop by themselves
    readings = itertools.count()
    settle = MCTSAgent(2, iterations=None, seconds=0.5, clock=clock)
    quick = settle.search(view_of(game, player, settle), list(game.legal_actions()), 2)
    quick.run()
    assert quick.abandoned == 0


def test_a_rollout_stops_before_a_decision_as_long_as_the_longest_would_overrun() -> None:
    """The rollout's own pace: once one of its decisions has taken 0.2 s, the next is not
    begun within 0.2 s of the cap - the search ends under the cap, not a decision past it."""
    game = heuristic_until(0, seed=5)
    player = game.decision().player
    readings: list[float] = []

    def clock() -> float:
        # 10 ms a reading, and one decision of 0.2 s (the 30th reading)
        now = (readings[-1] if readings else 0.0) + (0.2 if len(readings) == 30 else 0.01)
        readings.append(now)
        return now

    agent = MCTSAgent(2, **{**MOVES, "iterations": None, "seconds": 0.5}, clock=clock)
    search = agent.search(view_of(game, player, agent), list(game.legal_actions()), 2)
    search.run()
    assert search.step == pytest.approx(0.2)
    assert search.abandoned == 1
    assert readings[-1] < search.started + 0.5  # stopped short of the cap


# -- what is searched -----------------------------------------------------------------------------
def test_the_edge_and_the_deployment_are_the_heuristics_at_once_with_fights_scope() -> None:
    """docs/bots.md, "What is searched": on ME:A, ``scope`` "fights" leaves the table edge and
    the deployment to the heuristic (a turn's horizon sees nothing of them); the movement is
    still searched."""
    game = MASS_EFFECT.new_game(DEALS[0].setup, seed=3)
    while game.decision().kind != "deploy":
        game.apply(next(iter(game.legal_actions())))
    player = game.decision().player
    agent = MCTSAgent(6, **{**MOVES, "scope": "fights"})
    helper = MassEffectHeuristic(6)
    legal = list(game.legal_actions())
    assert len(legal) > 1
    action = agent.act(view_of(game, player, agent), legal)
    assert agent.last is not None and agent.last.iterations == 0
    assert action == helper.act(view_of(game, player, helper), legal)
    everything = MCTSAgent(6, **{**MOVES, "scope": "all"})
    everything.act(view_of(game, player, everything), legal)
    assert everything.last is not None and everything.last.iterations == MOVES["iterations"]
    moving = heuristic_until(0, seed=5)
    player = moving.decision().player
    agent.act(view_of(moving, player, agent), list(moving.legal_actions()))
    assert agent.last is not None and agent.last.iterations > 0
