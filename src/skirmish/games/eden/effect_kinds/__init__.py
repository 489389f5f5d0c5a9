"""The registry's effect kinds, by family. Importing this package registers them all."""

from skirmish.games.eden.effect_kinds import (  # noqa: F401
    abilities,
    characteristics,
    climate,
    missions,
    scoring,
    tactics,
    terrain,
)
