"""``between_bases``: does a shape reach into the corridor between two bases (G3 helper)?"""

from __future__ import annotations

import pytest

from skirmish.geometry.shapes import Base, Circle, Polygon
from skirmish.geometry.sight import between_bases

VIEWER, TARGET = Base(0, 0, 1.5, "v"), Base(30, 0, 1.5, "t")


@pytest.mark.parametrize(
    ("shape", "between"),
    [
        (Polygon.rectangle(28, -4, 36, 4), True),  # under the target, reaching towards the viewer
        (Polygon.rectangle(30.5, -4, 36, 4), False),  # under the target's far half only
        (Polygon.rectangle(-4, -4, -0.5, 4), False),  # under the viewer's far half only
        (Polygon.rectangle(-4, -4, 3, 4), True),  # under the viewer, reaching forward
        (Polygon.rectangle(10, 1.5, 20, 3), False),  # touching the corridor's side
        (Polygon.rectangle(10, 1.4, 20, 3), True),
        (Circle(31, 0, 1.0), False),  # behind the target's centre
        (Circle(29, 0, 1.0), True),
    ],
)
def test_between_bases(shape: Circle | Polygon, between: bool) -> None:
    assert between_bases(VIEWER, TARGET, shape) is between


def test_between_bases_with_unequal_bases_and_nested_bases() -> None:
    # from a 60 mm viewer the tangent chord on a 30 mm target lies 0.075 cm beyond its centre
    big = Base(0, 0, 3.0, "v")
    assert between_bases(big, TARGET, Polygon.rectangle(30.0, -4, 36, 4)) is True
    assert between_bases(VIEWER, TARGET, Polygon.rectangle(30.0, -4, 36, 4)) is False
    assert between_bases(big, TARGET, Polygon.rectangle(30.1, -4, 36, 4)) is False
    assert between_bases(Base(0, 0, 3.0), Base(0.5, 0, 1.0), Circle(0, 0, 5.0)) is False
