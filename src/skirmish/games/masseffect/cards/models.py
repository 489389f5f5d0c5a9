"""The typed models of ME:A content files (pydantic, strict, no unknown field), checked
before anything is built (:mod:`skirmish.games.masseffect.cards.library`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from skirmish.games.masseffect.cards.powers import AREA_PAS, RANGE_PAS, ROLLS
from skirmish.games.masseffect.cards.profile import BASES_MM, MAX_NOTATION
from skirmish.games.masseffect.cards.scenarios import TABLE_RANGE, TURNS_RANGE
from skirmish.games.masseffect.rules import DEFAULT_BUDGET, DEFAULT_TURNS


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Name = Annotated[str, Field(min_length=1, max_length=60)]
Threshold = Annotated[int, Field(ge=2, le=6)]
Text = Annotated[str, Field(max_length=2000)]
Notation = Annotated[str, Field(min_length=1, max_length=MAX_NOTATION)]


class NotationModel(_Model):
    """A profile or weapon in its notation, with what the notation does not say."""

    notation: Notation
    note: Text = ""
    faction: Name | None = None
    effects: list[dict[str, Any]] = []
    text: Text = ""


class ProfileModel(_Model):
    """A profile written field by field (:meth:`Profile.to_dict`'s layout)."""

    name: Name
    note: Text = ""
    points: Annotated[int, Field(ge=0, le=100)]
    faction: Name | None = None
    shoot: Threshold
    defence: Threshold
    melee: Threshold
    quality: Threshold
    vitality: Annotated[int, Field(ge=1, le=20)]
    heroism: Annotated[int, Field(ge=0, le=10)] = 0
    traits: list[Annotated[str, Field(min_length=1, max_length=80)]] = []
    equipment: list[Name] = []
    base_mm: Literal[BASES_MM] = 30  # type: ignore[valid-type]


class PowerModel(_Model):
    """A power card (ME33)."""

    name: Name
    note: Text = ""
    kind: Literal["biotique", "tech", "autre", "biotic", "other"]
    target: Literal["enemy", "ally", "self", "point"] = "enemy"
    range: Annotated[int, Field(ge=RANGE_PAS[0], le=RANGE_PAS[1])] = 0
    roll: Literal[ROLLS] = "Tir"  # type: ignore[valid-type]
    area: Annotated[int, Field(ge=AREA_PAS[0], le=AREA_PAS[1])] | None = None
    ignores_cover: bool = False
    per_game: Annotated[int, Field(ge=1, le=6)] | None = None
    effects: Annotated[list[dict[str, Any]], Field(min_length=1, max_length=8)]
    text: Text = ""


Coordinate = Annotated[float | int, Field(ge=0, le=TABLE_RANGE[1], allow_inf_nan=False)]


class MarkerModel(_Model):
    kind: Literal["objective", "terminal", "door"]
    at: Annotated[list[Coordinate], Field(min_length=2, max_length=2)]
    locked: bool = False


class ScenarioModel(_Model):
    """A scenario card (ME37)."""

    name: Name
    note: Text = ""
    turns: Annotated[int, Field(ge=TURNS_RANGE[0], le=TURNS_RANGE[1])] = DEFAULT_TURNS
    table: Annotated[list[Annotated[int, Field(ge=TABLE_RANGE[0], le=TABLE_RANGE[1])]],
                     Field(min_length=2, max_length=2)] = [36, 36]
    deployment: dict[str, Any] | None = None
    markers: Annotated[list[MarkerModel], Field(max_length=12)] = []
    victory: dict[str, Any]
    text: Text = ""


class FigureModel(_Model):
    profile: Name
    equipment: Annotated[list[Name], Field(max_length=8)] | None = None


class BandModel(_Model):
    """A band list (ME39)."""

    name: Name
    note: Text = ""
    faction: Name | None = None
    budget: Annotated[int, Field(ge=0, le=1000)] = DEFAULT_BUDGET
    figures: Annotated[list[Name | FigureModel], Field(min_length=1, max_length=40)]
    text: Text = ""


class FileModel(_Model):
    """One content file: its sections (each card is checked on its own, to name it)."""

    sample: bool = False
    faction: Name | None = None
    profiles: list[Any] = []
    weapons: list[Any] = []
    powers: list[Any] = []
    scenarios: list[Any] = []
    bands: list[Any] = []
