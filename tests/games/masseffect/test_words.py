"""Issue 45: Mass Effect: Annihilation's moves in words (games/masseffect/words.py): ``move``
walks when the distance allows it and runs otherwise, ``walk``/``run`` force the kind,
``charge`` and ``move contact`` end in contact (ME17), each refusal is one line."""

from __future__ import annotations

import math

import pytest

from skirmish.core.words import WordsError, resolve
from tests.games.masseffect.table import Put, figure, scene

SOLDIER = "Soldat de l'Alliance"  # walk 10 cm, run 20 cm
A, B = "A.Soldat-de-l'Alliance", "B.Soldat-de-l'Alliance"


def test_move_walks_or_runs_as_the_distance_needs() -> None:
    game = scene([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 10, 30)])  # 25,25 and 25,75 cm
    walk = resolve(game, "move soldat 6 north")
    assert walk is not None and str(walk.action).startswith(f"walk {A} 25,31 ")
    run = resolve(game, "move soldat toward B.Soldat 15")
    assert run is not None and str(run.action).startswith(f"run {A} 25,40 ")
    assert "(15 cm toward B.Soldat-de-l'Alliance)" in run.said
    assert str(run.action).endswith(" 90")  # facing the target
    forced = resolve(game, "run soldat 4 e")
    assert forced is not None and str(forced.action).startswith(f"run {A} 29,25 ")
    game.apply(walk.action)
    assert (figure(game, 0).x, figure(game, 0).y) == (25, 31)


def test_a_charge_and_a_contact_end_touching() -> None:
    game = scene([Put(0, SOLDIER, 10, 10), Put(0, SOLDIER, 14, 10), Put(1, SOLDIER, 10, 16)])
    charge = resolve(game, "charge Soldat-de-l'Alliance B.Soldat")
    assert charge is not None and str(charge.action).startswith(f"run {A} ")
    assert "charging B.Soldat-de-l'Alliance" in charge.said
    to = charge.action.to  # type: ignore[attr-defined]
    assert math.hypot(to.x - 25, to.y - 40) == pytest.approx(3.0, abs=0.15)
    contact = resolve(game, "walk soldat-de-l'alliance-2 contact soldat-de-l'alliance")
    assert contact is not None and "into contact with" in contact.said
    game.check(contact.action)


def test_each_refusal_is_one_line() -> None:
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 35)])
    cases = {
        "move soldat 25 north": "cannot move 25 cm (walk 10 cm, run 20 cm)",
        "walk soldat 12 north": "cannot move 12 cm (walk 10 cm, run 20 cm)",
        "charge Soldat B.Soldat": "cannot reach contact with B.Soldat-de-l'Alliance this run "
                                  "(walk 10 cm, run 20 cm, 72 cm away)",
        "move B.Soldat 3 south": "cannot move now",
        "move Nobody 3 south": "no figure 'Nobody'",
    }
    before = game.state_hash()
    for line, reason in cases.items():
        with pytest.raises(WordsError) as caught:
            resolve(game, line)
        assert reason in str(caught.value), (line, str(caught.value))
    assert game.state_hash() == before


def test_a_walk_typed_as_shown_is_played_at_the_legal_point_that_near() -> None:
    game = scene([Put(0, SOLDIER, 10, 10), Put(1, SOLDIER, 10, 30)])  # 25,25 cm; walk 10 cm
    with pytest.raises(Exception, match="cannot walk there"):
        game.check(f"walk {A} 35.04,25 0")
    resolved = resolve(game, f"walk {A} 35.04,25 0")
    assert resolved is not None and "cm from a legal point" in resolved.said
    game.apply(resolved.action)
    assert 34.89 <= figure(game, 0).x <= 35.0
