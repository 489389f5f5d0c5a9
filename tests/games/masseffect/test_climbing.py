"""ME44, Escalader: climbing over scenery at most 2 pas high, a special action on Qualité
(house rule ``me-climbing``: ``special-action``, the draft's «faire une action spéciale comme
escalader», the default; ``never``, the engine before issue 47).

The engineer (Qualité 4+, a 30 mm base: 1.5 cm) stands at (10, 5) pas = (25, 12.5) cm, below a
low wall 4 pas long and half a pas thick, from y = 5.6 to 6.1 pas (14 to 15.25 cm): its base
touches the wall's near side."""

from __future__ import annotations

import pytest

from skirmish.core.actions import Point
from skirmish.core.game import Game
from skirmish.games.masseffect.actions import ME_ACTIONS, Climb
from skirmish.games.masseffect.house_rules import CLIMBING, FORMER_READINGS
from skirmish.games.masseffect.phases.climbing import CLASS_HEIGHT_PAS, height_pas
from skirmish.games.masseffect.state import MEState
from skirmish.games.masseffect.table.terrain import scenery_from_setup
from skirmish.geometry import Element, Polygon
from tests.games.masseffect.cards import target
from tests.games.masseffect.table import Put, figure, halted, scene, wall
from tests.games.masseffect.test_special import offered, refused

ENGINEER = "Ingénieur de l'Alliance"  # Qualité 4+
ENG = "A.Ingénieur-de-l'Alliance"
CIBLE = target()
WALL = wall("low", 8, 5.6, 12, 6.1)  # sight low: 1 pas high
ACROSS = f"climb {ENG} low 25,16.76"  # straight across: 15.25 + 1.5 + 0.01 cm


def climbing(readings: str = "special-action", *, dice: tuple[int, ...] = (),
             scenery: tuple[Element, ...] = (WALL,), others: tuple[Put, ...] = (),
             moved: dict[int, str] | None = None) -> Game:
    def prepare(state: MEState) -> None:
        state.house_rules = {**state.house_rules, CLIMBING: readings}

    game = scene([Put(0, ENGINEER, 10, 5), Put(1, CIBLE, 30, 32), *others],
                 phase="actions spéciales", scenery=scenery, dice=list(dice), moved=moved,
                 prepare=prepare)
    return game


# -- who may climb, and what --------------------------------------------------------------------
def test_a_figure_touching_a_low_wall_is_offered_the_climb_by_default() -> None:
    game = climbing()
    assert offered(game)[:3] == [ACROSS, f"climb {ENG} low 23.5,16.76",
                                 f"climb {ENG} low 26.5,16.76"]


def test_the_heights_by_sight_class_and_a_height_given() -> None:
    assert CLASS_HEIGHT_PAS == {"low": 1.0, "opaque": 3.0, "flat": 0.0}
    assert height_pas(WALL) == 1.0
    assert height_pas(wall("block", 0, 0, 1, 1, sight="opaque")) == 3.0
    tall = Element("tall", Polygon.rectangle(0, 0, 2, 2), sight="low", height=7.5)
    assert height_pas(tall) == 3.0  # 7.5 cm = 3 pas: given, it wins over the class


def test_no_climb_over_scenery_higher_than_2_pas_or_flat() -> None:
    block = wall("block", 8, 5.6, 12, 6.1, sight="opaque")  # 3 pas
    assert not any(a.startswith("climb") for a in offered(climbing(scenery=(block,))))
    two = Element("two", WALL.shape, sight="opaque", height=5.0)  # 2 pas exactly: climbed
    assert offered(climbing(scenery=(two,)))[0] == f"climb {ENG} two 25,16.76"


def test_no_climb_out_of_contact_or_for_an_engaged_figure() -> None:
    far = wall("low", 8, 6.6, 12, 7.1)  # a pas away
    assert not any(a.startswith("climb") for a in offered(climbing(scenery=(far,))))
    engaged = climbing(others=(Put(1, CIBLE, 11.2, 5),))  # touching the engineer
    assert not any(a.startswith("climb") for a in offered(engaged))


def test_no_climb_after_a_run() -> None:
    game = climbing(moved={0: "run"})
    assert halted(game) or not any(a.startswith("climb") for a in offered(game))


# -- the roll and where it ends -----------------------------------------------------------------
def test_a_successful_climb_puts_the_figure_on_the_far_side_in_contact() -> None:
    game = climbing(dice=(4,))  # Qualité 4+
    game.apply(ACROSS)
    engineer = figure(game, 0)
    assert (engineer.x, engineer.y) == (25.0, 16.76)
    assert engineer.special
    assert any(e.kind == "me.move" and "climbs over low" in e.text() for e in game.log)


def test_a_failed_climb_leaves_the_figure_where_it_was() -> None:
    game = climbing(dice=(3,))
    game.apply(ACROSS)
    engineer = figure(game, 0)
    assert (engineer.x, engineer.y) == (25.0, 12.5)
    assert engineer.special  # the special action is taken either way


def test_a_hero_may_roll_a_failed_climb_again() -> None:
    from skirmish.games.masseffect.rolling import state_of

    game = climbing(dice=(2, 5))
    state_of(game).figures[0].heroism = 1
    game.apply(ACROSS)
    assert game.decision().kind == "heroic"
    game.apply("heroic effort")
    assert (figure(game, 0).x, figure(game, 0).y) == (25.0, 16.76)


def test_a_climb_ends_in_contact_on_the_far_side_and_goes_over_not_along() -> None:
    game = climbing(dice=(4,))
    refused(game, f"climb {ENG} low 25,18", "ends in contact with low")
    refused(game, f"climb {ENG} low 25,13", "ME14, Escalader")  # not over it
    refused(game, f"climb {ENG} low 40,16.76", "ME14, Escalader")  # beyond its end
    refused(game, f"climb {ENG} nowhere 25,16.76", "touches no scenery nowhere")
    game.apply(f"climb {ENG} low 24,16.75")  # any point of the far side in contact


def test_a_climb_may_not_end_on_a_base_or_touching_an_enemy() -> None:
    from skirmish.games.masseffect.phases.climbing import climb_problem
    from skirmish.games.masseffect.rolling import state_of

    game = climbing(others=(Put(1, CIBLE, 10, 7.3),))  # an enemy just past the wall
    # straight across and half a base either side are on its base: the listing offers the
    # nearest free points farther along the far side (a base each way), clear of it
    assert offered(game)[:2] == [f"climb {ENG} low 22,16.76", f"climb {ENG} low 28,16.76"]
    state = state_of(game)
    across = ME_ACTIONS.parse(ACROSS)
    assert isinstance(across, Climb)
    assert "overlaps base" in climb_problem(state, state.figures[0], across)
    touching = Climb(across.figure, "low", Point(25, 16.76 - 0.0))
    game = climbing(others=(Put(1, CIBLE, 10, 7.904),))  # its base touches the point across
    state = state_of(game)
    assert "may not end in contact with B." in climb_problem(state, state.figures[0], touching)


def test_a_base_across_the_wall_hides_none_of_the_free_far_side() -> None:
    """The listing tries half-base steps along the far side (CLIMB_FAN each way): with an
    enemy straight across, the engineer may still be picked and climbs clear of it."""
    from skirmish.games.masseffect.phases.climbing import CLIMB_FAN

    assert CLIMB_FAN == 4
    game = climbing(dice=(4,), others=(Put(1, CIBLE, 10, 7.3),))
    assert not halted(game)
    game.apply(f"climb {ENG} low 22,16.76")
    assert (figure(game, 0).x, figure(game, 0).y) == (22.0, 16.76)


# -- the option, the notation, the data ---------------------------------------------------------
def test_nobody_climbs_under_the_former_reading() -> None:
    """``me-climbing=never`` (the engine before issue 47, in FORMER_READINGS): an engineer
    (Qualité 4+) touching a low wall is offered no special action at all."""
    assert FORMER_READINGS[CLIMBING] == "never"
    game = climbing("never")
    assert halted(game)  # nothing else to do: the phase is over at once


def test_the_notation_both_ways() -> None:
    action = ME_ACTIONS.parse("climb A.Ingénieur-de-l'Alliance low 25,16.76")
    assert action == Climb(action.figure, "low", Point(25, 16.76))  # type: ignore[attr-defined]
    assert ME_ACTIONS.parse(str(action)) == action


def test_a_set_up_gives_a_height_and_a_bad_one_is_refused() -> None:
    item = {**WALL.to_dict(), "height": 7.5}
    assert scenery_from_setup([item])[0].height == 7.5
    with pytest.raises(ValueError, match=r"scenery\[0\]\.height: expected a number of cm "
                                         r">= 0, got 'high'"):
        scenery_from_setup([{**WALL.to_dict(), "height": "high"}])


def test_the_board_gives_the_heights_only_while_figures_may_climb() -> None:
    """The web board's ``heights`` (element -> pas) feed each element's tooltip (table.js,
    ``me.height.climb`` «N pas de haut, escaladable»); under ``never`` the frame is as
    before, without them."""
    from skirmish.games.masseffect.web.board import board
    from skirmish.games.masseffect.web.i18n import WORDS

    block = wall("block", 20, 20, 22, 22, sight="opaque")
    frame = board(climbing(scenery=(WALL, block)), 0, [])
    assert frame["heights"] == {"low": 1.0, "block": 3.0} and frame["climb_max"] == 2.0
    assert "heights" not in board(climbing("never", scenery=(WALL, block)), 0, [])
    assert WORDS["me.height.climb"][1] == "{n} pas de haut, escaladable"


def test_the_refusals_read_in_french() -> None:
    from skirmish.core.errors import IllegalActionError
    from tests.web.test_french_refusals import untranslated

    messages = []
    near = climbing(dice=(4,), others=(Put(1, CIBLE, 9, 7.56),))  # (22.5, 18.9) cm
    long = climbing(dice=(4,), scenery=(wall("long", 2, 5.6, 30, 6.1),))
    for game, text in ((near, f"climb {ENG} low 25,18"), (near, f"climb {ENG} low 25,13"),
                       (near, f"climb {ENG} nowhere 25,16.76"),
                       (near, f"climb {ENG} low 22.5,16.76"),  # on the enemy's base
                       (near, f"climb {ENG} low 24.63,16.76"),  # touching the enemy
                       (long, f"climb {ENG} long 60,16.76")):  # along the wall
        with pytest.raises(IllegalActionError) as refusal:
            game.check(text)
        messages.append(str(refusal.value))
    assert "overlaps base" in messages[3] and "contact with B.Cible-2" in messages[4]
    assert "not along it" in messages[5]
    assert untranslated(iter(messages)) == {}
