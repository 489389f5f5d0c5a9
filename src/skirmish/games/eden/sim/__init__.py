"""Eden's part for the simulations (:mod:`skirmish.sim.game_parts`): :mod:`.part`."""
