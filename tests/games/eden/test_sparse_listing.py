"""A sparse listing (``game.legal_actions(sparse=True)``, the search bot's rollouts): fewer
representatives of the continuous choices, every one legal, the full listing unchanged."""

from __future__ import annotations

from dataclasses import replace

from skirmish.core import Game
from skirmish.core.actions import Ref
from skirmish.games.eden.actions import BlastAttack, Charge, Move
from skirmish.games.eden.fighting.fighter_actions import Activation

from .profiles import ELENIA, NGOBO, VLADD
from .scenario import table


def activated() -> Game:
    """Vladd (a Flamethrower) at (10,10) activated with 3 AP; Ngobo 1.5 cm from his edge,
    Elenia 7.8 cm away: moves, charges on both, radial and pivoted blasts are legal."""
    pyro = replace(VLADD, equipment=("Flamethrower",))
    elenia = replace(ELENIA, abilities=())
    return table([(pyro, 10, 10)], [(NGOBO, 14.5, 10), (elenia, 14, 20)],
                 start=[Activation(Ref("A.Vlädd"))])


def test_a_sparse_listing_is_fewer_legal_representatives_and_leaves_the_full_one_alone() -> None:
    game = activated()
    full = [str(a) for a in game.legal_actions()]
    sparse = list(game.legal_actions(sparse=True))
    assert not game.sparse  # the flag holds only while listing
    # the full listing is the same after a sparse one
    assert [str(a) for a in game.legal_actions()] == full
    procedure = game.top
    for action in sparse:  # every one passes the rules' own check
        procedure.check(game, action)
    moves = [a for a in sparse if isinstance(a, Move)]
    full_moves = [a for a in full if a.startswith("move ")]
    assert len(moves) == 1 and len(full_moves) == 4
    # a charge on each enemy either listing offers
    charged = {str(a.target) for a in sparse if isinstance(a, Charge)}
    assert charged == {a.split()[2] for a in full if a.startswith("charge ")} and charged
    # the radial blasts only: no pivoted placement
    blasts = [a for a in sparse if isinstance(a, BlastAttack)]
    assert blasts and all(b.axis is None for b in blasts)
    assert any(len(a.split()) == 5 for a in full if a.startswith("blast "))  # pivoted ones
    assert {str(b) for b in blasts} <= set(full)
    # everything else is listed alike
    continuous = ("move ", "charge ", "blast ")
    assert [str(a) for a in sparse if not str(a).startswith(continuous)] == \
        [a for a in full if not a.startswith(continuous)]


def test_a_copy_lists_in_full() -> None:
    game = activated()
    listing = game.legal_actions(sparse=True)
    assert len(listing) < len(game.copy().legal_actions())
    assert not game.copy().sparse
