"""Rulebook, optional rules 3: Climatic conditions (FR "Conditions climatiques").

"Avant de commencer la partie, les joueurs déterminent ces conditions en lançant 2D6. La
somme de ces deux dés indique les conditions climatiques de la partie" - or the players
choose them (the set-up's ``rules``, :mod:`skirmish.games.eden.optional.options`); "ils peuvent
cumuler plusieurs conditions climatiques (et donc effectuer 2 ou 3 jets)".

Each condition is effects of the registry (:mod:`skirmish.games.eden.effect_kinds.climate`), put in
play for the whole match, owned by nobody, before any card's effect (a card beats the
rules, 2.H):

=====  =====================================  ==========================================
2      Ion storm (Tempête ionique)            ``end-of-round-test``: VIG 6, torso wound
3      Storm (Vent contraire)                 ``move-distance``: a Move covers 8 cm
4-5    Dense fog (Brouillard épais)           ``target-reach``: 15 cm
6-7    Normal weather (Temps normal)          nothing
8-9    Mist (Brume)                           ``alternate-deployment``
10-11  Acid rain (Pluie acide)                ``end-of-round-test``: free fighters, VIG 5,
                                              a Poison marker
12     Snowstorm (Tempête de neige)           ``card-cost``: 3 SP
=====  =====================================  ==========================================

Every point the text leaves open is ruled in docs/rulings.md (Optional rules).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.core.events import Event, RollEvent
from skirmish.games.eden.cards.cards import freeze
from skirmish.games.eden.effects import ActiveEffect
from skirmish.games.eden.house_rules import STORM_CHARGE, reading_of
from skirmish.games.eden.optional.options import ROLL, ClimateRoll
from skirmish.games.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game


@dataclass(frozen=True, slots=True)
class ClimaticCondition:
    """One line of the table: the 2D6 sums that give it, its names, what it does in a few
    words, and its effects (kind and parameters)."""

    sums: tuple[int, ...]
    name: str
    french: str
    summary: str
    effects: tuple[tuple[str, dict[str, Any]], ...] = ()

    @property
    def label(self) -> str:
        """"4-5", or "2"."""
        return "-".join(str(s) for s in (self.sums[0], self.sums[-1])) if len(
            self.sums) > 1 else str(self.sums[0])

    @property
    def source(self) -> str:
        """The name its effects go by, in the log and in refusals."""
        return f"Climatic conditions {self.label} ({self.name})"


CONDITIONS = (
    ClimaticCondition((2,), "Ion storm", "Tempête ionique",
                      "at the end of each round every fighter rolls VIG, difficulty 6; "
                      "without a success, a wound to the torso that ignores protections "
                      "(NPFs are immune)",
                      (("end-of-round-test", {"characteristic": "VIG", "difficulty": 6,
                                              "wound": "torso", "ignore_protection": True,
                                              "spare_npfs": True}),)),
    ClimaticCondition((3,), "Storm", "Vent contraire",
                      "a Move covers 8 cm instead of 10",
                      (("move-distance", {"cm": 8, "who": "all", "only": "move"}),)),
    ClimaticCondition((4, 5), "Dense fog", "Brouillard épais",
                      "no action may aim at a target more than 15 cm away",
                      (("target-reach", {"cm": 15, "who": "all"}),)),
    ClimaticCondition((6, 7), "Normal weather", "Temps normal", "no effect"),
    ClimaticCondition((8, 9), "Mist", "Brume",
                      "the players deploy one fighter at a time, alternately, the first "
                      "player first",
                      (("alternate-deployment", {}),)),
    ClimaticCondition((10, 11), "Acid rain", "Pluie acide",
                      "at the end of each round every free fighter rolls VIG, difficulty 5; "
                      "without a success, a Poison marker",
                      (("end-of-round-test", {"characteristic": "VIG", "difficulty": 5,
                                              "free": True, "condition": "poison"}),)),
    ClimaticCondition((12,), "Snowstorm", "Tempête de neige",
                      "a tactical card costs 3 SP instead of 2",
                      (("card-cost", {"sp": 3}),)),
)


def condition_of(total: int) -> ClimaticCondition:
    """The condition a 2D6 sum (2-12) gives."""
    for condition in CONDITIONS:
        if total in condition.sums:
            return condition
    raise ValueError(f"a climate roll is the sum of 2D6, 2 to 12, not {total}")


@dataclass(frozen=True, slots=True)
class ClimateEvent(Event):
    """Optional rules 3: the climatic conditions of the match, as it starts (public)."""

    kind: ClassVar[str] = "eden.climate"
    sums: tuple[int, ...] = ()
    conditions: tuple[str, ...] = ()
    summaries: tuple[str, ...] = ()

    def text(self) -> str:
        parts = [f"{name}: {summary}"
                 for name, summary in zip(self.conditions, self.summaries, strict=True)]
        return f"climatic conditions (optional rules 3): {'; '.join(parts)}"


def climate_effects(sums: tuple[int, ...], storm_charge: bool = False) -> list[ActiveEffect]:
    """The effects of the conditions these sums give, each condition once (two rolls of
    the same condition give it once: docs/rulings.md), in the order of the table.
    ``storm_charge``: house rule ``eden-storm-charge=charge-too``, Storm's 8 cm limits the
    Charge as well ("lors d'une action de déplacement" read as every moving action)."""
    return [ActiveEffect(kind, c.source, "", freeze(_storm(kind, params, storm_charge)),
                         "match")
            for c in conditions_of(sums) for kind, params in c.effects]


def _storm(kind: str, params: dict[str, Any], storm_charge: bool) -> dict[str, Any]:
    """``params`` without ``only: move`` when a Move-distance limit covers the Charge too."""
    if storm_charge and kind == "move-distance" and params.get("only") == "move":
        return {k: v for k, v in params.items() if k != "only"}
    return params


def conditions_of(sums: tuple[int, ...]) -> list[ClimaticCondition]:
    """The conditions these sums give, each once, in the order of the table."""
    for total in sums:
        condition_of(total)  # a sum out of 2-12 is refused
    return [c for c in CONDITIONS if any(s in c.sums for s in sums)]


def start_climate(game: Game, rolls: tuple[ClimateRoll, ...]) -> tuple[int, ...]:
    """As the match starts (before the preparation phase): each roll still to make is 2D6
    from the game's dice (logged); the conditions are announced and their effects come into
    play, before every other effect. Returns the sums."""
    sums: list[int] = []
    for roll in rolls:
        if roll == ROLL:
            faces = game.dice.roll(2)
            total = sum(faces)
            game.emit(RollEvent(roll="climate", dice=2, faces=faces, successes=0,
                                detail=f"sum {total}: {condition_of(total).name}"))
            sums.append(total)
        else:
            sums.append(int(roll))
    conditions = conditions_of(tuple(sums))
    game.emit(ClimateEvent(sums=tuple(sums),
                           conditions=tuple(f"{c.label} {c.name}" for c in conditions),
                           summaries=tuple(c.summary for c in conditions)))
    state = state_of(game)
    storm_charge = reading_of(state.catalogue.house_rules, STORM_CHARGE) == "charge-too"
    state.effects[:0] = climate_effects(tuple(sums), storm_charge)
    return tuple(sums)
