"""Eden: the post-apocalyptic skirmish game, by its rulebook."""

import skirmish.eden.effect_kinds  # noqa: F401  (registers every effect kind)
from skirmish.eden.actions import EDEN_ACTIONS
from skirmish.eden.ruleset import EDEN, EdenRuleset, SetupError

__all__ = ["EDEN", "EDEN_ACTIONS", "EdenRuleset", "SetupError"]
