"""Cards as plain data: abilities, missions and tactical cards (Rulebook 1.D, 7).

Each card names its effects as data (:class:`EffectSpec`: an effect name from the
registry in :mod:`skirmish.games.eden.effects` and its parameters); the code of every
effect lives in that one registry. :class:`Catalogue` gathers the cards of one
match (built from its set-up) and is shared, immutable, by every copy of the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from skirmish.games.eden.cards.equipment import Equipment
from skirmish.games.eden.cards.keywords import Keyword
from skirmish.games.eden.cards.profile import FighterProfile

Params = tuple[tuple[str, Any], ...]


def _frozen(v: Any) -> Any:
    """One parameter value made hashable (lists to tuples, mappings to sorted pairs). A
    module function, not a recursive closure: a closure that calls itself is a reference
    cycle, left to the cyclic garbage collector at every call (the search calls this often)."""
    if isinstance(v, list | tuple):
        return tuple(_frozen(x) for x in v)
    if isinstance(v, Mapping):
        return tuple(sorted((str(k), _frozen(x)) for k, x in v.items()))
    return v


def freeze(params: Mapping[str, Any] | None) -> Params:
    """Parameters as a sorted tuple of pairs (hashable, immutable, JSON-friendly values)."""
    return tuple(sorted((str(k), _frozen(v)) for k, v in (params or {}).items()))


def _thawed(v: Any) -> Any:
    """One frozen parameter value back as JSON data (pairs to a mapping, tuples to lists)."""
    if isinstance(v, tuple):
        if v and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str)
                     for x in v):
            return {k: _thawed(x) for k, x in v}
        return [_thawed(x) for x in v]
    return v


def thaw(params: Params) -> dict[str, Any]:
    """Frozen parameters (:func:`freeze`) back as a mapping of JSON data."""
    return {k: _thawed(v) for k, v in params}


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """An effect a card produces: its registry name and parameters."""

    effect: str
    params: Params = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EffectSpec:
        params = {k: v for k, v in data.items() if k != "effect"}
        return cls(str(data["effect"]), freeze(params))

    def to_dict(self) -> dict[str, Any]:
        return {"effect": self.effect, **thaw(self.params)}


@dataclass(frozen=True, slots=True)
class Ability:
    """Rulebook 7: a permanent or action ability, its cost and limits, and its effects."""

    name: str
    kind: Literal["permanent", "action"] = "permanent"
    cost_ap: int = 0
    cost_sp: int = 0
    per_round: int | None = None
    per_match: int | None = None
    effects: tuple[EffectSpec, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class MissionCard:
    """Rulebook 1.D, Mission cards: secret or revealed, deployment, restriction, objectives."""

    name: str
    secret: bool = True
    deployment: Literal["confrontation", "ambush"] = "confrontation"
    faction: str | None = None
    stigma: str | None = None
    effects: tuple[EffectSpec, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class TacticalCard:
    """Rulebook 1.D, Tactical cards: Tactical, First round, Cancellation (X), effects.

    ``target`` says whom a card aimed at "the chosen fighter" may choose: ``friend`` (one of
    the player's own fighters), ``enemy`` or ``any``; left out, a card whose effects act on
    ``who: target`` aims at a friend, and any other card takes no target."""

    name: str
    tactical: bool = True
    first_round: bool = False
    cancellation: int | None = None
    effects: tuple[EffectSpec, ...] = ()
    lasts: Literal["round", "match"] = "round"
    text: str = ""
    target: Literal["friend", "enemy", "any"] | None = None

    @property
    def aims(self) -> Literal["friend", "enemy", "any"] | None:
        """Whom the card is aimed at, or ``None`` for a card that takes no target."""
        if self.target is not None:
            return self.target
        targeted = any(dict(spec.params).get("who") == "target" for spec in self.effects)
        return "friend" if targeted else None


@dataclass(frozen=True, slots=True)
class SceneryCard:
    """A scenery element offered for placement (Rulebook 4.A step 6): its shape and what
    it does to sight and movement (2.C; Territory Management keywords as effects)."""

    name: str
    shape: tuple[tuple[float, float], ...] | float  # polygon points around (0, 0), or a radius
    sight: Literal["opaque", "low", "flat"] = "opaque"
    passable: bool = False
    move_cost: float = 1.0
    can_end_on: bool = False
    obstacle_count: int = 1
    effects: tuple[EffectSpec, ...] = ()
    #: Territory Management (optional rules 1, B): the card's cost in scenery points, its
    #: keywords as printed (``"Destruction (3)"``) and the height of its elevated point (cm,
    #: Elevation; 0: the rules' default). The basic rules read the fields above only.
    cost: int = 1
    keywords: tuple[str, ...] = ()
    height: float = 0.0


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The cards of one match: each player's profiles, missions, tactical cards, and the
    abilities, equipment and scenery they refer to."""

    profiles: Mapping[tuple[int, str], FighterProfile]
    missions: tuple[tuple[MissionCard, ...], tuple[MissionCard, ...]] = ((), ())
    tactical: tuple[tuple[TacticalCard, ...], tuple[TacticalCard, ...]] = ((), ())
    abilities: Mapping[str, Ability] = field(default_factory=dict)
    equipment: Mapping[str, Equipment] = field(default_factory=dict)
    scenery: tuple[SceneryCard, ...] = ()
    #: The match's house rules: the readings chosen (skirmish.games.eden.house_rules).
    house_rules: Mapping[str, str] = field(default_factory=dict)

    def mission(self, player: int, name: str) -> MissionCard:
        for card in self.missions[player]:
            if card.name == name:
                return card
        raise KeyError(f"player {'AB'[player]} has no mission card {name!r}")

    def tactical_card(self, player: int, name: str) -> TacticalCard:
        for card in self.tactical[player]:
            if card.name == name:
                return card
        raise KeyError(f"player {'AB'[player]} has no tactical card {name!r}")

    def item(self, text: str) -> Equipment:
        """An equipment by name, or written in full notation on the profile itself."""
        if text in self.equipment:
            return self.equipment[text]
        if "(" in text:
            return Equipment.parse(text)
        raise KeyError(f"unknown equipment {text!r}")

    def equipment_of(self, profile: FighterProfile) -> tuple[Equipment, ...]:
        return tuple(self.item(text) for text in profile.equipment)

    def abilities_of(self, profile: FighterProfile) -> tuple[Ability, ...]:
        return tuple(self.abilities[name] for name in profile.abilities if name in self.abilities)


def names(cards: Sequence[MissionCard | TacticalCard]) -> list[str]:
    return [c.name for c in cards]


# -- reading cards from plain data (the set-up, or the content files) ---------------------------
def _effects(data: Mapping[str, Any], where: str) -> tuple[EffectSpec, ...]:
    raw = data.get("effects", [])
    if not isinstance(raw, list):
        raise ValueError(f"{where}: effects must be a list of {{effect: NAME, ...params}}")
    specs = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping) or "effect" not in item:
            raise ValueError(f"{where}: effects[{i}] must be a mapping with an 'effect' name")
        specs.append(EffectSpec.from_dict(item))
    return tuple(specs)


def _only(data: Mapping[str, Any], where: str, allowed: Sequence[str]) -> None:
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(unknown)} "
                         f"(expected {', '.join(allowed)})")


def ability_from_dict(data: Mapping[str, Any]) -> Ability:
    where = f"ability {data.get('name', '?')!r}"
    _only(data, where, ("name", "kind", "cost_ap", "cost_sp", "per_round", "per_match",
                        "effects", "text"))
    kind = data.get("kind", "permanent")
    if kind not in ("permanent", "action"):
        raise ValueError(f"{where}: kind must be 'permanent' or 'action', got {kind!r}")
    return Ability(str(data["name"]), kind, int(data.get("cost_ap", 0)),
                   int(data.get("cost_sp", 0)), data.get("per_round"), data.get("per_match"),
                   _effects(data, where), str(data.get("text", "")))


def mission_from_dict(data: Mapping[str, Any]) -> MissionCard:
    where = f"mission {data.get('name', '?')!r}"
    _only(data, where, ("name", "secret", "deployment", "faction", "stigma", "effects", "text"))
    deployment = data.get("deployment", "confrontation")
    if deployment not in ("confrontation", "ambush"):
        raise ValueError(f"{where}: deployment must be 'confrontation' or 'ambush'")
    return MissionCard(str(data["name"]), bool(data.get("secret", True)), deployment,
                       data.get("faction"), data.get("stigma"), _effects(data, where),
                       str(data.get("text", "")))


def tactical_from_dict(data: Mapping[str, Any]) -> TacticalCard:
    where = f"tactical card {data.get('name', '?')!r}"
    _only(data, where, ("name", "tactical", "first_round", "cancellation", "effects", "lasts",
                        "text", "target"))
    lasts = data.get("lasts", "round")
    if lasts not in ("round", "match"):
        raise ValueError(f"{where}: lasts must be 'round' or 'match'")
    target = data.get("target")
    if target not in (None, "friend", "enemy", "any"):
        raise ValueError(f"{where}: target must be 'friend', 'enemy' or 'any'")
    cancellation = data.get("cancellation")
    return TacticalCard(str(data["name"]), bool(data.get("tactical", True)),
                        bool(data.get("first_round", False)),
                        None if cancellation is None else int(cancellation),
                        _effects(data, where), lasts, str(data.get("text", "")), target)


#: Territory Management: a scenery card's cost (8 scenery points a player) and height (cm).
SCENERY_COST = (0, 8)
SCENERY_HEIGHT = (0.0, 30.0)


def scenery_from_dict(data: Mapping[str, Any]) -> SceneryCard:
    """A scenery card of a set-up: the basic rules' element (shape, sight, movement) and,
    for Territory Management, its ``cost`` (0-8, default 1), ``keywords`` (texts the
    rulebook's keywords read, in English or French) and ``height`` (0-30 cm)."""
    where = f"scenery {data.get('name', '?')!r}"
    _only(data, where, ("name", "shape", "radius", "sight", "passable", "move_cost",
                        "can_end_on", "obstacle_count", "effects", "cost", "keywords",
                        "height"))
    if "radius" in data:
        shape: tuple[tuple[float, float], ...] | float = float(data["radius"])
    elif "shape" in data:
        shape = tuple((float(x), float(y)) for x, y in data["shape"])
        if len(shape) < 3:
            raise ValueError(f"{where}: a polygon shape needs at least 3 points")
    else:
        raise ValueError(f"{where}: give a 'radius' (circle) or a 'shape' (polygon points)")
    sight = data.get("sight", "opaque")
    if sight not in ("opaque", "low", "flat"):
        raise ValueError(f"{where}: sight must be opaque, low or flat")
    cost = data.get("cost", 1)
    if isinstance(cost, bool) or not isinstance(cost, int) or not (
            SCENERY_COST[0] <= cost <= SCENERY_COST[1]):
        raise ValueError(f"{where}: cost is a whole number of scenery points from "
                         f"{SCENERY_COST[0]} to {SCENERY_COST[1]}, got {cost!r}")
    height = data.get("height", 0.0)
    if isinstance(height, bool) or not isinstance(height, int | float) or not (
            SCENERY_HEIGHT[0] <= height <= SCENERY_HEIGHT[1]):
        raise ValueError(f"{where}: height is a number of cm from {SCENERY_HEIGHT[0]:g} to "
                         f"{SCENERY_HEIGHT[1]:g}, got {height!r}")
    keywords = data.get("keywords", [])
    if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
        raise ValueError(f"{where}: keywords is a list of texts (\"Destruction (3)\"), got "
                         f"{keywords!r}")
    try:
        texts = tuple(Keyword.parse(k).to_text() for k in keywords)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
    return SceneryCard(str(data["name"]), shape, sight, bool(data.get("passable", False)),
                       float(data.get("move_cost", 1.0)), bool(data.get("can_end_on", False)),
                       int(data.get("obstacle_count", 1)), _effects(data, where), cost, texts,
                       float(height))
