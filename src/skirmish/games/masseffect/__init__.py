"""Mass Effect: Annihilation (ME:A), a fan-made French skirmish draft
(``/work/shared/seeds/003_…``), as the engine plays it: docs/masseffect.md.

Grouped by the draft's chapters:

- :mod:`.cards`: the data layer: profiles in the draft's notation, traits, weapons, powers,
  scenarios, bands and band files, the validated YAML content (``cards/content/*.yaml``),
  the library and printable cards;
- :mod:`.phases`: the turn's phases: deployment, movement, the alternating powers,
  shooting and special-actions phases (with what each figure may do), melee;
- :mod:`.combat`: attack rolls, hits, power effects, who may be targeted;
- :mod:`.odds`: exact odds of shots, powers and melee;
- :mod:`.table`: the default scenery, the table's picture, the moments of a record;
- here: the numbers of the rulings (:mod:`.rules`), dice (:mod:`.dice`), the state
  (:mod:`.state`, :mod:`.figure`), actions (:mod:`.actions`), events, the turn
  (:mod:`.turn`), the view, the invariants and the ruleset object (:mod:`.ruleset`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish.games.masseffect.ruleset import MASS_EFFECT, match_setup

__all__ = ["MASS_EFFECT", "match_setup"]


def __getattr__(name: str) -> Any:
    # Imported on first use, so that the game's plugin (:mod:`.plugin`) is read without
    # loading the rules.
    if name in __all__:
        from skirmish.games.masseffect import ruleset

        return getattr(ruleset, name)
    raise AttributeError(f"module 'skirmish.games.masseffect' has no attribute {name!r}")
