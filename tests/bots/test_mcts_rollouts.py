"""Issue 16 and after: the MCTS bot's rollouts and what it searches: the round horizon,
sparse listings, the decisions searched or left to the heuristic, tactical cards, the
confidence margin, paired root children, sequential halving, the missions' weight and the
secret mission's horizon."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from skirmish.bots.mcts import MCTSAgent, Node
from skirmish.bots.mcts.halving import Halving, halving_choice
from skirmish.bots.mcts.policies import round_of
from skirmish.bots.mcts.tree import (
    Key,
    confident_choice,
    expand,
    margin_choice,
    paired_margin,
)
from skirmish.bots.registry import make_agent
from skirmish.core import Game
from skirmish.core.agents import view_of
from skirmish.games.eden import EDEN
from skirmish.games.eden.bots.search import (
    EDEN_SEARCHED,
    EDEN_SETTLING,
    EDEN_UNINFORMED,
    EDEN_WHOLE_MATCH,
    eden_horizon_at,
    eden_value,
)
from skirmish.games.eden.content import setup_for
from skirmish.games.eden.rolling import state_of
from tests.bots.mcts_games import (
    EDEN_SETUP,
    decide,
    eden_game,
    heuristic_until,
    round_search,
)


# -- rollouts' horizon and the decisions searched -----------------------------------------------
def test_a_round_rollout_stops_at_the_round_boundary() -> None:
    game = EDEN.new_game(setup_for(None, None, max_rounds=3), seed=5)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    while state_of(game).round < 1 or len(game.history) < 60:
        player = game.decision().player
        game.apply(agents[player].act(view_of(game, player, agents[player]),
                                      list(game.legal_actions())))
    assert not game.is_over
    start = round_of(game)
    search = round_search(game, horizon="round", rollout=1000)
    played_out = game.copy()
    played = search.rollout(played_out)
    assert 0 < played < 1000
    assert played_out.is_over or round_of(played_out) == start + 1
    # one decision fewer stays in the round: the rollout stopped at its first boundary
    again = game.copy()
    assert round_search(game, horizon="round", rollout=played - 1).rollout(again) \
        == played - 1
    assert again.is_over or round_of(again) == start
    capped = game.copy()
    assert round_search(game, horizon="round", rollout=3).rollout(capped) == 3
    settled = game.copy()
    search = round_search(game, horizon="settle", rollout=1000)
    search.rollout(settled)
    assert settled.is_over or settled.decision().kind not in EDEN_SETTLING


def test_a_round_horizon_search_is_deterministic_for_a_seed_and_budget() -> None:
    game = eden_game()
    settings: dict[str, Any] = {"iterations": 6, "horizon": "round", "policy": "heuristic",
                                "rollout": 200}
    first, second = MCTSAgent(5, **settings), MCTSAgent(5, **settings)
    assert decide(first, game) == decide(second, game)
    a, b = first.explain(), second.explain()
    assert a is not None and b is not None and a["iterations"] == 6
    a.pop("seconds"), b.pop("seconds")
    assert a == b


def test_a_sparse_search_lists_the_root_in_full_and_its_games_sparsely(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``sparse``: below the root (the tree and the rollouts) the search's games list
    sparsely (:meth:`Game.legal_actions`); the root keeps every legal action. Seeded: the
    same seed and budget give the same search."""
    game = eden_game()
    legal = {str(a) for a in game.legal_actions()}
    listed: list[bool] = []
    full_listing = Game.legal_actions

    def spy(self: Game, sparse: bool = False) -> Any:
        listed.append(sparse)
        return full_listing(self, sparse)

    settings: dict[str, Any] = {"iterations": 6, "horizon": "round", "rollout": 200,
                                "sparse": True}
    search = round_search(game, **settings)
    monkeypatch.setattr(Game, "legal_actions", spy)
    search.run()
    assert search.iterations == 6 and search.errors == 0
    # in full once per determinization and dice at the root, sparsely everywhere else
    assert listed.count(False) == len(search.root.listed) > 0 and listed.count(True) > 6
    at_root = {str(a) for actions, _, _ in search.root.listed.values() for a in actions}
    assert at_root == legal | {search.prior}  # and the heuristic's own step
    monkeypatch.undo()
    first, second = MCTSAgent(5, **settings), MCTSAgent(5, **settings)
    assert decide(first, game) == decide(second, game)
    a, b = first.explain(), second.explain()
    assert a is not None and b is not None
    a.pop("seconds"), b.pop("seconds")
    assert a == b


def test_decisions_outside_the_scope_are_the_heuristics_at_once() -> None:
    game = EDEN.new_game(EDEN_SETUP, seed=4)
    while len(game.legal_actions()) < 2:
        game.apply(next(iter(game.legal_actions())))
    kind = game.decision().kind
    assert kind not in EDEN_SEARCHED  # the preparation: bids, missions, deployment
    player = game.decision().player
    agent = MCTSAgent(6, iterations=40, scope="fights")
    helper = make_agent("heuristic", 6)
    action = decide(agent, game)
    assert agent.last is not None and agent.last.iterations == 0
    assert action == str(helper.act(view_of(game, player, helper), list(game.legal_actions())))
    searched = MCTSAgent(6, iterations=40, scope="all")
    decide(searched, game)
    assert searched.last is not None and searched.last.iterations == 40


def test_tactical_cards_are_searched_without_deferring_to_a_random_pick() -> None:
    """docs/bots.md: the heuristic plays a tactical card drawn at random, so the search
    takes its most visited play there, whatever ``confidence`` says; elsewhere the margin
    holds."""
    assert "tactical" in EDEN_SEARCHED and "tactical" in EDEN_UNINFORMED
    game = heuristic_until("tactical", seed=2)
    player = game.decision().player
    settings: dict[str, Any] = {"iterations": 10, "horizon": "round", "policy": "heuristic",
                                "rollout": 300, "scope": "fights", "confidence": 1e9}
    agent = MCTSAgent(4, **settings)
    view = view_of(game, player, agent)
    search = agent.search(view, list(game.legal_actions()), 4)
    assert search.confidence == 0.0
    action, explanation = search.run()
    best = search.root.best()
    assert best is not None and best.key is not None
    assert str(action) == best.key[1] and explanation.iterations == 10
    assert agent.act(view, list(game.legal_actions())) is not None  # searched, not skipped
    assert agent.last is not None and agent.last.iterations == 10
    fight = heuristic_until("action", seed=2)
    player = fight.decision().player
    held = agent.search(view_of(fight, player, agent), list(fight.legal_actions()), 4)
    assert held.confidence == 1e9
    chosen, explained = held.run()
    assert str(chosen) == explained.prior  # an infinite margin keeps the heuristic's choice


def test_the_confidence_margin_has_its_own_value_on_mass_effect() -> None:
    """docs/bots.md: hard leaves the heuristic on 1.5 standard errors on Eden and keeps 2
    on ME:A (``me_confidence``, ``confidence`` when not given)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench.mcts import me_mid_game

    agent = MCTSAgent(1, iterations=4, confidence=1.5, me_confidence=2.0)
    plain = MCTSAgent(1, iterations=4, confidence=1.5)
    me = me_mid_game()
    player = me.decision().player
    legal = list(me.legal_actions())
    assert agent.search(view_of(me, player, agent), legal, 1).confidence == 2.0
    assert plain.search(view_of(me, player, plain), legal, 1).confidence == 1.5
    fight = heuristic_until("action", seed=2)
    player = fight.decision().player
    search = agent.search(view_of(fight, player, agent), list(fight.legal_actions()), 1)
    assert search.confidence == 1.5


def test_paired_root_children_share_their_kth_dice_and_compare_by_differences() -> None:
    # the paired margin: mean difference over its standard error
    assert paired_margin([0.6, 0.7, 0.8], [0.5, 0.6, 0.7]) > 1e6  # always 0.1 better
    assert paired_margin([0.9, 0.1], [0.1, 0.9]) == pytest.approx(0.0)
    assert paired_margin([0.9], [0.1]) == 0.0  # one pair says nothing
    root = Node()
    held, other = expand(root, (0, "held")), expand(root, (0, "other"))
    held.values, other.values = [], []
    for k in range(30):  # the other is 0.02 better on every common draw, noisy draws
        noise = 0.4 if k % 2 else -0.4
        held.update(0.5 + noise)
        other.update(0.52 + noise)
    other.update(0.5)
    assert confident_choice(root, (0, "held"), 1.0) is other  # paired: clearly better
    held.values = other.values = None
    assert confident_choice(root, (0, "held"), 1.0) is held  # unpaired: within the noise
    # in a search, each root child's k-th visit uses the k-th seed
    game = eden_game()
    agent = MCTSAgent(7, iterations=30, paired=True)
    player = game.decision().player
    search = agent.search(view_of(game, player, agent), list(game.legal_actions()), 7)
    search.run()
    children = list(search.root.children.values())
    assert children and all(c.values is not None and len(c.values) == c.visits
                            for c in children)
    assert len(search.paired_seeds) == max(c.visits for c in children)


def test_the_margin_pick_takes_the_rival_most_surely_better_not_the_most_visited() -> None:
    """``pick`` "margin" (docs/bots.md, "The rival most surely better"): the root action
    that beats the heuristic's choice by most standard errors of the paired differences,
    over enough pairs, else the heuristic's; the most visited one need not be it."""
    root = Node()
    held, busy, sure = (expand(root, (0, k)) for k in ("held", "busy", "sure"))
    for node in (held, busy, sure):
        node.values = []
    for k in range(40):
        noise = 0.3 if k % 2 else -0.3
        held.update(0.5 + noise)
        busy.update(0.5 + noise + (0.2 if k % 4 < 2 else -0.19))  # ahead by a whisker
        if k < 12:
            sure.update(0.51 + noise)  # 0.01 ahead on every common draw
    assert root.best() is not sure and sure.visits == 12
    assert confident_choice(root, (0, "held"), 2.0) is held  # the most visited: noise
    assert margin_choice(root, (0, "held"), 2.0) is sure
    assert margin_choice(root, (0, "held"), 2.0, pairs=13) is held  # too few pairs
    sure.values = [0.0, 0.0, 0.0, *sure.values[3:]]  # now behind on three draws
    assert margin_choice(root, (0, "held"), 2.0) is held
    # without the heuristic's choice among the children: the most visited
    assert margin_choice(root, None, 2.0) is root.best()
    # by name; an unknown pick is refused
    agent = make_agent("mcts:hard,me_pick=margin", 1)
    assert isinstance(agent, MCTSAgent) and agent.settings.me_pick == "margin"
    game = eden_game()
    player = game.decision().player
    strange = MCTSAgent(1, iterations=2, pick="likeliest")
    with pytest.raises(ValueError, match="pick"):
        strange.search(view_of(game, player, strange), list(game.legal_actions()), 1)


def halved(keys: list[Key], means: dict[Key, float], width: int, budget: int,
           keep: Key | None = None) -> tuple[Node, Halving, list[Key]]:
    """A root searched by sequential halving for ``budget`` iterations, each visit of an
    action rewarded with its mean in ``means``; the keys in the order visited."""
    root = Node()
    root.rank(keys, list)
    halving = Halving(width, keep)
    visited: list[Key] = []
    for done in range(budget):
        key = halving.next(root, keys, functools.partial(float, budget - done))
        expand(root, key).update(means[key])
        root.visits += 1
        visited.append(key)
    return root, halving, visited


def test_sequential_halving_drops_the_worse_half_each_round_and_keeps_the_prior() -> None:
    keys: list[Key] = [(0, f"a{i}") for i in range(8)]
    means = {k: 0.1 * i for i, k in enumerate(keys)}  # a7 best, a0 (the prior) worst
    root, halving, visited = halved(keys, means, width=6, budget=36)
    # six candidates (the first six in the prior's order), three rounds: 6 -> 3 -> 2
    assert set(visited) == set(keys[:6])
    assert halving.survivors == [keys[4], keys[5]]
    counts = {k: visited.count(k) for k in keys[:6]}
    assert counts[keys[0]] == counts[keys[1]] == counts[keys[2]] == 2  # 36 / (3 x 6)
    assert counts[keys[3]] == 2 + 4  # round 2: 24 left / (2 x 3)
    assert counts[keys[4]] == counts[keys[5]] == 12  # the last two share the rest
    assert sum(counts.values()) == 36
    # the heuristic's choice is never dropped: the final choice is made against it
    root, halving, _ = halved(keys, means, width=6, budget=36, keep=keys[0])
    assert halving.survivors is not None and keys[0] in halving.survivors
    assert len(halving.survivors) == 2
    assert halving_choice(root, halving, keys[0], 0.0) is root.children[keys[5]]
    with pytest.raises(ValueError, match="one candidate"):
        Halving(0)


def test_sequential_halving_leaves_the_prior_only_for_a_clearly_better_action() -> None:
    root = Node()
    held, other = (0, "held"), (0, "other")
    root.rank([held, other], list)
    halving = Halving(2, held)
    for k in range(20):  # the other: 0.02 better on each common draw, noisy draws
        noise = 0.4 if k % 2 else -0.4
        for key, mean in ((held, 0.5), (other, 0.52)):
            assert halving.next(root, [held, other], lambda: 40.0) in (held, other)
            child = expand(root, key)
            child.values = [] if child.values is None else child.values
            child.update(mean + noise)
    assert halving_choice(root, halving, held, 2.0) is root.children[other]  # paired
    root.children[other].values = [v - 0.02 + (0.1 if i % 3 else -0.2)
                                   for i, v in enumerate(root.children[other].values or [])]
    root.children[other].reward = sum(root.children[other].values or [])
    assert halving_choice(root, halving, held, 2.0) is root.children[held]  # noise: held


def test_a_halving_search_is_deterministic_and_visits_its_candidates_alike() -> None:
    game = eden_game()
    player = game.decision().player
    picks = []
    for _ in range(2):
        agent = MCTSAgent(9, iterations=24, paired=True, halving=4)
        search = agent.search(view_of(game, player, agent), list(game.legal_actions()), 9)
        action, explanation = search.run()
        picks.append((str(action), explanation.options))
    assert picks[0] == picks[1]
    assert search.halving is not None and search.halving.survivors is not None
    visits = sorted((c.visits for c in search.root.children.values()), reverse=True)
    assert len(visits) <= 4 and sum(visits) == 24
    assert len(search.halving.survivors) <= 2


def test_the_missions_weight_leaves_the_projection_out_at_zero(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/bots.md: the leaf evaluation's weights, calibrated on heuristic self-play; the
    missions' projected VP (weight ``missions``) is not computed at 0."""
    from skirmish.games.eden.bots import search as policies

    game = eden_game()
    with_missions = eden_value(game, missions=1.0)

    def refuse(*_: Any, **__: Any) -> tuple[int, int]:
        raise AssertionError("projected with a weight of 0")

    monkeypatch.setattr(policies, "eden_projection", refuse)
    assert 0 < eden_value(game, missions=0.0) < 1
    with pytest.raises(AssertionError):
        eden_value(game, missions=1.0)
    assert 0 < with_missions < 1


# -- the secret mission, weighed over the match --------------------------------------------------
def test_the_secret_mission_is_weighed_with_rollouts_to_the_matchs_end() -> None:
    """docs/bots.md, "The secret mission, weighed over the match": at the preparation's pick
    of a secret mission (Rulebook 4.A) the rollouts play the match out, where a round's
    rollouts had told the missions apart by what round 1 shows of them; every other
    decision keeps the agent's horizon."""
    game = heuristic_until("secret-mission", 4)
    assert eden_horizon_at(game.view(game.decision().player)) == "game"
    search = round_search(game, horizon="round", rollout=1000)
    assert search.horizon == "game"
    # weighed by few whole-match rollouts, its margins are read through Student's t
    assert search.student
    played_out = game.copy()
    assert search.rollout(played_out) > 0 and played_out.is_over
    fight = eden_game()  # a decision of a match under way: the round's horizon
    assert fight.decision().kind not in EDEN_WHOLE_MATCH
    assert eden_horizon_at(fight.view(fight.decision().player)) is None
    fought = round_search(fight, horizon="round")
    assert fought.horizon == "round" and not fought.student
