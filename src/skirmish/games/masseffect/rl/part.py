"""Mass Effect: Annihilation's ``"rl"`` part (:class:`skirmish.rl.game_parts.GameRL`): its
Gymnasium id ``skirmish/MassEffect-v0``, its set-ups and limits (:mod:`.setups`), its
observation encoder (:mod:`.observations`), its text rendering and its shaped reward's facts
(scores, Vitalité lost).

``skirmish.rl.env(ruleset="masseffect", bands=("Escouade Orion", "Cellule Tisiphone"),
scenario="Escarmouche")``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.games.masseffect.rl.observations import MassEffectEncoder
from skirmish.games.masseffect.rl.setups import masseffect_limits, masseffect_setup
from skirmish.rl.game_parts import GameRL, ObservationEncoder, take_options
from skirmish.rl.setups import Limits


def _round(value: Any) -> str:
    return f"{float(value):.1f}"


class MassEffectRL(GameRL):
    """Mass Effect: Annihilation in the learning environments."""

    env_name = "MassEffect"
    pieces_key = "figures"
    elements_key = "markers"

    def setup(self, setup: Mapping[str, Any] | None, max_rounds: int | None,
              options: Mapping[str, Any]) -> dict[str, Any]:
        """Two bands (``bands``) on a scenario (``scenario``), or a whole ``setup``
        (:func:`~.setups.masseffect_setup`)."""
        bands, scenario, troops, rules = take_options(options, "bands", "scenario", "troops",
                                                      "rules")
        if troops is not None or rules is not None:
            raise ValueError("troops and rules are Eden's; Mass Effect: Annihilation takes "
                             "bands and a scenario")
        return masseffect_setup(bands, scenario=scenario, max_rounds=max_rounds, setup=setup)

    def limits(self, setup: Mapping[str, Any], first_view: Mapping[str, Any]) -> Limits:
        return masseffect_limits(setup, first_view)

    def encoder(self, limits: Limits, first_view: Mapping[str, Any]) -> ObservationEncoder:
        return MassEffectEncoder(limits)

    def headline(self, view: Mapping[str, Any]) -> str:
        return (f"turn {view.get('turn')}/{view.get('turns')}, phase {view.get('phase')}, "
                f"scores {view.get('scores')}, extracted {view.get('extracted')}")

    def piece_lines(self, view: Mapping[str, Any]) -> list[str]:
        lines = []
        for f in view.get("figures", ()):
            if f.get("out"):
                where = "out of action"
            elif f.get("extracted"):
                where = "extracted"
            elif not f.get("placed"):
                where = "not deployed"
            else:
                where = (f"at {_round(f['x'])},{_round(f['y'])} facing "
                         f"{round(f.get('facing', 0))}")
            lines.append(f"  {f['ref']:<34} {where:<28} Vitalité {f.get('vitality')}/"
                         f"{f.get('max_vitality')} Armure {f.get('armour')}")
        return lines

    def shaping_facts(self, view: Mapping[str, Any]
                      ) -> tuple[Sequence[float], Sequence[float]]:
        """The scores, and the Vitalité each band's figures lost."""
        lost = [0.0, 0.0]
        points = view.get("scores") or (0, 0)
        for figure in view.get("figures", ()):
            lost[int(figure["side"])] += int(figure["max_vitality"]) - int(figure["vitality"])
        return points, lost


RL = MassEffectRL()
