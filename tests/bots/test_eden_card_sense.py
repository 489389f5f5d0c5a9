"""Issue 49: no bot plays a tactical card that would change nothing (a heal on an unwounded
fighter, Cold shower with no Burn on the table, AP to a fighter out of the match or that
nothing this round could let it spend), nor AP before their time (to a fighter still to
activate, whose own activation's start is the time): the heuristic leaves them out, and the
search never weighs them at the root."""

from __future__ import annotations

from skirmish.bots.game_parts import game_search
from skirmish.bots.mcts.settings import Settings
from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.games.eden.bots.card_sense import idle, narrowed, pointless, premature, sensible
from skirmish.games.eden.bots.heuristic import HeuristicAgent
from skirmish.games.eden.bots.search import eden_candidates
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
    assert game_search("eden", Settings()).candidates is eden_candidates
    assert eden_candidates(helper, view, legal) == roots  # card_sense's, at a card window
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
    assert game.decision().context == {"when": "activation", "fighter": "A.Mirka"}
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


def _three_fresh(*, steps: tuple[str, ...] = ("activate A.Mirka",), until: str = "",
                 vladd_ap: int = 3) -> object:
    """Round 2 of 3: A's Mirka, Vladd and Kostia, B's Sekongo and Dacke, all near one another
    and still to activate (with ``until`` "tactical", all spent: round 3's tactical phase);
    A holds Stimulants and 6 SP."""
    spent = until == "tactical"
    game = table([Spot("Mirka", 20, 20, spent=spent), Spot("Vladd", 25, 20, equipment=(),
                                                             spent=spent),
                  Spot("Kostia", 30, 20, spent=spent)],
                 [Spot("Sekongo", 22, 35, equipment=(), spent=spent),
                  Spot("Dacke", 30, 35, spent=spent)],
                 leaders=("Mirka", "Sekongo"), hands=(("Stimulants",), ()), sp=(6, 0),
                 steps=steps, until=until)
    state_of(game).fighter("A.Vladd").ap = vladd_ap
    return game


def test_ap_to_a_fighter_still_to_activate_wait_for_the_start_of_its_own_activation() -> None:
    # Issue 49 (ladder seed 3, match 34): at the start of Yuri's activation the search gave
    # Stimulants to Anton, then passed Anton's activation: the AP were thrown away. Played
    # at the start of Anton's own activation, the card costs the same and gives the same AP.
    game = _three_fresh()
    assert game.decision().context == {"when": "activation", "fighter": "A.Mirka"}
    view = view_of(game, 0)
    plays = {str(a): a for a in game.legal_actions()}
    assert premature(view, plays["play Stimulants A.Vladd"])
    assert premature(view, plays["play Stimulants A.Kostia"])
    assert not premature(view, plays["play Stimulants A.Mirka"])  # her activation starts
    assert not premature(view, plays["pass"])
    assert idle(view, plays["play Stimulants A.Vladd"]) is None  # not without effect: early
    assert [str(a) for a in sensible(view, list(plays.values()))] == [
        "play Stimulants A.Mirka", "pass"]
    for seed in range(6):
        action = HeuristicAgent(seed).act(view, list(plays.values()))
        assert str(action) in {"play Stimulants A.Mirka", "pass"}, seed
    # the search's root weighs neither early play
    roots = narrowed(HeuristicAgent(0), view, list(plays.values()))
    assert {str(a) for a in roots} == {"play Stimulants A.Mirka", "pass"}


def test_at_the_tactical_phase_every_fighter_still_to_activate_can_wait() -> None:
    game = _three_fresh(steps=(), until="tactical")
    view = view_of(game, 0)
    assert view["decision"]["context"] == {"when": "tactical phase"}
    legal = list(game.legal_actions())
    assert [str(a) for a in legal if premature(view, a)] == [
        "play Stimulants A.Mirka", "play Stimulants A.Vladd", "play Stimulants A.Kostia"]
    assert [str(a) for a in sensible(view, legal)] == ["pass"]


def test_a_fighter_with_no_ap_needs_them_now_to_be_activated_at_all() -> None:
    # Rulebook 4.B: a fighter is activated only with AP; one that spent his on reactions
    # gets no activation of his own, so no later window: the card is not early
    game = _three_fresh(vladd_ap=0)
    view = view_of(game, 0)
    play = next(a for a in game.legal_actions() if str(a) == "play Stimulants A.Vladd")
    assert not premature(view, play)
    assert play in sensible(view, list(game.legal_actions()))


def test_a_fighter_activated_already_is_judged_by_what_its_ap_could_pay_for_instead() -> None:
    # Mirka has acted: her window is gone, so the early rule does not apply to her (the
    # AP would pay for reactions only: ap_unspendable's judgement)
    game = _three_fresh(steps=("activate A.Mirka", "pass", "end", "activate B.Sekongo"))
    while game.decision().player != 0 or game.decision().kind != "activate":
        game.apply(next(a for a in game.legal_actions() if str(a) in {"pass", "end"}))
    game.apply("activate A.Vladd")
    assert game.decision().context == {"when": "activation", "fighter": "A.Vladd"}
    view = view_of(game, 0)
    plays = {str(a): a for a in game.legal_actions()}
    assert not premature(view, plays["play Stimulants A.Mirka"])
    assert not premature(view, plays["play Stimulants A.Vladd"])
    assert premature(view, plays["play Stimulants A.Kostia"])


def _vladd_starts(dacke_equipment: tuple[str, ...]) -> object:
    """Round 2: Vladd (melee only) starting his activation, Dacke still to activate in the
    opposite corner."""
    return table([Spot("Vladd", 5, 5, equipment=())],
                 [Spot("Dacke", 55, 55, equipment=dacke_equipment)],
                 hands=(("Stimulants",), ()), sp=(6, 0), steps=["activate A.Vladd"])


def test_at_the_start_of_its_own_activation_a_fighter_out_of_reach_needs_no_fourth_ap() -> None:
    # once the early play waits for Vladd's own activation, the judgement of AP beyond
    # three Moves is made there: both sides' three Moves leave them apart
    game = _vladd_starts(())
    view = view_of(game, 0)
    assert view["decision"]["context"] == {"when": "activation", "fighter": "A.Vladd"}
    play = next(a for a in game.legal_actions() if str(a) == "play Stimulants A.Vladd")
    assert idle(view, play) == "ap"
    assert [str(a) for a in sensible(view, list(game.legal_actions()))] == ["pass"]
    # Dacke's Assault rifle reaches him: the fourth AP may pay for a dodge or a shot back
    assert idle(view_of(_vladd_starts(("Assault rifle",)), 0), play) is None
