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

import skirmish.eden.effect_kinds  # noqa: F401  (registers every effect kind)
from skirmish.eden.actions import EDEN_ACTIONS
from skirmish.eden.ruleset import EDEN, EdenRuleset, SetupError

__all__ = ["EDEN", "EDEN_ACTIONS", "EdenRuleset", "SetupError"]
