"""Deployment zones: a half of the field, minus a band along the centre line ("band") or a
disc around a centre point ("disc"). A base is inside a zone when it lies entirely inside.

- ``band``: at least ``distance`` from the centre line, in one's half (a confrontation).
- ``disc`` with ``centre="field"``: more than ``distance`` from the centre of the field, in
  one's half (an ambush); with ``centre="half"``, from the centre of one's own half (a
  game's rulings say which reading it plays).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from .shapes import Base, Point
from .table import Field

Half = Literal["south", "north", "west", "east"]
ZoneKind = Literal["band", "disc"]
CentreMode = Literal["field", "half"]

ZONE_TOLERANCE = 1e-9
HALVES: tuple[Half, ...] = ("south", "north", "west", "east")
ZONE_KINDS: tuple[ZoneKind, ...] = ("band", "disc")
CENTRE_MODES: tuple[CentreMode, ...] = ("field", "half")


@dataclass(frozen=True, slots=True)
class DeploymentZone:
    """Where a base may be deployed. "south" is the half with small y, "west" small x."""

    field: Field
    half: Half
    kind: ZoneKind = "band"
    distance: float = 20.0
    centre_mode: CentreMode = "field"

    def half_rect(self) -> tuple[float, float, float, float]:
        w, h = self.field.width, self.field.height
        half = self.half
        if half == "south":
            return (0.0, 0.0, w, h / 2)
        if half == "north":
            return (0.0, h / 2, w, h)
        if half == "west":
            return (0.0, 0.0, w / 2, h)
        if half == "east":
            return (w / 2, 0.0, w, h)
        raise KeyError(half)

    def centre(self) -> Point:
        """The point Ambush distances are measured from."""
        if self.centre_mode == "field":
            return self.field.centre
        x0, y0, x1, y1 = self.half_rect()
        return Point((x0 + x1) / 2, (y0 + y1) / 2)

    def contains(self, base: Base, tol: float = ZONE_TOLERANCE) -> bool:
        """True when the whole base lies in the zone."""
        return self.contains_disc(base.x, base.y, base.radius, tol)

    def contains_disc(self, x: float, y: float, r: float, tol: float = ZONE_TOLERANCE) -> bool:
        x0, y0, x1, y1 = self.half_rect()
        if x - r < x0 - tol or x + r > x1 + tol or y - r < y0 - tol or y + r > y1 + tol:
            return False
        if self.kind == "band":
            w, h = self.field.width, self.field.height
            gap = abs(y - h / 2) - r if self.half in ("south", "north") else abs(x - w / 2) - r
            return gap >= self.distance - tol
        c = self.centre()
        return math.hypot(x - c.x, y - c.y) - r >= self.distance - tol

    def sample_points(
        self, n: int, radius: float, *, seed: int = 0, rng: random.Random | None = None
    ) -> list[Point]:
        """Up to ``n`` deterministic centres where a base of ``radius`` fits in the zone."""
        return list(self.iter_points(n, radius, seed=seed, rng=rng))

    def iter_points(
        self, n: int, radius: float, *, seed: int = 0, rng: random.Random | None = None
    ) -> Iterator[Point]:
        """The points of :meth:`sample_points`, drawn only as they are asked for."""
        rnd = rng if rng is not None else random.Random(seed)
        x0, y0, x1, y1 = self.half_rect()
        inside = self._disc_test(radius)
        # rnd.uniform(a, b) is a + (b - a) * rnd.random(): the same draws, one call fewer
        draw = rnd.random
        wide, tall = x1 - x0 > 2 * radius, y1 - y0 > 2 * radius
        xa, xb = x0 + radius, x1 - radius
        ya, yb = y0 + radius, y1 - radius
        x_span, y_span = xb - xa, yb - ya
        found = 0
        tries = 0
        limit = 200 * max(n, 1)
        while found < n and tries < limit:
            tries += 1
            x = xa + x_span * draw() if wide else x0
            y = ya + y_span * draw() if tall else y0
            if inside(x, y):
                found += 1
                yield Point(x, y)

    def _disc_test(self, r: float, tol: float = ZONE_TOLERANCE) -> Callable[[float, float],
                                                                           bool]:
        """:meth:`contains_disc` for discs of radius ``r``, its bounds worked out once (the
        same comparisons of the same numbers)."""
        x0, y0, x1, y1 = self.half_rect()
        lo_x, hi_x, lo_y, hi_y = x0 - tol, x1 + tol, y0 - tol, y1 + tol
        least = self.distance - tol
        if self.kind == "band":
            if self.half in ("south", "north"):
                line = self.field.height / 2

                def in_band_y(x: float, y: float) -> bool:
                    if x - r < lo_x or x + r > hi_x or y - r < lo_y or y + r > hi_y:
                        return False
                    return abs(y - line) - r >= least
                return in_band_y
            line = self.field.width / 2

            def in_band_x(x: float, y: float) -> bool:
                if x - r < lo_x or x + r > hi_x or y - r < lo_y or y + r > hi_y:
                    return False
                return abs(x - line) - r >= least
            return in_band_x
        c = self.centre()
        cx, cy, hypot = c.x, c.y, math.hypot

        def out_of_disc(x: float, y: float) -> bool:
            if x - r < lo_x or x + r > hi_x or y - r < lo_y or y + r > hi_y:
                return False
            return hypot(x - cx, y - cy) - r >= least
        return out_of_disc

    def outline(self, steps: int = 96) -> list[list[Point]]:
        """Polygons covering the zone (for drawing): the allowed region for centres of
        zero-size bases."""
        x0, y0, x1, y1 = self.half_rect()
        if self.kind == "band":
            d = self.distance
            w, h = self.field.width, self.field.height
            if self.half == "south":
                y1 = min(y1, h / 2 - d)
            elif self.half == "north":
                y0 = max(y0, h / 2 + d)
            elif self.half == "west":
                x1 = min(x1, w / 2 - d)
            else:
                x0 = max(x0, w / 2 + d)
            if x1 <= x0 or y1 <= y0:
                return []
            return [[Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]]
        # disc zone: rectangle minus disc, drawn as a grid of cells' union boundary would be
        # heavy; return the rectangle outline and the disc as a second (hole) ring
        c = self.centre()
        rect = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
        hole = [
            Point(c.x + self.distance * math.cos(2 * math.pi * k / steps),
                  c.y + self.distance * math.sin(2 * math.pi * k / steps))
            for k in range(steps)
        ]  # fmt: skip
        return [rect, hole]


def confrontation_zone(field: Field, half: Half, distance: float = 20.0) -> DeploymentZone:
    return DeploymentZone(field, half, "band", distance)


def ambush_zone(
    field: Field, half: Half, distance: float = 20.0, centre: CentreMode = "field"
) -> DeploymentZone:
    return DeploymentZone(field, half, "disc", distance, centre)


def zone_to_dict(zone: DeploymentZone) -> dict[str, Any]:
    """A zone as JSON (its field is the table's: not repeated)."""
    return {"half": zone.half, "kind": zone.kind, "distance": zone.distance,
            "centre_mode": zone.centre_mode}


def _choice(d: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = d.get(key, default)
    if value not in allowed:
        raise ValueError(f"zone {key}: one of {', '.join(allowed)}, got {value!r}")
    return str(value)


def zone_from_dict(d: Mapping[str, Any], field: Field) -> DeploymentZone:
    """A zone of :func:`zone_to_dict` on ``field``; a bad value is a ValueError naming it."""
    distance = d.get("distance", 20.0)
    if isinstance(distance, bool) or not isinstance(distance, int | float) or not (
            0 <= distance <= 10_000):
        raise ValueError(f"zone distance: 0 to 10000 cm, got {distance!r}")
    return DeploymentZone(field, cast(Half, _choice(d, "half", HALVES, "south")),
                          cast(ZoneKind, _choice(d, "kind", ZONE_KINDS, "band")),
                          float(distance),
                          cast(CentreMode, _choice(d, "centre_mode", CENTRE_MODES, "field")))
