"""Eden as the kernel sees it: set-up, views and results."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from skirmish.core.data_files import DataError, quote
from skirmish.core.dice import Dice, SeededDice, fresh_seed
from skirmish.core.game import Game
from skirmish.core.house_rules import HouseRuleError
from skirmish.core.ruleset import RULESETS, Outcome
from skirmish.games.eden import effect_kinds  # noqa: F401  (registers every effect kind)
from skirmish.games.eden.abilities import ability_effects
from skirmish.games.eden.actions import EDEN_ACTIONS
from skirmish.games.eden.cards.cards import (
    Catalogue,
    MissionCard,
    TacticalCard,
    ability_from_dict,
    mission_from_dict,
    scenery_from_dict,
    tactical_from_dict,
)
from skirmish.games.eden.cards.equipment import Equipment
from skirmish.games.eden.cards.inputs import check_setup
from skirmish.games.eden.cards.profile import FighterProfile
from skirmish.games.eden.demo import with_npfs
from skirmish.games.eden.effects import validate_spec
from skirmish.games.eden.fighter import NPF_SIDE, Fighter
from skirmish.games.eden.house_rules import house_rules_in
from skirmish.games.eden.optional.infestation import npf_profiles
from skirmish.games.eden.optional.options import OptionsError, options_of
from skirmish.games.eden.preparation.composition import troop_problems
from skirmish.games.eden.preparation.preparation import suggested_leader
from skirmish.games.eden.rolling import state_of
from skirmish.games.eden.rounds.round import Match
from skirmish.games.eden.state import EdenState

#: Set-ups already checked (their JSON text) and their catalogues: a batch of matches on
#: one set-up checks it once. Catalogues are read-only, shared by the games as copies are.
_CHECKED: dict[str, Catalogue] = {}
_CHECKED_KEPT = 64


class SetupError(ValueError):
    """A set-up that does not describe a playable Eden match; the message names the field."""


def _profiles(setup: Mapping[str, Any]) -> dict[tuple[int, str], FighterProfile]:
    profiles: dict[tuple[int, str], FighterProfile] = {}
    troops = setup.get("troops")
    if not isinstance(troops, list) or len(troops) != 2:
        raise SetupError("setup.troops must list exactly two troops (player A, player B)")
    for side, troop in enumerate(troops):
        for index, entry in enumerate(troop.get("fighters", [])):
            try:
                profile = FighterProfile.from_dict(entry["profile"])
            except (KeyError, TypeError, ValueError) as exc:
                raise SetupError(f"setup.troops[{side}].fighters[{index}].profile: {exc}") from None
            if (side, profile.name) in profiles:
                raise SetupError(
                    f"setup.troops[{side}]: two fighters named {profile.name!r} "
                    "(Rulebook 1.D: each fighter is unique)"
                )
            profiles[(side, profile.name)] = profile
    return profiles


def catalogue_of(setup: Mapping[str, Any]) -> Catalogue:
    """Every card a set-up names, read and checked (errors name the field at fault). The
    NPF cards (Infestation) are profiles of the NPF side."""
    try:
        house_rules = house_rules_in(setup)
    except HouseRuleError as exc:
        raise SetupError(str(exc)) from None
    profiles = _profiles(setup)
    try:
        profiles.update({(NPF_SIDE, name): p for name, p in npf_profiles(setup).items()})
    except ValueError as exc:
        raise SetupError(str(exc)) from None
    where = "setup"
    try:
        abilities = {a.name: a for a in map(ability_from_dict, setup.get("abilities", []))}
        equipment = {}
        for text in setup.get("equipment", []):
            item = Equipment.parse(text)
            equipment[item.name] = item
        missions = tuple(
            tuple(mission_from_dict(m) for m in troop.get("missions", []))
            for troop in setup["troops"]
        )
        tactical = tuple(
            tuple(tactical_from_dict(c) for c in troop.get("tactical", []))
            for troop in setup["troops"]
        )
        scenery = tuple(scenery_from_dict(s) for s in setup.get("scenery", []))
        catalogue = Catalogue(profiles, (missions[0], missions[1]), (tactical[0], tactical[1]),
                              abilities, equipment, scenery, house_rules)
        for (side, _), profile in profiles.items():
            where = (f"setup.troops[{side}] {profile.name}" if side != NPF_SIDE
                     else f"setup.npfs {profile.name}")
            catalogue.equipment_of(profile)
            for name in profile.abilities:
                if name not in abilities:
                    raise ValueError(f"unknown ability {name!r}")
        for ability in abilities.values():
            for spec in ability.effects:
                validate_spec(spec, f"ability {ability.name!r}")
        for side in (0, 1):
            cards: list[MissionCard | TacticalCard] = [*missions[side], *tactical[side]]
            for card in cards:
                for spec in card.effects:
                    validate_spec(spec, f"{'AB'[side]}'s card {card.name!r}")
        for piece in scenery:
            for spec in piece.effects:
                validate_spec(spec, f"scenery {piece.name!r}")
    except (KeyError, TypeError, ValueError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        raise SetupError(f"{where}: {message}") from None
    return catalogue


def checked_suggestion(setup: Mapping[str, Any], state: EdenState, side: int) -> str | None:
    """The troop's suggested leader (:func:`suggested_leader`); a name that is not one of
    the troop's fighters is a set-up error."""
    leader = setup["troops"][side].get("leader")
    ref = suggested_leader(setup, state, side)
    if leader is not None and ref is None:
        raise SetupError(f"setup.troops[{side}].leader: {leader!r} is not one of "
                         "the troop's fighters")
    return ref


class EdenRuleset:
    """Eden, by its rulebook (French original, English translation)."""

    name = "eden"
    actions = EDEN_ACTIONS

    def new_game(
        self, setup: Mapping[str, Any], *, seed: int | None = None, dice: Dice | None = None
    ) -> Game:
        """A match from a JSON set-up (errors name the field at fault):

        - ``troops``: two, each ``{"type": "faction"|"stigma", "fighters": [{"profile": {...},
          "at": [x, y]}], "missions": [...], "tactical": [...], "leader": NAME}``; a fighter
          given ``at`` starts on the field there; a ``leader`` named in advance is the
          player's suggested (default) choice in preparation step 4, which still asks the
          first player, then his opponent (designated outright only when the set-up skips
          step 4);
        - ``abilities``, ``equipment`` (rulebook notation), ``scenery`` (the pool to place;
          under Territory Management the list the players buy from, each card with its
          ``cost``, ``keywords`` and ``height``);
        - ``field`` ``[width, height]`` in cm (60 x 60), ``max_rounds`` (5), ``budget`` (100),
          ``scenery_per_player`` (2), and ``preparation_skip``: preparation steps the set-up
          settles instead (e.g. ``["scenery", "deployment"]``);
        - ``rules``: the optional rules played, e.g. ``{"climate": "roll"}``
          (:mod:`skirmish.games.eden.optional.options`);
        - ``house_rules``: the readings chosen for the disputed rulings, e.g.
          ``{"eden-npf-prowl": "exactly"}`` (:mod:`skirmish.games.eden.house_rules`).
        """
        try:
            try:
                text = json.dumps(setup)
            except (TypeError, ValueError, RecursionError):
                check_setup(setup)  # names the field at fault, if it can
                raise
            known = _CHECKED.get(text)
            if known is None:
                check_setup(setup)  # its structure and bounded numbers, before anything else
            setup = json.loads(text)  # a private, JSON-exact copy
        except DataError as exc:
            raise SetupError(str(exc)) from None
        except (TypeError, ValueError, RecursionError) as exc:
            raise SetupError(f"setup: not JSON data ({quote(str(exc))})") from None
        if known is None:
            try:
                options_of(setup)  # read and checked: errors name the field
            except OptionsError as exc:
                raise SetupError(str(exc)) from None
        # Infestation: the set-up carries the NPF cards (the library's, unless it names its
        # own), so that its record re-plays with them.
        if options_of(setup).infestation is not None and "npfs" not in setup:
            setup = with_npfs(setup)
            text = json.dumps(setup)
            known = _CHECKED.get(text)
        catalogue = known if known is not None else catalogue_of(setup)
        skip = {str(s) for s in setup.get("preparation_skip", [])}
        if known is None and not skip & {"troops", "1"}:
            budget = int(setup.get("budget", 100))
            problems = [
                f"player {'AB'[side]}: {problem}"
                for side, troop in enumerate(setup["troops"])
                for problem in troop_problems(catalogue, side, troop.get("type", "faction"),
                                              budget)
            ]
            if problems:
                raise SetupError("; ".join(problems))
        if known is None:
            if len(_CHECKED) >= _CHECKED_KEPT:
                _CHECKED.pop(next(iter(_CHECKED)))
            _CHECKED[text] = catalogue
        fighters: list[Fighter] = []
        for side, troop in enumerate(setup["troops"]):
            for entry in troop["fighters"]:
                profile = catalogue.profiles[(side, entry["profile"]["name"])]
                at = entry.get("at")
                x, y = at if at is not None else (0.0, 0.0)
                fighters.append(Fighter(side, profile, x=x, y=y, on_field=at is not None))
        field = setup.get("field", [60, 60])
        state = EdenState(
            fighters,
            troop_types=(setup["troops"][0].get("type", "faction"),
                         setup["troops"][1].get("type", "faction")),
            field_size=(float(field[0]), float(field[1])),
            max_rounds=int(setup.get("max_rounds", 5)),
            catalogue=catalogue,
        )
        settled = bool(skip & {"leaders", "4"})
        for side in (0, 1):
            leader = checked_suggestion(setup, state, side)
            if leader is not None and settled:
                # The set-up settles step 4 for both players: their leaders are designated.
                state.leaders[side] = leader
        if dice is None:
            dice = SeededDice(fresh_seed() if seed is None else seed)
        game = Game(self, state, setup, dice, [Match()])
        state.effects.extend(ability_effects(game))
        # Rulebook 4.A step 2 with 2.H: the reserve is the troop's effective PSI, permanent
        # card effects applied (as step 8 does for the hand size).
        state.sp = [state.sp_reserve(side) for side in (0, 1)]
        game.advance()
        return game

    def state_from_json(self, data: Mapping[str, Any], setup: Mapping[str, Any]) -> EdenState:
        return EdenState.from_json(data, catalogue_of(setup))

    def view(self, game: Game, player: int | None) -> dict[str, Any]:
        view = state_of(game).view(player)
        view["ruleset"] = self.name
        view["player"] = player
        return view

    # -- observations and determinizations (skirmish.core.observation) ----------------------
    def redact(self, game: Game, player: int, snapshot: dict[str, Any]) -> dict[str, Any]:
        """The opponent's hand, secret missions and pending bid taken out of a snapshot
        (:func:`skirmish.games.eden.determinize.redact`)."""
        from skirmish.games.eden.determinize import redact

        return redact(game, player, snapshot)

    def fill(self, game: Game, player: int, rng: Dice) -> None:
        """The opponent's secrets sampled (:func:`skirmish.games.eden.determinize.fill`)."""
        from skirmish.games.eden.determinize import fill

        fill(game, player, rng)

    def determinize(self, observation: Mapping[str, Any], player: int, rng: Dice) -> Game:
        """A full match consistent with ``player``'s observation, its unknowns (the
        opponent's secrets, the dice) sampled with ``rng``."""
        from skirmish.core.observation import determinize

        return determinize(observation, player, rng)

    def picture(self, state: object) -> str | None:
        """The table of an Eden state as a framed, north-up SVG picture (fighters' names,
        CP lost, condition markers, the incapacitated greyed:
        :mod:`skirmish.games.eden.picture`)."""
        if not isinstance(state, EdenState):
            return None
        from skirmish.games.eden.picture import picture_svg

        return picture_svg(state)

    def outcome(self, game: Game) -> Outcome | None:
        """Rulebook 4.A: the player with more VP wins; otherwise the match is a tie."""
        if not game.is_over:
            return None
        vp = state_of(game).vp
        winner = None if vp[0] == vp[1] else (0 if vp[0] > vp[1] else 1)
        reason = "more victory points" if winner is not None else "equal victory points: a draw"
        return Outcome(winner, (vp[0], vp[1]), reason)


EDEN = EdenRuleset()
RULESETS.register(EDEN)
