"""Mass Effect: Annihilation as the kernel sees it: set-up, views and results.

A set-up is JSON data that holds every card the game uses, so a record replays without the
card library::

    {"scenario": {...},                      # a scenario card (Scenario.to_dict)
     "bands": [{"name": "Escouade Orion",
                "figures": [{"profile": {...}, "equipment": ["Fusil mitrailleur", ...],
                             "at": [x, y], "facing": 90}, ...]},   # at/facing: optional
               {...}],
     "weapons": [{...}, ...], "powers": [{...}, ...],               # the cards used
     "scenery": [{...}, ...],                # optional: elements in cm (default: the
                                             # scenario's default table, terrain.py)
     "begin": true}                          # optional: each seat begins the match
                                             # before the first die (phases/begin.py)

:func:`match_setup` builds one from the card library and two bands.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.core.dice import Dice, SeededDice, fresh_seed
from skirmish.core.game import Game
from skirmish.core.house_rules import HouseRuleError
from skirmish.core.ruleset import RULESETS, Outcome
from skirmish.games.masseffect.actions import ME_ACTIONS, token
from skirmish.games.masseffect.cards.bands import Band, equipment_of
from skirmish.games.masseffect.cards.library import Library
from skirmish.games.masseffect.cards.powers import Power
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.cards.scenarios import Scenario
from skirmish.games.masseffect.cards.weapons import Weapon
from skirmish.games.masseffect.figure import Card
from skirmish.games.masseffect.house_rules import house_rules_in
from skirmish.games.masseffect.phases.begin import Begin, begins
from skirmish.games.masseffect.rolling import state_of
from skirmish.games.masseffect.rules import pas_to_cm
from skirmish.games.masseffect.state import MEState, new_state
from skirmish.games.masseffect.table.terrain import (
    scenario_scenery,
    scenery_from_setup,
    scenery_to_setup,
)
from skirmish.games.masseffect.turn import Match
from skirmish.geometry import Field


class SetupError(ValueError):
    """A set-up that does not describe a playable ME:A game; the message names the field."""


#: Set-ups already read (their JSON text): a batch of games on one set-up reads it once.
_READ: dict[str, tuple[list[tuple[int, str, Card]], Scenario, tuple[Any, ...]]] = {}
_READ_KEPT = 64


def _house_rules(setup: Mapping[str, Any]) -> dict[str, str]:
    """The set-up's house rules (issue 47), checked: a SetupError names the one at fault."""
    try:
        return house_rules_in(setup)
    except HouseRuleError as exc:
        raise SetupError(str(exc)) from None


def _read(setup: Mapping[str, Any]) -> tuple[list[tuple[int, str, Card]], Scenario,
                                             tuple[Any, ...]]:
    """The figures' cards, the scenario and the scenery of a set-up (errors name the field)."""
    where = "setup"
    try:
        where = "setup.scenario"
        scenario = Scenario.from_dict(setup["scenario"])
        where = "setup.weapons"
        weapons = {w.name: w for w in (Weapon.from_dict(d) for d in setup.get("weapons", []))}
        where = "setup.powers"
        powers = {p.name: p for p in (Power.from_dict(d) for d in setup.get("powers", []))}
        bands = setup["bands"]
        if not isinstance(bands, list) or len(bands) != 2:
            raise ValueError("must list exactly two bands (player A, player B)")
        cards: list[tuple[int, str, Card]] = []
        for side, band in enumerate(bands):
            keys: dict[str, int] = {}
            for i, entry in enumerate(band["figures"]):
                where = f"setup.bands[{side}].figures[{i}]"
                profile = Profile.from_dict(entry["profile"])
                names = entry.get("equipment", list(profile.equipment))
                items = tuple(weapons[n] for n in names)
                if len(items) > profile.equipment_limit:
                    raise ValueError(f"{len(items)} items, the limit is "
                                     f"{profile.equipment_limit} (ME7)")
                own = tuple(powers[t.name] for t in profile.powers)
                key = token(profile.name)
                keys[key] = keys.get(key, 0) + 1
                if keys[key] > 1:
                    key = f"{key}-{keys[key]}"
                cards.append((side, key, Card(profile, items, own)))
            if not band["figures"]:
                raise ValueError("a band has at least one figure (ME39)")
        where = "setup.scenery"
        raw = setup.get("scenery")
        scenery = (scenario_scenery(scenario) if raw is None
                   else scenery_from_setup(raw, scenario.table))
    except KeyError as exc:
        raise SetupError(f"{where}: unknown or missing {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        raise SetupError(f"{where}: {exc}") from None
    return cards, scenario, scenery


class MassEffectRuleset:
    """Mass Effect: Annihilation, by the draft and docs/masseffect.md."""

    name = "masseffect"
    actions = ME_ACTIONS

    def new_game(
        self, setup: Mapping[str, Any], *, seed: int | None = None, dice: Dice | None = None
    ) -> Game:
        """A game from a JSON set-up (see the module's docstring)."""
        try:
            text = json.dumps(setup, sort_keys=True)
        except (TypeError, ValueError) as exc:
            raise SetupError(f"setup: not JSON data ({exc})") from None
        known = _READ.get(text)
        if known is None:
            known = _read(setup)
            if len(_READ) >= _READ_KEPT:
                _READ.pop(next(iter(_READ)))
            _READ[text] = known
        cards, scenario, scenery = known
        setup = json.loads(text)
        width, height = scenario.table
        state = new_state(cards, Field(pas_to_cm(width), pas_to_cm(height)), scenery, scenario)
        state.house_rules = _house_rules(setup)
        for figure, entry in zip(state.figures, _entries(setup), strict=True):
            at = entry.get("at")
            if at is not None:
                figure.x, figure.y, figure.placed = float(at[0]), float(at[1]), True
                figure.facing = float(entry.get("facing", 90 if figure.side == 0 else 270))
        if dice is None:
            dice = SeededDice(fresh_seed() if seed is None else seed)
        try:
            opening = [Begin()] if begins(setup) else []
        except ValueError as exc:
            raise SetupError(str(exc)) from None
        game = Game(self, state, setup, dice, [Match(), *opening])
        game.advance()
        return game

    def state_from_json(self, data: Mapping[str, Any], setup: Mapping[str, Any]) -> MEState:
        cards, scenario, scenery = _read(setup)
        width, height = scenario.table
        state = new_state(cards, Field(pas_to_cm(width), pas_to_cm(height)), scenery, scenario)
        state.house_rules = _house_rules(setup)
        state.load(data)
        return state

    def view(self, game: Game, player: int | None) -> dict[str, Any]:
        """Everything is public in ME:A: the table, every figure and the scores."""
        from skirmish.games.masseffect.view import state_view

        view = state_view(state_of(game))
        view["ruleset"] = self.name
        view["player"] = player
        return view

    # -- observations and determinizations (skirmish.core.observation) ----------------------
    def redact(self, game: Game, player: int, snapshot: dict[str, Any]) -> dict[str, Any]:
        """Nothing is hidden in ME:A but the dice to come, which the kernel leaves out
        (:mod:`skirmish.games.masseffect.determinize`)."""
        from skirmish.games.masseffect.determinize import redact

        return redact(game, player, snapshot)

    def fill(self, game: Game, player: int, rng: Dice) -> None:
        """Nothing to sample but the dice, which the kernel gives."""
        from skirmish.games.masseffect.determinize import fill

        fill(game, player, rng)

    def determinize(self, observation: Mapping[str, Any], player: int, rng: Dice) -> Game:
        """A full game consistent with ``player``'s observation: the same game with fresh
        dice drawn from ``rng``."""
        from skirmish.core.observation import determinize

        return determinize(observation, player, rng)

    def outcome(self, game: Game) -> Outcome | None:
        """ME37: a band wiped out loses; else more extracted data; else the higher score."""
        if not game.is_over:
            return None
        state = state_of(game)
        scores = (state.scores[0], state.scores[1])
        for side in (0, 1):
            if state.ended.startswith(f"player {'AB'[side]} has no figure"):
                return Outcome(1 - side, scores, f"player {'AB'[side]} has no figure in action")
        if state.scenario.victory.kind == "extract_data" and state.extracted[0] != \
                state.extracted[1]:
            winner = 0 if state.extracted[0] > state.extracted[1] else 1
            return Outcome(winner, scores, "more data extracted")
        if scores[0] == scores[1]:
            return Outcome(None, scores, "equal scores: a draw")
        return Outcome(0 if scores[0] > scores[1] else 1, scores, "the higher score")

    def picture(self, state: object) -> str | None:
        """The table of an ME:A state as a framed, north-up SVG picture (figures' names,
        Vitalité, protections, statuses, facings; markers, doors; the out of action greyed:
        :mod:`skirmish.games.masseffect.table.picture`)."""
        if not isinstance(state, MEState):
            return None
        from skirmish.games.masseffect.table.picture import picture_svg

        return picture_svg(state)


def _entries(setup: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [entry for band in setup["bands"] for entry in band["figures"]]


def match_setup(library: Library, bands: Sequence[Band | str], scenario: str | Scenario =
                "Escarmouche", *, scenery: Sequence[Any] | None = None) -> dict[str, Any]:
    """A set-up for two bands of the library (names are matched as players type them) on a
    scenario (its default table unless ``scenery`` elements are given)."""
    chosen = [library.band(b) if isinstance(b, str) else b for b in bands]
    card = library.scenario(scenario) if isinstance(scenario, str) else scenario
    weapons: dict[str, Weapon] = {}
    powers: dict[str, Power] = {}
    out_bands = []
    for band in chosen:
        figures = []
        for entry in band.figures:
            profile = library.profile(entry.profile)
            items = equipment_of(library, entry)
            for item in items:
                weapons[item.name] = item
            for trait in profile.powers:
                powers[trait.name] = library.power(trait.name)
            figures.append({"profile": profile.to_dict(),
                            "equipment": [item.name for item in items]})
        out_bands.append({"name": band.name, "figures": figures})
    setup: dict[str, Any] = {
        "scenario": card.to_dict(), "bands": out_bands,
        "weapons": [w.to_dict() for w in weapons.values()],
        "powers": [p.to_dict() for p in powers.values()],
    }
    if scenery is not None:
        setup["scenery"] = scenery_to_setup(scenery)
    return setup


MASS_EFFECT = MassEffectRuleset()
RULESETS.register(MASS_EFFECT)
