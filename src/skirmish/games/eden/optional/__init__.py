"""Eden's optional rules (rulebook, after the basic rules), played when a set-up names them
under ``rules`` (:mod:`skirmish.games.eden.optional.options`): 1, Territory Management
(:mod:`skirmish.games.eden.optional.terrain`, its scenery points in
:mod:`skirmish.games.eden.optional.territory_setup`, its keywords in
:mod:`~skirmish.games.eden.optional.destruction`, :mod:`~skirmish.games.eden.optional.fire`,
:mod:`~skirmish.games.eden.optional.hostile` and the movement modules), 2, Infestation
(:mod:`skirmish.games.eden.optional.infestation`), 3, Climatic conditions
(:mod:`skirmish.games.eden.optional.climate`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.games.eden.optional.options import options_of

if TYPE_CHECKING:
    from skirmish.core.game import Game


def start_optional_rules(game: Game) -> None:
    """As the match starts, before the preparation phase: the set-up's optional rules come
    into play (the climatic conditions are chosen or rolled: "avant de commencer la
    partie")."""
    from skirmish.games.eden.optional.climate import start_climate

    options = options_of(game.setup)
    if options.climate:
        start_climate(game, options.climate)
    if options.territory:
        # Territory Management: the scenery is bought and placed in preparation step 6.
        from skirmish.games.eden.optional.territory_setup import start_territory

        start_territory(game)
    if options.infestation is not None:
        # Infestation: its level is settled, and the NPFs placed, in preparation step 6 bis.
        from skirmish.games.eden.optional.npf_placement import start_infestation
        from skirmish.games.eden.rolling import state_of

        start_infestation(state_of(game))
