"""Random masked play (issue 18): the mask is never empty before the end, every masked index
is a legal engine action that applies cleanly, every legal action the engine offers has an
index (up to each group's k candidates), the episode ends exactly when the game does, and
every observation lies in its space."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from skirmish.core.actions import Action
from skirmish.rl.aec import AGENTS, SkirmishAEC
from tests.rl.conftest import CONFIGS


def _check_decision(env: SkirmishAEC, apply_all: bool) -> None:
    game = env.game
    agent = env.agent_selection
    seat = AGENTS.index(agent)
    assert seat == game.decision().player
    mask = env.action_mask(agent)
    indices = np.flatnonzero(mask)
    assert len(indices) > 0, f"empty mask before the end: {game!r}"
    legal = list(game.legal_actions())
    table = env.legal()
    assert set(table) == set(indices.tolist())
    for index in indices:
        action = table[int(index)]
        assert action in legal
        assert env.notation(int(index)) == str(action)
        if apply_all:
            copy = game.copy()
            copy.apply(action)  # applies cleanly
    # Every legal action has an index, unless its group already gave out its k candidates.
    counts: dict[int, int] = {}
    mapped = set(table.values())
    for action in legal:
        before = dict(counts)
        index = env.codec.index_of(action, seat, env.roster, counts)
        if action in mapped:
            assert index is not None and table[index] == action
        else:
            block = env.codec.by_class[type(action)]
            group = env.codec.index_of(action, seat, env.roster)  # its group's first index
            assert index is None and group is not None and before.get(group, 0) >= block.k, \
                f"{action} has no index"


def _play(config: dict[str, Any], seed: int, *, apply_all: bool) -> tuple[set[str], set[str]]:
    env = SkirmishAEC(**config)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    kinds: set[str] = set()
    verbs: set[str] = set()
    steps = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, info = env.last()
        assert env.observation_space(agent).contains(obs)
        if terminated or truncated:
            assert env.game.is_over and terminated and not truncated
            assert info["outcome"] == env.game.outcome().to_json()  # type: ignore[union-attr]
            env.step(None)
            continue
        assert not env.game.is_over
        other = AGENTS[1 - AGENTS.index(agent)]
        if steps % 7 == 0:  # the waiting seat's observation too: in its space, no mask
            waiting = env.observe(other)
            assert env.observation_space(other).contains(waiting)
            assert not waiting["action_mask"].any()
        kinds.add(info["decision"])
        _check_decision(env, apply_all)
        index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        chosen: Action = env.legal()[index]
        verbs.add(chosen.verb)
        env.step(index)
        steps += 1
        assert env.infos[agent]["action"] == str(chosen) or env.game.is_over
        # The episode ends exactly when the game does.
        assert all(env.terminations.values()) == env.game.is_over
        assert not any(env.truncations.values())
    assert env.game.is_over and not env.agents
    assert steps == len(env.game.history)
    return kinds, verbs


@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_masked_play_keeps_every_promise(name: str) -> None:
    config = CONFIGS[name]
    kinds: set[str] = set()
    for seed in range(3):
        seen, _ = _play(config, seed, apply_all=seed == 0)
        kinds |= seen
    env = SkirmishAEC(**config)
    unknown = kinds - set(env.encoder.kinds)
    assert not unknown, f"decision kinds the observation does not name: {unknown}"


def test_every_verb_has_a_block_and_the_layout_adds_up() -> None:
    for config in CONFIGS.values():
        env = SkirmishAEC(**config)
        codec = env.codec
        assert set(codec.by_class) == set(env.ruleset.actions)
        assert sum(b.size for b in codec.blocks) == codec.size
        ends = [b.offset + b.size for b in codec.blocks]
        assert [b.offset for b in codec.blocks[1:]] == ends[:-1]
        assert env.action_space("player_0").n == codec.size  # type: ignore[attr-defined]
