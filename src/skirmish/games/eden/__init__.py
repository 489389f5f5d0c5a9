"""Eden: the post-apocalyptic skirmish game, by its rulebook, grouped by its chapters:

- :mod:`.cards` (1, 3): profiles, equipment, abilities, the cards, the sample library and
  troops, printable cards;
- :mod:`.preparation` (4.A): the preparation steps, bids, scenery and deployment;
- :mod:`.rounds` (4.B): the match and its rounds, tactical phase, activations, intendancy;
- :mod:`.fighting` (5, 6): moves and charges, melee, ranged attacks, templates, wounds,
  conditions;
- :mod:`.optional`: the optional rules (Climatic conditions so far);
- here: the fighter and the state, the action notation, events, rolls, modifiers and the
  one effect registry (:mod:`.effects`, :mod:`.effect_kinds`), the ruleset, views
  (:mod:`.knowledge`), invariants, pictures and the demo match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish.games.eden.actions import EDEN_ACTIONS
    from skirmish.games.eden.ruleset import EDEN, EdenRuleset, SetupError

__all__ = ["EDEN", "EDEN_ACTIONS", "EdenRuleset", "SetupError"]


def __getattr__(name: str) -> Any:
    # Imported on first use, so that the game's plugin (:mod:`.plugin`) is read without
    # loading the rules.
    if name == "EDEN_ACTIONS":
        from skirmish.games.eden.actions import EDEN_ACTIONS

        return EDEN_ACTIONS
    if name in ("EDEN", "EdenRuleset", "SetupError"):
        from skirmish.games.eden import ruleset

        return getattr(ruleset, name)
    raise AttributeError(f"module 'skirmish.games.eden' has no attribute {name!r}")
