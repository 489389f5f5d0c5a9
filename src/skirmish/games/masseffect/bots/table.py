"""What the Mass Effect: Annihilation bot knows, rebuilt from its view (docs/masseffect.md):
the figures with their cards, the scenery, the scenario card and the rules' geometry (sight,
cover, contact, markers), all in cm.

The view gives each figure's profile text and the names of its items and powers; their cards
come from the built-in card library (:func:`library`), found by name. An item or power the
library does not know is left out, and the bot simply ignores it. The scenario card is found
by name too; an unknown scenario falls back to the defaults and to what its markers show.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skirmish.core.actions import Ref
from skirmish.games.masseffect.cards.library import Library, load_library
from skirmish.games.masseffect.cards.powers import Power
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.cards.scenarios import Scenario
from skirmish.games.masseffect.cards.weapons import Weapon, WeaponKind
from skirmish.games.masseffect.combat.targeting import Targeting, targeting
from skirmish.games.masseffect.odds import best_melee_weapon
from skirmish.games.masseffect.rules import (
    CONTROL_PAS,
    DEFAULT_DEPLOYMENT_PAS,
    RUN_FACTOR,
    pas_to_cm,
)
from skirmish.games.masseffect.state import MARKER_RADIUS
from skirmish.geometry import CONTACT_TOLERANCE, Base, Element, Field

View = Mapping[str, Any]


@functools.cache
def library() -> Library:
    """The built-in cards (loaded once per process)."""
    return load_library()


@functools.lru_cache(maxsize=512)
def profile_of(text: str) -> Profile:
    return Profile.parse(text)


@functools.lru_cache(maxsize=512)
def weapon_card(name: str) -> Weapon | None:
    try:
        return library().weapon(name)
    except (KeyError, ValueError):
        return None


@functools.lru_cache(maxsize=512)
def power_card(name: str) -> Power | None:
    try:
        return library().power(name)
    except (KeyError, ValueError):
        return None


_CARDS: dict[tuple[type, str], tuple[Any, Any]] = {}


def _card(kind: type[Any], data: Mapping[str, Any] | None) -> Any:
    """A weapon, power or scenario card from its dict in the view (cached by its name, or a
    weapon's by its notation, and used again only for an equal dict)."""
    if data is None:
        return None
    key = (kind, str(data.get("name", data.get("notation"))))
    found = _CARDS.get(key)
    if found is not None and found[0] == data:
        return found[1]
    if len(_CARDS) > 1024:
        _CARDS.clear()
    try:
        card = kind.from_dict(data)
    except (KeyError, TypeError, ValueError):
        return None
    _CARDS[key] = (copy.deepcopy(dict(data)), card)
    return card


@functools.lru_cache(maxsize=64)
def scenario_card(name: str) -> Scenario | None:
    try:
        return library().scenario(name)
    except (KeyError, ValueError):
        return None


_ELEMENTS: dict[tuple[Any, ...], tuple[Element, ...]] = {}


def _shape_key(e: Mapping[str, Any]) -> tuple[float, ...]:
    if "circle" in e:
        return tuple(float(v) for v in e["circle"])
    return tuple(float(v) for p in e.get("polygon", ()) for v in p)


def elements_of(scenery: Sequence[Mapping[str, Any]]) -> tuple[Element, ...]:
    """The scenery elements (cached by their ids and shapes: a door is an element only while
    it is closed). The very list read last is known again without its key (views share
    their table's scenery list and are read-only; the entry holds the list)."""
    last = _LAST_SCENERY[0]
    if (last is not None and last[0] is scenery and len(scenery) == len(last[1])
            and all(a is b for a, b in zip(scenery, last[1], strict=True))):
        return last[2]
    key = tuple((str(e["id"]), str(e.get("sight")), _shape_key(e)) for e in scenery)
    found = _ELEMENTS.get(key)
    if found is None:
        if len(_ELEMENTS) > 256:
            _ELEMENTS.clear()
        found = _ELEMENTS[key] = tuple(Element.from_dict(e) for e in scenery)
    _LAST_SCENERY[0] = (scenery, tuple(scenery), found)
    return found


#: The scenery list :func:`elements_of` read last, its entries then, and its elements.
_LAST_SCENERY: list[tuple[Sequence[Mapping[str, Any]], tuple[Mapping[str, Any], ...],
                          tuple[Element, ...]] | None] = [None]


#: Each figure's cards as read from a view's card set, by the set's identity (it is held in
#: the entry, so its id is not reused; views share their match's cards, written once and
#: never changed) and the figure's weapon and power names: read once, not at every view.
_LOADOUTS: dict[tuple[int, tuple[str, ...], tuple[str, ...]],
                tuple[Any, tuple[Weapon, ...], tuple[Power, ...]]] = {}


@dataclass(slots=True)
class Fig:
    """One figure as the view shows it, with its cards."""

    view: Mapping[str, Any]
    profile: Profile
    weapons: tuple[Weapon, ...]
    powers: tuple[Power, ...]
    base: Base
    _ranged: tuple[Weapon, ...] | None = dataclasses.field(default=None, init=False,
                                                          repr=False, compare=False)
    _shots: tuple[tuple[Weapon, float], ...] | None = dataclasses.field(
        default=None, init=False, repr=False, compare=False)
    #: Its band's side (read once from its view: the searches ask it at every pairing).
    side: int = dataclasses.field(init=False, repr=False, compare=False)
    #: In contact with an enemy; how it moved this turn ("" not yet); not stunned or lifted
    #: (ME34), so it may still shoot or use a power (each read once from its view).
    engaged: bool = dataclasses.field(init=False, repr=False, compare=False)
    moved: str = dataclasses.field(init=False, repr=False, compare=False)
    can_act: bool = dataclasses.field(init=False, repr=False, compare=False)
    #: On the table, not out nor extracted (read once from its view).
    in_action: bool = dataclasses.field(init=False, repr=False, compare=False)
    #: The match's house rules as they weigh its rolls (issue 47; set by :meth:`Table.of`):
    #: me-natural-rolls=naturals, me-bare-hands=one-worse, me-melee-damage=one,
    #: me-armour=per-hit.
    naturals: bool = dataclasses.field(default=False, init=False, repr=False, compare=False)
    bare_penalty: bool = dataclasses.field(default=False, init=False, repr=False,
                                           compare=False)
    one_wound: bool = dataclasses.field(default=False, init=False, repr=False, compare=False)
    armour_per_hit: bool = dataclasses.field(default=False, init=False, repr=False,
                                             compare=False)

    def __post_init__(self) -> None:
        view = self.view
        self.side = int(view["side"])
        self.engaged = bool(view["engaged"])
        self.moved = str(view["moved"])
        statuses = view["statuses"]
        self.can_act = not ("stunned" in statuses or "lifted" in statuses)
        self.in_action = bool(view["placed"]) and not view["out"] and not view["extracted"]

    @classmethod
    def of(cls, d: Mapping[str, Any], cards: Mapping[str, Any] | None = None) -> Fig:
        """The figure ``d`` of a view, its cards read from the view's ``cards`` (or, for a
        view without them, found by name in the built-in library)."""
        key = (id(cards), tuple(d["weapons"]), tuple(d["powers"]))
        found = _LOADOUTS.get(key)
        if found is not None and found[0] is cards:
            weapons, powers = found[1], found[2]
        else:
            own = cards or {}
            weapons = tuple(w for w in (_card(Weapon, own.get("weapons", {}).get(n))
                                        or weapon_card(n) for n in d["weapons"])
                            if w is not None)
            powers = tuple(p for p in (_card(Power, own.get("powers", {}).get(n))
                                       or power_card(n) for n in d["powers"]) if p is not None)
            if len(_LOADOUTS) >= 1024:
                _LOADOUTS.clear()
            _LOADOUTS[key] = (cards, weapons, powers)
        base = Base(float(d["x"]), float(d["y"]), float(d["radius"]), str(d["ref"]))
        return cls(d, profile_of(str(d["profile"])), weapons, powers, base)

    @property
    def ref(self) -> str:
        return str(self.view["ref"])

    @property
    def tag(self) -> Ref:
        """Its reference, as actions hold it."""
        return Ref(self.ref)


    @property
    def x(self) -> float:
        return self.base.x

    @property
    def y(self) -> float:
        return self.base.y

    @property
    def radius(self) -> float:
        return self.base.radius


    @property
    def vitality(self) -> int:
        return int(self.view["vitality"])

    @property
    def armour(self) -> int:
        return int(self.view["armour"])

    @property
    def points(self) -> int:
        return max(1, int(self.view["points"]))



    @property
    def heroism(self) -> int:
        return int(self.view["heroism"])

    def has(self, status: str) -> bool:
        return status in self.view["statuses"]

    def uses_left(self, name: str, per_game: int | None) -> bool:
        return per_game is None or int(self.view["uses"].get(name, 0)) < per_game

    def walk_cm(self, run: bool = False) -> float:
        profile = self.profile
        known = _MOVES.get(id(profile))
        if known is None or known[0] is not profile:
            move = profile.move
            if len(_MOVES) >= 1024:
                _MOVES.clear()
            known = _MOVES[id(profile)] = (profile, pas_to_cm(move),
                                           pas_to_cm(move * RUN_FACTOR))
        return known[2] if run else known[1]

    @property
    def ranged(self) -> tuple[Weapon, ...]:
        """Its ranged weapons with uses left (read once: a figure's view is not changed)."""
        if self._ranged is None:
            self._ranged = tuple(w for w in self.weapons if w.kind is WeaponKind.RANGED
                                 and self.uses_left(w.name, w.per_game))
        return self._ranged

    @property
    def shots(self) -> tuple[tuple[Weapon, float], ...]:
        """The ranged weapons it may still fire after its move this turn (a heavy one,
        "Lourd", only if it has not moved or stayed), each with its range in cm: read once
        (a figure's view is not changed), for the spot scoring's and the leaf's threats."""
        if self._shots is None:
            moved = self.moved
            self._shots = tuple((w, pas_to_cm(w.range or 0)) for w in self.ranged
                                if moved in ("", "stay") or not w.has("Lourd"))
        return self._shots

    @property
    def melee_weapons(self) -> tuple[Weapon, ...]:
        return tuple(w for w in self.weapons if w.kind is WeaponKind.MELEE)

    @property
    def melee_weapon(self) -> Weapon | None:
        """ME42: the melee weapon it strikes with: the one its player chose for the phase
        (the view's ``wielding``), else the best of its own (what the heuristic chooses,
        and the engine under ``me-melee-weapon=best``); ``None``: bare hands."""
        melee = self.melee_weapons
        chosen = self.view.get("wielding")
        if chosen:
            found = next((w for w in melee if w.name == chosen), None)
            if found is not None:
                return found
        return best_melee_weapon(melee)



#: Walk and run allowances per profile (by identity: each entry holds its profile).
_MOVES: dict[int, tuple[Profile, float, float]] = {}


def gap(a: Base, b: Base) -> float:
    """Edge-to-edge distance of two bases (cm)."""
    return math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius


def touching(a: Base, b: Base) -> bool:
    return gap(a, b) <= CONTACT_TOLERANCE


@dataclass(slots=True)
class Table:
    """The whole view, read once per decision."""

    view: View
    me: int
    figs: dict[str, Fig]
    elements: tuple[Element, ...]
    field: Field
    scenario: Scenario | None
    mine: list[Fig] = dataclasses.field(default_factory=list)
    enemies: list[Fig] = dataclasses.field(default_factory=list)
    #: What the bot worked out of this view, by name and figure (see values.kill_bonus).
    memo: dict[Any, Any] = dataclasses.field(default_factory=dict, repr=False, compare=False)
    #: ME43: whether a walk or run keeps clear of the enemies it does not end touching
    #: (house rule me-brushing-past=stops, the default).
    stops_at_touch: bool = True

    @classmethod
    def of(cls, view: View) -> Table:
        me = int(view["player"])
        cards = view.get("cards")
        figs = {str(d["ref"]): Fig.of(d, cards) for d in view["figures"]}
        w, h = view["table_cm"]
        scenario = (_card(Scenario, view.get("scenario_card"))
                    or scenario_card(str(view["scenario"])))
        table = cls(view, me, figs, elements_of(view["scenery"]), Field(float(w), float(h)),
                    scenario)
        rules = view.get("house_rules") or {}
        table.stops_at_touch = rules.get("me-brushing-past", "stops") == "stops"
        naturals = rules.get("me-natural-rolls") == "naturals"
        bare_penalty = rules.get("me-bare-hands") == "one-worse"
        one_wound = rules.get("me-melee-damage") == "one"
        per_hit = rules.get("me-armour") == "per-hit"
        if naturals or bare_penalty or one_wound or per_hit:
            for fig in figs.values():
                fig.naturals, fig.bare_penalty = naturals, bare_penalty
                fig.one_wound, fig.armour_per_hit = one_wound, per_hit
        table.mine = [f for f in figs.values() if f.side == me and f.in_action]
        table.enemies = [f for f in figs.values() if f.side != me and f.in_action]
        return table

    # -- the game ---------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return int(self.view["turn"])

    @property
    def turns(self) -> int:
        return int(self.view["turns"])

    @property
    def turns_left(self) -> int:
        """Turns still to play after this one."""
        return max(0, self.turns - self.turn)

    @property
    def lower(self) -> bool:
        """Is my edge the lower one (y = 0)?"""
        return str(self.view["edges"][self.me]) == "lower"

    @property
    def victory(self) -> str:
        if self.scenario is not None:
            return str(self.scenario.victory.kind)
        kinds = {str(m["kind"]) for m in self.view["markers"]}
        return ("hold_objectives" if "objective" in kinds
                else "extract_data" if "terminal" in kinds else "eliminate")

    def victory_param(self, name: str, default: Any) -> Any:
        if self.scenario is None:
            return default
        return self.scenario.victory.param(name, default)

    @property
    def depth_cm(self) -> float:
        depth = DEFAULT_DEPLOYMENT_PAS
        if self.scenario is not None:
            depth = int(self.scenario.deployment.param("depth", DEFAULT_DEPLOYMENT_PAS))
        return pas_to_cm(depth)

    @property
    def control_cm(self) -> float:
        return pas_to_cm(int(self.victory_param("control", CONTROL_PAS)))

    def markers(self, kind: str) -> list[Mapping[str, Any]]:
        return [m for m in self.view["markers"] if m["kind"] == kind]

    # -- geometry ---------------------------------------------------------------------------
    def others(self, side: int, *skip: str) -> list[Base]:
        return [f.base for f in self.figs.values()
                if f.side == side and f.in_action and f.ref not in skip]

    def bases(self, *skip: str) -> list[Base]:
        return [f.base for f in self.figs.values() if f.in_action and f.ref not in skip]

    def aim(self, shooter: Fig, target: Fig, range_pas: int | None, at: Base | None = None,
            contact: bool = False) -> Targeting:
        """ME21-ME23 (options._aim) from ``at`` (default: where the shooter stands)."""
        return targeting(
            at or shooter.base, target.base,
            enemies=self.others(target.side, target.ref),
            friends=self.others(shooter.side, shooter.ref),
            elements=self.elements,
            range_cm=None if range_pas is None else pas_to_cm(range_pas), contact=contact)

    def sight(self, a: Base, b: Base) -> Targeting:
        """Scenery only (no figures, no range): sight, obstacle and the cover ``b`` has."""
        return targeting(a, b, enemies=(), friends=(), elements=self.elements, range_cm=None)

    def opponents(self, base: Base, side: int) -> list[Fig]:
        """The figures of the other side in base contact with ``base``."""
        return [e for e in self.figs.values()
                if e.side != side and e.in_action and touching(base, e.base)]

    def marker_gap(self, base: Base, m: Mapping[str, Any]) -> float:
        """Edge to edge from a base to a marker's token (MARKER_RADIUS)."""
        return max(0.0, math.hypot(base.x - float(m["x"]), base.y - float(m["y"]))
                   - base.radius - MARKER_RADIUS)

    def edge_y(self, radius: float) -> float:
        """The centre's y for a base touching my own edge (ME14 S'extraire)."""
        return radius + 0.01 if self.lower else self.field.height - radius - 0.01

    def toward_enemy(self) -> int:
        """A facing (degrees) toward the enemy's edge."""
        return 90 if self.lower else 270


def facing(fx: float, fy: float, tx: float, ty: float) -> int:
    """Whole degrees from (fx, fy) toward (tx, ty), 0-359."""
    return round(math.degrees(math.atan2(ty - fy, tx - fx))) % 360
