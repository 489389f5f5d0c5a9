"""Mass Effect: Annihilation (ME:A), a fan-made French skirmish draft
(``/work/shared/seeds/003_…``), as the engine plays it: docs/masseffect.md.

The data layer: profiles in the draft's notation (:mod:`.profile`), weapons
(:mod:`.weapons`), powers (:mod:`.powers`), scenarios (:mod:`.scenarios`), dice
(:mod:`.dice`), the numbers and tables of the rulings (:mod:`.rules`), band building
(:mod:`.bands`) and the validated YAML content (:mod:`.library`, ``content/*.yaml``).

The turn engine: the state (:mod:`.state`, :mod:`.figure`), the actions (:mod:`.actions`),
the turn and its phases (:mod:`.turn`, :mod:`.deployment`, :mod:`.movement`,
:mod:`.picks` with :mod:`.options` and :mod:`.special`, :mod:`.melee`), the attacks and
hits (:mod:`.attacks`, :mod:`.hits`, :mod:`.effects`), sight (:mod:`.targeting`), the
table (:mod:`.terrain`) and the ruleset object (:mod:`.ruleset`).
"""

from skirmish.masseffect.ruleset import MASS_EFFECT, match_setup

__all__ = ["MASS_EFFECT", "match_setup"]
