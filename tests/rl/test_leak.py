"""Nothing hidden leaks (issue 18): two Eden games that differ only in the cards player B
secretly took into his hand give player A the very same observations and masks at every
step, though the hands differ; a seat's own cards are in its own observation only."""

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


def test_the_seats_own_cards_are_in_its_observation_and_nowhere_else() -> None:
    """Player A's tactical hand and missions are in A's observation (indices into the card
    library's lists, :func:`~skirmish.games.eden.rl.observations.library_cards`), as his view has
    them; when A takes another card, A's hand encoding changes and B's observation does not."""
    from skirmish.games.eden.rl.observations import library_cards

    _, tactical, missions = library_cards()
    envs = [SkirmishAEC("eden", max_rounds=1), SkirmishAEC("eden", max_rounds=1)]
    for env in envs:
        env.reset(seed=5)
    rng = np.random.default_rng(5)
    while not (envs[0].agent_selection == "player_0"
               and envs[0].game.decision().kind == "secret-hand"):
        index = int(rng.choice(sorted(envs[0].legal())))
        for env in envs:
            env.step(index)
    tables = [env.legal() for env in envs]
    envs[0].step(min(tables[0]))  # A takes the first card offered in one game, the last
    envs[1].step(max(tables[1]))  # in the other
    hands = [env.game.state.hands[0] for env in envs]  # type: ignore[attr-defined]
    assert hands[0] != hands[1]
    mine = [env.observe("player_0")["observation"] for env in envs]
    assert not np.array_equal(mine[0]["my_hand"], mine[1]["my_hand"])
    for env, obs, hand in zip(envs, mine, hands, strict=True):
        held = obs["my_hand"][obs["my_hand_mask"] == 1]
        assert [tactical.names[i - 1] for i in held] == hand
        assert not obs["my_hand"][obs["my_hand_mask"] == 0].any()  # padded with 0
        own = obs["my_missions"][obs["my_missions_mask"] == 1]
        state = env.game.state
        assert [missions.names[i - 1] for i in own] == state.missions[0]  # type: ignore[attr-defined]
        assert env.observation_space("player_0")["observation"].contains(obs)
    assert any(env.game.state.missions[0] for env in envs)  # type: ignore[attr-defined]
    theirs = [env.observe("player_1")["observation"] for env in envs]
    assert _same(theirs[0], theirs[1])


def test_fighter_cards_name_each_slots_profile() -> None:
    from skirmish.games.eden.rl.observations import library_cards

    profiles = library_cards()[0]
    env = SkirmishAEC("eden", max_rounds=1)
    env.reset(seed=0)
    for seat, agent in enumerate(("player_0", "player_1")):
        obs = env.observe(agent)["observation"]
        view = env.game.view(seat)
        for piece in view["fighters"]:
            slot = env.roster.fighter_slot(piece["ref"], seat)
            assert slot is not None and obs["fighter_mask"][slot] == 1
            assert profiles.names[obs["fighter_cards"][slot] - 1] == piece["name"]
        assert not obs["fighter_cards"][obs["fighter_mask"] == 0].any()
