"""Eden's ``"rl"`` part (:class:`skirmish.rl.game_parts.GameRL`): its Gymnasium id
``skirmish/Eden-v0``, its set-ups and limits (:mod:`.setups`), its observation encoder
(:mod:`.observations`), its text rendering and its shaped reward's facts (VP, CP lost).

``skirmish.rl.env(ruleset="eden", troops=("Jokers", "Bamaka"), rules="territory")``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.games.eden.rl.observations import EdenEncoder
from skirmish.games.eden.rl.setups import eden_limits, eden_setup
from skirmish.rl.game_parts import GameRL, ObservationEncoder, take_options
from skirmish.rl.setups import Limits


def _round(value: Any) -> str:
    return f"{float(value):.1f}"


class EdenRL(GameRL):
    """Eden in the learning environments."""

    env_name = "Eden"

    def setup(self, setup: Mapping[str, Any] | None, max_rounds: int | None,
              options: Mapping[str, Any]) -> dict[str, Any]:
        """Two troops (``troops``) and the optional rules (``rules``), or a whole
        ``setup`` (:func:`~.setups.eden_setup`)."""
        troops, rules, bands, scenario = take_options(options, "troops", "rules", "bands",
                                                      "scenario")
        if bands is not None or scenario is not None:
            raise ValueError("bands and scenario are Mass Effect: Annihilation's; Eden takes "
                             "troops and rules")
        return eden_setup(troops, rules=rules, max_rounds=max_rounds, setup=setup)

    def limits(self, setup: Mapping[str, Any], first_view: Mapping[str, Any]) -> Limits:
        return eden_limits(setup, first_view)

    def encoder(self, limits: Limits, first_view: Mapping[str, Any]) -> ObservationEncoder:
        return EdenEncoder(limits)

    def headline(self, view: Mapping[str, Any]) -> str:
        return (f"round {view.get('round')}/{view.get('max_rounds')}, VP {view.get('vp')}, "
                f"SP {view.get('sp')}, hands {view.get('hand_sizes')}")

    def piece_lines(self, view: Mapping[str, Any]) -> list[str]:
        lines = []
        for f in view.get("fighters", ()):
            if not f.get("on_field") and not any(f.get("checked", ())):
                where = "off the field"
            elif not f.get("on_field"):
                where = "out"
            else:
                where = f"at {_round(f['x'])},{_round(f['y'])}"
            markers = " ".join(f"{k}:{v}" for k, v in sorted((f.get("markers") or {}).items()))
            lines.append(f"  {f['ref']:<28} {where:<16} CP lost {f.get('checked')} "
                         f"AP {f.get('ap')}{' activated' if f.get('activated') else ''}"
                         f"{' ' + markers if markers else ''}")
        return lines

    def shaping_facts(self, view: Mapping[str, Any]
                      ) -> tuple[Sequence[float], Sequence[float]]:
        """VP, and the CP each troop's fighters lost (non-player fighters count for no
        one)."""
        lost = [0.0, 0.0]
        points = view.get("vp") or (0, 0)
        for fighter in view.get("fighters", ()):
            side = int(fighter["side"])
            if side in (0, 1):
                lost[side] += sum(fighter.get("checked") or ())
        return points, lost


RL = EdenRL()
