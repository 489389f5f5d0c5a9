"""Rulebook 5 and 7: an activation ends when the fighter has done what it wants, not at 0 AP.

"Once the fighter has performed all the desired actions, his activation ends" (5): an action
ability that costs no AP (the I.S.C. sample Lenz's Stim injector: 1 SP, 1/match, +2 AP)
stays usable at 0 AP; the activation ends by itself only when nothing but ``end`` is
possible (docs/rulings.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skirmish.core import Game, IllegalActionError, Ref
from skirmish.games.eden.abilities import ability_effects
from skirmish.games.eden.events import AbilityEvent
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.modifiers import Condition

from .content.helpers import library, on_table
from .scenario import fighter, state, table

LENZ, DACKE = "A.Lenz", "B.Dacke"


def options(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def lenz_activation(ap: int = 1, dacke_at: tuple[float, float] = (50.0, 50.0)) -> Game:
    """Lenz (Stim injector, Shock baton) activated with ``ap`` AP; Dacke far away."""
    return on_table([("Lenz", 10.0, 10.0)], [("Dacke", *dacke_at)], ap=ap, plain=True,
                    abilities={"Lenz": ("Stim injector",)}, start=[Activation(Ref(LENZ))])


def test_a_0_ap_ability_is_used_at_0_ap_then_the_activation_is_ended_explicitly() -> None:
    game = lenz_activation(ap=1)
    lenz, sp = fighter(game, LENZ), state(game).sp[0]
    game.apply(f"move {LENZ} 15,10")
    assert lenz.ap == 0
    # 0 AP, but the Stim injector (no AP) is still possible: the activation goes on.
    assert not game.is_over and game.decision().kind == "action"
    assert options(game) == {f"use {LENZ} Stim-injector", "end"}
    game.apply(f"use {LENZ} Stim-injector")
    assert (lenz.ap, state(game).sp[0]) == (2, sp - 1)
    used = [e for e in game.log if isinstance(e, AbilityEvent)]
    assert [(e.ability, e.cost_ap, e.cost_sp) for e in used] == [("Stim injector", 0, 1)]
    game.apply(f"move {LENZ} 20,10")
    assert lenz.ap == 1 and game.decision().kind == "action"
    game.apply("end")  # the player ends it with 1 AP left (Rulebook 5: not all AP need go)
    assert game.is_over and lenz.ap == 1


def test_at_0_ap_the_player_may_end_without_using_the_free_ability() -> None:
    game = lenz_activation(ap=1)
    sp = state(game).sp[0]
    game.apply(f"move {LENZ} 15,10")
    game.apply("end")
    assert game.is_over
    assert state(game).sp[0] == sp and fighter(game, LENZ).match_uses == {"move": 1}


def test_the_activation_ends_by_itself_once_the_free_ability_is_spent() -> None:
    # Stim injector is 1/match: at 0 AP again, nothing but 'end' is possible.
    game = lenz_activation(ap=0)
    assert options(game) == {f"use {LENZ} Stim-injector", "end"}
    game.apply(f"use {LENZ} Stim-injector")
    game.apply(f"move {LENZ} 15,10")
    game.apply(f"move {LENZ} 20,10")
    assert game.is_over and fighter(game, LENZ).ap == 0


def test_an_activation_with_ap_but_nothing_left_to_do_ends_by_itself() -> None:
    # Anton (no ability, a Pistol out of range) with 4 AP moves three times (3/round): he
    # still has 1 AP, but nothing but 'end' is possible, so the activation ends.
    game = on_table([("Anton", 10.0, 10.0)], [("Dacke", 55.0, 55.0)], ap=4, plain=True,
                    start=[Activation(Ref("A.Anton"))])
    for x in (15, 20, 25):
        assert game.decision().kind == "action"
        game.apply(f"move A.Anton {x},10")
    anton = fighter(game, "A.Anton")
    assert anton.ap == 1 and game.is_over


def test_a_frightened_fighter_at_0_ap_cannot_use_the_free_ability() -> None:
    # Rulebook 9, Fear: no action ability; so at 0 AP nothing is possible.
    game = lenz_activation(ap=1)
    fighter(game, LENZ).add_markers(Condition.FEAR)
    game.apply(f"move {LENZ} 15,10")
    assert game.is_over


# A card of the players' own: a free action ability with no X/round or X/match.
BREATH: dict[str, object] = {"name": "Deep breath", "kind": "action",
                             "text": "His troop gains 1 SP.",
                             "effects": [{"effect": "gain", "sp": 1}]}


def test_a_free_ability_without_a_limit_is_once_per_round_so_the_activation_ends() -> None:
    lib = library()
    lenz = replace(lib.profile("Lenz"), abilities=("Deep breath",))
    game = table([(lenz, 10, 10)], [(replace(lib.profile("Dacke"), abilities=()), 50, 50)],
                 ap=1, abilities=[BREATH], equipment=[str(e) for e in lib.equipment.values()])
    state(game).effects.extend(ability_effects(game))
    game.push(Activation(Ref(LENZ)))
    game.advance()
    sp = state(game).sp[0]
    game.apply(f"use {LENZ} Deep-breath")
    assert state(game).sp[0] == sp + 1
    before = game.state_hash()
    with pytest.raises(IllegalActionError, match="costs no AP and shows no limit: 1/round"):
        game.apply(f"use {LENZ} Deep-breath")
    assert game.state_hash() == before
    assert options(game) - {"end"} and all(o.startswith("move") or o == "end"
                                           for o in options(game))
    game.apply(f"move {LENZ} 15,10")
    assert game.is_over  # 0 AP and Deep breath spent this round: nothing else to do
