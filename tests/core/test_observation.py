"""Issue 16: the kernel's observations and determinizations, on the toy ruleset (no Eden
rule): a player's observation is the snapshot with his unknowns replaced by stand-ins and
no dice seed, history or log; a determinization fills them from a generator; agents that
declare ``reads_observation`` get it through ``view_of``; a copy may take the legal actions
listed on an identical copy (``Game.offer``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from skirmish.core import RULESETS, Dice, Game, RandomAgent, SeededDice
from skirmish.core.agents import view_of
from skirmish.core.errors import IllegalActionError
from skirmish.core.observation import (
    HIDDEN,
    Determinizer,
    determinize,
    hides_nothing,
    observable,
    observe,
)
from tests.core.toy import TOY, ToyRuleset, ToyState


class HiddenToy(ToyRuleset):
    """The toy race with the observation hooks: the other player's pick is hidden."""

    name = "toy-hidden"

    def redact(self, game: Game, player: int, snapshot: dict[str, Any]) -> dict[str, Any]:
        picks = snapshot["state"]["picks"]
        if picks[1 - player] is not None:
            picks[1 - player] = HIDDEN
        return snapshot

    def fill(self, game: Game, player: int, rng: Dice) -> None:
        state: ToyState = game.state  # type: ignore[assignment]
        if state.picks[1 - player] == HIDDEN:
            state.picks[1 - player] = rng.below(4)


HIDDEN_TOY = HiddenToy()
RULESETS.register(HIDDEN_TOY)


def test_the_observation_hides_the_other_pick_the_dice_the_history_and_the_log() -> None:
    game = HIDDEN_TOY.new_game({}, seed=5)
    game.apply("pick 3")
    observation = observe(game, 1)
    assert observation["state"]["picks"] == [HIDDEN, None]
    assert observe(game, 0)["state"]["picks"] == [3, None]
    assert observation["dice"] == {"kind": "seeded"}
    assert observation["decision"] == {"player": 1, "kind": "secret-pick"}
    assert not {"history", "log", "initial_dice"} & set(observation)
    text = json.dumps(observation)
    assert "pick 3" not in text and str(game.dice.to_json()["seed"]) not in text
    assert not hides_nothing(observation) and hides_nothing(observe(game, 0))


def test_the_observation_holds_no_reference_to_the_game() -> None:
    game = HIDDEN_TOY.new_game({"name": "x"}, seed=5)
    observation = observe(game, 0)
    observation["setup"]["name"] = "changed"
    observation["state"]["position"][0] = 99
    assert game.setup["name"] == "x" and game.state.position[0] == 0  # type: ignore[attr-defined]


def test_a_ruleset_without_the_hooks_cannot_be_observed() -> None:
    assert not observable(TOY) and observable(HIDDEN_TOY)
    with pytest.raises(TypeError, match="redact/fill"):
        observe(TOY.new_game({}, seed=1), 0)


def test_a_determinization_fills_the_unknowns_and_shows_the_same_view() -> None:
    game = HIDDEN_TOY.new_game({}, seed=5)
    game.apply("pick 2")
    game.apply("pick 1")
    for _ in range(3):
        game.apply("step 1")
    observation = observe(game, 1)
    picks = {determinize(observation, 1, SeededDice(s)).state.picks[0]  # type: ignore[attr-defined]
             for s in range(40)}
    assert picks == {0, 1, 2, 3}  # every pick the opponent may have made
    sample = determinize(observation, 1, SeededDice(7))
    assert sample.view(1) == game.view(1)
    assert observe(sample, 1) == observation
    assert sample.dice.to_json() != game.dice.to_json()
    agents = [RandomAgent(1), RandomAgent(2)]
    while not sample.is_over:  # plays on legally
        sample.apply(agents[sample.decision().player].act({}, list(sample.legal_actions())))


def test_same_generator_same_determinization() -> None:
    game = HIDDEN_TOY.new_game({}, seed=5)
    game.apply("pick 2")
    determinizer = Determinizer(observe(game, 1))
    a, b = determinizer.sample(SeededDice(3)), determinizer.sample(SeededDice(3))
    assert a.state.to_json() == b.state.to_json() and a.dice.to_json() == b.dice.to_json()
    with pytest.raises(ValueError, match="player 1's"):
        Determinizer(observe(game, 1), 0)


class Reader:
    reads_observation = True

    def act(self, view: Any, legal: Any) -> Any:
        return legal[0]


def test_view_of_adds_the_observation_only_for_agents_that_read_it() -> None:
    game = HIDDEN_TOY.new_game({}, seed=5)
    assert "observation" not in view_of(game, 0)
    assert "observation" not in view_of(game, 0, Reader.__new__(type("Plain", (), {})))
    view = view_of(game, 0, Reader())
    assert view["observation"] == observe(game, 0)
    assert {k: v for k, v in view.items() if k != "observation"} == game.view(0)


def test_an_offer_lets_an_identical_copy_apply_the_listed_actions_unchecked() -> None:
    game = HIDDEN_TOY.new_game({}, seed=5)
    twin = game.copy()
    listed = list(game.legal_actions())
    offer = game.offered()
    assert offer is not None and list(offer.actions) and set(offer.actions) == set(listed)
    twin.offer(offer)
    assert twin.offered() is offer
    twin.apply(listed[2])  # the very object: taken unchecked
    assert twin.history == [listed[2]]
    assert twin.offered() is None  # not after another action
    other = game.copy()
    other.apply("pick 0")
    other.offer(offer)  # made after a different number of actions: ignored
    assert other.offered() is None
    with pytest.raises(IllegalActionError):
        other.apply("step 9")
