"""Mass Effect: Annihilation's set-ups for the learning environments and the sizes of their
spaces (:class:`skirmish.rl.game_parts.GameRL`'s ``setup`` and ``limits``, for :mod:`.part`).

An ME:A environment plays two bands of the library on a scenario
(``bands=("Escouade Orion", "Cellule Tisiphone")``, ``scenario="Escarmouche"``);
``max_rounds`` shortens the scenario's turns; or a whole ``setup``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.rl.game_parts import two_names
from skirmish.rl.setups import Limits

DEFAULT_BANDS = ("Escouade Orion", "Cellule Tisiphone")
DEFAULT_SCENARIO = "Escarmouche"



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

        a, b = two_names(bands if bands is not None else DEFAULT_BANDS, "bands")
        out = match_setup(load_library(), [a, b], scenario or DEFAULT_SCENARIO)
    if max_rounds is not None:
        out["scenario"] = {**out["scenario"], "turns": max(1, int(max_rounds))}
    return out


def masseffect_limits(setup: Mapping[str, Any], first_view: Mapping[str, Any]) -> Limits:
    """Limits that fit the bands' sizes, with room for the scenario's markers and the data
    markers the match adds; ``first_view`` is a view of a fresh game of it."""
    per_side = max(len(b.get("figures", [])) for b in setup["bands"])
    markers = len(first_view.get("markers", []))
    scenery = len(first_view.get("scenery", [])) + markers
    return Limits(per_side=max(1, per_side), elements=max(4, 2 * markers),
                  scenery=max(4, scenery))
