"""The heuristic agent's blast placements: pivoted ones count (Rulebook 6.B, docs/rulings.md
G8), and a placement covering one of its own fighters is never preferred to a legal action
that covers none."""

from __future__ import annotations

from skirmish.core.actions import Action
from skirmish.games.eden.actions import BlastAttack, End
from skirmish.games.eden.bots.heuristic import HeuristicAgent
from tests.games.eden.test_blast_pivot import (
    ELENIA_REF,
    NGOBO_REF,
    YURI_REF,
    covered,
    vladd_activated,
)


def choose(game_actions: list[Action], view: dict[str, object], seeds: int = 4) -> set[str]:
    return {str(HeuristicAgent(seed).act(view, game_actions)) for seed in range(seeds)}


def test_the_bot_takes_the_pivoted_blast_that_covers_two_enemies() -> None:
    game = vladd_activated()
    actions = list(game.legal_actions())
    assert choose(actions, game.view(0)) == {"blast A.Vlädd Flamethrower 20 64.8"}
    assert covered(game, "blast A.Vlädd Flamethrower 20 64.8") == {NGOBO_REF, ELENIA_REF}


def test_the_bot_never_prefers_a_blast_covering_a_friend() -> None:
    # Yuri (Vladd's friend) at (18,14): some placements cover both enemies and Yuri.
    game = vladd_activated(friends=((18, 14),))
    view = game.view(0)
    actions = list(game.legal_actions())
    blasts = [a for a in actions if isinstance(a, BlastAttack)]
    dirty = [a for a in blasts if YURI_REF in covered(game, str(a))]
    clean = [a for a in blasts if YURI_REF not in covered(game, str(a))]
    assert dirty and clean
    assert any(len(covered(game, str(a))) == 3 for a in dirty)  # more enemies, but Yuri too
    for chosen in choose(actions, view):
        assert YURI_REF not in covered(game, chosen)
    # Only one clean placement (one enemy) against the dirty ones (two enemies and Yuri).
    radial = next(a for a in clean if a.axis is None)
    for chosen in choose([*dirty, radial], view):
        assert chosen == str(radial)
    # Nothing but dirty placements and 'end': the bot does not blast.
    for chosen in choose([*dirty, End()], view):
        assert not chosen.startswith("blast")
