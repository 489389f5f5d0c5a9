"""The environments take ``house_rules=`` (issue 47): the readings go into the set-up, every
episode plays them, and an unknown option or reading is refused naming it."""

from __future__ import annotations

import gymnasium
import pytest

from skirmish.core.house_rules import HouseRuleError
from skirmish.rl import SkirmishGymEnv, gym_id, raw_env

READINGS = {"eden-tied-bid": "chooses", "eden-storm-charge": "charge-too"}


def test_the_aec_environment_plays_the_readings_every_episode() -> None:
    env = raw_env("eden", max_rounds=1, house_rules=READINGS)
    assert env.setup["house_rules"] == READINGS
    for seed in (1, 2):
        env.reset(seed=seed)
        assert env.game.setup["house_rules"] == READINGS
        assert env.game.state.catalogue.house_rules == READINGS
    assert "house_rules" not in raw_env("eden", max_rounds=1).setup


def test_the_gym_environment_passes_them_through() -> None:
    env = SkirmishGymEnv("eden", max_rounds=1, house_rules=READINGS)
    env.reset(seed=3)
    assert env.game.setup["house_rules"] == READINGS
    made = gymnasium.make(gym_id("eden"), max_rounds=1, house_rules=READINGS)
    made.reset(seed=4)
    assert made.unwrapped.game.setup["house_rules"] == READINGS


@pytest.mark.parametrize(("ruleset", "readings", "words"), [
    ("eden", {"eden-tied-bid": "maybe"},
     "house_rules.eden-tied-bid: unknown reading 'maybe' (known: first, chooses)"),
    ("eden", {"eden-nope": "x"}, "house_rules: unknown house rule 'eden-nope'"),
    ("masseffect", {"eden-tied-bid": "chooses"},
     "house_rules: unknown house rule 'eden-tied-bid' (known: me-rear-counter-charge, "),
])
def test_a_bad_option_is_refused_naming_it(ruleset: str, readings: dict[str, str],
                                            words: str) -> None:
    with pytest.raises(HouseRuleError) as caught:
        raw_env(ruleset, max_rounds=1, house_rules=readings)
    assert words in str(caught.value)
