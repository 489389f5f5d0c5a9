"""Eden: the post-apocalyptic skirmish game, by its rulebook."""

from skirmish.eden.actions import EDEN_ACTIONS
from skirmish.eden.ruleset import EDEN, EdenRuleset, SetupError

__all__ = ["EDEN", "EDEN_ACTIONS", "EdenRuleset", "SetupError"]
