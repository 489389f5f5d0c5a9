"""Rulebook 6.B, blast: the template "can be moved as long as the nearest enemy's base stays at
least partly covered and its narrow end stays in contact with the fighter's base" - pivoted
placements, in the activation itself (docs/rulings.md, geometry G8)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from skirmish.core import Game, IllegalActionError, Ref
from skirmish.core.events import event_from_json
from skirmish.games.eden.actions import BlastAttack
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.fighting.templates_attack import (
    TemplateEvent,
    blast_refusal,
    rounded_blast_placements,
)
from skirmish.games.eden.rolling import state_of
from skirmish.geometry.templates import blast_angles, blast_covers

from .profiles import ELENIA, NGOBO, VLADD, YURI
from .scenario import fighter, table

PYRO = replace(VLADD, equipment=("Flamethrower",))  # Flamethrower (Blast): Burn(1), 1/round
PLAIN_ELENIA = replace(ELENIA, abilities=())
VLADD_REF, NGOBO_REF, ELENIA_REF, YURI_REF = "A.Vlädd", "B.Ngobo-Quick-Arm", "B.Elenia", "A.Yuri"


def vladd_activated(friends: tuple[tuple[float, float], ...] = ()) -> Game:
    """Vladd at (10,10) activated; Ngobo, the nearest enemy, 1.5 cm from his edge at
    (14.5,10); Elenia at (14,20), 7.8 cm from his edge, where no radial placement that
    covers Ngobo reaches her. Yuri (Vladd's friend) wherever asked."""
    game = table([(PYRO, 10, 10), *((YURI, x, y) for x, y in friends)],
                 [(NGOBO, 14.5, 10), (PLAIN_ELENIA, 14, 20)],
                 start=[Activation(Ref(VLADD_REF))])
    decision = game.decision()
    assert decision is not None and decision.kind == "action"
    return game


def covered(game: Game, action: str) -> set[str]:
    blast = game.parse(action)
    assert isinstance(blast, BlastAttack)
    state = state_of(game)
    me = fighter(game, VLADD_REF)
    axis = None if blast.axis is None else math.radians(blast.axis)
    return {b.id for b in blast_covers(state.base(me), math.radians(blast.angle),
                                       state.bases(me), axis=axis)}


def test_a_pivoted_blast_reaches_an_enemy_no_radial_placement_does_and_wounds_both() -> None:
    game = vladd_activated()
    state = state_of(game)
    me, ngobo, elenia = (state.base(fighter(game, r)) for r in (VLADD_REF, NGOBO_REF, ELENIA_REF))
    lo, hi = blast_angles(me, ngobo) or (0.0, 0.0)  # every radial placement covering Ngobo
    assert not any(blast_covers(me, lo + (hi - lo) * k / 4000, [elenia]) for k in range(4001))
    # Touching Vladd's base at 20 degrees, the template turned to 64.8 degrees covers both.
    assert covered(game, "blast A.Vlädd Flamethrower 20 64.8") == {NGOBO_REF, ELENIA_REF}
    # The offered options include a pivoted placement covering both (the best net coverage).
    offered = [a for a in game.legal_actions() if isinstance(a, BlastAttack)]
    assert str(offered[0]) == "blast A.Vlädd Flamethrower 0"  # radial, straight at Ngobo
    assert any(a.axis is not None and covered(game, str(a)) == {NGOBO_REF, ELENIA_REF}
               for a in offered)
    assert 2 <= len(offered) <= 5
    # Any legal placement is accepted, offered or not.
    game.apply("blast A.Vlädd Flamethrower 20 64.8")
    template = next(e for e in game.log if isinstance(e, TemplateEvent))
    assert (template.angle, template.axis) == (20.0, 64.8)
    assert template.covered == (NGOBO_REF, ELENIA_REF)  # nearest edge first
    assert template.text() == ("A.Vlädd's Flamethrower: the blast template at 20 degrees, "
                               "axis 64.8 degrees covers B.Ngobo-Quick-Arm, B.Elenia")
    for ref in (NGOBO_REF, ELENIA_REF):
        assert fighter(game, ref).checked == [1, 1, 1, 1]  # one wound to each limb
        assert fighter(game, ref).markers == {"burn": 1}
    assert fighter(game, VLADD_REF).ap == 2


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        # allowed pivot (20 degrees) but Ngobo, the nearest enemy, is lost: only Elenia
        ("blast A.Vlädd Flamethrower 60 80", "must cover at least part of the nearest enemy"),
        # turned 80 degrees from the contact direction: the side would cut into Vladd's base
        ("blast A.Vlädd Flamethrower 20 100", "narrow end of the template must stay in contact"),
        ("blast A.Vlädd Flamethrower 20 -60", "narrow end of the template must stay in contact"),
        ("blast A.Vlädd Flamethrower 180 180", "must cover at least part of the nearest enemy"),
    ],
)
def test_an_illegal_placement_is_refused_and_changes_nothing(action: str, reason: str) -> None:
    game = vladd_activated()
    before = game.state_hash()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(action)
    assert refused.value.rule.startswith("Rulebook 6.B, blast: ")
    assert reason in refused.value.rule
    assert game.state_hash() == before
    assert not game.history


def test_the_pivot_limit_is_78_46_degrees_either_way_and_wraps() -> None:
    game = vladd_activated()
    state = state_of(game)
    me = fighter(game, VLADD_REF)
    assert blast_refusal(state, me, 0.0, 78.4) is None
    assert blast_refusal(state, me, 0.0, -78.4) is None
    assert blast_refusal(state, me, 0.0, 281.6) is None  # -78.4 + 360
    assert blast_refusal(state, me, 360.0, 78.4) is None
    assert "78.46 degrees" in (blast_refusal(state, me, 0.0, 78.5) or "")
    assert blast_refusal(state, me, 0.0, None) is None
    assert blast_refusal(state, me, 0.0, 0.0) is None  # an explicit radial axis


def test_options_avoid_a_friend_when_a_pivot_can() -> None:
    # Yuri, Vladd's friend, stands just behind Ngobo: the radial placement straight at Ngobo
    # covers him, a pivoted one does not.
    game = vladd_activated(friends=((20, 8),))
    assert YURI_REF in covered(game, "blast A.Vlädd Flamethrower 0")
    placements = rounded_blast_placements(state_of(game), fighter(game, VLADD_REF))
    assert placements[0] == (0.0, None)
    clean = [p for p in placements
             if YURI_REF not in covered(game, str(BlastAttack(Ref(VLADD_REF), "Flamethrower",
                                                                *p)))]
    assert clean and any(axis is not None for _, axis in clean)
    for angle, axis in placements:  # each offered placement is legal as offered
        assert blast_refusal(state_of(game), fighter(game, VLADD_REF), angle, axis) is None
    assert placements == rounded_blast_placements(state_of(game), fighter(game, VLADD_REF))


def test_notation_round_trip() -> None:
    game = vladd_activated()
    pivoted = game.parse("blast A.Vlädd Flamethrower 20 64.8")
    assert pivoted == BlastAttack(Ref(VLADD_REF), "Flamethrower", 20.0, 64.8)
    assert str(pivoted) == "blast A.Vlädd Flamethrower 20 64.8"
    radial = game.parse("blast A.Vlädd Flamethrower 90")
    assert radial == BlastAttack(Ref(VLADD_REF), "Flamethrower", 90.0)
    assert isinstance(radial, BlastAttack) and radial.axis is None
    assert str(radial) == "blast A.Vlädd Flamethrower 90"
    for action in game.legal_actions():
        assert game.parse(str(action)) == action
    with pytest.raises(IllegalActionError, match="blast axis: "):
        game.apply(BlastAttack(Ref(VLADD_REF), "Flamethrower", 20.0, math.nan))
    for text in ("blast A.Vlädd Flamethrower 20 inf", "blast A.Vlädd Flamethrower 20 nan"):
        with pytest.raises(ValueError, match="finite"):
            game.parse(text)
    game.apply(pivoted)
    event = next(e for e in game.log if isinstance(e, TemplateEvent))
    assert event_from_json(event.to_json()) == event


def test_remembered_placements_are_those_worked_out_and_follow_the_bases() -> None:
    # The memo of rounded_blast_placements answers exactly what the computation does, and a
    # base that moves (or a fighter that joins) is another question.
    from skirmish.core.memos import clear_memos
    from skirmish.games.eden.fighting.templates_attack import _rounded_blast_placements

    clear_memos()
    game = vladd_activated(friends=((20, 8),))
    state, vladd = state_of(game), fighter(game, VLADD_REF)
    worked_out = _rounded_blast_placements(state, vladd, 3)
    assert rounded_blast_placements(state, vladd) == worked_out
    assert rounded_blast_placements(state, vladd) == worked_out  # remembered
    moved = vladd_activated()  # Yuri is not on the table: he is no longer covered
    assert rounded_blast_placements(state_of(moved), fighter(moved, VLADD_REF)) == (
        _rounded_blast_placements(state_of(moved), fighter(moved, VLADD_REF), 3))
    yuri = fighter(game, YURI_REF)
    yuri.x, yuri.y = 30.0, 30.0
    assert rounded_blast_placements(state, vladd) == _rounded_blast_placements(state, vladd, 3)
