"""Issue 49: no bot plays a tactical card that would change nothing (a heal on an unwounded
fighter, Cold shower with no Burn on the table, AP to a fighter out of the match or that
nothing this round could let it spend): the heuristic leaves them out, and the search never
weighs them at the root."""

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


def _stimulants(*, sekongo: tuple[float, float], sekongo_spent: bool) -> object:
    """Mirka starting her activation (the window at its start, player A's), Vladd done for
    the round (activated, no AP left), Sekongo melee-only for player B."""
    return table([Spot("Mirka", 5, 5), Spot("Vladd", 10, 50, spent=True, equipment=())],
                 [Spot("Sekongo", *sekongo, spent=sekongo_spent, equipment=())],
                 leaders=("Mirka", "Sekongo"), hands=(("Stimulants",), ()), sp=(6, 0),
                 steps=["activate A.Mirka"])


def test_ap_to_a_fighter_done_for_the_round_buy_nothing_unless_an_enemy_may_still_charge_it(
) -> None:
    # Sekongo, still to activate, 40 cm from Vladd: three Moves (a Charge among them) of 10
    # cm do not bring him into contact, so Vladd can neither dodge nor respond this round
    game = _stimulants(sekongo=(50, 50), sekongo_spent=False)
    assert game.decision().context == {"when": "activation"}
    view = view_of(game, 0)
    plays = {str(a): a for a in game.legal_actions()}
    assert idle(view, plays["play Stimulants A.Vladd"]) == "ap"
    assert idle(view, plays["play Stimulants A.Mirka"]) is None  # she is starting to act
    assert [str(a) for a in sensible(view, list(plays.values()))] == [
        "play Stimulants A.Mirka", "pass"]
    # within three Moves: Sekongo may charge Vladd, whose AP would pay for a dodge
    near = _stimulants(sekongo=(36, 50), sekongo_spent=False)
    assert idle(view_of(near, 0), plays["play Stimulants A.Vladd"]) is None
    # near, but done for the round himself: no charge is coming
    done = _stimulants(sekongo=(36, 50), sekongo_spent=True)
    assert idle(view_of(done, 0), plays["play Stimulants A.Vladd"]) == "ap"
    # Territory Management's actions and Infestation's fighters are not weighed: no judgement
    assert idle({**view, "territory": True}, plays["play Stimulants A.Vladd"]) is None
    assert idle({**view, "infestation": {"on": True}}, plays["play Stimulants A.Vladd"]) is None


def _far_apart(dacke_equipment: tuple[str, ...]) -> object:
    """Round 3's tactical phase (both spent in round 2, which ends), Vladd (melee only) and
    Dacke in opposite corners."""
    return table([Spot("Vladd", 5, 5, spent=True, equipment=())],
                 [Spot("Dacke", 55, 55, spent=True, equipment=dacke_equipment)],
                 hands=(("Stimulants",), ()), sp=(6, 0), until="tactical")


def test_ap_beyond_the_three_moves_of_a_round_buy_nothing_out_of_every_enemy_s_reach() -> None:
    melee_only = _far_apart(())
    view = view_of(melee_only, 0)
    assert view["decision"]["context"] == {"when": "tactical phase"}
    vladd = next(f for f in view["fighters"] if f["ref"] == "A.Vladd")
    assert vladd["ap"] == 3 and not vladd["activated"]
    play = next(a for a in melee_only.legal_actions() if str(a) == "play Stimulants A.Vladd")
    # 67 cm apart, edge to edge: their three Moves each cover 60 cm
    assert idle(view, play) == "ap"
    assert [str(a) for a in sensible(view, list(melee_only.legal_actions()))] == ["pass"]
    assert str(HeuristicAgent(0).act(view, list(melee_only.legal_actions()))) == "pass"
    # with 2 AP left, the AP given pays for his third Move
    assert idle({**view, "fighters": [{**vladd, "ap": 2}]
                 + [f for f in view["fighters"] if f is not vladd]}, play) is None
    # burning, he may spend it putting the fire out
    assert idle({**view, "fighters": [{**vladd, "markers": {"burn": 1}}]
                 + [f for f in view["fighters"] if f is not vladd]}, play) is None
    # a Move of 12 cm (a card's move-distance in play) brings them within reach
    longer = {"effect": "move-distance", "params": {"cm": 12}, "source": "Sprint",
              "owner": "A", "until": "round", "ability": ""}
    assert idle({**view, "effects": [longer]}, play) is None
    # Dacke's Assault rifle reaches 30 cm further: within reach, nothing is judged
    armed = _far_apart(("Assault rifle",))
    assert idle(view_of(armed, 0), play) is None
