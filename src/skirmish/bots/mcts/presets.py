"""The difficulty levels of the ``mcts`` agent (``mcts:easy``, ``mcts:normal``,
``mcts:hard``, ``mcts:expert``): the generic settings here, each game's own settings added
by its bots part (:attr:`skirmish.bots.game_parts.SearchKnowledge.presets`, merged by the
registry). Time per
decision on the project's 2-core machine: easy <= 0.1 s, normal <= 0.5 s, hard and expert
<= 2 s (expert: hard searching every decision, with each game's learned evaluation). The
iterations are what usually stops the search (so that a level plays the same on any
machine, and reproducibly); the seconds are a cap, a little under the limit for the view
and the observation built around the search (and no iteration is begun that would overrun
it if it took as long as the mean or the longest so far).

``normal`` and ``hard`` search the fights only (``scope``), with rollouts to the end of the
round played by the heuristic bot (``horizon``, ``policy``: some 15-40 ms an iteration in
the default game) and the root's actions compared on common dice (``paired``, a margin of
two standard errors of the paired differences to leave the heuristic's choice; hard's is
1.5, which departs from the heuristic more often and was measured stronger, 67 % against
62 % over 200 ladder games; a game may keep its own, ``confidence`` of
:class:`~skirmish.bots.game_parts.GameSearch`), the leaf evaluated with the weights the
game calibrated on heuristic self-play: few iterations, each an informed one
(docs/bots.md); the root is UCB1's (sequential halving, ``halving``, was measured no better
for hard, and so was a sparse listing below the root with more iterations, ``sparse``:
docs/bots.md). ``easy`` keeps the cheap mid-round search, which plays about as well as the
heuristic bot within its 0.1 s. What each game adds (its horizons, budgets and leaf terms)
is told with its bots part."""

from __future__ import annotations

#: ``pick``'s names (the registry's choices too): the rival of the heuristic's choice, the
#: most visited root action or the one that beats it by most standard errors.
PICKS = ("visits", "margin")

#: ``horizon``'s names: where a rollout stops. The rounds (or a game's turns) a rollout
#: plays to the end of, the one under way included, for the horizons that count them.
ROUNDS = {"round": 1, "two-rounds": 2}
HORIZONS = ("settle", *ROUNDS, "game")

#: The round-horizon search of ``normal`` and ``hard``.
_ROUND: dict[str, int | float | bool | str] = {
    "horizon": "round", "policy": "heuristic", "rollout": 300, "scope": "fights",
    "paired": True, "confidence": 2.0,
}

#: The generic settings of each level (the games' own are added by the registry).
PRESETS: dict[str, dict[str, int | float | bool | str]] = {
    "easy": {"iterations": 60, "seconds": 0.08},
    "normal": {"iterations": 16, "seconds": 0.4, **_ROUND},
    "hard": {"iterations": 64, "seconds": 1.6, **_ROUND, "confidence": 1.5},
    # issue 49: hard's search over every decision (bids, leaders, mission and hand picks,
    # deployment, interrupts), each game's learned evaluation weighed into its leaf, with
    # twice hard's iterations within the same cap (+5.0 +/- 7.4 points against the
    # heuristic over 100 paired matches, +4.0 +/- 9.2 over 100 before; docs/bots.md)
    "expert": {"iterations": 128, "seconds": 1.6, **_ROUND, "confidence": 1.5, "scope": "all"},
}
