"""What an agent observes stays what it was (issue 43: the observation and the mask built
faster, not differently).

Seeded episodes of both games (Eden with the benchmark's match, with every optional rule;
ME:A), played by a masked random policy: at every step both seats' observations (every
array, its dtype, shape and bytes), the acting seat's mask from ``last()``, ``observe()``
and ``infos``, and the index chosen go into one digest per configuration, pinned below. The
digests were computed on the encoder and the action codec as they stood before issue 43's
speed work (commit be9e0b6; the two ME:A scenarios with markers added after, their
digests computed on that code); a change of any array element, of the roster's slots or of the
mask changes them. They hold only while the games stay the same (``tests/golden`` checks
that: same views, same legal actions). Issue 46 changed Eden's games (the tactical windows
open on public facts: more decisions, the random policy's draws fall elsewhere): the two Eden
digests were computed again at that change, on the encoder and codec that still gave the
digests pinned before it on the games as they were (commit 0b31c64). Issue 47 made the
draft's readings ME:A's defaults: the ME:A configurations play the former readings
(``FORMER_READINGS``), the very games pinned. Its ME42 change (the player chooses the
melee weapon: a new verb ``wield``, its block appended to the action space, and a decision
kind ``wield`` appended to the observation's) changed the three ME:A digests by the sizes
only: with the verb left out of the action set and the kind out of the observation, the
former digests came back (checked at that change), and the games are the same. Its Eden
change (a ranged Attack action on scenery names its weapon: ``attack`` gained an optional
field, so its block of the action space grew) changed the two Eden digests by the sizes
only: the observations and each choice's place among the legal indices hashed alone gave
the same digests before and after it (checked at that change), the Eden configuration with
optional rules playing the readings of the engine before issue 47 (``OLD_ENGINE``). Its
ME44 change (Escalader: a new verb ``climb``, its block appended to the action space; the
ME:A configurations play ``me-climbing=never`` with the other former readings) changed the
three ME:A digests by the sizes only: with the verb left out of the action set, the former
digests came back (checked at that change), and the games are the same.

Alongside, the observation never depends on whether (or how often) it was asked for
before: observing a seat twice, or the waiting seat first, gives equal arrays, and an
observation handed out is the caller's to keep (the next one does not overwrite it).
"""

from __future__ import annotations

import copy
import hashlib
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from skirmish.games.eden.house_rules import OLD_ENGINE
from skirmish.games.masseffect.house_rules import FORMER_READINGS
from skirmish.rl.aec import AGENTS, SkirmishAEC

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

FORMER = dict(FORMER_READINGS)

#: Configurations: environment arguments, episodes played.
PINNED_CONFIGS: dict[str, tuple[dict[str, Any], int]] = {
    "eden-bench": ({"ruleset": "eden", "setup": "bench"}, 4),
    "eden-optional": ({"ruleset": "eden", "max_rounds": 2,
                       "rules": "territory,infestation:3,climate",
                       "house_rules": dict(OLD_ENGINE)}, 4),
    "masseffect": ({"ruleset": "masseffect", "house_rules": FORMER}, 4),
    "masseffect-data": ({"ruleset": "masseffect", "scenario": "Extraction de données",
                         "house_rules": FORMER}, 3),
    "masseffect-hold": ({"ruleset": "masseffect", "scenario": "Tenir la position",
                         "house_rules": FORMER}, 3),
}

#: The digests of :func:`_digest` (see the module).
PINNED: dict[str, str] = {
    "eden-bench": "2b247608bf7631e202f65725b51c7eb4c146748714c1082a2b4931802eed8882",
    "eden-optional": "74430e95ffc977b8530187710a4fe0f6b3a7b9826b94e02035ad71e4d211a281",
    "masseffect": "5b458350db2b4f8862d5ca5f95d248103a1afa0dc2b4f99f4391a05043db0def",
    "masseffect-data": "3a9a50765e7e8646ea05da534b4e8e9bd2656f3ad649c696f3f982f6fd73246b",
    "masseffect-hold": "936e1d7127df30acfa78669d12152fb0acd08aeb647dc5eb6e5e1a5df4c9d92c",
}


def _env(config: dict[str, Any]) -> SkirmishAEC:
    config = dict(config)
    if config.get("setup") == "bench":
        from bench.kernel import SETUP

        config["setup"] = SETUP
    return SkirmishAEC(**config)


def _feed(hasher: Any, observation: dict[str, np.ndarray]) -> None:
    for key in sorted(observation):
        array = np.ascontiguousarray(observation[key])
        hasher.update(f"{key}:{array.dtype.str}:{array.shape}".encode())
        hasher.update(array.tobytes())


def _digest(config: dict[str, Any], episodes: int) -> str:
    """One digest of every observation and mask of ``episodes`` seeded episodes."""
    env = _env(config)
    hasher = hashlib.sha256()
    for seed in range(episodes):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            other = AGENTS[1 - AGENTS.index(agent)]
            waiting = env.observe(other)
            obs, _, terminated, truncated, info = env.last()
            _feed(hasher, waiting["observation"])
            hasher.update(waiting["action_mask"].tobytes())
            _feed(hasher, obs["observation"])
            hasher.update(obs["action_mask"].tobytes())
            if terminated or truncated:
                env.step(None)
                continue
            assert np.array_equal(info["action_mask"], obs["action_mask"])
            legal = np.flatnonzero(obs["action_mask"])
            index = int(legal[rng.integers(len(legal))])
            hasher.update(f"{index}/{len(legal)}".encode())
            env.step(index)
    return hasher.hexdigest()


@pytest.mark.parametrize("name", list(PINNED_CONFIGS))
def test_observations_and_masks_are_those_pinned(name: str) -> None:
    config, episodes = PINNED_CONFIGS[name]
    assert _digest(config, episodes) == PINNED[name]


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(
        a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.parametrize("name", ["eden-optional", "masseffect"])
def test_an_observation_is_the_same_however_often_asked_and_the_callers_to_keep(
        name: str) -> None:
    config, _ = PINNED_CONFIGS[name]
    env = _env(config)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    kept: list[tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = []
    for step, agent in enumerate(env.agent_iter()):
        other = AGENTS[1 - AGENTS.index(agent)]
        if step % 2:
            first = env.observe(other)["observation"]
            obs, _, terminated, truncated, _info = env.last()
        else:
            obs, _, terminated, truncated, _info = env.last()
            first = env.observe(other)["observation"]
        again = env.observe(agent)
        assert _same(obs["observation"], again["observation"])
        assert np.array_equal(obs["action_mask"], again["action_mask"])
        assert _same(first, env.observe(other)["observation"])
        if step % 5 == 0:
            copies = {k: v.copy() for k, v in obs["observation"].items()}
            kept.append((obs["observation"], copies))
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
    for handed, kept_copy in kept:  # later observations overwrote none handed out
        assert _same(handed, kept_copy)


def _shifted(items: list[dict[str, Any]], dx: float) -> list[dict[str, Any]]:
    out = copy.deepcopy(items)
    first = out[0]
    if "polygon" in first:
        first["polygon"] = [[float(x) + dx, float(y)] for x, y in first["polygon"]]
    else:
        x, y, r = first["circle"]
        first["circle"] = [float(x) + dx, float(y), float(r)]
    return out


@pytest.mark.parametrize("name", ["eden-bench", "masseffect"])
def test_the_scenery_remembered_follows_the_table(name: str) -> None:
    """The encoder remembers the scenery it drew last (the same list, or an equal one): a
    table whose element moved, or a new episode's roster, is drawn afresh, as a fresh
    encoder draws it."""
    config, _ = PINNED_CONFIGS[name]
    env = _env(config)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    while not env.view(0)["scenery"]:  # Eden's scenery is placed in the preparation
        env.step(int(rng.choice(np.flatnonzero(env.action_mask(env.agent_selection)))))
    view = copy.deepcopy(env.view(0))
    moved = {**view, "scenery": _shifted(view["scenery"], 7.5)}
    encoder, roster = env.encoder, env.roster
    for order in ([view, moved, view, copy.deepcopy(moved)], [moved, view, moved]):
        for seen in order:
            fresh = env.part.encoder(env.limits, seen)
            fresh_roster = fresh.roster()
            fresh_roster.sync(env.view(0))  # the same slots as the episode's roster
            expected = fresh.encode(seen, 0, fresh_roster)
            got = encoder.encode(seen, 0, roster)
            assert _same(got, expected)
    before = encoder.encode(view, 0, roster)
    env.reset(seed=4)  # a new roster: the slots may differ; drawn afresh
    after = encoder.encode(env.view(0), 0, env.roster)
    fresh = env.part.encoder(env.limits, env.view(0))
    assert _same(after, fresh.encode(env.view(0), 0, fresh.roster()))
    assert before["scenery"].shape == after["scenery"].shape
