"""The fixed sizes of the environments' spaces (:class:`Limits`).

An environment plays one set-up (JSON data, as ``Ruleset.new_game`` takes it) from episode
to episode, the dice changing with the seed; the game's ``"rl"`` part builds it from the
environment's arguments and sizes the spaces for it
(:class:`skirmish.rl.game_parts.GameRL`: ``setup``, ``limits``); :func:`fitted_limits` is
the generic sizing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

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
    (a game's non-player fighters); ``elements`` target slots (the elements an action may
    name: scenery, markers ...); ``scenery`` rows of the observation's scenery list (the
    same slots as ``elements`` where the game's elements are its scenery); ``grid`` cells a
    side of the coarse raster; ``k`` the candidates per verb (:data:`K_PER_VERB`); ``hand``
    and ``missions`` the slots of the seat's own cards in the observation, for a game whose
    encoder shows them. Pieces and cards beyond a limit are left out of the observation and
    the actions naming pieces beyond a limit are not offered."""

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


def fitted_limits(first_view: Mapping[str, Any], pieces_key: str = "fighters",
                  elements_key: str = "scenery") -> Limits:
    """Limits that fit the pieces and elements a game's first view lists (the generic
    default of a game's ``limits``): each player's pieces (``A.``, ``B.``), the others, the
    elements (at least one slot each)."""
    counts = [0, 0, 0]
    for piece in first_view.get(pieces_key, ()):
        letter = str(piece.get("ref", ""))[:1]
        counts[0 if letter == "A" else 1 if letter == "B" else 2] += 1
    elements = max(1, len(first_view.get(elements_key, ())))
    return Limits(per_side=max(1, counts[0], counts[1]), others=counts[2], elements=elements,
                  scenery=elements)


def widened(limits: Limits, **changes: Any) -> Limits:
    """``limits`` with some sizes changed (``widened(limits, per_side=10)``)."""
    return replace(limits, **changes)
