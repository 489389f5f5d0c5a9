"""Rulebook 7: a permanent ability with a cost. "The player may decide not to pay the cost,
which prevents the implementation of the ability effects."

Ruling (docs/rulings.md): the cost falls due at the start of each of its owner's activations,
before the activation begins; paid, the effects are in force until the end of the round;
declined or unaffordable, they are not, and nothing is charged. Test cards of the players'
own, on library fighters, with forced dice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from skirmish.core import Game, IllegalActionError, RandomAgent, Record, Ref, verify
from skirmish.core.agents import Agent
from skirmish.core.events import ActionEvent, NoteEvent
from skirmish.games.eden import EDEN
from skirmish.games.eden.abilities import ability_effects
from skirmish.games.eden.bots.heuristic import HeuristicAgent
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.demo import match_setup
from skirmish.games.eden.events import AbilityEvent, ActivationEvent, PointsEvent
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.fighting.wounds import inflict_wounds
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.rounds.intendancy import Intendancy

from ..invariants import check_invariants
from ..scenario import fighter, state, table
from .helpers import library

A, B = "A.Anton", "B.Dacke"

WAR_PAINT = {"name": "War paint", "kind": "permanent", "cost_ap": 1, "text": "+1 CBT.",
             "effects": [{"effect": "modify", "characteristic": "CBT", "delta": 1}]}
IRON_SKIN = {"name": "Iron skin", "kind": "permanent", "cost_sp": 2,
             "text": "Torso +1 protection.",
             "effects": [{"effect": "protect", "limbs": ["torso"], "amount": 1}]}
DREAD = {"name": "Dread aura", "kind": "permanent", "cost_sp": 1,
         "text": "When he begins his activation, every enemy in contact gets a Fear marker.",
         "effects": [{"effect": "marker-on", "on": "activation", "condition": "fear",
                      "to": "enemies-in-contact"}]}
CARDS = [WAR_PAINT, IRON_SKIN, DREAD]


def game_for(*names: str, sp: int | None = None, dacke_at: tuple[float, float] = (50.0, 50.0),
             dice: Sequence[int] = (), activate: bool = True) -> Game:
    """Anton with only the test cards ``names``, against a plain Dacke; Anton's activation
    starts (unless ``activate`` is False); player A's reserve is ``sp`` when given."""
    lib = library()
    anton = replace(lib.profile("Anton"), abilities=names)
    dacke = replace(lib.profile("Dacke"), abilities=())
    game = table([(anton, 10.0, 10.0)], [(dacke, *dacke_at)], dice=dice, abilities=CARDS,
                 equipment=[str(e) for e in lib.equipment.values()])
    state(game).effects.extend(ability_effects(game))
    if sp is not None:
        state(game).sp[0] = sp
    if activate:
        game.push(Activation(Ref(A)))
        game.advance()
    return game


def cbt(game: Game) -> int:
    return state(game).characteristic(fighter(game, A), Characteristic.CBT)


def seen(game: Game, name: str) -> dict[str, Any]:
    """How player A's view shows Anton's ability ``name``."""
    me = next(f for f in game.view(0)["fighters"] if f["ref"] == A)
    return next(a for a in me["abilities"] if a["name"] == name)


def options(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def test_the_cost_is_asked_at_the_start_of_the_owners_activation() -> None:
    game = game_for("War paint")
    decision = game.decision()
    assert (decision.player, decision.kind) == (0, "ability-cost")
    assert decision.context["cost_ap"] == 1 and decision.context["ability"] == "War paint"
    assert options(game) == {f"pay {A} War-paint", "pass"}
    # Asked before the activation begins, and not in force yet.
    assert not any(isinstance(e, ActivationEvent) for e in game.log)
    base = fighter(game, A).base_value(Characteristic.CBT)
    assert cbt(game) == base
    assert seen(game, "War paint") == {"name": "War paint", "kind": "permanent", "cost_ap": 1,
                                       "cost_sp": 0, "active": False, "paid": False}


def test_paid_the_effect_applies_until_the_end_of_the_round_and_the_cost_is_logged() -> None:
    game = game_for("War paint")
    base = cbt(game)
    game.apply(f"pay {A} War-paint")
    anton = fighter(game, A)
    assert anton.ap == 2 and cbt(game) == base + 1
    assert seen(game, "War paint")["active"] and seen(game, "War paint")["paid"]
    paid = [e for e in game.log if isinstance(e, AbilityEvent)]
    assert [(e.ability, e.cost_ap, e.cost_sp) for e in paid] == [("War paint", 1, 0)]
    charge = [e.text() for e in game.log if isinstance(e, PointsEvent)]
    assert charge == ["A.Anton: -1 AP -> 2 (War paint, in force until the end of the round)"]
    # then the activation begins and the fighter acts
    assert isinstance(game.log[-1], ActivationEvent) and game.decision().kind == "action"
    game.apply("end")
    game.push(Intendancy())
    game.advance()
    assert cbt(game) == base  # intendancy step 11: the round is over, so is the payment
    assert not seen(game, "War paint")["active"] and not seen(game, "War paint")["paid"]


def test_declined_no_effect_and_nothing_charged() -> None:
    game = game_for("Iron skin")
    sp, base = state(game).sp[0], cbt(game)
    game.apply("pass")
    anton = fighter(game, A)
    assert (anton.ap, state(game).sp[0], cbt(game)) == (3, sp, base)
    assert not seen(game, "Iron skin")["active"]
    assert "A.Anton does not pay for Iron skin: no effect this round" in [
        e.text() for e in game.log if isinstance(e, NoteEvent)]
    assert not any(isinstance(e, AbilityEvent | PointsEvent) for e in game.log)
    assert inflict_wounds(game, anton, Limb.TORSO, 2).lost == 2  # no protection
    assert game.decision().kind == "action"


def test_the_effect_applies_only_while_paid() -> None:
    # Iron skin (torso +1): not in force before Anton's activation, in force once paid.
    game = game_for("Iron skin", activate=False)
    anton = fighter(game, A)
    assert inflict_wounds(game, anton, Limb.TORSO, 1).lost == 1
    anton.heal(Limb.TORSO, 1)
    game.push(Activation(Ref(A)))
    game.advance()
    game.apply(f"pay {A} Iron-skin")
    assert inflict_wounds(game, anton, Limb.TORSO, 2).lost == 1


def test_a_cost_that_cannot_be_paid_is_not_asked_and_pay_is_refused() -> None:
    game = game_for("Iron skin", sp=1)  # 2 SP needed
    assert game.decision().kind == "action"
    assert "A.Anton cannot pay for Iron skin (Rulebook 7: Iron skin costs 2 SP): no effect " \
           "this round" in [e.text() for e in game.log if isinstance(e, NoteEvent)]
    before = game.state_hash()
    with pytest.raises(IllegalActionError):
        game.apply(f"pay {A} Iron-skin")
    assert game.state_hash() == before and state(game).sp[0] == 1
    assert not seen(game, "Iron skin")["active"]


def test_each_cost_is_asked_in_card_order_and_a_wrong_payment_changes_nothing() -> None:
    game = game_for("War paint", "Iron skin")
    assert game.decision().context["ability"] == "War paint"
    before = game.state_hash()
    with pytest.raises(IllegalActionError, match="Rulebook 7") as err:
        game.apply(f"pay {A} Iron-skin")
    assert "the cost asked now is A.Anton's War paint" in str(err.value)
    with pytest.raises(IllegalActionError):
        game.apply(f"move {A} 15,10")
    assert game.state_hash() == before
    game.apply(f"pay {A} War-paint")
    assert game.decision().kind == "ability-cost"
    assert game.decision().context["ability"] == "Iron skin"
    game.apply("pass")
    assert game.decision().kind == "action" and fighter(game, A).ap == 2
    assert [seen(game, n)["active"] for n in ("War paint", "Iron skin")] == [True, False]
    assert [str(e.action) for e in game.log if isinstance(e, ActionEvent)] == [
        f"pay {A} War-paint", "pass"]


@pytest.mark.parametrize("pay", [True, False])
def test_a_paid_trigger_reacts_to_the_activation_it_was_paid_at(pay: bool) -> None:
    game = game_for("Dread aura", dacke_at=(13.0, 10.0))  # in contact
    sp = state(game).sp[0]
    game.apply(f"pay {A} Dread-aura" if pay else "pass")
    assert fighter(game, B).marker_count(Condition.FEAR) == (1 if pay else 0)
    assert state(game).sp[0] == sp - (1 if pay else 0)


def test_costly_permanent_effects_are_not_in_play_at_set_up() -> None:
    game = game_for("War paint", "Iron skin", activate=False)
    assert not any(e.ability in ("War paint", "Iron skin") for e in state(game).effects)
    assert seen(game, "War paint")["active"] is False


def test_the_heuristic_bot_pays_when_it_can_spare_the_cost() -> None:
    for sp, expected in ((4, f"pay {A} Iron-skin"), (3, "pass")):
        game = game_for("Iron skin", sp=sp)
        bot = HeuristicAgent(1)
        assert str(bot.act(game.view(0), list(game.legal_actions()))) == expected
    game = game_for("War paint")
    assert str(HeuristicAgent(1).act(game.view(0), list(game.legal_actions()))) == \
        f"pay {A} War-paint"
    fighter(game, A).ap = 1  # paying would leave no AP to act: keep it
    assert str(HeuristicAgent(1).act(game.view(0), list(game.legal_actions()))) == "pass"


def match_with_costs() -> dict[str, Any]:
    """The sample whole match, where Yuri has War paint and Iron skin (permanent, with a cost)
    and Ngobo the Stim injector and Deep breath (action abilities that cost no AP)."""
    setup = match_setup(max_rounds=3)
    lib = library()
    from skirmish.games.eden.cards.troops import ability_dict

    setup["abilities"] = [*setup["abilities"], *CARDS, ability_dict(lib.abilities["Stim injector"]),
                          {"name": "Deep breath", "kind": "action",
                           "effects": [{"effect": "gain", "sp": 1}]}]
    yuri = setup["troops"][0]["fighters"][0]["profile"]
    setup["troops"][0]["fighters"][0]["profile"] = {**yuri,
                                                    "abilities": ["War paint", "Iron skin"]}
    ngobo = setup["troops"][1]["fighters"][0]["profile"]
    setup["troops"][1]["fighters"][0]["profile"] = {
        **ngobo, "abilities": ["Stim injector", "Deep breath"]}
    return setup


@pytest.mark.parametrize("seed", range(2))
def test_bots_finish_matches_with_costs_and_free_abilities(seed: int) -> None:
    pairs: list[list[Agent]] = [[RandomAgent(seed), RandomAgent(seed + 7)],
                                [HeuristicAgent(seed), RandomAgent(seed + 7)]]
    for agents in pairs:
        game = EDEN.new_game(match_with_costs(), seed=seed)
        kinds: set[str] = set()
        while not game.is_over:
            decision = game.decision()
            kinds.add(decision.kind)
            game.apply(agents[decision.player].act(game.view(decision.player),
                                                   list(game.legal_actions())))
            check_invariants(game)
        assert game.outcome() is not None
        assert "ability-cost" in kinds
        record = Record.from_jsonl(Record.of(game).to_jsonl())
        assert verify(record).state_hash() == game.state_hash()


def test_the_pay_notation_round_trips() -> None:
    game = game_for("War paint")
    for text in (f"pay {A} War-paint", "pass"):
        assert str(game.parse(text)) == text
