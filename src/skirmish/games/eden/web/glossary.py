"""The texts of the abilities of the fighters on an Eden table (docs/web.md, Cards at hand).

The view lists each fighter's abilities by name and cost only
(:meth:`skirmish.games.eden.state.EdenState.abilities_view`, pinned by tests/golden); the
state frame adds their texts as ``glossary`` ({name: text}), so that an ability's name shows
its text wherever it appears (the page registers it with ``SK.knowCards``). Only the abilities
of the fighters on this table, all of whose profiles the view already shows: no secret.
"""

from __future__ import annotations

from skirmish.core.game import Game
from skirmish.games.eden.cards.cards_html import ability_text
from skirmish.games.eden.rolling import state_of

__all__ = ["glossary"]


def glossary(game: Game) -> dict[str, str]:
    """``{ability name: "Name (Kind: cost): text"}`` for every ability of a fighter of
    ``game`` (the same on every seat: the profiles are public)."""
    state = state_of(game)
    out: dict[str, str] = {}
    for fighter in state.fighters:
        for ability in state.catalogue.abilities_of(fighter.profile):
            out.setdefault(ability.name, ability_text(ability))
    return dict(sorted(out.items()))
