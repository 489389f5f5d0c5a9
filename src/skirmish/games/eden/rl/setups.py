"""Eden's set-ups for the learning environments and the sizes of their spaces
(:class:`skirmish.rl.game_parts.GameRL`'s ``setup`` and ``limits``, for :mod:`.part`).

An Eden environment plays two troops of the card library (``troops=("Jokers", "Bamaka")``:
factions, stigmas ``"stigma:Chaos"`` or troop files, as ``skirmish simulate`` takes them),
``max_rounds`` and the optional rules (``rules="territory,infestation:3,climate"``, a
``rules`` mapping or a :class:`~skirmish.games.eden.optional.options.MatchOptions`); or a
whole ``setup``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.rl.game_parts import two_names
from skirmish.rl.setups import Limits

DEFAULT_TROOPS = ("Jokers", "Bamaka")


def _options(rules: Any) -> Any:
    from skirmish.games.eden.optional.options import MatchOptions, parse_rules

    if isinstance(rules, MatchOptions):
        return rules
    if isinstance(rules, str):
        return parse_rules(rules, "rules")
    return MatchOptions.from_json(rules, "rules")



def eden_setup(troops: str | Sequence[str] | None = None, *, rules: Any = None,
               max_rounds: int | None = None, setup: Mapping[str, Any] | None = None
               ) -> dict[str, Any]:
    """An Eden set-up: ``setup`` as given, or two troops of the card library; ``rules`` (the
    optional rules) and ``max_rounds`` override the set-up's own."""
    from skirmish.games.eden.optional.options import with_options

    if setup is not None:
        out = copy.deepcopy(dict(setup))
        if max_rounds is not None:
            out["max_rounds"] = max_rounds
    else:
        from skirmish.games.eden.content import setup_for

        a, b = two_names(troops if troops is not None else DEFAULT_TROOPS, "troops")
        out = setup_for(a, b, max_rounds=5 if max_rounds is None else max_rounds)
    if rules is not None:
        out = with_options(out, _options(rules))
    return out


def eden_limits(setup: Mapping[str, Any], first_view: Mapping[str, Any]) -> Limits:
    """Limits that fit ``setup`` exactly where its contents say (the troops' sizes), with
    room for what the match adds (non-player fighters, scenery placed); ``first_view`` is a
    view of a fresh game of it."""
    from skirmish.games.eden.optional.options import options_of

    per_side = max(len(t.get("fighters", [])) for t in setup["troops"])
    options = options_of(setup)
    level = options.infestation
    # Each player has as many infestation points as the level; an NPF costs at least 1.
    others = 0 if level is None else 2 * (level if isinstance(level, int) else 10)
    placed = len(first_view.get("scenery", []))
    pool = len(setup.get("scenery", []))
    elements = 24 if options.territory else max(4, placed + pool)
    # A hand holds no two cards alike (Rulebook 4.A step 8): at most the deck's cards.
    hand = max(len(t.get("tactical", [])) for t in setup["troops"])
    missions = max(len(t.get("missions", [])) for t in setup["troops"])
    return Limits(per_side=max(1, per_side), others=others, elements=elements,
                  scenery=elements, hand=max(1, hand), missions=max(1, missions))
