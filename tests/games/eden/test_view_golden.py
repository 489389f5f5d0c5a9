"""Views keep their content as the view code gets faster (issue 18: the learning environment
builds one at every step). Views are the hidden-information boundary of the whole engine
(the web server, the bots, the observations read nothing else), so every part that
``EdenState.view`` computes rather than copies is checked, at every step of seeded random
matches (basic rules, and Territory Management, Infestation and climate rolled), for both
players and a spectator, against the plain code it replaced, kept here: each fighter's
characteristics (Rulebook 1.6, 2.G, 9: every modifier gathered anew for each
characteristic; those of the other player's secret mission left out, docs/rulings.md), the
effects in force one may know of, one's own cards and the equipment in full notation, and
the spectator's view (player A's view without A's secrets)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from skirmish.core.game import Game
from skirmish.core.ruleset import RULESETS
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.content import setup_for
from skirmish.games.eden.effects import EFFECTS
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.modifiers import condition_modifiers, effective_value
from skirmish.games.eden.state import EdenState

OPTIONAL = "territory,infestation:2,climate:roll"


def _characteristics(state: EdenState, fighter: Fighter, player: int | None) -> dict[str, int]:
    """The reference: the effects ``player`` may not know of found for each fighter, the
    modifiers gathered for each characteristic."""
    hidden = [e for e in state.effects if not state._effect_public(e, player)]
    if not hidden:
        return {c.value: state.characteristic(fighter, c) for c in Characteristic}
    mods = condition_modifiers(fighter.markers) if fighter.markers else []
    for effect in state.effects:
        if effect not in hidden:
            mods.extend(EFFECTS[effect.effect].modifiers(state, effect, fighter))
    return {c.value: effective_value(fighter.base_value(c), mods, c) for c in Characteristic}


def _card(card: object) -> dict[str, Any]:
    data = {f: getattr(card, f) for f in card.__dataclass_fields__}  # type: ignore[attr-defined]
    data["effects"] = [e.to_dict() for e in data.get("effects", ())]
    return data


def _check_player(state: EdenState, view: dict[str, Any], player: int) -> None:
    catalogue = state.catalogue
    assert view["my_tactical_cards"] == [_card(c) for c in catalogue.tactical[player]]
    assert view["my_mission_cards"] == [_card(c) for c in catalogue.missions[player]]
    assert view["equipment"] == {n: str(item) for n, item in catalogue.equipment.items()}
    assert view["effects"] == [e.to_json() for e in state.effects
                               if state._effect_public(e, player)]
    for fighter, seen in zip(state.fighters, view["fighters"], strict=True):
        assert seen["characteristics"] == _characteristics(state, fighter, player), fighter.ref


def _check_spectator(game: Game, state: EdenState) -> None:
    """The reference spectator view: player A's, his secrets then taken out."""
    expected = game.view(0)
    expected.update(
        player=None, my_bid=None, opponent_has_bid=False, my_hand=[], my_tactical_cards=[],
        my_mission_cards=[], opponent_hand_size=0,
        bids_made=[b is not None for b in state.bids], hand_sizes=[len(h) for h in state.hands],
        missions=[state._missions_seen(side, None) for side in (0, 1)],
        effects=[e.to_json() for e in state.effects if state._effect_public(e, None)],
        objectives=state._objectives_seen(None))
    decision = expected["decision"]
    if decision is not None:
        expected["decision"] = {"player": decision["player"], "kind": decision["kind"]}
    for fighter, seen in zip(state.fighters, expected["fighters"], strict=True):
        seen["characteristics"] = _characteristics(state, fighter, None)
    assert game.view(None) == expected


def _setup(rules: str | None, secret_bonus: bool) -> dict[str, Any]:
    """The starter factions' match; ``secret_bonus``: every mission is secret and gives its
    troop +1 CBT, so that the views' characteristics differ (no sample secret mission
    modifies one)."""
    from skirmish.games.eden.optional.options import parse_rules, with_options

    setup = setup_for("Jokers", "Bamaka", max_rounds=5)
    if secret_bonus:
        for troop in setup["troops"]:
            for mission in troop["missions"]:
                mission["secret"] = True
                mission["effects"] = [*mission.get("effects", []), {
                    "effect": "modify", "characteristic": "CBT", "delta": 1, "who": "troop"}]
    return setup if rules is None else with_options(setup, parse_rules(rules, "rules"))


@pytest.mark.parametrize(("rules", "seed", "secret_bonus"), [
    (None, 4, False), (None, 7, True), (OPTIONAL, 6, False), (OPTIONAL, 11, True)])
def test_views_match_the_plain_code_at_every_step(rules: str | None, seed: int,
                                                  secret_bonus: bool) -> None:
    game = RULESETS.get("eden").new_game(_setup(rules, secret_bonus), seed=seed)
    rng = random.Random(seed)
    secret = modified = 0
    while True:
        state = game.state
        assert isinstance(state, EdenState)
        views = [game.view(player) for player in (0, 1)]
        for player, view in enumerate(views):
            _check_player(state, view, player)
        _check_spectator(game, state)
        secret += any(a["characteristics"] != b["characteristics"]
                      for a, b in zip(views[0]["fighters"], views[1]["fighters"], strict=True))
        modified += any(f.markers.get("poison") or f.markers.get("rage")
                        for f in state.fighters)
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    # The seeds poison or enrage fighters (Rulebook 9: markers that modify characteristics),
    # and with the secret bonus the players see different characteristics: every path of
    # the view's characteristics is taken.
    assert modified > 20
    assert secret > 20 if secret_bonus else secret == 0


def test_a_view_is_not_changed_by_changing_another() -> None:
    """Views share the cards' JSON (built once per catalogue): changing a view's lists
    leaves the next view as it was."""
    game = RULESETS.get("eden").new_game(setup_for("Jokers", "Bamaka"), seed=2)
    first = game.view(0)
    expected = game.view(0)
    first["my_tactical_cards"].clear()
    first["equipment"].clear()
    first["effects"].clear()
    assert game.view(0) == expected
