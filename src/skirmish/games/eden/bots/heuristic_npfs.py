"""The heuristic bot's rules of thumb for Infestation (Eden's optional rules 2): where to
place non-player fighters (NPFs), which to activate, whom an NPF attacks or charges, where
it prowls, which half to take once NPFs stand on the field, and what an NPF is worth as a
target. Mixed into :class:`skirmish.games.eden.bots.heuristic.HeuristicAgent`; it reads only the
view.

- Placement (step 6 bis; the halves are chosen only in step 7): the first player puts his
  NPFs deep in the north (or east) half, which he will then leave to his opponent (he takes
  the half with the fewest NPF levels, :meth:`NpfHeuristics._deployment_half`); the second
  player, whose half the first player will choose, balances them into the half with fewer
  NPF levels - the one a sensible first player would take. Both spend on the strongest NPF
  they can afford.
- Activation: an NPF near the opponent's fighters first; an NPF attacks or charges the
  opponent's fighter it hurts most (never one of the bot's own when it has the choice);
  it prowls toward the opponent's fighters and away from the bot's own.
- As a target (:func:`npf_bonus`): the opponent's fighters come first, unless an NPF is
  one blow from elimination (cheap victory points: its level).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.core.actions import Action
from skirmish.games.eden.actions import Activate, Attack, ChooseHalf, PlaceNpf, Prowl
from skirmish.games.eden.bots.estimates import LIMBS, cp_left, distance, melee_value

#: Optional rules 2: the non-player fighters' side in a view.
NPF = 2


def is_npf(fighter: Mapping[str, Any]) -> bool:
    return int(fighter["side"]) == NPF


def npf_bonus(fighter: Mapping[str, Any]) -> float:
    """What attacking ``fighter`` is worth on top of the harm done, when it is an NPF: less
    than an opponent's fighter (-0.6), plus its level in VP when a limb is one CP from
    incapacitation (a cheap kill)."""
    if not is_npf(fighter):
        return 0.0
    level = int(fighter["profile"].get("level") or 0)
    fragile = min(cp_left(fighter, limb) for limb in LIMBS) <= 1
    return -0.6 + (0.5 * level if fragile else 0.0)


def _axis(view: Mapping[str, Any]) -> int:
    """The coordinate across which the field is split in halves (4.A step 7): x on a wide
    field, y otherwise (north/south on a square field, the bot's habit)."""
    w, h = view["field_size"]
    return 0 if w > h else 1


class NpfHeuristics(ABC):
    """The NPF decisions; the agent supplies ``_best`` and ``_me``."""

    @abstractmethod
    def _best(self, actions: Sequence[Action], score: Any) -> Action:  # pragma: no cover
        ...

    @staticmethod
    def _me(view: Mapping[str, Any]) -> int:  # pragma: no cover - the agent's
        return int(view["player"])

    @staticmethod
    def _npfs(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        return [f for f in view["fighters"] if is_npf(f) and f["on_field"]]

    def _opponents(self, view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        me = self._me(view)
        return [f for f in view["fighters"] if f["on_field"] and int(f["side"]) == 1 - me]

    def _mine(self, view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        me = self._me(view)
        return [f for f in view["fighters"] if f["on_field"] and int(f["side"]) == me]

    # -- step 6 bis -----------------------------------------------------------------------
    def _place_npf(self, view: Mapping[str, Any], actions: Sequence[Action],
                   decision: Mapping[str, Any]) -> Action | None:
        places = [a for a in actions if isinstance(a, PlaceNpf)]
        if not places:
            return None
        levels = dict(decision.get("context", {}).get("npfs", {}))
        axis = _axis(view)
        middle = float(view["field_size"][axis]) / 2
        if view["first_player"] == self._me(view):
            toward = 1.0  # deep in the half he will leave to his opponent
        else:
            high = sum(int(n["profile"].get("level") or 0) for n in self._npfs(view)
                       if (n["x"], n["y"])[axis] > middle)
            low = sum(int(n["profile"].get("level") or 0) for n in self._npfs(view)
                      if (n["x"], n["y"])[axis] < middle)
            toward = 1.0 if high < low else -1.0  # the half with fewer NPF levels

        def score(a: Action) -> float:
            assert isinstance(a, PlaceNpf)
            depth = ((a.at.x, a.at.y)[axis] - middle) * toward
            return 2.0 * float(levels.get(a.npf, 0)) + 0.1 * depth

        return self._best(places, score)

    def _deployment_half(self, view: Mapping[str, Any], actions: Sequence[Action],
                         decision: Mapping[str, Any]) -> Action | None:
        """4.A step 7 with NPFs on the field: the half with the fewest NPF levels."""
        npfs = self._npfs(view)
        halves = [a for a in actions if isinstance(a, ChooseHalf)]
        if not npfs or not halves:
            return None
        w, h = view["field_size"]

        def threat(a: Action) -> float:
            assert isinstance(a, ChooseHalf)
            inside = {"south": lambda f: f["y"] < h / 2, "north": lambda f: f["y"] > h / 2,
                      "west": lambda f: f["x"] < w / 2, "east": lambda f: f["x"] > w / 2}
            return -sum(int(n["profile"].get("level") or 0) for n in npfs
                        if inside[a.half.value](n))

        return self._best(halves, threat)

    def _npf_near_cost(self, view: Mapping[str, Any], x: float, y: float) -> float:
        """Deployment: a point within charge reach (about 12 cm) of an NPF costs."""
        return sum(1.0 for n in self._npfs(view) if math.hypot(n["x"] - x, n["y"] - y) < 14.0)

    # -- intendancy step 2 ---------------------------------------------------------------
    def _closeness(self, view: Mapping[str, Any], npf: Mapping[str, Any]) -> float:
        """How much an NPF here threatens the opponent rather than the bot's own fighters."""
        theirs = min((distance(npf, f) for f in self._opponents(view)), default=60.0)
        mine = min((distance(npf, f) for f in self._mine(view)), default=60.0)
        return -theirs + 0.5 * mine

    def _npf_activate(self, view: Mapping[str, Any], actions: Sequence[Action],
                      decision: Mapping[str, Any]) -> Action | None:
        fighters = {f["ref"]: f for f in view["fighters"]}
        picks = [a for a in actions if isinstance(a, Activate) and a.fighter in fighters]
        if not picks:
            return None
        return self._best(picks, lambda a: self._closeness(view, fighters[a.fighter]))

    def _npf_target(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action | None:
        fighters = {f["ref"]: f for f in view["fighters"]}
        me = self._me(view)
        options = [a for a in actions if str(getattr(a, "target", "")) in fighters]
        if not options:
            return None

        def score(a: Action) -> float:
            npf = fighters[str(getattr(a, "fighter", ""))]
            target = fighters[str(getattr(a, "target", ""))]
            harm = 1.0 + melee_value(npf, target)
            return -harm if int(target["side"]) == me else harm

        return self._best(options, score)

    def _npf_attack(self, view: Mapping[str, Any], actions: Sequence[Action],
                    decision: Mapping[str, Any]) -> Action | None:
        return self._npf_target(view, [a for a in actions if isinstance(a, Attack)])

    def _npf_charge(self, view: Mapping[str, Any], actions: Sequence[Action],
                    decision: Mapping[str, Any]) -> Action | None:
        return self._npf_target(view, actions)

    def _npf_prowl(self, view: Mapping[str, Any], actions: Sequence[Action],
                   decision: Mapping[str, Any]) -> Action | None:
        fighters = {f["ref"]: f for f in view["fighters"]}
        prowls = [a for a in actions if isinstance(a, Prowl) and a.fighter in fighters]
        if not prowls:
            return None

        def score(a: Action) -> float:
            assert isinstance(a, Prowl)
            moved = {**fighters[a.fighter], "x": a.to.x, "y": a.to.y}
            return self._closeness(view, moved)

        return self._best(prowls, score)
