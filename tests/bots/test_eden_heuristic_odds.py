"""Issue 49: the Eden heuristic weighs a melee attack by the reaction the target would
choose (a response strikes back, Rulebook 6.A) and a shot by its exact odds (6.B: CBT and
the weapon's bonus against SPD, Str against VIG, protections applying), from its view
(skirmish.games.eden.bots.view_odds). The heuristic is also the searches' rollout policy
and prior, so the tactical suite's two positions that name these mistakes pin it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from skirmish.bots.tactics import score
from skirmish.games.eden.bots.tactics import (
    POSITIONS,
    charge_the_one_who_cannot_respond,
    the_better_shot,
)
from skirmish.games.eden.bots.view_odds import (
    attack_value,
    combatant,
    melee_outlook,
    open_reactions,
    shot_outlook,
    shot_value,
    strike_value,
)
from skirmish.games.eden.rolling import state_of

BY_NAME = {p.name: p for p in POSITIONS}


def _entry(view: dict[str, Any], ref: str) -> dict[str, Any]:
    return next(f for f in view["fighters"] if f["ref"] == ref)


def test_the_reactions_a_view_leaves_open() -> None:
    """Rulebook 6.A: a dodge and a response cost 1 AP; 9: a frightened fighter does not
    respond; Optional rules 2, C: a non-player fighter always responds unless frightened."""
    fresh = {"side": 1, "ap": 3, "markers": {}}
    assert open_reactions(fresh) == {"passive", "dodge", "response"}
    assert open_reactions({**fresh, "ap": 0}) == {"passive"}
    assert open_reactions({**fresh, "markers": {"fear": 1}}) == {"passive", "dodge"}
    assert open_reactions({**fresh, "side": 2}) == {"response"}
    assert open_reactions({**fresh, "side": 2, "markers": {"fear": 1}}) == {"passive"}


def test_a_charge_into_a_response_is_worth_what_the_response_costs() -> None:
    """Sekongo (CBT 6) responds: by the rules' exact odds Anton is incapacitated with
    P = 0.664 and Sekongo with P = 0.097 (the position's account); the view's model of the
    two, which knows no more than a player (no card effect, the strike of a charge as any
    melee attack), reads about the same. The spent Tarar can only take it."""
    game = charge_the_one_who_cannot_respond()
    view = game.view(0)
    equipment = view["equipment"]
    anton = combatant(_entry(view, "A.Anton"), equipment)
    sekongo_entry = _entry(view, "B.Sekongo")
    sekongo = combatant(sekongo_entry, equipment)
    tarar = combatant(_entry(view, "B.Tarar"), equipment)
    p_sekongo, _, p_anton, _ = melee_outlook(anton, sekongo, "response")
    assert (round(p_anton, 2), round(p_sekongo, 1)) == (0.67, 0.1)
    assert open_reactions(sekongo_entry) == {"passive", "dodge", "response"}
    assert strike_value(anton, sekongo, open_reactions(sekongo_entry)) < 0 < attack_value(
        anton, sekongo)
    # the spent target: the passive attack's value, as before
    assert strike_value(anton, tarar, {"passive"}) == attack_value(anton, tarar)
    assert strike_value(anton, tarar, {"passive"}) > strike_value(
        anton, sekongo, open_reactions(sekongo_entry))


def test_a_shot_is_weighed_by_its_exact_odds() -> None:
    """The position's own odds: Mark's Combat armour (+1 everywhere, against shots too:
    Rulebook 8.A) leaves P(kill) = 0.166 and 1.35 CP lost; the unarmoured Ngobo 0.554 and
    1.91, at the same distance."""
    game = the_better_shot()
    view = game.view(0)
    equipment = view["equipment"]
    anton = combatant(_entry(view, "A.Anton"), equipment)
    mark = combatant(_entry(view, "B.Mark"), equipment)
    ngobo = combatant(_entry(view, "B.Ngobo-Quick-Arm"), equipment)
    assert mark.ranged_protection == mark.protection == (1, 1, 1, 1)
    assert ngobo.ranged_protection == (0, 0, 0, 0)
    state = state_of(game)
    pistol = state.catalogue.equipment["Pistol"]
    part = pistol.part(next(iter(p.category for p in pistol.ranged_parts)))
    assert part is not None
    strength = part.effect("Str") or 0
    assert strength == 3
    kill_mark, lost_mark = shot_outlook(anton, mark, 0, strength)
    kill_ngobo, lost_ngobo = shot_outlook(anton, ngobo, 0, strength)
    assert (round(kill_mark, 3), round(lost_mark, 2)) == (0.166, 1.35)
    assert (round(kill_ngobo, 3), round(lost_ngobo, 2)) == (0.554, 1.91)
    text = equipment["Pistol"]
    assert shot_value(anton, ngobo, text) > shot_value(anton, mark, text)
    assert shot_value(anton, ngobo, None) < shot_value(anton, ngobo, text)  # no Str 3
    # 6.B step 2: of the shooter a free target's shot reads CBT and the weapon's bonus only
    # (the answer is remembered by them: shooters of equal skill share it)
    other = replace(anton, ref="A.Other", side=0, vig=anton.vig + 2, cp_left=(1, 1, 1, 1),
                    cbt=anton.cbt - 1)
    assert shot_outlook(other, ngobo, 1, strength) == (kill_ngobo, lost_ngobo)
    assert shot_outlook(other, ngobo, 0, strength) != (kill_ngobo, lost_ngobo)


@pytest.mark.parametrize("name", ["charge-the-one-who-cannot-respond", "the-better-shot",
                                  "shoot-do-not-charge"])
def test_the_heuristic_solves_the_positions_that_name_these_mistakes(name: str) -> None:
    """It charged Sekongo, who would respond, and shot the armoured Mark first (its shot
    read CBT against SPD alone) before the exact odds."""
    [result] = score("heuristic", positions=[BY_NAME[name]])
    assert result.hit, result
