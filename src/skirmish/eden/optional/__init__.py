"""Eden's optional rules (rulebook, after the basic rules), played when a set-up names them
under ``rules`` (:mod:`skirmish.eden.optional.options`): 3, Climatic conditions
(:mod:`skirmish.eden.optional.climate`). Territory Management (1) and Infestation (2) can
be named but are not played yet: such a set-up is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.eden.optional.options import options_of

if TYPE_CHECKING:
    from skirmish.core.game import Game


def start_optional_rules(game: Game) -> None:
    """As the match starts, before the preparation phase: the set-up's optional rules come
    into play (the climatic conditions are chosen or rolled: "avant de commencer la
    partie")."""
    from skirmish.eden.optional.climate import start_climate

    options = options_of(game.setup)
    if options.climate:
        start_climate(game, options.climate)
