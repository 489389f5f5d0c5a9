"""The difficulty levels of the ``mcts`` agent (``mcts:easy``, ``mcts:normal``,
``mcts:hard``). Time per decision on the project's 2-core machine: easy <= 0.1 s, normal
<= 0.5 s, hard <= 2 s. The iterations are what usually stops the search (so that a level
plays the same on any machine, and reproducibly); the seconds are a cap, a little under the
limit for the view and the observation built around the search (and no iteration is begun
that would overrun it if it took as long as the mean or the longest so far).

``normal`` and ``hard`` search the fights only (``scope``), with rollouts to the end of the
round played by the heuristic bot (``horizon``, ``policy``: some 15-40 ms an iteration on
Eden) and the root's actions compared on common dice (``paired``, a margin of two
standard errors of the paired differences to leave the heuristic's choice; hard's is 1.5
on Eden, which departs from the heuristic more often and was measured stronger, 67 %
against 62 % over 200 ladder games, and stays 2 on ME:A, ``me_confidence``), the leaf
evaluated with the weights calibrated on heuristic self-play (``missions`` 0, ``threat``
2.5): few iterations, each an informed one (docs/bots.md); the root is UCB1's (sequential
halving, ``halving``, was measured no better for hard, and so was a sparse listing below
the root with more iterations, ``sparse``: docs/bots.md). On ME:A their rollouts
also run to the turn's end, the movement phase played with the heuristic's moves, each
worked out once a position and replayed (``me_horizon``, ``me_replay``; the stays of
``me_stays`` play a turn faster and were normal's until 2026-12-03), and the root of a
movement compares the heuristic's 4 (hard: 6) best moves of the figure it would move
(``me_moves``); their leaf, at the next turn's start, counts each band's best shots of that
turn (``me_threat``), and hard's weighs the data race of an Extraction (``me_race``: each
band's turns to get data off the table, 0.4 of a logit a turn) and a point banked by holding
objectives (``me_hold``: 0.3 of a logit beyond the leaf's own 0.04). Their ``me_iterations``
are more than the seconds allow, so the cap stops them there. Against the heuristic over
the ladder's games (docs/bots.md): hard 60.3 % over 300 (seed 0's 100 with ``me_race``),
normal 56.1 % over 1,200 with the replay where it had scored 53.0 % over 600 with the
stays. ``easy`` keeps the cheap mid-round search, which plays about as well as the heuristic
bot within its 0.1 s; on ME:A its tree stops at a movement below the root (``me_stays``),
where one iteration listing the destinations (42-90 ms) had made 12 decisions of 870 take
over 90 ms, up to 123 ms (docs/bots.md)."""

from __future__ import annotations

#: ``pick``'s names (the registry's choices too): the rival of the heuristic's choice, the
#: most visited root action or the one that beats it by most standard errors.
PICKS = ("visits", "margin")

#: ``me_leaf``'s names (the registry's choices too): the ME:A leaf's weights set by hand,
#: fitted at a turn's start, or set by hand with data carried worth a band
#: (:data:`.policies.MASSEFFECT_LEAVES`).
LEAVES = ("hand", "fitted", "data")

#: ``horizon``'s names: where a rollout stops. The rounds (Eden) or turns (ME:A) a rollout
#: plays to the end of, the one under way included, for the horizons that count them.
ROUNDS = {"round": 1, "two-rounds": 2}
HORIZONS = ("settle", *ROUNDS, "game")

#: The round-horizon search of ``normal`` and ``hard``.
_ROUND: dict[str, int | float | bool | str] = {
    "horizon": "round", "policy": "heuristic", "rollout": 300, "scope": "fights",
    "paired": True, "confidence": 2.0, "missions": 0.0, "threat": 2.5,
}

#: Their ME:A search: rollouts to the turn's end with the heuristic's moves in the movement
#: phase, each worked out once a position and replayed (``me_replay``: hard since 2026-12-02,
#: 62.0 % against the heuristic over 100 ladder games where the stays of ``me_stays`` had
#: scored 50.5 % on the same games; normal since 2026-12-03, 56.1 % over 1,200 games where the
#: stays had scored 53.0 % over 600), the root of a movement narrowed to the heuristic's best
#: moves (``me_moves``), the leaf at the next turn's start counting each band's best shots of
#: that turn (``me_threat`` 1: normal scored 56.0 % against the heuristic over 200 ladder
#: games where it had scored 53.8 % without them on the same games; docs/bots.md).
_TURN: dict[str, int | float | bool | str] = {"me_horizon": "round", "me_replay": True,
                                              "me_threat": 1.0}

PRESETS: dict[str, dict[str, int | float | bool | str]] = {
    "easy": {"iterations": 60, "seconds": 0.08, "me_stays": True},
    "normal": {"iterations": 16, "me_iterations": 300, "seconds": 0.4, **_ROUND, **_TURN,
               "me_moves": 4},
    "hard": {"iterations": 64, "me_iterations": 1200, "seconds": 1.6, **_ROUND, **_TURN,
             "me_moves": 6, "confidence": 1.5, "me_confidence": 2.0, "me_race": 0.4,
             "me_hold": 0.3},
}
