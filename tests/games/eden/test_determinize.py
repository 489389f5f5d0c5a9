"""Issue 16: Eden observations and determinizations (skirmish.games.eden.determinize).

At every decision of random matches (one round, both players' points of view, mid-bid,
with tactical hands and secret missions), a determinization of a player's observation shows
that player exactly his view, gives back the observation it came from, and plays on
legally; the observation holds none of the opponent's secrets."""

from __future__ import annotations

import json
from collections import Counter

from skirmish.core import Game, RandomAgent, SeededDice, play
from skirmish.core.observation import HIDDEN, Determinizer, hides_nothing, observe
from skirmish.games.eden import EDEN
from skirmish.games.eden.content import setup_for
from skirmish.games.eden.determinize import hand_candidates, mission_candidates
from skirmish.games.eden.optional.options import parse_rules, with_options
from skirmish.games.eden.rolling import state_of

SETUP = setup_for(None, None, max_rounds=1)


def random_points(seed: int) -> list[Game]:
    """A copy of a random one-round match at each of its decisions."""
    game = EDEN.new_game(SETUP, seed=seed)
    agent = RandomAgent(seed + 1000)
    points = []
    while not game.is_over:
        points.append(game.copy())
        game.apply(agent.act({}, list(game.legal_actions())))
    return points


def secrets_of(game: Game, player: int) -> Counter[str]:
    """Which of the opponent's secrets the observer does not know at this point."""
    state = state_of(game)
    other = 1 - player
    seen: Counter[str] = Counter()
    if state.hands[other]:
        seen["hand"] += 1
    if state.bids[other] is not None:
        seen["bid"] += 1
    if any(state._secret_mission(other, m) for m in state.missions[other]):
        seen["mission"] += 1
    return seen


def test_a_determinization_shows_the_player_his_view_and_gives_back_his_observation(
        ) -> None:
    covered: Counter[str] = Counter()
    for seed in (1, 2, 3):
        for n, game in enumerate(random_points(seed)):
            for player in (0, 1):
                observation = observe(game, player)
                sample = Determinizer(observation).sample(SeededDice(seed * 1000 + n))
                assert sample.view(player) == game.view(player), (seed, n, player)
                assert observe(sample, player) == observation, (seed, n, player)
                covered.update(secrets_of(game, player))
    assert covered["hand"] and covered["bid"] and covered["mission"], covered


def test_the_observation_hides_the_opponents_hand_mission_bid_and_dice() -> None:
    for game in random_points(4):
        state = state_of(game)
        for player in (0, 1):
            other = 1 - player
            observation = observe(game, player)
            data = observation["state"]
            assert data["hands"][other] == [HIDDEN] * len(state.hands[other])
            assert data["hands"][player] == state.hands[player]
            if state.bids[other] is not None:
                assert data["bids"][other] == HIDDEN
            for name, seen in zip(state.missions[other], data["missions"][other],
                                  strict=True):
                assert seen == (HIDDEN if state._secret_mission(other, name) else name)
                if seen == HIDDEN:
                    text = json.dumps(data)
                    assert f'"{name}"' not in text.replace(f'"name": "{name}"', "")
            assert observation["dice"] == {"kind": "seeded"}
            assert "history" not in observation and "log" not in observation
            assert hides_nothing(observation) == (not state.hands[other] and not any(
                state._secret_mission(other, m) for m in state.missions[other])
                and state.bids[other] is None)


def test_a_secret_missions_effects_counters_and_markers_are_left_out() -> None:
    game = _with_secret_mission()
    observation = observe(game, 1)
    assert observation["state"]["missions"][0] == [HIDDEN]
    assert all(e["source"] != "Hunt" for e in observation["state"]["effects"])
    assert not any("Hunt" in key for key in observation["state"]["counters"])
    mine = observe(game, 0)
    assert mine["state"]["missions"][0] == ["Hunt"]
    assert any(e["source"] == "Hunt" for e in mine["state"]["effects"])


def _with_secret_mission() -> Game:
    """A match where player A has played the secret mission Hunt (and the match goes on)."""
    for seed in range(40):
        game = EDEN.new_game(SETUP, seed=seed)
        agent = RandomAgent(seed)
        while not game.is_over and game.decision().kind != "secret-mission":
            game.apply(agent.act({}, list(game.legal_actions())))
        while not game.is_over and game.decision().kind == "secret-mission":
            player = game.decision().player
            game.apply("mission Hunt" if player == 0 else str(game.legal_actions()[0]))
        if state_of(game).missions[0] == ["Hunt"]:
            state_of(game).counters["A:Hunt:kills"] = 1
            return game
    raise AssertionError("no match where A plays Hunt")


def test_sampled_secrets_respect_the_rules() -> None:
    """Hands: the right size, distinct names of the deck, none played; a secret mission
    among those the troop may play; a pending bid within the SP reserve."""
    for n, game in enumerate(random_points(5)):
        for player in (0, 1):
            other = 1 - player
            real = state_of(game)
            for k in range(3):
                sample = state_of(Determinizer(observe(game, player)).sample(
                    SeededDice(100 * n + k)))
                hand = sample.hands[other]
                assert len(hand) == len(real.hands[other])
                assert len(set(hand)) == len(hand)
                deck = {c.name for c in real.catalogue.tactical[other]}
                assert set(hand) <= deck and not set(hand) & set(real.played[other])
                for name in sample.missions[other]:
                    if name in real.missions[other] and not real._secret_mission(other, name):
                        continue  # revealed: as it is
                    assert real.catalogue.mission(other, name).secret  # sampled
                if real.bids[other] is not None:
                    assert 0 <= int(sample.bids[other] or 0) <= real.sp[other]


def test_candidates_exclude_what_is_known() -> None:
    """Hand candidates: the deck's names not played and not known to be held; mission
    candidates: secret cards the troop may play, not among his known missions."""
    for game in random_points(9):
        state = state_of(game)
        for side in (0, 1):
            pool = hand_candidates(state, side)
            assert len(pool) == len(set(pool))
            assert not set(pool) & (set(state.played[side]) | set(state.hands[side]))
            for name in mission_candidates(state, side):
                assert state.catalogue.mission(side, name).secret
                assert name not in state.missions[side]


def test_a_determinization_plays_on_legally_to_the_end() -> None:
    for n, game in enumerate(random_points(6)[::7]):
        player = 0 if game.is_over else game.decision().player
        sample = Determinizer(observe(game, player)).sample(SeededDice(n))
        play(sample, [RandomAgent(n), RandomAgent(n + 1)])
        assert sample.is_over and sample.outcome() is not None


def test_same_generator_same_determinization() -> None:
    game = random_points(7)[40]
    player = game.decision().player
    determinizer = Determinizer(observe(game, player))
    a, b = determinizer.sample(SeededDice(9)), determinizer.sample(SeededDice(9))
    assert a.state.to_json() == b.state.to_json()
    assert a.dice.to_json() == b.dice.to_json()


def _other_hand(game: Game, player: int) -> Game | None:
    """The same match with the opponent holding other tactical cards (or None)."""
    other = 1 - player
    copy = game.copy()
    state = state_of(copy)
    if not state.hands[other]:
        return None
    swapped = hand_candidates(state, other)
    if not swapped:
        return None
    state.hands[other] = [swapped[0], *state.hands[other][1:]]
    return copy


def test_only_the_opponents_hidden_cards_differ_same_observation() -> None:
    found = 0
    for game in random_points(8):
        if game.is_over:
            continue
        player = game.decision().player
        other_game = _other_hand(game, player)
        if other_game is None:
            continue
        found += 1
        assert observe(other_game, player) == observe(game, player)
        assert other_game.view(player) == game.view(player)
    assert found


def test_with_the_optional_rules_too() -> None:
    """Territory Management, Infestation (non-player fighters, a third side) and climatic
    conditions: the same consistency."""
    setup = with_options(setup_for(None, None, max_rounds=1),
                         parse_rules("territory,infestation:random,climate:roll"))
    game = EDEN.new_game(setup, seed=2)
    agent = RandomAgent(2)
    n = 0
    while not game.is_over:
        if n % 4 == 0:
            for player in (0, 1):
                observation = observe(game, player)
                sample = Determinizer(observation).sample(SeededDice(n))
                assert sample.view(player) == game.view(player), (n, player)
                assert observe(sample, player) == observation
        game.apply(agent.act({}, list(game.legal_actions())))
        n += 1
    assert n > 20
