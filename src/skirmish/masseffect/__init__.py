"""Mass Effect: Annihilation (ME:A), a fan-made French skirmish draft
(``/work/shared/seeds/003_…``), as the engine plays it: docs/masseffect.md.

This package holds the data layer so far: profiles in the draft's notation
(:mod:`.profile`), weapons (:mod:`.weapons`), powers (:mod:`.powers`), scenarios
(:mod:`.scenarios`), dice (:mod:`.dice`), the numbers and tables of the rulings
(:mod:`.rules`), band building (:mod:`.bands`) and the validated YAML content
(:mod:`.library`, ``content/*.yaml``). The ruleset object (the turn engine) comes later.
"""
