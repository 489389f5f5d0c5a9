"""Issue 16: Mass Effect: Annihilation observations and determinizations. The draft hides
nothing but the dice to come: the observation is the snapshot without the dice's seed, the
history and the log; a determinization is the same game with fresh dice, showing each
player his view, and it plays on legally."""

from __future__ import annotations

from skirmish.core import Game, RandomAgent, SeededDice, play
from skirmish.core.observation import Determinizer, hides_nothing, observe
from skirmish.games.masseffect import MASS_EFFECT, match_setup
from skirmish.games.masseffect.cards.library import load_library

SETUP = match_setup(load_library(), ["Escouade Orion", "Cellule Tisiphone"], "Escarmouche")


def random_points(seed: int, every: int = 3) -> list[Game]:
    game = MASS_EFFECT.new_game(SETUP, seed=seed)
    agent = RandomAgent(seed + 1000)
    points = []
    while not game.is_over:
        if len(game.history) % every == 0:
            points.append(game.copy())
        game.apply(agent.act({}, list(game.legal_actions())))
    return points


def test_a_determinization_shows_each_player_his_view() -> None:
    for n, game in enumerate(random_points(1)):
        for player in (0, 1):
            observation = observe(game, player)
            assert hides_nothing(observation)
            assert observation["dice"] == {"kind": "seeded"}
            sample = Determinizer(observation).sample(SeededDice(n))
            assert sample.view(player) == game.view(player), (n, player)
            assert observe(sample, player) == observation
            assert sample.state.to_json() == game.state.to_json()
            assert sample.dice.to_json() != game.dice.to_json()


def test_a_determinization_plays_on_legally_to_the_end() -> None:
    for n, game in enumerate(random_points(2, every=40)):
        sample = MASS_EFFECT.determinize(observe(game, game.decision().player),
                                         game.decision().player, SeededDice(n))
        play(sample, [RandomAgent(n), RandomAgent(n + 1)])
        assert sample.is_over and sample.outcome() is not None


def test_no_decision_depends_on_a_secret_both_seats_see_one_table() -> None:
    # Issue 46 (differential tests of hidden-dependent windows): the draft has no hand,
    # no secret mission and no bid, so no decision can depend on one. Both seats' views
    # differ only in whose view it is and in the pending decision's wording for them, at
    # every point of a random game, and the kind and player of that decision are the same.
    for game in random_points(2):
        mine, theirs = game.view(0), game.view(1)
        assert {k for k in mine if mine[k] != theirs.get(k)} <= {"player", "decision"}
        assert set(mine) == set(theirs)
        if mine["decision"] is not None:
            assert (mine["decision"]["kind"], mine["decision"]["player"]) == (
                theirs["decision"]["kind"], theirs["decision"]["player"])
