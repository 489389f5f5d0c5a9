"""The set-ups the environments play, and the fixed sizes of their spaces (:class:`Limits`).

An environment plays one set-up (JSON data, as ``Ruleset.new_game`` takes it) from episode
to episode, the dice changing with the seed:

- Eden: two troops of the card library (``troops=("Jokers", "Bamaka")``: factions, stigmas
  ``"stigma:Chaos"`` or troop files, as ``skirmish simulate`` takes them), ``max_rounds`` and
  the optional rules (``rules="territory,infestation:3,climate"``, a ``rules`` mapping or a
  :class:`~skirmish.games.eden.optional.options.MatchOptions`); or a whole ``setup``.
- Mass Effect: Annihilation: two bands of the library and a scenario
  (``bands=("Escouade Orion", "Cellule Tisiphone")``, ``scenario="Escarmouche"``);
  ``max_rounds`` shortens the scenario's turns; or a whole ``setup``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

#: The rulesets the environments play, by the names ``--game`` takes.
RULESET_NAMES = ("eden", "masseffect")
DEFAULT_TROOPS = ("Jokers", "Bamaka")
DEFAULT_BANDS = ("Escouade Orion", "Cellule Tisiphone")
DEFAULT_SCENARIO = "Escarmouche"

#: How many candidates each verb keeps per (verb, actor, target) group: the k-th distinct
#: action the engine offers for it (destinations, angles, weapons, cards...). A verb not
#: named keeps :data:`DEFAULT_K`; an enum's verb keeps one index per member.
K_PER_VERB: Mapping[str, int] = MappingProxyType({
    "bid": 64, "place": 48, "npf": 48, "hand": 16, "mission": 8, "play": 8,
    "move": 8, "deploy": 8, "prowl": 8, "throw": 8, "blast": 8, "shift": 8,
    "walk": 8, "run": 8, "area": 8, "charge": 2,
})
DEFAULT_K = 4


@dataclass(frozen=True, slots=True)
class Limits:
    """The fixed sizes of the spaces.

    ``per_side`` fighter slots for each player and ``others`` for the pieces of no player
    (Eden's non-player fighters, Infestation); ``elements`` target slots (Eden: scenery
    elements; ME:A: markers); ``scenery`` rows of the observation's scenery list (Eden: the
    same slots as ``elements``); ``grid`` cells a side of the coarse raster; ``k`` the
    candidates per verb (:data:`K_PER_VERB`); ``hand`` and ``missions`` the slots of the
    seat's own tactical hand and missions in the observation (Eden). Pieces and cards beyond
    a limit are left out of the observation and the actions naming pieces beyond a limit
    are not offered."""

    per_side: int
    others: int = 0
    elements: int = 8
    scenery: int = 8
    grid: int = 16
    hand: int = 8
    missions: int = 5
    k: Mapping[str, int] = field(default_factory=lambda: K_PER_VERB, repr=False)

    def __post_init__(self) -> None:
        for name in ("per_side", "elements", "scenery", "grid", "hand", "missions"):
            if getattr(self, name) < 1:
                raise ValueError(f"Limits.{name} must be at least 1")
        if self.others < 0:
            raise ValueError("Limits.others must be at least 0")

    @property
    def fighters(self) -> int:
        """Fighter slots in all: the seat's own, the opponent's, then the others."""
        return 2 * self.per_side + self.others

    def candidates(self, verb: str) -> int:
        return int(self.k.get(verb, DEFAULT_K))


def _options(rules: Any) -> Any:
    from skirmish.games.eden.optional.options import MatchOptions, parse_rules

    if isinstance(rules, MatchOptions):
        return rules
    if isinstance(rules, str):
        return parse_rules(rules, "rules")
    return MatchOptions.from_json(rules, "rules")


def _pair(value: str | Sequence[str], what: str) -> tuple[str, str]:
    items = [s.strip() for s in value.split(",")] if isinstance(value, str) else list(value)
    if len(items) != 2:
        raise ValueError(f"{what}: two names are needed (player A, player B), got {value!r}")
    return items[0], items[1]


def eden_setup(troops: str | Sequence[str] | None = None, *, rules: Any = None,
               max_rounds: int | None = None, setup: Mapping[str, Any] | None = None
               ) -> dict[str, Any]:
    """An Eden set-up: ``setup`` as given, or two troops of the card library; ``rules`` (the
    optional rules) and ``max_rounds`` override the set-up's own."""
    from skirmish.games.eden.optional.options import with_options

    if setup is not None:
        out = copy.deepcopy(dict(setup))
        if max_rounds is not None:
            out["max_rounds"] = max_rounds
    else:
        from skirmish.games.eden.cards.troop_files import setup_for

        a, b = _pair(troops if troops is not None else DEFAULT_TROOPS, "troops")
        out = setup_for(a, b, max_rounds=5 if max_rounds is None else max_rounds)
    if rules is not None:
        out = with_options(out, _options(rules))
    return out


def masseffect_setup(bands: str | Sequence[str] | None = None, *, scenario: str | None = None,
                     max_rounds: int | None = None, setup: Mapping[str, Any] | None = None
                     ) -> dict[str, Any]:
    """A Mass Effect: Annihilation set-up: ``setup`` as given, or two bands of the library on
    a scenario; ``max_rounds`` caps the scenario's turns."""
    if setup is not None:
        out = copy.deepcopy(dict(setup))
    else:
        from skirmish.games.masseffect import match_setup
        from skirmish.games.masseffect.cards.library import load_library

        a, b = _pair(bands if bands is not None else DEFAULT_BANDS, "bands")
        out = match_setup(load_library(), [a, b], scenario or DEFAULT_SCENARIO)
    if max_rounds is not None:
        out["scenario"] = {**out["scenario"], "turns": max(1, int(max_rounds))}
    return out


def build_setup(ruleset: str, *, setup: Mapping[str, Any] | None = None,
                troops: str | Sequence[str] | None = None, rules: Any = None,
                bands: str | Sequence[str] | None = None, scenario: str | None = None,
                max_rounds: int | None = None) -> dict[str, Any]:
    """The set-up of ``ruleset`` from the environment's arguments (see the module)."""
    if ruleset == "eden":
        if bands is not None or scenario is not None:
            raise ValueError("bands and scenario are Mass Effect: Annihilation's; Eden takes "
                             "troops and rules")
        return eden_setup(troops, rules=rules, max_rounds=max_rounds, setup=setup)
    if ruleset == "masseffect":
        if troops is not None or rules is not None:
            raise ValueError("troops and rules are Eden's; Mass Effect: Annihilation takes "
                             "bands and a scenario")
        return masseffect_setup(bands, scenario=scenario, max_rounds=max_rounds, setup=setup)
    raise ValueError(f"unknown ruleset {ruleset!r} (known: {', '.join(RULESET_NAMES)})")


def limits_for(ruleset: str, setup: Mapping[str, Any], first_view: Mapping[str, Any]
               ) -> Limits:
    """Limits that fit ``setup`` exactly where its contents say (the troops' sizes), with
    room for what the match adds (non-player fighters, scenery placed, data markers);
    ``first_view`` is a view of a fresh game of it."""
    if ruleset == "eden":
        from skirmish.games.eden.optional.options import options_of

        per_side = max(len(t.get("fighters", [])) for t in setup["troops"])
        options = options_of(setup)
        level = options.infestation
        # Each player has as many infestation points as the level; an NPF costs at least 1.
        others = 0 if level is None else 2 * (level if isinstance(level, int) else 10)
        placed = len(first_view.get("scenery", []))
        pool = len(setup.get("scenery", []))
        elements = 24 if options.territory else max(4, placed + pool)
        # A hand holds no two cards alike (Rulebook 4.A step 8): at most the deck's cards.
        hand = max(len(t.get("tactical", [])) for t in setup["troops"])
        missions = max(len(t.get("missions", [])) for t in setup["troops"])
        return Limits(per_side=max(1, per_side), others=others, elements=elements,
                      scenery=elements, hand=max(1, hand), missions=max(1, missions))
    per_side = max(len(b.get("figures", [])) for b in setup["bands"])
    markers = len(first_view.get("markers", []))
    scenery = len(first_view.get("scenery", [])) + markers
    return Limits(per_side=max(1, per_side), elements=max(4, 2 * markers),
                  scenery=max(4, scenery))


def widened(limits: Limits, **changes: Any) -> Limits:
    """``limits`` with some sizes changed (``widened(limits, per_side=10)``)."""
    return replace(limits, **changes)
