"""Nothing hidden leaks (issue 18): two Eden games that differ only in the cards player B
secretly took into his hand give player A the very same observations and masks at every
step, though the hands differ."""

from __future__ import annotations

import numpy as np

from skirmish.rl.aec import SkirmishAEC


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def test_the_opponents_hidden_hand_changes_no_observation() -> None:
    envs = [SkirmishAEC("eden", max_rounds=1), SkirmishAEC("eden", max_rounds=1)]
    for env in envs:
        env.reset(seed=11)
    rng = np.random.default_rng(11)
    compared = 0
    while not envs[0].over:
        a = [env.observe("player_0") for env in envs]
        assert _same(a[0]["observation"], a[1]["observation"])
        assert np.array_equal(a[0]["action_mask"], a[1]["action_mask"])
        compared += 1
        agent = envs[0].agent_selection
        assert envs[1].agent_selection == agent
        decision = envs[0].game.decision().kind
        tables = [env.legal() for env in envs]
        if agent == "player_1" and decision == "secret-hand":
            # B takes a card: the first offered in one game, the last in the other.
            choices = [min(tables[0]), max(tables[1])]
        elif agent == "player_1" and decision in ("tactical", "cancellation"):
            # B never plays a card (that would show it): he passes.
            choices = [next(i for i, act in t.items() if act.verb == "pass") for t in tables]
        else:
            index = int(rng.choice(sorted(tables[0])))
            assert index in tables[1]
            choices = [index, index]
        for env, index in zip(envs, choices, strict=True):
            env.step(index)
    assert envs[1].over
    hands = [env.game.state.hands[1] for env in envs]  # type: ignore[attr-defined]
    assert hands[0] and hands[1] and hands[0] != hands[1], "the games should differ"
    assert compared > 20
    final = [env.observe("player_0")["observation"] for env in envs]
    assert _same(final[0], final[1])
