"""Scenarios (docs/masseffect.md, ME36-ME38, ME41).

The draft gives no scenario, no victory condition and no game length; rulings ME36-ME38 do.
A :class:`Scenario` is data: the number of turns, the table (pas), a deployment
(:data:`DEPLOYMENT_KINDS`), markers placed before deployment (objectives, data terminals,
doors), and a victory condition (:data:`VICTORY_KINDS`) that the turn engine scores.
Coordinates are in pas from the table's lower-left corner; player A deploys along the lower
edge (y = 0), player B along the upper edge.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skirmish.games.masseffect.cards.specs import Kind, Kinds, Param, Spec
from skirmish.games.masseffect.rules import (
    CONTROL_PAS,
    DEFAULT_DEPLOYMENT_PAS,
    DEFAULT_TABLE_PAS,
    DEFAULT_TURNS,
)

TURNS_RANGE = (1, 12)
TABLE_RANGE = (12, 72)

#: ME37: the victory conditions and their parameters.
VICTORY_KINDS = Kinds(
    "victory",
    Kind("eliminate", {
        "wipe_out": Param(bool, doc="default true: a band left with no figure in action "
                                    "loses at once"),
    }, "each player scores the points of the enemy figures out of action at the end"),
    Kind("hold_objectives", {
        "control": Param(int, low=1, high=6, doc=f"pas, default {CONTROL_PAS}"),
        "from_turn": Param(int, low=1, high=12, doc="default 2"),
        "points": Param(int, low=1, high=5, doc="per objective held per turn, default 1"),
    }, "at the end of each turn from from_turn, each objective marker scores for the player "
       "with more figures in action within control pas of it (ME41)"),
    Kind("extract_data", {
        "exit": Param(str, choices=("own_edge", "any_edge"), doc="default own_edge"),
    }, "download data from the terminals (special action) and take it off the table "
       "(special action S'extraire); the game ends at the end of the turn data leaves; "
       "most data extracted wins, otherwise as eliminate"),
)

#: ME38: how the bands deploy.
DEPLOYMENT_KINDS = Kinds(
    "deployment",
    Kind("edges", {
        "depth": Param(int, low=1, high=12, doc=f"pas, default {DEFAULT_DEPLOYMENT_PAS}"),
    }, "each player within depth pas of his own edge (A lower, B upper); the winner of a "
       "roll-off picks his edge and places a figure first, then players alternate"),
)


#: ME38: the default deployment (edges, 4 pas deep).
DEFAULT_DEPLOYMENT = Spec("edges", (("depth", DEFAULT_DEPLOYMENT_PAS),))


class MarkerKind(StrEnum):
    OBJECTIVE = "objective"
    TERMINAL = "terminal"
    DOOR = "door"


@dataclass(frozen=True, slots=True)
class Marker:
    """A marker placed before deployment: at (x, y) pas; a door or terminal may be locked."""

    kind: MarkerKind
    at: tuple[float, float]
    locked: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value, "at": list(self.at)}
        if self.locked:
            out["locked"] = True
        return out


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario card (ME37). ``table`` is (width, depth) in pas."""

    name: str
    victory: Spec
    turns: int = DEFAULT_TURNS
    table: tuple[int, int] = DEFAULT_TABLE_PAS
    deployment: Spec = DEFAULT_DEPLOYMENT
    markers: tuple[Marker, ...] = ()
    text: str = ""

    def __post_init__(self) -> None:
        who = self.name if isinstance(self.name, str) and self.name.strip() else "scenario"
        try:
            self._validate()
        except ValueError as exc:
            raise ValueError(f"{who}: {exc}") from None

    def _validate(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError(f"name must be a non-empty text, got {self.name!r}")
        low, high = TURNS_RANGE
        if isinstance(self.turns, bool) or not isinstance(self.turns, int) or not (
                low <= self.turns <= high):
            raise ValueError(f"turns: must be {low} to {high}, got {self.turns!r}")
        if not isinstance(self.table, tuple) or len(self.table) != 2:
            raise ValueError(f"table must be (width, depth) in pas, got {self.table!r}")
        for side in self.table:
            if isinstance(side, bool) or not isinstance(side, int) or not (
                    TABLE_RANGE[0] <= side <= TABLE_RANGE[1]):
                raise ValueError(f"table sides are {TABLE_RANGE[0]} to {TABLE_RANGE[1]} pas, "
                                 f"got {side!r}")
        VICTORY_KINDS.validate(self.victory, "victory")
        DEPLOYMENT_KINDS.validate(self.deployment, "deployment")
        width, depth = self.table
        for i, marker in enumerate(self.markers):
            x, y = marker.at
            if not (0 <= x <= width and 0 <= y <= depth):
                raise ValueError(f"markers[{i}].at: {list(marker.at)} is off the "
                                 f"{width} x {depth} pas table")
        deploy = int(self.deployment.param("depth", DEFAULT_DEPLOYMENT_PAS))
        if 2 * deploy >= depth:
            raise ValueError(f"deployment: the two zones ({deploy} pas each) must leave "
                             f"no-man's land on a table {depth} pas deep")
        needs = {"hold_objectives": MarkerKind.OBJECTIVE, "extract_data": MarkerKind.TERMINAL}
        wanted = needs.get(self.victory.kind)
        if wanted is not None and not any(m.kind is wanted for m in self.markers):
            raise ValueError(f"markers: {self.victory.kind} needs at least one "
                             f"{wanted.value} marker")

    def markers_of(self, kind: MarkerKind) -> tuple[Marker, ...]:
        return tuple(m for m in self.markers if m.kind is kind)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "turns": self.turns,
                               "table": list(self.table),
                               "deployment": self.deployment.to_dict(),
                               "markers": [m.to_dict() for m in self.markers],
                               "victory": self.victory.to_dict()}
        if self.text:
            out["text"] = self.text
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Scenario:
        markers = tuple(Marker(MarkerKind(m["kind"]), (m["at"][0], m["at"][1]),
                               bool(m.get("locked", False))) for m in data.get("markers", ()))
        deployment = data.get("deployment")
        width, depth = data.get("table", DEFAULT_TABLE_PAS)
        return cls(data["name"], Spec.from_dict(data["victory"]),
                   data.get("turns", DEFAULT_TURNS), (width, depth),
                   Spec.from_dict(deployment) if deployment else DEFAULT_DEPLOYMENT,
                   markers, data.get("text", ""))
