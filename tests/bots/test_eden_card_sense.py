"""Issue 49: no bot plays a tactical card that would change nothing (a heal on an unwounded
fighter, Cold shower with no Burn on the table, AP to a fighter out of the match): the
heuristic leaves them out, and the search never weighs them at the root."""

from __future__ import annotations

from skirmish.bots.game_parts import game_search
from skirmish.bots.mcts.search import Settings
from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.games.eden.bots.card_sense import idle, narrowed, pointless, sensible
from skirmish.games.eden.bots.heuristic import HeuristicAgent
from skirmish.games.eden.bots.tactics_board import Spot, table
from skirmish.games.eden.bots.tactics_second import heal_the_wounded
from skirmish.games.eden.rolling import state_of


def _both_unwounded() -> object:
    return table([Spot("Vladd", 20, 20, spent=True, equipment=()),
                  Spot("Mirka", 5, 55, spent=True)],
                 [Spot("Sekongo", 30, 35, spent=True, equipment=()),
                  Spot("Dacke", 50, 50, spent=True)],
                 leaders=("Mirka", "Dacke"), hands=(("Medical supplies", "Cold shower"), ()),
                 sp=(6, 0), until="tactical")


def test_a_heal_on_an_unwounded_fighter_and_a_shower_with_no_burn_change_nothing() -> None:
    game = heal_the_wounded()
    view = view_of(game, 0)
    plays = {str(a): a for a in game.legal_actions()}
    assert pointless(view, plays["play Medical-supplies A.Mirka"])
    assert not pointless(view, plays["play Medical-supplies A.Vladd"])  # two CP checked
    assert not pointless(view, plays["pass"])
    assert idle(view, plays["play Medical-supplies A.Mirka"]) == "heal"
    assert idle(view, plays["pass"]) is None
    game = _both_unwounded()
    view = view_of(game, 0)
    legal = list(game.legal_actions())
    assert [str(a) for a in sensible(view, legal)] == ["pass"]
    state_of(game).fighter("A.Mirka").markers["burn"] = 1  # now the shower has work
    view = view_of(game, 0)
    assert [str(a) for a in sensible(view, list(game.legal_actions()))] == [
        "play Cold-shower", "pass"]


def test_the_heuristic_never_plays_a_card_that_changes_nothing() -> None:
    game = _both_unwounded()
    for seed in range(8):
        action = HeuristicAgent(seed).act(view_of(game, 0), list(game.legal_actions()))
        assert str(action) == "pass", seed


def test_the_search_weighs_no_such_play_at_the_root() -> None:
    game = heal_the_wounded()
    view = view_of(game, 0)
    legal = list(game.legal_actions())
    helper = HeuristicAgent(1)
    roots = narrowed(helper, view, legal)
    assert [str(a) for a in roots] == ["play Medical-supplies A.Vladd", "pass"]
    assert game_search("eden", Settings()).candidates is narrowed
    for seed in range(3):
        agent = make_agent("mcts:iterations=24,scope=all", seed)
        chosen = agent.act(view_of(game, 0, agent), legal)
        assert str(chosen) != "play Medical-supplies A.Mirka", seed
    # nothing to narrow where no play is pointless: the heuristic is not even asked
    view_two = view_of(game, 0)
    fine = [a for a in legal if str(a) != "play Medical-supplies A.Mirka"]
    assert narrowed(helper, view_two, fine) == []
    # cards are played at tactical decisions only: no other decision is even looked through
    assert narrowed(helper, {**view_two, "decision": {"kind": "action"}}, legal) == []
