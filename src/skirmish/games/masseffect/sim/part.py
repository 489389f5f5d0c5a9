"""Mass Effect: Annihilation's part for the simulations
(:class:`skirmish.sim.game_parts.GameSims`): bands of the library by name on a scenario
(ME7, ME39), the sample bands' pairings on the sample scenarios in turn, the ladder's
scenarios, the invariants, the summary's figures and kills (a wound that puts a figure out
of action), and the balancer's armoury (:mod:`.armoury`)."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from skirmish.sim.game_parts import GameSims, Piece, SetupRequest, read_setup_file

if TYPE_CHECKING:
    from skirmish.core.events import Event
    from skirmish.core.game import Game
    from skirmish.sim.balance_troops import Armoury

#: The scenario of ``simulate`` and ``matchup`` when ``--scenario`` is not given.
DEFAULT_SCENARIO = "Escarmouche"


@functools.lru_cache(maxsize=8)
def _library(content: tuple[str, ...] = ()) -> Any:
    """The library with ``content`` folders, read once per process (the ladder's deals)."""
    from skirmish.games.masseffect.cards.library import load_library

    return load_library(content)


class MassEffectSims(GameSims):
    """Bands, scenarios and summaries for the simulations."""

    default_budget = 30
    has_scenarios = True
    period_word = "turns"  # a match is played in turns (ME:A), its score in points

    def setup(self, request: SetupRequest) -> dict[str, Any]:
        """Two bands of the library (the first two sample bands by default) on a scenario,
        or a set-up file; names are matched as typed."""
        if request.setup_file is not None:
            return read_setup_file(request.setup_file)
        from skirmish.games.masseffect import match_setup
        from skirmish.games.masseffect.cards.bands import band_problems
        from skirmish.games.masseffect.cards.library import load_library

        library = load_library(request.content)
        names = list(library.bands)
        band_a, band_b = request.names
        bands = [library.band(band_a or names[0]), library.band(band_b or names[1])]
        for band in bands:
            problems = band_problems(library, band)
            if problems:
                raise ValueError(f"band {band.name}: " + "; ".join(problems))
        return match_setup(library, bands, request.scenario or DEFAULT_SCENARIO)

    def side_names(self, setup: Mapping[str, Any], specs: Sequence[str | None] = (None, None)
                   ) -> tuple[str, str]:
        """The bands' own names."""
        if "bands" not in setup:
            return super().side_names(setup, specs)
        first, second = (str(b.get("name") or f"band {'AB'[i]}")
                         for i, b in enumerate(setup["bands"]))
        return (first, second) if first != second else (f"{first} (A)", f"{second} (B)")

    def pairings(self, which: str = "factions") -> tuple[tuple[str, str], ...]:
        """Every ordered pairing of the sample bands (mirrors included)."""
        from skirmish.games.masseffect.cards.library import load_library

        bands = list(load_library().bands)
        return tuple((a, b) for a, b in itertools.product(bands, repeat=2))

    def check_names(self, names: Sequence[str]) -> tuple[str, ...]:
        from skirmish.games.masseffect.cards.library import load_library

        library = load_library()
        return tuple(library.band(n).name for n in names)

    def pairing_setup(self, pairing: tuple[str, str], *, rounds: int, cycle: int = 0,
                      rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The bands on the sample scenarios in turn (one per ``cycle``)."""
        from skirmish.games.masseffect import match_setup
        from skirmish.games.masseffect.cards.library import load_library

        library = load_library()
        scenarios = list(library.scenarios)
        return match_setup(library, list(pairing), scenarios[cycle % len(scenarios)])

    def deal_names(self, troops: Sequence[str], content: Sequence[str] = ()) -> list[str]:
        from skirmish.games.masseffect.cards.library import load_library

        library = load_library(tuple(content))
        return [library.band(t).name for t in troops] if troops else list(library.bands)

    def deal_scenarios(self, scenarios: Sequence[str], content: Sequence[str] = ()
                       ) -> list[str]:
        from skirmish.games.masseffect.cards.library import load_library

        library = load_library(tuple(content))
        unknown = [s for s in scenarios if s not in library.scenarios]
        if unknown:
            raise ValueError(f"--scenarios: no scenario {unknown[0]!r}; the scenarios: "
                             f"{', '.join(library.scenarios)}")
        return list(scenarios) or list(library.scenarios)

    def deal_setup(self, pairing: tuple[str, str], scenario: str, *, rounds: int,
                   content: Sequence[str] = ()) -> dict[str, Any]:
        from skirmish.games.masseffect import match_setup

        return match_setup(_library(tuple(content)), list(pairing), scenario)

    def invariant_problems(self, game: Game) -> list[str]:
        from skirmish.games.masseffect.invariants import invariant_problems

        return invariant_problems(game)

    def pieces(self, view: Mapping[str, Any]) -> list[Piece]:
        """The figures, out of action or not."""
        return [Piece(f["ref"], bool(f.get("on_field", not f.get("out", False))))
                for f in view.get("figures") or [] if f.get("side") != 2]

    def kill_by(self, event: Event) -> str:
        """A wound that puts a figure out of action, by the figure that dealt it."""
        if event.kind == "me.wound" and getattr(event, "out", False):
            return str(getattr(event, "by", "") or "")
        return ""

    def armoury(self, content: Sequence[str] = ()) -> Armoury:
        from skirmish.games.masseffect.cards.library import load_library
        from skirmish.games.masseffect.sim.armoury import MassEffectArmoury

        return MassEffectArmoury(load_library(tuple(content)))


#: The part the plugin names (``"sim"``).
SIM = MassEffectSims()
