"""What the environments need from a game (issue 42): the ``"rl"`` part
(:mod:`skirmish.rl.game_parts`). A game without one plays in both environments with the
generic defaults (the flat observation of every number its first view shows); the minimal
part names a few numbers; the installed games keep their ids; the generic layer names no
game and imports none."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import skirmish.rl as rl
from skirmish.core.plugins import GAMES, GamePlugin
from skirmish.rl.aec import SkirmishAEC
from skirmish.rl.game_parts import DEFAULT_RL, GameRL, build_setup, rl_of
from tests.rl import coin_duel


@pytest.fixture
def coin_games() -> Iterator[None]:
    """Coin Duel installed twice (without a part; with the minimal one), then removed."""
    GAMES.add(coin_duel.BARE)
    GAMES.add(coin_duel.MINIMAL)
    rl.register_envs()
    try:
        yield
    finally:
        GAMES.refresh()
        for env_id in ("skirmish/CoinDuel-v0", "skirmish/CoinDuelMinimal-v0"):
            rl.GYM_IDS.pop(env_id, None)
            gym.registry.pop(env_id, None)


def test_the_installed_games_keep_their_ids() -> None:
    assert rl.gym_id("eden") == "skirmish/Eden-v0"
    assert rl.gym_id("masseffect") == "skirmish/MassEffect-v0"
    assert {"skirmish/Eden-v0": "eden", "skirmish/MassEffect-v0": "masseffect"}.items() \
        <= rl.GYM_IDS.items()


def test_an_id_is_the_titles_words_unless_the_part_names_it() -> None:
    game = GamePlugin(name="x", title="Pit-fight: the 2nd duel", ruleset="m:X")
    assert DEFAULT_RL.gym_name(game) == "PitFightThe2ndDuel"

    class Named(GameRL):
        env_name = "Pits"

    assert Named().gym_name(game) == "Pits"


@pytest.mark.usefixtures("coin_games")
def test_a_game_without_an_rl_part_plays_in_both_environments() -> None:
    assert rl_of("coinduel") is DEFAULT_RL
    assert rl.GYM_IDS["skirmish/CoinDuel-v0"] == "coinduel"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(rl.env("coinduel"), num_cycles=200)
        seed_test(lambda: rl.env("coinduel"), num_cycles=100)
    env = gym.make("skirmish/CoinDuel-v0", opponent="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    env.close()


@pytest.mark.usefixtures("coin_games")
def test_the_generic_observation_is_the_first_views_numbers_seat_relative() -> None:
    env = SkirmishAEC("coinduel", render_mode="ansi")
    assert env.encoder.global_features == ("turn", "rounds", "my_scores",  # type: ignore[attr-defined]
                                           "opponent_scores")
    assert env.encoder.fighter_features == ("present", "mine", "opponent",  # type: ignore[attr-defined]
                                            "other", "wounds", "standing")
    assert (env.limits.per_side, env.limits.others, env.limits.fighters) == (2, 0, 4)
    env.reset(seed=0)
    env.game.state.scores = [3, 1]  # type: ignore[attr-defined]
    env.game.state.wounds[1]["Cy"] = 1  # type: ignore[attr-defined]
    env._views.clear()
    for seat, agent in enumerate(rl.aec.AGENTS):
        obs = env.observe(agent)["observation"]
        assert env.observation_space(agent)["observation"].contains(obs)  # type: ignore[index]
        mine, theirs = (3.0, 1.0) if seat == 0 else (1.0, 3.0)
        assert obs["globals"].tolist() == [1.0, 4.0, mine, theirs]
        assert obs["decision"].tolist() == [1, 0]  # "other kind": no kind named
        cy = env.roster.fighter_slot("B.Cy", seat)
        assert cy == (2 if seat == 0 else 0)
        assert obs["fighters"][cy].tolist() == [1.0, seat == 1, seat == 0, 0.0, 1.0, 1.0]
    text = env.render()
    assert text.startswith("Coin Duel: turn 1, rounds 4, scores [3, 1]\n")
    assert "  B.Cy" in text and "wounds 1 standing True" in text and "decision: strike" in text


@pytest.mark.usefixtures("coin_games")
def test_the_minimal_part_names_a_few_numbers_and_the_kinds() -> None:
    env = SkirmishAEC("coinduel-minimal", shaped=True)
    encoder = env.encoder
    assert encoder.global_features == ("turn", "my_scores", "opponent_scores")  # type: ignore[attr-defined]
    assert encoder.fighter_features[4:] == ("wounds",)  # type: ignore[attr-defined]
    assert encoder.kinds == ("strike",)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    total = [0.0, 0.0]
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[rl.aec.AGENTS.index(agent)] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["observation"]["decision"].tolist() == [1, 0, 0]
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    outcome = env.game.outcome()
    assert outcome is not None
    a, b = outcome.scores
    result = 0.0 if outcome.winner is None else 1.0 if outcome.winner == 0 else -1.0
    # the default shaping: the view's scores, 0.1 a point
    assert total[0] == pytest.approx(0.1 * (a - b) + result)
    assert total[1] == pytest.approx(0.1 * (b - a) - result)


@pytest.mark.usefixtures("coin_games")
def test_the_default_part_refuses_options_it_does_not_know() -> None:
    with pytest.raises(TypeError, match=r"unexpected set-up option.*troops: it takes none"):
        SkirmishAEC("coinduel", troops="Jokers,Bamaka")
    with pytest.raises(ValueError, match="max_rounds"):
        SkirmishAEC("coinduel", max_rounds=1)
    assert build_setup("coinduel", setup={"rounds": 2}) == {"rounds": 2}
    assert SkirmishAEC("coinduel", setup={"rounds": 2}, troops=None).setup == {"rounds": 2}


def test_the_default_game_and_unknown_names() -> None:
    assert SkirmishAEC(max_rounds=1).game_plugin is GAMES.default()
    with pytest.raises(ValueError, match="unknown ruleset 'chess'"):
        SkirmishAEC("chess")
    with pytest.raises(TypeError, match="unexpected set-up option"):
        SkirmishAEC("masseffect", max_rounds=1, band="x")


def test_a_part_must_be_a_game_rl() -> None:
    odd = GamePlugin(name="odd", title="Odd", ruleset="tests.rl.coin_duel:COIN",
                     parts={"rl": "tests.rl.coin_duel:COIN"})
    with pytest.raises(TypeError, match=r"Odd \(odd\): its rl part is not a GameRL"):
        rl_of(odd)
